/* test_game.c — the position and its state machine (game.c, action_text.c) on the hand-made
 * order-of-battle board (fixture.h): a new game's set-up, the turn sequence of 5.2 (the
 * decision points of SEQUENCE.md) through to the end of turn 11, the text form of every action,
 * the dice (forced queue, seeded RNG), the set-up actions, and reinforcements: VI Corps (9.3)
 * and A.P. Hill (9.1–9.2) with the 9.2E column cost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "action_text.h"
#include "fixture.h"
#include "check.h"
#include "move.h"
#include "scenario.h"
#include "../src/engine/internal.h" /* dice_roll: the engine's own dice */

/* Group set-up: G, and in S the featureless scenario the tests share. */
static int setup(void **state)
{
	S = fx_scenario_oob();
	return fx_setup(state);
}

static void test_new_historical(void **state)
{
	(void)state;
	struct scenario *s = fx_scenario_oob();
	s->roster.historical_hex[fx_u("U1")] = 1803;
	s->roster.historical_hex[fx_u("U5")] = 1605;
	s->roster.historical_hex[fx_u("C1")] = 1714;
	s->roster.historical_hex[fx_u("U48")] = 4217; /* ignored: a reinforcement (4.1B) */
	game_new(G, s, SETUP_HISTORICAL, 7, NULL);
	assert_int_equal(G->turn, 1);
	assert_int_equal(G->unit[fx_u("U1")].hex, 1803);
	assert_int_equal(G->unit[fx_u("C1")].hex, 1714);
	assert_int_equal(G->unit[fx_u("U48")].hex, HEX_NONE);
	assert_int_equal(G->unit[fx_u("C48")].hex, HEX_NONE);
	assert_int_equal(G->unit[fx_u("U1")].steps, 4);
	/* 13.7B */
	assert_int_equal(G->corps[CORPS_I], CORPS_COMMITTED);
	assert_int_equal(G->corps[CORPS_V], CORPS_UNAVAILABLE);
	assert_int_equal(G->corps[CORPS_II], CORPS_AVAILABLE);
	assert_int_equal(G->corps[CORPS_IX], CORPS_AVAILABLE);
	assert_int_equal(G->corps[CORPS_XII], CORPS_AVAILABLE);
	assert_int_equal(G->corps[CORPS_VI], CORPS_UNAVAILABLE);
	/* 13.7A: no roll, no withdrawal on turn 1: the commitment decision comes first */
	fx_pending(SIDE_UNION, DECISION_COMMITMENT, FX_ANY);
	assert_int_equal(G->phase, PHASE_MOVEMENT);
	free(s);
	game_new(G, S, SETUP_EMPTY, 7, NULL);
	for (int u = 0; u < ROSTER_UNITS; u++)
		assert_false(unit_on_map(G, u));
	for (int c = 0; c < CORPS_COUNT; c++)
		assert_int_equal(G->corps[c], CORPS_COMMITTED);
	fx_pending(SIDE_UNION, DECISION_MOVEMENT, FX_ANY);
}

static void test_turn_sequence(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place U1 2010");
	fx_ok("place C1 3030");
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_ARTILLERY, FX_ANY);
	assert_int_equal(G->phase, PHASE_ARTILLERY);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_COMBAT, FX_ANY);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_MOVEMENT, FX_ANY);
	fx_refused("move U1 2011", "8.1C");
	fx_ok("move C1 3031");
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_ARTILLERY, FX_ANY);
	fx_ok("end");
	fx_ok("end");
	/* turn 2: the Union withdrawal step (13.5) comes before movement */
	assert_int_equal(G->turn, 2);
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_MOVEMENT, FX_ANY);
	assert_false(G->unit[fx_u("C1")].flags & UF_MOVED); /* a new phase */
	/* the last turn ends the game (5.3) */
	fx_ok("set turn 11");
	fx_ok("set phase confederate combat");
	fx_ok("end");
	fx_pending(SIDE_NONE, DECISION_GAMEOVER, FX_ANY);
	fx_refused("end", "5.3");
	struct action a[4];
	assert_int_equal(game_legal(G, a, 4), 0);
}

static void test_legal(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place U1 2010");
	fx_ok("place C1 2013");
	struct action *a = malloc(sizeof *a * 4096);
	assert_non_null(a);
	int n = game_legal_first(G, a, 4096);
	assert_true(n > 1);
	assert_int_equal(a[n - 1].type, ACT_END);
	struct move_dest d[HEX_INDEX_COUNT];
	int k = move_reachable(G, fx_u("U1"), d, HEX_INDEX_COUNT, NULL, 0);
	assert_int_equal(n, k + 1);
	/* every legal action is accepted */
	for (int i = 0; i < n; i += 7) {
		struct game copy = *G;
		char buf[128];
		action_format(S, &a[i], buf, sizeof buf);
		if (!game_apply(&copy, &a[i], fx_err, sizeof fx_err))
			fail_msg("legal '%s' refused: %s", buf, fx_err);
	}
	free(a);
}

/* Issue 32 item 6: game_legal returns the real count, whatever room it was given (the first
 * max written, the rest counted: no list cut short unsaid), in every kind of decision (the
 * movement phase of turn 1, the quick set-up's placements, a commitment; the real data); game_legal_first
 * gives a caller the bound it asks for, the same first actions. */
static void test_legal_real_count(void **state)
{
	(void)state;
	static struct game g;
	struct action *all = malloc(sizeof *all * 16384), few[5];
	assert_non_null(all);
	for (int k = 0; k < 3; k++) {
		game_new(&g, fx_real_scenario(), k == 1 ? SETUP_QUICK : SETUP_HISTORICAL, 1, NULL);
		/* k 0: on to the Union movement phase of turn 1, each step ended (its last action);
		 * k 2: the commitment of turn 1 (13.7), the first decision */
		while (k == 0 && g.pending.what != DECISION_MOVEMENT) {
			int m = game_legal_first(&g, all, 16384);
			assert_true(m > 0);
			assert_true(game_apply(&g, &all[m - 1], fx_err, sizeof fx_err));
		}
		assert_int_equal(g.pending.what, k == 0   ? DECISION_MOVEMENT
						 : k == 1 ? DECISION_SETUP
							  : DECISION_COMMITMENT);
		int n = game_legal(&g, all, 16384);
		assert_true(n > 0 && n <= 16384);
		int want = k == 2 ? 2 : (int)(sizeof few / sizeof few[0]);
		memset(few, 0, sizeof few);
		assert_int_equal(game_legal(&g, few, want), n);
		assert_int_equal(game_legal(&g, NULL, 0), n);
		assert_memory_equal(few, all, (size_t)(n < want ? n : want) * sizeof *few);
		memset(few, 0, sizeof few);
		assert_int_equal(game_legal_first(&g, few, want), n < want ? n : want);
		assert_memory_equal(few, all, (size_t)(n < want ? n : want) * sizeof *few);
		if (k < 2 && n <= 100)
			fail_msg("set-up %d at %s: %d legal actions", k, names_of_decision(g.pending.what), n);
	}
	free(all);
}

static void test_action_text(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"end", "decline", "move U12 1707", "move C7 1707 1708 1808", "fire U5 C14",
		"attack 2520 U12 U13", "attack 2520+2521 U12", "resolve 2520", "retreat C14 2521 2522 2523",
		"advance U12 2520", "support U13", "breakoff 2520", "commit XII", "withdraw IX",
		"mishap C14 2521", "place U1 1803", "place C14 2520 3", "remove U48", "set turn 6",
		"set phase confederate combat", "set corps V available", "seed 18446744073709551615",
		"dice 1 6 3",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct action a;
		char buf[256];
		if (!action_parse(S, lines[i], &a, fx_err, sizeof fx_err))
			fail_msg("'%s': %s", lines[i], fx_err);
		action_format(S, &a, buf, sizeof buf);
		assert_string_equal(buf, lines[i]);
		/* the same from the words (--batch's): split here, the action byte for byte */
		char copy[256], *save = NULL;
		const char *w[16];
		int n = 0;
		snprintf(copy, sizeof copy, "%s", lines[i]);
		for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
			w[n++] = t;
		struct action b;
		if (!action_parse_words(S, n, w, &b, fx_err, sizeof fx_err))
			fail_msg("'%s' as words: %s", lines[i], fx_err);
		assert_memory_equal(&a, &b, sizeof a);
	}
	/* words are taken as they are, never split again: "U12 1707" is one (bad) unit */
	struct action wa;
	const char *joined[] = { "fire", "U12 U13", "C14" };
	assert_false(action_parse_words(S, 3, joined, &wa, fx_err, sizeof fx_err));
	assert_non_null(strstr(fx_err, "'U12 U13' is not a unit"));
	assert_false(action_parse_words(S, 0, joined, &wa, fx_err, sizeof fx_err));
	assert_string_equal(fx_err, "empty command");
	const char *many[GAME_PATH_MAX + 8];
	many[0] = "move";
	many[1] = "U12";
	for (int k = 2; k < GAME_PATH_MAX + 8; k++)
		many[k] = "1707";
	assert_false(action_parse_words(S, GAME_PATH_MAX + 8, many, &wa, fx_err, sizeof fx_err));
	assert_string_equal(fx_err, "too many words");
	static const char *const bad[] = {
		"", "walk U1 1707", "move U70 1707", "move C54 1707", "move U1 4301", "move U1",
		"fire U1", "dice 0", "set turn 0", "set phase union lunch", "set corps X committed",
		"commit III", "seed -1", "place U1 1803 7", "end now",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct action a;
		if (action_parse(S, bad[i], &a, fx_err, sizeof fx_err))
			fail_msg("'%s' was parsed", bad[i]);
	}
}

static void test_dice(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 42, NULL);
	struct game twin = *G;
	int seq[20];
	for (int i = 0; i < 20; i++) {
		seq[i] = dice_roll(G, EVENT_WHY_TEST);
		assert_true(seq[i] >= 1 && seq[i] <= 6);
		assert_int_equal(dice_roll(&twin, EVENT_WHY_TEST), seq[i]); /* reproducible from the seed */
	}
	fx_ok("dice 6 1 6");
	assert_int_equal(dice_roll(G, EVENT_WHY_TEST), 6);
	assert_int_equal(dice_roll(G, EVENT_WHY_TEST), 1);
	assert_int_equal(dice_roll(G, EVENT_WHY_TEST), 6);
	fx_ok("seed 42");
	for (int i = 0; i < 20; i++)
		assert_int_equal(dice_roll(G, EVENT_WHY_TEST), seq[i]);
	/* every die raises an event with its reason (game.c's events field is set as
	 * game_apply_events sets it) */
	struct event_log log = { 0 };
	int n = G->nlog;
	G->events = &log;
	int d = dice_roll(G, EVENT_WHY_TEST);
	G->events = NULL;
	assert_int_equal(G->nlog, n + 1);
	assert_int_equal(log.n, 1);
	assert_int_equal(log.ev[0].kind, EVENT_DIE);
	assert_int_equal(log.ev[0].why, EVENT_WHY_TEST);
	assert_int_equal(log.ev[0].die, d);
	event_log_free(&log);
	/* all six faces come up */
	int seen[7] = { 0 };
	for (int i = 0; i < 600; i++)
		seen[dice_roll(G, EVENT_WHY_TEST)]++;
	for (int f = 1; f <= 6; f++)
		assert_true(seen[f] > 50);
}

static void test_setup_actions(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place C14 2520 3");
	assert_int_equal(G->unit[fx_u("C14")].hex, 2520);
	assert_int_equal(G->unit[fx_u("C14")].steps, 3);
	fx_ok("remove C14");
	assert_false(unit_on_map(G, fx_u("C14")));
	assert_true(G->unit[fx_u("C14")].flags & UF_REMOVED);
	fx_ok("set corps IX unavailable");
	assert_int_equal(G->corps[CORPS_IX], CORPS_UNAVAILABLE);
	fx_ok("set phase confederate artillery");
	fx_pending(SIDE_CONFEDERATE, DECISION_ARTILLERY, FX_ANY);
	fx_ok("set turn 9");
	assert_int_equal(G->turn, 9);
}

static void test_vi_corps_entry(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place C1 1010");
	fx_ok("set turn 5");
	fx_refused("move U48 4217", "9.3A");
	fx_ok("set turn 6");
	assert_int_equal(fx_cost_at("U48", 4217), 1);              /* 9.3: through the entry hex */
	assert_int_equal(fx_cost_at("U48", 4117), 2);
	assert_int_equal(fx_cost_at("U48", 4209), 2);              /* 9.3B: through 4210 */
	fx_refused("move U48 4209 4210", "9.3B");
	fx_ok("move U48 4217 4117");
	assert_int_equal(G->unit[fx_u("U48")].mp_used, 2);
	assert_int_equal(fx_cost_at("U49", 4217), 2);              /* 9.2E: one in front */
	fx_ok("move U49 4217 4218");
	assert_int_equal(fx_cost_at("U50", 4217), 2);              /* cheaper through 4216 */
	assert_int_equal(fx_path_cost("move U50 4217 4116"), 4);   /* third in the column: 3 + 1 */
	assert_int_equal(fx_path_cost("move U50 4216 4116"), 2);
	assert_int_equal(fx_cost_at("U50", 4216), 1);
	fx_terrain(4220, TERRAIN_WOODS);
	assert_int_equal(fx_cost_at("U50", 4220), 2);
	fx_terrain(4220, TERRAIN_CLEAR);
	/* a road into the entry hex: road cost and the road bonus (9.2C) */
	int road[12];
	for (int i = 0; i < 12; i++)
		road[i] = 4222 - 100 * i;
	for (int i = 0; i + 1 < 12; i++)
		if (!hex_adjacent(road[i], road[i + 1]))
			road[i + 1] = hex_neighbour(road[i], HEX_NW);
	fx_road(road, 12, SIDE_PRIMARY);
	fx_ok("set turn 7");
	fx_ok("set corps VI available");                            /* 13.3B: no double-time */
	assert_int_equal(road[10], 3222);
	assert_int_equal(fx_cost_at("U51", road[10]), 11);          /* 8 + 3 */
	assert_int_equal(fx_cost_at("U51", road[11]), -1);
	memset(S->map.hex, 0, sizeof S->map.hex);
}

static void test_ap_hill(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place U1 1042");    /* 1043 is in its ZOC; 1044 is not */
	fx_ok("place U2 1240");
	fx_ok("set turn 8");
	fx_ok("dice 5");
	fx_ok("end");
	fx_ok("end");
	fx_ok("end");             /* the Confederate movement phase: roll 5, no Hill on turn 8 */
	fx_pending(SIDE_CONFEDERATE, DECISION_MOVEMENT, FX_ANY);
	assert_false(G->ap_hill_triggered);
	fx_refused("move C48 1044", "9.1B");
	fx_ok("set phase union movement");
	fx_ok("set turn 9");
	fx_ok("dice 5");
	fx_ok("end");
	fx_ok("end");
	fx_ok("end");
	assert_true(G->ap_hill_triggered);                      /* 5–6 on turn 9 */
	assert_int_equal(fx_cost_at("C48", 1044), 1);
	assert_int_equal(fx_cost_at("C48", 1143), 1);
	fx_refused("end", "9.1C");
	fx_ok("move C48 1044 1143");
	assert_int_equal(fx_cost_at("C49", 1044), 2);              /* 9.2E */
	assert_int_equal(fx_cost_at("C49", 1043), 3);              /* via 1143, +1 into the EZOC */
	fx_ok("move C49 1044");
	fx_ok("move C50 1244");
	fx_ok("move C51 1343");
	fx_ok("move C52 1444");
	fx_refused("end", "9.1C");
	fx_ok("remove C53");
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_ARTILLERY, FX_ANY);
	/* 9.2B: entering straight into a Union ZOC and stopping there */
	game_new(G, S, SETUP_EMPTY, 1, NULL);
	fx_ok("place U1 1043");
	fx_ok("set turn 11");
	fx_ok("dice 1");
	fx_ok("end");
	fx_ok("end");
	fx_ok("end");
	assert_true(G->ap_hill_triggered);
	assert_int_equal(fx_cost_at("C48", 1044), 2);
	fx_ok("move C48 1044");
	fx_refused("move C49 1044 1043", "8.4");
}

/* Random play on the real data (data/): every legal action is accepted and the invariant
 * checker holds after each one, through a whole game, with the mishap option on. */
static void test_random_play_real_data(void **state)
{
	(void)state;
	const struct scenario *real = fx_real_scenario();
	struct game_options opt = { .mishap = true };
	game_new(G, real, SETUP_HISTORICAL, 2026, &opt);
	uint64_t lcg = 12345;
	struct action *a = malloc(sizeof *a * 4096);
	assert_non_null(a);
	int steps = 0, moves = 0;
	while (G->pending.what != DECISION_GAMEOVER && steps < 5000) {
		lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
		unsigned r = (unsigned)(lcg >> 33);
		struct action act;
		memset(&act, 0, sizeof act);
		act.type = ACT_END;
		act.unit = -1;
		if (G->pending.what == DECISION_MOVEMENT && r % 6 == 0) {
			struct game copy = *G;
			if (!game_apply(&copy, &act, fx_err, sizeof fx_err)) /* 9.1C may refuse it */
				continue;
		} else if (G->pending.what == DECISION_MOVEMENT) {
			int u = (int)(r / 8 % ROSTER_UNITS);
			struct move_dest d[HEX_INDEX_COUNT];
			int n = move_reachable(G, u, d, HEX_INDEX_COUNT, NULL, 0);
			if (n == 0)
				continue;
			act.type = ACT_MOVE;
			act.unit = u;
			act.n = 1;
			act.hex[0] = d[(r >> 8) % (unsigned)n].hex;
			moves++;
		} else {
			int n = game_legal_first(G, a, 4096);
			assert_true(n > 0);
			act = a[(r >> 4) % (unsigned)n];
		}
		char text[160], why[256];
		action_format(real, &act, text, sizeof text);
		if (!game_apply(G, &act, fx_err, sizeof fx_err))
			fail_msg("turn %d: legal '%s' refused: %s", G->turn, text, fx_err);
		if (!check_game(G, why, sizeof why))
			fail_msg("turn %d: after '%s': %s", G->turn, text, why);
		steps++;
	}
	fx_pending(SIDE_NONE, DECISION_GAMEOVER, FX_ANY);
	assert_true(moves > 50);
	free(a);
}

/* check_game keeps check.h's promise: the pending decision's subject is a unit of the deciding
 * side standing on the map, the turn, the phase and both sides in range. */
static void test_check_game_promise(void **state)
{
	(void)state;
	char why[256];
	game_new(G, S, SETUP_EMPTY, 7, NULL);
	fx_place(fx_u("U1"), 1803);
	fx_place(fx_u("C1"), 1714);
	assert_true(check_game(G, why, sizeof why));
	struct game good = *G;
	G->pending = (struct pending){ SIDE_CONFEDERATE, DECISION_RETREAT, fx_u("C1") };
	assert_true(check_game(G, why, sizeof why));
	G->pending.subject = fx_u("U1"); /* a Union unit retreating by the Confederacy's choice */
	assert_false(check_game(G, why, sizeof why));
	assert_non_null(strstr(why, "U1"));
	G->pending.subject = fx_u("C2"); /* off the map */
	assert_false(check_game(G, why, sizeof why));
	assert_non_null(strstr(why, "C2"));
	G->pending.subject = -7;
	assert_false(check_game(G, why, sizeof why));
	*G = good;
	G->phase = (enum phase)3;
	assert_false(check_game(G, why, sizeof why));
	*G = good;
	G->side = SIDE_NONE;
	assert_false(check_game(G, why, sizeof why));
	*G = good;
	G->pending.side = (enum side)7;
	assert_false(check_game(G, why, sizeof why));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_historical),
		cmocka_unit_test(test_turn_sequence),
		cmocka_unit_test(test_legal),
		cmocka_unit_test(test_legal_real_count),
		cmocka_unit_test(test_action_text),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_setup_actions),
		cmocka_unit_test(test_vi_corps_entry),
		cmocka_unit_test(test_ap_hill),
		cmocka_unit_test(test_random_play_real_data),
		cmocka_unit_test(test_check_game_promise),
	};
	return cmocka_run_group_tests_name("game", tests, setup, fx_teardown);
}
