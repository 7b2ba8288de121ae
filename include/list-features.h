/* list-features.h — the hexside features of the map, in the order of their bits in enum
 * side_feature (map.h: SIDE_NAME is 1 << the line's place), with the protocol's and the data
 * files' word (PROTOCOL.md `hex`, data/map.txt's side records, data/tables.txt's
 * `move-side WORD`). An X-macro list in the manner of list-setups.h: map.h turns it into the
 * bits and src/engine/map.c into the name table. Not include-guarded on purpose: define
 * FEATURE(NAME, word) before including it.
 *
 *       NAME       word */
FEATURE(PRIMARY,   "primary")    /* a primary road crosses the side (8.8) */
FEATURE(SECONDARY, "secondary")  /* a secondary road crosses it, the Sunken Road included */
FEATURE(SUNKEN,    "sunken")     /* a protected side of a Sunken Road hex (10.4, 11.14B) */
FEATURE(RUN,       "run")
FEATURE(SLOPE,     "slope")      /* high meets low (10.5B) */
FEATURE(CREST,     "crest")
FEATURE(CREEK,     "creek")      /* Antietam Creek (8.7.6) */
FEATURE(BRIDGE,    "bridge")     /* always together with SIDE_CREEK */
FEATURE(FORD,      "ford")       /* always together with SIDE_CREEK */
