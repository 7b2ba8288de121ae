/* map.c — owns the queries of a loaded map (struct map, map.h) that the rules ask: a
 * hex's record, the features of a hexside, an objective, a set-up zone, an edge hex; and the
 * words of terrains and hexside features (list-terrain.h, list-features.h), which the
 * loaders of the map and the charts, the protocol and the front-ends share. The loader is
 * src/data/map_load.c's. */
#include "map.h"

#include <string.h>

#include "hex.h"

/* ---- the words of terrains and hexside features (list-terrain.h, list-features.h) ---- */

static const char *const terrain_names[TERRAIN_COUNT] = {
#define TERRAIN(name, word, grid) [TERRAIN_##name] = word,
#include "list-terrain.h"
#undef TERRAIN
};
static const char terrain_grid[TERRAIN_COUNT] = {
#define TERRAIN(name, word, grid) [TERRAIN_##name] = grid,
#include "list-terrain.h"
#undef TERRAIN
};
static const char *const feature_names[SIDE_FEATURE_COUNT] = {
#define FEATURE(name, word) [SIDE_BIT_##name] = word,
#include "list-features.h"
#undef FEATURE
};

const char *map_terrain_name(enum terrain t)
{
	return (unsigned)t < TERRAIN_COUNT ? terrain_names[t] : "?";
}

const char *map_feature_name(unsigned feature_bit)
{
	for (int i = 0; i < SIDE_FEATURE_COUNT; i++)
		if (feature_bit == 1u << i)
			return feature_names[i];
	return "?";
}

int map_terrain_parse(const char *word)
{
	for (int i = 0; i < TERRAIN_COUNT; i++)
		if (!strcmp(terrain_names[i], word))
			return i;
	return -1;
}

int map_feature_parse(const char *word)
{
	for (int i = 0; i < SIDE_FEATURE_COUNT; i++)
		if (!strcmp(feature_names[i], word))
			return i;
	return -1;
}

char map_terrain_grid(enum terrain t)
{
	return (unsigned)t < TERRAIN_COUNT ? terrain_grid[t] : 0;
}

const struct map_hex *map_hex(const struct map *m, int id)
{
	int i = hex_index(id);
	return i < 0 ? NULL : &m->hex[i];
}

unsigned map_side(const struct map *m, int a, int b)
{
	int d = hex_direction(a, b);
	if (d < 0)
		return 0;
	return m->hex[hex_index(a)].side[d];
}

const struct map_objective *map_objective(const struct map *m, const char *key)
{
	for (int i = 0; i < m->nobjectives; i++)
		if (!strcmp(m->objective[i].key, key))
			return &m->objective[i];
	return NULL;
}

const struct map_zone *map_zone_side(const struct map *m, bool confederate, const char *formation)
{
	for (int i = 0; i < m->nzones; i++)
		if (m->zone[i].confederate == confederate && !strcmp(m->zone[i].formation, formation))
			return &m->zone[i];
	return NULL;
}

const struct map_zone *map_zone(const struct map *m, const char *formation)
{
	const struct map_zone *z = map_zone_side(m, false, formation);
	return z ? z : map_zone_side(m, true, formation);
}

const char *map_hex_name(const struct map *m, int id)
{
	const struct map_hex *h = map_hex(m, id);
	return h && h->name >= 0 ? m->names[h->name] : NULL;
}

bool map_in_objective(const struct map_objective *o, int id)
{
	for (int i = 0; o && i < o->nhexes; i++)
		if (o->hexes[i] == id)
			return true;
	return false;
}

bool map_in_zone(const struct map_zone *z, int id)
{
	for (int i = 0; z && i < z->nhexes; i++)
		if (z->hexes[i] == id)
			return true;
	return false;
}

bool map_edge_hex(int id)
{
	if (!hex_valid(id))
		return false;
	for (int d = 0; d < HEX_NDIRS; d++)
		if (hex_neighbour(id, (enum hex_dir)d) == HEX_NONE)
			return true;
	return false;
}
