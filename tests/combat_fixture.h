/* combat_fixture.h — hand-made positions for the combat, fire and victory suites: a scenario
 * built in memory (every hex clear low ground with no hexside features, every counter a
 * plain 4-step unit) over the real charts of data/tables.txt, so each test sets exactly the
 * terrain and the counters its rule needs, and a game in the empty set-up driven through
 * action_parse() and game_apply() as a front-end would drive it. Included by one suite each
 * (static functions). */
#ifndef ANTIETAM_TEST_COMBAT_FIXTURE_H
#define ANTIETAM_TEST_COMBAT_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check.h"
#include "combat.h"
#include "game.h"
#include "tables.h"

static struct scenario *fx;
static struct game G;
static struct event_log FX_LOG; /* G's events: the fixture keeps them as a match would */
static char fx_err[512];

static inline int U(int n) { return n - 1; }
static inline int C(int n) { return ROSTER_UNION + n - 1; }

static inline struct unit_def *fx_def(int u) { return &fx->roster.unit[u]; }

/* Infantry: cv falls by one a step from cv_full, never below 1; morale the same at all. */
static inline void fx_inf(int u, int steps, int cv_full, int morale)
{
	struct unit_def *d = fx_def(u);
	d->type = UNIT_INFANTRY;
	d->steps = steps;
	d->range = 0;
	for (int k = 1; k <= ROSTER_STEPS_MAX; k++) {
		int cv = cv_full - (steps - k);
		d->cv[k] = cv < 1 ? 1 : cv;
		d->morale[k] = morale;
	}
}

static inline void fx_gun(int u, int steps, int fire, int range)
{
	struct unit_def *d = fx_def(u);
	d->type = UNIT_ARTILLERY;
	d->steps = steps;
	d->range = range;
	for (int k = 1; k <= ROSTER_STEPS_MAX; k++) {
		d->cv[k] = fire - (steps - k) < 1 ? 1 : fire - (steps - k);
		d->morale[k] = 0;
	}
}

static inline void fx_corps(int u, enum corps c, int division)
{
	struct unit_def *d = fx_def(u);
	d->corps = c;
	d->division = division;
	snprintf(d->formation, sizeof d->formation, "%s", game_corps_name(c));
}

static inline void fx_reset_scenario(void)
{
	if (!fx) {
		fx = calloc(1, sizeof *fx);
		assert_non_null(fx);
	}
	struct tables keep = fx->tables;
	memset(fx, 0, sizeof *fx);
	fx->tables = keep;
	if (fx->tables.nvp == 0) {
		char err[512];
		if (!tables_load(&fx->tables, "data/tables.txt", err, sizeof err))
			fail_msg("%s", err);
	}
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		fx->map.hex[i].name = -1;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_def *d = fx_def(u);
		bool un = u < ROSTER_UNION;
		d->side = un ? SIDE_UNION : SIDE_CONFEDERATE;
		d->number = un ? u + 1 : u - ROSTER_UNION + 1;
		char id[16];
		snprintf(id, sizeof id, "%c%d", un ? 'U' : 'C', d->number);
		memcpy(d->id, id, sizeof d->id - 1); /* U1..U69, C1..C53: three characters */
		d->id[sizeof d->id - 1] = 0;
		d->corps = un ? CORPS_I : CORPS_NONE;
		d->division = 1;
		snprintf(d->formation, sizeof d->formation, "%s", un ? "I" : "Ja");
		snprintf(d->commander, sizeof d->commander, "test");
		d->ma = 6;
		fx_inf(u, 4, 4, 0);
		fx->roster.historical_hex[u] = HEX_NONE;
	}
}

/* A fresh scenario and an empty game (turn 2, every corps Committed). */
static inline void fx_new(void)
{
	fx_reset_scenario();
	struct game_options o = { 0 };
	event_log_free(&FX_LOG);
	game_new_events(&G, fx, SETUP_EMPTY, 7, &o, &FX_LOG);
	G.turn = 2;
}

static inline void fx_terrain(int hex, enum terrain t) { fx->map.hex[hex_index(hex)].terrain = (uint8_t)t; }
static inline void fx_high(int hex) { fx->map.hex[hex_index(hex)].high = true; }
static inline void fx_sunken(int hex) { fx->map.hex[hex_index(hex)].sunken_road = true; }

/* Give the side between adjacent a and b the features f (both directions). */
static inline void fx_side(int a, int b, unsigned f)
{
	int d = hex_direction(a, b), e = hex_direction(b, a);
	assert_true(d >= 0 && e >= 0);
	fx->map.hex[hex_index(a)].side[d] |= (uint16_t)f;
	fx->map.hex[hex_index(b)].side[e] |= (uint16_t)f;
}

static inline void fx_place(int u, int hex)
{
	G.unit[u].hex = (int16_t)hex;
	G.unit[u].steps = (int8_t)fx_def(u)->steps;
	G.unit[u].flags = 0;
}

static inline void fx_steps(int u, int steps) { G.unit[u].steps = (int8_t)steps; }

static inline void fx_dice(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		G.forced[G.nforced++] = (int8_t)va_arg(ap, int);
	va_end(ap);
}

/* Parse and apply one command; true when the game accepted it (the error in fx_err). */
static inline bool fx_try(const char *line)
{
	struct action a;
	fx_err[0] = 0;
	if (!action_parse(fx, line, &a, fx_err, sizeof fx_err))
		return false;
	if (!game_apply_events(&G, &a, &FX_LOG, fx_err, sizeof fx_err))
		return false;
	char why[256];
	if (!game_check(&G, why, sizeof why))
		fail_msg("after '%s': invariant broken: %s", line, why);
	return true;
}

static inline void fx_ok_at(const char *line, const char *file, int lineno)
{
	if (!fx_try(line))
		fail_msg("%s:%d: '%s' refused: %s", file, lineno, line, fx_err);
}
#define fx_ok(line) fx_ok_at((line), __FILE__, __LINE__)

/* The command is refused, the message names rule, and the game is byte-identical. */
static inline void fx_refused_at(const char *line, const char *rule, const char *file, int lineno)
{
	struct game before = G;
	if (fx_try(line))
		fail_msg("%s:%d: '%s' accepted", file, lineno, line);
	if (rule && !strstr(fx_err, rule))
		fail_msg("%s:%d: '%s' refused with '%s', not citing %s", file, lineno, line, fx_err,
			 rule);
	if (memcmp(&before, &G, sizeof G) != 0)
		fail_msg("%s:%d: refused '%s' changed the game", file, lineno, line);
}
#define fx_refused(line, rule) fx_refused_at((line), (rule), __FILE__, __LINE__)

/* Start the combat phase (or artillery phase) of side s. */
static inline void fx_phase(const char *side, const char *phase)
{
	char line[64];
	snprintf(line, sizeof line, "set phase %s %s", side, phase);
	fx_ok(line);
}

static inline void fx_pending(enum side s, enum decision d, int subject)
{
	if (G.pending.side != s || G.pending.what != d || G.pending.subject != subject)
		fail_msg("pending %s %s %d, expected %s %s %d",
			 game_side_name(G.pending.side), game_decision_name(G.pending.what),
			 G.pending.subject, game_side_name(s), game_decision_name(d), subject);
}

#endif
