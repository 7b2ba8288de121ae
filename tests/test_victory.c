/* test_victory.c — control of hexes at the end of a turn (3.3 and its clarification), the
 * two-player Union VP count and level (3.2–3.5) and the solitaire count (19.0), on
 * hand-made objectives over the real charts. */
#include "fixture.h"
#include "victory.h"

static void set_control(int hex, enum side s) { G->control[hex_index(hex)] = (uint8_t)s; }

/* End the Confederate combat phase: the turn ends and control is updated (3.3). */
static void end_turn(void)
{
	fx_phase("confederate", "combat");
	fx_ok("end");
	assert_int_equal(G->side, SIDE_UNION);
}

static void test_control(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2010);
	fx_place(C(1), 2012);
	end_turn();
	assert_int_equal(victory_control(G, 2010), SIDE_UNION);       /* occupied */
	assert_int_equal(victory_control(G, 2009), SIDE_UNION);       /* adjacent */
	assert_int_equal(victory_control(G, 2012), SIDE_CONFEDERATE);
	assert_int_equal(victory_control(G, 2013), SIDE_CONFEDERATE);
	assert_int_equal(victory_control(G, 2011), SIDE_NONE);        /* adjacent to both */
	assert_int_equal(victory_control(G, 2020), SIDE_NONE);        /* nobody near */
	/* control stays when the units leave (3.3B) */
	fx_place(U(1), 2030);
	fx_place(C(1), 2034);
	end_turn();
	assert_int_equal(victory_control(G, 2010), SIDE_UNION);
	assert_int_equal(victory_control(G, 2012), SIDE_CONFEDERATE);
	/* it changes hands when only the other side is next to it */
	fx_place(C(1), 2011);
	fx_place(U(1), 2008);
	end_turn();
	assert_int_equal(victory_control(G, 2010), SIDE_CONFEDERATE);
	assert_int_equal(victory_control(G, 2009), SIDE_UNION);
	/* an empty hex with units of both sides adjacent keeps its holder (clarification) */
	fx_place(C(1), 2010);
	end_turn();
	assert_int_equal(victory_control(G, 2009), SIDE_UNION);
	assert_int_equal(victory_control_now(G, 2009), SIDE_UNION);
}

static void test_two_player_points(void **st)
{
	(void)st;
	fx_board_plain();
	fx_objective("dunker-church", "dunker-church", 1, 1916);
	fx_objective("sunken-road", "sunken-road", 5, 2319, 2420, 2520, 2621, 2721);
	fx_objective("west-wood", "west-wood", 3, 1615, 1616, 1617);
	struct victory_count vc;
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 0);
	assert_string_equal(vc.level, "confederate-decisive"); /* below 7 */
	set_control(1916, SIDE_UNION);
	set_control(2319, SIDE_UNION);
	set_control(2420, SIDE_UNION);
	set_control(2520, SIDE_UNION);
	set_control(1615, SIDE_CONFEDERATE);
	/* 3.4: two Confederate units and one Union unit eliminated; one removed unit is not */
	G->unit[C(1)].steps = 0;
	G->unit[C(2)].steps = 0;
	G->unit[U(1)].steps = 0;
	G->unit[U(2)].flags |= UF_REMOVED;
	G->unit[U(2)].steps = 0;
	victory_two_player(G, &vc);
	/* 4 (church) + 2 (some of the Sunken Road) + 2 - 0.5 */
	assert_int_equal(vc.vp2, 2 * 4 + 2 * 2 + 2 * 2 - 1);
	assert_string_equal(vc.level, "confederate-substantial");
	char buf[16];
	victory_format(vc.vp2, buf, sizeof buf);
	assert_string_equal(buf, "7.5");
	victory_format(-1, buf, sizeof buf);
	assert_string_equal(buf, "-0.5");
	victory_format(34, buf, sizeof buf);
	assert_string_equal(buf, "17");
	set_control(2621, SIDE_UNION);
	set_control(2721, SIDE_UNION);
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 2 * 4 + 2 * 4 + 2 * 2 - 1);
}

static void test_solitaire_points(void **st)
{
	(void)st;
	fx_board_plain();
	fx_objective("sunken-road", "sunken-road", 2, 2319, 2420);
	fx_objective("sharpsburg", "sharpsburg", 2, 1729, 2421);
	fx_objective("dunker-church", "dunker-church", 1, 1916);
	fx_objective("hagerstown-road", "hagerstown-road", 2, 1917, 1918);
	fx_side(2420, 2421, SIDE_SECONDARY);
	struct victory_count vc;
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 0);
	set_control(1729, SIDE_CONFEDERATE);
	set_control(2421, SIDE_CONFEDERATE);
	set_control(2319, SIDE_CONFEDERATE);
	G->unit[U(1)].steps = 0;  /* +0.5 */
	G->unit[C(1)].steps = 0;  /* -1 */
	victory_solitaire(G, &vc);
	/* all of Sharpsburg 4, some of the Sunken Road 2, +0.5 -1 */
	assert_int_equal(vc.vp2, 2 * 4 + 2 * 2 + 1 - 2);
	/* all the Sunken Road with a road into a held town hex: 4 instead of 2 */
	set_control(2420, SIDE_CONFEDERATE);
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 2 * 4 + 2 * 4 + 1 - 2);
	/* the church and the pike: 4 more */
	set_control(1916, SIDE_CONFEDERATE);
	set_control(1917, SIDE_CONFEDERATE);
	set_control(1918, SIDE_CONFEDERATE);
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 2 * 12 + 1 - 2);
	assert_string_equal(vc.level, "union-marginal"); /* 11.5: 9-12½ */
}

/* 3.2 fn 3 (RECONSTRUCTION.md): 6 VP to the Union for any hex of the road from 1032 to the
 * edge of Sharpsburg, however many, 1032 itself not needed; 19.0's Confederate line is its
 * complement: every hex of that road Confederate. */
static void test_road_1032_points(void **st)
{
	(void)st;
	fx_board_plain();
	fx_objective("road-1032", "road-1032", 5, 1032, 1131, 1231, 1331, 1431);
	struct victory_count vc;
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 0);
	set_control(1032, SIDE_CONFEDERATE);
	set_control(1131, SIDE_CONFEDERATE);
	set_control(1231, SIDE_UNION);          /* one hex, not 1032 */
	set_control(1331, SIDE_CONFEDERATE);
	set_control(1431, SIDE_CONFEDERATE);
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 2 * 6);
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 0);
	set_control(1331, SIDE_UNION);          /* two: still 6, once */
	set_control(1032, SIDE_UNION);
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 2 * 6);
	/* every hex Confederate: 6 to the Confederate in the solitaire count, none to the Union */
	for (int i = 0; i < 5; i++)
		set_control((int[]){ 1032, 1131, 1231, 1331, 1431 }[i], SIDE_CONFEDERATE);
	victory_two_player(G, &vc);
	assert_int_equal(vc.vp2, 0);
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 2 * 6);
	/* a hex nobody controls is not the Confederate's */
	set_control(1431, SIDE_NONE);
	victory_solitaire(G, &vc);
	assert_int_equal(vc.vp2, 0);
}

static const struct victory_line *line_of(const struct victory_count *vc, const char *key)
{
	for (int i = 0; i < vc->nlines; i++)
		if (!strcmp(vc->line[i].key, key))
			return &vc->line[i];
	fail_msg("no line %s", key);
	return NULL;
}

/* What each line is worth and why a held line pays nothing (issue 34: the score): the
 * Sunken Road all Confederate but cut from Sharpsburg pays only as "some" (19.0's road
 * chain), and says so; joined to a held town hex the reason goes; a Lower Bridge half held
 * pays nothing in the two-player count (3.2 fn 4), and says so. */
static void test_line_worth_and_why(void **st)
{
	(void)st;
	fx_board_plain();
	fx_objective("sunken-road", "sunken-road", 2, 2319, 2420);
	fx_objective("sharpsburg", "sharpsburg", 2, 1729, 2421);
	fx_objective("lower-bridge", "lower-bridge", 2, 2836, 2935);
	fx_objective("west-wood", "west-wood", 3, 1615, 1616, 1617);
	fx_side(2420, 2421, SIDE_SECONDARY);
	set_control(2319, SIDE_CONFEDERATE);
	set_control(2420, SIDE_CONFEDERATE);
	struct victory_count vc;
	victory_solitaire(G, &vc);
	const struct victory_line *all = line_of(&vc, "sunken-road-all");
	const struct victory_line *some = line_of(&vc, "sunken-road-some");
	assert_int_equal(all->held, 2);
	assert_int_equal(all->vp2, 0);
	assert_int_equal(all->full2, 2 * 4);   /* 19.0: 4 VP with the road to town */
	assert_non_null(all->why);
	assert_non_null(strstr(all->why, "no road"));
	assert_non_null(strstr(all->why, "19.0"));
	assert_ptr_equal(all->obj[0], map_objective(&G->scn->map, "sunken-road"));
	assert_int_equal(some->vp2, 2 * 2);
	assert_true(some->any);
	assert_null(some->why);
	/* the road's last hex next to a Confederate town hex: the chain is whole */
	set_control(2421, SIDE_CONFEDERATE);
	victory_solitaire(G, &vc);
	all = line_of(&vc, "sunken-road-all");
	assert_int_equal(all->vp2, 2 * 4);
	assert_null(all->why);
	assert_non_null(line_of(&vc, "sunken-road-some")->why); /* paid above instead */
	/* 3.2: the bridge pays only whole; the wood some 2, all 3 */
	set_control(2836, SIDE_UNION);
	set_control(1615, SIDE_UNION);
	victory_two_player(G, &vc);
	const struct victory_line *lb = line_of(&vc, "lower-bridge");
	assert_int_equal(lb->vp2, 0);
	assert_int_equal(lb->full2, 2 * 3);
	assert_int_equal(lb->some2, 0);
	assert_non_null(lb->why);
	assert_non_null(strstr(lb->why, "3.2"));
	const struct victory_line *ww = line_of(&vc, "west-wood");
	assert_int_equal(ww->vp2, 2 * 2);
	assert_int_equal(ww->some2, 2 * 2);
	assert_int_equal(ww->full2, 2 * 3);
	assert_false(ww->any);
	assert_null(ww->why);
	assert_true(line_of(&vc, "sharpsburg")->any); /* 3.2 fn 1 */
	assert_int_equal(line_of(&vc, "eliminated-confederate")->full2, 2 * 1); /* 3.4A1 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_control),
		cmocka_unit_test(test_two_player_points),
		cmocka_unit_test(test_solitaire_points),
		cmocka_unit_test(test_road_1032_points),
		cmocka_unit_test(test_line_worth_and_why),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
