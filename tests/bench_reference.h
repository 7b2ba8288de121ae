/* bench_reference.h — the yardstick of `make bench`'s movement figures (issue 20): a plain
 * Dijkstra over the same map with the same costs, six searches a unit (plain, the two road
 * bonuses, double-time and its two road bonuses: 8.8.2, 8.9), written the way a textbook
 * would, with none of the engine's rules beyond what the costs need (enemy hexes, their
 * ZOC's +1 MP and stop, 8.9A's three hexes, roads only for the road modes). What it prints
 * is not a legal move list: it is the work a movement search cannot do with less. */
#ifndef ANTIETAM_BENCH_REFERENCE_H
#define ANTIETAM_BENCH_REFERENCE_H

#include "game.h"
#include "scenario.h"

/* What the reference precomputes once per scenario (as the engine loads its charts): the
 * neighbours of every hex as dense indices and the cost of every step across a hexside by
 * the charts (move_enter_cost), with its road bits. */
struct bench_ref {
	int16_t nb[HEX_INDEX_COUNT][HEX_NDIRS];
	int8_t cost[HEX_INDEX_COUNT][HEX_NDIRS];   /* -1: may not be crossed */
	uint8_t road[HEX_INDEX_COUNT][HEX_NDIRS];  /* SIDE_PRIMARY | SIDE_SECONDARY bits */
};

void bench_ref_prepare(struct bench_ref *r, const struct scenario *s);
/* The six searches of every unit of the side to move that may move (move_legal's work): the
 * number of hexes some search reached, summed over the units. */
long bench_ref_legal(const struct bench_ref *r, const struct game *g);
/* The same for one unit, its own view of the position built first (move_reachable's work):
 * the hexes reached, 0 when the unit may not move. */
int bench_ref_reachable(const struct bench_ref *r, const struct game *g, int u);

#endif
