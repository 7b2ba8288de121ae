/* game.c — owns the position's life: a new game (4.3 historical or empty set-up), the
 * turn sequence of 5.2 as the decision points of SEQUENCE.md, the one door game_apply()
 * through which every change goes (applied on a copy, so a refusal leaves the game
 * byte-identical), the list of legal actions, and the set-up and test actions of PROTOCOL.md.
 * It is the top of the engine: it calls the phases, which call the files below them (unit.c,
 * zoc.c, stack.c, dice.c, pending.c, names.c, event.c …), and nothing calls up into it.
 *
 * The phases themselves live elsewhere: the quick set-up in quick.c, movement in move.c,
 * commitment and withdrawal in commit.c, artillery fire and combat in fire.c/combat.c/
 * resolve.c. They never call up into the sequence: each apply function returns PHASE_OVER
 * when the step of 5.2 whose decision was pending is over, and the sequence here
 * (step_over) sets what comes next. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "commit.h"
#include "game.h"
#include "internal.h"
#include "move.h"
#include "start.h"
#include "victory.h"

/* ---- the turn sequence (5.2) ---- */

/* 8.14: the roll at the very start of a movement phase; on a 1 the phasing side may move
 * one enemy unit one hex. Returns true when that decision is now pending. */
static bool mishap_roll(struct game *g)
{
	if (!g->opt.mishap)
		return false;
	int d = dice_roll(g, EVENT_WHY_MISHAP);
	if (d != 1)
		return false;
	struct action a[1];
	struct action_list l = { .a = a, .max = 1, .first = true };
	move_mishap_legal(g, &l);
	if (action_list_count(&l) == 0) {
		event_new(g, EVENT_MISHAP_NONE);
		return false;
	}
	pending_set(g, g->side, DECISION_MISHAP, -1);
	return true;
}

/* The steps of the Union movement phase (5.2 A1a–d) from step `from` on: the mishap roll,
 * withdrawal, commitment, then movement, skipping the steps that offer no choice. */
static void union_steps_from(struct game *g, enum decision from)
{
	if (from <= DECISION_MISHAP && mishap_roll(g))
		return;
	if (from <= DECISION_WITHDRAWAL && commit_withdrawal_possible(g)) {
		pending_set(g, SIDE_UNION, DECISION_WITHDRAWAL, -1);
		return;
	}
	if (from <= DECISION_COMMITMENT)
		solitaire_commitment_rolls(g); /* 14.3B-C, solitaire only */
	if (from <= DECISION_COMMITMENT && commit_commitment_possible(g)) {
		pending_set(g, SIDE_UNION, DECISION_COMMITMENT, -1);
		return;
	}
	pending_set(g, SIDE_UNION, DECISION_MOVEMENT, -1);
}

static void union_turn_start(struct game *g)
{
	g->side = SIDE_UNION;
	g->phase = PHASE_MOVEMENT;
	for (int u = 0; u < ROSTER_UNITS; u++)
		g->unit[u].flags &= ~(uint32_t)UF_DEF_FIRED; /* 11.5B: once per turn */
	move_phase_reset(g);
	commit_turn_start(g); /* 13.8, 13.4D */
	union_steps_from(g, DECISION_MISHAP);
}

static void confederate_movement_start(struct game *g)
{
	g->side = SIDE_CONFEDERATE;
	g->phase = PHASE_MOVEMENT;
	move_phase_reset(g);
	move_hood_check(g);
	move_ap_hill_roll(g);
	if (mishap_roll(g))
		return;
	pending_set(g, SIDE_CONFEDERATE, DECISION_MOVEMENT, -1);
}

/* The current phase is finished: move on to the next phase, player-turn or turn (5.2),
 * doing the automatic steps on the way (regrouping 12.0, removing Moved markers 10.8B,
 * control 3.3 at the end of a turn, game end 5.3). */
static void advance(struct game *g)
{
	switch (g->phase) {
	case PHASE_MOVEMENT:
		move_regroup(g);
		g->phase = PHASE_ARTILLERY;
		memset(g->fired_at, 0, sizeof g->fired_at);
		pending_set(g, g->side, DECISION_ARTILLERY, -1);
		fire_phase_begin(g);
		return;
	case PHASE_ARTILLERY:
		/* 10.8B: Moved markers come off at the end of the friendly fire phase */
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (unit_side(u) == g->side)
				g->unit[u].flags &= ~(uint32_t)(UF_ART_MOVED | UF_FIRED);
		g->phase = PHASE_COMBAT;
		pending_set(g, g->side, DECISION_COMBAT, -1);
		combat_phase_begin(g);
		return;
	case PHASE_COMBAT:
		if (g->side == SIDE_UNION) {
			commit_union_turn_end(g); /* 13.3F/13.4C: the liftings end */
			confederate_movement_start(g);
			return;
		}
		victory_control_update(g); /* 3.3 */
		if (g->turn >= start_last_turn(g)) { /* 5.3, or the scenario's last turn */
			event_new(g, EVENT_GAME_ENDS);
			pending_set(g, SIDE_NONE, DECISION_GAMEOVER, -1);
			return;
		}
		g->turn++;
		event_new(g, EVENT_TURN_BEGINS);
		union_turn_start(g);
		return;
	}
}

/* ---- the searches kept ---- */

bool game_same_position(const struct game *a, const struct game *b)
{
	const char *x = (const char *)a, *y = (const char *)b;
	size_t r = offsetof(struct game, rng), t = offsetof(struct game, turn),
	       l = offsetof(struct game, nlog);
	return !memcmp(x, y, r) && !memcmp(x + t, y + t, l - t);
}

void game_memo_forget(void)
{
	move_memo_clear();
	retreat_memo_clear();
	commit_memo_clear();
}

/* ---- a new game ---- */

/* Issue 15: the position stays a small value (every game_apply copies it, the bots copy it by
 * the thousand, undo stores what it changed); the events live beside it (event.h). */
_Static_assert(sizeof(struct game) <= 8192, "struct game grew past 8 KB");

void game_new(struct game *g, const struct scenario *s, enum game_setup setup, uint64_t seed,
	      const struct game_options *opt)
{
	game_new_events(g, s, setup, seed, opt, NULL);
}

void game_new_events(struct game *g, const struct scenario *s, enum game_setup setup,
		     uint64_t seed, const struct game_options *opt, struct event_log *log)
{
	memset(g, 0, sizeof *g);
	g->events = log;
	g->scn = s;
	if (opt)
		g->opt = *opt;
	g->empty_setup = setup == SETUP_EMPTY;
	g->rng = seed;
	g->turn = 1;
	g->side = SIDE_UNION;
	g->phase = PHASE_MOVEMENT;
	g->corps_moving = -1;
	g->combat.current = -1;
	memset(g->control, SIDE_NONE, sizeof g->control);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		g->unit[u].steps = (int8_t)s->roster.unit[u].steps;
		g->unit[u].hex = HEX_NONE;
		if (setup == SETUP_HISTORICAL && !unit_is_reinforcement(g, u))
			g->unit[u].hex = (int16_t)s->roster.historical_hex[u];
	}
	for (int c = 0; c < CORPS_COUNT; c++)
		g->corps[c] = CORPS_COMMITTED;
	if (setup != SETUP_EMPTY) {
		/* 13.7B; VI Corps is off the map until turn 6 (13.8, 9.3A) */
		for (int c = 0; c < CORPS_COUNT; c++)
			g->corps[c] = CORPS_AVAILABLE;
		g->corps[CORPS_I] = CORPS_COMMITTED;
		g->corps[CORPS_V] = CORPS_UNAVAILABLE;
		g->corps[CORPS_VI] = CORPS_UNAVAILABLE;
	}
	for (int c = 0; c < CORPS_COUNT; c++) /* 13.1: those Committed from the start, turn 1 */
		g->corps_committed[c] = g->corps[c] == CORPS_COMMITTED ? 1 : 0;
	const struct start *st = setup == SETUP_HISTORICAL ? start_game(g) : NULL;
	if (st)
		start_apply(g, st); /* a scenario: the position of its hour (start.h) */
	else
		g->opt.start = 0;
	struct game_event *e = event_new(g, EVENT_NEW_GAME);
	e->setup = (int8_t)setup;
	e->seed = seed;
	if (setup == SETUP_QUICK) {
		/* 4.2: every unit off the map until its owner places it; the Union places first
		 * (docs/rules-notes.md "Quick set-up") */
		pending_set(g, SIDE_UNION, DECISION_SETUP, -1);
	} else {
		union_turn_start(g);
	}
	solitaire_step(g, g->pending.what, NULL); /* 15.6C, 15.2 */
	g->events = NULL;
}

/* The step of 5.2 whose decision `was` pending is over (its phase returned PHASE_OVER): set
 * what comes next. */
static void step_over(struct game *g, enum decision was)
{
	switch (was) {
	case DECISION_SETUP: /* 4.2: both sides have set up; turn 1 begins */
		union_turn_start(g);
		return;
	case DECISION_MISHAP: /* 8.14 */
		/* 5.2 A1: the Union goes on with withdrawal (13.5), then commitment */
		if (g->side == SIDE_UNION)
			union_steps_from(g, DECISION_WITHDRAWAL);
		else
			pending_set(g, SIDE_CONFEDERATE, DECISION_MOVEMENT, -1);
		return;
	case DECISION_WITHDRAWAL:
	case DECISION_WITHDRAW_MOVE: /* 13.5–13.6 */
		union_steps_from(g, DECISION_COMMITMENT);
		return;
	case DECISION_COMMITMENT: /* 13.1 */
		union_steps_from(g, DECISION_MOVEMENT);
		return;
	default: /* movement, artillery fire, combat */
		advance(g);
		return;
	}
}

/* ---- set-up and test actions (PROTOCOL.md): they ignore phase and rules ---- */

static bool apply_setup(struct game *g, const struct action *a, char *err, size_t errlen)
{
	switch (a->type) {
	case ACT_PLACE: {
		int max = unit_def(g, a->unit)->steps;
		int steps = a->value ? a->value : max;
		if (steps < 1 || steps > max) {
			snprintf(err, errlen, "%s has 1 to %d steps", names_of_unit(a->unit), max);
			return false;
		}
		if (!hex_valid(a->target)) {
			snprintf(err, errlen, "%d is not a hex on the map", a->target);
			return false;
		}
		g->unit[a->unit].hex = (int16_t)a->target;
		g->unit[a->unit].steps = (int8_t)steps;
		g->unit[a->unit].flags &= ~(uint32_t)UF_REMOVED;
		return true;
	}
	case ACT_REMOVE:
		g->unit[a->unit].hex = HEX_NONE;
		if (g->unit[a->unit].steps == 0)
			g->unit[a->unit].steps = (int8_t)unit_def(g, a->unit)->steps;
		g->unit[a->unit].flags |= UF_REMOVED;
		return true;
	case ACT_SET_TURN:
		if (a->target < 1 || a->target > GAME_TURNS) {
			snprintf(err, errlen, "turns run from 1 to %d", GAME_TURNS);
			return false;
		}
		g->turn = a->target;
		return true;
	case ACT_SET_PHASE:
		if (a->side != SIDE_UNION && a->side != SIDE_CONFEDERATE) {
			snprintf(err, errlen, "the side is union or confederate");
			return false;
		}
		g->side = a->side;
		g->phase = (enum phase)a->value;
		if (g->phase == PHASE_MOVEMENT) {
			move_phase_reset(g);
			pending_set(g, g->side, DECISION_MOVEMENT, -1);
		} else if (g->phase == PHASE_ARTILLERY) {
			memset(g->fired_at, 0, sizeof g->fired_at);
			pending_set(g, g->side, DECISION_ARTILLERY, -1);
			fire_phase_begin(g);
		} else {
			pending_set(g, g->side, DECISION_COMBAT, -1);
			combat_phase_begin(g);
		}
		return true;
	case ACT_SET_CORPS:
		commit_set_status(g, (enum corps)a->target, (enum corps_status)a->value);
		return true;
	case ACT_SEED:
		g->rng = a->number;
		return true;
	case ACT_DICE:
		if (g->nforced + a->n > GAME_FORCED_MAX) {
			snprintf(err, errlen, "at most %d forced dice", GAME_FORCED_MAX);
			return false;
		}
		for (int i = 0; i < a->n; i++) {
			if (a->hex[i] < 1 || a->hex[i] > 6) {
				snprintf(err, errlen, "a die shows 1 to 6");
				return false;
			}
			g->forced[g->nforced++] = (int8_t)a->hex[i];
		}
		return true;
	default:
		snprintf(err, errlen, "not a set-up action");
		return false;
	}
}

static bool is_setup(enum action_type t)
{
	return t >= ACT_PLACE && t < ACT_COUNT;
}

static bool unit_ok(int u)
{
	return u >= 0 && u < ROSTER_UNITS;
}

/* Dispatch on the pending decision; may modify g even when it refuses (the caller works on a
 * copy). */
static enum phase_result apply_decision(struct game *g, const struct action *a, char *err,
					size_t errlen)
{
	switch (g->pending.what) {
	case DECISION_MISHAP:
	case DECISION_MOVEMENT:
		return move_apply(g, a, err, errlen);
	case DECISION_WITHDRAWAL:
	case DECISION_WITHDRAW_MOVE:
	case DECISION_COMMITMENT:
		return commit_apply(g, a, err, errlen);
	case DECISION_ARTILLERY:
		return fire_apply(g, a, err, errlen);
	case DECISION_GAMEOVER:
		snprintf(err, errlen, "5.3: the game is over");
		return PHASE_REFUSED;
	case DECISION_SETUP:
		return quick_apply(g, a, err, errlen);
	default:
		return combat_apply(g, a, err, errlen);
	}
}

bool game_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	return game_apply_events(g, a, NULL, err, errlen);
}

bool game_apply_events(struct game *g, const struct action *a, struct event_log *log,
		       char *err, size_t errlen)
{
	if (errlen)
		err[0] = 0;
	if ((a->type == ACT_MOVE || a->type == ACT_PLACE || a->type == ACT_REMOVE ||
	     a->type == ACT_MISHAP) && !unit_ok(a->unit)) {
		snprintf(err, errlen, "no such unit");
		return false;
	}
	/* a whole struct game is a plain value: work on a copy, keep it only on success (and the
	 * events it raised with it) */
	struct game work = *g;
	int logged = log ? log->n : 0;
	work.events = log;
	for (const char *n = a->note; n && *n;) {
		size_t len = strcspn(n, "\n");
		event_note(&work, "%.*s", (int)len, n);
		n += len + (n[len] == '\n');
	}
	/* 4.2: while a side sets up, place and remove are its set-up actions (quick.c) */
	bool quick = g->pending.what == DECISION_SETUP &&
		     (a->type == ACT_PLACE || a->type == ACT_REMOVE);
	enum phase_result r;
	if (quick)
		r = quick_apply(&work, a, err, errlen);
	else if (is_setup(a->type))
		r = apply_setup(&work, a, err, errlen) ? PHASE_GOES_ON : PHASE_REFUSED;
	else
		r = apply_decision(&work, a, err, errlen);
	if (r == PHASE_OVER)
		step_over(&work, g->pending.what);
	bool ok = r != PHASE_REFUSED;
	if (ok) {
		solitaire_step(&work, g->pending.what, a); /* 14.2, 14.4, 15.2–15.5 */
		work.events = NULL;
		*g = work;
	} else {
		if (log)
			log->n = logged;
		if (errlen && !err[0])
			snprintf(err, errlen, "not allowed now");
	}
	return ok;
}

/* The legal actions of g's decision into a list of max (first: the caller keeps no more). */
static int legal(const struct game *g, struct action *out, int max, bool first)
{
	struct action_list l = { .a = out, .max = max, .first = first };
	switch (g->pending.what) {
	case DECISION_MISHAP:
	case DECISION_MOVEMENT:
		move_legal(g, &l);
		break;
	case DECISION_WITHDRAWAL:
	case DECISION_WITHDRAW_MOVE:
	case DECISION_COMMITMENT:
		commit_legal(g, &l);
		break;
	case DECISION_ARTILLERY:
		fire_legal(g, &l);
		break;
	case DECISION_GAMEOVER:
		break;
	case DECISION_SETUP:
		quick_legal(g, &l);
		break;
	default:
		combat_legal(g, &l);
	}
	return action_list_count(&l);
}

int game_legal(const struct game *g, struct action *out, int max)
{
	return legal(g, out, max, false);
}

int game_legal_first(const struct game *g, struct action *out, int max)
{
	int n = legal(g, out, max, true);
	return n < max ? n : max;
}
