/* map_image.h — the whole map as a picture (`antietam --map-image FILE`), drawn with cairo at
 * print quality: hex grid with ids, terrain, high ground, slopes and crests, roads, the
 * creek, bridges and fords, names, objectives and, on request, the historical set-up (4.3).
 * A front-end: the engine knows nothing of it. */
#ifndef ANTIETAM_MAP_IMAGE_H
#define ANTIETAM_MAP_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "roster.h"

struct scenario;

enum map_image_format { MAP_IMAGE_PNG, MAP_IMAGE_SVG, MAP_IMAGE_PDF, MAP_IMAGE_UNKNOWN };

/* The format a file name asks for by its extension (.png, .svg, .pdf, any case). */
enum map_image_format map_image_format_of(const char *path);

/* Pixels per hex (the distance between adjacent hex centres) of a PNG; SVG and PDF use the
 * same drawing in points at half that scale. */
#define MAP_IMAGE_PNG_SCALE 64.0

/* Where the centre of hex id lands in a PNG written by map_image_write, in pixels. */
void map_image_hex_point(int id, double *x, double *y);

/* Draw the map of s (with units: every unit on its 4.3 set-up hex) into path, in the format
 * of its extension. The picture goes to a temporary file beside path that replaces path only
 * when complete, so a failure leaves any earlier file as it was. False with err set ("PATH:
 * reason") when the extension is unknown, the file cannot be written or cairo fails. */
bool map_image_write(const struct scenario *s, const char *path, bool units, char *err,
		     size_t errlen);

/* 1862's ghost beside the game's own (issue 31): where each unit stood at one moment of seed
 * 002's set-ups (HEX_NONE: not given) and at the moment before (the trail's start), drawn as
 * hollow counters in the upper half of the hex with a dashed trail (sim_hours_ghost fills it). */
struct map_ghost {
	char label[64];              /* "9:00 (None but Heroes 5.2, 4.3)", in the title */
	int hex[ROSTER_UNITS], from[ROSTER_UNITS];
	const int *units;            /* the game's own counters' hexes (NULL: the 4.3 set-up) */
};

/* map_image_write with 1862's ghost (NULL: none); with it, units draws the ghost's own units. */
bool map_image_write_ghost(const struct scenario *s, const char *path, bool units,
			   const struct map_ghost *ghost, char *err, size_t errlen);

/* How many of the picture's texts (hex ids, names, the lettering of roads, creek, headquarters
 * and entry edges) overlap another in the drawing map_image_write makes of s in format fmt: 0
 * for a readable map (each text takes the first of its places that is clear); -1 with err set
 * when cairo cannot be loaded or fails. */
int map_image_overlaps(const struct scenario *s, bool units, enum map_image_format fmt, char *err,
		       size_t errlen);

/* The cairo library map_image_write loads, by its soname: the program does not link it, so
 * the terminal game never maps it (docs/performance.md). */
#define MAP_IMAGE_CAIRO "libcairo.so.2"

/* Load cairo's functions from the library soname (NULL: MAP_IMAGE_CAIRO, once for the
 * process; map_image_write does it). False with err set ("pictures need the cairo library
 * …", or the function missing) when the library cannot be loaded or lacks a function, and
 * the functions loaded before, if any, stay in use. */
bool map_image_load_cairo(const char *soname, char *err, size_t errlen);

/* `antietam --map-image FILE [--units] [--scenario KEY] [--ghost TURN]`: load the data of
 * datadir (NULL: the default lookup) and write the picture, the units of the 4.3 set-up or of
 * scenario KEY (start.h; NULL: none), and with ghost_turn > 0 1862's positions at the moment
 * nearest that turn (data/history-hours.txt); returns the process exit code (0, or 2 with the
 * error on stderr). */
int map_image_main(const char *datadir, const char *path, bool units, const char *scenario,
		   int ghost_turn);

#endif
