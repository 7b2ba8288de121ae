/* scenario_load.c — owns loading the data files of a directory all together (which directory
 * is the program's choice: include/paths.h), and the table of every step's charts cost
 * built from them for the movement search. */
#include "scenario.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The earlier orders of battle dir/units-K.txt (K = 1 … s's version - 1), each a copy of s with
 * its own counters (setup: the set-up file, the same for all). */
static bool load_older(struct scenario *s, const char *dir, const char *setup, char *err,
		       size_t errlen)
{
	s->older = NULL;
	s->newest = NULL;
	int n = scenario_oob_version(s) - 1;
	if (n <= 0)
		return true;
	struct scenario *older = malloc((size_t)n * sizeof *older);
	if (!older) {
		snprintf(err, errlen, "%s/units.txt: out of memory", dir);
		return false;
	}
	for (int k = 1; k <= n; k++) {
		struct scenario *o = &older[k - 1];
		char path[PATH_MAX];
		*o = *s;
		o->newest = s;
		snprintf(path, sizeof path, "%s/units-%d.txt", dir, k);
		bool ok = roster_load(&o->roster, path, setup, err, errlen);
		if (ok && o->roster.version != k) {
			snprintf(err, errlen, "%s: names order of battle %d, not %d", path,
				 o->roster.version, k);
			ok = false;
		}
		if (!ok) {
			char why[512];
			snprintf(why, sizeof why, "%s", err);
			snprintf(err, errlen, "%s (order of battle %d of %d: games saved with it "
				 "open with it)", why, k, n + 1);
			free(older);
			return false;
		}
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
	if (!map_load(&s->map, a, err, errlen))
		return false;
	/* A map alone may lack them (test maps do); a scenario to play on may not: without its
	 * edge the reinforcement never enters. */
	if (!s->map.n_ap_hill_edge || !s->map.n_vi_corps_edge) {
		snprintf(err, errlen, "%s: missing %s", a, !s->map.n_ap_hill_edge
			 ? "edge ap-hill (9.1: where A.P. Hill's division enters)"
			 : "edge vi-corps (9.3: where VI Corps enters)");
		return false;
	}
	snprintf(a, sizeof a, "%s/units.txt", dir);
	snprintf(b, sizeof b, "%s/setup-historical.txt", dir);
	if (!roster_load(&s->roster, a, b, err, errlen))
		return false;
	snprintf(a, sizeof a, "%s/tables.txt", dir);
	if (!tables_load(&s->tables, a, err, errlen))
		return false;
	const char *rule, *key = missing_objective(s, &rule);
	if (key) {
		snprintf(err, errlen, "%s/map.txt: missing objective %s (%s)", dir, key, rule);
		return false;
	}
	scenario_step_costs(s);
	if (!start_load_dir(s, dir, err, errlen))
		return false;
	if (!load_older(s, dir, b, err, errlen)) {
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

int scenario_oob_version(const struct scenario *s)
{
	return s->roster.version > 0 ? s->roster.version : 1;
}

const struct scenario *scenario_oob(const struct scenario *s, int version)
{
	const struct scenario *top = s->newest ? s->newest : s;
	int newest = scenario_oob_version(top);
	if (version == newest)
		return top;
	if (version >= 1 && version < newest && top->older)
		return &top->older[version - 1];
	return NULL;
}

void scenario_step_costs(struct scenario *s)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		for (int d = 0; d < HEX_NDIRS; d++)
			s->step_cost[i][d] =
				(int8_t)(nb[i][d] < 0 ? -1 : move_enter_cost_index(s, i, d, nb[i][d]));
	game_memo_forget(); /* the searches kept were made on the map as it was */
}
