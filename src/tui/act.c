/* act.c — owns the front-end's reading of engine actions (see act.h): the fields each
 * action type uses for its hex follow action_parse/action_format in the engine. */
#include <stdlib.h>

#include "act.h"
#include "action_text.h"

int act_dest(const struct game *g, const struct action *a)
{
	switch (a->type) {
	case ACT_MOVE: case ACT_RETREAT: case ACT_ADVANCE: case ACT_SUPPORT: case ACT_MISHAP:
		if (a->n > 0)
			return a->hex[a->n - 1];
		return hex_valid(a->target) ? a->target : HEX_NONE;
	case ACT_FIRE:
		if (a->target >= 0 && a->target < ROSTER_UNITS && hex_valid(g->unit[a->target].hex))
			return g->unit[a->target].hex;
		return HEX_NONE;
	case ACT_PLACE: /* 4.2: the hex the unit is set up in */
		return hex_valid(a->target) ? a->target : HEX_NONE;
	case ACT_LOSE: /* 11.15B: the hex of the unit that loses the step */
		if (a->unit >= 0 && a->unit < ROSTER_UNITS && hex_valid(g->unit[a->unit].hex))
			return g->unit[a->unit].hex;
		return HEX_NONE;
	case ACT_ATTACK: case ACT_RESOLVE: case ACT_BREAK_OFF:
		return hex_valid(a->target) ? a->target : (a->n > 0 ? a->hex[0] : HEX_NONE);
	default:
		return HEX_NONE;
	}
}

bool act_uses(const struct action *a, int u)
{
	if (u < 0)
		return false;
	if (a->unit == u)
		return true;
	for (int i = 0; i < a->nunits && i < 8; i++)
		if (a->units[i] == u)
			return true;
	return false;
}

bool act_aims(enum action_type type)
{
	return type == ACT_FIRE || type == ACT_ATTACK || type == ACT_RESOLVE ||
	       type == ACT_BREAK_OFF;
}

int act_retreat_loss(const struct game *g, const struct action *a, bool *eliminated)
{
	if (eliminated)
		*eliminated = false;
	if (a->type != ACT_RETREAT || a->unit < 0 || a->unit >= ROSTER_UNITS)
		return 0;
	enum side side = unit_side(a->unit);
	int loss = 0;
	for (int i = 0; i < a->n && i < GAME_PATH_MAX; i++) {
		int h = a->hex[i];
		if (!hex_valid(h) || !zoc_in_ezoc(g, h, side))
			continue;
		int units[16], friends = 0;
		int n = unit_in_hex(g, h, units, 16);
		for (int k = 0; k < n && k < 16; k++)
			friends += units[k] != a->unit && unit_side(units[k]) == side;
		loss += friends == 0;
	}
	if (eliminated)
		*eliminated = loss > 0 && loss >= g->unit[a->unit].steps;
	return loss;
}

int act_effect_sixths(const struct game *g, const struct action *a)
{
	if (a->type == ACT_FIRE) {
		struct fire_odds fo;
		bool defensive = g->pending.what == DECISION_DEFENSIVE_FIRE;
		if (!fire_check(g, a->unit, a->target, defensive, &fo, NULL, 0))
			return -1;
		int n = 0;
		for (int d = 1; d <= 6; d++)
			n += fo.steps[d] > 0;
		return n;
	}
	if (a->type != ACT_ATTACK || a->nunits < 1)
		return -1;
	int hexes[COMBAT_DEFHEX_MAX], nh = 0;
	if (a->n > 0)
		for (int k = 0; k < a->n && k < COMBAT_DEFHEX_MAX; k++)
			hexes[nh++] = a->hex[k];
	else
		hexes[nh++] = a->target;
	int designated[8];
	for (int k = 0; k < a->nunits && k < 8; k++)
		designated[k] = a->units[k];
	struct combat_odds o;
	char err[160];
	if (!odds_attack(g, designated[0], hexes, nh, designated, a->nunits < 8 ? a->nunits : 8, &o,
			 err, sizeof err))
		return -1;
	int n = 0;
	for (int d = 1; d <= 6; d++)
		n += o.def_loss[d] > 0 || o.def_retreat[d];
	return n;
}

bool act_outcome(const struct game *g, const struct action *a, struct combat_outcome *o)
{
	if (a->type != ACT_ATTACK || a->nunits < 1)
		return false;
	int hexes[COMBAT_DEFHEX_MAX], nh = 0, att[COMBAT_ATTACKERS_MAX], na = 0;
	if (a->n > 0)
		for (int k = 0; k < a->n && k < COMBAT_DEFHEX_MAX; k++)
			hexes[nh++] = a->hex[k];
	else
		hexes[nh++] = a->target;
	for (int k = 0; k < a->nunits && na < COMBAT_ATTACKERS_MAX; k++)
		att[na++] = a->units[k];
	return odds_outcome(g, hexes, nh, att, na, o, NULL, 0);
}

double act_rank(const struct game *g, const struct action *a)
{
	struct combat_outcome o;
	if (a->type == ACT_ATTACK && act_outcome(g, a, &o)) /* the defender dead or sent back,
							       * then the exchange of steps */
		return o.eliminated + o.retreat + (o.def_steps - o.att_steps) / 100.0;
	int six = act_effect_sixths(g, a);
	return six < 0 ? -100 : six / 6.0; /* what has no chance to weigh (end …) after */
}

bool act_order(const struct game *g, const struct action *legal, int *idx, int n)
{
	if (n < 2)
		return true;
	double *key = malloc((size_t)n * sizeof *key);
	if (!key)
		return false;
	/* the steps a path loses first (0–7), then the outcome, best first */
	for (int i = 0; i < n; i++)
		key[i] = act_retreat_loss(g, &legal[idx[i]], NULL) * 10.0 -
			 act_rank(g, &legal[idx[i]]);
	for (int i = 1; i < n; i++) { /* insertion: stable, and the lists are short */
		int v = idx[i], k = i;
		double kv = key[i];
		while (k > 0 && key[k - 1] > kv) {
			idx[k] = idx[k - 1];
			key[k] = key[k - 1];
			k--;
		}
		idx[k] = v;
		key[k] = kv;
	}
	free(key);
	return true;
}
