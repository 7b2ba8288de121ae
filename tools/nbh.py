"""nbh.py - reads the set-ups of *None but Heroes* (seed 002) and ties them to our counters.

Owns three jobs shared by tools/nbh-grid and tools/nbh-hours:
  * parsing: every set-up bullet "A17.34: Hoffman, 7 Ind, 76 NY (2/1/1)" of the scenarios
    4.1-4.4 and 5.1-5.4 into regiments and batteries, each with its hex, its strength where the
    seed gives one (a number in parentheses) and its formation tag ("2/1/1", "Erly/Ewell");
  * the order-of-battle key: which of our units (data/units.txt) each seed unit belongs to, by
    its tag and, where one of our counters is half a brigade, by its name (UNIT_OF below);
  * geometry: hex centres of both grids. Ours (DESIGN.md): columns vertical, odd columns half
    a hex lower, centre (1.5c, sqrt3 (r + c%2/2)). The seed's maps A (north) and B (south):
    hexes "A17.34" = column 17, row 34, rows counted northwards (Hooker's I Corps at A17.34,
    D.H. Hill at A24.06), columns west to east; centre (1.5X, -sqrt3 (Y + s X%2/2)) with the
    column stagger s fitted (tools/nbh-grid), map B's rows continuing map A's southwards.
Nothing here prints; the tools do.
"""
import math
import re

S3 = math.sqrt(3)

# The moments of the day the seed gives (HISTORY.md, "By the hour"): key, time, game turn
# whose hour it falls in (turn 1 = 6:00 a.m.; the 18th after the last turn is 12), the seed's
# scenarios, and what a unit the seed does not list means there:
#   dawn     - everything on the field is at full strength; an unlisted regiment's place
#              is simply not given;
#   campaign - "Units not listed have either not yet arrived or are already destroyed": a
#              regiment missing from a unit the seed lists counts as lost at that hour;
#   area     - a small scenario's box: regiments outside it are not given and not counted.
MOMENTS = [
    ("dawn", "5:45", 1, ["5.1"], "dawn"),
    ("0715", "7:15", 2, ["4.1"], "area"),
    ("0900", "9:00", 4, ["5.2", "4.3"], "campaign"),
    ("1300", "13:00", 8, ["5.3"], "campaign"),
    ("1530", "15:30", 10, ["4.4"], "area"),
    ("18th", "18/9:00", 12, ["5.4"], "campaign"),
]

SCENARIO_RE = re.compile(r"^([45]\.[1-4]) [A-Z]")
BULLET_RE = re.compile(r"^• ([AB])(\d+)\.(\d+): (.*)$")


def split_top(s):
    """Split on commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def item_parts(item):
    """'11 Penn Res (3) (3/3/1)' -> ('11 Penn Res', ['3', '3/3/1'])."""
    groups = re.findall(r"\(([^()]*)\)", item)
    name = re.sub(r"\s*\([^()]*\)", "", item).strip()
    return name, groups


STRENGTH_RE = re.compile(r"^\d+$")
TAG_WORDS = {"Cav", "12 Corps", "Res Arty", "Fitz Lee", "Hampton", "Robertson", "Cavalry",
             "Shumaker", "Courtney", "Cutts", "Jacksn", "Jns", "Evans", "Walker", "Pierson",
             "S.D. Lee", "Cabell", "Frobel", "Wshngtn", "Andrsn", "R. Walker", "Jones", "Any",
             "ANVa"}


def is_tag(g):
    g = g.split(",")[0].strip()
    return "/" in g or g in TAG_WORDS


def clean_tag(g):
    return g.split(",")[0].strip()


def is_unit(name):
    """A regiment, battalion or battery, not a leader, a replacement leader or an HQ."""
    if "HQ" in name or name.startswith("Repl") or name.startswith("Command"):
        return False
    if re.match(r"^\d", name):
        return True
    return bool(re.search(r"Battery|Bde|Lgn|Legion|Tigers|^Palmetto$|^Picket-", name))


class Entry:
    """One regiment or battery as a set-up lists it."""
    def __init__(self, scenario, line, mapname, col, row, name, tag, strength):
        self.scenario, self.line = scenario, line
        self.map, self.col, self.row = mapname, col, row
        self.name, self.tag, self.strength = name, tag, strength

    @property
    def hexname(self):
        return "%s%d.%02d" % (self.map, self.col, self.row)


def parse_seed(path):
    """Every regiment and battery of every set-up bullet, by scenario number."""
    entries = {}
    scenario = None
    in_setup = False
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            m = SCENARIO_RE.match(line)
            if m and len(line) < 60:
                scenario = m.group(1)
                entries.setdefault(scenario, [])
                continue
            if line.startswith("Designer's Notes"):
                scenario = None
            if scenario is None:
                continue
            if line.startswith("Set Up:"):
                in_setup = True
                continue
            if line.startswith(("Orders", "Reinforcements", "Special Rules", "Victory")):
                in_setup = False
            m = BULLET_RE.match(line)
            if not m:
                continue
            # 5.4's transcription runs part of the Union list after the Confederate
            # ammunition line: any hex bullet of a scenario is a set-up entry.
            mapname, col, row, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
            items = [item_parts(it) for it in split_top(rest)]
            for name, tg, st in _flatten(items):
                if is_unit(name):
                    entries[scenario].append(Entry(scenario, n, mapname, col, row, name, tg, st))
    return entries


def _flatten(items):
    """(name, tag, strength) of each item: a tag closes every untagged item before it."""
    out = []
    open_ = []
    for name, groups in items:
        t = [clean_tag(g) for g in groups if is_tag(g)]
        st = [int(g) for g in groups if STRENGTH_RE.match(g.strip())]
        rec = [name, t[0] if t else None, st[0] if st else None]
        out.append(rec)
        if t:
            for r in open_:
                r[1] = t[0]
            open_ = []
        else:
            open_.append(rec)
    return [tuple(r) for r in out]


# ---------------------------------------------------------------- the order-of-battle key
# Union brigades "B/D/C" (brigade/division/corps; K = Kanawha) and the seed's division troops
# "D/C", Confederate brigades "Short/Division" and battalions, to our counters. Where one of our
# counters is half a brigade (data/units.txt "1/2_"), SPLIT names the regiments of the first
# half; the rest go to the second.
TAG_UNIT = {
    "2/1/1": "U2", "3/1/1": "U3", "Iron/1/1": "U4",
    "1/2/1": "U6", "2/2/1": "U7", "3/2/1": "U8",
    "1/3/1": "U10", "2/3/1": "U11", "3/3/1": "U12",
    "1/1/2": "U14", "Irish/1/2": "U15", "3/1/2": "U16",
    "1/2/2": ("U19", "U20"), "Philly/2/2": "U21", "3/2/2": ("U22", "U23"),
    "1/3/2": ("U24", "U25"), "2/3/2": "U26", "3/3/2": "U27",
    "1/1/12": ("U29", "U30"), "3/1/12": ("U31", "U32"),
    "1/2/12": "U33", "2/2/12": "U34", "3/2/12": "U35",
    "1/1/5": "U38", "2/1/5": "U39", "3/1/5": "U40",
    "1/2/5": "U41", "2/2/5": "U42", "3/2/5": "U43",
    "1/1/6": "U48", "2/1/6": "U49", "3/1/6": "U50",
    "1/2/6": "U52", "2/2/6": "U53", "3/2/6": ("U54", "U55"),
    "1/1/9": "U58", "2/1/9": "U59", "1/2/9": "U61", "2/2/9": "U62",
    "1/3/9": "U64", "2/3/9": "U65", "1/K/9": "U67", "2/K/9": "U68",
    "S/Jacksn": "C1", "T/Jacksn": "C4",
    "L/Ewell": "C6", "Erly/Ewell": "C7", "Trim/Ewell": "C8", "Hays/Ewell": "C9",
    "Rip/Hill": "C11", "Rodes/Hill": "C12", "Grld/Hill": "C13", "Adrsn/Hill": "C14",
    "Rain/Hill": "C15",
    "Fitz Lee": "C17", "Evans": "C22",
    "Tex/Hood": "C23", "Law/Hood": "C24",
    "T/Jns": "C26", "D/Jns": "C27", "J/Jns": "C29", "A/Jns": "C31",
    "W/Walker": "C32", "Ran/Walker": "C33",
    "Wlcx/Andrsn": "C35", "Wrt/Andrsn": "C36", "Pry/Andrsn": "C38", "Fthr/Andrsn": "C39",
    "Sem/McL": "C42", "Kshaw/McL": ("C43", "C44"), "Bark/McL": "C45", "Cobb/McL": "C46",
    "Br/Lght": "C48", "Grg/Lght": "C49", "Arch/Lght": "C50", "Pndr/Lght": "C51",
    "Fld/Lght": "C52",
}
# Batteries: the division's or battalion's artillery counter.
BATTERY_UNIT = {
    "1/1": "U5", "2/1": "U9", "3/1": "U13", "1/2": "U17", "2/2": "U18", "3/2": "U28",
    "12 Corps": ("U36", "U37"), "1/5": "U46", "2/5": "U47", "Res Arty": ("U44", "U45"),
    "1/6": "U51", "2/6": "U56", "1/9": "U60", "2/9": "U63", "3/9": "U66", "1/K/9": "U69",
    "Shumaker": "C5", "Courtney": "C10", "Pierson": "C16", "Cavalry": "C18",
    "Cutts": "C19", "Jones": "C20", "S.D. Lee": "C21", "Wshngtn": "C21", "Frobel": "C25",
    "Walker": "C34", "Andrsn": "C41", "Cabell": "C47", "R. Walker": "C53",
}
# The first half of a split brigade (the rest of its regiments go to the second counter).
# Our Gorman, Dana and Irwin halves are not defined by regiment in data/units.txt: taken in the
# seed's order of the regiments. The 12 Corps batteries: U36 the four that went into the fight
# (Cothran, Knap, Bruen, Hampton), U37 the others (Muhlenberg, and McGilvery's and Robinson's
# kept at the Upper Bridge, seed 002 Designer's Notes). Res Arty: only the four 20-pdr Parrott
# batteries are ours (U44 Taft, Wever; U45 Langner, Kusserow).
SPLIT = {
    ("U19", "U20"): {"15 Mass", "1 Mass SS", "34 NY"},
    ("U22", "U23"): {"19 Mass", "20 Mass", "7 Mich"},
    ("U24", "U25"): {"14 Ind", "8 Ohio"},
    ("U29", "U30"): {"10 Maine", "28 NY", "46 Penn"},
    ("U31", "U32"): {"2 Mass", "3 Wisc", "27 Ind"},
    ("U54", "U55"): {"7 Maine", "20 NY-a", "20 NY-b"},
    ("C43", "C44"): {"2 SC", "3 SC"},
    ("U36", "U37"): {"Cothran Battery", "Knap Battery", "Bruen Battery", "Hampton Battery"},
    ("U44", "U45"): {"Taft Battery", "Wever Battery"},
}
RES_ARTY_OURS = {"Taft Battery", "Wever Battery", "Langner Battery", "Kusserow Battery"}
# Names that say the unit whatever the tag (the transcription's tags for these vary).
NAME_UNIT = {
    "Phelps Consolidated Bde": "U1", "2 USSS-a": "U1", "2 USSS-b": "U1",
    "Jones Bde-a": "C2", "Jones Bde-b": "C2", "Stonewall Consolidated Bde": "C3",
    "Kemper Consolidated Bde": "C28", "Pickett Consolidated Bde": "C30",
    "Armistead Consolidated Bde": "C37", "Mahone Consolidated Bde": "C40",
    "Jones Consolidated Bde-b": "C2",
}
# Two of Toombs' regiments carry Drayton's tag on one line of 4.4 (B27.13, under Benning); the
# seed's own orders put them in T/Jns ("Benning, 2 Ga, 15 Ga, 17 Ga, 20 Ga (T/Jns)").
TAG_NAME_UNIT = {("D/Jns", "2 Ga"): "C26", ("D/Jns", "17 Ga"): "C26"}
# The transcription spells a few units two ways; the first name is the one kept.
ALIASES = {
    ("U6", "107 NY"): "107 Penn",            # Duryee's brigade had the 107th Pennsylvania
    ("C23", "Hampton Legion"): "Hampton Lgn",
    ("C2", "Jones Consolidated Bde-b"): "Jones Bde-b",
    ("U1", "Phelps Consolidate Bde"): "Phelps Consolidated Bde",
    ("U45", "Langer Battery"): "Langner Battery",
    ("U18", "Thompkins Battery"): "Tompkins Battery",
}


def unit_of(entry, untagged=None):
    """Our counter id for a seed entry, or None (cavalry and batteries we have no counter for).
    An entry without a tag (5.2's Patrick line) takes the unit its name has everywhere else
    (untagged: name -> unit, built by name_units)."""
    name, tag = entry.name, entry.tag
    if tag is None:
        return (untagged or {}).get(name)
    if (tag, name) in TAG_NAME_UNIT:
        return TAG_NAME_UNIT[(tag, name)]
    for key in (name, name.replace("Consolidate ", "Consolidated ")):
        if key in NAME_UNIT:
            return NAME_UNIT[key]
    battery = "Battery" in name
    table = BATTERY_UNIT if battery else TAG_UNIT
    if tag == "1/K/9" and battery:
        table = BATTERY_UNIT
    u = table.get(tag)
    if u is None:
        return None
    if tag == "Res Arty" and name.replace("Langer", "Langner") not in RES_ARTY_OURS:
        return None
    if isinstance(u, tuple):
        first = SPLIT[u]
        return u[0] if canonical(u[0], name) in first else u[1]
    return u


def canonical(unit, name):
    """The one name of a regiment of our unit ('5 Va-a Cav' and '5 Va-a' are one)."""
    name = ALIASES.get((unit, name), name)
    if unit == "C17" and name.endswith(" Cav"):
        name = name[:-4]
    return name


def name_units(entries):
    """name -> unit for names that map to exactly one unit wherever the seed tags them."""
    seen = {}
    for es in entries.values():
        for e in es:
            if e.tag is None:
                continue
            u = unit_of(e)
            if u:
                seen.setdefault(e.name, set()).add(u)
    return {n: next(iter(us)) for n, us in seen.items() if len(us) == 1}


# ---------------------------------------------------------------- geometry
def our_centre(c, r):
    return 1.5 * c, S3 * (r + 0.5 * (c % 2))


def hexid(c, r):
    return "%02d%02d" % (c, r)


def on_map(c, r):
    return 10 <= c <= 42 and 0 <= r <= (44 if c % 2 == 0 else 43)


def nearest_hex(x, y, legal=on_map):
    """The legal hex whose centre is nearest (x, y), and that distance in hexes."""
    best = None
    c0 = int(round(x / 1.5))
    r0 = int(round(y / S3))
    for rad in range(3, 40):
        for c in range(c0 - rad, c0 + rad + 1):
            for r in range(r0 - rad, r0 + rad + 1):
                if not legal(c, r):
                    continue
                cx, cy = our_centre(c, r)
                d = math.hypot(cx - x, cy - y) / S3
                if best is None or d < best[0]:
                    best = (d, c, r)
        if best is not None and best[0] < rad - 1:
            break
    return best[1], best[2], best[0]


def parse_nbh_hex(s):
    m = re.match(r"^([AB])(\d+)\.(\d+)$", s)
    return m.group(1), int(m.group(2)), int(m.group(3))


def nbh_point(mapname, col, row, stagger, b_offset):
    """The seed's hex centre on one plane for both maps: map B's row r lies b_offset rows
    south of map A's row r (B35 would sit where A(35 - b_offset) ... continued southwards)."""
    y = row + stagger * 0.5 * (col % 2)
    if mapname == "B":
        y -= b_offset
    return 1.5 * col, -S3 * y


def apply(T, X, Y):
    a, b, c, d, e, f = T
    return a * X + b * Y + c, d * X + e * Y + f
