/* zoc.c — owns the zones of control of 6.0: the six hexes around a unit, never across an
 * unbridged, unforded creek hexside (8.7.6, 6.2A), and whether a hex lies in an enemy's. */
#include "game.h"

bool zoc_side_passable(const struct game *g, int a, int b)
{
	int d = hex_direction(a, b);
	if (d < 0)
		return false;
	return zoc_features_passable(g->scn->map.hex[hex_index(a)].side[d]);
}

bool zoc_unit_exerts(const struct game *g, int u, int hex)
{
	if (!unit_on_map(g, u))
		return false;
	int from = g->unit[u].hex;
	/* 6.2A: not across the creek except through bridges and fords */
	return hex_adjacent(from, hex) && zoc_side_passable(g, from, hex);
}

bool zoc_in_ezoc(const struct game *g, int hex, enum side side)
{
	int i = hex_index(hex);
	if (i < 0)
		return false;
	/* side's enemies: each side's units are one range of indices (unit_side) */
	int lo = side == SIDE_UNION ? ROSTER_UNION : 0;
	int hi = side == SIDE_CONFEDERATE ? ROSTER_UNION : ROSTER_UNITS;
	/* one look at each enemy: a neighbour's id differs from hex's by at most 101 (a column
	 * is 100), so the few that do are asked their direction and the hexside between */
	for (int u = lo; u < hi; u++) {
		int diff = g->unit[u].hex - hex;
		if (diff < -101 || diff > 101 || !unit_on_map(g, u))
			continue;
		int d = hex_direction(hex, g->unit[u].hex);
		if (d >= 0 && zoc_features_passable(g->scn->map.hex[i].side[d]))
			return true;
	}
	return false;
}
