/* list-terrain.h — the in-hex terrains of the map (8.7, 10.6, 11.14C, 20.3), in the order of
 * enum terrain, with the protocol's and the data files' word (PROTOCOL.md `hex`,
 * data/tables.txt's `move-hex WORD`) and the character data/map.txt's terrain grid gives
 * them. An X-macro list in the manner of list-setups.h: map.h turns it into the enum and
 * src/engine/map.c into the name table, so the loaders of the map and of the charts, the
 * protocol and the front-ends read one list. Not include-guarded on purpose: define
 * TERRAIN(NAME, word, grid) before including it.
 *
 *       NAME       word         grid */
TERRAIN(CLEAR,     "clear",     '.')
TERRAIN(WOODS,     "woods",     'w')  /* 10.6.1A blocks; 11.14C; 20.3 cover */
TERRAIN(ORCHARD,   "orchard",   'o')  /* 10.6.1A blocks; 11.14C; 20.3 cover */
TERRAIN(CORNFIELD, "cornfield", 'c')  /* 10.6.1B does not block; 11.14C; 20.3 cover */
TERRAIN(TOWN,      "town",      't')  /* Sharpsburg: 10.6.1A blocks; 20.3 */
