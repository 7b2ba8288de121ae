/* test_quick.c — the quick set-up of 4.2 (src/engine/quick.c) on the shipped data: the zones
 * of data/map.txt (valid hexes, the right bank of the creek, room for every formation under
 * 7.0, every 4.3 hex inside its zone), placements through game_apply with their refusals
 * citing 4.1B and 4.2A–D, a whole set-up placed by script that passes check_game, and the
 * `new quick` golden transcript of --batch (tests/golden/quick-setup.in on data/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "check.h"
#include "position.h"
#include "game.h"
#include "quick.h"
#include "scenario.h"

/* Which bank a hex is on (fixture.h). */
static bool west[HEX_INDEX_COUNT];

/* 4.2A, 8.7.6: every zone hex is on the map and on its side's bank (I and XII Corps crossed
 * on the 16th; II, V and IX stand east of the creek; every Confederate west of it), and no
 * Confederate zone comes within two hexes of the Middle Bridge (4.6). */
static void test_zones_on_the_right_bank(void **state)
{
	(void)state;
	fx_map_bank(&S->map, 1916, west); /* the Dunker Church's bank */
	for (int k = 0; k < S->map.nzones; k++) {
		const struct map_zone *z = &S->map.zone[k];
		bool want_west = z->confederate || !strcmp(z->formation, "I") ||
				 !strcmp(z->formation, "XII");
		assert_true(z->nhexes > 0);
		for (int i = 0; i < z->nhexes; i++) {
			int h = z->hexes[i];
			if (!hex_valid(h))
				fail_msg("zone %s: %d is not a hex", z->formation, h);
			if (west[hex_index(h)] != want_west)
				fail_msg("zone %s: %04d on the wrong bank", z->formation, h);
			if (z->confederate && hex_distance(h, 3324) <= 2)
				fail_msg("zone %s: %04d within two hexes of 3324 (4.6)", z->formation, h);
		}
	}
}

/* 4.2A, 4.2B: every unit that begins on the map has a zone holding its 4.3 hex, and each
 * zone has room for its formation under 7.0 (one infantry and one artillery a hex). */
static void test_zones_hold_the_formations(void **state)
{
	(void)state;
	for (int k = 0; k < S->map.nzones; k++) {
		const struct map_zone *z = &S->map.zone[k];
		int inf = 0, art = 0;
		for (int u = 0; u < ROSTER_UNITS; u++) {
			const struct unit_def *d = &S->roster.unit[u];
			if (S->roster.historical_hex[u] == HEX_NONE ||
			    (d->side == SIDE_CONFEDERATE) != z->confederate || strcmp(d->formation, z->formation))
				continue;
			if (d->type == UNIT_INFANTRY)
				inf++;
			else
				art++;
		}
		if (z->nhexes < inf || z->nhexes < art)
			fail_msg("zone %s: %d hexes for %d infantry and %d artillery", z->formation,
				 z->nhexes, inf, art);
	}
	game_new(G, S, SETUP_QUICK, 1, NULL);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (unit_is_reinforcement(G, u))
			continue;
		const struct map_zone *z = quick_zone(G, u);
		if (!z)
			fail_msg("%s has no zone", names_of_unit(u));
		if (!map_in_zone(z, S->roster.historical_hex[u]))
			fail_msg("%s: 4.3 hex %04d outside its zone", names_of_unit(u),
				 S->roster.historical_hex[u]);
	}
}

/* Place every unit of the side setting up at its 4.3 hex (infantry before artillery, so
 * 4.2C finds the infantry there). */
static void place_historical(enum side side)
{
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < ROSTER_UNITS; u++) {
			const struct unit_def *d = unit_def(G, u);
			if (d->side != side || unit_is_reinforcement(G, u) ||
			    (d->type == UNIT_INFANTRY) != (pass == 0))
				continue;
			char line[64];
			snprintf(line, sizeof line, "place %s %04d", d->id, S->roster.historical_hex[u]);
			fx_ok(line);
		}
}

/* The historical positions are a legal quick set-up; the game then begins like `new
 * historical` (same units, same corps status, Union movement of turn 1). */
static void test_historical_as_quick(void **state)
{
	(void)state;
	game_new(G, S, SETUP_QUICK, 1862, NULL);
	assert_int_equal(G->pending.what, DECISION_SETUP);
	assert_int_equal(G->pending.side, SIDE_UNION);
	for (int u = 0; u < ROSTER_UNITS; u++)
		assert_int_equal(G->unit[u].hex, HEX_NONE);
	place_historical(SIDE_UNION);
	fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_SETUP);
	assert_int_equal(G->pending.side, SIDE_CONFEDERATE);
	place_historical(SIDE_CONFEDERATE);
	fx_ok("end");
	assert_int_equal(G->turn, 1);
	assert_int_equal(G->side, SIDE_UNION);
	assert_int_equal(G->phase, PHASE_MOVEMENT);
	assert_int_not_equal(G->pending.what, DECISION_SETUP);
	static struct game h;
	game_new(&h, S, SETUP_HISTORICAL, 1862, NULL);
	for (int u = 0; u < ROSTER_UNITS; u++)
		assert_int_equal(G->unit[u].hex, h.unit[u].hex);
	for (int c = 0; c < CORPS_COUNT; c++)
		assert_int_equal(G->corps[c], h.corps[c]);
	assert_false(G->empty_setup);
}

/* quick_historical gives the placements of 4.3 for the side setting up; applied in order
 * they are all legal, for both sides. */
static void test_quick_historical(void **state)
{
	(void)state;
	struct action a[ROSTER_UNITS];
	char err[256];
	game_new(G, S, SETUP_QUICK, 5, NULL);
	for (int side = 0; side < 2; side++) {
		int n = quick_historical(G, a, ROSTER_UNITS);
		assert_int_equal(n, side == 0 ? ROSTER_UNION - 9 : ROSTER_CONFEDERATE - 6);
		for (int i = 0; i < n; i++)
			if (!game_apply(G, &a[i], err, sizeof err))
				fail_msg("%s", err);
		assert_int_equal(quick_historical(G, a, ROSTER_UNITS), 0);
		fx_ok("end");
	}
	assert_int_equal(quick_historical(G, a, ROSTER_UNITS), 0); /* the set-up is over */
	assert_int_equal(G->turn, 1);
}

/* A set-up chosen by script from game_legal alone (always the last legal placement, so not
 * the historical one) completes for both sides and passes check_game after every step. */
static void test_scripted_from_legal(void **state)
{
	(void)state;
	enum { MAX = 1 << 15 };
	struct action *a = malloc(sizeof *a * MAX);
	assert_non_null(a);
	game_new(G, S, SETUP_QUICK, 7, NULL);
	char err[256];
	int steps = 0;
	while (G->pending.what == DECISION_SETUP) {
		int n = game_legal_first(G, a, MAX);
		assert_true(n > 0 && n < MAX);
		int pick = -1;
		for (int i = n - 1; i >= 0 && pick < 0; i--)
			if (a[i].type == ACT_PLACE)
				pick = i;
		for (int i = 0; i < n && pick < 0; i++)
			if (a[i].type == ACT_END)
				pick = i;
		assert_true(pick >= 0);
		/* every listed action is accepted */
		if (!game_apply(G, &a[pick], err, sizeof err))
			fail_msg("legal action refused: %s", err);
		if (!check_game(G, err, sizeof err))
			fail_msg("%s", err);
		assert_true(++steps < 400);
	}
	assert_int_equal(G->turn, 1);
	assert_int_equal(G->pending.side, SIDE_UNION); /* turn 1: commitment (13.7B), then movement */
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (unit_is_reinforcement(G, u)) {
			assert_int_equal(G->unit[u].hex, HEX_NONE);
			continue;
		}
		assert_true(map_in_zone(quick_zone(G, u), G->unit[u].hex));
	}
	free(a);
}

/* Refusals cite the rule: 4.1B reinforcements and full strength, 4.2A zones, 4.2B stacking,
 * 4.2C the non-divisional artillery, 4.2D Evans; `end` waits for every unit. */
static void test_refusals(void **state)
{
	(void)state;
	game_new(G, S, SETUP_QUICK, 3, NULL);
	fx_refused("place C1 1714", "4.2: C1 is not a union unit");
	fx_refused("place U48 1803", "4.1B");
	fx_refused("place U1 4117", "4.2A");
	fx_refused("place U1 1803 3", "4.1B");
	fx_ok("place U1 1803");
	fx_refused("place U1 1804", "4.2: U1 is already placed");
	fx_refused("place U2 1803", "4.2B");
	fx_ok("place U5 1803");     /* I Corps artillery with infantry: 7.0 allows it */
	fx_refused("place U14 4117 2", "4.1B");
	fx_refused("end", "4.1B");
	fx_refused("move U1 1804", "4.2");
	fx_refused("remove C1", "4.2");
	fx_ok("remove U1");
	assert_int_equal(G->unit[fx_u("U1")].hex, HEX_NONE);
	/* the Union completes; now the Confederate */
	game_new(G, S, SETUP_QUICK, 3, NULL);
	place_historical(SIDE_UNION);
	fx_ok("end");
	fx_refused("place U1 1803", "4.2");
	fx_refused("place C22 2228", "4.2D");
	fx_ok("place C22 2127");
	fx_refused("place C19 1714", "4.2C");         /* no infantry there yet */
	fx_refused("place C1 2520", "4.2A");          /* Jackson's division in D.H. Hill's ground */
	fx_refused("place C48 1044", "4.1B");         /* A.P. Hill enters (9.1) */
	fx_ok("place C12 2520");
	fx_ok("place C19 2520");                      /* 4.2C: with Rodes */
	fx_refused("place C16 2520", "4.2B");         /* a second gun */
	fx_refused("remove C12", "4.2C");             /* it would strand C19 */
	fx_ok("remove C19");
	fx_ok("remove C12");
	fx_refused("end", "4.1B");
}

/* A game saved half-way through the set-up reads back as the same position, the `start
 * quick` record included (docs/formats.md). */
static void test_saved_during_setup(void **state)
{
	(void)state;
	game_new(G, S, SETUP_QUICK, 11, NULL);
	place_historical(SIDE_UNION);
	fx_ok("end");
	fx_ok("place C1 1714");
	struct position_record rec;
	record_init(&rec, SETUP_QUICK, 11, NULL);
	assert_true(record_add(&rec, "place C1 1714"));
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_true(position_write(G, &rec, f));
	rewind(f);
	static struct game back;
	struct position_record rec2;
	record_init(&rec2, SETUP_EMPTY, 0, NULL);
	char err[256] = "";
	if (!position_read(&back, &rec2, S, f, "saved", err, sizeof err))
		fail_msg("%s", err);
	fclose(f);
	assert_int_equal(back.pending.what, DECISION_SETUP);
	assert_int_equal(back.pending.side, SIDE_CONFEDERATE);
	assert_int_equal(rec2.setup, SETUP_QUICK);
	for (int u = 0; u < ROSTER_UNITS; u++)
		assert_int_equal(back.unit[u].hex, G->unit[u].hex);
	record_free(&rec);
	record_free(&rec2);
}

/* The --batch transcript: `new quick`, refusals, a whole set-up, the start of turn 1. */
static void test_golden(void **state)
{
	(void)state;
	const char *prog = getenv("ANTIETAM_PROGRAM");
	if (!prog)
		prog = "./antietam";
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s --data data --batch tests/golden/quick-setup.in 2>&1 | "
		 "cmp -s - tests/golden/quick-setup.out", prog);
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("quick-setup transcript differs: regenerate with '%s --data data --batch "
			 "tests/golden/quick-setup.in' and read the diff", prog);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zones_on_the_right_bank),
		cmocka_unit_test(test_zones_hold_the_formations),
		cmocka_unit_test(test_historical_as_quick),
		cmocka_unit_test(test_scripted_from_legal),
		cmocka_unit_test(test_quick_historical),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_saved_during_setup),
		cmocka_unit_test(test_golden),
	};
	return cmocka_run_group_tests(tests, fx_real_setup, fx_teardown);
}
