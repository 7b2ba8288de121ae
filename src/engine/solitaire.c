/* solitaire.c — owns the rules of the solitaire game that are dice or bookkeeping without a
 * choice, and so belong to the engine rather than to the bot (SEQUENCE.md): the IX Corps
 * objective markers (15.6C), the Corps Objective Chart and its dice (15.2, 20.5), taking an
 * objective, reverting to a retaken one and running out of them (15.2A, 15.4, 15.5), the
 * mandatory withdrawal rolls with their DRMs (14.2), the extra availability rolls of 14.3B–C
 * with the commitment priority (14.3A, 20.6) and the recommitment limit (14.4) they respect.
 * They happen inside game_new() and game_apply() (solitaire_step), so a solitaire game's
 * record holds only the Union's choices and replays without the bot. The bot (src/bot/)
 * makes every Union choice, reading this state.
 *
 * Reading (docs/rules-notes.md): an objective is taken when the Union controls (3.3) every
 * one of its hexes. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "internal.h"
#include "tables.h"

const char *solitaire_formation_name(int f)
{
	return f >= 0 && f < SOLO_FORMATIONS ? names_solo_formation[f] : "?";
}

int solitaire_objective_hexes(const struct scenario *s, const struct solo_objective *o, int *out,
			      int max)
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

bool solitaire_union_controls(const struct game *g, int hex)
{
	int i = hex_index(hex);
	return i >= 0 && g->control[i] == SIDE_UNION;
}

/* 15.2A: an objective is taken when the Union controls every hex of it. */
static bool objective_taken(const struct game *g, const struct solo_objective *o)
{
	int hexes[MAP_OBJ_HEXES];
	int n = solitaire_objective_hexes(g->scn, o, hexes, MAP_OBJ_HEXES);
	if (n == 0)
		return false;
	for (int i = 0; i < n; i++)
		if (!solitaire_union_controls(g, hexes[i]))
			return false;
	return true;
}

const char *solitaire_objective_label(const struct scenario *s, const struct solo_objective *o,
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

void solitaire_objective_describe(const struct game *g, int f, char *buf, size_t len)
{
	char name[MAP_NAME_MAX + 8];
	int cur = g->solitaire.current[f];
	if (cur >= SOLO_ORDINALS)
		snprintf(buf, len, "%s - none", names_solo_formation[f]);
	else
		snprintf(buf, len, "%s %d %s", names_solo_formation[f], cur + 1,
			 solitaire_objective_label(g->scn, &g->solitaire.obj[f][cur], name,
						   sizeof name));
}

/* Raise an event of kind k about formation f and objective o. */
static struct game_event *objective_event(struct game *g, enum event_kind k, int f,
					  const struct solo_objective *o)
{
	struct game_event *e = event_new(g, k);
	e->formation = (int8_t)f;
	if (o) {
		e->objective = o->key;
		e->objective_hex = o->hex;
	}
	return e;
}

/* Look up column n (0-based) of a formation's row, rolling when the cell needs a die. */
static void roll_objective(struct game *g, int f, int n, const int *ix_hex)
{
	const struct scenario *s = g->scn;
	const struct tables *t = &s->tables;
	const char *row = names_solo_formation[f];
	int roll = 1;
	if (tables_corps_objective_rolls(t, row, n + 1))
		roll = dice_roll_for(g, EVENT_WHY_OBJECTIVE, -1, f);
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
	struct game_event *e = objective_event(g, EVENT_OBJECTIVE, f, o);
	e->column = (int8_t)n;
	e->rolled = tables_corps_objective_rolls(t, row, n + 1);
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
				d = dice_roll(g, EVENT_WHY_IX_MARKERS);
			while (d > left);
			pick = d - 1;
		}
		hex_of_div[div] = pool[div + pick];
		pool[div + pick] = pool[div];
		pool[div] = hex_of_div[div];
		struct game_event *e = event_new(g, EVENT_IX_MARKER);
		e->formation = (int8_t)(SOLO_IX1 + div);
		e->from = (int16_t)hex_of_div[div];
	}
}

/* 15.6C and the first column of 15.2: the objectives every formation starts with. */
static void draw_first_objectives(struct game *g)
{
	struct solitaire_state *st = &g->solitaire;
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

/* 15.2A, 15.4, 15.5: move each formation past the objectives it has taken (rolling the next
 * column when it needs a die) and back to an earlier one the Confederacy retook. */
static void update_objectives(struct game *g)
{
	struct solitaire_state *st = &g->solitaire;
	for (int f = 0; f < SOLO_FORMATIONS; f++) {
		/* 15.4: a Confederate retakes an earlier objective: the corps reverts to it */
		for (int n = 0; n < st->current[f] && n < SOLO_ORDINALS; n++) {
			const struct solo_objective *o = &st->obj[f][n];
			if (o->key == SOLO_OBJ_NONE || o->key == SOLO_OBJ_UNROLLED)
				continue;
			if (!objective_taken(g, o)) {
				st->current[f] = (int8_t)n;
				objective_event(g, EVENT_OBJECTIVE_RETAKEN, f, o);
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
				objective_event(g, EVENT_NO_OBJECTIVE_LEFT, f, NULL);
				break;
			}
			if (!objective_taken(g, o))
				break;
			objective_event(g, EVENT_OBJECTIVE_TAKEN, f, o);
			st->current[f]++;
			if (st->current[f] >= SOLO_ORDINALS)
				objective_event(g, EVENT_NO_OBJECTIVE_LEFT, f, NULL);
		}
	}
}

int solitaire_withdrawal_drm(const struct game *g, enum corps c, int *eliminated, int *lost,
			  int *start)
{
	*eliminated = *lost = *start = 0;
	for (int u = 0; u < ROSTER_UNION; u++) {
		const struct unit_def *d = unit_def(g, u);
		if (d->corps != c || d->type != UNIT_INFANTRY)
			continue;
		*start += d->steps;
		bool dead = g->unit[u].steps == 0 && !(g->unit[u].flags & UF_REMOVED);
		if (dead)
			(*eliminated)++;
		*lost += d->steps - g->unit[u].steps;
	}
	int drm = 0;
	if (*eliminated >= 3)
		drm -= 1;                 /* 14.2B */
	if (*start > 0 && 2 * *lost >= *start)
		drm -= 2;                 /* 14.2C, cumulative (14.2D) */
	return drm;
}

/* 14.2: once a turn, at the withdrawal step, roll for each Committed corps; those that roll
 * 1–2 modified must withdraw (withdraw_mask, which the Union's withdraw actions clear). */
static void withdrawal_rolls(struct game *g)
{
	struct solitaire_state *st = &g->solitaire;
	st->withdraw_turn = (int8_t)g->turn;
	st->withdraw_mask = 0;
	for (int c = 0; c < CORPS_COUNT; c++) {
		if (g->corps[c] != CORPS_COMMITTED)
			continue;
		int elim, lost, start;
		int drm = solitaire_withdrawal_drm(g, (enum corps)c, &elim, &lost, &start);
		int d = dice_roll_for(g, EVENT_WHY_WITHDRAWAL_ROLL, c, -1);
		bool out = d + drm <= 2;
		struct game_event *e = event_new(g, EVENT_WITHDRAWAL_ROLL);
		e->corps = (int8_t)c;
		e->die = (int8_t)d;
		e->drm = (int8_t)drm;
		e->eliminated = (int16_t)elim;
		e->lost = (int16_t)lost;
		e->start = (int16_t)start;
		e->withdrawn = out;
		if (out)
			st->withdraw_mask |= (uint8_t)(1u << c);
	}
}

void solitaire_step(struct game *g, enum decision was, const struct action *a)
{
	if (!g->opt.solitaire)
		return;
	struct solitaire_state *st = &g->solitaire;
	if (a && was == DECISION_WITHDRAWAL) {
		if (a->type == ACT_WITHDRAW && a->target >= 0 && a->target < CORPS_COUNT)
			st->withdraw_mask &= (uint8_t)~(1u << a->target);
		else if (a->type == ACT_END)
			st->withdraw_mask = 0;
	}
	if (a && a->type == ACT_COMMIT)
		solitaire_note_committed(g);
	if (g->pending.side != SIDE_UNION || g->pending.what == DECISION_GAMEOVER)
		return;
	if (!st->ready)
		draw_first_objectives(g); /* 15.6C, 15.2: before the Union's first decision */
	if (g->pending.what == DECISION_SETUP)
		return;
	update_objectives(g);
	if (g->pending.what == DECISION_WITHDRAWAL && st->withdraw_turn != g->turn)
		withdrawal_rolls(g);
	if (g->pending.what == DECISION_COMMITMENT)
		solitaire_note_committed(g);
}

enum corps solitaire_priority(const struct scenario *s, int i)
{
	const char *name = tables_commit_priority(&s->tables, i);
	enum corps c;
	if (!name || !roster_corps_parse(name, &c))
		return CORPS_NONE;
	return c;
}

bool solitaire_may_commit(const struct game *g, enum corps c)
{
	unsigned all = (1u << CORPS_COUNT) - 1;
	unsigned once = g->solitaire.committed_once;
	return !(once >> c & 1) || (once & all) == all;
}

void solitaire_note_committed(struct game *g)
{
	for (int c = 0; c < CORPS_COUNT; c++)
		if (g->corps[c] == CORPS_COMMITTED)
			g->solitaire.committed_once |= (uint8_t)(1u << c);
}

/* An Unavailable corps that a roll could make Available and that could then be committed
 * (VI Corps is not on the field before turn 6, 13.8). */
static bool candidate(const struct game *g, enum corps c)
{
	return g->corps[c] == CORPS_UNAVAILABLE && solitaire_may_commit(g, c) &&
	       !(c == CORPS_VI && g->turn < 6);
}

void solitaire_commitment_rolls(struct game *g)
{
	if (!g->opt.solitaire || g->turn == 1 || g->opt.unleashed || g->commitment_lifted)
		return; /* 13.7A: no such step on turn 1 */
	solitaire_note_committed(g);
	int usable = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		usable += g->corps[c] == CORPS_COMMITTED ||
			  (g->corps[c] == CORPS_AVAILABLE && solitaire_may_commit(g, (enum corps)c));
	/* 14.3B: one corps short; 14.3C: two short, run through it twice */
	for (int missing = 2 - usable; missing > 0; missing--) {
		bool any = false;
		for (int c = 0; c < CORPS_COUNT; c++)
			any |= candidate(g, (enum corps)c);
		if (!any)
			return;
		bool found = false;
		for (int pass = 0; pass < 100 && !found; pass++)
			for (int p = 0; p < CORPS_COUNT && !found; p++) {
				enum corps c = solitaire_priority(g->scn, p);
				if (c == CORPS_NONE || !candidate(g, c))
					continue;
				if (dice_roll_for(g, EVENT_WHY_SOLITAIRE_AVAILABILITY, c, -1) == 6) {
					commit_change_status(g, c, CORPS_AVAILABLE,
							     EVENT_WHY_SOLITAIRE_AVAILABLE);
					found = true;
				}
			}
	}
}
