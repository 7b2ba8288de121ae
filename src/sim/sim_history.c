/* sim_history.c — owns data/history.txt (docs/formats.md, sources in
 * docs/provenance-history.md): what 17 September 1862 cost and who held what at nightfall,
 * and the figures derived from it in the game's own terms — losses in steps at the data's
 * men per step, the hour of A.P. Hill's arrival as a game-turn, and the day's holdings
 * counted by 3.2–3.5 and 19.0 on the game's own victory count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datafile.h"
#include "sim.h"
#include "victory.h"

#define HISTORY_VERSION 1

static bool side_field(struct datafile *df, int i, enum side *s)
{
	if (!names_parse_side(df->field[i], s) || *s == SIDE_NONE)
		return datafile_fail(df, "'%s': a side is union or confederate", df->field[i]);
	return true;
}

/* "losses SIDE MEN killed=K wounded=W missing=M": the parts must add up. */
static bool losses(struct datafile *df, struct sim_history *h, bool *seen)
{
	enum side s;
	int men, part[3], sum = 0;
	static const char *const keys[3] = { "killed", "wounded", "missing" };
	if (!datafile_nfields(df, 6, false) || !side_field(df, 1, &s) ||
	    !datafile_int(df, 2, 0, 1000000, &men))
		return false;
	for (int i = 0; i < 3; i++) {
		const char *v = datafile_keyval(df, 3 + i, keys[i]);
		char *end;
		if (!v)
			return false;
		part[i] = (int)strtol(v, &end, 10);
		if (*end || end == v || part[i] < 0)
			return datafile_fail(df, "%s: a number of men", keys[i]);
		sum += part[i];
	}
	if (sum != men)
		return datafile_fail(df, "killed, wounded and missing add up to %d, not %d", sum, men);
	if (seen[s])
		return datafile_fail(df, "the %s losses are given twice", names_of_side(s));
	seen[s] = true;
	h->men_lost[s] = men;
	return true;
}

static int objective_index(const struct map *m, const char *key)
{
	for (int i = 0; i < m->nobjectives; i++)
		if (!strcmp(m->objective[i].key, key))
			return i;
	return -1;
}

/* "held SIDE KEY…": each objective of data/map.txt in exactly one list. */
static bool held(struct datafile *df, const struct map *m, struct sim_history *h, int *owner)
{
	enum side s;
	if (!datafile_nfields(df, 3, true) || !side_field(df, 1, &s))
		return false;
	for (int i = 2; i < df->nfields; i++) {
		int o = objective_index(m, df->field[i]);
		if (o < 0)
			return datafile_fail(df, "'%s' is not an objective of the map", df->field[i]);
		if (owner[o] != SIDE_NONE)
			return datafile_fail(df, "%s is held twice", df->field[i]);
		owner[o] = (int)s;
		h->held_union[o] = s == SIDE_UNION;
	}
	return true;
}

/* "ap-hill HH:MM": the turn whose hour it falls in (Turn Record Track, data/tables.txt). */
static bool ap_hill(struct datafile *df, const struct tables *t, struct sim_history *h)
{
	int hh, mm;
	char extra;
	if (!datafile_nfields(df, 2, false))
		return false;
	if (sscanf(df->field[1], "%d:%d%c", &hh, &mm, &extra) != 2 || hh < 0 || hh > 23 || mm < 0 ||
	    mm > 59)
		return datafile_fail(df, "'%s': a time is HH:MM", df->field[1]);
	int at = hh * 60 + mm;
	h->ap_hill_turn = 0;
	for (int turn = 1; turn <= GAME_TURNS; turn++)
		if (t->turn_minutes[turn] <= at && at < t->turn_minutes[turn] + 60)
			h->ap_hill_turn = turn;
	if (!h->ap_hill_turn)
		return datafile_fail(df, "%s is outside the game's turns", df->field[1]);
	snprintf(h->ap_hill_time, sizeof h->ap_hill_time, "%s", df->field[1]);
	return true;
}

static bool corps_losses(struct datafile *df, struct sim_history *h)
{
	enum corps c;
	if (!datafile_nfields(df, 3, false))
		return false;
	if (!names_parse_corps(df->field[1], &c))
		return datafile_fail(df, "'%s' is not a Union corps", df->field[1]);
	if (h->corps_men[c] >= 0)
		return datafile_fail(df, "corps %s is given twice", df->field[1]);
	return datafile_int(df, 2, 0, 100000, &h->corps_men[c]);
}

/* Men per step of a side's infantry in the data (units.txt: men engaged and steps). */
static double men_per_step(const struct roster *r, enum side s)
{
	double men = 0, steps = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (r->unit[u].side == s && r->unit[u].type == UNIT_INFANTRY) {
			men += r->unit[u].strength;
			steps += r->unit[u].steps;
		}
	return steps > 0 ? men / steps : 1;
}

/* The day's holdings on the game's count: every objective hex to its holder, every other
 * hex Confederate (Lee held the field), the eliminations of the day. */
static void count(const struct scenario *s, struct sim_history *h, const int *owner)
{
	struct game *g = malloc(sizeof *g);
	if (!g)
		return;
	struct game_options opt = { 0 };
	game_new(g, s, SETUP_HISTORICAL, 1, &opt);
	memset(g->control, SIDE_CONFEDERATE, sizeof g->control);
	for (int o = 0; o < s->map.nobjectives; o++)
		for (int k = 0; k < s->map.objective[o].nhexes; k++)
			g->control[hex_index(s->map.objective[o].hexes[k])] = (uint8_t)owner[o];
	/* brigades that ceased to exist: the first infantry units of the side */
	for (int side = 0; side < 2; side++)
		for (int u = 0, left = h->infantry_elim[side]; u < ROSTER_UNITS && left; u++)
			if ((int)unit_side(u) == side && unit_def(g, u)->type == UNIT_INFANTRY) {
				g->unit[u].steps = 0;
				g->unit[u].hex = HEX_NONE;
				left--;
			}
	struct victory_count c;
	victory_two_player(g, &c);
	h->vp2_two = c.vp2;
	snprintf(h->level_two, sizeof h->level_two, "%s", c.level);
	victory_solitaire(g, &c);
	h->vp2_solo = c.vp2;
	snprintf(h->level_solo, sizeof h->level_solo, "%s", c.level);
	free(g);
}

/* 1862 by the hour: history-hours.txt and nbh-grid.txt beside path, when both are there
 * (hours.n 0 otherwise); a file that is there must load. */
static bool hours_beside(struct sim_history *h, const struct scenario *s, const char *path,
			 char *err, size_t errlen)
{
	char dir[1024], grid[1100], hours[1100];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(dir, sizeof dir, ".");
	snprintf(grid, sizeof grid, "%s/nbh-grid.txt", dir);
	snprintf(hours, sizeof hours, "%s/history-hours.txt", dir);
	h->hours.n = 0;
	if (access(grid, F_OK) != 0 && access(hours, F_OK) != 0)
		return true;
	return sim_hours_load(&h->hours, s, grid, hours, err, errlen);
}

bool sim_history_load(struct sim_history *out, const struct scenario *s, const char *path,
		      char *err, size_t errlen)
{
	struct datafile *df = malloc(sizeof *df);
	struct sim_history *h = calloc(1, sizeof *h);
	if (!df || !h) {
		free(df);
		free(h);
		snprintf(err, errlen, "out of memory");
		return false;
	}
	int owner[MAP_OBJ_MAX];
	bool seen_loss[2] = { false, false }, seen_elim[2] = { false, false }, seen_hill = false;
	for (int i = 0; i < MAP_OBJ_MAX; i++)
		owner[i] = SIDE_NONE;
	for (int c = 0; c < CORPS_COUNT; c++)
		h->corps_men[c] = -1;
	bool ok = datafile_open(df, path, "history", HISTORY_VERSION);
	int k;
	while (ok && (k = datafile_next(df)) != 0) {
		const char *rec = df->field[0];
		enum side sd;
		if (k < 0)
			ok = false;
		else if (!strcmp(rec, "losses"))
			ok = losses(df, h, seen_loss);
		else if (!strcmp(rec, "corps-losses"))
			ok = corps_losses(df, h);
		else if (!strcmp(rec, "held"))
			ok = held(df, &s->map, h, owner);
		else if (!strcmp(rec, "ap-hill"))
			ok = !seen_hill ? (seen_hill = true, ap_hill(df, &s->tables, h))
					: datafile_fail(df, "ap-hill is given twice");
		else if (!strcmp(rec, "eliminated")) {
			ok = datafile_nfields(df, 3, false) && side_field(df, 1, &sd);
			if (ok && seen_elim[sd])
				ok = datafile_fail(df, "eliminated %s is given twice", df->field[1]);
			if (ok)
				ok = datafile_int(df, 2, 0, ROSTER_CONFEDERATE, &h->infantry_elim[sd]);
			if (ok)
				seen_elim[sd] = true;
		} else
			ok = datafile_fail(df, "unknown record '%s'", rec);
	}
	if (ok) {
		/* what the whole file must have said, reported at its last line */
		const char *missing = !seen_loss[0] || !seen_loss[1] ? "losses of both sides"
				      : !seen_elim[0] || !seen_elim[1] ? "eliminated of both sides"
				      : !seen_hill ? "ap-hill" : NULL;
		for (int o = 0; !missing && o < s->map.nobjectives; o++)
			if (owner[o] == SIDE_NONE)
				missing = s->map.objective[o].key;
		if (missing)
			ok = datafile_fail(df, "the file does not give %s%s", missing,
					   strchr(missing, ' ') ? "" : " in a held line");
	}
	if (ok && !hours_beside(h, s, path, df->err, sizeof df->err))
		ok = false; /* df->err holds the hours' own "path:line: message" */
	if (ok) {
		for (int sd = 0; sd < 2; sd++)
			h->steps_lost[sd] = (int)(h->men_lost[sd] /
						  men_per_step(&s->roster, (enum side)sd) + 0.5);
		count(s, h, owner);
		*out = *h;
	}
	free(h);
	ok = datafile_finish(df, ok, err, errlen);
	free(df);
	return ok;
}
