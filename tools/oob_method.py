#!/usr/bin/env python3
"""oob_method.py -- the one method of docs/provenance-oob.md, applied to data/units.txt.

Reads a units file (default data/units.txt) and writes it again with every infantry unit's
steps, combat values and morale worked out from its men and its brigade's base morale (the
morale it has at full strength), keeping the two units the rulebook prints (U1: 2.4; C14: 2.7)
and every comment; artillery from its guns. With --check it only says which lines differ
(exit 1 when any does). The method:

  steps  = round(men / MEN_A_STEP) clamped 2..6 (2.13)          MEN_A_STEP = 200
  CV     = round(sqrt(men / 50)) at full strength, at s steps max(1, round(CV * s / steps))
  morale = base, one less once half the steps are gone (2s <= steps)
  artillery: 2 steps, fire value round(guns / 3) clamped 1..9, half (rounded up) at 1 step
  U1 (2.4): 5 steps, CV 1..5, morale 0 from 3 steps (as printed, the formula aside)
  C14 (2.7): the formula's steps and CV; morale +1 from 4 steps, -1 at 3 and below
"""
import math
import re
import sys

MEN_A_STEP = 200


def rnd(x):
    return int(math.floor(x + 0.5))


def values(uid, kind, n, base):
    """(cv list, morale list or None) of one unit."""
    if kind == "artillery":
        fv = max(1, min(9, rnd(n / 3.0)))
        return [(fv + 1) // 2, fv], None
    if uid == "U1":
        return [1, 2, 3, 4, 5], [-1, -1, 0, 0, 0]
    steps = max(2, min(6, rnd(n / MEN_A_STEP)))
    cv = max(1, rnd(math.sqrt(n / 50.0)))
    cvs = [max(1, rnd(cv * s / steps)) for s in range(1, steps + 1)]
    if uid == "C14":
        return cvs, [1 if s >= 4 else -1 for s in range(1, steps + 1)]
    return cvs, [base - (2 * s <= steps) for s in range(1, steps + 1)]


def rewrite(line):
    m = re.match(r"([UC]\d+) (infantry|artillery) ", line)
    if not m:
        return line
    uid, kind = m.group(1), m.group(2)
    n = int(re.search(r" (?:men|guns)=(\d+)", line).group(1))
    base = None
    if kind == "infantry":
        mor = [int(x) for x in re.search(r" morale=([-0-9,]+)", line).group(1).split(",")]
        base = mor[-1]
        if uid == "C14":
            base = 1
    cv, mor = values(uid, kind, n, base)
    line = re.sub(r" cv=[0-9,]+", " cv=" + ",".join(map(str, cv)), line)
    if mor is not None:
        line = re.sub(r" morale=[-0-9,]+", " morale=" + ",".join(map(str, mor)), line)
    return line


def main(argv):
    check = "--check" in argv
    paths = [a for a in argv[1:] if a != "--check"]
    path = paths[0] if paths else "data/units.txt"
    lines = open(path).read().split("\n")
    out = [rewrite(l) for l in lines]
    if check:
        bad = [i + 1 for i, (a, b) in enumerate(zip(lines, out)) if a != b]
        for i in bad:
            print("%s:%d: not the method's values:\n  %s" % (path, i, out[i - 1]))
        return 1 if bad else 0
    sys.stdout.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
