/* act.c — owns the front-end's reading of engine actions (see act.h): the fields each
 * action type uses for its hex follow action_parse/action_format in the engine. */
#include "act.h"

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
