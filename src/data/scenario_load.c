/* scenario_load.c — owns loading the data files of a directory all together (which directory
 * is the program's choice: include/paths.h), and the table of every step's charts cost
 * built from them for the movement search. */
#include "scenario.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "move.h"
#include "start.h"
#include "victory.h"

/* The first objective the charts and the victory rules name that the map lacks (NULL: none),
 * and the rule that names it: a map alone may lack them (test maps do), a scenario to play on
 * may not, or its VPs and the solitaire bot's objectives go silently missing. */
static const char *missing_objective(const struct scenario *s, const char **rule)
{
	const char *key = victory_missing_objective(&s->map, &s->tables, rule);
	if (key)
		return key;
	const struct tables *t = &s->tables;
	for (int i = 0; i < t->ncorps; i++)
		for (int n = 0; n < t->corps[i].ncells; n++)
			for (int k = 0; k < t->corps[i].cell[n].nkeys; k++) {
				key = t->corps[i].cell[n].keys[k];
				if (strcmp(key, TABLES_NO_OBJECTIVE) && strcmp(key, TABLES_IX_DRAW) &&
				    !map_objective(&s->map, key)) {
					*rule = "20.5: a corps objective of the charts";
					return key;
				}
			}
	return NULL;
}

/* The entry edges a scenario's map must have (a map alone may lack them: test maps do);
 * without its edge the reinforcement never enters. */
static bool check_edges(const struct map *m, const char *path, char *err, size_t errlen)
{
	if (m->n_ap_hill_edge && m->n_vi_corps_edge)
		return true;
	snprintf(err, errlen, "%s: missing %s", path, !m->n_ap_hill_edge
		 ? "edge ap-hill (9.1: where A.P. Hill's division enters)"
		 : "edge vi-corps (9.3: where VI Corps enters)");
	return false;
}

/* The file of version k of one kind (NAME.txt for today's, the newest n, NAME-K.txt before). */
static void version_path(char *path, size_t len, const char *dir, const char *name, int k, int n)
{
	if (k == n)
		snprintf(path, len, "%s/%s.txt", dir, name);
	else
		snprintf(path, len, "%s/%s-%d.txt", dir, name, k);
}

/* err, prefixed with what failed: "…: ground 1 of 3 (games saved with it open with it)". */
static bool older_failed(char *err, size_t errlen, const char *what, int k, int n)
{
	char why[512];
	snprintf(why, sizeof why, "%s", err);
	snprintf(err, errlen, "%s (%s %d of %d: games saved with it open with it)", why, what, k, n);
	return false;
}

/* Today's file of each kind must be newer than every one kept: a NAME-N.txt beside a NAME.txt of
 * version N means the latter lost its version record (or the two were mixed up). */
static bool check_newest(const char *dir, const char *name, const char *record, int n,
			 char *err, size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s-%d.txt", dir, name, n);
	if (access(path, F_OK))
		return true;
	snprintf(err, errlen, "%s/%s.txt: names %s %d (none: 1), but %s is that version kept: "
		 "today's file must name a newer one", dir, name, record, n, path);
	return false;
}

/* Every other combination of the versions of s (the ground 1 … G, the order of battle 1 … O,
 * the charts 1 … C of dir, G, O and C today's), each a copy of s with its own map and set-up,
 * counters and charts, in s->older in the order scenario_version finds them. */
static bool load_older(struct scenario *s, const char *dir, char *err, size_t errlen)
{
	s->older = NULL;
	s->newest = NULL;
	int G = scenario_ground(s), O = scenario_oob_version(s), C = scenario_charts(s);
	int n = G * O * C - 1; /* the last combination, today's, is s itself */
	if (!check_newest(dir, "map", "ground", G, err, errlen) ||
	    !check_newest(dir, "setup-historical", "ground", G, err, errlen) ||
	    !check_newest(dir, "units", "order-of-battle", O, err, errlen) ||
	    !check_newest(dir, "tables", "charts", C, err, errlen))
		return false;
	if (n <= 0)
		return true;
	struct scenario *older = malloc((size_t)n * sizeof *older);
	struct map *maps = malloc((size_t)G * sizeof *maps);
	struct tables *charts = malloc((size_t)C * sizeof *charts);
	bool ok = older && maps && charts;
	if (!ok)
		snprintf(err, errlen, "%s: out of memory", dir);
	char path[PATH_MAX], setup[PATH_MAX];
	for (int k = 1; ok && k < G; k++) {
		version_path(path, sizeof path, dir, "map", k, G);
		ok = map_load(&maps[k - 1], path, err, errlen) &&
		     check_edges(&maps[k - 1], path, err, errlen);
		if (ok && maps[k - 1].ground != k) {
			snprintf(err, errlen, "%s: names ground %d, not %d", path, maps[k - 1].ground, k);
			ok = false;
		}
		if (!ok)
			older_failed(err, errlen, "ground", k, G);
	}
	for (int k = 1; ok && k < C; k++) {
		version_path(path, sizeof path, dir, "tables", k, C);
		ok = tables_load(&charts[k - 1], path, err, errlen);
		if (ok && charts[k - 1].charts != k) {
			snprintf(err, errlen, "%s: names charts %d, not %d", path, charts[k - 1].charts,
				 k);
			ok = false;
		}
		if (!ok)
			older_failed(err, errlen, "charts", k, C);
	}
	if (ok) {
		maps[G - 1] = s->map;
		charts[C - 1] = s->tables;
	}
	for (int i = 0; ok && i < n; i++) {
		int g = i / (O * C) + 1, o = i / C % O + 1, c = i % C + 1;
		struct scenario *v = &older[i];
		*v = *s;
		v->newest = s;
		v->map = maps[g - 1];
		v->tables = charts[c - 1];
		if (g < G) { /* the scenarios of data/scenarios/ stand on today's ground */
			v->start = NULL;
			v->nstarts = 0;
		}
		if (g < G || o < O) {
			version_path(path, sizeof path, dir, "units", o, O);
			version_path(setup, sizeof setup, dir, "setup-historical", g, G);
			ok = roster_load(&v->roster, path, setup, err, errlen);
			if (ok && v->roster.version != o) {
				snprintf(err, errlen, "%s: names order of battle %d, not %d", path,
					 v->roster.version, o);
				ok = false;
			} else if (ok && v->roster.ground != g) {
				snprintf(err, errlen, "%s: names ground %d, not %d", setup,
					 v->roster.ground, g);
				ok = false;
			}
			if (!ok) {
				older_failed(err, errlen, o < O ? "order of battle" : "ground",
					     o < O ? o : g, o < O ? O : G);
				break;
			}
		}
		const char *rule, *key = missing_objective(v, &rule);
		if (key) {
			version_path(path, sizeof path, dir, "map", g, G);
			snprintf(err, errlen, "%s: missing objective %s (%s)", path, key, rule);
			ok = older_failed(err, errlen, "ground", g, G);
		}
		if (g < G || c < C)
			scenario_step_costs(v);
	}
	free(maps);
	free(charts);
	if (!ok) {
		free(older);
		return false;
	}
	s->older = older;
	return true;
}

bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen)
{
	s->older = NULL;
	s->newest = NULL;
	s->start = NULL;
	s->nstarts = 0;
	char a[PATH_MAX], b[PATH_MAX];
	snprintf(a, sizeof a, "%s/map.txt", dir);
	if (!map_load(&s->map, a, err, errlen) || !check_edges(&s->map, a, err, errlen))
		return false;
	snprintf(a, sizeof a, "%s/units.txt", dir);
	snprintf(b, sizeof b, "%s/setup-historical.txt", dir);
	if (!roster_load(&s->roster, a, b, err, errlen))
		return false;
	if (s->roster.ground != s->map.ground) {
		snprintf(err, errlen, "%s: names ground %d, its map ground %d (the map and its "
			 "set-up change together)", b, s->roster.ground, s->map.ground);
		return false;
	}
	snprintf(a, sizeof a, "%s/tables.txt", dir);
	if (!tables_load(&s->tables, a, err, errlen))
		return false;
	const char *rule, *key = missing_objective(s, &rule);
	if (key) {
		snprintf(err, errlen, "%s/map.txt: missing objective %s (%s)", dir, key, rule);
		return false;
	}
	snprintf(a, sizeof a, "%s/general.txt", dir);
	if (!general_tunables_load(&s->general, a, err, errlen))
		return false;
	scenario_step_costs(s);
	if (!start_load_dir(s, dir, err, errlen))
		return false;
	if (!load_older(s, dir, err, errlen)) {
		scenario_free(s);
		return false;
	}
	return true;
}

void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	free(s->older);
	s->older = NULL;
	if (!s->newest) /* the older ones share the newest's scenarios */
		free(s->start);
	s->start = NULL;
	s->nstarts = 0;
}

void scenario_set_general(struct scenario *s, const struct general_tunables *t)
{
	s->general = *t;
	int n = scenario_ground(s) * scenario_oob_version(s) * scenario_charts(s) - 1;
	for (int i = 0; s->older && i < n; i++)
		s->older[i].general = *t;
}

int scenario_oob_version(const struct scenario *s)
{
	return s->roster.version > 0 ? s->roster.version : 1;
}

int scenario_ground(const struct scenario *s)
{
	return s->map.ground > 0 ? s->map.ground : 1;
}

int scenario_charts(const struct scenario *s)
{
	return s->tables.charts > 0 ? s->tables.charts : 1;
}

const struct scenario *scenario_newest(const struct scenario *s)
{
	return s->newest ? s->newest : s;
}

const struct scenario *scenario_version(const struct scenario *s, int ground, int oob,
					int charts)
{
	const struct scenario *top = scenario_newest(s);
	int G = scenario_ground(top), O = scenario_oob_version(top), C = scenario_charts(top);
	if (ground < 1 || ground > G || oob < 1 || oob > O || charts < 1 || charts > C)
		return NULL;
	int i = ((ground - 1) * O + (oob - 1)) * C + (charts - 1);
	if (i == G * O * C - 1)
		return top;
	return top->older ? &top->older[i] : NULL;
}

const struct scenario *scenario_oob(const struct scenario *s, int version)
{
	return scenario_version(s, scenario_ground(s), version, scenario_charts(s));
}

void scenario_step_costs(struct scenario *s)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		for (int d = 0; d < HEX_NDIRS; d++) {
			s->step_cost[i][d] =
				(int8_t)(nb[i][d] < 0 ? -1 : move_enter_cost_index(s, i, d, nb[i][d]));
			s->step[i][d].to = (int16_t)(nb[i][d] < 0 ? 0 : nb[i][d]);
			s->step[i][d].cost = s->step_cost[i][d] < 0 ? SCENARIO_STEP_NONE
								    : (uint8_t)s->step_cost[i][d];
			s->step[i][d].unused = 0;
		}
	game_memo_forget(); /* the searches kept were made on the map as it was */
}
