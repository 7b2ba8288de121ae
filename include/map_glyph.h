/* map_glyph.h — the one glyph table of the map for every text front-end: the terminal game
 * (src/tui) and `--print-map` (src/cli) draw terrain and hexside features with these
 * characters, in UTF-8 or in plain ASCII (`--ascii`, and always for --print-map), and name
 * them in their legends with the same words.
 *
 * ASCII: `#` bridge, `:` ford, `~` creek, `%` Sunken Road side, `H` primary road, `|`
 * secondary road, `-` run, `^` crest, `'` slope; in-hex `T` woods, `o` orchard, `Y`
 * cornfield, `+` town, `.` high ground. (`H` is the primary road — it draws the UTF-8 `║`
 * of a road crossing a side — and a bridge is `#`, like the UTF-8 `╬`; docs/formats.md.) */
#ifndef ANTIETAM_MAP_GLYPH_H
#define ANTIETAM_MAP_GLYPH_H

#include <stdbool.h>
#include <stddef.h>

/* What a drawn cell means, for the colour (or attribute) the front-end gives it. */
enum glyph_role {
	ROLE_OUTLINE, ROLE_CREEK, ROLE_BRIDGE, ROLE_FORD, ROLE_RUN, ROLE_SUNKEN, ROLE_CREST,
	ROLE_SLOPE, ROLE_ROAD_PRIMARY, ROLE_ROAD_SECONDARY, ROLE_COUNT
};

struct glyph {
	const char *utf8;   /* wide-character form */
	char ascii;         /* fallback, and --print-map's */
	enum glyph_role role;
};

/* Hexside features (enum side_feature bits), most important first: the first one present
 * draws the side. Roads draw only the middle cell of a long side (where the road crosses). */
struct map_glyph_side {
	unsigned feature;
	bool middle_only;
	struct glyph g;
	const char *meaning;  /* the legend's words */
};
extern const struct map_glyph_side map_glyph_sides[];
extern const size_t map_glyph_nsides;

/* In-hex terrain, in enum terrain order (clear is blank), and the high ground's stipple. */
struct map_glyph_terrain {
	const char *utf8;
	char ascii;
	const char *meaning;
};
extern const struct map_glyph_terrain map_glyph_terrains[];
extern const struct map_glyph_terrain map_glyph_high;

/* The glyph drawing a hexside with these features: the feature that matters most wins;
 * `horizontal` picks the outline of a plain N/S side ('_') or of a diagonal (`diag_char`);
 * `middle` says the cell is the middle one of a horizontal side, where a road is drawn. */
struct glyph map_glyph_side(unsigned features, bool horizontal, char diag_char, bool middle);

#endif
