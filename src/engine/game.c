/* game.c — owns the position's life: a new game (4.3 historical or empty set-up), the
 * turn sequence of 5.2 as the decision points of SEQUENCE.md, the one door game_apply()
 * through which every change goes (applied on a copy, so a refusal leaves the game
 * byte-identical), the list of legal actions, the set-up and test actions of PROTOCOL.md,
 * the seeded dice (splitmix64 with a queue of forced results) and the event log.
 *
 * The phases themselves live elsewhere: the quick set-up in quick.c, movement in move.c,
 * commitment and withdrawal in commit.c, artillery fire and combat in fire.c/combat.c/
 * resolve.c. They never call up into the sequence: each apply function returns PHASE_OVER
 * when the step of 5.2 whose decision was pending is over, and the sequence here
 * (step_over) sets what comes next. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "commit.h"
#include "game.h"
#include "internal.h"
#include "move.h"

/* ---- names ---- */

const char *const game_decision_names[DECISION_COUNT] = {
	[DECISION_MISHAP] = "mishap",
	[DECISION_WITHDRAWAL] = "withdrawal",
	[DECISION_WITHDRAW_MOVE] = "withdraw-move",
	[DECISION_COMMITMENT] = "commitment",
	[DECISION_MOVEMENT] = "movement",
	[DECISION_ARTILLERY] = "artillery",
	[DECISION_COMBAT] = "combat",
	[DECISION_RESOLVE] = "resolve",
	[DECISION_DEFENSIVE_FIRE] = "defensive-fire",
	[DECISION_RETREAT] = "retreat",
	[DECISION_ADVANCE] = "advance",
	[DECISION_SUPPORT] = "support",
	[DECISION_BREAK_OFF] = "break-off",
	[DECISION_COMBAT_ROUND2] = "combat-round2",
	[DECISION_GAMEOVER] = "gameover",
	[DECISION_SETUP] = "setup",
	[DECISION_STEP_LOSS] = "step-loss",
};
const char *const game_phase_names[3] = { "movement", "artillery", "combat" };
const char *const game_corps_status_names[3] = { "committed", "available", "unavailable" };

const char *game_decision_name(enum decision d)
{
	return d >= 0 && d < DECISION_COUNT ? game_decision_names[d] : "?";
}
const char *game_phase_name(enum phase p) { return game_phase_names[p]; }
const char *game_corps_status_name(enum corps_status s) { return game_corps_status_names[s]; }
const char *game_side_name(enum side s) { return names_side[s]; }
const char *game_corps_name(enum corps c)
{
	return c >= 0 && c < CORPS_COUNT ? names_corps[c] : "-";
}

static int find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcasecmp(names[i], s))
			return i;
	return -1;
}

bool game_side_parse(const char *s, enum side *out)
{
	int i = find_name(names_side, 2, s);
	if (i >= 0)
		*out = (enum side)i;
	return i >= 0;
}
bool game_corps_parse(const char *s, enum corps *out)
{
	int i = find_name(names_corps, CORPS_COUNT, s);
	if (i >= 0)
		*out = (enum corps)i;
	return i >= 0;
}
bool game_phase_parse(const char *s, enum phase *out)
{
	int i = find_name(game_phase_names, 3, s);
	if (i >= 0)
		*out = (enum phase)i;
	return i >= 0;
}
bool game_corps_status_parse(const char *s, enum corps_status *out)
{
	int i = find_name(game_corps_status_names, 3, s);
	if (i >= 0)
		*out = (enum corps_status)i;
	return i >= 0;
}

int game_unit_parse(const char *id)
{
	if (!id || (id[0] != 'U' && id[0] != 'u' && id[0] != 'C' && id[0] != 'c'))
		return -1;
	int n = 0, digits = 0;
	for (const char *p = id + 1; *p; p++) {
		if (*p < '0' || *p > '9' || ++digits > 2)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (digits == 0 || id[1] == '0')
		return -1;
	if (id[0] == 'U' || id[0] == 'u')
		return n >= 1 && n <= ROSTER_UNION ? n - 1 : -1;
	return n >= 1 && n <= ROSTER_CONFEDERATE ? ROSTER_UNION + n - 1 : -1;
}

const char *game_unit_name(int u)
{
	static char names[ROSTER_UNITS][5];
	if (u < 0 || u >= ROSTER_UNITS)
		return "?";
	if (!names[u][0])
		snprintf(names[u], sizeof names[u], "%c%d", u < ROSTER_UNION ? 'U' : 'C',
			 u < ROSTER_UNION ? u + 1 : u - ROSTER_UNION + 1);
	return names[u];
}

/* ---- dice and log ---- */

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int game_roll_for(struct game *g, enum event_why why, int corps, int formation)
{
	int d;
	if (g->nforced > 0) {
		d = g->forced[0];
		memmove(g->forced, g->forced + 1, (size_t)(g->nforced - 1));
		g->forced[--g->nforced] = 0; /* no stale slot (position files) */
	} else {
		/* the high 32 bits scaled to 0..5: no modulo bias worth the name */
		d = 1 + (int)(((splitmix64(&g->rng) >> 32) * 6) >> 32);
	}
	struct game_event *e = event_new(g, EVENT_DIE);
	e->die = (int8_t)d;
	e->why = (uint8_t)why;
	e->corps = (int8_t)corps;
	e->formation = (int8_t)formation;
	return d;
}

int game_roll(struct game *g, enum event_why why)
{
	return game_roll_for(g, why, -1, -1);
}

/* ---- units ---- */

int game_unit_cv(const struct game *g, int u)
{
	int s = g->unit[u].steps;
	return s > 0 ? game_unit_def(g, u)->cv[s] : 0;
}

int game_unit_morale(const struct game *g, int u)
{
	int s = g->unit[u].steps;
	return s > 0 ? game_unit_def(g, u)->morale[s] : 0;
}

void game_lose_step(struct game *g, int u, enum event_why why)
{
	struct unit_state *us = &g->unit[u];
	if (us->steps <= 0)
		return;
	us->steps--;
	struct game_event *e = event_new(g, us->steps == 0 ? EVENT_ELIMINATED : EVENT_STEP_LOST);
	e->unit = (int16_t)u;
	e->why = (uint8_t)why;
	e->steps = us->steps;
	if (us->steps == 0)
		us->hex = HEX_NONE;
}

/* ---- the turn sequence (5.2) ---- */

void game_set_pending(struct game *g, enum side side, enum decision what, int subject)
{
	g->pending.side = side;
	g->pending.what = what;
	g->pending.subject = subject;
}

/* Everything that lasts one movement phase starts afresh. */
void game_movement_reset(struct game *g)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		g->unit[u].flags &= ~(uint32_t)(UF_MOVED | UF_DOUBLE_TIME | UF_WITHDRAWN);
		g->unit[u].mp_used = 0;
	}
	memset(g->entry_count, 0, sizeof g->entry_count);
	/* no stale slots: a saved and reloaded game must equal the game itself byte for byte */
	memset(g->ford_from, 0, sizeof g->ford_from);
	memset(g->ford_to, 0, sizeof g->ford_to);
	g->nfords_used = 0;
	g->corps_moving = -1;
	g->corps_done = 0;
	g->withdrawing = 0;
}

/* 8.14: the roll at the very start of a movement phase; on a 1 the phasing side may move
 * one enemy unit one hex. Returns true when that decision is now pending. */
static bool mishap_roll(struct game *g)
{
	if (!g->opt.mishap)
		return false;
	int d = game_roll(g, EVENT_WHY_MISHAP);
	if (d != 1)
		return false;
	struct action a[1];
	if (move_mishap_legal(g, a, 1) == 0) {
		event_new(g, EVENT_MISHAP_NONE);
		return false;
	}
	game_set_pending(g, g->side, DECISION_MISHAP, -1);
	return true;
}

/* The steps of the Union movement phase (5.2 A1a–d) from step `from` on: the mishap roll,
 * withdrawal, commitment, then movement, skipping the steps that offer no choice. */
static void union_steps_from(struct game *g, enum decision from)
{
	if (from <= DECISION_MISHAP && mishap_roll(g))
		return;
	if (from <= DECISION_WITHDRAWAL && commit_withdrawal_possible(g)) {
		game_set_pending(g, SIDE_UNION, DECISION_WITHDRAWAL, -1);
		return;
	}
	if (from <= DECISION_COMMITMENT)
		solitaire_commitment_rolls(g); /* 14.3B-C, solitaire only */
	if (from <= DECISION_COMMITMENT && commit_commitment_possible(g)) {
		game_set_pending(g, SIDE_UNION, DECISION_COMMITMENT, -1);
		return;
	}
	game_set_pending(g, SIDE_UNION, DECISION_MOVEMENT, -1);
}

static void union_turn_start(struct game *g)
{
	g->side = SIDE_UNION;
	g->phase = PHASE_MOVEMENT;
	for (int u = 0; u < ROSTER_UNITS; u++)
		g->unit[u].flags &= ~(uint32_t)UF_DEF_FIRED; /* 11.5B: once per turn */
	game_movement_reset(g);
	commit_turn_start(g); /* 13.8, 13.4D */
	union_steps_from(g, DECISION_MISHAP);
}

static void confederate_movement_start(struct game *g)
{
	g->side = SIDE_CONFEDERATE;
	g->phase = PHASE_MOVEMENT;
	game_movement_reset(g);
	move_hood_check(g);
	move_ap_hill_roll(g);
	if (mishap_roll(g))
		return;
	game_set_pending(g, SIDE_CONFEDERATE, DECISION_MOVEMENT, -1);
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
		game_set_pending(g, g->side, DECISION_ARTILLERY, -1);
		fire_phase_begin(g);
		return;
	case PHASE_ARTILLERY:
		/* 10.8B: Moved markers come off at the end of the friendly fire phase */
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (game_unit_side(u) == g->side)
				g->unit[u].flags &= ~(uint32_t)(UF_ART_MOVED | UF_FIRED);
		g->phase = PHASE_COMBAT;
		game_set_pending(g, g->side, DECISION_COMBAT, -1);
		combat_phase_begin(g);
		return;
	case PHASE_COMBAT:
		if (g->side == SIDE_UNION) {
			confederate_movement_start(g);
			return;
		}
		control_update(g); /* 3.3 */
		if (g->turn >= GAME_TURNS) {
			event_new(g, EVENT_GAME_ENDS);
			game_set_pending(g, SIDE_NONE, DECISION_GAMEOVER, -1);
			return;
		}
		g->turn++;
		event_new(g, EVENT_TURN_BEGINS);
		union_turn_start(g);
		return;
	}
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
		if (setup == SETUP_HISTORICAL && !game_is_reinforcement(g, u))
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
	struct game_event *e = event_new(g, EVENT_NEW_GAME);
	e->setup = (int8_t)setup;
	e->seed = seed;
	if (setup == SETUP_QUICK) {
		/* 4.2: every unit off the map until its owner places it; the Union places first
		 * (docs/rules-notes.md "Quick set-up") */
		game_set_pending(g, SIDE_UNION, DECISION_SETUP, -1);
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
		/* the Union goes on with commitment: the withdrawal step is not offered after
		 * a mishap (so it was before the phases returned PHASE_OVER) */
		if (g->side == SIDE_UNION)
			union_steps_from(g, DECISION_COMMITMENT);
		else
			game_set_pending(g, SIDE_CONFEDERATE, DECISION_MOVEMENT, -1);
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
		int max = game_unit_def(g, a->unit)->steps;
		int steps = a->value ? a->value : max;
		if (steps < 1 || steps > max) {
			snprintf(err, errlen, "%s has 1 to %d steps", game_unit_name(a->unit), max);
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
			g->unit[a->unit].steps = (int8_t)game_unit_def(g, a->unit)->steps;
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
			game_movement_reset(g);
			game_set_pending(g, g->side, DECISION_MOVEMENT, -1);
		} else if (g->phase == PHASE_ARTILLERY) {
			memset(g->fired_at, 0, sizeof g->fired_at);
			game_set_pending(g, g->side, DECISION_ARTILLERY, -1);
			fire_phase_begin(g);
		} else {
			game_set_pending(g, g->side, DECISION_COMBAT, -1);
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

int game_legal(const struct game *g, struct action *out, int max)
{
	switch (g->pending.what) {
	case DECISION_MISHAP:
	case DECISION_MOVEMENT:
		return move_legal(g, out, max);
	case DECISION_WITHDRAWAL:
	case DECISION_WITHDRAW_MOVE:
	case DECISION_COMMITMENT:
		return commit_legal(g, out, max);
	case DECISION_ARTILLERY:
		return fire_legal(g, out, max);
	case DECISION_GAMEOVER:
		return 0;
	case DECISION_SETUP:
		return quick_legal(g, out, max);
	default:
		return combat_legal(g, out, max);
	}
}
