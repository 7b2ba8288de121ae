#!/usr/bin/env python3
"""fit_charts.py -- the rebuilt cells of the CRT (rows 3-11) and of the AFT (rows 1-6) as one
parameterised family, fitted to 1862 by an optimiser over the simulator's standard set
(issue 35; docs/provenance-charts.md, docs/balance.md). A tool, not part of the game: it writes
candidate data directories and runs `antietam --simulate` on them.

The family. A cell's "attack score" is its row's distance below row 3 plus its column's
offset: CRT z = (roll - 3) + o[c], o[0] = 0 <= o[1] <= ... <= o[4] (columns -1 0 +1 +2 2:1);
the attacker loses 2 steps where z < a2, 1 where z < a1, else 0; the defender 1 + [z >= d2] +
[z >= d3] + [z >= d4]; `*` (the mandatory retreat) where z >= t. AFT y = (roll - 1) +
f * (fire value - 1): `-` where y < b1, `1+` where y < b2, else `1`. Every printed cell (CRT
rows -1..2, AFT rows -1, 0 and row 1 under fire value 1) is kept as printed; a candidate that
breaks a 23.0 fact (2:1 at 5 = 1/2*, 2:1 at 6 = 1/2) or the loader's monotonicity (tables.txt
is loaded by the program itself, which refuses it) scores infinity. Because the score rises
with the roll and the column and every threshold is a step, the family's cells are monotonic
by construction; the loader checks the join to printed row 2.

The objective (the targets of issue 35), on the standard set -- the general against itself
under the two-player rules, and the general as Lee against the solitaire bot:
  * infantry units eliminated, median <= 5 a side; batteries <= 2 a side;
  * steps lost by side as a share of the starting steps, 1862's share inside the central 80%;
  * the two-player median VP inside Confederate Marginal (15 to 24.5), each side >= 30% wins.
Each miss adds its distance to the target (in units of the target's scale).

Usage:
  tools/fit_charts.py eval  [--games N] [--seed S] [--level L] [PARAMS...]
  tools/fit_charts.py fit   [--games N] [--seed S] [--level L] [--evals K]
  tools/fit_charts.py write PARAMS...         (the crt/aft lines of a candidate)
PARAMS: o1 o2 o3 o4 a2 a1 d2 d3 d4 t f b1 b2 (defaults: `current`, the fit closest to today's
charts). `fit` runs scipy.optimize.minimize (Nelder-Mead) from the current point on the seeds
S.. S+N-1 and prints the best candidate; report it with `eval` on other seeds.
"""
import csv
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM = os.path.join(ROOT, "antietam")
DATA = os.path.join(ROOT, "data")

# a point of the family near today's rebuilt cells
CURRENT = [0.6, 1.2, 1.8, 2.4, 0.8, 7.3, 3.1, 6.3, 9.0, 4.3, 0.5, 2.5, 4.0]
NAMES = "o1 o2 o3 o4 a2 a1 d2 d3 d4 t f b1 b2".split()

# 1862 (HISTORY.md, data/history.txt): men lost, infantry men engaged
MEN_LOST = {"union": 12410, "confederate": 10316}


def crt_rows(p):
    o = [0.0] + list(p[0:4])
    a2, a1, d2, d3, d4, t = p[4:10]
    rows = []
    for roll in range(3, 12):
        cells = []
        for c in range(5):
            z = (roll - 3) + o[c]
            att = 2 if z < a2 else 1 if z < a1 else 0
            dfn = 1 + (z >= d2) + (z >= d3) + (z >= d4)
            cells.append("%d/%d%s" % (att, dfn, "*" if z >= t else ""))
        rows.append((roll, cells))
    return rows


def aft_rows(p):
    f, b1, b2 = p[10:13]
    rows = []
    for roll in range(1, 7):
        cells = []
        for fv in range(1, 10):
            if roll == 1 and fv == 1:
                cells.append("-")  # printed
                continue
            y = (roll - 1) + f * (fv - 1)
            cells.append("-" if y < b1 else "1+" if y < b2 else "1")
        rows.append((roll, cells))
    return rows


def facts_hold(p):
    """23.0 B and D: 2:1 at 5 = 1/2 and a retreat; 2:1 at 6 = 1/2."""
    crt = dict(crt_rows(p))
    return crt[5][4] == "1/2*" and crt[6][4].startswith("1/2")


def write_tables(p, src, dst):
    crt = dict(crt_rows(p))
    aft = dict(aft_rows(p))
    out = []
    for line in open(src):
        m = re.match(r"crt (\d+) ", line)
        if m and int(m.group(1)) >= 3:
            r = int(m.group(1))
            line = "crt %-3d %s   # fitted (tools/fit_charts.py)\n" % (
                r, " ".join("%-4s" % c for c in crt[r]))
        m = re.match(r"aft (\d+) ", line)
        if m and int(m.group(1)) >= 1:
            r = int(m.group(1))
            line = "aft %-3d %s   # fitted (tools/fit_charts.py)\n" % (
                r, " ".join("%-2s" % c for c in aft[r]))
        out.append(line)
    open(dst, "w").write("".join(out))


def start_steps(units):
    s = {"union": 0, "confederate": 0}
    men = {"union": 0, "confederate": 0}
    isteps = {"union": 0, "confederate": 0}
    for line in open(units):
        m = re.match(r"([UC])\d+ (\w+) .*?(?:men|guns)=(\d+) cv=([0-9,]+)", line)
        if m:
            side = "union" if m.group(1) == "U" else "confederate"
            n = len(m.group(4).split(","))
            s[side] += n
            if m.group(2) == "infantry":
                men[side] += int(m.group(3))
                isteps[side] += n
    share = {k: MEN_LOST[k] / (men[k] / isteps[k]) / s[k] for k in s}
    return s, share


def quantile(v, q):
    v = sorted(v)
    k = (len(v) - 1) * q
    i = int(k)
    return v[i] if i + 1 >= len(v) else v[i] + (v[i + 1] - v[i]) * (k - i)


def simulate(datadir, games, seed, args, out):
    cmd = [PROGRAM, "--simulate", str(games), "--seed", str(seed), "--jobs", "1",
           "--no-plots", "--data", datadir, "--out", out] + args
    subprocess.run(["nice", "-n", "10"] + cmd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    path = os.path.join(out, "games.csv")
    return list(csv.DictReader(open(path))) if os.path.exists(path) else []


RUNS = {
    "two-player": ["--rules", "two-player", "--union", "general:%d", "--confederate",
                   "general:%d"],
    "solitaire": ["--rules", "solitaire", "--union", "bot", "--confederate", "general:%d"],
}


def evaluate(p, games, seed, level, verbose=True):
    """The objective of candidate p and its figures; infinity when the data is refused."""
    if not facts_hold(p):
        return math.inf, {}
    tmp = tempfile.mkdtemp(prefix="fit-charts-")
    try:
        data = os.path.join(tmp, "data")
        shutil.copytree(DATA, data)
        write_tables(p, os.path.join(DATA, "tables.txt"), os.path.join(data, "tables.txt"))
        steps, share = start_steps(os.path.join(data, "units.txt"))
        loss, figs = 0.0, {}
        for name, args in RUNS.items():
            args = [a % level if "%d" in a else a for a in args]
            rows = simulate(data, games, seed, args, os.path.join(tmp, name))
            if len(rows) < games:
                return math.inf, {}
            for side in ("union", "confederate"):
                elim = statistics.median(float(r["infantry_eliminated_" + side]) for r in rows)
                batt = statistics.median(float(r["batteries_eliminated_" + side]) for r in rows)
                sh = [float(r["steps_lost_" + side]) / steps[side] for r in rows]
                lo, hi = quantile(sh, 0.1), quantile(sh, 0.9)
                loss += max(0.0, elim - 5) / 5 + max(0.0, batt - 2) / 2
                loss += max(0.0, lo - share[side], share[side] - hi) / 0.1
                figs["%s %s elim" % (name, side)] = elim
                figs["%s %s batteries" % (name, side)] = batt
                figs["%s %s steps share" % (name, side)] = "%.2f (%.2f-%.2f; 1862 %.2f)" % (
                    statistics.median(sh), lo, hi, share[side])
            if name == "two-player":
                vp = statistics.median(float(r["vp_two_player"]) for r in rows)
                conf = sum(r["level_two_player"].startswith("confederate") for r in rows)
                wins = {"confederate": conf / len(rows), "union": 1 - conf / len(rows)}
                loss += max(0.0, 15 - vp, vp - 24.5) / 10
                loss += sum(max(0.0, 0.3 - w) / 0.1 for w in wins.values())
                figs["two-player median VP"] = vp
                figs["two-player Confederate share"] = "%.2f" % wins["confederate"]
        if verbose:
            print("%.3f %s %s" % (loss, " ".join("%.2f" % x for x in p), figs), flush=True)
        return loss, figs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, rest = argv[1], argv[2:]
    opts = {"--games": 4, "--seed": 1, "--level": 1, "--evals": 12}
    params = []
    i = 0
    while i < len(rest):
        if rest[i] in opts:
            opts[rest[i]] = int(rest[i + 1])
            i += 2
        else:
            params.append(float(rest[i]))
            i += 1
    p = params if params else CURRENT
    if len(p) != len(NAMES):
        print("want %d parameters: %s" % (len(NAMES), " ".join(NAMES)))
        return 2
    if cmd == "write":
        for r, cells in crt_rows(p):
            print("crt %-3d %s" % (r, " ".join("%-4s" % c for c in cells)))
        for r, cells in aft_rows(p):
            print("aft %-3d %s" % (r, " ".join("%-2s" % c for c in cells)))
        print("23.0 facts:", "hold" if facts_hold(p) else "BROKEN")
        return 0
    if cmd == "eval":
        loss, figs = evaluate(p, opts["--games"], opts["--seed"], opts["--level"])
        return 0 if loss < math.inf else 1
    if cmd == "fit":
        from scipy.optimize import minimize
        best = {"loss": math.inf, "p": p}

        def f(x):
            loss, _ = evaluate(list(x), opts["--games"], opts["--seed"], opts["--level"])
            if loss < best["loss"]:
                best.update(loss=loss, p=list(x))
            return loss if loss < math.inf else 1e6

        minimize(f, p, method="Nelder-Mead", options={"maxfev": opts["--evals"]})
        print("best %.3f: %s" % (best["loss"], " ".join("%.3f" % x for x in best["p"])))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
