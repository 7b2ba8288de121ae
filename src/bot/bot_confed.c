/* bot_confed.c — owns the simple scripted Confederate player (not a rules bot: the rulebook
 * gives the Confederacy to the human in solitaire play). It exists so that tests, the bench
 * and the `bot` command can play whole games: it holds its ground, brings A.P. Hill on when
 * he must enter (9.2), fires every gun at its best target, attacks with each infantry unit at
 * +1 or better when the 11.1B chain can be closed, retreats as far from the enemy as the
 * rules allow and takes its advances; everything else it ends or declines. Deterministic. */
#include <stdio.h>
#include <stdlib.h>

#include "bot_internal.h"
#include "move.h"

/* Hold the ground; A.P. Hill's units enter when the engine says they must (9.2), each to the
 * first hex it may reach. */
static bool movement(struct bot *b)
{
	const struct game *g = b->g;
	if (bot_apply_type(b, ACT_END, "scripted", "the Confederacy holds its ground"))
		return true;
	struct move_dest d[64];
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++) {
		if (g->unit[u].hex != HEX_NONE || g->unit[u].steps == 0 ||
		    (g->unit[u].flags & UF_REMOVED) || !unit_is_reinforcement(g, u))
			continue;
		int k = move_reachable(g, u, d, 64, NULL, 0);
		for (int i = 0; i < k; i++) {
			struct action a = { .type = ACT_MOVE, .unit = u, .target = d[i].hex, .n = 1 };
			a.hex[0] = d[i].hex;
			if (bot_apply(b, &a, "9.2", "A.P. Hill's division enters"))
				return true;
		}
	}
	return false;
}

static bool fire(struct bot *b, int n)
{
	int best = -1, bv = 0;
	bool def = b->g->pending.what == DECISION_DEFENSIVE_FIRE;
	for (int i = 0; i < n; i++)
		if (b->acts[i].type == ACT_FIRE) {
			int v = bot_fire_sixths(b->g, b->acts[i].unit, b->acts[i].target, def);
			if (v > bv)
				bv = v, best = i;
		}
	if (best < 0)
		return false;
	struct action a = b->acts[best];
	return bot_apply(b, &a, "10.0", "the best shot");
}

/* True when the step could end after applying a (the 11.1B chain closed). */
static bool could_end_after(struct bot *b, const struct action *a)
{
	char err[160];
	b->what_if = *b->g;
	if (!game_apply(&b->what_if, a, err, sizeof err))
		return false;
	struct action *after = malloc(sizeof *after * BOT_ACTIONS_MAX);
	if (!after)
		return false;
	int m = game_legal_first(&b->what_if, after, BOT_ACTIONS_MAX);
	bool can_end = false;
	for (int k = 0; k < m; k++)
		can_end |= after[k].type == ACT_END;
	free(after);
	return can_end;
}

/* Each infantry unit attacks all its adjacent enemy hexes at once where the odds are +1 or
 * better. */
static bool attack(struct bot *b, int n)
{
	const struct game *g = b->g;
	for (int i = 0; i < n; i++) {
		struct action a = b->acts[i];
		if (a.type != ACT_ATTACK || a.nunits != 1 || a.n < 1 || bot_banned(b, a.units[0]))
			continue;
		struct combat_odds o;
		char err[160];
		int hexes[COMBAT_DEFHEX_MAX], des[1] = { a.units[0] };
		int nh = a.n < COMBAT_DEFHEX_MAX ? a.n : COMBAT_DEFHEX_MAX;
		for (int k = 0; k < nh; k++)
			hexes[k] = a.hex[k];
		if (!odds_attack(g, a.units[0], hexes, nh, des, 1, &o, err, sizeof err) ||
		    o.column < CRT_COL_PLUS1 || !could_end_after(b, &a))
			continue;
		if (bot_apply(b, &a, "scripted", "an attack at good odds"))
			return true;
	}
	return false;
}

/* 11.17.2C: as far as possible from the nearest enemy unit. */
static bool retreat(struct bot *b, int n)
{
	int best = -1, bd = -1;
	for (int i = 0; i < n; i++)
		if (b->acts[i].type == ACT_RETREAT && b->acts[i].n > 0) {
			int d = bot_enemy_distance(b->g, b->acts[i].hex[b->acts[i].n - 1],
						   SIDE_CONFEDERATE);
			if (d > bd)
				bd = d, best = i;
		}
	if (best < 0)
		return false;
	struct action a = b->acts[best];
	return bot_apply(b, &a, "11.17.2C", "as far as possible");
}

bool bot_confederate_decide(struct bot *b)
{
	switch (b->g->pending.what) {
	case DECISION_MOVEMENT:
		return movement(b);
	case DECISION_MISHAP:
		return bot_mishap(b, SIDE_CONFEDERATE);
	case DECISION_ARTILLERY:
	case DECISION_DEFENSIVE_FIRE:
		return fire(b, bot_legal(b));
	case DECISION_COMBAT:
		return attack(b, bot_legal(b));
	case DECISION_RETREAT:
		return retreat(b, bot_legal(b));
	case DECISION_STEP_LOSS:
		return bot_step_loss(b); /* bot_loss.c: the Union bot's rule */
	case DECISION_ADVANCE: {
		int n = bot_legal(b);
		for (int i = 0; i < n; i++)
			if (b->acts[i].type == ACT_ADVANCE) {
				struct action a = b->acts[i];
				return bot_apply(b, &a, "11.18", "advance");
			}
		return false;
	}
	default:
		return false; /* resolve order, support, break-off, round 2: the step ends */
	}
}
