/* test_tables.c — the charts of data/tables.txt: every printed cell of 20.1 and 20.3, the
 * combat example of 23.0, the monotonic shape of the rebuilt rows, clamping, 11.5C column
 * choice, victory levels at their boundaries, and loader errors that name the line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"

#include "tables.h"

#define TABLES_PATH "data/tables.txt"

static struct tables T;

static int setup(void **state)
{
	(void)state;
	char err[512] = "";
	if (!tables_load(&T, TABLES_PATH, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static void assert_crt(enum crt_column col, int roll, int a, int d, bool retreat)
{
	struct crt_result r = tables_crt_result(&T, col, roll);
	if (r.attacker != a || r.defender != d || r.retreat != retreat)
		fail_msg("CRT %s at %d: got %d/%d%s, want %d/%d%s", tables_crt_column_name(col),
			 roll, r.attacker, r.defender, r.retreat ? "*" : "", a, d, retreat ? "*" : "");
}

/* 20.1: the four printed rows, cell by cell. */
static void test_crt_printed(void **state)
{
	(void)state;
	static const int printed[4][CRT_COLS][2] = {
		{ { 2, 0 }, { 2, 0 }, { 2, 0 }, { 1, 0 }, { 1, 0 } },
		{ { 1, 0 }, { 1, 0 }, { 1, 0 }, { 2, 1 }, { 2, 1 } },
		{ { 2, 0 }, { 2, 1 }, { 2, 1 }, { 2, 1 }, { 1, 1 } },
		{ { 2, 1 }, { 2, 1 }, { 2, 1 }, { 1, 1 }, { 1, 1 } },
	};
	for (int r = 0; r < 4; r++)
		for (int c = 0; c < CRT_COLS; c++)
			assert_crt((enum crt_column)c, r - 1, printed[r][c][0], printed[r][c][1], false);
}

/* 23.0: the combat example's data points (C is the recorded contradiction: the printed
 * table's 1/0 is kept, the example's 2/0 is not). */
static void test_crt_combat_example(void **state)
{
	(void)state;
	assert_crt(CRT_COL_PLUS2, 1, 2, 1, false);  /* A: +2, roll 2 - 1 */
	assert_crt(CRT_COL_2TO1, 5, 1, 2, true);    /* B: 2 steps and a retreat with 3+ steps */
	assert_crt(CRT_COL_2TO1, -1, 1, 0, false);  /* C: printed row, not the example's 2/0 */
	struct crt_result d = tables_crt_result(&T, CRT_COL_2TO1, 6); /* D: 1/2, eliminated */
	assert_int_equal(d.attacker, 1);
	assert_int_equal(d.defender, 2);
	assert_crt(CRT_COL_MINUS1, 1, 2, 0, false); /* E: -1, roll 3 - 2 */
}

/* The rebuilt rows: better for the attacker down every column and along every row, a
 * bloody table (the attacker keeps losing steps below roll 8), retreats in the upper rows,
 * and a lost fight for an encircled defender facing elan (18.3B's threshold of 10). */
static void test_crt_shape(void **state)
{
	(void)state;
	for (int roll = 3; roll <= CRT_ROW_MAX; roll++)
		for (int c = 0; c < CRT_COLS; c++) {
			struct crt_result r = tables_crt_result(&T, (enum crt_column)c, roll);
			struct crt_result up = tables_crt_result(&T, (enum crt_column)c, roll - 1);
			assert_true(r.attacker <= up.attacker && r.defender >= up.defender);
			assert_true(r.retreat || !up.retreat);
			if (c > 0) {
				struct crt_result left = tables_crt_result(&T, (enum crt_column)(c - 1), roll);
				assert_true(r.attacker <= left.attacker && r.defender >= left.defender);
				assert_true(r.retreat || !left.retreat);
			}
			if (roll < 8)
				assert_true(r.attacker >= 1);
			assert_true(r.defender >= 1);
		}
	for (int c = 0; c < CRT_COLS; c++) {
		assert_true(tables_crt_result(&T, (enum crt_column)c, 11).retreat);
		assert_false(tables_crt_result(&T, (enum crt_column)c, 4).retreat);
		/* 18.3B: column number + DRMs >= 10 is a fight the defender loses. */
		int roll = 10 - tables_crt_ci(&T, (enum crt_column)c) + 3;
		struct crt_result r = tables_crt_result(&T, (enum crt_column)c, roll);
		assert_true(r.defender >= 2 && r.defender > r.attacker);
	}
}

static void test_crt_clamping(void **state)
{
	(void)state;
	for (int c = 0; c < CRT_COLS; c++) {
		struct crt_result lo = tables_crt_result(&T, (enum crt_column)c, -1);
		struct crt_result lower = tables_crt_result(&T, (enum crt_column)c, -7);
		struct crt_result hi = tables_crt_result(&T, (enum crt_column)c, 11);
		struct crt_result higher = tables_crt_result(&T, (enum crt_column)c, 15);
		assert_memory_equal(&lo, &lower, sizeof lo);
		assert_memory_equal(&hi, &higher, sizeof hi);
	}
}

/* 11.5C and the 20.1 note on clamping ratios and differences. */
static void test_crt_column(void **state)
{
	(void)state;
	assert_int_equal(tables_crt_column(5, 3), CRT_COL_PLUS2);  /* 11.5C example */
	assert_int_equal(tables_crt_column(4, 2), CRT_COL_2TO1);   /* 11.5C example */
	assert_int_equal(tables_crt_column(3, 3), CRT_COL_0);
	assert_int_equal(tables_crt_column(4, 3), CRT_COL_PLUS1);
	assert_int_equal(tables_crt_column(2, 3), CRT_COL_MINUS1);
	assert_int_equal(tables_crt_column(1, 6), CRT_COL_MINUS1); /* less than -1 is -1 */
	assert_int_equal(tables_crt_column(9, 6), CRT_COL_PLUS2);  /* +3 is +2 */
	assert_int_equal(tables_crt_column(9, 4), CRT_COL_2TO1);   /* 9:4 is 2:1 */
	assert_int_equal(tables_crt_column(7, 1), CRT_COL_2TO1);   /* 7:1 is 2:1 */
	assert_int_equal(tables_crt_column(2, 1), CRT_COL_2TO1);   /* 2:1 beats +1 */
	assert_int_equal(tables_crt_column(1, 1), CRT_COL_0);
	assert_int_equal(tables_crt_column(0, 1), CRT_COL_MINUS1);
	assert_string_equal(tables_crt_column_name(CRT_COL_MINUS1), "-1");
	assert_string_equal(tables_crt_column_name(CRT_COL_2TO1), "2:1");
	assert_int_equal(tables_crt_column_parse("+1"), CRT_COL_PLUS1);
	assert_int_equal(tables_crt_column_parse("3:1"), -1);
}

/* 16.3.5B, 16.3.6. */
static void test_crt_ci(void **state)
{
	(void)state;
	for (int c = 0; c < CRT_COLS; c++)
		assert_int_equal(tables_crt_ci(&T, (enum crt_column)c), c + 1);
	assert_int_equal(tables_crt_ci(&T, CRT_COL_0), 2);
	assert_int_equal(tables_crt_ci(&T, CRT_COL_2TO1), 5);
	/* 16.3.6: +1 with +2 DRMs (5) beats 2:1 with -1 (4). */
	assert_true(tables_crt_ci(&T, CRT_COL_PLUS1) + 2 > tables_crt_ci(&T, CRT_COL_2TO1) - 1);
}

static void test_combat_drms(void **state)
{
	(void)state;
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_ENCIRCLED_2), 2);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_ENCIRCLED_3), 3);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_CONFEDERATE), 2);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_UP_SLOPE), -1);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_UP_CREST), -1);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_FORD), -2);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_SUNKEN), -2);
	assert_int_equal(tables_combat_drm(&T, COMBAT_DRM_COVER), -1);
}

/* 20.3: the printed cells; the whole table monotonic; clamping; the dagger. */
static void test_aft(void **state)
{
	(void)state;
	for (int fv = 1; fv <= 9; fv++)
		assert_int_equal(tables_fire_result(&T, fv, -1), FIRE_NONE);
	for (int fv = 1; fv <= 7; fv++)
		assert_int_equal(tables_fire_result(&T, fv, 0), FIRE_NONE);
	assert_int_equal(tables_fire_result(&T, 8, 0), FIRE_DAGGER);
	assert_int_equal(tables_fire_result(&T, 9, 0), FIRE_DAGGER);
	assert_int_equal(tables_fire_result(&T, 1, 1), FIRE_NONE);
	for (int roll = AFT_ROW_MIN; roll <= AFT_ROW_MAX; roll++)
		for (int fv = 1; fv <= 9; fv++) {
			enum fire_result r = tables_fire_result(&T, fv, roll);
			if (fv > 1)
				assert_true(r >= tables_fire_result(&T, fv - 1, roll));
			if (roll > AFT_ROW_MIN)
				assert_true(r >= tables_fire_result(&T, fv, roll - 1));
		}
	assert_int_equal(tables_fire_result(&T, 5, -9), tables_fire_result(&T, 5, -1));
	assert_int_equal(tables_fire_result(&T, 5, 12), tables_fire_result(&T, 5, 6));
	assert_int_equal(tables_fire_result(&T, 12, 3), tables_fire_result(&T, 9, 3));
	assert_int_equal(tables_fire_result(&T, 0, 6), FIRE_NONE);
	assert_int_equal(tables_fire_result(&T, 9, 6), FIRE_STEP);
	assert_int_equal(tables_fire_steps(FIRE_DAGGER, false, 3), 0);
	assert_int_equal(tables_fire_steps(FIRE_DAGGER, false, 4), 1);
	assert_int_equal(tables_fire_steps(FIRE_DAGGER, true, 1), 1);
	assert_int_equal(tables_fire_steps(FIRE_STEP, false, 1), 1);
	assert_int_equal(tables_fire_steps(FIRE_NONE, true, 4), 0);
}

static void test_fire_drms_and_range(void **state)
{
	(void)state;
	assert_int_equal(tables_fire_drm(&T, FIRE_DRM_INFANTRY), -2);
	assert_int_equal(tables_fire_drm(&T, FIRE_DRM_COVER), -1);
	assert_int_equal(tables_fire_drm(&T, FIRE_DRM_SUNKEN), -1);
	assert_int_equal(tables_fire_drm(&T, FIRE_DRM_TOWN), -2);
	assert_int_equal(tables_fire_drm(&T, FIRE_DRM_CREST), -1);
	static const int want[21] = { 0, 2, 0, 0, -1, -1, -2, -2, -2, -3, -3, -3, -3, -3, -3,
				      -3, -3, -3, -3, -3, -3 };
	for (int r = 1; r <= 20; r++) {
		int drm = 99;
		assert_true(tables_range_drm(&T, r, true, &drm));
		assert_int_equal(drm, want[r]);
		drm = 99;
		assert_int_equal(tables_range_drm(&T, r, false, &drm), r <= 8);
		if (r <= 8)
			assert_int_equal(drm, want[r]);
	}
	int drm;
	assert_false(tables_range_drm(&T, 21, true, &drm));
	assert_false(tables_range_drm(&T, 0, false, &drm));
	assert_int_equal(tables_max_range(&T, false), 8);
	assert_int_equal(tables_max_range(&T, true), 20);
	assert_true(tables_is_parrott(&T, 44));
	assert_true(tables_is_parrott(&T, 45));
	assert_false(tables_is_parrott(&T, 43));
}

static void test_art_retreat(void **state)
{
	(void)state;
	for (int r = 1; r <= 3; r++)
		assert_int_equal(tables_art_retreat(&T, r), ART_RETREAT_OK);
	assert_int_equal(tables_art_retreat(&T, 4), ART_RETREAT_STEP);
	assert_int_equal(tables_art_retreat(&T, 5), ART_RETREAT_ELIMINATED);
	assert_int_equal(tables_art_retreat(&T, 6), ART_RETREAT_ELIMINATED);
}

/* 8.7, 8.8.1 (the rule over the 20.2 note: hexside costs are still paid on a road). */
static void test_movement_costs(void **state)
{
	(void)state;
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_CLEAR), 1);
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_CORNFIELD), 1);
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_ORCHARD), 1);
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_WOODS), 2);
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_TOWN), 2);
	assert_int_equal(tables_move_road_cost(&T), 1);
	assert_int_equal(tables_move_side_cost(&T, 0), 0);
	assert_int_equal(tables_move_side_cost(&T, SIDE_SLOPE), 1);
	assert_int_equal(tables_move_side_cost(&T, SIDE_RUN), 1);
	assert_int_equal(tables_move_side_cost(&T, SIDE_CREST), 0);
	assert_int_equal(tables_move_side_cost(&T, SIDE_CREEK | SIDE_BRIDGE | SIDE_PRIMARY), 1);
	assert_int_equal(tables_move_side_cost(&T, SIDE_CREEK | SIDE_FORD), 3);
	assert_int_equal(tables_move_side_cost(&T, SIDE_CREEK), -1);
	assert_int_equal(tables_move_side_cost(&T, SIDE_SLOPE | SIDE_RUN), 2);
	/* 8.7.4B example: a slope into woods costs 3. */
	assert_int_equal(tables_move_hex_cost(&T, TERRAIN_WOODS) +
			 tables_move_side_cost(&T, SIDE_SLOPE), 3);
}

static void test_victory_points(void **state)
{
	(void)state;
	static const struct { const char *key; int partial2, full2; } printed[] = {
		{ "nicodemus-hill", 2, 4 }, { "miller-cornfield", 2, 4 }, { "west-wood", 4, 6 },
		{ "north-wood", 0, 2 }, { "east-wood", 2, 4 }, { "dunker-church", -1, 8 },
		{ "sunken-road", 4, 8 }, { "hex-1943", -1, 8 }, { "sharpsburg", -1, 6 },
		{ "road-1032", -1, 12 }, { "lower-bridge", -1, 6 },
	};
	for (size_t i = 0; i < sizeof printed / sizeof printed[0]; i++) {
		const struct vp_objective *o = tables_vp_objective(&T, printed[i].key);
		assert_non_null(o);
		assert_int_equal(o->partial2, printed[i].partial2);
		assert_int_equal(o->full2, printed[i].full2);
	}
	assert_null(tables_vp_objective(&T, "antietam"));
	const struct vp_objective *o = tables_vp_objective(&T, "west-wood");
	assert_int_equal(tables_vp_award2(o, 0, 5), 0);
	assert_int_equal(tables_vp_award2(o, 3, 5), 4);
	assert_int_equal(tables_vp_award2(o, 5, 5), 6);
	o = tables_vp_objective(&T, "north-wood");
	assert_int_equal(tables_vp_award2(o, 1, 3), 0);
	/* 3.2 fn 1: 3 VP for Sharpsburg however many of its hexes. */
	o = tables_vp_objective(&T, "sharpsburg");
	assert_int_equal(tables_vp_award2(o, 1, 12), 6);
	assert_int_equal(tables_vp_award2(o, 12, 12), 6);
	/* 3.2 fn 3 (RECONSTRUCTION.md): 6 VP for any hex of the road, however many. */
	o = tables_vp_objective(&T, "road-1032");
	assert_int_equal(o->rule, VP_RULE_ANY);
	assert_int_equal(tables_vp_award2(o, 0, 5), 0);
	assert_int_equal(tables_vp_award2(o, 1, 5), 12);
	assert_int_equal(tables_vp_award2(o, 5, 5), 12);
	/* 3.2 fn 4: both bridge hexes. */
	o = tables_vp_objective(&T, "lower-bridge");
	assert_int_equal(tables_vp_award2(o, 1, 2), 0);
	assert_int_equal(tables_vp_award2(o, 2, 2), 6);
	assert_int_equal(tables_vp_eliminated2(&T, true), 2);
	assert_int_equal(tables_vp_eliminated2(&T, false), -1);
}

/* 3.5 and 19.0B at every boundary, in half VPs. */
static void test_victory_levels(void **state)
{
	(void)state;
	static const struct { int vp2; const char *level; } two[] = {
		{ 78, "union-decisive" }, { 200, "union-decisive" },
		{ 77, "union-substantial" }, { 64, "union-substantial" },
		{ 63, "union-marginal" }, { 50, "union-marginal" },
		{ 49, "confederate-marginal" }, { 30, "confederate-marginal" },
		{ 29, "confederate-substantial" }, { 14, "confederate-substantial" },
		{ 13, "confederate-decisive" }, { 0, "confederate-decisive" },
		{ -20, "confederate-decisive" },
	};
	for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
		assert_string_equal(tables_victory_level(&T, VICTORY_TWO_PLAYER, two[i].vp2),
				    two[i].level);
	static const struct { int vp2; const char *level; } solo[] = {
		{ -10, "union-decisive" }, { 7, "union-decisive" }, { 8, "union-substantial" },
		{ 17, "union-substantial" }, { 18, "union-marginal" }, { 25, "union-marginal" },
		{ 26, "confederate-marginal" }, { 33, "confederate-marginal" },
		{ 34, "confederate-substantial" }, { 41, "confederate-substantial" },
		{ 42, "confederate-decisive" }, { 90, "confederate-decisive" },
	};
	for (size_t i = 0; i < sizeof solo / sizeof solo[0]; i++)
		assert_string_equal(tables_victory_level(&T, VICTORY_SOLITAIRE, solo[i].vp2),
				    solo[i].level);
	assert_int_equal(tables_solo_vp2(&T, "dunker-church-road"), 8);
	assert_int_equal(tables_solo_vp2(&T, "sunken-road-all"), 8);
	assert_int_equal(tables_solo_vp2(&T, "sunken-road-some"), 4);
	assert_int_equal(tables_solo_vp2(&T, "sharpsburg-all"), 8);
	assert_int_equal(tables_solo_vp2(&T, "road-1032"), 12);
	assert_int_equal(tables_solo_vp2(&T, "harpers-ferry-road"), 8);
	assert_int_equal(tables_solo_vp2(&T, "nowhere"), 0);
	assert_int_equal(tables_solo_eliminated2(&T, false), 1);
	assert_int_equal(tables_solo_eliminated2(&T, true), -2);
}

/* 9.1: the arrival rolls; the expected turn is 10 (rounded) and turn 11 is certain. */
static void test_ap_hill(void **state)
{
	(void)state;
	int lo, hi;
	assert_false(tables_ap_hill_span(&T, 7, &lo, &hi));
	assert_false(tables_ap_hill_arrives(&T, 7, 6));
	double still_out = 1.0, expected = 0.0;
	for (int turn = 8; turn <= 11; turn++) {
		assert_true(tables_ap_hill_span(&T, turn, &lo, &hi));
		int n = 0;
		for (int roll = 1; roll <= 6; roll++)
			n += tables_ap_hill_arrives(&T, turn, roll);
		assert_int_equal(n, hi - lo + 1);
		expected += turn * still_out * n / 6.0;
		still_out *= 1.0 - n / 6.0;
	}
	assert_true(still_out == 0.0);
	assert_true(expected >= 9.5 && expected < 10.5);
	for (int roll = 1; roll <= 6; roll++)
		assert_true(tables_ap_hill_arrives(&T, 11, roll));
}

/* 20.5: the printed cells, the IX divisions, the die-roll cells. */
static void test_corps_objectives(void **state)
{
	(void)state;
	assert_string_equal(tables_corps_objective(&T, "I", 1, 3), "dunker-church");
	assert_string_equal(tables_corps_objective(&T, "I", 2, 4), "hex-1032");
	assert_string_equal(tables_corps_objective(&T, "I", 2, 5), "sunken-road");
	assert_string_equal(tables_corps_objective(&T, "I", 3, 1), "sharpsburg");
	assert_string_equal(tables_corps_objective(&T, "II", 1, 6), "sunken-road");
	assert_string_equal(tables_corps_objective(&T, "II", 2, 1), "sharpsburg");
	assert_string_equal(tables_corps_objective(&T, "II", 3, 1), TABLES_NO_OBJECTIVE);
	assert_string_equal(tables_corps_objective(&T, "V", 1, 3), "sunken-road");
	assert_string_equal(tables_corps_objective(&T, "V", 1, 4), "dunker-church");
	assert_string_equal(tables_corps_objective(&T, "V", 2, 3), "sharpsburg");
	assert_string_equal(tables_corps_objective(&T, "V", 2, 4), "hex-1032");
	assert_string_equal(tables_corps_objective(&T, "VI", 1, 2), "middle-bridge");
	assert_string_equal(tables_corps_objective(&T, "VI", 2, 3), "sunken-road");
	assert_string_equal(tables_corps_objective(&T, "VI", 2, 5), "hex-1032");
	assert_string_equal(tables_corps_objective(&T, "VI", 2, 6), "lower-bridge");
	assert_string_equal(tables_corps_objective(&T, "VI", 3, 1), "hex-1032");
	assert_string_equal(tables_corps_objective(&T, "VI", 3, 4), TABLES_NO_OBJECTIVE);
	assert_string_equal(tables_corps_objective(&T, "VI", 3, 6), "harpers-ferry-road");
	static const char *const ix[] = { "IX/1", "IX/2", "IX/3", "IX/4" };
	for (int d = 0; d < 4; d++) {
		assert_string_equal(tables_corps_objective(&T, ix[d], 1, 1), TABLES_IX_DRAW);
		assert_string_equal(tables_corps_objective(&T, ix[d], 2, 3), "sharpsburg");
		assert_string_equal(tables_corps_objective(&T, ix[d], 2, 4), "harpers-ferry-road");
		assert_true(tables_corps_objective_rolls(&T, ix[d], 2));
		assert_false(tables_corps_objective_rolls(&T, ix[d], 1));
	}
	assert_non_null(tables_corps_objective(&T, "XII", 1, 1));
	assert_null(tables_corps_objective(&T, "IX", 1, 1));
	assert_null(tables_corps_objective(&T, "I", 4, 1));
	assert_true(tables_corps_objective_rolls(&T, "V", 1));
	assert_false(tables_corps_objective_rolls(&T, "II", 1));
	const int *draw = tables_ix_draw(&T);
	assert_int_equal(draw[0], 2836);
	assert_int_equal(draw[1], 2836);
	assert_int_equal(draw[2], 2443);
	assert_int_equal(draw[3], 2942);
}

static void test_priority_and_turns(void **state)
{
	(void)state;
	static const char *const order[] = { "I", "XII", "II", "IX", "VI", "V" };
	for (int i = 0; i < 6; i++)
		assert_string_equal(tables_commit_priority(&T, i), order[i]);
	assert_null(tables_commit_priority(&T, 6));
	char buf[16];
	assert_true(tables_turn_time(&T, 1, buf, sizeof buf));
	assert_string_equal(buf, "6:00 am");
	assert_true(tables_turn_time(&T, 6, buf, sizeof buf));
	assert_string_equal(buf, "11:00 am");
	assert_true(tables_turn_time(&T, 7, buf, sizeof buf));
	assert_string_equal(buf, "12:00 pm");
	assert_true(tables_turn_time(&T, 11, buf, sizeof buf));
	assert_string_equal(buf, "4:00 pm");
	assert_false(tables_turn_time(&T, 12, buf, sizeof buf));
}

/* ---- the charts against data/map.txt ----------------------------------------------------- */

static bool map_has_objective(const struct map *m, const char *key)
{
	for (int i = 0; i < m->nobjectives; i++)
		if (!strcmp(m->objective[i].key, key))
			return true;
	return false;
}

/* Every objective key the charts name (3.2, 20.5) is an objective of data/map.txt, and the
 * IX Corps marker hexes (15.6C) and the road-1032 hex are on the map. */
static void test_keys_on_data_map(void **state)
{
	(void)state;
	struct map *m = fx_map_load(FX_REAL_DATA "/map.txt");
	for (int i = 0; i < T.nvp; i++)
		if (!map_has_objective(m, T.vp[i].key))
			fail_msg("3.2: vp %s is not an objective of data/map.txt", T.vp[i].key);
	for (int i = 0; i < T.ncorps; i++)
		for (int n = 0; n < T.corps[i].ncells; n++)
			for (int k = 0; k < T.corps[i].cell[n].nkeys; k++) {
				const char *key = T.corps[i].cell[n].keys[k];
				if (strcmp(key, TABLES_NO_OBJECTIVE) && strcmp(key, TABLES_IX_DRAW) &&
				    !map_has_objective(m, key))
					fail_msg("20.5: %s objective %d '%s' is not an objective of "
						 "data/map.txt", T.corps[i].corps, n + 1, key);
			}
	for (int i = 0; i < 4; i++)
		assert_non_null(map_hex(m, tables_ix_draw(&T)[i]));
	const struct map_objective *road = map_objective(m, "road-1032");
	assert_non_null(road);
	assert_true(map_in_objective(road, 1032));
	free(m);
}

/* ---- loader errors: the real file with one line changed ------------------------------- */

/* Write data/tables.txt to a temporary file with the first line starting with `match`
 * replaced by `with` (NULL: deleted; match NULL: `with` appended). Returns the number of
 * the line changed (or appended). */
static int write_variant(const char *path, const char *match, const char *with)
{
	FILE *in = fopen(TABLES_PATH, "r");
	FILE *out = fopen(path, "w");
	assert_non_null(in);
	assert_non_null(out);
	char line[1024];
	int n = 0, changed = 0, written = 0;
	while (fgets(line, sizeof line, in)) {
		n++;
		if (!changed && match && !strncmp(line, match, strlen(match))) {
			changed = written + 1;
			if (with) {
				fprintf(out, "%s\n", with);
				written++;
			}
			continue;
		}
		fputs(line, out);
		written++;
	}
	if (!match) {
		fprintf(out, "%s\n", with);
		changed = ++written;
	}
	fclose(in);
	fclose(out);
	assert_true(changed > 0);
	return changed;
}

/* Load the variant and check the error begins "path:LINE: " and contains `text`. */
static void expect_error(const char *match, const char *with, int line, const char *text)
{
	char path[] = "/tmp/antietam-tables-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	int changed = write_variant(path, match, with);
	if (line == 0)
		line = changed;
	struct tables *t = malloc(sizeof *t);
	assert_non_null(t);
	memset(t, 0x5a, sizeof *t);
	struct tables before = *t;
	char err[512] = "", want[600];
	bool ok = tables_load(t, path, err, sizeof err);
	snprintf(want, sizeof want, "%s:%d: ", path, line);
	if (ok || strncmp(err, want, strlen(want)) != 0 || !strstr(err, text))
		fail_msg("variant '%s' -> '%s': got %s '%s', want '%s...%s'", match ? match : "",
			 with ? with : "(deleted)", ok ? "success" : "error", err, want, text);
	assert_memory_equal(t, &before, sizeof before); /* all or nothing */
	free(t);
	unlink(path);
}

static int count_lines(void)
{
	FILE *f = fopen(TABLES_PATH, "r");
	assert_non_null(f);
	int n = 0, c;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

static void test_loader_errors(void **state)
{
	(void)state;
	expect_error("antietam-tables", "antietam-map 1", 0, "antietam-tables");
	expect_error(NULL, "crt-row 3 1/1 1/1 1/1 1/1 1/1", 0, "unknown record 'crt-row'");
	expect_error(NULL, "crt 3   2/1  2/1  1/1  1/1  1/1", 0, "duplicate crt row 3");
	/* a second parrott record is refused before its units are added to the first's (it
	 * once wrote past the end of parrott[]: fuzz_tables) */
	expect_error(NULL, "parrott U1 U2 U3", 0, "duplicate parrott");
	/* the Parrott guns' ids read by the one unit-id parser (names_parse_unit, issue 32 item
	 * 4): no leading zero, no sign, no Confederate, within the roster */
	expect_error("parrott ", "parrott U44 U045", 0, "'U045' is not a Union unit (U1-U69)");
	expect_error("parrott ", "parrott U44 U+45", 0, "'U+45' is not a Union unit");
	expect_error("parrott ", "parrott U44 C45", 0, "'C45' is not a Union unit");
	expect_error("parrott ", "parrott U70", 0, "'U70' is not a Union unit");
	expect_error("crt 7 ", "crt 7   1/2  1/2  1/2* 1/2*", 0, "expected 7 fields");
	expect_error("crt 7 ", "crt 7   1/2  1/2  1/2* 1/2* 1/x", 0, "CRT cell '1/x'");
	expect_error("crt 7 ", "crt 12  1/2  1/2  1/2* 1/2* 1/3*", 0, "out of range");
	/* A missing row is reported at the end of the file. */
	expect_error("crt 9 ", NULL, count_lines() - 1, "missing crt row 9");
	/* Not monotonic: down a column, then along a row. */
	expect_error("crt 8 ", "crt 8   2/2  1/2* 1/2* 1/3* 0/3*", count_lines(),
		     "CRT column -1 gets worse for the attacker from roll 7 to 8");
	expect_error("crt 4 ", "crt 4   1/1  1/1  2/1  1/1  1/2", count_lines(),
		     "CRT row 4 gets worse");
	expect_error("aft 3 ", "aft 3   -  -  1+ 1+ 1  1  1  1+ 1", count_lines(), "AFT row 3");
	expect_error("aft 3 ", "aft 3   -  -  1+ 1+ 1  1  1  1  2", 0, "AFT cell '2'");
	expect_error("combat-drm ford", "combat-drm flood -2", 0, "unknown combat-drm 'flood'");
	expect_error("range 4 5", "range 5 5 -1", 0, "without gaps");
	expect_error("move-hex woods", "move-hex swamp 2", 0, "unknown terrain 'swamp'");
	expect_error("move-side ford", "move-side ford x", 0, "'x' is not a number");
	expect_error("vp west-wood", "vp west-wood 4 3", 0, "partial award above");
	expect_error("vp west-wood", "vp west-wood 2 3.25", 0, "not a VP value");
	expect_error("vp road-1032", "vp road-1032 - 6 hex=1032", 0, "vp rule");
	expect_error("level two-player 25", "level two-player 40 union-marginal", 0,
		     "from the highest score down");
	expect_error("level two-player min", NULL, count_lines() - 1, "must end with a 'min'");
	expect_error("ap-hill 11", "ap-hill 11 2 6", count_lines(), "certain to arrive");
	expect_error("ap-hill 10", "ap-hill 10 5 4", 0, "out of range");
	expect_error("objective V 1", "objective V 1 1-3:sunken-road 5-6:dunker-church", 0,
		     "die roll 4 has no objective");
	expect_error("objective V 1", "objective V 1 1-4:sunken-road 4-6:dunker-church", 0,
		     "die roll 4 given twice");
	expect_error("objective II 2", "objective II 3 1-6:none", 0, "out of order");
	expect_error("objective II 1", "objective X 1 1-6:none", 0, "unknown corps 'X'");
	expect_error("objective XII 1", NULL, 0, "out of order");
	expect_error("commit-priority", "commit-priority I XII II IX VI VI", 0, "listed twice");
	/* the charts' version (docs/formats.md, "Versions of the data"): once, 1..99 */
	expect_error(NULL, "charts 1", 0, "duplicate charts");
	expect_error("charts ", "charts 100", 0, "out of range");
	expect_error("charts ", "charts two", 0, "not a number");
	expect_error("turn 7 ", "turn 7 10:30", 0, "does not start after");
	expect_error("ix-draw", NULL, count_lines() - 1, "missing ix-draw");
	char err[256];
	struct tables *t = malloc(sizeof *t);
	assert_non_null(t);
	assert_false(tables_load(t, "tests/data/no-such-tables.txt", err, sizeof err));
	assert_non_null(strstr(err, "tests/data/no-such-tables.txt: cannot open"));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crt_printed),
		cmocka_unit_test(test_crt_combat_example),
		cmocka_unit_test(test_crt_shape),
		cmocka_unit_test(test_crt_clamping),
		cmocka_unit_test(test_crt_column),
		cmocka_unit_test(test_crt_ci),
		cmocka_unit_test(test_combat_drms),
		cmocka_unit_test(test_aft),
		cmocka_unit_test(test_fire_drms_and_range),
		cmocka_unit_test(test_art_retreat),
		cmocka_unit_test(test_movement_costs),
		cmocka_unit_test(test_victory_points),
		cmocka_unit_test(test_victory_levels),
		cmocka_unit_test(test_ap_hill),
		cmocka_unit_test(test_corps_objectives),
		cmocka_unit_test(test_priority_and_turns),
		cmocka_unit_test(test_keys_on_data_map),
		cmocka_unit_test(test_loader_errors),
	};
	return cmocka_run_group_tests_name("tables", tests, setup, NULL);
}
