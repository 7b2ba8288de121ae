/* bot_objective.c — owns how the bot heads for the Union corps objectives of the solitaire
 * game (15.0): the formation of each unit and of U57 (15.6A–B), the hexes of the objective a
 * formation pursues that the Union does not control (15.3), and the distance field that
 * leads there. The objectives themselves (15.2 dice, 15.2A, 15.4, 15.5, 15.6C) are engine
 * steps (src/engine/solitaire.c); this file only reads them.
 *
 * Reading (docs/rules-notes.md): a unit heads for the nearest of the objective's hexes the
 * Union does not control. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_internal.h"
#include "move.h"

/* 15.6B: the IX Corps division U57 belongs to now (1–4): the first whose infantry is on the
 * map. */
static int u57_division(const struct game *g)
{
	for (int div = 1; div <= 4; div++)
		for (int u = 0; u < ROSTER_UNION; u++) {
			const struct unit_def *d = bot_def(g, u);
			if (d->corps == CORPS_IX && d->division == div && d->type == UNIT_INFANTRY &&
			    unit_on_map(g, u))
				return div;
		}
	return 4;
}

int bot_formation(const struct game *g, int u)
{
	const struct unit_def *d = bot_def(g, u);
	switch (d->corps) {
	case CORPS_I: return SOLO_I;
	case CORPS_II: return SOLO_II;
	case CORPS_V: return SOLO_V;
	case CORPS_VI: return SOLO_VI;
	case CORPS_XII: return SOLO_XII;
	case CORPS_IX: {
		int div = d->division >= 1 && d->division <= 4 ? d->division : u57_division(g);
		return SOLO_IX1 + div - 1;
	}
	default: return -1;
	}
}

const char *bot_objective_name(const struct bot *b, int f, char *buf, size_t len)
{
	const struct solitaire_state *st = &b->g->solitaire;
	if (st->current[f] >= SOLO_ORDINALS) {
		snprintf(buf, len, "none");
		return buf;
	}
	return solitaire_objective_label(b->s, &st->obj[f][st->current[f]], buf, len);
}

int bot_objective_hexes(const struct bot *b, int f, int *out, int max)
{
	const struct solitaire_state *st = &b->g->solitaire;
	if (f < 0 || f >= SOLO_FORMATIONS || st->current[f] >= SOLO_ORDINALS)
		return 0;
	int all[MAP_OBJ_HEXES];
	int n = solitaire_objective_hexes(b->s, &st->obj[f][st->current[f]], all, MAP_OBJ_HEXES);
	int k = 0;
	for (int i = 0; i < n && k < max; i++)
		if (!solitaire_union_controls(b->g, all[i]))
			out[k++] = all[i];
	/* 15.3: when every hex is held but not yet counted as taken, head for all of them */
	for (int i = 0; k == 0 && i < n && i < max; i++)
		out[i] = all[i], k = i + 1;
	return k;
}

/* A binary heap of (cost, hex) for the distance field. */
struct heap {
	int n;
	int16_t hex[HEX_INDEX_COUNT * HEX_NDIRS + 64];
	int cost[HEX_INDEX_COUNT * HEX_NDIRS + 64];
};

static void heap_swap(struct heap *h, int i, int j)
{
	int16_t th = h->hex[i];
	int tc = h->cost[i];
	h->hex[i] = h->hex[j], h->cost[i] = h->cost[j];
	h->hex[j] = th, h->cost[j] = tc;
}

static void heap_push(struct heap *h, int hex, int cost)
{
	if (h->n >= (int)(sizeof h->cost / sizeof h->cost[0]))
		return;
	int i = h->n++;
	h->hex[i] = (int16_t)hex, h->cost[i] = cost;
	while (i > 0 && h->cost[(i - 1) / 2] > h->cost[i]) {
		heap_swap(h, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static void heap_pop(struct heap *h, int *hex, int *cost)
{
	*hex = h->hex[0], *cost = h->cost[0];
	h->n--;
	h->hex[0] = h->hex[h->n], h->cost[0] = h->cost[h->n];
	for (int i = 0;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < h->n && h->cost[l] < h->cost[m])
			m = l;
		if (r < h->n && h->cost[r] < h->cost[m])
			m = r;
		if (m == i)
			break;
		heap_swap(h, i, m);
		i = m;
	}
}

/* MPs to enter hex `to` from its neighbour `from` by the charts (move_enter_cost), kept
 * within 1..8 for the heuristic; -1 when the side may not be crossed. */
static int enter_cost(const struct scenario *s, int from, int to)
{
	int step = move_enter_cost(s, from, to);
	if (step < 0)
		return -1;
	return step < 1 ? 1 : step > 8 ? 8 : step;
}

/* Dijkstra on the static map from the targets outward: field[i] is what it costs to go from
 * hex i to the nearest target (a heuristic for 16.4.5, not a legality check). */
void bot_distance_field(const struct bot *b, const int *targets, int n, int *field)
{
	struct heap *h = malloc(sizeof *h);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		field[i] = BOT_FAR;
	if (!h)
		return;
	h->n = 0;
	for (int i = 0; i < n; i++) {
		int x = hex_index(targets[i]);
		if (x < 0)
			continue;
		field[x] = 0;
		heap_push(h, targets[i], 0);
	}
	while (h->n > 0) {
		int hex, cost;
		heap_pop(h, &hex, &cost);
		if (cost > field[hex_index(hex)])
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int nb = hex_neighbour(hex, (enum hex_dir)d);
			if (nb == HEX_NONE)
				continue;
			int step = enter_cost(b->s, nb, hex); /* from nb into hex */
			if (step < 0)
				continue;
			int nc = cost + step, ni = hex_index(nb);
			if (nc < field[ni]) {
				field[ni] = nc;
				heap_push(h, nb, nc);
			}
		}
	}
	free(h);
}
