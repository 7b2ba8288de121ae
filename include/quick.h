/* quick.h — the quick set-up of 4.2: each side in turn places its units on the map hexes
 * printed with their division or corps (4.2A), within the stacking limits (4.2B), the
 * Confederate non-divisional artillery with Confederate infantry (4.2C) and Evans in 2127
 * (4.2D). The reinforcements of 4.1B stay off the map. `new quick` starts a game with this
 * decision pending (DECISION_SETUP): the Union places first, then the Confederate, then turn
 * 1 begins (docs/rules-notes.md, "Quick set-up"). */
#ifndef ANTIETAM_QUICK_H
#define ANTIETAM_QUICK_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* True when unit u may be placed in hex now (u not yet placed, of the side setting up, not a
 * reinforcement); otherwise false with the rule it breaks (4.1B, 4.2A–D, 7.0) in why. */
bool quick_place_why(const struct game *g, int u, int hex, char *why, size_t whylen);
/* True when every unit of the side setting up that begins on the map (4.1B) is placed. */
bool quick_side_complete(const struct game *g, enum side side);
/* The hexes of unit u's quick set-up zone (4.2A; Evans: 2127, 4.2D); NULL for a
 * reinforcement or a formation without a zone. */
const struct map_zone *quick_zone(const struct game *g, int u);
/* The `place` actions that put every still unplaced unit of the side setting up on its 4.3
 * hex (infantry first, so 4.2C holds), at most max; returns the count. The historical
 * positions are a legal quick set-up (tests/test_quick.c), so a bot or a player in a hurry
 * can take them and then `end`. */
int quick_historical(const struct game *g, struct action *out, int max);

#endif
