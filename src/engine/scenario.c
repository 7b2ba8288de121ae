/* scenario.c — owns loading the data files of a directory all together (which directory
 * is the program's choice: include/paths.h), and the table of every step's charts cost
 * built from them for the movement search. */
#include "scenario.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "move.h"
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

bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen)
{
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
	return true;
}

void scenario_step_costs(struct scenario *s)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		for (int d = 0; d < HEX_NDIRS; d++)
			s->step_cost[i][d] =
				(int8_t)(nb[i][d] < 0 ? -1 : move_enter_cost_index(s, i, d, nb[i][d]));
}
