/* map.c — TRANSIENT: replaced by the map loader (issue 3). */
#include "map.h"

#include <stdio.h>

bool map_load(struct map *m, const char *path, char *err, size_t errlen)
{
	(void)m;
	snprintf(err, errlen, "%s: the map loader is not written yet", path);
	return false;
}
