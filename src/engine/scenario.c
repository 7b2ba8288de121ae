/* scenario.c — owns loading the data files of a directory all together (which directory
 * is the program's choice: include/paths.h). */
#include "scenario.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

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
	return true;
}
