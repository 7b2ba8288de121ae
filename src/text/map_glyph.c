/* map_glyph.c — owns the glyph table of map_glyph.h, shared by the terminal game and
 * --print-map so a character means one thing wherever the map is drawn in text. */
#include "map_glyph.h"

#include "map.h"

const struct map_glyph_side map_glyph_sides[] = {
	{ SIDE_BRIDGE, false, { "\u256c", '#', ROLE_BRIDGE }, "bridge over Antietam Creek" },   /* ╬ */
	{ SIDE_FORD, false, { "\u250a", ':', ROLE_FORD }, "ford of Antietam Creek" },          /* ┊ */
	{ SIDE_CREEK, false, { "\u2248", '~', ROLE_CREEK }, "Antietam Creek" },                /* ≈ */
	{ SIDE_SUNKEN, false, { "\u2592", '%', ROLE_SUNKEN }, "protected side of the Sunken Road" }, /* ▒ */
	{ SIDE_PRIMARY, true, { "\u2551", 'H', ROLE_ROAD_PRIMARY }, "primary road crosses the side" }, /* ║ */
	{ SIDE_SECONDARY, true, { "\u2502", '|', ROLE_ROAD_SECONDARY }, "secondary road crosses the side" }, /* │ */
	{ SIDE_RUN, false, { "~", '-', ROLE_RUN }, "run" },
	{ SIDE_CREST, false, { "^", '^', ROLE_CREST }, "crest" },
	{ SIDE_SLOPE, false, { "\u2591", '\'', ROLE_SLOPE }, "slope" },                        /* ░ */
};
const size_t map_glyph_nsides = sizeof map_glyph_sides / sizeof map_glyph_sides[0];

const struct map_glyph_terrain map_glyph_terrains[TERRAIN_COUNT] = {
	[TERRAIN_CLEAR] = { " ", ' ', "clear" },
	[TERRAIN_WOODS] = { "\u2663", 'T', "woods" },        /* ♣ */
	[TERRAIN_ORCHARD] = { "\u2022", 'o', "orchard" },    /* • */
	[TERRAIN_CORNFIELD] = { "\u03c8", 'Y', "cornfield" }, /* ψ */
	[TERRAIN_TOWN] = { "\u25a0", '+', "town (Sharpsburg)" },    /* ■ */
};
const struct map_glyph_terrain map_glyph_high = { "\u00b7", '.', "high ground" };

struct glyph map_glyph_side(unsigned features, bool horizontal, char diag_char, bool middle)
{
	for (size_t i = 0; i < map_glyph_nsides; i++) {
		const struct map_glyph_side *s = &map_glyph_sides[i];
		if (!(features & s->feature))
			continue;
		if (s->middle_only && horizontal && !middle)
			continue;
		return s->g;
	}
	if (horizontal)
		return (struct glyph){ "_", '_', ROLE_OUTLINE };
	return (struct glyph){ diag_char == '/' ? "/" : "\\", diag_char, ROLE_OUTLINE };
}
