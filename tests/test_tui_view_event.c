/* test_tui_view_event.c — the front-end's reading of the game's events (src/tui/view_event.c)
 * on the events the engine itself raises: moves (with their paths), declarations, attacks (column,
 * roll, DRM, losses, retreat), fire, retreats, advances, steps lost and eliminations, each
 * read back with the values the position shows. The front-end file is compiled in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/tui/view_event.c"
#include "scenario.h"

/* The newest event of a kind since entry `from`, or fail. */
static struct view_event find(int from, enum view_event_kind kind)
{
	struct view_event e, found = { .kind = EV_KIND_COUNT };
	for (int k = from; k < G->nlog; k++)
		if (view_event_read(S, &fx_log, k, &e) && e.kind == kind)
			found = e;
	if (found.kind != kind)
		fail_msg("no event of kind %d after %d", kind, from);
	return found;
}

static void test_move(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_HISTORICAL, 5, NULL, &fx_log);
	fx_ok("end");
	int from = G->nlog;
	fx_ok("move U10 2107");
	struct view_event e = find(from, EV_MOVE);
	assert_int_equal(e.unit, names_parse_unit("U10"));
	assert_true(e.n >= 2);
	assert_int_equal(e.hex[e.n - 1], 2107);
	assert_int_equal(G->unit[e.unit].hex, 2107);
	for (int i = 1; i < e.n; i++)
		assert_true(hex_adjacent(e.hex[i - 1], e.hex[i]));
	struct view_event none;
	assert_false(view_event_read(S, &fx_log, G->nlog, &none));
	assert_true(view_event_read(S, &fx_log, 0, &none));
	assert_int_equal(none.kind, EV_OTHER); /* "new game ..." */
}

static void test_attack_retreat_steps(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_EMPTY, 7, NULL, &fx_log);
	fx_ok("place C32 2415");
	fx_ok("place U1 2515");
	fx_ok("place C1 2616");
	fx_ok("set phase confederate combat");
	int from = G->nlog;
	fx_ok("attack 2515 C32");
	struct view_event d = find(from, EV_DECLARE);
	assert_int_equal(d.hex[0], 2515);
	fx_ok("dice 5");
	fx_ok("end");
	struct view_event a = find(from, EV_ATTACK);
	assert_int_equal(a.unit, names_parse_unit("C32"));
	assert_int_equal(a.hex[0], 2515);
	assert_int_equal(a.roll, 5);
	assert_int_equal(a.attack, 6);
	assert_int_equal(a.defence, 5);
	assert_string_equal(a.column, "+1");
	assert_int_equal(a.drm, 2);
	assert_int_equal(a.att_loss, 1);
	assert_int_equal(a.def_loss, 2);
	assert_true(a.retreat);
	char words[160];
	view_event_attack_words(G, &a, words, sizeof words);
	assert_string_equal(words, "the defender in 2515 loses 2 steps and must retreat (11.17); "
			    "C32 loses 1 step");
	struct view_event st = find(from, EV_STEP);
	assert_int_equal(st.unit, names_parse_unit("U1"));
	assert_int_equal(st.steps_left, 3);
	int before = G->nlog;
	fx_ok("retreat U1 2615 2714 2814");
	struct view_event r = find(before, EV_RETREAT);
	assert_int_equal(r.unit, names_parse_unit("U1"));
	assert_int_equal(r.from, 2515);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.hex[0], 2615);
	assert_int_equal(r.hex[2], 2814);
	struct view_event adv = find(before, EV_ADVANCE);
	assert_int_equal(adv.from, 2415);
	assert_int_equal(adv.hex[0], 2515);
}

/* The result box's DRMs for every attacker of a combat (issue 18): C32 and C1 attack U1 in
 * 2515; C32's 1/1 leaves U1 a step thinner, so C1 attacks at 0 (4 against 4), not at -1 (4
 * against 5) as the position before the combat gives. Following the events from that
 * position gives each attack the position it saw: both breakdowns are found, with the
 * column and the DRM total the log reports. */
static void test_every_attacker_gets_its_drms(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_EMPTY, 7, NULL, &fx_log);
	fx_ok("place C32 2415");
	fx_ok("place U1 2515");
	fx_ok("place C1 2616");
	fx_ok("set phase confederate combat");
	fx_ok("attack 2515 C32 C1");
	fx_ok("dice 1 3");
	struct game *before = malloc(sizeof *before), *seen = malloc(sizeof *seen);
	assert_non_null(before);
	assert_non_null(seen);
	*before = *G;
	*seen = *G;
	int from = G->nlog;
	fx_ok("end");
	int attacks = 0;
	struct view_event e;
	for (int k = from; k < G->nlog; k++) {
		assert_true(view_event_read(S, &fx_log, k, &e));
		if (e.kind == EV_ATTACK) {
			struct combat_odds o;
			assert_true(view_event_attack_mods(seen, &e, &o));
			assert_int_equal(o.drm, e.drm);
			assert_true(o.nmods > 0);
			if (attacks++ == 1) {
				/* the second attacker: U1 had lost a step (5 -> 4 defence) */
				assert_int_equal(e.unit, names_parse_unit("C1"));
				assert_int_equal(e.defence, 4);
				assert_string_equal(e.column, "0");
				assert_false(view_event_attack_mods(before, &e, &o));
			}
		}
		view_event_follow(seen, &e);
	}
	assert_int_equal(attacks, 2);
	/* the events followed lead to the position the game reached */
	for (int u = 0; u < ROSTER_UNITS; u++) {
		assert_int_equal(seen->unit[u].steps, G->unit[u].steps);
		assert_int_equal(seen->unit[u].hex, G->unit[u].hex);
	}
	struct view_event elim = { .kind = EV_ELIMINATED, .unit = names_parse_unit("C1") };
	view_event_follow(seen, &elim);
	assert_false(unit_on_map(seen, elim.unit));
	free(before);
	free(seen);
}

static void test_fire_and_elimination(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_EMPTY, 7, NULL, &fx_log);
	fx_ok("place C5 1714");
	fx_ok("place U13 1715 1");
	fx_ok("set phase confederate artillery");
	int from = G->nlog;
	fx_ok("dice 6");
	fx_ok("fire C5 U13");
	struct view_event f = find(from, EV_FIRE);
	assert_int_equal(f.unit, names_parse_unit("C5"));
	assert_int_equal(f.target, names_parse_unit("U13"));
	assert_int_equal(f.roll, 6);
	assert_false(f.defensive);
	assert_int_equal(f.def_loss, 1 - G->unit[f.target].steps);
	if (f.def_loss == 1)
		assert_int_equal(find(from, EV_ELIMINATED).unit, f.target);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_attack_retreat_steps),
		cmocka_unit_test(test_every_attacker_gets_its_drms),
		cmocka_unit_test(test_fire_and_elimination),
	};
	return cmocka_run_group_tests_name("tui_events", tests, fx_real_setup, fx_teardown);
}
