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
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int d = 0; d < HEX_NDIRS; d++) {
		if (nb[i][d] < 0 || !zoc_features_passable(g->scn->map.hex[i].side[d]))
			continue;
		int n = hex_from_index(nb[i][d]);
		for (int u = lo; u < hi; u++)
			if (g->unit[u].hex == n && unit_on_map(g, u))
				return true;
	}
	return false;
}
