/* test_tui_view_event.c — what the front-end draws of the game's events (src/tui/view_event.c),
 * read from the events the engine itself raises (struct game_event, no copy): the events the
 * map draws, the trails of moves, retreats and advances, the hexes a declaration, an attack
 * and a fire aim at, an attack's result in words, and the DRMs each ATTACK and FIRE event
 * carries for the result box (modifier.h). It links the curses-free libtui.a. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/tui/view_event.h"
#include "combat.h"
#include "scenario.h"
#include "tables.h"

/* The newest event of a kind since entry `from`, or fail. */
static const struct game_event *find(int from, enum event_kind kind)
{
	const struct game_event *found = NULL;
	for (int k = from; k < G->nlog; k++) {
		const struct game_event *e = event_log_at(&fx_log, k);
		if (e && e->kind == kind)
			found = e;
	}
	if (!found)
		fail_msg("no event of kind %s after %d", event_kind_name(kind), from);
	return found;
}

/* The sum of an event's DRMs (modifier.h). */
static int mods_sum(const struct game_event *e)
{
	int sum = 0;
	for (int i = 0; i < e->n; i++)
		sum += e->mod[i].value;
	return sum;
}

static void test_move(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_HISTORICAL, 5, NULL, &fx_log);
	fx_ok("end");
	int from = G->nlog;
	fx_ok("move U10 2107");
	const struct game_event *e = find(from, EVENT_MOVE);
	assert_true(view_event_drawn(e));
	int left, hex[VIEW_TRAIL_MAX];
	int n = view_event_trail(e, &left, hex, VIEW_TRAIL_MAX);
	assert_int_equal(e->unit, names_parse_unit("U10"));
	assert_true(n >= 2);
	assert_int_equal(left, HEX_NONE);
	assert_int_equal(hex[n - 1], 2107);
	assert_int_equal(G->unit[e->unit].hex, 2107);
	for (int i = 1; i < n; i++)
		assert_true(hex_adjacent(hex[i - 1], hex[i]));
	assert_int_equal(view_event_trail(e, &left, hex, 1), 1); /* at most max */
	assert_int_equal(view_event_aim(e), HEX_NONE);
	const struct game_event *first = event_log_at(&fx_log, 0); /* "new game ..." */
	assert_non_null(first);
	assert_false(view_event_drawn(first));
	assert_int_equal(view_event_trail(first, &left, hex, VIEW_TRAIL_MAX), 0);
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
	const struct game_event *d = find(from, EVENT_DECLARE);
	assert_true(view_event_drawn(d));
	assert_int_equal(view_event_aim(d), 2515);
	fx_ok("dice 5");
	fx_ok("end");
	const struct game_event *a = find(from, EVENT_ATTACK);
	assert_true(view_event_drawn(a));
	assert_int_equal(view_event_aim(a), 2515);
	assert_int_equal(a->unit, names_parse_unit("C32"));
	assert_int_equal(a->die, 5);
	assert_int_equal(a->attack, 6);
	assert_int_equal(a->defence, 5);
	assert_string_equal(tables_crt_column_name((enum crt_column)a->column), "+1");
	assert_int_equal(a->drm, 2);
	assert_int_equal(mods_sum(a), 2);
	assert_int_equal(a->att_loss, 1);
	assert_int_equal(a->def_loss, 2);
	assert_true(a->retreat);
	char words[160];
	view_event_attack_words(a, words, sizeof words);
	assert_string_equal(words, "the defender in 2515 loses 2 steps and must retreat (11.17); "
			    "C32 loses 1 step");
	const struct game_event *st = find(from, EVENT_STEP_LOST);
	assert_int_equal(st->unit, names_parse_unit("U1"));
	assert_int_equal(st->steps, 3);
	assert_false(view_event_drawn(st));
	int before = G->nlog;
	fx_ok("retreat U1 2615 2714 2814");
	int left, hex[VIEW_TRAIL_MAX];
	const struct game_event *r = find(before, EVENT_RETREAT);
	assert_true(view_event_drawn(r));
	assert_int_equal(r->unit, names_parse_unit("U1"));
	assert_int_equal(view_event_trail(r, &left, hex, VIEW_TRAIL_MAX), 3);
	assert_int_equal(left, 2515);
	assert_int_equal(hex[0], 2615);
	assert_int_equal(hex[2], 2814);
	const struct game_event *adv = find(before, EVENT_ADVANCE);
	assert_true(view_event_drawn(adv));
	assert_int_equal(view_event_trail(adv, &left, hex, VIEW_TRAIL_MAX), 1);
	assert_int_equal(left, 2415);
	assert_int_equal(hex[0], 2515);
}

/* The result box's DRMs for every attacker of a combat (issue 18): C32 and C1 attack U1 in
 * 2515; C32's 1/1 leaves U1 a step thinner, so C1 attacks at 0 (4 against 4), not at -1 (4
 * against 5) as the position before the combat gives. Each ATTACK event carries the DRMs its
 * attack was figured with: no position is figured again. */
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
	int from = G->nlog;
	fx_ok("end");
	int attacks = 0;
	for (int k = from; k < G->nlog; k++) {
		const struct game_event *e = event_log_at(&fx_log, k);
		assert_non_null(e);
		if (e->kind != EVENT_ATTACK)
			continue;
		assert_true(e->n > 0);
		assert_int_equal(mods_sum(e), e->drm);
		bool elan = false;
		for (int i = 0; i < e->n; i++)
			elan |= e->mod[i].id == MOD_ELAN; /* 11.11 */
		assert_true(elan);
		if (attacks++ == 1) {
			/* the second attacker: U1 had lost a step (5 -> 4 defence) */
			assert_int_equal(e->unit, names_parse_unit("C1"));
			assert_int_equal(e->defence, 4);
			assert_string_equal(tables_crt_column_name((enum crt_column)e->column), "0");
		}
	}
	assert_int_equal(attacks, 2);
}

/* A fire names the hex its target stood in and the gun's fire value (20.3): an eliminated
 * target is on no hex afterwards, and the replay still marks where it was fired at. */
static void test_fire_and_elimination(void **state)
{
	(void)state;
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_EMPTY, 7, NULL, &fx_log);
	fx_ok("place C5 1714");
	fx_ok("place U13 1715 1");
	fx_ok("set phase confederate artillery");
	int gun = names_parse_unit("C5");
	int value = unit_cv(G, gun), hit = 0;
	struct fire_odds o;
	assert_true(fire_check(G, gun, names_parse_unit("U13"), false, &o, NULL, 0));
	for (int die = 6; die >= 1; die--)
		if (o.steps[die] > 0)
			hit = die;
	assert_true(hit > 0);
	int from = G->nlog;
	char dice[16];
	snprintf(dice, sizeof dice, "dice %d", hit);
	fx_ok(dice);
	fx_ok("fire C5 U13");
	const struct game_event *f = find(from, EVENT_FIRE);
	assert_true(view_event_drawn(f));
	assert_int_equal(f->unit, gun);
	assert_int_equal(f->target, names_parse_unit("U13"));
	assert_int_equal(f->die, hit);
	assert_false(f->defensive);
	assert_int_equal(f->steps, 1);
	assert_int_equal(f->column, value);
	assert_true(f->n > 0);
	assert_int_equal(mods_sum(f), f->drm);
	assert_false(unit_on_map(G, f->target));
	assert_int_equal(find(from, EVENT_ELIMINATED)->unit, f->target);
	assert_int_equal(view_event_aim(f), 1715);
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
