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

/* MPs to enter hex index `to` from its neighbour `from` in direction dir by the charts
 * (move_enter_cost), kept within 1..8 for the heuristic; -1 when the side may not be
 * crossed. */
#define FIELD_STEP_MAX 8
static int enter_cost(const struct scenario *s, int from, int dir, int to)
{
	int step = move_enter_cost_index(s, from, dir, to);
	if (step < 0)
		return -1;
	return step < 1 ? 1 : step > FIELD_STEP_MAX ? FIELD_STEP_MAX : step;
}

/* Dijkstra on the static map from the targets outward: field[i] is what it costs to go from
 * hex i to the nearest target (a heuristic for 16.4.5, not a legality check). The costs of
 * a step are 1 to 8, so a queue of nine buckets by cost (modulo nine) holds every hex
 * waiting: the one being settled and the eight after it. */
static bool distance_field(const struct bot *b, const int *targets, int n, int *field);

void bot_distance_field(struct bot *b, const int *targets, int n, int *field)
{
	size_t size = sizeof(int) * HEX_INDEX_COUNT;
	struct bot_keep *k = b->keep;
	int kept = k->nfields < BOT_FIELDS ? k->nfields : BOT_FIELDS;
	for (int i = 0; i < kept; i++) {
		const struct bot_field *f = &k->fields[i];
		if (f->n == n && !memcmp(f->targets, targets, sizeof(int) * (size_t)n)) {
			memcpy(field, f->field, size);
			return;
		}
	}
	if (!distance_field(b, targets, n, field) || n > MAP_OBJ_HEXES)
		return;
	struct bot_field *f = &k->fields[k->nfields++ % BOT_FIELDS];
	f->n = n;
	memcpy(f->targets, targets, sizeof(int) * (size_t)n);
	memcpy(f->field, field, size);
}

/* bot_distance_field worked out; false when its queue cannot be had (every hex BOT_FAR). */
static bool distance_field(const struct bot *b, const int *targets, int n, int *field)
{
	enum { NBUCKETS = FIELD_STEP_MAX + 1, CAP = HEX_INDEX_COUNT * HEX_NDIRS + 64 };
	struct buckets {
		int n[NBUCKETS];
		int16_t hex[NBUCKETS][CAP];
	} *q = malloc(sizeof *q);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		field[i] = BOT_FAR;
	if (!q)
		return false;
	memset(q->n, 0, sizeof q->n);
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	int waiting = 0;
	for (int i = 0; i < n; i++) {
		int x = hex_index(targets[i]);
		if (x < 0)
			continue;
		field[x] = 0;
		q->hex[0][q->n[0]++] = (int16_t)x;
		waiting++;
	}
	for (int k = 0; waiting > 0; k++) {
		int bk = k % NBUCKETS;
		/* a step costs at least 1: nothing settled at k queues into k's own bucket */
		for (int j = 0; j < q->n[bk]; j++) {
			int x = q->hex[bk][j];
			if (field[x] != k)
				continue; /* improved since it was queued */
			for (int d = 0; d < HEX_NDIRS; d++) {
				int y = nb[x][d];
				if (y < 0)
					continue;
				/* from y into x: y's direction to x is the opposite of d */
				int step = enter_cost(b->s, y, (d + HEX_NDIRS / 2) % HEX_NDIRS, x);
				if (step < 0 || k + step >= field[y])
					continue;
				field[y] = k + step;
				int yb = (k + step) % NBUCKETS;
				if (q->n[yb] < CAP) {
					q->hex[yb][q->n[yb]++] = (int16_t)y;
					waiting++;
				}
			}
		}
		waiting -= q->n[bk];
		q->n[bk] = 0;
	}
	free(q);
	return true;
}
