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
	snprintf(a, sizeof a, "%s/units.txt", dir);
	snprintf(b, sizeof b, "%s/setup-historical.txt", dir);
	if (!roster_load(&s->roster, a, b, err, errlen))
		return false;
	snprintf(a, sizeof a, "%s/tables.txt", dir);
	if (!tables_load(&s->tables, a, err, errlen))
		return false;
	return true;
}
