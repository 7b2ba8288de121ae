/* list-sides.h — the two sides (2.0) in the order of enum side, with their protocol names
 * (PROTOCOL.md). An X-macro list in the manner of Angband's list-*.h: names.h turns it into
 * the enum and names.c into the name table, so the two cannot drift. Not include-guarded on
 * purpose: define SIDE(NAME, word) before including it.
 *
 *   NAME          word */
SIDE(UNION,        "union")
SIDE(CONFEDERATE,  "confederate")
