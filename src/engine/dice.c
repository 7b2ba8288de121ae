/* dice.c — owns the game's dice (4.0: all chance goes through the game's own RNG): splitmix64
 * seeded by the game, a queue of forced results for tests and `dice`, and the DIE event of
 * every roll with the rule it was rolled for. */
#include <string.h>

#include "game.h"
#include "internal.h"

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int dice_roll_for(struct game *g, enum event_why why, int corps, int formation)
{
	int d;
	if (g->nforced > 0) {
		d = g->forced[0];
		memmove(g->forced, g->forced + 1, (size_t)(g->nforced - 1));
		g->forced[--g->nforced] = 0; /* no stale slot (position files) */
	} else {
		/* the high 32 bits scaled to 0..5: no modulo bias worth the name */
		d = 1 + (int)(((splitmix64(&g->rng) >> 32) * 6) >> 32);
	}
	struct game_event *e = event_new(g, EVENT_DIE);
	e->die = (int8_t)d;
	e->why = (uint8_t)why;
	e->corps = (int8_t)corps;
	e->formation = (int8_t)formation;
	return d;
}

int dice_roll(struct game *g, enum event_why why)
{
	return dice_roll_for(g, why, -1, -1);
}
