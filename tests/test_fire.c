/* test_fire.c — artillery fire (10.0) on hand-made positions with forced dice: who may fire
 * (Moved markers, once a phase, corps status, Hood on turn 1), range and the Parrott guns,
 * line of sight, the two-guns-per-target limit, every DRM of 20.3 including the hexsides of
 * 10.4, the 1† result, and refusals that leave the game byte-identical. */
#include "event_text.h"
#include "fixture.h"
#include "los.h"

static struct fire_odds fire_of(int gun, int target)
{
	struct fire_odds o;
	if (!fire_check(G, gun, target, false, &o, fx_err, sizeof fx_err))
		fail_msg("fire refused: %s", fx_err);
	return o;
}

static bool has_mod(const struct fire_odds *o, const char *rule, int value)
{
	for (int i = 0; i < o->nmods; i++)
		if (!strcmp(modifier_rule((enum modifier)o->mod[i].id), rule) && o->mod[i].value == value)
			return true;
	return false;
}

/* The DRM of rule with the note what (the odds window shows it beside the value). */
static bool has_note(const struct fire_odds *o, const char *rule, const char *what)
{
	for (int i = 0; i < o->nmods; i++) {
		char text[64];
		modifier_text(&o->mod[i], text, sizeof text);
		if (!strcmp(modifier_rule((enum modifier)o->mod[i].id), rule) && !strcmp(text, what))
			return true;
	}
	return false;
}

static void test_fire_resolves(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2016);  /* range 4: -1; infantry -2 */
	fx_phase("union", "artillery");
	fx_pending(SIDE_UNION, DECISION_ARTILLERY, -1);
	struct fire_odds o = fire_of(U(40), C(1));
	assert_int_equal(o.range, 4);
	assert_int_equal(o.drm, -3);
	assert_true(has_mod(&o, "10.3B", -1));
	assert_true(has_note(&o, "10.3B", "range 4"));
	assert_true(has_mod(&o, "20.3", -2));
	int expect = tables_fire_steps(tables_fire_result(&S->tables, 6, 6 - 3), false, 4);
	fx_dice(1, 6);
	fx_ok("fire U40 C1");
	/* the FIRE event says it all, its DRMs (10.3B, 20.3) each with its rule */
	const struct game_event *e = fx_last_event(EVENT_FIRE);
	assert_int_equal(e->unit, U(40));
	assert_int_equal(e->target, C(1));
	assert_int_equal(e->die, 6);
	assert_int_equal(e->drm, -3);
	assert_int_equal(e->steps, expect);
	assert_int_equal(e->n, o.nmods);
	assert_memory_equal(e->mod, o.mod, (size_t)o.nmods * sizeof *o.mod);
	assert_int_equal(G->unit[C(1)].steps, 4 - expect);
	assert_true(G->unit[U(40)].flags & UF_FIRED);
	fx_refused("fire U40 C1", "10.2E");      /* once a phase */
	fx_ok("end");
	assert_int_equal(G->phase, PHASE_COMBAT);
}

static void test_who_may_fire(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_gun(C(10), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_place(U(1), 2019);
	fx_place(C(1), 2016);
	fx_place(C(10), 2015);
	fx_phase("union", "artillery");
	fx_refused("fire U1 C1", "10.1A");       /* infantry */
	fx_refused("fire C10 U1", "10.1A");      /* not the phasing side */
	fx_refused("fire U40 U1", "10.2A");      /* a friend */
	G->unit[U(40)].flags |= UF_ART_MOVED;
	fx_refused("fire U40 C1", "10.8A");
	G->unit[U(40)].flags &= ~(uint32_t)UF_ART_MOVED;
	G->corps[CORPS_I] = CORPS_UNAVAILABLE;
	fx_refused("fire U40 C1", "13.4B");
	/* 13.4C: at a Confederate unit that moved adjacent to the corps, and only at it */
	G->corps_lifted[CORPS_I] |= 1ull << (C(10) - ROSTER_UNION);
	fx_refused("fire U40 C1", "13.4B");
	assert_true(fire_check(G, U(40), C(10), false, &(struct fire_odds){ 0 }, NULL, 0));
	G->corps_lifted[CORPS_I] = 0;
	G->corps[CORPS_I] = CORPS_AVAILABLE;      /* 13.3D: Available artillery fires */
	fx_dice(1, 1);
	fx_ok("fire U40 C1");
	/* Hood on turn 1 (4.5C) */
	fx_board_plain();
	fx_gun(C(25), 2, 6, 8);
	snprintf(fx_def(C(25))->formation, sizeof fx_def(C(25))->formation, "Hd");
	fx_place(C(25), 2015);
	fx_place(U(1), 2018);
	G->turn = 1;
	G->empty_setup = false;
	fx_phase("confederate", "artillery");
	fx_refused("fire C25 U1", "4.5C");
	G->hood_released = true;
	fx_dice(1, 1);
	fx_ok("fire C25 U1");
}

static void test_range_and_parrott(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_gun(U(44), 2, 6, 20);
	fx_place(U(40), 2030);
	fx_place(U(44), 2031);
	fx_place(C(1), 2021);  /* range 9 and 10 */
	fx_phase("union", "artillery");
	fx_refused("fire U40 C1", "10.3A");
	struct fire_odds o = fire_of(U(44), C(1));
	assert_int_equal(o.range, 10);
	assert_true(has_mod(&o, "10.3B", -3));
	assert_true(has_note(&o, "10.3B", "range 10"));
	fx_place(C(2), 2029);  /* adjacent: +2 */
	o = fire_of(U(40), C(2));
	assert_true(has_mod(&o, "10.3B", 2));
	assert_true(has_note(&o, "10.3B", "range 1"));
	fx_place(C(3), 2011);  /* 20 hexes from 2031 */
	assert_int_equal(fire_of(U(44), C(3)).range, 20);
	fx_place(C(3), 2010);
	fx_refused("fire U44 C3", "10.3A");
}

static void test_target_drms(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_gun(C(10), 2, 4, 8);
	fx_place(C(10), 2018);          /* artillery target: no -2; range 2: 0 */
	struct fire_odds o = fire_of(U(40), C(10));
	assert_int_equal(o.drm, 0);
	fx_terrain(2018, TERRAIN_ORCHARD);
	o = fire_of(U(40), C(10));
	assert_int_equal(o.drm, -1);
	fx_terrain(2018, TERRAIN_TOWN);
	o = fire_of(U(40), C(10));
	assert_int_equal(o.drm, -2);
	/* behind a crest: the side the fire crosses into the target's hex (10.4); both on high
	 * ground so the crest of the target's own hex does not block (10.6.3) */
	fx_terrain(2018, TERRAIN_CLEAR);
	fx_high(2020);
	fx_high(2018);
	fx_side(2019, 2018, SIDE_CREST);
	o = fire_of(U(40), C(10));
	assert_true(has_mod(&o, "10.4", -1));
	/* a crest on another side of the target's hex does not count */
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_gun(C(10), 2, 4, 8);
	fx_place(C(10), 2018);
	fx_side(2017, 2018, SIDE_CREST | SIDE_SUNKEN);
	o = fire_of(U(40), C(10));
	assert_int_equal(o.drm, 0);
	/* the Sunken Road: behind a protected side */
	fx_sunken(2018);
	fx_side(2019, 2018, SIDE_SUNKEN);
	o = fire_of(U(40), C(10));
	assert_true(has_mod(&o, "10.4", -1));
	assert_int_equal(o.drm, -1);
}

static void test_dagger(void **st)
{
	(void)st;
	/* 1†: a step only from infantry of more than 3 steps or from artillery (20.3) */
	fx_board_plain();
	struct tables *t = &S->tables;
	int fv = 0, row = 0;
	for (int f = 1; f <= AFT_FIRE_MAX && !fv; f++)
		for (int r = AFT_ROW_MIN; r <= 4 && !fv; r++)
			if (tables_fire_result(t, f, r) == FIRE_DAGGER)
				fv = f, row = r;
	assert_true(fv > 0);
	/* infantry target, range 2 (0): drm -2; the die that makes `row` */
	int die = row + 2;
	if (die < 1 || die > 6)
		skip();
	fx_gun(U(40), 2, fv, 8);
	fx_place(U(40), 2020);
	fx_inf(C(1), 3, 3, 0);
	fx_place(C(1), 2018);
	fx_phase("union", "artillery");
	fx_dice(1, die);
	fx_ok("fire U40 C1");
	assert_int_equal(fx_last_event(EVENT_FIRE)->steps, 0);
	assert_int_equal(G->unit[C(1)].steps, 3);
	fx_inf(C(2), 4, 4, 0);
	fx_place(C(2), 2022);
	fx_gun(U(41), 2, fv, 8);
	fx_place(U(41), 2024);
	fx_dice(1, die);
	fx_ok("fire U41 C2");
	assert_int_equal(G->unit[C(2)].steps, 3);
}

static void test_two_guns_per_target(void **st)
{
	(void)st;
	fx_board_plain();
	for (int i = 40; i <= 42; i++) {
		fx_gun(U(i), 2, 1, 8);
		fx_place(U(i), 2020 + (i - 40));
	}
	fx_place(C(1), 2017);
	fx_phase("union", "artillery");
	fx_dice(2, 1, 1);
	fx_ok("fire U40 C1");
	fx_ok("fire U41 C1");
	fx_refused("fire U42 C1", "10.7D");
	/* defensive fire does not count (10.7D): tested in test_combat */
	struct action a[64];
	int n = game_legal_first(G, a, 64);
	for (int i = 0; i < n; i++)
		assert_false(a[i].type == ACT_FIRE && a[i].target == C(1));
}

static void test_line_of_sight(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_place(C(1), 2016);
	fx_terrain(2018, TERRAIN_WOODS); /* between, low-to-low: blocks (10.6.1A) */
	fx_phase("union", "artillery");
	fx_refused("fire U40 C1", "10.2A");
	/* a line along the top edge of the map passes beside hexes that do not exist */
	fx_gun(U(41), 2, 6, 8);
	fx_place(U(41), 2800);
	fx_place(C(2), 3600);
	struct fire_odds o = fire_of(U(41), C(2));
	assert_int_equal(o.range, 8);
}

/* fire_sight (10.6, 10.4 from the map alone, which the bot keeps per pair of hexes) gives
 * fire_check_sight the same answer as fire_check, for every target hex in range over woods,
 * high ground, crests and a Sunken Road; and the sight given is the one used. */
static void test_sight_given(void **st)
{
	(void)st;
	fx_board_plain();
	fx_gun(U(40), 2, 6, 8);
	fx_place(U(40), 2020);
	fx_terrain(2018, TERRAIN_WOODS);
	fx_terrain(2223, TERRAIN_TOWN);
	fx_high(2020);
	fx_high(2021);
	fx_high(1716);
	fx_high(1717);
	fx_side(1716, 1715, SIDE_CREST);
	fx_side(2419, 2418, SIDE_CREST);
	fx_sunken(2316);
	for (int d = 0; d < HEX_NDIRS; d++)
		fx_side(hex_neighbour(2316, (enum hex_dir)d), 2316, SIDE_SUNKEN);
	fx_phase("union", "artillery");
	const struct map *m = &S->map;
	int seen = 0, blocked = 0, behind = 0;
	for (int col = 12; col <= 28; col++)
		for (int row = 12; row <= 28; row++) {
			int to = col * 100 + row;
			if (to == 2020 || hex_distance(2020, to) > 8)
				continue;
			fx_place(C(1), to);
			struct fire_sight sight = fire_sight(m, 2020, to);
			assert_int_equal(sight.clear, los_clear(m, 2020, to));
			struct fire_odds a, b;
			bool ok = fire_check(G, U(40), C(1), false, &a, NULL, 0);
			assert_int_equal(ok, fire_check_sight(G, U(40), C(1), false, &sight, &b, NULL,
							      0));
			assert_memory_equal(&a, &b, sizeof a);
			seen += ok;
			blocked += !sight.clear;
			behind += (sight.sides & (SIDE_CREST | SIDE_SUNKEN)) != 0;
		}
	assert_true(seen > 100 && blocked > 5 && behind >= 2);
	/* the sight given is the one used: a blocked line refuses (10.2A), a crest adds 10.4 */
	fx_place(C(1), 2016);
	struct fire_odds o;
	struct fire_sight none = { .clear = false, .sides = 0 };
	assert_false(fire_check_sight(G, U(40), C(1), false, &none, &o, fx_err, sizeof fx_err));
	assert_non_null(strstr(fx_err, "10.2A"));
	struct fire_sight crest = { .clear = true, .sides = SIDE_CREST };
	assert_true(fire_check_sight(G, U(40), C(1), false, &crest, &o, NULL, 0));
	assert_true(has_mod(&o, "10.4", tables_fire_drm(&S->tables, FIRE_DRM_CREST)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fire_resolves),
		cmocka_unit_test(test_who_may_fire),
		cmocka_unit_test(test_range_and_parrott),
		cmocka_unit_test(test_target_drms),
		cmocka_unit_test(test_dagger),
		cmocka_unit_test(test_two_guns_per_target),
		cmocka_unit_test(test_line_of_sight),
		cmocka_unit_test(test_sight_given),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
