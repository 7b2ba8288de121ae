/* map.h — the battlefield of Sharpsburg as data (data/map.txt): in-hex terrain, high and
 * low ground, hexside features, landmark names, victory objectives, quick set-up zones
 * (4.2A) and reinforcement entry edges (9.2, 9.3). Immutable once loaded. */
#ifndef ANTIETAM_MAP_H
#define ANTIETAM_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hex.h"

/* The in-hex terrains (list-terrain.h). */
enum terrain {
#define TERRAIN(name, word, grid) TERRAIN_##name,
#include "list-terrain.h"
#undef TERRAIN
	TERRAIN_COUNT
};

/* Hexside features (list-features.h), as bits: SIDE_PRIMARY is bit SIDE_BIT_PRIMARY … */
enum side_feature_bit {
#define FEATURE(name, word) SIDE_BIT_##name,
#include "list-features.h"
#undef FEATURE
	SIDE_FEATURE_COUNT
};
enum side_feature {
#define FEATURE(name, word) SIDE_##name = 1 << SIDE_BIT_##name,
#include "list-features.h"
#undef FEATURE
};

#define MAP_NAME_MAX 40
#define MAP_NAMES_MAX 128
#define MAP_OBJ_MAX 16
#define MAP_OBJ_HEXES 48
#define MAP_ZONES_MAX 24
#define MAP_ZONE_HEXES 128 /* room for zone-union zones (4.2C) */
#define MAP_EDGE_HEXES 40
#define MAP_LABELS_MAX 32

/* Map lettering that plays no part in the rules: the names of roads and the creek, and the
 * two headquarters, for the picture (--map-image). */
enum map_label_kind { MAP_LABEL_ROAD, MAP_LABEL_CREEK, MAP_LABEL_HQ_UNION, MAP_LABEL_HQ_CONFEDERATE,
		      MAP_LABEL_KINDS };
struct map_label {
	enum map_label_kind kind;
	int hex;                /* where it is written */
	int angle;              /* degrees clockwise from the horizontal, -90..90 (roads and creek) */
	char text[MAP_NAME_MAX];
};

struct map_hex {
	uint8_t terrain;        /* enum terrain */
	bool high;              /* high ground (10.5) */
	bool sunken_road;       /* one of the Sunken Road hexes 2319–2721 (8.8.3) */
	bool town_vp;           /* a Sharpsburg hex inside the dotted line (3.2 fn 2) */
	int16_t name;           /* index into map.names, -1 for none */
	uint16_t side[HEX_NDIRS]; /* features of the side towards each neighbour (enum side_feature) */
};

/* A victory or corps objective: a key used by the charts (e.g. "dunker-church"), a display
 * name and its hexes. */
struct map_objective {
	char key[24];
	char name[MAP_NAME_MAX];
	int nhexes;
	int hexes[MAP_OBJ_HEXES];
};

/* A quick set-up zone (4.2A): the formation printed on those hexes ("I", "XII", "Ja", …). */
struct map_zone {
	bool confederate;       /* false: a Union corps; true: a Confederate division (both have an "I") */
	char formation[8];
	int nhexes;
	int hexes[MAP_ZONE_HEXES];
};

#define MAP_GROUND_MAX 99 /* the largest `ground N` a file may name */

struct map {
	int ground;             /* the ground's version: map.txt's `ground N` (1 when the file has
				   none), the same as its set-up's (roster.h); a position file names it */
	struct map_hex hex[HEX_INDEX_COUNT];
	char names[MAP_NAMES_MAX][MAP_NAME_MAX];
	int nnames;
	struct map_objective objective[MAP_OBJ_MAX];
	int nobjectives;
	struct map_zone zone[MAP_ZONES_MAX];
	int nzones;
	int ap_hill_edge[MAP_EDGE_HEXES];   /* 9.2A: 1044–2343 */
	int n_ap_hill_edge;
	int vi_corps_edge[MAP_EDGE_HEXES];  /* 9.3B: 4210–4224 */
	int n_vi_corps_edge;
	struct map_label label[MAP_LABELS_MAX];
	int nlabels;
};

/* Load data/map.txt (or any path) into *m; all or nothing. On failure returns false and
 * writes "path:line: message" into err. */
bool map_load(struct map *m, const char *path, char *err, size_t errlen);
/* The same from an open stream (left open); name stands for the path in messages. */
bool map_load_stream(struct map *m, FILE *f, const char *name, char *err, size_t errlen);
/* The hex record of a valid id (NULL when off the map). */
const struct map_hex *map_hex(const struct map *m, int id);
/* Features of the hexside between adjacent hexes a and b (0 when not adjacent). */
unsigned map_side(const struct map *m, int a, int b);
/* The objective with this key, or NULL. */
const struct map_objective *map_objective(const struct map *m, const char *key);
/* The quick set-up zone of a formation, or NULL; "I" names the Union I Corps here (the
 * Confederate corps artillery's "I" is reached through map_zone_side). */
const struct map_zone *map_zone(const struct map *m, const char *formation);
/* The quick set-up zone of a formation of one side (confederate true/false), or NULL. */
const struct map_zone *map_zone_side(const struct map *m, bool confederate, const char *formation);
/* The data file's word for a label kind ("road", "creek", "hq-union", "hq-confederate"). */
const char *map_label_kind_name(enum map_label_kind k);
/* Lower-case names for PROTOCOL.md and the data files: terrain ("clear", "woods", …) and a
 * side feature bit ("primary", …); "?" when out of range (list-terrain.h, list-features.h). */
const char *map_terrain_name(enum terrain t);
const char *map_feature_name(unsigned feature_bit);
/* The terrain a word names, or the bit number (0 .. SIDE_FEATURE_COUNT-1) of a feature's;
 * -1 when it names none. */
int map_terrain_parse(const char *word);
int map_feature_parse(const char *word);
/* The character data/map.txt's terrain grid gives terrain t ('.', 'w', …), 0 when out of
 * range. */
char map_terrain_grid(enum terrain t);
/* The landmark name of a hex ("Dunker Church"), or NULL. */
const char *map_hex_name(const struct map *m, int id);
/* True when id is one of the objective's (or zone's) hexes; false for a NULL o (or z). */
bool map_in_objective(const struct map_objective *o, int id);
bool map_in_zone(const struct map_zone *z, int id);
/* True when id is a map hex with fewer than six neighbours on the map. */
bool map_edge_hex(int id);

#endif
