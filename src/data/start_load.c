/* start_load.c — owns reading the scenarios a game may start from (start.h):
 * data/scenarios/KEY.txt with every value checked against the map, the counters and the rules
 * of a position (7.0 stacking, one side a hex, reinforcements off the map only while they may
 * still come, 13.2B two Committed corps). Putting a start's position onto a new game, its last
 * turn and the sector victory of seed 002's 4.2 (The Cornfield) are the rules'
 * (src/engine/start_rules.c). The format is docs/formats.md's
 * ("Scenario files"); where the values come from is in each file and docs/provenance-hours.md. */
#include "start.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "game.h"
#include "scenario.h"
#include "solitaire.h"
#include "stack.h"
#include "tables.h"
#include "victory.h"

static const char *const place_words[] = { "", "off", "dead", "out" }; /* enum start_place */

/* The rest of the line from field i, joined with single blanks. */
static void join_fields(const struct datafile *df, int i, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (; i < df->nfields && n + 1 < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", df->field[i]);
}

static bool reinforcement(const struct scenario *s, int u)
{
	const struct unit_def *d = &s->roster.unit[u];
	return d->side == SIDE_UNION ? d->corps == CORPS_VI : !strcmp(d->formation, "AH");
}

static bool valid_key(const char *k)
{
	enum game_setup reserved;
	if (!*k || strlen(k) >= START_KEY_MAX)
		return false;
	for (const char *p = k; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return false;
	return !names_parse_setup(k, &reserved); /* a set-up's word is no scenario's */
}

static int objective_index(const struct scenario *s, const char *key)
{
	for (int i = 0; i < s->map.nobjectives; i++)
		if (!strcmp(s->map.objective[i].key, key))
			return i;
	return -1;
}

/* One column of a `solitaire` line: an objective key, `none` (15.5), `hex:CCRR` (a 15.6C
 * marker) or `?` (not yet looked up: rolled when the formation reaches it, 15.2A). */
static bool read_solo_column(struct datafile *df, const struct scenario *s, int f, int n,
			     struct start_solo *o)
{
	const char *w = df->field[3 + n];
	o->hex[n] = HEX_NONE;
	if (!strcmp(w, "?")) {
		const char *cell = tables_corps_objective(&s->tables, names_solo_formation[f], n + 1, 1);
		if (cell && !strcmp(cell, TABLES_IX_DRAW))
			return datafile_fail(df, "%s column %d is a marker drawn at the start (15.6C): "
					     "give its hex (hex:CCRR)", names_solo_formation[f], n + 1);
		o->key[n] = SOLO_OBJ_UNROLLED;
	} else if (!strcmp(w, "none")) {
		o->key[n] = SOLO_OBJ_NONE;
	} else if (!strncmp(w, "hex:", 4)) {
		int h;
		if (!hex_parse(w + 4, &h))
			return datafile_fail(df, "'%s' is not hex:CCRR", w);
		o->key[n] = SOLO_OBJ_HEX;
		o->hex[n] = (int16_t)h;
	} else {
		int k = objective_index(s, w);
		if (k < 0)
			return datafile_fail(df, "'%s' is not an objective of the map", w);
		o->key[n] = (int8_t)k;
	}
	return true;
}

struct reading {
	struct datafile df;
	const struct scenario *s;
	struct start st;
	int unit_line[ROSTER_UNITS];
	bool corps_seen[CORPS_COUNT], solo_seen[SOLO_FORMATIONS], rest_out;
	int seen_turns, seen_victory, seen_key, seen_ap, seen_vi, seen_hood;
	bool vi_on;
};

static bool rd_unit(struct reading *r)
{
	struct datafile *df = &r->df;
	if (!datafile_nfields(df, 3, true) || df->nfields > 4)
		return datafile_fail(df, "expected 'unit ID HEX STEPS' or 'unit ID off|dead|out'");
	int u = roster_find(&r->s->roster, df->field[1]);
	if (u < 0)
		return datafile_fail(df, "'%s' is not a unit", df->field[1]);
	if (r->unit_line[u])
		return datafile_fail(df, "%s given twice (line %d)", df->field[1], r->unit_line[u]);
	r->unit_line[u] = df->line;
	struct start_unit *su = &r->st.unit[u];
	const struct unit_def *d = &r->s->roster.unit[u];
	for (int p = START_OFF; p <= START_OUT; p++)
		if (!strcmp(df->field[2], place_words[p])) {
			if (df->nfields != 3)
				return datafile_fail(df, "'%s' takes no steps", df->field[2]);
			su->place = (enum start_place)p;
			if (p == START_OFF && !reinforcement(r->s, u))
				return datafile_fail(df, "%s is not a reinforcement (9.1A, 9.3A): only "
						     "VI Corps and A.P. Hill are off the map", d->id);
			return true;
		}
	int hex, steps;
	if (df->nfields != 4 || !datafile_hex(df, 2, &hex) ||
	    !datafile_int(df, 3, 1, d->steps, &steps))
		return df->nfields != 4 ? datafile_fail(df, "expected 'unit %s HEX STEPS'", d->id)
					: false;
	su->place = START_ON_MAP;
	su->hex = (int16_t)hex;
	su->steps = (int8_t)steps;
	return true;
}

static bool rd_corps(struct reading *r)
{
	struct datafile *df = &r->df;
	enum corps c;
	if (!datafile_nfields(df, 3, false))
		return false;
	if (!roster_corps_parse(df->field[1], &c))
		return datafile_fail(df, "'%s' is not a corps (I II V VI IX XII)", df->field[1]);
	if (r->corps_seen[c])
		return datafile_fail(df, "corps %s given twice", df->field[1]);
	r->corps_seen[c] = true;
	const char *w = df->field[2];
	enum corps_status st;
	if (!strcmp(w, "withdrawn")) { /* 13.5C: Unavailable, and committed once (14.4) */
		st = CORPS_UNAVAILABLE;
		r->st.committed_once |= (uint8_t)(1u << c);
	} else if (!names_parse_corps_status(w, &st)) {
		return datafile_fail(df, "'%s' is not a status (committed, available, unavailable, "
				     "withdrawn)", w);
	}
	if (st == CORPS_COMMITTED)
		r->st.committed_once |= (uint8_t)(1u << c);
	r->st.corps[c] = st;
	return true;
}

static bool rd_solitaire(struct reading *r)
{
	struct datafile *df = &r->df;
	if (!datafile_nfields(df, 3 + SOLO_ORDINALS, false))
		return datafile_fail(df, "expected 'solitaire FORMATION CURRENT OBJ OBJ OBJ'");
	int f = -1;
	for (int i = 0; i < SOLO_FORMATIONS; i++)
		if (!strcmp(df->field[1], names_solo_formation[i]))
			f = i;
	if (f < 0)
		return datafile_fail(df, "'%s' is not a row of the Corps Objective Chart (20.5)",
				     df->field[1]);
	if (r->solo_seen[f])
		return datafile_fail(df, "solitaire %s given twice", df->field[1]);
	r->solo_seen[f] = true;
	struct start_solo *o = &r->st.solo[f];
	int cur;
	if (!strcmp(df->field[2], "done"))
		cur = SOLO_ORDINALS + 1;
	else if (!datafile_int(df, 2, 1, SOLO_ORDINALS, &cur))
		return false;
	o->current = (int8_t)(cur - 1);
	for (int n = 0; n < SOLO_ORDINALS; n++) {
		if (!read_solo_column(df, r->s, f, n, o))
			return false;
		if (n < o->current && o->key[n] == SOLO_OBJ_UNROLLED)
			return datafile_fail(df, "%s column %d is behind the objective pursued: give it "
					     "(15.4 may send the corps back to it)", df->field[1],
					     n + 1);
	}
	return true;
}

static bool rd_record(struct reading *r)
{
	struct datafile *df = &r->df;
	struct start *st = &r->st;
	const char *w = df->field[0];
	if (!strcmp(w, "unit"))
		return rd_unit(r);
	if (!strcmp(w, "corps"))
		return rd_corps(r);
	if (!strcmp(w, "solitaire"))
		return rd_solitaire(r);
	if (!strcmp(w, "rest")) {
		if (!datafile_nfields(df, 2, false) || strcmp(df->field[1], "out"))
			return datafile_fail(df, "expected 'rest out'");
		r->rest_out = true;
		return true;
	}
	if (!strcmp(w, "key")) {
		if (!datafile_nfields(df, 2, false) || !valid_key(df->field[1]))
			return datafile_fail(df, "expected 'key NAME' (a-z, 0-9, '-'; not historical, "
					     "quick or empty)");
		snprintf(st->key, sizeof st->key, "%s", df->field[1]);
		r->seen_key++;
		return true;
	}
	if (!strcmp(w, "title") || !strcmp(w, "about")) {
		if (!datafile_nfields(df, 2, true))
			return false;
		if (!strcmp(w, "title"))
			join_fields(df, 1, st->title, sizeof st->title);
		else
			join_fields(df, 1, st->about, sizeof st->about);
		return true;
	}
	if (!strcmp(w, "hour")) {
		if (!datafile_nfields(df, 2, false) || strlen(df->field[1]) >= sizeof st->hour)
			return datafile_fail(df, "expected 'hour H:MM'");
		snprintf(st->hour, sizeof st->hour, "%s", df->field[1]);
		return true;
	}
	if (!strcmp(w, "turns")) {
		r->seen_turns++;
		if (!datafile_nfields(df, 3, false) ||
		    !datafile_int(df, 1, 1, GAME_TURNS, &st->first_turn) ||
		    !datafile_int(df, 2, st->first_turn, GAME_TURNS, &st->last_turn))
			return false;
		return true;
	}
	if (!strcmp(w, "area")) {
		if (!datafile_nfields(df, 5, false))
			return false;
		for (int i = 0; i < 4; i++)
			if (!datafile_int(df, 1 + i, 0, 99, &st->area[i]))
				return false;
		if (st->area[0] > st->area[2] || st->area[1] > st->area[3])
			return datafile_fail(df, "expected 'area COL-MIN ROW-MIN COL-MAX ROW-MAX'");
		return true;
	}
	if (!strcmp(w, "victory")) {
		r->seen_victory++;
		if (df->nfields == 2 && !strcmp(df->field[1], "game")) {
			st->victory = START_VICTORY_GAME;
			return true;
		}
		if (df->nfields != 4 || strcmp(df->field[1], "sector") ||
		    !datafile_hex(df, 2, &st->hold_hex))
			return df->nfields == 4 && !strcmp(df->field[1], "sector") ? false :
			       datafile_fail(df, "expected 'victory game' or 'victory sector HEX OBJECTIVE'");
		st->victory = START_VICTORY_SECTOR;
		st->objective = objective_index(r->s, df->field[3]);
		if (st->objective < 0)
			return datafile_fail(df, "'%s' is not an objective of the map", df->field[3]);
		return true;
	}
	if (!strcmp(w, "hood")) { /* 4.5C */
		r->seen_hood++;
		if (!datafile_nfields(df, 2, false) ||
		    (strcmp(df->field[1], "held") && strcmp(df->field[1], "released")))
			return datafile_fail(df, "expected 'hood held|released' (4.5C)");
		st->hood_released = !strcmp(df->field[1], "released");
		return true;
	}
	if (!strcmp(w, "ap-hill")) { /* 9.1 */
		r->seen_ap++;
		if (df->nfields == 2 && !strcmp(df->field[1], "waiting"))
			return true;
		if (df->nfields != 3 || strcmp(df->field[1], "triggered"))
			return datafile_fail(df, "expected 'ap-hill waiting' or 'ap-hill triggered TURN' (9.1)");
		st->ap_hill_triggered = true;
		return datafile_int(df, 2, 8, GAME_TURNS, &st->ap_hill_turn);
	}
	if (!strcmp(w, "vi-corps")) { /* 9.3 */
		r->seen_vi++;
		if (!datafile_nfields(df, 2, true) ||
		    (strcmp(df->field[1], "off") && strcmp(df->field[1], "entered")) ||
		    df->nfields > 3 || (df->nfields == 3 && strcmp(df->field[2], "free")))
			return datafile_fail(df, "expected 'vi-corps off' or 'vi-corps entered [free]' (9.3)");
		r->vi_on = !strcmp(df->field[1], "entered");
		st->vi_entered_free = df->nfields == 3; /* 9.3D */
		return true;
	}
	if (!strcmp(w, "control")) { /* 3.3 */
		int hex, side;
		if (!datafile_nfields(df, 3, false) || !datafile_hex(df, 1, &hex))
			return false;
		for (side = 0; side <= SIDE_NONE; side++)
			if (!strcmp(df->field[2], names_side[side]))
				break;
		if (side > SIDE_NONE)
			return datafile_fail(df, "'%s' is not union, confederate or none", df->field[2]);
		for (int i = 0; i < st->ncontrol; i++)
			if (st->control_hex[i] == hex)
				return datafile_fail(df, "control of %04d given twice", hex);
		if (st->ncontrol >= START_CONTROL_MAX)
			return datafile_fail(df, "more than %d control lines", START_CONTROL_MAX);
		st->control_hex[st->ncontrol] = (int16_t)hex;
		st->control_side[st->ncontrol++] = (uint8_t)side;
		return true;
	}
	return datafile_fail(df, "unknown record '%s'", w);
}

static bool in_area(const struct start *st, int hex)
{
	if (!st->area[0] && !st->area[1] && !st->area[2] && !st->area[3])
		return true;
	int c = hex / 100, row = hex % 100;
	return c >= st->area[0] && c <= st->area[2] && row >= st->area[1] && row <= st->area[3];
}

/* The whole file read: what no single line can check. */
static bool check_whole(struct reading *r)
{
	struct datafile *df = &r->df;
	struct start *st = &r->st;
	const struct scenario *s = r->s;
	df->line++; /* messages about the whole file name the line after its last */
	if (r->seen_key != 1 || !st->title[0] || r->seen_turns != 1 || r->seen_victory != 1 ||
	    r->seen_ap != 1 || r->seen_vi != 1 || r->seen_hood != 1 || !st->hour[0])
		return datafile_fail(df, "a scenario gives each of key, title, hour, turns, victory, "
				     "hood, ap-hill and vi-corps exactly once");
	if (st->hood_released == false && st->first_turn != 1)
		return datafile_fail(df, "4.5C holds Hood only on turn 1: 'hood released'");
	for (int c = 0; c < CORPS_COUNT; c++)
		if (!r->corps_seen[c])
			return datafile_fail(df, "no 'corps %s' line", names_corps[c]);
	int committed = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		committed += st->corps[c] == CORPS_COMMITTED;
	if (committed > 2)
		return datafile_fail(df, "13.2B: only two corps can be Committed");
	if (st->corps[CORPS_VI] != CORPS_UNAVAILABLE && st->first_turn < 6)
		return datafile_fail(df, "13.8: VI Corps is Unavailable before turn 6");
	for (int f = 0; f < SOLO_FORMATIONS; f++)
		if (!r->solo_seen[f])
			return datafile_fail(df, "no 'solitaire %s' line (15.2)", names_solo_formation[f]);
	if (st->ap_hill_triggered && st->ap_hill_turn < st->first_turn) {
		df->line--;
		return datafile_fail(df, "ap-hill triggered on turn %d, before the first turn %d: "
				     "give A.P. Hill's units their hexes", st->ap_hill_turn,
				     st->first_turn);
	}
	/* every objective hex's control (3.3) */
	for (int i = 0; i < s->map.nobjectives; i++)
		for (int k = 0; k < s->map.objective[i].nhexes; k++) {
			int h = s->map.objective[i].hexes[k], found = 0;
			for (int j = 0; j < st->ncontrol; j++)
				found |= st->control_hex[j] == h;
			if (!found)
				return datafile_fail(df, "no 'control %04d' line (%s)", h,
						     s->map.objective[i].key);
		}
	/* the units: every one given (or `rest out`), reinforcements as the state says, a legal
	 * position (7.0, one side a hex) */
	static struct game g; /* a scratch position for stack_why: too large for the stack */
	memset(&g, 0, sizeof g);
	g.scn = s;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		g.unit[u].hex = HEX_NONE;
		g.unit[u].steps = (int8_t)s->roster.unit[u].steps;
	}
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct start_unit *su = &st->unit[u];
		const struct unit_def *d = &s->roster.unit[u];
		if (!r->unit_line[u]) {
			if (!r->rest_out)
				return datafile_fail(df, "no 'unit %s' line (or 'rest out')", d->id);
			su->place = START_OUT;
			continue;
		}
		df->line = r->unit_line[u];
		bool vi = d->side == SIDE_UNION && d->corps == CORPS_VI;
		bool ah = d->side == SIDE_CONFEDERATE && !strcmp(d->formation, "AH");
		if (vi && !r->vi_on && su->place != START_OFF && su->place != START_OUT)
			return datafile_fail(df, "%s: 'vi-corps off' keeps VI Corps off the map (9.3A)",
					     d->id);
		if (vi && r->vi_on && su->place == START_OFF)
			return datafile_fail(df, "%s: 'vi-corps entered' has VI Corps on the map", d->id);
		if (ah && su->place == START_ON_MAP &&
		    !(st->ap_hill_triggered && st->ap_hill_turn < st->first_turn))
			return datafile_fail(df, "%s: A.P. Hill is on the map only once arrived (9.1): "
					     "'ap-hill triggered TURN' before the first turn", d->id);
		if (ah && su->place == START_OFF && st->ap_hill_triggered &&
		    st->ap_hill_turn < st->first_turn)
			return datafile_fail(df, "%s: A.P. Hill arrived on turn %d: place it", d->id,
					     st->ap_hill_turn);
		if (su->place != START_ON_MAP)
			continue;
		if (!in_area(st, su->hex))
			return datafile_fail(df, "%s at %04d is outside the scenario's area", d->id,
					     su->hex);
		char why[160];
		for (int v = 0; v < ROSTER_UNITS; v++)
			if (g.unit[v].hex == su->hex && s->roster.unit[v].side != d->side)
				return datafile_fail(df, "%s at %04d shares the hex with the enemy's %s",
						     d->id, su->hex, s->roster.unit[v].id);
		if (!stack_why(&g, su->hex, u, why, sizeof why))
			return datafile_fail(df, "%s at %04d: %s", d->id, su->hex, why);
		g.unit[u].hex = su->hex;
		g.unit[u].steps = su->steps;
	}
	if (st->victory == START_VICTORY_SECTOR && !in_area(st, st->hold_hex))
		return datafile_fail(df, "the victory hex %04d is outside the area", st->hold_hex);
	return true;
}

bool start_load(struct start *out, const struct scenario *s, const char *path, char *err,
		size_t errlen)
{
	static struct reading r; /* large; the loader is not re-entered */
	memset(&r, 0, sizeof r);
	r.s = s;
	for (int c = 0; c < CORPS_COUNT; c++)
		r.st.corps[c] = CORPS_UNAVAILABLE;
	if (!datafile_open(&r.df, path, "scenario", 1))
		return datafile_finish(&r.df, false, err, errlen);
	bool ok = true;
	int k;
	while (ok && (k = datafile_next(&r.df)) != 0)
		ok = k > 0 && rd_record(&r);
	ok = ok && check_whole(&r);
	if (ok)
		*out = r.st;
	return datafile_finish(&r.df, ok, err, errlen);
}

static int by_turn(const void *a, const void *b)
{
	const struct start *x = a, *y = b;
	if (x->first_turn != y->first_turn)
		return x->first_turn - y->first_turn;
	return strcmp(x->key, y->key);
}

bool start_load_dir(struct scenario *s, const char *dir, char *err, size_t errlen)
{
	s->start = NULL;
	s->nstarts = 0;
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/scenarios", dir);
	DIR *d = opendir(path);
	if (!d)
		return true; /* no scenarios: the standard game only (test data directories) */
	char names[START_MAX][256];
	int n = 0;
	struct dirent *e;
	bool ok = true;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 4, ".txt"))
			continue;
		if (n == START_MAX || len >= sizeof names[0]) {
			snprintf(err, errlen, "%s: more than %d scenarios (or a name too long)", path,
				 START_MAX);
			ok = false;
			break;
		}
		snprintf(names[n++], sizeof names[0], "%s", e->d_name);
	}
	closedir(d);
	if (!ok || n == 0)
		return ok;
	struct start *st = calloc((size_t)n, sizeof *st);
	if (!st) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	for (int i = 0; i < n; i++) {
		char file[PATH_MAX + 256];
		snprintf(file, sizeof file, "%s/%s", path, names[i]);
		if (!start_load(&st[i], s, file, err, errlen)) {
			free(st);
			return false;
		}
		for (int j = 0; j < i; j++)
			if (!strcmp(st[j].key, st[i].key)) {
				snprintf(err, errlen, "%s: key %s is also another scenario's", file,
					 st[i].key);
				free(st);
				return false;
			}
	}
	qsort(st, (size_t)n, sizeof *st, by_turn);
	s->start = st;
	s->nstarts = n;
	return true;
}
