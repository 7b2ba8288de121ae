/* scenario.h — everything loaded from data/ that a game is played on: the map, the counters
 * and set-ups, and the charts. Immutable once loaded; a struct game points at one. */
#ifndef ANTIETAM_SCENARIO_H
#define ANTIETAM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "map.h"
#include "roster.h"
#include "tables.h"

struct scenario {
	struct map map;
	struct roster roster;
	struct tables tables;
};

/* Load every data file of dir into *s (heap-sized: allocate it); all or nothing. */
bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen);

#endif
