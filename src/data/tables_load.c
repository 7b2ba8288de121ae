/* tables_load.c — owns reading data/tables.txt: every chart of 20.0 into struct tables, and
 * checking it (no row missing or twice, the CRT and AFT monotonic, die-roll cells covering
 * 1–6). The lookups are in tables.c. No rule is coded here as an if-chain of values: the
 * values are in the file; this file knows only the shapes. */
#include "tables.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "names.h"
#include "roster.h"

/* What has been read so far, for duplicate and missing checks. */
struct seen {
	bool columns, ci, crt[CRT_ROWS], combat_drm[COMBAT_DRM_COUNT];
	bool aft[AFT_ROWS], fire_drm[FIRE_DRM_COUNT], parrott, art_retreat[7];
	bool move_hex[TERRAIN_COUNT], road, side[SIDE_FEATURE_COUNT];
	bool elim[2], solo_elim[2], ap_hill[12], ix_draw, priority, turn[12];
	bool level_min[VICTORY_MODES];
	bool charts;
};

struct loader {
	struct datafile df;
	struct tables *t;       /* = &scratch: copied out only when the whole file is good */
	struct seen s;
	struct tables scratch;
};

static const char *const combat_drm_names[COMBAT_DRM_COUNT] = {
	"encircled-2", "encircled-3", "confederate", "up-slope", "up-crest", "ford", "sunken",
	"cover",
};
static const char *const fire_drm_names[FIRE_DRM_COUNT] = {
	"infantry", "cover", "sunken", "town", "crest",
};

/* ---- small parsers ------------------------------------------------------------------- */

static int name_index(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

static const char *column(int c)
{
	return tables_crt_column_name((enum crt_column)c);
}

/* A signed integer field ("+2", "-1", "0"). */
static bool field_int(struct datafile *df, int i, int min, int max, int *out)
{
	if (i < df->nfields && df->field[i][0] == '+') {
		char *save = df->field[i];
		df->field[i]++;
		bool ok = datafile_int(df, i, min, max, out);
		df->field[i] = save;
		return ok;
	}
	return datafile_int(df, i, min, max, out);
}

/* A VP value with an optional ".5" ("14.5", "-0.5", "3") into half points. */
static bool field_vp2(struct datafile *df, int i, int *out)
{
	if (i >= df->nfields)
		return datafile_fail(df, "missing VP value (field %d)", i + 1);
	const char *s = df->field[i];
	char *end;
	long whole = strtol(s, &end, 10);
	bool neg = s[0] == '-';
	int half = 0;
	if (end == s || (*end && strcmp(end, ".5") != 0) || whole < -100 || whole > 100)
		return datafile_fail(df, "'%s' is not a VP value (whole or .5)", s);
	if (*end)
		half = 1;
	*out = (int)whole * 2 + (neg ? -half : half);
	return true;
}

static bool field_key(struct datafile *df, int i, char *out)
{
	if (i >= df->nfields)
		return datafile_fail(df, "missing key (field %d)", i + 1);
	const char *s = df->field[i];
	size_t n = strlen(s);
	if (n == 0 || n >= TABLES_KEY_MAX)
		return datafile_fail(df, "key '%s' longer than %d characters", s, TABLES_KEY_MAX - 1);
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return datafile_fail(df, "key '%s': only a-z, 0-9 and '-'", s);
	memcpy(out, s, n + 1);
	return true;
}

/* "2/1" or "1/2*". */
static bool parse_crt_cell(struct datafile *df, int i, struct crt_result *r)
{
	const char *s = df->field[i];
	char *end;
	long a = strtol(s, &end, 10);
	if (end == s || *end != '/' || a < 0 || a > 9)
		return datafile_fail(df, "CRT cell '%s': expected A/D or A/D*", s);
	const char *p = end + 1;
	long d = strtol(p, &end, 10);
	if (end == p || d < 0 || d > 9 || (*end && strcmp(end, "*") != 0))
		return datafile_fail(df, "CRT cell '%s': expected A/D or A/D*", s);
	r->attacker = (int8_t)a;
	r->defender = (int8_t)d;
	r->retreat = *end == '*';
	return true;
}

/* ---- the records ---------------------------------------------------------------------- */

static bool once(struct loader *L, bool *flag, const char *what)
{
	if (*flag)
		return datafile_fail(&L->df, "duplicate %s", what);
	*flag = true;
	return true;
}

/* `charts N`: the version of these charts (docs/formats.md), once. */
static bool rec_charts(struct loader *L)
{
	return once(L, &L->s.charts, "charts") && datafile_nfields(&L->df, 2, false) &&
	       datafile_int(&L->df, 1, 1, TABLES_CHARTS_MAX, &L->t->charts);
}

static bool rec_crt_columns(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 1 + CRT_COLS, false))
		return false;
	for (int c = 0; c < CRT_COLS; c++)
		if (strcmp(df->field[1 + c], column(c)) != 0)
			return datafile_fail(df, "20.1: column %d must be '%s', found '%s'", c + 1,
					     column(c), df->field[1 + c]);
	return once(L, &L->s.columns, "crt-columns");
}

static bool rec_crt_ci(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 1 + CRT_COLS, false))
		return false;
	for (int c = 0; c < CRT_COLS; c++)
		if (!datafile_int(df, 1 + c, 1, 99, &L->t->crt_ci[c]))
			return false;
	return once(L, &L->s.ci, "crt-ci");
}

static bool rec_crt(struct loader *L)
{
	struct datafile *df = &L->df;
	int row;
	if (!datafile_nfields(df, 2 + CRT_COLS, false) ||
	    !field_int(df, 1, CRT_ROW_MIN, CRT_ROW_MAX, &row))
		return false;
	for (int c = 0; c < CRT_COLS; c++)
		if (!parse_crt_cell(df, 2 + c, &L->t->crt[row - CRT_ROW_MIN][c]))
			return false;
	char what[32];
	snprintf(what, sizeof what, "crt row %d", row);
	return once(L, &L->s.crt[row - CRT_ROW_MIN], what);
}

/* "NAME VALUE" records into an array indexed by name. */
static bool rec_named_int(struct loader *L, const char *const *names, int n, int *values,
			  bool *seen, const char *what)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 3, false))
		return false;
	int i = name_index(names, n, df->field[1]);
	if (i < 0)
		return datafile_fail(df, "unknown %s '%s'", what, df->field[1]);
	if (!field_int(df, 2, -9, 9, &values[i]))
		return false;
	char msg[64];
	snprintf(msg, sizeof msg, "%s %s", what, names[i]);
	return once(L, &seen[i], msg);
}

static bool rec_combat_drm(struct loader *L)
{
	return rec_named_int(L, combat_drm_names, COMBAT_DRM_COUNT, L->t->combat_drm,
			     L->s.combat_drm, "combat-drm");
}

static bool rec_fire_drm(struct loader *L)
{
	return rec_named_int(L, fire_drm_names, FIRE_DRM_COUNT, L->t->fire_drm, L->s.fire_drm,
			     "fire-drm");
}

static bool rec_aft(struct loader *L)
{
	struct datafile *df = &L->df;
	int row;
	if (!datafile_nfields(df, 2 + AFT_FIRE_MAX, false) ||
	    !field_int(df, 1, AFT_ROW_MIN, AFT_ROW_MAX, &row))
		return false;
	for (int c = 0; c < AFT_FIRE_MAX; c++) {
		const char *s = df->field[2 + c];
		enum fire_result r;
		if (!strcmp(s, "-"))
			r = FIRE_NONE;
		else if (!strcmp(s, "1+"))
			r = FIRE_DAGGER;
		else if (!strcmp(s, "1"))
			r = FIRE_STEP;
		else
			return datafile_fail(df, "20.3: AFT cell '%s': expected -, 1 or 1+", s);
		L->t->aft[row - AFT_ROW_MIN][c] = r;
	}
	char what[32];
	snprintf(what, sizeof what, "aft row %d", row);
	return once(L, &L->s.aft[row - AFT_ROW_MIN], what);
}

static bool rec_range(struct loader *L)
{
	struct datafile *df = &L->df;
	struct tables *t = L->t;
	if (!datafile_nfields(df, 4, true))
		return false;
	if (df->nfields > 5 || (df->nfields == 5 && strcmp(df->field[4], "parrott") != 0))
		return datafile_fail(df, "range FROM TO DRM [parrott]");
	if (t->nranges == TABLES_RANGE_BANDS)
		return datafile_fail(df, "more than %d range bands", TABLES_RANGE_BANDS);
	struct range_band b;
	if (!datafile_int(df, 1, 1, 99, &b.lo) || !datafile_int(df, 2, 1, 99, &b.hi) ||
	    !field_int(df, 3, -9, 9, &b.drm))
		return false;
	b.parrott_only = df->nfields == 5;
	int expect = t->nranges ? t->range[t->nranges - 1].hi + 1 : 1;
	if (b.lo != expect || b.hi < b.lo)
		return datafile_fail(df, "10.3: range bands must run on without gaps: expected one "
				     "starting at %d", expect);
	if (t->nranges && t->range[t->nranges - 1].parrott_only && !b.parrott_only)
		return datafile_fail(df, "10.3A: an ordinary band after a Parrott-only band");
	t->range[t->nranges++] = b;
	return true;
}

static bool rec_parrott(struct loader *L)
{
	struct datafile *df = &L->df;
	/* once first: a second record must not add to the first one's list (found by
	 * fuzz_tables: it wrote past parrott[]) */
	if (!datafile_nfields(df, 2, true) || !once(L, &L->s.parrott, "parrott"))
		return false;
	if (df->nfields - 1 > TABLES_PARROTT_MAX)
		return datafile_fail(df, "more than %d Parrott units", TABLES_PARROTT_MAX);
	for (int i = 1; i < df->nfields; i++) {
		const char *s = df->field[i];
		int u = s[0] == 'U' ? names_parse_unit(s) : -1; /* the one unit-id parser */
		if (u < 0 || u >= ROSTER_UNION)
			return datafile_fail(df, "10.3A: '%s' is not a Union unit (U1-U%d)", s,
					     ROSTER_UNION);
		L->t->parrott[L->t->nparrott++] = u + 1;
	}
	return true;
}

static bool rec_art_retreat(struct loader *L)
{
	struct datafile *df = &L->df;
	int roll;
	if (!datafile_nfields(df, 3, false) || !datafile_int(df, 1, 1, 6, &roll))
		return false;
	static const char *const names[] = { "ok", "step", "eliminated" };
	int r = name_index(names, 3, df->field[2]);
	if (r < 0)
		return datafile_fail(df, "20.4: result '%s': expected ok, step or eliminated",
				     df->field[2]);
	L->t->art_retreat[roll] = (enum art_retreat)r;
	char what[32];
	snprintf(what, sizeof what, "art-retreat roll %d", roll);
	return once(L, &L->s.art_retreat[roll], what);
}

static bool rec_move_hex(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 3, false))
		return false;
	int ter = map_terrain_parse(df->field[1]);
	if (ter < 0)
		return datafile_fail(df, "unknown terrain '%s'", df->field[1]);
	if (!datafile_int(df, 2, 1, 9, &L->t->move_hex[ter]))
		return false;
	char what[40];
	snprintf(what, sizeof what, "move-hex %s", df->field[1]);
	return once(L, &L->s.move_hex[ter], what);
}

static bool rec_move_road(struct loader *L)
{
	if (!datafile_nfields(&L->df, 2, false) || !datafile_int(&L->df, 1, 1, 9, &L->t->move_road))
		return false;
	return once(L, &L->s.road, "move-road");
}

static bool rec_move_side(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 3, false))
		return false;
	int bit = map_feature_parse(df->field[1]);
	if (bit < 0)
		return datafile_fail(df, "unknown hexside feature '%s'", df->field[1]);
	unsigned road = SIDE_PRIMARY | SIDE_SECONDARY | SIDE_SUNKEN;
	if ((1u << bit) & road)
		return datafile_fail(df, "'%s' is a road side: use move-road", df->field[1]);
	if (!strcmp(df->field[2], "prohibited"))
		L->t->move_side[bit] = -1;
	else if (!datafile_int(df, 2, 0, 9, &L->t->move_side[bit]))
		return false;
	char what[40];
	snprintf(what, sizeof what, "move-side %s", df->field[1]);
	return once(L, &L->s.side[bit], what);
}

static bool rec_vp(struct loader *L)
{
	struct datafile *df = &L->df;
	struct tables *t = L->t;
	if (!datafile_nfields(df, 4, true))
		return false;
	if (df->nfields > 5)
		return datafile_fail(df, "vp KEY PARTIAL FULL [all|any]");
	if (t->nvp == TABLES_VP_MAX)
		return datafile_fail(df, "more than %d VP objectives", TABLES_VP_MAX);
	struct vp_objective o = { .rule = VP_RULE_ALL };
	if (!field_key(df, 1, o.key))
		return false;
	if (tables_vp_objective(t, o.key))
		return datafile_fail(df, "duplicate vp %s", o.key);
	if (!strcmp(df->field[2], "-"))
		o.partial2 = -1;
	else if (!field_vp2(df, 2, &o.partial2))
		return false;
	if (!field_vp2(df, 3, &o.full2))
		return false;
	if (o.partial2 > o.full2)
		return datafile_fail(df, "3.2: partial award above the full award");
	if (df->nfields == 5) {
		const char *r = df->field[4];
		if (!strcmp(r, "all"))
			o.rule = VP_RULE_ALL;
		else if (!strcmp(r, "any"))
			o.rule = VP_RULE_ANY;
		else
			return datafile_fail(df, "vp rule '%s': expected all or any", r);
	}
	t->vp[t->nvp++] = o;
	return true;
}

/* "union"/"confederate" (list-sides.h) → enum side. */
static int side_index(struct datafile *df, int i)
{
	int s = name_index(names_side, SIDE_NONE, df->field[i]);
	if (s >= 0)
		return s;
	datafile_fail(df, "side '%s': expected union or confederate", df->field[i]);
	return -1;
}

static bool rec_eliminated(struct loader *L, bool solo)
{
	struct datafile *df = &L->df;
	int v;
	if (!datafile_nfields(df, 3, false))
		return false;
	int side = side_index(df, 1);
	if (side < 0 || !field_vp2(df, 2, &v))
		return false;
	if (solo)
		*(side ? &L->t->solo_elim_confederate2 : &L->t->solo_elim_union2) = v;
	else
		*(side ? &L->t->vp_elim_confederate2 : &L->t->vp_elim_union2) = v;
	char what[48];
	snprintf(what, sizeof what, "%s %s", df->field[0], df->field[1]);
	return once(L, solo ? &L->s.solo_elim[side] : &L->s.elim[side], what);
}

static bool rec_vp_eliminated(struct loader *L) { return rec_eliminated(L, false); }
static bool rec_solo_eliminated(struct loader *L) { return rec_eliminated(L, true); }

static bool rec_level(struct loader *L)
{
	struct datafile *df = &L->df;
	struct tables *t = L->t;
	if (!datafile_nfields(df, 4, false))
		return false;
	int mode;
	if (!strcmp(df->field[1], "two-player"))
		mode = VICTORY_TWO_PLAYER;
	else if (!strcmp(df->field[1], "solitaire"))
		mode = VICTORY_SOLITAIRE;
	else
		return datafile_fail(df, "level mode '%s': expected two-player or solitaire",
				     df->field[1]);
	if (L->s.level_min[mode])
		return datafile_fail(df, "%s level after the 'min' level", df->field[1]);
	if (t->nlevels[mode] == TABLES_LEVELS_MAX)
		return datafile_fail(df, "more than %d levels", TABLES_LEVELS_MAX);
	struct victory_level v;
	if (!strcmp(df->field[2], "min")) {
		v.min2 = INT_MIN;
		L->s.level_min[mode] = true;
	} else if (!field_vp2(df, 2, &v.min2)) {
		return false;
	}
	if (t->nlevels[mode] && v.min2 >= t->level[mode][t->nlevels[mode] - 1].min2)
		return datafile_fail(df, "levels must be listed from the highest score down");
	if (!field_key(df, 3, v.name))
		return false;
	t->level[mode][t->nlevels[mode]++] = v;
	return true;
}

static bool rec_solo_vp(struct loader *L)
{
	struct datafile *df = &L->df;
	struct tables *t = L->t;
	if (!datafile_nfields(df, 3, false))
		return false;
	if (t->nsolo == TABLES_SOLO_MAX)
		return datafile_fail(df, "more than %d solitaire VP conditions", TABLES_SOLO_MAX);
	struct solo_vp v;
	if (!field_key(df, 1, v.key) || !field_vp2(df, 2, &v.vp2))
		return false;
	for (int i = 0; i < t->nsolo; i++)
		if (!strcmp(t->solo[i].key, v.key))
			return datafile_fail(df, "duplicate solo-vp %s", v.key);
	t->solo[t->nsolo++] = v;
	return true;
}

static bool rec_ap_hill(struct loader *L)
{
	struct datafile *df = &L->df;
	int turn, lo, hi;
	if (!datafile_nfields(df, 4, false) || !datafile_int(df, 1, 1, 11, &turn) ||
	    !datafile_int(df, 2, 1, 6, &lo) || !datafile_int(df, 3, lo, 6, &hi))
		return false;
	L->t->ap_hill_lo[turn] = lo;
	L->t->ap_hill_hi[turn] = hi;
	char what[32];
	snprintf(what, sizeof what, "ap-hill turn %d", turn);
	return once(L, &L->s.ap_hill[turn], what);
}

static bool valid_corps(const char *s)
{
	if (!strncmp(s, "IX/", 3))
		return s[3] >= '1' && s[3] <= '4' && !s[4];
	return name_index(names_corps, CORPS_COUNT, s) >= 0 && strcmp(s, "IX") != 0;
}

static struct corps_row *find_corps(const struct tables *t, const char *corps)
{
	for (int i = 0; i < t->ncorps; i++)
		if (!strcmp(t->corps[i].corps, corps))
			return (struct corps_row *)&t->corps[i];
	return NULL;
}

/* "1-4:hex-1032" or "6:lower-bridge" into cell. */
static bool parse_objective_span(struct datafile *df, int i, struct objective_cell *cell)
{
	const char *s = df->field[i];
	int lo, hi, n = 0;
	if (sscanf(s, "%d-%d:%n", &lo, &hi, &n) == 2 && n > 0) {
	} else if (n = 0, sscanf(s, "%d:%n", &lo, &n) == 1 && n > 0) {
		hi = lo;
	} else {
		return datafile_fail(df, "20.5: '%s': expected ROLLS:KEY, e.g. 1-3:sunken-road", s);
	}
	if (lo < 1 || hi > 6 || lo > hi)
		return datafile_fail(df, "20.5: '%s': die rolls must lie in 1-6", s);
	char key[TABLES_KEY_MAX];
	char *save = df->field[i];
	df->field[i] = (char *)s + n;
	bool ok = field_key(df, i, key);
	df->field[i] = save;
	if (!ok)
		return false;
	int k = cell->nkeys++;
	memcpy(cell->keys[k], key, sizeof key);
	for (int r = lo; r <= hi; r++) {
		if (cell->key_of_roll[r] >= 0)
			return datafile_fail(df, "20.5: die roll %d given twice", r);
		cell->key_of_roll[r] = (int8_t)k;
	}
	return true;
}

static bool rec_objective(struct loader *L)
{
	struct datafile *df = &L->df;
	struct tables *t = L->t;
	int n;
	if (!datafile_nfields(df, 4, true))
		return false;
	if (df->nfields > 3 + 6)
		return datafile_fail(df, "20.5: more than six die-roll spans");
	if (!valid_corps(df->field[1]))
		return datafile_fail(df, "20.5: unknown corps '%s' (I II V VI XII IX/1-IX/4)",
				     df->field[1]);
	if (!datafile_int(df, 2, 1, TABLES_OBJ_ORDINALS, &n))
		return false;
	struct corps_row *row = find_corps(t, df->field[1]);
	if (!row) {
		if (t->ncorps == TABLES_CORPS_ROWS)
			return datafile_fail(df, "more than %d corps rows", TABLES_CORPS_ROWS);
		row = &t->corps[t->ncorps++];
		snprintf(row->corps, sizeof row->corps, "%s", df->field[1]);
	}
	if (n != row->ncells + 1)
		return datafile_fail(df, "20.5: %s objective %d out of order (expected %d)",
				     row->corps, n, row->ncells + 1);
	struct objective_cell *cell = &row->cell[row->ncells++];
	memset(cell->key_of_roll, -1, sizeof cell->key_of_roll);
	for (int i = 3; i < df->nfields; i++)
		if (!parse_objective_span(df, i, cell))
			return false;
	for (int r = 1; r <= 6; r++)
		if (cell->key_of_roll[r] < 0)
			return datafile_fail(df, "20.5: die roll %d has no objective", r);
	return true;
}

static bool rec_ix_draw(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 5, false))
		return false;
	for (int i = 0; i < 4; i++)
		if (!datafile_hex(df, 1 + i, &L->t->ix_draw[i]))
			return false;
	return once(L, &L->s.ix_draw, "ix-draw");
}

static bool rec_commit_priority(struct loader *L)
{
	struct datafile *df = &L->df;
	if (!datafile_nfields(df, 7, false))
		return false;
	bool used[6] = { false };
	for (int i = 0; i < 6; i++) {
		int c = name_index(names_corps, CORPS_COUNT, df->field[1 + i]);
		if (c < 0)
			return datafile_fail(df, "14.3: unknown corps '%s'", df->field[1 + i]);
		if (used[c])
			return datafile_fail(df, "14.3: corps %s listed twice", names_corps[c]);
		used[c] = true;
		snprintf(L->t->commit_priority[i], sizeof L->t->commit_priority[i], "%s",
			 names_corps[c]);
	}
	return once(L, &L->s.priority, "commit-priority");
}

static bool rec_turn(struct loader *L)
{
	struct datafile *df = &L->df;
	int turn, h, m, n = 0;
	if (!datafile_nfields(df, 3, false) || !datafile_int(df, 1, 1, 11, &turn))
		return false;
	if (sscanf(df->field[2], "%2d:%2d%n", &h, &m, &n) != 2 || df->field[2][n] || h < 0 ||
	    h > 23 || m < 0 || m > 59)
		return datafile_fail(df, "time '%s': expected HH:MM", df->field[2]);
	L->t->turn_minutes[turn] = h * 60 + m;
	if (turn > 1 && L->s.turn[turn - 1] && L->t->turn_minutes[turn - 1] >= h * 60 + m)
		return datafile_fail(df, "turn %d does not start after turn %d", turn, turn - 1);
	char what[24];
	snprintf(what, sizeof what, "turn %d", turn);
	return once(L, &L->s.turn[turn], what);
}

static const struct {
	const char *name;
	bool (*fn)(struct loader *L);
} records[] = {
	{ "crt-columns", rec_crt_columns }, { "crt-ci", rec_crt_ci }, { "crt", rec_crt },
	{ "combat-drm", rec_combat_drm }, { "aft", rec_aft }, { "fire-drm", rec_fire_drm },
	{ "range", rec_range }, { "parrott", rec_parrott }, { "art-retreat", rec_art_retreat },
	{ "move-hex", rec_move_hex }, { "move-road", rec_move_road },
	{ "move-side", rec_move_side }, { "vp", rec_vp }, { "vp-eliminated", rec_vp_eliminated },
	{ "level", rec_level }, { "solo-vp", rec_solo_vp },
	{ "solo-eliminated", rec_solo_eliminated }, { "ap-hill", rec_ap_hill },
	{ "objective", rec_objective }, { "ix-draw", rec_ix_draw },
	{ "commit-priority", rec_commit_priority }, { "turn", rec_turn },
	{ "charts", rec_charts },
};

/* ---- whole-file checks ------------------------------------------------------------------ */

/* Attacker-favourability order of two CRT cells: b is at least as good as a for the
 * attacker when it costs him no more and the defender no less, with a retreat kept. */
static bool crt_dominates(struct crt_result b, struct crt_result a)
{
	return b.attacker <= a.attacker && b.defender >= a.defender && (b.retreat || !a.retreat);
}

/* Net steps in the attacker's favour, a retreat worth half a step. */
static int crt_score(struct crt_result r)
{
	return 2 * (r.defender - r.attacker) + (r.retreat ? 1 : 0);
}

/* The CRT improves for the attacker left to right in every row (by net score: the printed
 * rows trade steps, 1/0 → 2/1) and, from printed row 2 down, cell by cell in both
 * directions. Rows -1..1 are printed and keep their one dip (column -1, rows 0→1). */
static bool check_crt(struct datafile *df, const struct tables *t)
{
	for (int r = 0; r < CRT_ROWS; r++) {
		int roll = r + CRT_ROW_MIN;
		for (int c = 1; c < CRT_COLS; c++) {
			bool ok = crt_score(t->crt[r][c]) >= crt_score(t->crt[r][c - 1]);
			if (roll >= 3)
				ok = ok && crt_dominates(t->crt[r][c], t->crt[r][c - 1]);
			if (!ok)
				return datafile_fail(df, "20.1: CRT row %d gets worse for the attacker "
						     "from column %s to %s", roll, column(c - 1), column(c));
		}
		if (roll >= 3)
			for (int c = 0; c < CRT_COLS; c++)
				if (!crt_dominates(t->crt[r][c], t->crt[r - 1][c]))
					return datafile_fail(df, "20.1: CRT column %s gets worse for the "
							     "attacker from roll %d to %d", column(c),
							     roll - 1, roll);
	}
	return true;
}

/* The AFT never gets weaker with a higher roll or a higher fire value. */
static bool check_aft(struct datafile *df, const struct tables *t)
{
	for (int r = 0; r < AFT_ROWS; r++)
		for (int c = 0; c < AFT_FIRE_MAX; c++) {
			bool ok = (c == 0 || t->aft[r][c] >= t->aft[r][c - 1]) &&
				  (r == 0 || t->aft[r][c] >= t->aft[r - 1][c]);
			if (!ok)
				return datafile_fail(df, "20.3: AFT row %d fire value %d is weaker than "
						     "its neighbour above or to the left",
						     r + AFT_ROW_MIN, c + 1);
		}
	return true;
}

/* Every required record of the combat and fire charts and the movement costs was present;
 * the line number of the message is the last line. */
static bool check_charts_complete(struct loader *L)
{
	struct datafile *df = &L->df;
	const struct seen *s = &L->s;
	const struct tables *t = L->t;
	if (!s->columns)
		return datafile_fail(df, "missing crt-columns");
	if (!s->ci)
		return datafile_fail(df, "missing crt-ci");
	for (int r = 0; r < CRT_ROWS; r++)
		if (!s->crt[r])
			return datafile_fail(df, "20.1: missing crt row %d", r + CRT_ROW_MIN);
	for (int i = 0; i < COMBAT_DRM_COUNT; i++)
		if (!s->combat_drm[i])
			return datafile_fail(df, "missing combat-drm %s", combat_drm_names[i]);
	for (int r = 0; r < AFT_ROWS; r++)
		if (!s->aft[r])
			return datafile_fail(df, "20.3: missing aft row %d", r + AFT_ROW_MIN);
	for (int i = 0; i < FIRE_DRM_COUNT; i++)
		if (!s->fire_drm[i])
			return datafile_fail(df, "missing fire-drm %s", fire_drm_names[i]);
	if (t->nranges == 0)
		return datafile_fail(df, "20.3: missing range bands");
	if (!s->parrott)
		return datafile_fail(df, "10.3A: missing parrott");
	for (int r = 1; r <= 6; r++)
		if (!s->art_retreat[r])
			return datafile_fail(df, "20.4: missing art-retreat roll %d", r);
	for (int i = 0; i < TERRAIN_COUNT; i++)
		if (!s->move_hex[i])
			return datafile_fail(df, "missing move-hex %s",
					     map_terrain_name((enum terrain)i));
	if (!s->road)
		return datafile_fail(df, "missing move-road");
	static const unsigned need[] = { SIDE_BRIDGE, SIDE_RUN, SIDE_SLOPE, SIDE_CREST,
					 SIDE_FORD, SIDE_CREEK };
	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
		int bit = __builtin_ctz(need[i]);
		if (!s->side[bit])
			return datafile_fail(df, "missing move-side %s",
					     map_feature_name(1u << bit));
	}
	return true;
}

/* The records the format requires by key (docs/formats.md "tables.txt"): a file without one
 * of them is refused, "path: missing …" (the lines of the others cannot say where it went). */
static const char *const vp_keys[] = { /* 3.2: the printed VP objectives, footnotes 1-4 */
	"nicodemus-hill", "miller-cornfield", "west-wood", "north-wood", "east-wood",
	"dunker-church", "sunken-road", "hex-1943", "sharpsburg", "road-1032", "lower-bridge",
};
static const char *const level_keys[] = { /* 3.5 and 19.0B: six levels in each mode */
	"union-decisive", "union-substantial", "union-marginal", "confederate-marginal",
	"confederate-substantial", "confederate-decisive",
};
static const char *const solo_keys[] = { /* 19.0A: the solitaire conditions */
	"dunker-church-road", "sunken-road-all", "sunken-road-some", "sharpsburg-all",
	"road-1032", "harpers-ferry-road",
};

static bool missing(struct loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool missing(struct loader *L, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(L->df.err, sizeof L->df.err, "%.200s: missing %s", L->df.path, msg);
	return false;
}

/* Every record the format lists by key is there: each 3.2 VP objective, the six levels of
 * each mode, each 19.0A condition, all three 20.5 objectives of every corps row, and the
 * Parrott guns' band of 10.3A. */
static bool check_keys_complete(struct loader *L)
{
	const struct tables *t = L->t;
	if (!t->nranges || !t->range[t->nranges - 1].parrott_only)
		return missing(L, "range FROM TO DRM parrott (10.3A: the band only the Parrott guns "
			       "reach)");
	for (size_t i = 0; i < sizeof vp_keys / sizeof vp_keys[0]; i++)
		if (!tables_vp_objective(t, vp_keys[i]))
			return missing(L, "vp %s (3.2: every VP objective has its line)", vp_keys[i]);
	static const char *const mode[VICTORY_MODES] = { "two-player", "solitaire" };
	for (int m = 0; m < VICTORY_MODES; m++)
		for (size_t k = 0; k < sizeof level_keys / sizeof level_keys[0]; k++) {
			int i = 0;
			while (i < t->nlevels[m] && strcmp(t->level[m][i].name, level_keys[k]))
				i++;
			if (i == t->nlevels[m])
				return missing(L, "level %s %s (%s)", mode[m], level_keys[k],
					       m ? "19.0B" : "3.5");
		}
	for (size_t k = 0; k < sizeof solo_keys / sizeof solo_keys[0]; k++) {
		int i = 0;
		while (i < t->nsolo && strcmp(t->solo[i].key, solo_keys[k]))
			i++;
		if (i == t->nsolo)
			return missing(L, "solo-vp %s (19.0A)", solo_keys[k]);
	}
	for (int i = 0; i < t->ncorps; i++)
		if (t->corps[i].ncells != TABLES_OBJ_ORDINALS)
			return missing(L, "objective %s %d (20.5: each corps row has %d)",
				       t->corps[i].corps, t->corps[i].ncells + 1, TABLES_OBJ_ORDINALS);
	return true;
}

/* Every required record of victory, reinforcements, objectives and turns was present. */
static bool check_rest_complete(struct loader *L)
{
	struct datafile *df = &L->df;
	const struct seen *s = &L->s;
	const struct tables *t = L->t;
	if (!s->elim[0] || !s->elim[1])
		return datafile_fail(df, "3.4: missing vp-eliminated for a side");
	if (!s->solo_elim[0] || !s->solo_elim[1])
		return datafile_fail(df, "19.0: missing solo-eliminated for a side");
	for (int m = 0; m < VICTORY_MODES; m++)
		if (!s->level_min[m])
			return datafile_fail(df, "%s levels must end with a 'min' level",
					     m ? "solitaire" : "two-player");
	for (int turn = 8; turn <= 11; turn++)
		if (!s->ap_hill[turn])
			return datafile_fail(df, "9.1A: missing ap-hill turn %d", turn);
	if (t->ap_hill_lo[11] != 1 || t->ap_hill_hi[11] != 6)
		return datafile_fail(df, "9.1C: A.P. Hill must be certain to arrive on turn 11");
	for (int i = 0; i < SOLO_FORMATIONS; i++)
		if (!find_corps(t, names_solo_formation[i]))
			return datafile_fail(df, "20.5: missing objective rows of %s", names_solo_formation[i]);
	if (!s->ix_draw)
		return datafile_fail(df, "15.6C: missing ix-draw");
	if (!s->priority)
		return datafile_fail(df, "14.3: missing commit-priority");
	for (int turn = 1; turn <= 11; turn++)
		if (!s->turn[turn])
			return datafile_fail(df, "missing turn %d", turn);
	return true;
}

/* ---- loading ------------------------------------------------------------------------- */

/* The loader behind tables_load and tables_load_stream: reads f when it is not NULL, else
 * opens path. */
static bool load(struct tables *out, FILE *f, const char *path, char *err, size_t errlen)
{
	struct loader *L = calloc(1, sizeof *L);
	if (!L) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	L->t = &L->scratch;
	L->t->charts = 1;
	bool ok = datafile_open_either(&L->df, f, path, "tables", 1);
	int r = 0;
	while (ok && (r = datafile_next(&L->df)) > 0) {
		size_t i = 0, n = sizeof records / sizeof records[0];
		while (i < n && strcmp(records[i].name, L->df.field[0]) != 0)
			i++;
		if (i == n)
			ok = datafile_fail(&L->df, "unknown record '%s'", L->df.field[0]);
		else
			ok = records[i].fn(L);
	}
	if (ok && r < 0)
		ok = false;
	if (ok)
		ok = check_charts_complete(L) && check_rest_complete(L) && check_keys_complete(L) && check_crt(&L->df, L->t) &&
		     check_aft(&L->df, L->t);
	if (ok)
		*out = *L->t;
	ok = datafile_finish(&L->df, ok, err, errlen);
	free(L);
	return ok;
}

bool tables_load(struct tables *out, const char *path, char *err, size_t errlen)
{
	return load(out, NULL, path, err, errlen);
}

bool tables_load_stream(struct tables *out, FILE *f, const char *name, char *err, size_t errlen)
{
	return load(out, f, name, err, errlen);
}
