/* bot_objective.c — owns the Union corps objectives of the solitaire game (15.0): the IX
 * Corps division markers drawn at the start (15.6C), the Corps Objective Chart with its dice
 * (20.5, from the charts), taking an objective and moving on to the next (15.2A), reverting
 * when the Confederacy retakes one (15.4), running out of objectives (15.5), the nearest
 * Confederate-held hex of a multi-hex objective (15.3), and the formation of U57 (15.6B).
 * The state lives in g->solitaire so that it is part of the position.
 *
 * Reading (docs/rules-notes.md): an objective is taken when the Union controls (3.3) every
 * one of its hexes; a unit heads for the nearest of its hexes the Union does not control. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_internal.h"

static const char *const formation_rows[SOLO_FORMATIONS] = {
	"I", "II", "V", "VI", "XII", "IX/1", "IX/2", "IX/3", "IX/4",
};

const char *bot_formation_name(int f)
{
	return f >= 0 && f < SOLO_FORMATIONS ? formation_rows[f] : "?";
}

/* 15.6B: the IX Corps division U57 belongs to now (1–4): the first whose infantry is on the
 * map. */
static int u57_division(const struct game *g)
{
	for (int div = 1; div <= 4; div++)
		for (int u = 0; u < ROSTER_UNION; u++) {
			const struct unit_def *d = bot_def(g, u);
			if (d->corps == CORPS_IX && d->division == div && d->type == UNIT_INFANTRY &&
			    game_on_map(g, u))
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

/* The hexes of an objective (all of them, held or not). */
static int objective_all_hexes(const struct scenario *s, const struct solo_objective *o,
			       int *out, int max)
{
	if (o->key == SOLO_OBJ_HEX) {
		out[0] = o->hex;
		return 1;
	}
	if (o->key < 0 || o->key >= s->map.nobjectives)
		return 0;
	const struct map_objective *m = &s->map.objective[o->key];
	int n = m->nhexes < max ? m->nhexes : max;
	memcpy(out, m->hexes, (size_t)n * sizeof *out);
	return n;
}

static bool union_controls(const struct game *g, int hex)
{
	int i = hex_index(hex);
	return i >= 0 && g->control[i] == SIDE_UNION;
}

/* 15.2A: an objective is taken when the Union controls every hex of it. */
static bool objective_taken(const struct game *g, const struct solo_objective *o)
{
	int hexes[MAP_OBJ_HEXES];
	int n = objective_all_hexes(g->scn, o, hexes, MAP_OBJ_HEXES);
	if (n == 0)
		return false;
	for (int i = 0; i < n; i++)
		if (!union_controls(g, hexes[i]))
			return false;
	return true;
}

static const char *objective_label(const struct scenario *s, const struct solo_objective *o,
				   char *buf, size_t len)
{
	if (o->key == SOLO_OBJ_HEX)
		snprintf(buf, len, "hex %04d", o->hex);
	else if (o->key >= 0 && o->key < s->map.nobjectives)
		snprintf(buf, len, "%s", s->map.objective[o->key].name);
	else
		snprintf(buf, len, "none");
	return buf;
}

const char *bot_objective_name(const struct bot *b, int f, char *buf, size_t len)
{
	const struct solitaire_state *st = &b->g->solitaire;
	if (st->current[f] >= SOLO_ORDINALS) {
		snprintf(buf, len, "none");
		return buf;
	}
	return objective_label(b->s, &st->obj[f][st->current[f]], buf, len);
}

void bot_objective_describe(const struct game *g, int f, char *buf, size_t len)
{
	char name[MAP_NAME_MAX + 8];
	int cur = g->solitaire.current[f];
	if (cur >= SOLO_ORDINALS)
		snprintf(buf, len, "%s - none", formation_rows[f]);
	else
		snprintf(buf, len, "%s %d %s", formation_rows[f], cur + 1,
			 objective_label(g->scn, &g->solitaire.obj[f][cur], name, sizeof name));
}

/* Look up column n (0-based) of a formation's row, rolling when the cell needs a die. */
static void roll_objective(struct game *g, int f, int n, const int *ix_hex)
{
	const struct scenario *s = g->scn;
	const struct tables *t = &s->tables;
	const char *row = formation_rows[f];
	int roll = 1;
	if (tables_corps_objective_rolls(t, row, n + 1)) {
		char why[64];
		snprintf(why, sizeof why, "15.2B objective of %s", row);
		roll = game_roll(g, why);
	}
	const char *key = tables_corps_objective(t, row, n + 1, roll);
	struct solo_objective *o = &g->solitaire.obj[f][n];
	o->hex = HEX_NONE;
	if (!key || !strcmp(key, TABLES_NO_OBJECTIVE)) {
		o->key = SOLO_OBJ_NONE;
	} else if (!strcmp(key, TABLES_IX_DRAW)) {
		o->key = SOLO_OBJ_HEX;
		o->hex = (int16_t)(ix_hex ? ix_hex[f - SOLO_IX1] : HEX_NONE);
		if (o->hex == HEX_NONE)
			o->key = SOLO_OBJ_NONE;
	} else {
		o->key = SOLO_OBJ_NONE;
		for (int i = 0; i < s->map.nobjectives; i++)
			if (!strcmp(s->map.objective[i].key, key))
				o->key = (int8_t)i;
	}
	char buf[MAP_NAME_MAX + 8];
	game_log(g, "15.2: %s objective %d is %s%s", row, n + 1, objective_label(s, o, buf,
		 sizeof buf), tables_corps_objective_rolls(t, row, n + 1) ? " (rolled)" : "");
}

/* 15.6C: draw the four division markers onto 2836, 2836, 2443, 2942 (charts' ix-draw):
 * a shuffle with the game's dice (a die re-rolled until it names a marker left). */
static void draw_ix(struct game *g, int *hex_of_div)
{
	const int *draw = tables_ix_draw(&g->scn->tables);
	int pool[4];
	memcpy(pool, draw, sizeof pool);
	for (int div = 0; div < 4; div++) {
		int left = 4 - div, pick = 0;
		if (left > 1) {
			int d;
			do
				d = game_roll(g, "15.6C IX Corps objective markers");
			while (d > left);
			pick = d - 1;
		}
		hex_of_div[div] = pool[div + pick];
		pool[div + pick] = pool[div];
		pool[div] = hex_of_div[div];
		game_log(g, "15.6C: IX/%d draws the marker of hex %04d", div + 1, hex_of_div[div]);
	}
}

void bot_solitaire_init(struct game *g)
{
	struct solitaire_state *st = &g->solitaire;
	if (st->ready)
		return;
	memset(st, 0, sizeof *st);
	for (int f = 0; f < SOLO_FORMATIONS; f++)
		for (int n = 0; n < SOLO_ORDINALS; n++) {
			st->obj[f][n].key = SOLO_OBJ_UNROLLED;
			st->obj[f][n].hex = HEX_NONE;
		}
	int ix_hex[4];
	draw_ix(g, ix_hex);
	for (int f = 0; f < SOLO_FORMATIONS; f++) {
		roll_objective(g, f, 0, ix_hex);
		st->current[f] = st->obj[f][0].key == SOLO_OBJ_NONE ? SOLO_ORDINALS : 0;
	}
	st->ready = true;
}

void bot_objectives_update(struct game *g)
{
	struct solitaire_state *st = &g->solitaire;
	const struct scenario *s = g->scn;
	if (!st->ready)
		bot_solitaire_init(g);
	char buf[MAP_NAME_MAX + 8];
	for (int f = 0; f < SOLO_FORMATIONS; f++) {
		/* 15.4: a Confederate retakes an earlier objective: the corps reverts to it */
		for (int n = 0; n < st->current[f] && n < SOLO_ORDINALS; n++) {
			const struct solo_objective *o = &st->obj[f][n];
			if (o->key == SOLO_OBJ_NONE || o->key == SOLO_OBJ_UNROLLED)
				continue;
			if (!objective_taken(g, o)) {
				st->current[f] = (int8_t)n;
				game_log(g, "15.4: %s reverts to %s, retaken by the Confederacy",
					 formation_rows[f], objective_label(s, o, buf, sizeof buf));
				break;
			}
		}
		/* 15.2A: taken: on to the next column of the chart (15.5 when none) */
		while (st->current[f] < SOLO_ORDINALS) {
			struct solo_objective *o = &st->obj[f][st->current[f]];
			if (o->key == SOLO_OBJ_UNROLLED)
				roll_objective(g, f, st->current[f], NULL);
			if (o->key == SOLO_OBJ_NONE) {
				st->current[f] = SOLO_ORDINALS;
				game_log(g, "15.5: %s has no objective left; its units stay put",
					 formation_rows[f]);
				break;
			}
			if (!objective_taken(g, o))
				break;
			game_log(g, "15.2A: %s has taken %s", formation_rows[f],
				 objective_label(s, o, buf, sizeof buf));
			st->current[f]++;
			if (st->current[f] >= SOLO_ORDINALS)
				game_log(g, "15.5: %s has no objective left; its units stay put",
					 formation_rows[f]);
		}
	}
}

int bot_objective_hexes(const struct bot *b, int f, int *out, int max)
{
	const struct solitaire_state *st = &b->g->solitaire;
	if (f < 0 || f >= SOLO_FORMATIONS || st->current[f] >= SOLO_ORDINALS)
		return 0;
	int all[MAP_OBJ_HEXES];
	int n = objective_all_hexes(b->s, &st->obj[f][st->current[f]], all, MAP_OBJ_HEXES), k = 0;
	for (int i = 0; i < n && k < max; i++)
		if (!union_controls(b->g, all[i]))
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

/* MPs to enter hex `to` from its neighbour `from` by the charts (road, terrain, hexside), at
 * least 1, at most 8; -1 when the side may not be crossed. */
static int enter_cost(const struct scenario *s, int from, int to)
{
	unsigned side = map_side(&s->map, from, to);
	int sc = tables_move_side_cost(&s->tables, side);
	if (sc < 0)
		return -1;
	const struct map_hex *mh = map_hex(&s->map, to);
	int hc = (side & (SIDE_PRIMARY | SIDE_SECONDARY)) ? tables_move_road_cost(&s->tables)
		 : tables_move_hex_cost(&s->tables, (enum terrain)mh->terrain);
	int step = hc + sc;
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
