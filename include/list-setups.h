/* list-setups.h — the set-ups a game begins with, in the order of enum game_setup, with the
 * protocol's word (`new WORD`, a record's `start WORD`, PROTOCOL.md). An X-macro list in the
 * manner of list-sides.h: names.h turns it into the enum and names.c into the name table.
 * Not include-guarded on purpose: define SETUP(NAME, word) before including it.
 *
 *   NAME         word */
SETUP(HISTORICAL, "historical")  /* 4.3: the historical set-up */
SETUP(EMPTY,      "empty")       /* nothing on the map (tests, set-up by hand) */
SETUP(QUICK,      "quick")       /* 4.2: placed by the players */
