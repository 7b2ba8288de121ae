/* list-divisions.h — the formations that are not a Union corps.
 *
 * CONFEDERATE(NAME, word): the Confederate formation abbreviations printed on the counters
 * (2.7B; `I` for C21, 2.7A), units.txt's formation= for Confederate units and the quick
 * set-up zones' names (4.2A).
 *
 * SOLO(NAME, word): the formations with an objective of their own in the solitaire game
 * (15.1, 15.6A) — the five corps and the four IX Corps divisions — in the order of enum
 * solo_formation; the words are the rows of the Corps Objective Chart (20.5, tables.txt)
 * and of the position file's `objective` records.
 *
 * X-macro list (see list-sides.h): define both macros before including it. */
CONFEDERATE(JACKSON,    "Ja")
CONFEDERATE(EWELL,      "Ew")
CONFEDERATE(DH_HILL,    "DH")
CONFEDERATE(CAVALRY,    "Cav")
CONFEDERATE(RESERVE,    "Res")
CONFEDERATE(FIRST_CORPS, "I")
CONFEDERATE(EVANS,      "Evn")
CONFEDERATE(HOOD,       "Hd")
CONFEDERATE(JONES,      "Jo")
CONFEDERATE(WALKER,     "Wa")
CONFEDERATE(MCLAWS,     "McL")
CONFEDERATE(ANDERSON,   "And")
CONFEDERATE(AP_HILL,    "AH")

SOLO(I,     "I")
SOLO(II,    "II")
SOLO(V,     "V")
SOLO(VI,    "VI")
SOLO(XII,   "XII")
SOLO(IX1,   "IX/1")
SOLO(IX2,   "IX/2")
SOLO(IX3,   "IX/3")
SOLO(IX4,   "IX/4")
