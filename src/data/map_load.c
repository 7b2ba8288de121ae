/* map_load.c — owns data/map.txt: reading the character grids (terrain, elevation), the road
 * paths, the hexside features, names, objectives, set-up zones and entry edges into a
 * struct map, and refusing any file whose features contradict each other (a bridge off the
 * creek, a road over the creek without a bridge, a slope between two hexes of one level).
 * Slopes are derived: every hexside where high ground meets low ground is one (10.5B). And
 * the words of terrain, features and labels. The queries of a loaded map are
 * src/engine/map.c's. */
#include "map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "names.h"

#define MAP_VERSION 1

/* Everything the loader needs besides the map: the line that set each feature of each
 * hexside (0 = not set, or derived), so late checks can name the line at fault. */
struct loader {
	struct map m;
	struct datafile df;
	int fline[HEX_INDEX_COUNT][HEX_NDIRS][SIDE_FEATURE_COUNT];
	int terrain_line[HEX_NROWS];
	int elevation_line[HEX_NROWS];
	int sunken_line;
	bool ground_seen;
};

/* The bit number of a single feature bit. */
static int feature_index(unsigned bit)
{
	for (int i = 0; i < SIDE_FEATURE_COUNT; i++)
		if (bit == 1u << i)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ record readers */

/* Put feature bit on the side a/b (adjacent), refusing a second mention of the same one. */
static bool add_feature(struct loader *L, int a, int b, unsigned bit)
{
	int d = hex_direction(a, b);
	int fi = feature_index(bit);
	int ia = hex_index(a), ib = hex_index(b);
	int *line = &L->fline[ia][d][fi];
	if (*line)
		return datafile_fail(&L->df, "hexside %04d/%04d already has %s (line %d)", a, b,
				     map_feature_name(bit), *line);
	if ((bit == SIDE_PRIMARY && (L->m.hex[ia].side[d] & SIDE_SECONDARY)) ||
	    (bit == SIDE_SECONDARY && (L->m.hex[ia].side[d] & SIDE_PRIMARY)))
		return datafile_fail(&L->df, "hexside %04d/%04d would carry both a primary and a "
				     "secondary road", a, b);
	*line = L->df.line;
	L->fline[ib][(d + 3) % HEX_NDIRS][fi] = L->df.line;
	L->m.hex[ia].side[d] |= (uint16_t)bit;
	L->m.hex[ib].side[(d + 3) % HEX_NDIRS] |= (uint16_t)bit;
	return true;
}

/* grid ROW CHARS: one character per column 10..42. */
static bool read_grid(struct loader *L, bool terrain)
{
	struct datafile *df = &L->df;
	const char *what = terrain ? "terrain" : "elevation";
	int row;
	if (!datafile_nfields(df, 3, false) || !datafile_int(df, 1, 0, HEX_ROW_MAX, &row))
		return false;
	int *seen = terrain ? &L->terrain_line[row] : &L->elevation_line[row];
	if (*seen)
		return datafile_fail(df, "%s row %02d given twice (first on line %d)", what, row, *seen);
	*seen = df->line;
	const char *s = df->field[2];
	if (strlen(s) != HEX_NCOLS)
		return datafile_fail(df, "%s row %02d has %zu characters, expected %d (columns %d-%d)",
				     what, row, strlen(s), HEX_NCOLS, HEX_COL_MIN, HEX_COL_MAX);
	for (int i = 0; i < HEX_NCOLS; i++) {
		int id = (HEX_COL_MIN + i) * 100 + row;
		char ch = s[i];
		if (!hex_valid(id)) {
			if (ch != '-')
				return datafile_fail(df, "column %d has no row %02d: expected '-', found '%c'",
						     HEX_COL_MIN + i, row, ch);
			continue;
		}
		struct map_hex *h = &L->m.hex[hex_index(id)];
		if (terrain) {
			int ter = TERRAIN_COUNT;
			char chars[2 * TERRAIN_COUNT] = "";
			for (int t = 0; t < TERRAIN_COUNT; t++) {
				if (ch && ch == map_terrain_grid((enum terrain)t))
					ter = t;
				chars[2 * t] = map_terrain_grid((enum terrain)t);
				chars[2 * t + 1] = t + 1 < TERRAIN_COUNT ? ' ' : 0;
			}
			if (ter == TERRAIN_COUNT)
				return datafile_fail(df, "hex %04d: unknown terrain '%c' (one of %s)", id,
						     ch, chars);
			h->terrain = (uint8_t)ter;
		} else {
			if (ch != 'h' && ch != '.')
				return datafile_fail(df, "hex %04d: unknown elevation '%c' (h or .)", id, ch);
			h->high = ch == 'h';
		}
	}
	return true;
}

/* Fields from..nfields-1 as a path of adjacent hexes; calls add_feature on every step. */
static bool read_path(struct loader *L, int from, unsigned bit, int *hexes, int *n, int max)
{
	struct datafile *df = &L->df;
	int prev = HEX_NONE;
	*n = 0;
	if (df->nfields - from < 2)
		return datafile_fail(df, "a path needs at least two hexes");
	for (int i = from; i < df->nfields; i++) {
		int id;
		if (!datafile_hex(df, i, &id))
			return false;
		if (prev != HEX_NONE && !hex_adjacent(prev, id))
			return datafile_fail(df, "%04d and %04d are not adjacent", prev, id);
		if (prev != HEX_NONE && !add_feature(L, prev, id, bit))
			return false;
		if (hexes && *n < max)
			hexes[*n] = id;
		(*n)++;
		prev = id;
	}
	return true;
}

static bool read_road(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 5, true))
		return false;
	int b = map_feature_parse(df->field[1]);
	unsigned bit = b < 0 ? 0 : 1u << b;
	if (bit != SIDE_PRIMARY && bit != SIDE_SECONDARY)
		return datafile_fail(df, "road kind '%s': expected %s or %s", df->field[1],
				     map_feature_name(SIDE_PRIMARY), map_feature_name(SIDE_SECONDARY));
	int n;
	return read_path(L, 3, bit, NULL, &n, 0);
}

static bool read_sunken_road(struct loader *L)
{
	struct datafile *df = &L->df;
	if (L->sunken_line)
		return datafile_fail(df, "8.8.3: the Sunken Road is already given on line %d",
				     L->sunken_line);
	L->sunken_line = df->line;
	int hexes[DATAFILE_FIELDS_MAX], n;
	if (!read_path(L, 1, SIDE_SECONDARY, hexes, &n, DATAFILE_FIELDS_MAX))
		return false;
	for (int i = 0; i < n; i++)
		L->m.hex[hex_index(hexes[i])].sunken_road = true;
	return true;
}

static bool parse_side(struct datafile *df, const char *s, int *a, int *b)
{
	char buf[16];
	const char *slash = strchr(s, '/');
	if (!slash || slash - s != 4 || strlen(slash + 1) != 4)
		return datafile_fail(df, "'%s' is not a hexside (CCRR/CCRR)", s);
	memcpy(buf, s, 4);
	buf[4] = 0;
	if (!hex_parse(buf, a))
		return datafile_fail(df, "'%s': %s is not a hex on the map", s, buf);
	if (!hex_parse(slash + 1, b))
		return datafile_fail(df, "'%s': %s is not a hex on the map", s, slash + 1);
	if (!hex_adjacent(*a, *b))
		return datafile_fail(df, "'%s': %04d and %04d are not adjacent", s, *a, *b);
	return true;
}

static bool read_side(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 3, true))
		return false;
	/* every feature but the roads, which are `road` records */
	int fb = map_feature_parse(df->field[1]);
	unsigned bit = fb < 0 ? 0 : 1u << fb;
	if (!bit || bit == SIDE_PRIMARY || bit == SIDE_SECONDARY) {
		char kinds[128] = "";
		for (int i = 0; i < SIDE_FEATURE_COUNT; i++)
			if ((1u << i) != SIDE_PRIMARY && (1u << i) != SIDE_SECONDARY)
				snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s",
					 kinds[0] ? " " : "", map_feature_name(1u << i));
		return datafile_fail(df, "unknown hexside feature '%s' (%s; roads are 'road' "
				     "records)", df->field[1], kinds);
	}
	for (int i = 2; i < df->nfields; i++) {
		int a, b;
		if (!parse_side(df, df->field[i], &a, &b) || !add_feature(L, a, b, bit))
			return false;
	}
	return true;
}

static bool read_name(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	int id;
	if (!datafile_nfields(df, 3, true) || !datafile_hex(df, 1, &id))
		return false;
	struct map_hex *h = &m->hex[hex_index(id)];
	if (h->name >= 0)
		return datafile_fail(df, "hex %04d already has the name '%s'", id, m->names[h->name]);
	if (m->nnames == MAP_NAMES_MAX)
		return datafile_fail(df, "more than %d names", MAP_NAMES_MAX);
	char *out = m->names[m->nnames];
	out[0] = 0;
	for (int i = 2; i < df->nfields; i++) {
		size_t len = strlen(out);
		if (len + strlen(df->field[i]) + 2 > MAP_NAME_MAX)
			return datafile_fail(df, "name longer than %d characters", MAP_NAME_MAX - 1);
		snprintf(out + len, MAP_NAME_MAX - len, "%s%s", len ? " " : "", df->field[i]);
	}
	h->name = (int16_t)m->nnames++;
	return true;
}

static const char *const label_kinds[MAP_LABEL_KINDS] = { "road", "creek", "hq-union",
								 "hq-confederate" };

const char *map_label_kind_name(enum map_label_kind k)
{
	return (unsigned)k < MAP_LABEL_KINDS ? label_kinds[k] : "?";
}

/* label KIND HEX ANGLE TEXT...: lettering for the picture (docs/formats.md). */
static bool read_label(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	int id, angle;
	if (!datafile_nfields(df, 5, true) || !datafile_hex(df, 2, &id) ||
	    !datafile_int(df, 3, -90, 90, &angle))
		return false;
	if (m->nlabels == MAP_LABELS_MAX)
		return datafile_fail(df, "more than %d labels", MAP_LABELS_MAX);
	struct map_label *l = &m->label[m->nlabels];
	int k = 0;
	while (k < MAP_LABEL_KINDS && strcmp(df->field[1], label_kinds[k]))
		k++;
	if (k == MAP_LABEL_KINDS)
		return datafile_fail(df, "unknown label kind '%s' (road, creek, hq-union or hq-confederate)",
				     df->field[1]);
	l->kind = (enum map_label_kind)k;
	l->hex = id;
	l->angle = angle;
	l->text[0] = 0;
	for (int i = 4; i < df->nfields; i++) {
		size_t len = strlen(l->text);
		if (len + strlen(df->field[i]) + 2 > MAP_NAME_MAX)
			return datafile_fail(df, "label longer than %d characters", MAP_NAME_MAX - 1);
		snprintf(l->text + len, MAP_NAME_MAX - len, "%s%s", len ? " " : "", df->field[i]);
	}
	m->nlabels++;
	return true;
}

/* Fields from.. as a list of distinct hexes into hexes[max]. */
static bool read_hex_list(struct datafile *df, int from, int *hexes, int *n, int max)
{
	*n = 0;
	for (int i = from; i < df->nfields; i++) {
		int id;
		if (!datafile_hex(df, i, &id))
			return false;
		for (int j = 0; j < *n; j++)
			if (hexes[j] == id)
				return datafile_fail(df, "hex %04d listed twice", id);
		if (*n == max)
			return datafile_fail(df, "more than %d hexes", max);
		hexes[(*n)++] = id;
	}
	return true;
}

static bool read_objective(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	if (!datafile_nfields(df, 4, true))
		return false;
	if (map_objective(m, df->field[1]))
		return datafile_fail(df, "objective '%s' given twice", df->field[1]);
	if (m->nobjectives == MAP_OBJ_MAX)
		return datafile_fail(df, "more than %d objectives", MAP_OBJ_MAX);
	struct map_objective *o = &m->objective[m->nobjectives];
	if (strlen(df->field[1]) >= sizeof o->key)
		return datafile_fail(df, "objective key longer than %zu characters", sizeof o->key - 1);
	if (strlen(df->field[2]) >= sizeof o->name)
		return datafile_fail(df, "objective name longer than %zu characters",
				     sizeof o->name - 1);
	snprintf(o->key, sizeof o->key, "%s", df->field[1]);
	snprintf(o->name, sizeof o->name, "%s", df->field[2]);
	for (char *p = o->name; *p; p++)
		if (*p == '_')
			*p = ' ';
	if (!read_hex_list(df, 3, o->hexes, &o->nhexes, MAP_OBJ_HEXES))
		return false;
	m->nobjectives++;
	return true;
}

/* zone SIDE FORMATION ...: fields 1 and 2 name the zone. */
static struct map_zone *new_zone(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	bool confederate = !strcmp(df->field[1], names_side[SIDE_CONFEDERATE]);
	if (!confederate && strcmp(df->field[1], names_side[SIDE_UNION])) {
		datafile_fail(df, "zone side '%s': expected union or confederate", df->field[1]);
		return NULL;
	}
	if (map_zone_side(m, confederate, df->field[2])) {
		datafile_fail(df, "4.2A: zone %s %s given twice", df->field[1], df->field[2]);
		return NULL;
	}
	if (m->nzones == MAP_ZONES_MAX) {
		datafile_fail(df, "more than %d zones", MAP_ZONES_MAX);
		return NULL;
	}
	struct map_zone *z = &m->zone[m->nzones];
	if (strlen(df->field[2]) >= sizeof z->formation) {
		datafile_fail(df, "formation name '%s' too long", df->field[2]);
		return NULL;
	}
	z->confederate = confederate;
	snprintf(z->formation, sizeof z->formation, "%s", df->field[2]);
	return z;
}

static bool read_zone(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 4, true))
		return false;
	struct map_zone *z = new_zone(L);
	if (!z || !read_hex_list(df, 3, z->hexes, &z->nhexes, MAP_ZONE_HEXES))
		return false;
	L->m.nzones++;
	return true;
}

/* zone-union SIDE FORMATION F1 F2 ...: the union of that side's zones given earlier. */
static bool read_zone_union(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 4, true))
		return false;
	struct map_zone *z = new_zone(L);
	if (!z)
		return false;
	z->nhexes = 0;
	for (int i = 3; i < df->nfields; i++) {
		const struct map_zone *src = map_zone_side(&L->m, z->confederate, df->field[i]);
		if (!src || src == z)
			return datafile_fail(df, "zone '%s' is not given above", df->field[i]);
		for (int j = 0; j < src->nhexes; j++) {
			if (map_in_zone(z, src->hexes[j]))
				continue;
			if (z->nhexes == MAP_ZONE_HEXES)
				return datafile_fail(df, "more than %d hexes", MAP_ZONE_HEXES);
			z->hexes[z->nhexes++] = src->hexes[j];
		}
	}
	L->m.nzones++;
	return true;
}

static bool read_edge(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	if (!datafile_nfields(df, 3, true))
		return false;
	int *hexes, *n;
	if (!strcmp(df->field[1], "ap-hill"))
		hexes = m->ap_hill_edge, n = &m->n_ap_hill_edge;
	else if (!strcmp(df->field[1], "vi-corps"))
		hexes = m->vi_corps_edge, n = &m->n_vi_corps_edge;
	else
		return datafile_fail(df, "unknown entry edge '%s' (ap-hill or vi-corps)", df->field[1]);
	if (*n)
		return datafile_fail(df, "edge '%s' given twice", df->field[1]);
	if (!read_hex_list(df, 2, hexes, n, MAP_EDGE_HEXES))
		return false;
	for (int i = 0; i < *n; i++)
		if (!map_edge_hex(hexes[i]))
			return datafile_fail(df, "9.2-9.3: entry hex %04d is not on the map edge",
					     hexes[i]);
	return true;
}

/* `ground N`: the version of the ground (this map and its set-up; docs/formats.md), once. */
static bool read_ground(struct loader *L)
{
	struct datafile *df = &L->df;
	if (L->ground_seen)
		return datafile_fail(df, "ground: given twice");
	L->ground_seen = true;
	return datafile_nfields(df, 2, false) &&
	       datafile_int(df, 1, 1, MAP_GROUND_MAX, &L->m.ground);
}

/* ------------------------------------------------------------------ whole-file checks */

/* Fail at the line that set feature fi of side (idx, d). */
static bool fail_at(struct loader *L, int idx, int d, int fi, const char *msg)
{
	int a = hex_from_index(idx), b = hex_neighbour(a, (enum hex_dir)d);
	L->df.line = L->fline[idx][d][fi];
	return datafile_fail(&L->df, "%s at %04d/%04d", msg, a, b);
}

static bool check_sides(struct loader *L)
{
	struct map *m = &L->m;
	for (int idx = 0; idx < HEX_INDEX_COUNT; idx++) {
		int a = hex_from_index(idx);
		if (!hex_valid(a))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = hex_neighbour(a, (enum hex_dir)d);
			if (b == HEX_NONE)
				continue;
			const struct map_hex *ha = &m->hex[idx], *hb = map_hex(m, b);
			unsigned f = ha->side[d];
			if ((f & SIDE_SLOPE) && ha->high == hb->high)
				return fail_at(L, idx, d, feature_index(SIDE_SLOPE),
					       "10.5B: a slope must separate high from low ground");
			if ((f & SIDE_BRIDGE) && !(f & SIDE_CREEK))
				return fail_at(L, idx, d, feature_index(SIDE_BRIDGE),
					       "8.7.4: bridge not on Antietam Creek");
			if ((f & SIDE_FORD) && !(f & SIDE_CREEK))
				return fail_at(L, idx, d, feature_index(SIDE_FORD),
					       "8.7.5: ford not on Antietam Creek");
			if ((f & SIDE_FORD) && (f & SIDE_BRIDGE))
				return fail_at(L, idx, d, feature_index(SIDE_FORD),
					       "a hexside cannot be both a bridge and a ford");
			if ((f & SIDE_RUN) && (f & SIDE_CREEK))
				return fail_at(L, idx, d, feature_index(SIDE_RUN),
					       "a run cannot share a hexside with Antietam Creek");
			if ((f & (SIDE_PRIMARY | SIDE_SECONDARY)) && (f & SIDE_CREEK) &&
			    !(f & SIDE_BRIDGE))
				return fail_at(L, idx, d,
					       feature_index(f & SIDE_PRIMARY ? SIDE_PRIMARY
									      : SIDE_SECONDARY),
					       "8.7.6: road crosses Antietam Creek without a bridge");
			if ((f & SIDE_SUNKEN) && ha->sunken_road == hb->sunken_road)
				return fail_at(L, idx, d, feature_index(SIDE_SUNKEN),
					       "11.14B: a protected Sunken Road side needs exactly one "
					       "Sunken Road hex");
		}
	}
	return true;
}

/* Add the derived slopes: every side where high meets low (10.5B). */
static void derive_slopes(struct map *m)
{
	for (int idx = 0; idx < HEX_INDEX_COUNT; idx++) {
		int a = hex_from_index(idx);
		if (!hex_valid(a))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = hex_neighbour(a, (enum hex_dir)d);
			if (b != HEX_NONE && m->hex[idx].high != map_hex(m, b)->high)
				m->hex[idx].side[d] |= SIDE_SLOPE;
		}
	}
}

static bool check_file(struct loader *L)
{
	struct datafile *df = &L->df;
	struct map *m = &L->m;
	int last = df->line;
	for (int r = 0; r <= HEX_ROW_MAX; r++) {
		if (!L->terrain_line[r])
			return datafile_fail(df, "terrain row %02d missing", r);
		if (!L->elevation_line[r])
			return datafile_fail(df, "elevation row %02d missing", r);
	}
	if (!check_sides(L))
		return false;
	df->line = last;
	derive_slopes(m);
	const struct map_objective *town = map_objective(m, "sharpsburg");
	for (int i = 0; town && i < town->nhexes; i++) {
		struct map_hex *h = &m->hex[hex_index(town->hexes[i])];
		if (h->terrain != TERRAIN_TOWN)
			return datafile_fail(df, "3.2 fn 2: Sharpsburg objective hex %04d is not a town hex",
					     town->hexes[i]);
		h->town_vp = true;
	}
	return true;
}

/* ------------------------------------------------------------------ the loader */

static bool read_all(struct loader *L)
{
	struct datafile *df = &L->df;
	static const struct { const char *kind; bool (*fn)(struct loader *); } records[] = {
		{ "road", read_road }, { "sunken-road", read_sunken_road }, { "side", read_side },
		{ "name", read_name }, { "objective", read_objective }, { "zone", read_zone },
		{ "zone-union", read_zone_union }, { "edge", read_edge }, { "label", read_label },
		{ "ground", read_ground },
	};
	int r;
	while ((r = datafile_next(df)) > 0) {
		const char *kind = df->field[0];
		bool ok = false, known = false;
		if (!strcmp(kind, "terrain") || !strcmp(kind, "elevation")) {
			known = true;
			ok = read_grid(L, kind[0] == 't');
		}
		for (size_t i = 0; !known && i < sizeof records / sizeof records[0]; i++)
			if (!strcmp(kind, records[i].kind)) {
				known = true;
				ok = records[i].fn(L);
			}
		if (!known)
			return datafile_fail(df, "unknown record kind '%s'", kind);
		if (!ok)
			return false;
	}
	if (r < 0)
		return false;
	return check_file(L);
}

/* The loader behind map_load and map_load_stream: reads f when it is not NULL, else opens
 * path. */
static bool load(struct map *m, FILE *f, const char *path, char *err, size_t errlen)
{
	struct loader *L = calloc(1, sizeof *L);
	if (!L) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		L->m.hex[i].name = -1;
	L->m.ground = 1;
	bool ok = datafile_open_either(&L->df, f, path, "map", MAP_VERSION) && read_all(L);
	if (ok)
		*m = L->m;
	ok = datafile_finish(&L->df, ok, err, errlen);
	free(L);
	return ok;
}

bool map_load(struct map *m, const char *path, char *err, size_t errlen)
{
	return load(m, NULL, path, err, errlen);
}

bool map_load_stream(struct map *m, FILE *f, const char *name, char *err, size_t errlen)
{
	return load(m, f, name, err, errlen);
}
