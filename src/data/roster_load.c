/* roster_load.c — owns reading the counters (4.1A) and the set-ups (4.3) from data/units.txt
 * and data/setup-historical.txt into a struct roster, every value checked. The file formats
 * are described in docs/formats.md; the queries of the loaded counters (names, ids, CV,
 * morale, the stacking rule) are src/engine/roster.c's. */
#include "roster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "hex.h"
#include "map.h"


/* Largest values a data file may give; the rules' own limits (2.13) are checked separately. */
#define CV_MAX 20
#define FIRE_MAX 9     /* 20.3: the Artillery Fire Table has columns 1–9 */
#define MORALE_LIMIT 3
#define RANGE_MAX 40
#define STRENGTH_MAX 10000

/* ---- units.txt ---- */

/* Copy a name field, '_' standing for a blank; false when it does not fit. */
static bool copy_name(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);
	if (n == 0 || n >= size)
		return false;
	for (size_t i = 0; i <= n; i++)
		dst[i] = src[i] == '_' ? ' ' : src[i];
	return true;
}

static bool parse_int(const char *s, int min, int max, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (!*s || *end || v < min || v > max)
		return false;
	*out = (int)v;
	return true;
}

/* A comma list of 1..ROSTER_STEPS_MAX integers in [min,max] into out[1..n]; returns n, 0 on error. */
static int parse_list(const char *s, int min, int max, int *out)
{
	int n = 0;
	char buf[64];
	if (strlen(s) >= sizeof buf)
		return 0;
	strcpy(buf, s);
	char *save = NULL;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n == ROSTER_STEPS_MAX || !parse_int(tok, min, max, &out[n + 1]))
			return 0;
		n++;
	}
	/* strtok_r skips empty tokens: reject ",," and leading/trailing commas */
	if (!s[0] || s[0] == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,"))
		return 0;
	return n;
}

enum key { K_FORMATION, K_DIVISION, K_COMMANDER, K_DIVNAME, K_MEN, K_GUNS, K_CV, K_MORALE, K_MA,
	   K_RANGE, K_CAVALRY, K_COUNT };
static const char *const key_names[K_COUNT] = {
	"formation", "division", "commander", "divname", "men", "guns", "cv", "morale", "ma",
	"range", "cavalry",
};

static bool set_formation(struct datafile *df, struct unit_def *u, const char *v)
{
	if (u->side == SIDE_UNION) {
		if (!roster_corps_parse(v, &u->corps))
			return datafile_fail(df, "%s: unknown Union corps '%s' (2.6: I II V VI IX XII)",
					     u->id, v);
	} else {
		size_t i;
		for (i = 0; i < CONFEDERATE_FORMATIONS; i++)
			if (!strcmp(v, names_confederate_formation[i]))
				break;
		if (i == CONFEDERATE_FORMATIONS)
			return datafile_fail(df, "%s: unknown Confederate division '%s' (2.7)", u->id, v);
		u->corps = CORPS_NONE;
	}
	snprintf(u->formation, sizeof u->formation, "%s", v);
	return true;
}

/* Apply one key=value field to u; `seen` guards against repeats. */
static bool apply_key(struct datafile *df, struct unit_def *u, const char *field, bool *seen,
		      int *nmorale)
{
	const char *eq = strchr(field, '=');
	if (!eq)
		return datafile_fail(df, "%s: expected key=value, found '%s'", u->id, field);
	size_t klen = (size_t)(eq - field);
	const char *v = eq + 1;
	int k;
	for (k = 0; k < K_COUNT; k++)
		if (strlen(key_names[k]) == klen && !strncmp(field, key_names[k], klen))
			break;
	if (k == K_COUNT)
		return datafile_fail(df, "%s: unknown key '%.*s'", u->id, (int)klen, field);
	if (seen[k])
		return datafile_fail(df, "%s: key '%s' given twice", u->id, key_names[k]);
	seen[k] = true;
	bool art = u->type == UNIT_ARTILLERY;
	switch ((enum key)k) {
	case K_FORMATION:
		return set_formation(df, u, v);
	case K_DIVISION:
		if (!parse_int(v, 0, 4, &u->division))
			return datafile_fail(df, "%s: division '%s' is not 0..4", u->id, v);
		return true;
	case K_COMMANDER:
		if (!copy_name(u->commander, sizeof u->commander, v))
			return datafile_fail(df, "%s: commander empty or longer than %zu characters",
					     u->id, sizeof u->commander - 1);
		return true;
	case K_DIVNAME:
		if (!copy_name(u->division_name, sizeof u->division_name, v))
			return datafile_fail(df, "%s: divname empty or longer than %zu characters",
					     u->id, sizeof u->division_name - 1);
		return true;
	case K_MEN:
	case K_GUNS:
		if ((k == K_GUNS) != art)
			return datafile_fail(df, "%s: %s is for %s units", u->id, key_names[k],
					     k == K_GUNS ? "artillery" : "infantry");
		if (!parse_int(v, 1, STRENGTH_MAX, &u->strength))
			return datafile_fail(df, "%s: %s '%s' is not 1..%d", u->id, key_names[k], v,
					     STRENGTH_MAX);
		return true;
	case K_CV:
		u->steps = parse_list(v, 1, art ? FIRE_MAX : CV_MAX, u->cv);
		if (!u->steps)
			return datafile_fail(df, "%s: cv '%s' is not a list of 1..%d values from 1 to %d",
					     u->id, v, ROSTER_STEPS_MAX, art ? FIRE_MAX : CV_MAX);
		return true;
	case K_MORALE:
		if (art)
			return datafile_fail(df, "%s: artillery has no morale (2.12)", u->id);
		*nmorale = parse_list(v, -MORALE_LIMIT, MORALE_LIMIT, u->morale);
		if (!*nmorale)
			return datafile_fail(df, "%s: morale '%s' is not a list of values from %d to %d",
					     u->id, v, -MORALE_LIMIT, MORALE_LIMIT);
		return true;
	case K_MA:
		if (!parse_int(v, 1, ROSTER_MA_MAX, &u->ma))
			return datafile_fail(df, "%s: ma '%s' is not 1..%d", u->id, v, ROSTER_MA_MAX);
		return true;
	case K_RANGE:
		if (!art)
			return datafile_fail(df, "%s: range is for artillery (10.3A)", u->id);
		if (!parse_int(v, 1, RANGE_MAX, &u->range))
			return datafile_fail(df, "%s: range '%s' is not 1..%d", u->id, v, RANGE_MAX);
		return true;
	case K_CAVALRY:
		if (strcmp(v, "yes") && strcmp(v, "no"))
			return datafile_fail(df, "%s: cavalry must be yes or no", u->id);
		u->cavalry = !strcmp(v, "yes");
		return true;
	case K_COUNT:
		break;
	}
	return false;
}

/* Check the keys a unit of its type must have and the step rules of 2.13. */
static bool check_unit(struct datafile *df, const struct unit_def *u, const bool *seen, int nmorale)
{
	static const enum key common[] = { K_FORMATION, K_DIVISION, K_COMMANDER, K_DIVNAME, K_CV, K_MA };
	for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
		if (!seen[common[i]])
			return datafile_fail(df, "%s: missing %s=", u->id, key_names[common[i]]);
	if (u->type == UNIT_ARTILLERY) {
		if (!seen[K_GUNS] || !seen[K_RANGE])
			return datafile_fail(df, "%s: artillery needs guns= and range=", u->id);
		if (u->steps != 2)
			return datafile_fail(df, "%s: 2.13C: artillery has 2 steps, cv gives %d", u->id,
					     u->steps);
	} else {
		if (!seen[K_MEN] || !seen[K_MORALE])
			return datafile_fail(df, "%s: infantry needs men= and morale=", u->id);
		if (u->steps < 2)
			return datafile_fail(df, "%s: 2.13C: infantry has 2 to 6 steps, cv gives %d",
					     u->id, u->steps);
		if (nmorale != u->steps)
			return datafile_fail(df, "%s: morale has %d values, cv has %d steps", u->id,
					     nmorale, u->steps);
	}
	if (u->side == SIDE_UNION ? u->division > (u->corps == CORPS_IX ? 4 : 3) : u->division != 0)
		return datafile_fail(df, "%s: division %d impossible for %s", u->id, u->division,
				     u->formation);
	return true;
}

static bool read_unit(struct datafile *df, struct roster *r, bool *present)
{
	int idx = names_parse_unit(df->field[0]);
	if (idx < 0)
		return datafile_fail(df, "'%s' is not a unit id (U1-U69, C1-C53; 4.1A)", df->field[0]);
	enum side side = idx < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE;
	int number = side == SIDE_UNION ? idx + 1 : idx - ROSTER_UNION + 1;
	if (present[idx])
		return datafile_fail(df, "%s given twice", df->field[0]);
	present[idx] = true;
	struct unit_def *u = &r->unit[idx];
	memset(u, 0, sizeof *u);
	snprintf(u->id, sizeof u->id, "%s", names_of_unit(idx));
	u->side = side;
	u->number = number;
	u->corps = CORPS_NONE;
	if (df->nfields < 2)
		return datafile_fail(df, "%s: missing type (infantry or artillery)", u->id);
	if (!strcmp(df->field[1], "infantry"))
		u->type = UNIT_INFANTRY;
	else if (!strcmp(df->field[1], "artillery"))
		u->type = UNIT_ARTILLERY;
	else
		return datafile_fail(df, "%s: type '%s' is not infantry or artillery (2.10)", u->id,
				     df->field[1]);
	bool seen[K_COUNT] = { false };
	int nmorale = 0;
	for (int i = 2; i < df->nfields; i++)
		if (!apply_key(df, u, df->field[i], seen, &nmorale))
			return false;
	return check_unit(df, u, seen, nmorale);
}

/* A version record (`order-of-battle N` of units.txt, `ground N` of setup-historical.txt:
 * docs/formats.md, "Versions of the data"), once, before the units: true when the record is
 * one (*ok then says whether it is good), false when it is a unit's line. */
static bool read_version(struct datafile *df, const char *name, int max, int *version,
			 bool *versioned, int nunits, bool *ok)
{
	if (strcmp(df->field[0], name))
		return false;
	if (*versioned || nunits)
		*ok = datafile_fail(df, "%s: once, before the units", name);
	else
		*ok = datafile_nfields(df, 2, false) && datafile_int(df, 1, 1, max, version);
	*versioned = true;
	return true;
}

static bool load_units(struct roster *r, FILE *f, const char *path, char *err, size_t errlen)
{
	struct datafile df;
	bool present[ROSTER_UNITS] = { false };
	bool ok = datafile_open_either(&df, f, path, "units", 1);
	int rc = 0, nunits = 0;
	r->version = 1;
	bool versioned = false;
	while (ok && (rc = datafile_next(&df)) > 0) {
		/* `order-of-battle N`: the version a position file names */
		if (read_version(&df, "order-of-battle", ROSTER_VERSION_MAX, &r->version, &versioned,
				 nunits, &ok))
			continue;
		ok = read_unit(&df, r, present);
		nunits++;
	}
	if (ok && rc < 0)
		ok = false;
	for (int i = 0; ok && i < ROSTER_UNITS; i++)
		if (!present[i])
			ok = datafile_fail(&df, "unit %s missing (4.1A: 69 Union and 53 Confederate)",
					   names_of_unit(i));
	return datafile_finish(&df, ok, err, errlen);
}

/* ---- setup-historical.txt ---- */

static bool read_placement(struct datafile *df, struct roster *r, bool *present)
{
	if (!datafile_nfields(df, 2, false))
		return false;
	int idx = roster_find(r, df->field[0]);
	if (idx < 0)
		return datafile_fail(df, "'%s' is not a unit id (U1-U69, C1-C53)", df->field[0]);
	if (present[idx])
		return datafile_fail(df, "%s placed twice", r->unit[idx].id);
	present[idx] = true;
	if (!strcmp(df->field[1], "off")) {
		r->historical_hex[idx] = HEX_NONE;
		return true;
	}
	return datafile_hex(df, 1, &r->historical_hex[idx]);
}

static bool load_setup(struct roster *r, FILE *f, const char *path, char *err, size_t errlen)
{
	struct datafile df;
	bool present[ROSTER_UNITS] = { false };
	bool ok = datafile_open_either(&df, f, path, "setup", 1);
	int rc = 0, nplaced = 0;
	r->ground = 1;
	bool versioned = false;
	while (ok && (rc = datafile_next(&df)) > 0) {
		/* `ground N`: the ground this set-up belongs to, its map's */
		if (read_version(&df, "ground", MAP_GROUND_MAX, &r->ground, &versioned, nplaced, &ok))
			continue;
		ok = read_placement(&df, r, present);
		nplaced++;
	}
	if (ok && rc < 0)
		ok = false;
	for (int i = 0; ok && i < ROSTER_UNITS; i++)
		if (!present[i])
			ok = datafile_fail(&df, "%s has no set-up line (a hex, or `off` for a reinforcement)",
					   r->unit[i].id);
	return datafile_finish(&df, ok, err, errlen);
}

/* The loader behind roster_load and roster_load_stream: reads the streams when they are not
 * NULL, else opens the paths. */
static bool load(struct roster *r, FILE *units, const char *units_path, FILE *setup,
		 const char *setup_path, char *err, size_t errlen)
{
	struct roster *tmp = malloc(sizeof *tmp);
	if (!tmp) {
		snprintf(err, errlen, "%s: out of memory", units_path);
		return false;
	}
	bool ok = load_units(tmp, units, units_path, err, errlen) &&
		  load_setup(tmp, setup, setup_path, err, errlen);
	if (ok)
		*r = *tmp;
	free(tmp);
	return ok;
}

bool roster_load(struct roster *r, const char *units_path, const char *setup_path, char *err,
		 size_t errlen)
{
	return load(r, NULL, units_path, NULL, setup_path, err, errlen);
}

bool roster_load_stream(struct roster *r, FILE *units, const char *units_name, FILE *setup,
			const char *setup_name, char *err, size_t errlen)
{
	return load(r, units, units_name, setup, setup_name, err, errlen);
}
