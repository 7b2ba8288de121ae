/* scenario.h — everything loaded from data/ that a game is played on: the map, the counters
 * and set-ups, the charts, and the step costs built from the map and the charts. Immutable
 * once loaded; a struct game points at one. */
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
	/* The charts' MPs of every step, move_enter_cost (move.h) from hex index i across its
	 * side d: -1 where the side may not be crossed (8.7.6) or there is no neighbour. Read by
	 * the movement search, millions of times a game; filled by scenario_step_costs. */
	int8_t step_cost[HEX_INDEX_COUNT][HEX_NDIRS];
};

/* Load every data file of dir into *s (heap-sized: allocate it); all or nothing. */
bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen);
/* Fill s->step_cost from the map and the charts: scenario_load does; whoever builds or
 * changes a scenario's map or movement charts by hand afterwards (the tests' boards) calls it
 * again. */
void scenario_step_costs(struct scenario *s);

#endif
