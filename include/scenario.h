/* scenario.h — everything loaded from data/ that a game is played on: the map, the counters
 * and set-ups, the charts, the step costs built from the map and the charts, and the
 * computer general's tunables. Immutable
 * once loaded; a struct game points at one.
 *
 * The data a game is played on is versioned three ways: the ground (data/map.txt and
 * data/setup-historical.txt, `ground N`, map.h), the order of battle (data/units.txt,
 * `order-of-battle N`, roster.h) and the charts (data/tables.txt, `charts N`, tables.h). Every
 * earlier version the program has shipped stays in data/ beside today's, its version in its
 * name (map-K.txt with setup-historical-K.txt, units-K.txt, tables-K.txt for K = 1 … N-1), and
 * the scenario loaded carries one scenario for every combination of versions, so that a game
 * saved with earlier data opens and goes on with its own (position_read.c; docs/formats.md). */
#ifndef ANTIETAM_SCENARIO_H
#define ANTIETAM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "general_tunables.h"
#include "map.h"
#include "roster.h"
#include "tables.h"

#define SCENARIO_STEP_NONE 128

struct scenario {
	struct map map;
	struct roster roster;
	struct tables tables;
	/* The computer general's tunables (data/general.txt): the rules never read them; the
	 * older scenarios carry today's (a game saved with earlier data is played by today's
	 * general). */
	struct general_tunables general;
	/* The charts' MPs of every step, move_enter_cost (move.h) from hex index i across its
	 * side d: -1 where the side may not be crossed (8.7.6) or there is no neighbour. Read by
	 * the movement search, millions of times a game; filled by scenario_step_costs. */
	int8_t step_cost[HEX_INDEX_COUNT][HEX_NDIRS];
	/* The same with the neighbour, for the search's inner loop (one load a step): `to` the
	 * neighbour's hex index (0 where there is none) and `cost` the MPs, SCENARIO_STEP_NONE
	 * where step_cost is -1 (more than any allowance the fast loop takes). */
	struct scenario_step {
		int16_t to;
		uint8_t cost;
		uint8_t unused;
	} step[HEX_INDEX_COUNT][HEX_NDIRS];
	struct scenario *older;         /* every other combination of the versions (heap: free
					   with scenario_free; scenario_version finds one), NULL
					   when each of the three has one version */
	const struct scenario *newest;  /* in one of those: the scenario it belongs to; else NULL */
	struct start *start;            /* the scenarios of dir/scenarios/ (start.h; heap, shared
					   by the older ones of today's ground: freed with
					   scenario_free), or NULL */
	int nstarts;
};

/* Load every data file of dir (general.txt among them) into *s (heap-sized: allocate it), the scenarios of
 * dir/scenarios/ (start.h), and every earlier version of the ground, the order of battle and
 * the charts (dir/map-K.txt and setup-historical-K.txt, units-K.txt, tables-K.txt: each must
 * be there and name its version); all or nothing. Free what it allocated with scenario_free
 * before freeing s. */
bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen);
/* Put t in place of the general's tunables of s (as scenario_load filled it) and of every
 * older scenario it carries (the simulator's --general-weights). */
void scenario_set_general(struct scenario *s, const struct general_tunables *t);
/* Fill s->step_cost from the map and the charts: scenario_load does; whoever builds or
 * changes a scenario's map or movement charts by hand afterwards (the tests' boards) calls it
 * again. */
void scenario_step_costs(struct scenario *s);
/* Free the earlier orders of battle and the scenarios of s (s itself is the caller's); s may
 * be NULL. */
void scenario_free(struct scenario *s);
/* The scenario of ground `ground`, order of battle `oob` and charts `charts` that s (or the
 * scenario s belongs to) carries: itself, one of its older ones, or NULL when it has no such
 * version. */
const struct scenario *scenario_version(const struct scenario *s, int ground, int oob,
					int charts);
/* The scenario of order of battle `version` on s's ground and charts (scenario_version). */
const struct scenario *scenario_oob(const struct scenario *s, int version);
/* The versions of s: its order of battle (its roster's version), its ground (its map's) and
 * its charts (its tables'); 1 for a scenario built without one. */
int scenario_oob_version(const struct scenario *s);
int scenario_ground(const struct scenario *s);
int scenario_charts(const struct scenario *s);
/* The newest version of each that s (or the scenario s belongs to) carries: today's data. */
const struct scenario *scenario_newest(const struct scenario *s);

#endif
