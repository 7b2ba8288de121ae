/* sim_hours.c — owns data/nbh-grid.txt and data/history-hours.txt (docs/formats.md, method in
 * docs/provenance-hours.md): seed 002's grid fitted to ours, and 1862 by the hour on it. The
 * files keep the seed's facts (each regiment's hex and strength at each hour); this loader
 * checks the hexes the file derives from them and works out men and steps lost from
 * data/units.txt as loaded, so that a change of the order of battle moves the yardstick. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "hex.h"
#include "names.h"
#include "scenario.h"
#include "sim_hours.h"

#define GRID_VERSION 1
#define HOURS_VERSION 1
#define REGIMENTS_MAX 16
#define NAME_MAX 32

static const double S3 = 1.7320508075688772;

/* ---------------------------------------------------------------- the grid */

static void our_centre(int id, double *x, double *y)
{
	int c = hex_col(id), r = hex_row(id);
	*x = 1.5 * c;
	*y = S3 * (r + 0.5 * (c & 1));
}

int sim_hours_snap(double x, double y)
{
	int best = HEX_NONE;
	double bd = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		double cx, cy;
		our_centre(id, &cx, &cy);
		double d = (cx - x) * (cx - x) + (cy - y) * (cy - y);
		if (best == HEX_NONE || d < bd) {
			best = id;
			bd = d;
		}
	}
	return best;
}

bool sim_hours_place(const struct hours_grid *g, const char *s, double *x, double *y)
{
	char map, extra;
	int col, row;
	if (sscanf(s, "%c%d.%d%c", &map, &col, &row, &extra) != 3 || (map != 'A' && map != 'B') ||
	    col < 1 || col > 99 || row < 0 || row > 99)
		return false;
	double X = 1.5 * col, Y = row + g->stagger * 0.5 * (col & 1);
	if (map == 'B')
		Y -= g->b_offset;
	Y *= -S3;
	*x = g->t[0] * X + g->t[1] * Y + g->t[2];
	*y = g->t[3] * X + g->t[4] * Y + g->t[5];
	return true;
}

static bool real(struct datafile *df, int i, double *out)
{
	char *end;
	*out = strtod(df->field[i], &end);
	if (*end || end == df->field[i] || !isfinite(*out))
		return datafile_fail(df, "'%s': a number", df->field[i]);
	return true;
}

/* "point SOURCE KEY HEX,HEX… OURS FITTED residual=R inlier|outlier": R must be the distance,
 * in hexes, from OURS to the transformed centroid of the seed hexes. */
static bool grid_point(struct datafile *df, const struct hours_grid *g)
{
	int ours;
	if (!datafile_nfields(df, 8, false) || !datafile_hex(df, 4, &ours))
		return false;
	double sx = 0, sy = 0, r;
	int n = 0;
	char buf[DATAFILE_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", df->field[3]);
	for (char *save, *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save), n++) {
		double x, y;
		if (!sim_hours_place(g, p, &x, &y))
			return datafile_fail(df, "'%s' is not a hex of seed 002 (A17.34)", p);
		sx += x;
		sy += y;
	}
	const char *v = datafile_keyval(df, 6, "residual");
	if (!v || !n)
		return v ? datafile_fail(df, "a point needs a seed hex") : false;
	char *end;
	r = strtod(v, &end);
	if (*end || end == v)
		return datafile_fail(df, "residual: a number of hexes");
	if (strcmp(df->field[7], "inlier") && strcmp(df->field[7], "outlier"))
		return datafile_fail(df, "'%s': inlier or outlier", df->field[7]);
	double ox, oy;
	our_centre(ours, &ox, &oy);
	double d = hypot(sx / n - ox, sy / n - oy) / S3;
	if (fabs(d - r) > 0.006)
		return datafile_fail(df, "%s: the transform puts it %.2f hexes from %s, not %.2f "
				     "(remake the file with tools/nbh-grid)", df->field[2], d,
				     df->field[4], r);
	return true;
}

bool sim_hours_grid_load(struct hours_grid *out, const char *path, char *err, size_t errlen)
{
	struct datafile *df = malloc(sizeof *df);
	if (!df) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	struct hours_grid g = { .stagger = 0 };
	bool seen_t = false, seen_b = false;
	bool ok = datafile_open(df, path, "nbh-grid", GRID_VERSION);
	int k;
	while (ok && (k = datafile_next(df)) != 0) {
		const char *rec = df->field[0];
		if (k < 0)
			ok = false;
		else if (!strcmp(rec, "stagger")) {
			ok = datafile_nfields(df, 2, false);
			if (ok && strcmp(df->field[1], "+1") && strcmp(df->field[1], "-1"))
				ok = datafile_fail(df, "stagger is +1 or -1");
			if (ok)
				g.stagger = df->field[1][0] == '+' ? 1 : -1;
		} else if (!strcmp(rec, "b-offset"))
			ok = datafile_nfields(df, 2, false) && real(df, 1, &g.b_offset) &&
			     (seen_b = true);
		else if (!strcmp(rec, "transform")) {
			ok = datafile_nfields(df, 7, false);
			for (int i = 0; ok && i < 6; i++)
				ok = real(df, 1 + i, &g.t[i]);
			seen_t = ok;
		} else if (!strcmp(rec, "point"))
			ok = g.stagger && seen_b && seen_t
				? grid_point(df, &g)
				: datafile_fail(df, "points come after stagger, b-offset and transform");
		else
			ok = datafile_fail(df, "unknown record '%s'", rec);
	}
	if (ok && (!g.stagger || !seen_b || !seen_t))
		ok = datafile_fail(df, "the file does not give stagger, b-offset and transform");
	if (ok)
		*out = g;
	ok = datafile_finish(df, ok, err, errlen);
	free(df);
	return ok;
}

/* ---------------------------------------------------------------- the hours */

struct scratch {
	struct sim_hours h;
	char name[ROSTER_UNITS][REGIMENTS_MAX][NAME_MAX];
	int nreg[ROSTER_UNITS];
	bool given[HOURS_MOMENTS][ROSTER_UNITS];
	bool seen_men, seen_guns;
};

static int moment_index(const struct sim_hours *h, const char *key)
{
	for (int i = 0; i < h->n; i++)
		if (!strcmp(h->m[i].key, key))
			return i;
	return -1;
}

/* "moment KEY TIME TURN KIND SCENARIOS" */
static bool moment(struct datafile *df, struct sim_hours *h)
{
	static const char *const kinds[] = { "dawn", "campaign", "area" };
	if (!datafile_nfields(df, 6, false))
		return false;
	if (h->n == HOURS_MOMENTS)
		return datafile_fail(df, "more than %d moments", HOURS_MOMENTS);
	if (moment_index(h, df->field[1]) >= 0)
		return datafile_fail(df, "moment %s is given twice", df->field[1]);
	struct hours_moment *m = &h->m[h->n];
	if (strlen(df->field[1]) >= sizeof m->key || strlen(df->field[2]) >= sizeof m->time)
		return datafile_fail(df, "a moment's key or time is too long");
	int hh, mm;
	char extra;
	const char *t = strncmp(df->field[2], "18/", 3) ? df->field[2] : df->field[2] + 3;
	if (sscanf(t, "%d:%d%c", &hh, &mm, &extra) != 2 || hh < 0 || hh > 23 || mm < 0 || mm > 59)
		return datafile_fail(df, "'%s': a time is HH:MM (the 18th: 18/HH:MM)", df->field[2]);
	if (!datafile_int(df, 3, 1, 12, &m->turn))
		return false;
	int kind = -1;
	for (int i = 0; i < 3; i++)
		if (!strcmp(df->field[4], kinds[i]))
			kind = i;
	if (kind < 0)
		return datafile_fail(df, "'%s': a moment is dawn, campaign or area", df->field[4]);
	m->kind = (enum hours_kind)kind;
	snprintf(m->key, sizeof m->key, "%s", df->field[1]);
	snprintf(m->time, sizeof m->time, "%s", df->field[2]);
	h->n++;
	return true;
}

static bool unit_field(struct datafile *df, const struct roster *r, int i, int *u)
{
	*u = roster_find(r, df->field[i]);
	if (*u < 0)
		return datafile_fail(df, "'%s' is not a unit of data/units.txt", df->field[i]);
	return true;
}

/* "roster UNIT REGIMENT…" */
static bool roster_line(struct datafile *df, const struct roster *r, struct scratch *s)
{
	int u;
	if (!datafile_nfields(df, 3, true) || !unit_field(df, r, 1, &u))
		return false;
	if (s->nreg[u])
		return datafile_fail(df, "the roster of %s is given twice", df->field[1]);
	if (df->nfields - 2 > REGIMENTS_MAX)
		return datafile_fail(df, "more than %d regiments", REGIMENTS_MAX);
	for (int i = 2; i < df->nfields; i++) {
		if (strlen(df->field[i]) >= NAME_MAX)
			return datafile_fail(df, "'%s': a name is shorter", df->field[i]);
		for (int j = 2; j < i; j++)
			if (!strcmp(df->field[i], df->field[j]))
				return datafile_fail(df, "%s is listed twice", df->field[i]);
		snprintf(s->name[u][i - 2], NAME_MAX, "%s", df->field[i]);
	}
	s->nreg[u] = df->nfields - 2;
	return true;
}

/* One regiment of an "at" line: "NAME@A17.34[:SP]", "NAME@gone" or "NAME@out". Adds its
 * place to (sx, sy) when listed and its loss to *lost. */
static bool regiment(struct datafile *df, const struct scratch *s, int u, int k,
		     const struct hours_moment *m, double share, double per_sp, double *sx,
		     double *sy, double *lost, int *listed)
{
	const char *f = df->field[5 + k], *at = strchr(f, '@');
	size_t len = at ? (size_t)(at - f) : 0;
	if (!at || len != strlen(s->name[u][k]) || strncmp(f, s->name[u][k], len))
		return datafile_fail(df, "'%s': the roster's regiment %d is %s", f, k + 1,
				     s->name[u][k]);
	const char *v = at + 1;
	if (!strcmp(v, "gone")) {
		if (m->kind != HOURS_CAMPAIGN)
			return datafile_fail(df, "%s: 'gone' only where the seed's list is the "
					     "army's (a campaign moment)", f);
		*lost += share;
		return true;
	}
	if (!strcmp(v, "out")) {
		if (m->kind == HOURS_CAMPAIGN)
			return datafile_fail(df, "%s: at a campaign moment a regiment not listed is "
					     "gone, not out", f);
		return true;
	}
	char hexs[16];
	const char *colon = strchr(v, ':');
	size_t hl = colon ? (size_t)(colon - v) : strlen(v);
	if (hl >= sizeof hexs)
		return datafile_fail(df, "'%s': not a seed hex", f);
	memcpy(hexs, v, hl);
	hexs[hl] = 0;
	double x, y;
	if (!sim_hours_place(&s->h.grid, hexs, &x, &y))
		return datafile_fail(df, "'%s' is not a hex of seed 002 (A17.34)", hexs);
	*sx += x;
	*sy += y;
	(*listed)++;
	if (colon) {
		char *end;
		long sp = strtol(colon + 1, &end, 10);
		if (*end || end == colon + 1 || sp < 0 || sp > 99)
			return datafile_fail(df, "'%s': a strength is a number of strength points", f);
		*lost += share - (double)sp * per_sp > 0 ? share - (double)sp * per_sp : 0;
	}
	return true;
}

/* "at MOMENT UNIT present HEX REGIMENT…" or "at MOMENT UNIT absent|unlisted" */
static bool at_line(struct datafile *df, const struct roster *r, struct scratch *s)
{
	int u, hex;
	if (!datafile_nfields(df, 4, true))
		return false;
	int mi = moment_index(&s->h, df->field[1]);
	if (mi < 0)
		return datafile_fail(df, "'%s' is not a moment of the file", df->field[1]);
	if (!unit_field(df, r, 2, &u))
		return false;
	if (s->given[mi][u])
		return datafile_fail(df, "%s at %s is given twice", df->field[2], df->field[1]);
	s->given[mi][u] = true;
	struct hours_moment *m = &s->h.m[mi];
	struct hours_unit *hu = &m->unit[u];
	const struct unit_def *d = &r->unit[u];
	hu->regiments = s->nreg[u];
	hu->steps = d->steps;
	if (!strcmp(df->field[3], "absent") || !strcmp(df->field[3], "unlisted")) {
		hu->state = df->field[3][0] == 'a' ? HOURS_ABSENT : HOURS_UNLISTED;
		return datafile_nfields(df, 4, false);
	}
	if (strcmp(df->field[3], "present"))
		return datafile_fail(df, "'%s': present, absent or unlisted", df->field[3]);
	if (!s->nreg[u])
		return datafile_fail(df, "%s has no roster line before it", df->field[2]);
	if (!datafile_nfields(df, 5 + s->nreg[u], false) || !datafile_hex(df, 4, &hex))
		return df->nfields == 5 + s->nreg[u] ? false
			: datafile_fail(df, "%s has %d regiments in its roster, the line %d",
					df->field[2], s->nreg[u], df->nfields - 5);
	bool inf = d->type == UNIT_INFANTRY;
	double share = (double)d->strength / s->nreg[u];
	double per_sp = inf ? s->h.men_per_sp : s->h.guns_per_sp;
	double sx = 0, sy = 0, lost = 0;
	int listed = 0;
	for (int k = 0; k < s->nreg[u]; k++)
		if (!regiment(df, s, u, k, m, share, per_sp, &sx, &sy, &lost, &listed))
			return false;
	if (!listed)
		return datafile_fail(df, "%s is present with none of its regiments listed",
				     df->field[2]);
	int snap = sim_hours_snap(sx / listed, sy / listed);
	if (snap != hex)
		return datafile_fail(df, "%s at %s: its regiments' centroid is in %04d, not %04d "
				     "(remake the file with tools/nbh-hours)", df->field[2],
				     df->field[1], snap, hex);
	hu->state = HOURS_PRESENT;
	hu->hex = hex;
	hu->listed = listed;
	hu->lost = (int)(lost + 0.5);
	/* at the unit's own men (guns) a step, rounded; a unit keeps a step while a regiment
	 * of it is listed */
	int steps_lost = (int)(lost / ((double)d->strength / d->steps) + 0.5);
	hu->steps = d->steps - steps_lost < 1 ? 1 : d->steps - steps_lost;
	return true;
}

static bool per_sp(struct datafile *df, double *v, bool *seen)
{
	if (*seen)
		return datafile_fail(df, "%s is given twice", df->field[0]);
	if (!datafile_nfields(df, 2, false) || !real(df, 1, v))
		return false;
	if (*v <= 0)
		return datafile_fail(df, "%s: a positive number", df->field[0]);
	*seen = true;
	return true;
}

static bool record(struct datafile *df, const struct roster *r, struct scratch *s)
{
	const char *rec = df->field[0];
	if (!strcmp(rec, "men-per-sp"))
		return per_sp(df, &s->h.men_per_sp, &s->seen_men);
	if (!strcmp(rec, "guns-per-sp"))
		return per_sp(df, &s->h.guns_per_sp, &s->seen_guns);
	if (!strcmp(rec, "moment"))
		return moment(df, &s->h);
	if (!strcmp(rec, "roster"))
		return roster_line(df, r, s);
	if (!strcmp(rec, "at"))
		return s->seen_men && s->seen_guns
			? at_line(df, r, s)
			: datafile_fail(df, "men-per-sp and guns-per-sp come before the units");
	return datafile_fail(df, "unknown record '%s'", rec);
}

bool sim_hours_load(struct sim_hours *out, const struct scenario *sc, const char *grid_path,
		    const char *path, char *err, size_t errlen)
{
	struct scratch *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	if (!sim_hours_grid_load(&s->h.grid, grid_path, err, errlen)) {
		free(s);
		return false;
	}
	struct datafile *df = malloc(sizeof *df);
	if (!df) {
		free(s);
		snprintf(err, errlen, "out of memory");
		return false;
	}
	bool ok = datafile_open(df, path, "history-hours", HOURS_VERSION);
	int k;
	while (ok && (k = datafile_next(df)) != 0)
		ok = k > 0 && record(df, &sc->roster, s);
	for (int i = 0; ok && i < s->h.n; i++)
		for (int u = 0; ok && u < ROSTER_UNITS; u++)
			if (!s->given[i][u])
				ok = datafile_fail(df, "the file does not give %s at %s",
						   sc->roster.unit[u].id, s->h.m[i].key);
	if (ok && !s->h.n)
		ok = datafile_fail(df, "the file gives no moment");
	if (ok)
		*out = s->h;
	free(s);
	ok = datafile_finish(df, ok, err, errlen);
	free(df);
	return ok;
}

const struct hours_moment *sim_hours_moment(const struct sim_hours *h, const char *key)
{
	int i = moment_index(h, key);
	return i < 0 ? NULL : &h->m[i];
}

int sim_hours_ghost(const struct sim_hours *h, int turn, int *hex, int *from)
{
	int best = -1;
	for (int i = 0; i < h->n; i++) /* moments in time order: a tie keeps the earlier */
		if (best < 0 || abs(h->m[i].turn - turn) < abs(h->m[best].turn - turn))
			best = i;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		hex[u] = from[u] = HEX_NONE;
		if (best < 0 || h->m[best].unit[u].state != HOURS_PRESENT)
			continue;
		hex[u] = h->m[best].unit[u].hex;
		for (int k = best - 1; k >= 0 && from[u] == HEX_NONE; k--)
			if (h->m[k].unit[u].state == HOURS_PRESENT)
				from[u] = h->m[k].unit[u].hex;
	}
	return best;
}

int sim_hours_formations(const struct roster *r, int *group, char (*name)[HOURS_NAME],
			 enum side *side, int max)
{
	int n = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_def *d = &r->unit[u];
		group[u] = -1;
		if (d->type != UNIT_INFANTRY)
			continue;
		char label[HOURS_NAME];
		if (d->side == SIDE_UNION)
			snprintf(label, sizeof label, "%s %s", names_of_corps(d->corps),
				 d->division_name);
		else
			snprintf(label, sizeof label, "%s", d->division_name);
		int g = 0;
		while (g < n && strcmp(name[g], label))
			g++;
		if (g == n) {
			if (n == max)
				continue;
			snprintf(name[n], HOURS_NAME, "%s", label);
			side[n++] = d->side;
		}
		group[u] = g;
	}
	return n;
}
