/* zoc.c — owns the position queries every rule module asks: where units stand, the
 * zones of control of 6.0 (six hexes, never across an unbridged, unforded creek
 * hexside), the distance to the nearest enemy (8.9A, 12.2, 13.3, 13.6), and the stacking
 * limits of 7.0 (checked at the end of every move and retreat). */
#include <stdio.h>
#include <string.h>

#include "game.h"

const struct unit_def *game_unit_def(const struct game *g, int u)
{
	return &g->scn->roster.unit[u];
}

enum side game_unit_side(int u)
{
	return u < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE;
}

bool game_on_map(const struct game *g, int u)
{
	return u >= 0 && u < ROSTER_UNITS && g->unit[u].hex != HEX_NONE && g->unit[u].steps > 0;
}

int game_units_at(const struct game *g, int hex, int *out, int max)
{
	int n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < ROSTER_UNITS; u++) {
			if (!game_on_map(g, u) || g->unit[u].hex != hex)
				continue;
			bool art = game_unit_def(g, u)->type == UNIT_ARTILLERY;
			if (art != (pass == 1))
				continue;
			if (n < max)
				out[n] = u;
			n++;
		}
	return n < max ? n : max;
}

bool game_side_passable(const struct game *g, int a, int b)
{
	int d = hex_direction(a, b);
	if (d < 0)
		return false;
	return game_features_passable(g->scn->map.hex[hex_index(a)].side[d]);
}

bool game_unit_zoc(const struct game *g, int u, int hex)
{
	if (!game_on_map(g, u))
		return false;
	int from = g->unit[u].hex;
	/* 6.2A: not across the creek except through bridges and fords */
	return hex_adjacent(from, hex) && game_side_passable(g, from, hex);
}

bool game_in_ezoc(const struct game *g, int hex, enum side side)
{
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(hex, (enum hex_dir)d);
		if (n == HEX_NONE || !game_side_passable(g, hex, n))
			continue;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (g->unit[u].hex == n && game_on_map(g, u) && game_unit_side(u) != side)
				return true;
	}
	return false;
}

bool game_enemy_in(const struct game *g, int hex, enum side side)
{
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (g->unit[u].hex == hex && game_on_map(g, u) && game_unit_side(u) != side)
			return true;
	return false;
}

int game_enemy_distance(const struct game *g, int hex, enum side side)
{
	int best = 1000;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!game_on_map(g, u) || game_unit_side(u) == side)
			continue;
		int d = hex_distance(hex, g->unit[u].hex);
		if (d < best)
			best = d;
	}
	return best;
}

bool game_stack_why(const struct game *g, int hex, int u, char *why, size_t whylen)
{
	int units[ROSTER_UNITS], n = 0;
	enum side side = game_unit_side(u);
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (v == u || !game_on_map(g, v) || g->unit[v].hex != hex)
			continue;
		if (game_unit_side(v) != side) {
			if (why)
				snprintf(why, whylen, "8.4: units never enter a hex holding enemy units");
			return false;
		}
		units[n++] = v;
	}
	units[n++] = u;
	return roster_may_stack(&g->scn->roster, units, n, why, whylen);
}

bool game_stack_allows(const struct game *g, int hex, int u)
{
	return game_stack_why(g, hex, u, NULL, 0);
}

bool game_is_reinforcement(const struct game *g, int u)
{
	const struct unit_def *d = game_unit_def(g, u);
	if (d->side == SIDE_UNION)
		return d->corps == CORPS_VI;           /* 9.3A: U48–U56 */
	return !strcmp(d->formation, "AH");     /* 9.1A: C48–C53 */
}

bool game_middle_bridge_forbids(const struct game *g, int u, int hex)
{
	(void)g;
	return game_unit_side(u) == SIDE_CONFEDERATE && hex_within(hex, 3324, 2);
}

bool game_hood_held(const struct game *g, int u)
{
	return g->turn == 1 && !g->empty_setup && !g->hood_released &&
	       game_unit_side(u) == SIDE_CONFEDERATE &&
	       !strcmp(game_unit_def(g, u)->formation, "Hd");
}
