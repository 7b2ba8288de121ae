/* bot_random.c — owns random legal play (include/bot.h: bot_random_play), the simplest
 * computer player: the simulator's yardstick and a player that tries every corner of the
 * rules. Its dice are its own stream, apart from the game's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "move.h"

#define LEGAL_MAX 8192

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* One random action at the port's decision: in movement, 23 times in 24 a random unit to a
 * random hex it may reach (listing every move of every unit each time would make the games
 * slow), else the end of the phase; elsewhere any legal action. False when the pick does
 * not apply (a unit with nowhere to go, an `end` refused by 9.1C): the caller picks again;
 * err is set only when there is nothing to pick. */
static bool random_action(const struct bot_port *port, uint64_t *rng, struct action *legal,
			  char *err, size_t errlen)
{
	const struct game *g = port->g;
	uint64_t r = next(rng);
	struct action a;
	memset(&a, 0, sizeof a);
	a.unit = -1;
	if (g->pending.what == DECISION_MOVEMENT) {
		if (r % 24) {
			struct move_dest d[HEX_INDEX_COUNT];
			a.unit = (int)(r / 24 % ROSTER_UNITS);
			int n = move_reachable(g, a.unit, d, HEX_INDEX_COUNT, NULL, 0);
			if (n == 0)
				return false;
			a.type = ACT_MOVE;
			a.n = 1;
			a.hex[0] = d[(r >> 20) % (uint64_t)n].hex;
		} else {
			a.type = ACT_END;
		}
	} else {
		int n = game_legal_first(g, legal, LEGAL_MAX);
		if (n <= 0) {
			snprintf(err, errlen, "no legal action at %s",
				 names_of_decision(g->pending.what));
			return false;
		}
		a = legal[(r >> 12) % (uint64_t)n];
	}
	char why[256];
	return port->apply(port->ctx, &a, why, sizeof why);
}

/* Random legal play for side until the decision passes or the game ends. */
int bot_random_play(const struct bot_port *port, enum side side, uint64_t *rng, char *err,
		    size_t errlen)
{
	struct action *legal = malloc(sizeof *legal * LEGAL_MAX);
	if (!legal) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int applied = 0, misses = 0;
	err[0] = 0;
	while (port->g->pending.what != DECISION_GAMEOVER && port->g->pending.side == side) {
		if (random_action(port, rng, legal, err, errlen)) {
			applied++;
			misses = 0;
		} else if (err[0] || ++misses > 10000) {
			if (!err[0])
				snprintf(err, errlen, "random play found nothing to apply at %s",
					 names_of_decision(port->g->pending.what));
			applied = -1;
			break;
		}
	}
	free(legal);
	return applied;
}
