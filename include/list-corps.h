/* list-corps.h — the Union corps (2.7A, 4.3) in the order the protocol names them: the
 * order of enum corps, its names in positions and commands ("commit IX"), units.txt's
 * formation= and tables.txt's corps rows. X-macro list (see list-sides.h): define
 * CORPS(NAME, word) before including it.
 *
 *     NAME   word */
CORPS(I,      "I")
CORPS(II,     "II")
CORPS(V,      "V")
CORPS(VI,     "VI")
CORPS(IX,     "IX")
CORPS(XII,    "XII")
