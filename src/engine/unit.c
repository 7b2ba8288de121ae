/* unit.c — owns the queries of the units' state every rule module asks, and the one change
 * of it below the phases: a unit's counter and side, whether it is on the map, the units in a
 * hex, its current combat value and morale, the nearest enemy (8.9A, 12.2, 13.3, 13.6) or
 * unit of a side, the
 * reinforcements (4.1B), Hood's hold (4.5C), the Middle Bridge (4.6), and the loss of a
 * step (11.16). */
#include <limits.h>
#include <string.h>

#include "game.h"
#include "internal.h"

int unit_in_hex(const struct game *g, int hex, int *out, int max)
{
	int n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < ROSTER_UNITS; u++) {
			if (!unit_on_map(g, u) || g->unit[u].hex != hex)
				continue;
			bool art = unit_def(g, u)->type == UNIT_ARTILLERY;
			if (art != (pass == 1))
				continue;
			if (n < max)
				out[n] = u;
			n++;
		}
	return n < max ? n : max;
}

bool unit_enemy_in(const struct game *g, int hex, enum side side)
{
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (g->unit[u].hex == hex && unit_on_map(g, u) && unit_side(u) != side)
			return true;
	return false;
}

int unit_enemy_distance(const struct game *g, int hex, enum side side)
{
	int best = 1000;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!unit_on_map(g, u) || unit_side(u) == side)
			continue;
		int d = hex_distance(hex, g->unit[u].hex);
		if (d < best)
			best = d;
	}
	return best;
}

bool unit_is_reinforcement(const struct game *g, int u)
{
	const struct unit_def *d = unit_def(g, u);
	if (d->side == SIDE_UNION)
		return d->corps == CORPS_VI;           /* 9.3A: U48–U56 */
	return !strcmp(d->formation, "AH");     /* 9.1A: C48–C53 */
}

bool unit_middle_bridge_forbids(const struct game *g, int u, int hex)
{
	(void)g;
	return unit_side(u) == SIDE_CONFEDERATE && hex_within(hex, 3324, 2);
}

bool unit_hood_held(const struct game *g, int u)
{
	return g->turn == 1 && !g->empty_setup && !g->hood_released &&
	       unit_side(u) == SIDE_CONFEDERATE &&
	       !strcmp(unit_def(g, u)->formation, "Hd");
}

int unit_cv(const struct game *g, int u)
{
	int s = g->unit[u].steps;
	return s > 0 ? unit_def(g, u)->cv[s] : 0;
}

int unit_morale(const struct game *g, int u)
{
	int s = g->unit[u].steps;
	return s > 0 ? unit_def(g, u)->morale[s] : 0;
}

void unit_lose_step(struct game *g, int u, enum event_why why)
{
	struct unit_state *us = &g->unit[u];
	if (us->steps <= 0)
		return;
	us->steps--;
	struct game_event *e = event_new(g, us->steps == 0 ? EVENT_ELIMINATED : EVENT_STEP_LOST);
	e->unit = (int16_t)u;
	e->why = (uint8_t)why;
	e->steps = us->steps;
	if (us->steps == 0)
		us->hex = HEX_NONE;
}

/* ---- the units of one side ---- */

int unit_side_in_hex(const struct game *g, int hex, enum side s, int *out, int max)
{
	int n = 0;
	/* the units of side s are one range of indices (unit_side) */
	int lo = s == SIDE_UNION ? 0 : ROSTER_UNION, hi = s == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS;
	for (int pass = 0; pass < 2; pass++)
		for (int u = lo; u < hi; u++) {
			if (g->unit[u].hex != hex || !unit_on_map(g, u) || unit_def(g, u)->side != s)
				continue;
			if ((pass == 0) != (unit_def(g, u)->type == UNIT_INFANTRY))
				continue;
			if (n < max)
				out[n] = u;
			n++;
		}
	return n < max ? n : max;
}

bool unit_side_in(const struct game *g, int hex, enum side s)
{
	int lo = s == SIDE_UNION ? 0 : ROSTER_UNION, hi = s == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS;
	for (int u = lo; u < hi; u++)
		if (g->unit[u].hex == hex && unit_on_map(g, u) && unit_def(g, u)->side == s)
			return true;
	return false;
}

int unit_side_distance(const struct game *g, int hex, enum side s)
{
	int best = INT_MAX;
	/* the side's units only: a unit's index says its side (roster.c) */
	int lo = s == SIDE_UNION ? 0 : ROSTER_UNION, hi = s == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS;
	for (int u = lo; u < hi; u++)
		if (unit_on_map(g, u) && unit_def(g, u)->side == s) {
			int d = hex_distance(hex, g->unit[u].hex);
			if (d < best)
				best = d;
		}
	return best;
}
