/* test_event_text.c — the English of the game's events (event_text.c): one sentence for every
 * kind, the words the text log of old wrote (the golden transcripts rely on them), the
 * reasons' English with their corps or formation, and the X-macro lists' words (unique, and
 * parsed back). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

#include "event_text.h"
#include "game.h"
#include "scenario.h"
#include "solitaire.h"


static struct game_event ev(enum event_kind k, int turn)
{
	struct game_event e;
	event_clear(&e, k, turn);
	return e;
}

static void says(const struct game_event *e, const char *want)
{
	char got[EVENT_TEXT_MAX];
	event_format(S, e, got, sizeof got);
	if (strcmp(got, want))
		fail_msg("%s: got '%s', want '%s'", event_kind_name((enum event_kind)e->kind), got,
			 want);
}

static void test_dice_and_losses(void **state)
{
	(void)state;
	struct game_event e = ev(EVENT_DIE, 3);
	e.die = 4;
	e.why = EVENT_WHY_COMBAT;
	says(&e, "die 4: combat (11.5D)");
	e.why = EVENT_WHY_AVAILABILITY;
	e.corps = CORPS_XII;
	says(&e, "die 4: 13.4D availability of XII Corps");
	e.why = EVENT_WHY_WITHDRAWAL_ROLL;
	e.corps = CORPS_IX;
	says(&e, "die 4: 14.2 withdrawal roll, IX Corps");
	e.why = EVENT_WHY_OBJECTIVE;
	e.corps = -1;
	e.formation = SOLO_IX3;
	says(&e, "die 4: 15.2B objective of IX/3");
	e = ev(EVENT_STEP_LOST, 3);
	e.unit = (int16_t)U(12);
	e.why = EVENT_WHY_PANIC;
	e.steps = 2;
	says(&e, "U12 loses a step (panic (11.17.5)), 2 left");
	e = ev(EVENT_ELIMINATED, 3);
	e.unit = (int16_t)C(7);
	e.why = EVENT_WHY_WITHDRAW_TRAPPED;
	says(&e, "C7 eliminated (13.6D)");
}

/* A panic die (11.17.5) says its outcome, read from the event after it (issue 34: "die 6:
 * panic (11.17.5)" said nothing of what came of it). */
static void test_panic_die_says_its_outcome(void **state)
{
	(void)state;
	struct event_log log = { 0 };
	struct game_event die = ev(EVENT_DIE, 3), lost = ev(EVENT_STEP_LOST, 3);
	die.die = 1;
	die.why = EVENT_WHY_PANIC;
	lost.unit = (int16_t)U(12);
	lost.why = EVENT_WHY_PANIC;
	lost.steps = 2;
	assert_true(event_log_add(&log, &die));
	assert_true(event_log_add(&log, &lost));
	die.die = 6;
	assert_true(event_log_add(&log, &die));
	char got[EVENT_TEXT_MAX];
	event_format_at(S, &log, 0, got, sizeof got);
	assert_string_equal(got, "die 1: panic (11.17.5): U12 loses a step (die + morale 2 or less)");
	event_format_at(S, &log, 2, got, sizeof got);
	assert_string_equal(got, "die 6: panic (11.17.5): the unit holds (die + morale 3 or more)");
	event_format_at(S, &log, 1, got, sizeof got);
	assert_string_equal(got, "U12 loses a step (panic (11.17.5)), 2 left");
	event_log_free(&log);
}

static void test_moves_and_combat(void **state)
{
	(void)state;
	struct game_event e = ev(EVENT_MOVE, 2);
	e.unit = (int16_t)U(3);
	e.mp = 4;
	e.n = 2;
	e.hex[0] = 1707;
	e.hex[1] = 1708;
	says(&e, "U3 moves 1707 1708 (4 MP)");
	e.double_time = true;
	says(&e, "U3 moves 1707 1708 (4 MP, double-time)");
	/* a long path is cut where the text log cut it, and the line at 119 characters */
	e.n = 30;
	for (int i = 0; i < 30; i++)
		e.hex[i] = (int16_t)(1000 + i);
	says(&e, "U3 moves 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 "
		 "1014 1015 1016 1017 1018 1019 1020 (4 MP");
	e = ev(EVENT_RETREAT, 2);
	e.unit = (int16_t)C(4);
	e.from = 2316;
	e.n = 1;
	e.hex[0] = 2317;
	says(&e, "C4 retreats 1 hex from 2316: 2317");
	e.n = 2;
	e.hex[1] = 2418;
	says(&e, "C4 retreats 2 hexes from 2316: 2317 2418");
	e = ev(EVENT_DECLARE, 2);
	e.from = 2316;
	e.n = 2;
	e.hex[0] = (int16_t)U(1);
	e.hex[1] = (int16_t)U(2);
	says(&e, "attack on 2316 declared: U1 U2");
	e.several = true;
	says(&e, "attack on 2316 (+) declared: U1 U2");
	e = ev(EVENT_ATTACK, 2);
	e.unit = (int16_t)U(1);
	e.from = 2316;
	e.attack = 9;
	e.defence = 4;
	e.column = CRT_COL_2TO1;
	e.die = 5;
	e.drm = -1;
	e.att_loss = 0;
	e.def_loss = 1;
	e.retreat = true;
	says(&e, "U1 attacks 2316: 9 against 4, column 2:1, roll 5 drm -1: 0/1*");
	e = ev(EVENT_FIRE, 2);
	e.unit = (int16_t)C(20);
	e.target = (int16_t)U(12);
	e.die = 4;
	e.drm = 0;
	e.steps = 1;
	says(&e, "C20 fires at U12: roll 4 drm +0, 1 step lost");
	e.defensive = true;
	e.steps = 2;
	says(&e, "C20 fires defensively at U12: roll 4 drm +0, 2 steps lost");
	e = ev(EVENT_BREAK_OFF, 2);
	e.side = SIDE_CONFEDERATE;
	e.from = 2316;
	says(&e, "confederate breaks off the combat at 2316 (11.5E)");
	e = ev(EVENT_ADVANCE, 2);
	e.unit = (int16_t)U(1);
	e.from = 2315;
	e.to = 2316;
	says(&e, "U1 advances from 2315 into 2316 (11.18)");
	e.kind = EVENT_SUPPORT;
	says(&e, "U1 makes a supporting advance from 2315 into 2316 (11.19)");
}

static void test_corps_and_objectives(void **state)
{
	(void)state;
	struct game_event e = ev(EVENT_CORPS_STATUS, 6);
	e.corps = CORPS_VI;
	e.status = CORPS_AVAILABLE;
	e.why = EVENT_WHY_VI_CORPS;
	says(&e, "13.8: VI Corps is Available");
	e.why = EVENT_WHY_SOLITAIRE_AVAILABLE;
	says(&e, "14.3B: VI Corps is Available and must be committed");
	e.status = CORPS_COMMITTED;
	e.why = EVENT_WHY_COMMITTED;
	says(&e, "13.1: VI Corps is Committed");
	e.status = CORPS_UNAVAILABLE;
	e.why = EVENT_WHY_WITHDRAWS;
	says(&e, "13.5: VI Corps withdraws");
	e = ev(EVENT_WITHDRAWAL_ROLL, 5);
	e.corps = CORPS_II;
	e.die = 3;
	e.drm = -1;
	e.eliminated = 3;
	e.lost = 9;
	e.start = 30;
	says(&e, "14.2: II Corps rolls 3-1 (3 brigades eliminated, 9 of 30 infantry steps lost): "
		 "stays committed");
	e = ev(EVENT_OBJECTIVE, 1);
	e.formation = SOLO_I;
	e.column = 0;
	e.objective = 1; /* data/map.txt's second objective */
	e.rolled = true;
	char want[120];
	snprintf(want, sizeof want, "15.2: I objective 1 is %s (rolled)", S->map.objective[1].name);
	says(&e, want);
	e = ev(EVENT_OBJECTIVE_TAKEN, 4);
	e.formation = SOLO_IX2;
	e.objective = SOLO_OBJ_HEX;
	e.objective_hex = 2836;
	says(&e, "15.2A: IX/2 has taken hex 2836");
	e.kind = EVENT_OBJECTIVE_RETAKEN;
	says(&e, "15.4: IX/2 reverts to hex 2836, retaken by the Confederacy");
	e = ev(EVENT_IX_MARKER, 1);
	e.formation = SOLO_IX4;
	e.from = 2443;
	says(&e, "15.6C: IX/4 draws the marker of hex 2443");
	e = ev(EVENT_NO_OBJECTIVE_LEFT, 9);
	e.formation = SOLO_XII;
	says(&e, "15.5: XII has no objective left; its units stay put");
}

static void test_turns_and_notes(void **state)
{
	(void)state;
	struct game_event e = ev(EVENT_NEW_GAME, 1);
	e.setup = SETUP_HISTORICAL;
	e.seed = 18446744073709551615ULL;
	says(&e, "new game, historical set-up, seed 18446744073709551615");
	e = ev(EVENT_TURN_BEGINS, 4);
	says(&e, "turn 4 begins");
	e = ev(EVENT_GAME_ENDS, 11);
	says(&e, "5.3: the game ends after turn 11");
	e = ev(EVENT_AP_HILL, 7);
	says(&e, "9.1: A.P. Hill arrives on turn 7");
	e = ev(EVENT_NOTE, 2);
	snprintf(e.text, sizeof e.text, "16.4: U3 attacks C7 (2-1, DRM +0)");
	says(&e, "16.4: U3 attacks C7 (2-1, DRM +0)");
	e = ev(EVENT_MISHAP_MOVE, 3);
	e.unit = (int16_t)C(2);
	e.from = 2012;
	e.to = 2013;
	says(&e, "8.14: mishap moves C2 from 2012 to 2013");
}

/* Every kind has its own sentence, every reason its English; the words are unique and parse
 * back to the same constant. */
static void test_lists(void **state)
{
	(void)state;
	for (int k = 0; k < EVENT_KIND_COUNT; k++) {
		struct game_event e = ev((enum event_kind)k, 1);
		char got[EVENT_TEXT_MAX], fallback[32];
		event_format(S, &e, got, sizeof got);
		snprintf(fallback, sizeof fallback, "event %d", k);
		if (k != EVENT_NOTE)
			assert_true(got[0] && strcmp(got, fallback));
		enum event_kind back;
		assert_true(event_kind_parse(event_kind_name((enum event_kind)k), &back));
		assert_int_equal(back, k);
	}
	for (int w = 0; w < EVENT_WHY_COUNT; w++) {
		enum event_why back;
		assert_true(event_why_parse(event_why_name((enum event_why)w), &back));
		assert_int_equal(back, w);
	}
	assert_false(event_kind_parse("nothing", &(enum event_kind){ 0 }));
	assert_string_equal(event_kind_name(EVENT_KIND_COUNT), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dice_and_losses),
		cmocka_unit_test(test_panic_die_says_its_outcome),
		cmocka_unit_test(test_moves_and_combat),
		cmocka_unit_test(test_corps_and_objectives),
		cmocka_unit_test(test_turns_and_notes),
		cmocka_unit_test(test_lists),
	};
	return cmocka_run_group_tests(tests, fx_real_setup, fx_teardown);
}
