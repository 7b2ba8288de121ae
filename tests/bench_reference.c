/* bench_reference.c — the plain six-search Dijkstra of bench_reference.h. */
#include "bench_reference.h"

#include <string.h>

#include "move.h"

#define INF 255

/* The position as the units of one side see it: enemy hexes, their ZOC, and the hexes
 * within two of an enemy (8.9A), by a breadth-first spread. */
struct ref_pos {
	uint8_t enemy[HEX_INDEX_COUNT];
	uint8_t ezoc[HEX_INDEX_COUNT];
	uint8_t near[HEX_INDEX_COUNT];
};

void bench_ref_prepare(struct bench_ref *r, const struct scenario *s)
{
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		for (int d = 0; d < HEX_NDIRS; d++) {
			int a = hex_from_index(i);
			int b = hex_valid(a) ? hex_neighbour(a, (enum hex_dir)d) : HEX_NONE;
			r->nb[i][d] = (int16_t)(b == HEX_NONE ? -1 : hex_index(b));
			r->cost[i][d] = (int8_t)(b == HEX_NONE ? -1 : move_enter_cost(s, a, b));
			r->road[i][d] = (uint8_t)(b == HEX_NONE ? 0
					: s->map.hex[i].side[d] & (SIDE_PRIMARY | SIDE_SECONDARY));
		}
}

static void ref_position(const struct bench_ref *r, const struct game *g, enum side side,
			 struct ref_pos *p)
{
	memset(p->enemy, 0, sizeof p->enemy);
	memset(p->ezoc, 0, sizeof p->ezoc);
	memset(p->near, INF, sizeof p->near);
	int16_t queue[HEX_INDEX_COUNT];
	int qh = 0, qt = 0;
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (!unit_on_map(g, v) || unit_side(v) == side)
			continue;
		int i = hex_index(g->unit[v].hex);
		p->enemy[i] = 1;
		if (p->near[i])
			queue[qt++] = (int16_t)i;
		p->near[i] = 0;
		for (int d = 0; d < HEX_NDIRS; d++)
			if (r->cost[i][d] >= 0)
				p->ezoc[r->nb[i][d]] = 1;
	}
	while (qh < qt) {
		int i = queue[qh++];
		if (p->near[i] >= 2)
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = r->nb[i][d];
			if (n >= 0 && p->near[n] == INF) {
				p->near[n] = (uint8_t)(p->near[i] + 1);
				queue[qt++] = (int16_t)n;
			}
		}
	}
}

/* One Dijkstra from hex index start with `budget` MPs; roads: the road bits each step must
 * cross (0: any hexside); dbl: every hex entered three or more from the enemy. */
static void ref_search(const struct bench_ref *r, const struct ref_pos *p, int start,
		       int budget, unsigned roads, bool dbl, uint8_t *cost)
{
	int16_t heap_hex[6 * HEX_INDEX_COUNT];
	uint8_t heap_cost[6 * HEX_INDEX_COUNT];
	int n = 0;
	memset(cost, INF, HEX_INDEX_COUNT);
	cost[start] = 0;
	heap_hex[0] = (int16_t)start;
	heap_cost[0] = 0;
	n = 1;
	while (n > 0) {
		int h = heap_hex[0], k = heap_cost[0];
		int lh = heap_hex[--n], lk = heap_cost[n], i = 0;
		for (;;) {
			int c = 2 * i + 1;
			if (c >= n)
				break;
			if (c + 1 < n && heap_cost[c + 1] < heap_cost[c])
				c++;
			if (heap_cost[c] >= lk)
				break;
			heap_hex[i] = heap_hex[c];
			heap_cost[i] = heap_cost[c];
			i = c;
		}
		heap_hex[i] = (int16_t)lh;
		heap_cost[i] = (uint8_t)lk;
		if (k > cost[h] || (h != start && p->ezoc[h]))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = r->nb[h][d], step = r->cost[h][d];
			if (b < 0 || step < 0 || p->enemy[b] || (roads && !(r->road[h][d] & roads)) ||
			    (dbl && p->near[b] < 3) || (roads && p->ezoc[b]))
				continue;
			step += p->ezoc[b];
			if (k + step > budget || k + step >= cost[b])
				continue;
			cost[b] = (uint8_t)(k + step);
			int j = n++;
			while (j > 0 && heap_cost[(j - 1) / 2] > cost[b]) {
				heap_hex[j] = heap_hex[(j - 1) / 2];
				heap_cost[j] = heap_cost[(j - 1) / 2];
				j = (j - 1) / 2;
			}
			heap_hex[j] = (int16_t)b;
			heap_cost[j] = cost[b];
		}
	}
}

static int ref_unit(const struct bench_ref *r, const struct ref_pos *p, const struct game *g,
		    int u)
{
	static const struct {
		int mul, add;
		unsigned roads;
	} mode[6] = {
		{ 1, 0, 0 },                                     /* 8.1 */
		{ 1, 3, SIDE_PRIMARY },                          /* 8.8.2B */
		{ 1, 2, SIDE_PRIMARY | SIDE_SECONDARY },         /* 8.8.2C */
		{ 2, 0, 0 },                                     /* 8.9B */
		{ 2, 6, SIDE_PRIMARY },                          /* 8.9C */
		{ 2, 4, SIDE_PRIMARY | SIDE_SECONDARY },
	};
	int start = hex_index(g->unit[u].hex), ma = unit_def(g, u)->ma;
	if (start < 0)
		return 0;
	uint8_t best[HEX_INDEX_COUNT], cost[HEX_INDEX_COUNT];
	memset(best, INF, sizeof best);
	for (int m = 0; m < 6; m++) {
		ref_search(r, p, start, mode[m].mul * ma + mode[m].add, mode[m].roads,
			   mode[m].mul == 2, cost);
		for (int i = 0; i < HEX_INDEX_COUNT; i++)
			if (cost[i] < best[i])
				best[i] = cost[i];
	}
	int n = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		n += best[i] != INF;
	return n;
}

long bench_ref_legal(const struct bench_ref *r, const struct game *g)
{
	struct ref_pos p;
	char err[8];
	long n = 0;
	ref_position(r, g, g->side, &p);
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_side(u) == g->side && move_unit_may_move(g, u, err, sizeof err))
			n += ref_unit(r, &p, g, u);
	return n;
}

int bench_ref_reachable(const struct bench_ref *r, const struct game *g, int u)
{
	char err[8];
	if (!move_unit_may_move(g, u, err, sizeof err))
		return 0;
	struct ref_pos p;
	ref_position(r, g, unit_side(u), &p);
	return ref_unit(r, &p, g, u);
}
