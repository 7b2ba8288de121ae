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
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(hex, (enum hex_dir)d);
		if (n == HEX_NONE || !zoc_side_passable(g, hex, n))
			continue;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (g->unit[u].hex == n && unit_on_map(g, u) && unit_side(u) != side)
				return true;
	}
	return false;
}
