/* test_move.c — movement (8.0), zones of control (6.0) and stacking (7.0) on small hand-made
 * positions on the order-of-battle board (fixture.h): terrain and hexside costs, roads and the
 * road bonus, double-time and its distance rule, EZOC stop and costs, no EZOC to EZOC,
 * artillery and EZOCs, the creek and one-way fords, stacking, the Union corps order, the turn-1
 * and Middle Bridge restrictions, the minimum move, regrouping, and that a refused move leaves
 * the game byte-identical. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "../src/engine/internal.h" /* move_search_probe: the search's own costs and steps */
#include "move.h"

static void test_terrain_costs(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_terrain(2012, TERRAIN_WOODS);
	fx_terrain(2014, TERRAIN_TOWN);
	fx_terrain(2013, TERRAIN_CORNFIELD);
	fx_side(2012, 2013, SIDE_SLOPE);
	fx_side(2013, 2014, SIDE_CREST);
	fx_side(2014, 2015, SIDE_RUN);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810"); /* two hexes away: no double-time, no EZOC on the column */
	assert_int_equal(fx_cost_at("U1", 2011), 1);                /* 8.7.1 */
	assert_int_equal(fx_cost_at("U1", 2012), 3);                /* 8.7.3 woods */
	assert_int_equal(fx_cost_at("U1", 2013), 4);                /* around the woods and slope */
	assert_int_equal(fx_path_cost("move U1 2011 2012 2013"), 5); /* cornfield 1 + slope 1 (8.7.4B) */
	assert_int_equal(fx_path_cost("move U1 2011 2012 2013 2014"), 7); /* town 2, crest free (8.7.4C) */
	fx_refused("move U1 2011 2012 2013 2014 2015", "8.1A");     /* run +1: 9 */
	fx_ok("move U1 2011 2012 2013 2014");
	assert_int_equal(G->unit[fx_u("U1")].hex, 2014);
	assert_int_equal(G->unit[fx_u("U1")].mp_used, 7);
	assert_true(G->unit[fx_u("U1")].flags & UF_MOVED);
	fx_refused("move U1 2015", "8.2D");
}

static void test_allowance_and_minimum_move(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810");
	assert_int_equal(fx_cost_at("U1", 2018), 8);
	assert_int_equal(fx_cost_at("U1", 2019), -1);               /* 8.1A: MA 8 */
	fx_refused("move U1 2011 2012 2013 2014 2015 2016 2017 2018 2019", "8.1A");
	/* 8.3: one hex with all its MPs even when it costs more */
	S->roster.unit[fx_u("U2")].ma = 2;
	fx_terrain(2031, TERRAIN_WOODS);
	fx_side(2030, 2031, SIDE_SLOPE);
	fx_ok("place U2 2030");
	assert_int_equal(fx_cost_at("U2", 2031), 3);                /* double-time: 2 x 2 */
	fx_ok("place C2 2028");                                     /* now no double-time */
	assert_int_equal(fx_cost_at("U2", 2031), 2);
	fx_ok("move U2 2031");
	assert_int_equal(G->unit[fx_u("U2")].hex, 2031);
}

static void test_roads_and_bonus(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_road_down(2010, 14, SIDE_PRIMARY);
	fx_terrain(2012, TERRAIN_WOODS);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810");
	assert_int_equal(fx_cost_at("U1", 2012), 2);                /* 8.8.1A: road side → 1 */
	assert_int_equal(fx_cost_at("U1", 2021), 11);               /* 8.8.2B: 8 + 3 */
	assert_int_equal(fx_cost_at("U1", 2022), -1);
	/* the bonus needs the whole move on the road (8.8.2A) */
	assert_int_equal(fx_cost_at("U1", 2122), -1);
	fx_refused("move U1 2011 2012 2013 2014 2015 2016 2017 2018 2019 2020 2021 2121", "8.1A");
	/* a secondary road anywhere on the way: +2 only (8.8.2C) */
	fx_board_oob(SETUP_EMPTY);
	fx_road_down(2010, 14, SIDE_PRIMARY);
	fx_side(2014, 2015, SIDE_SECONDARY);
	S->map.hex[hex_index(2014)].side[hex_direction(2014, 2015)] &= (uint16_t)~SIDE_PRIMARY;
	S->map.hex[hex_index(2015)].side[hex_direction(2015, 2014)] &= (uint16_t)~SIDE_PRIMARY;
	scenario_step_costs(S);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810");
	assert_int_equal(fx_cost_at("U1", 2020), 10);
	assert_int_equal(fx_cost_at("U1", 2021), -1);
	/* 8.8.1B: the bridge on a road is still paid */
	fx_board_oob(SETUP_EMPTY);
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE | SIDE_PRIMARY);
	fx_ok("place U1 2510");
	fx_ok("place C1 2310");
	assert_int_equal(fx_cost_at("U1", 2610), 2);
}

/* 8.9C: double-time with the road bonus: 2 x 8 + 6 on a primary road */
static void test_double_time_road(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_road_down(2010, 26, SIDE_PRIMARY);
	fx_ok("place U1 2010");
	fx_ok("place C1 3510");                                     /* far away */
	assert_int_equal(fx_cost_at("U1", 2032), 22);
	assert_int_equal(fx_cost_at("U1", 2033), -1);
	fx_ok("move U1 2032");
	assert_true(G->unit[fx_u("U1")].flags & UF_DOUBLE_TIME);
	assert_int_equal(G->unit[fx_u("U1")].mp_used, 22);
}

/* 8.8.3B reading: into a Sunken Road hex through a non-road side the in-hex cost is 1 */
static void test_sunken_road(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_terrain(2012, TERRAIN_WOODS);
	fx_terrain(2013, TERRAIN_WOODS);
	fx_sunken(2012);
	fx_side(2012, 2013, SIDE_SECONDARY);
	fx_side(2011, 2012, SIDE_RUN);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810");
	assert_int_equal(fx_path_cost("move U1 2011 2012"), 3);    /* 1 + (1 + run 1) */
	assert_int_equal(fx_path_cost("move U1 2011 2012 2013"), 4); /* along the road */
	assert_int_equal(fx_path_cost("move U1 2011 2111 2112 2013"), 5); /* 2013 is woods, off road */
	/* the one step cost that movement, withdrawal and the bot share */
	assert_int_equal(move_enter_cost(S, 2011, 2012), 2);      /* 8.8.3B 1 + run 1 */
	assert_int_equal(move_enter_cost(S, 2012, 2011), 2);      /* clear 1 + run 1 */
	assert_int_equal(move_enter_cost(S, 2013, 2012), 1);      /* along the road */
	assert_int_equal(move_enter_cost(S, 2112, 2013), 2);      /* woods, off road */
	assert_int_equal(move_enter_cost(S, 2012, 2012), -1);     /* not neighbours */
	assert_int_equal(move_enter_cost(S, 2011, 2013), -1);
}

static void test_bonus_not_into_ezoc(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_road_down(2010, 14, SIDE_PRIMARY);
	fx_ok("place U1 2010");
	fx_ok("place C1 1810");
	fx_ok("place C2 2121");   /* 2020 and 2021 are in its ZOC */
	/* 2021 costs 11 +1 EZOC: beyond 8, and 8.8.2D denies the bonus into an EZOC */
	assert_int_equal(fx_cost_at("U1", 2021), -1);
	assert_int_equal(fx_cost_at("U1", 2020), 10);
}

static void test_double_time(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 2024");
	assert_int_equal(fx_cost_at("U1", 2021), 11);   /* 8.9: three hexes from C1, at double-time */
	assert_int_equal(fx_cost_at("U1", 2022), -1);   /* 8.9A: two hexes from C1: plain MA only */
	fx_ok("move U1 2021");
	assert_true(G->unit[fx_u("U1")].flags & UF_DOUBLE_TIME);
	/* the starting hex counts too (8.9A reading) */
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 2008");
	assert_int_equal(fx_cost_at("U1", 2018), 8);
	assert_int_equal(fx_cost_at("U1", 2019), -1);
	/* 8.10: the Confederate cavalry never double-times */
	fx_board_oob(SETUP_EMPTY);
	fx_ok("set phase confederate movement");
	fx_ok("place C17 2010");
	fx_ok("place U1 2040");
	assert_int_equal(fx_cost_at("C17", 2014), 4);
	assert_int_equal(fx_cost_at("C17", 2015), -1);
	assert_int_equal(fx_cost_at("C1", 2015), -1);  /* not on the map */
	fx_ok("place C1 2110");
	assert_int_equal(fx_cost_at("C1", 2126), 16);
}

static void test_ezoc(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 2013");
	assert_true(zoc_in_ezoc(G, 2012, SIDE_UNION));
	assert_false(zoc_in_ezoc(G, 2011, SIDE_UNION));
	assert_int_equal(fx_cost_at("U1", 2012), 3);                /* 6.3B: +1 to enter */
	fx_refused("move U1 2011 2012 2111", "6.3B");
	fx_refused("move U1 2011 2012 2112", "6.3B");
	fx_refused("move U1 2013", "8.4");
	/* starting in an EZOC: +1 to leave, and never into another (6.3A) */
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2012");
	fx_ok("place C1 2013");
	assert_int_equal(fx_cost_at("U1", 2011), 2);
	assert_int_equal(fx_cost_at("U1", 2112), -1);
	fx_refused("move U1 2112", "6.3A");
	fx_refused("move U1 2011 2111 2112", "6.3A");
	/* 6.5: artillery never enters an EZOC in its own movement phase */
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U5 2010");
	fx_ok("place C1 2013");
	assert_int_equal(fx_cost_at("U5", 2011), 1);
	assert_int_equal(fx_cost_at("U5", 2012), -1);
	fx_refused("move U5 2011 2012", "6.5");
	fx_ok("move U5 2011");
	assert_true(G->unit[fx_u("U5")].flags & UF_ART_MOVED); /* 8.11, 10.8A */
}

static void test_creek_and_fords(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE);
	fx_side(2515, 2615, SIDE_FORD);
	fx_ok("place U1 2410");
	fx_ok("place C1 1010");
	assert_int_equal(fx_cost_at("U1", 2610), 3);                /* clear + bridge */
	assert_int_equal(fx_cost_at("U1", 2611), 4);
	fx_refused("move U1 2510 2611", "8.7.6");
	assert_int_equal(move_enter_cost(S, 2511, 2611), -1);     /* 8.7.6 */
	assert_int_equal(move_enter_cost(S, 2510, 2610), 2);      /* clear + bridge */
	assert_int_equal(move_enter_cost(S, 2615, 2515), 4);      /* clear + ford 3 (8.7.5A) */
	/* 6.2A: no ZOC across the creek but at bridges and fords */
	fx_board_oob(SETUP_EMPTY);
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE);
	fx_ok("place C1 2611");
	fx_ok("place C2 2610");
	assert_false(zoc_unit_exerts(G, fx_u("C1"), 2511));
	assert_true(zoc_unit_exerts(G, fx_u("C2"), 2510));
	assert_true(zoc_in_ezoc(G, 2510, SIDE_UNION));
	assert_false(zoc_in_ezoc(G, 2512, SIDE_UNION));
	/* 8.7.5B: a ford is crossed one way each phase */
	fx_board_oob(SETUP_EMPTY);
	fx_creek_after_column(25);
	fx_side(2515, 2615, SIDE_FORD);
	fx_ok("place U1 2515");
	fx_ok("place U2 2614");
	fx_ok("place C1 1010");
	assert_int_equal(fx_cost_at("U1", 2615), 4);                /* 1 + ford 3 */
	fx_ok("move U1 2615");
	fx_refused("move U2 2615 2515", "8.7.5B");
	fx_ok("place U3 2514");
	fx_ok("move U3 2515 2615 2616");                            /* the same way is fine */
}

static void test_stacking(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place C1 1010");
	fx_ok("place U1 2010");
	fx_ok("place U2 2012");
	fx_refused("move U2 2011 2010", "7.1A");                   /* two infantry */
	fx_ok("place U5 2011");
	fx_ok("move U5 2010");
	fx_refused("move U5 2011", "8.2D");
	fx_ok("place U28 2014");                                    /* II Corps artillery */
	fx_refused("move U28 2013 2012", "7.2A");
	/* 7.2B: IX Corps by division, U57 with any IX infantry */
	fx_ok("place U58 3010");                                     /* IX 1st division */
	fx_ok("place U63 3012");                                     /* IX 2nd division artillery */
	fx_refused("move U63 3011 3010", "7.2B");
	fx_ok("place U57 3014");
	fx_ok("move U57 3013 3012 3011 3010");
	assert_true(stack_allows(G, 3010, fx_u("U59")) == false); /* a second infantry */
	/* C5 (artillery) with any Confederate infantry */
	fx_ok("place C40 3030");
	fx_ok("place C5 3032");
	assert_true(stack_allows(G, 3030, fx_u("C5")));
	assert_false(stack_allows(G, 3030, fx_u("C41")));
}

static void test_corps_order(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place C1 1010");
	fx_ok("place U1 2010");
	fx_ok("place U2 2012");
	fx_ok("place U14 2210");
	fx_ok("move U1 2011");
	fx_ok("move U14 2211");
	fx_refused("move U2 2013", "8.13");                         /* I Corps is done */
	fx_ok("place U15 2212");
	fx_ok("move U15 2213");                                     /* II Corps is still moving */
	/* the McClellan-unleashed option sets 8.13 aside */
	struct game_options opt = { .unleashed = true };
	game_new(G, S, SETUP_EMPTY, 1, &opt);
	fx_ok("place C1 1010");
	fx_ok("place U1 2010");
	fx_ok("place U2 2012");
	fx_ok("place U14 2210");
	fx_ok("move U1 2011");
	fx_ok("move U14 2211");
	fx_ok("move U2 2013");
}

static void test_turn1_restrictions(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	game_new(G, S, SETUP_HISTORICAL, 1, NULL);
	fx_ok("place U1 2040");
	fx_ok("place C1 2010");
	fx_ok("place C34 2210");   /* McLaws */
	fx_ok("place C37 2410");   /* Anderson */
	fx_ok("place C23 2610");   /* Hood */
	fx_ok("set phase confederate movement");
	assert_int_equal(fx_cost_at("C1", 2018), 8);
	assert_int_equal(fx_cost_at("C1", 2019), -1);               /* 4.5B */
	fx_refused("move C34 2211", "4.5A");
	fx_refused("move C37 2411", "4.5A");
	fx_refused("move C23 2611", "4.5C");
	/* a Union unit moving adjacent releases Hood (4.5C) */
	game_new(G, S, SETUP_HISTORICAL, 1, NULL);
	fx_ok("place U1 2613");
	fx_ok("place C23 2610");
	fx_ok("end");                                               /* commitment */
	assert_int_equal(G->pending.what, DECISION_MOVEMENT);
	fx_ok("move U1 2612");   /* stops there: 2611 is in C23's ZOC, 2612 is not adjacent */
	assert_true(unit_hood_held(G, fx_u("C23")));
	game_new(G, S, SETUP_HISTORICAL, 1, NULL);
	fx_ok("place U1 2613");
	fx_ok("place C23 2610");
	fx_ok("end");
	fx_ok("move U1 2611");
	assert_false(unit_hood_held(G, fx_u("C23")));
	fx_ok("set phase confederate movement");
	fx_refused("move C23 2510", "6.3A");
	fx_ok("move C23 2609");
	/* turn 2: nothing of 4.5 is left */
	game_new(G, S, SETUP_HISTORICAL, 1, NULL);
	fx_ok("place U1 2040");
	fx_ok("place C34 2210");
	fx_ok("set turn 2");
	fx_ok("set phase confederate movement");
	fx_ok("move C34 2211");
}

static void test_middle_bridge(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("set phase confederate movement");
	fx_ok("place U1 1010");
	fx_ok("place C1 3020");
	assert_int_equal(fx_cost_at("C1", 3322), -1);               /* two hexes from 3324 */
	assert_true(fx_cost_at("C1", 3321) > 0);                    /* three */
	fx_refused("move C1 3322", "4.6");
	/* the Union is not held by 4.6 */
	fx_ok("set phase union movement");
	fx_ok("remove C1");
	fx_ok("place U2 3020");
	assert_true(fx_cost_at("U2", 3324) > 0);
}

static void test_regrouping(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010 2");
	fx_ok("place U2 2020 2");
	fx_ok("place U3 2030 1");
	fx_ok("place U4 3010 3");     /* 3 of 4: the first loss is permanent (12.3A) */
	fx_ok("place U5 3030");
	fx_ok("place C1 1030");       /* three hexes from U3? no: see distances below */
	fx_ok("place C2 2022");       /* two hexes from U2 */
	G->unit[fx_u("U5")].steps = 1;
	fx_ok("move U3 2031");
	fx_ok("end");
	assert_int_equal(G->unit[fx_u("U1")].steps, 3);          /* 12.2 */
	assert_int_equal(G->unit[fx_u("U2")].steps, 2);          /* enemy within two hexes */
	assert_int_equal(G->unit[fx_u("U3")].steps, 1);          /* it moved */
	assert_int_equal(G->unit[fx_u("U4")].steps, 3);          /* 12.3A */
	assert_int_equal(G->unit[fx_u("U5")].steps, 1);          /* artillery never (12.3C) */
	assert_int_equal(G->pending.what, DECISION_ARTILLERY);
}

static void test_mishap(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	struct game_options opt = { .mishap = true };
	game_new(G, S, SETUP_EMPTY, 1, &opt);
	fx_ok("place U1 2012");
	fx_ok("place C1 2013");
	fx_ok("dice 1");
	fx_ok("end");
	fx_ok("end");
	fx_ok("end");
	/* 8.14A: a 1 at the start of the Confederate movement phase */
	assert_int_equal(G->pending.what, DECISION_MISHAP);
	assert_int_equal(G->pending.side, SIDE_CONFEDERATE);
	fx_refused("move C1 2014", "8.14");
	fx_refused("mishap C1 2014", "8.14A");                      /* an enemy unit */
	fx_refused("mishap U1 2112", "8.14B: 6.3A");                /* EZOC to EZOC */
	fx_refused("mishap U1 2013", "8.14B: 8.4");                 /* into the enemy */
	fx_refused("mishap U1 2015", "8.14A");                      /* one hex */
	struct action a[16];
	int n = game_legal_first(G, a, 16);
	assert_int_equal(a[n - 1].type, ACT_END);
	for (int i = 0; i + 1 < n; i++) {
		assert_int_equal(a[i].type, ACT_MISHAP);
		assert_int_equal(a[i].unit, fx_u("U1"));
	}
	assert_int_equal(n, 4);                                  /* 2011, 2111, 1911 and end */
	fx_ok("mishap U1 2011");
	assert_int_equal(G->unit[fx_u("U1")].hex, 2011);
	assert_int_equal(G->pending.what, DECISION_MOVEMENT);
	/* any other roll: no mishap */
	fx_ok("set phase union combat");
	fx_ok("dice 4");
	fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_MOVEMENT);
	assert_int_equal(G->nforced, 0);
}

/* 5.2 A1a-d with 8.14A: the Union's mishap roll comes before its withdrawal (SEQUENCE.md);
 * once its mishap move is made, the withdrawal step (13.5) is still offered. */
static void test_mishap_then_withdrawal(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	struct game_options opt = { .mishap = true };
	game_new(G, S, SETUP_EMPTY, 1, &opt);
	fx_ok("place U1 2012");                                  /* I Corps: Committed */
	fx_ok("place C1 2014");
	for (int c = 0; c < CORPS_COUNT; c++)
		if (G->corps[c] == CORPS_UNAVAILABLE)
			G->corps[c] = CORPS_AVAILABLE;               /* no 13.4D rolls */
	assert_int_equal(G->corps[CORPS_I], CORPS_COMMITTED);
	fx_ok("set turn 2");
	fx_ok("set phase confederate combat");
	fx_ok("dice 1");
	fx_ok("end");                                            /* turn 3 begins */
	assert_int_equal(G->turn, 3);
	fx_pending(SIDE_UNION, DECISION_MISHAP, FX_ANY);
	fx_ok("mishap C1 2015");
	assert_int_equal(G->unit[fx_u("C1")].hex, 2015);
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);     /* 13.5: not skipped */
	fx_ok("withdraw I");
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);
}

static void test_refusals_leave_game_unchanged(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 2013");
	fx_refused("move U1 2013", "8.4");
	fx_refused("move C1 2014", "8.1C");
	fx_refused("move U99 2011", "'U99'");
	fx_refused("move U7 2011", "U7 is not on the map");
	fx_refused("attack 2013 U1", "the union movement phase");
	fx_refused("dice 7", "'7'");
	fx_refused("set turn 12", "'12'");
	fx_refused("place U1 2010 5", "U1 has 1 to 4 steps");
}

/* The movement search against a plain Dijkstra kept here (a binary heap, the search as it
 * was before the bucket queue): on positions of whole random games of the real scenario,
 * every unit of the moving side and every way of moving (8.8.2, 8.9) reaches the same hexes
 * at the same costs. The steps themselves are asked of the rules one at a time
 * (move_search_probe), so this checks the queue and whatever the search keeps precomputed. */
static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void heap_dijkstra(const struct move_search_probe *p, uint8_t *cost)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	static int16_t hh[8 * HEX_INDEX_COUNT];
	static uint8_t hk[8 * HEX_INDEX_COUNT];
	int n = 0;
	memset(cost, 255, HEX_INDEX_COUNT);
	if (!p->usable)
		return;
#define HPUSH(h, k)                                                                  \
	do {                                                                         \
		int i_ = n++;                                                        \
		while (i_ > 0 && hk[(i_ - 1) / 2] > (k)) {                           \
			hh[i_] = hh[(i_ - 1) / 2];                                   \
			hk[i_] = hk[(i_ - 1) / 2];                                   \
			i_ = (i_ - 1) / 2;                                           \
		}                                                                    \
		hh[i_] = (int16_t)(h);                                               \
		hk[i_] = (uint8_t)(k);                                               \
	} while (0)
	if (p->start >= 0) {
		cost[p->start] = 0;
		HPUSH(p->start, 0);
	} else
		for (int i = 0; i < HEX_INDEX_COUNT; i++)
			if (p->entry[i] >= 0 && p->entry[i] <= p->budget && p->entry[i] < cost[i]) {
				cost[i] = (uint8_t)p->entry[i];
				HPUSH(i, p->entry[i]);
			}
	while (n > 0) {
		int h = hh[0], k = hk[0];
		n--;
		int lh = hh[n], lk = hk[n], i = 0;
		for (;;) {
			int ch = 2 * i + 1;
			if (ch >= n)
				break;
			if (ch + 1 < n && hk[ch + 1] < hk[ch])
				ch++;
			if (hk[ch] >= lk)
				break;
			hh[i] = hh[ch];
			hk[i] = hk[ch];
			i = ch;
		}
		hh[i] = (int16_t)lh;
		hk[i] = (uint8_t)lk;
		if (k > cost[h] || (h != p->start && p->stops[h]))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = nb[h][d], st = p->step[h][d];
			if (b < 0 || b == p->start || st < 0 || k + st > p->budget || k + st >= cost[b])
				continue;
			cost[b] = (uint8_t)(k + st);
			HPUSH(b, k + st);
		}
	}
#undef HPUSH
}

static void test_search_is_plain_dijkstra(void **state)
{
	(void)state;
	const struct scenario *s = fx_real_scenario();
	static struct game g;
	static struct action legal[4096];
	static struct move_search_probe probe;
	static uint8_t want[HEX_INDEX_COUNT];
	long searches = 0, reached = 0, entries = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		game_new(&g, s, SETUP_HISTORICAL, seed, NULL);
		uint64_t rs = seed * 7919;
		int phases = 0;
		char err[256];
		for (int steps = 0; g.pending.what != DECISION_GAMEOVER && steps < 20000; steps++) {
			int k = game_legal_first(&g, legal, 4096);
			assert_true(k > 0);
			uint64_t r = splitmix(&rs);
			/* one movement decision in 53 (of the whole game), every unit of the side, every way */
			if (g.pending.what == DECISION_MOVEMENT && r % 53 == 0 && phases++ < 40)
				for (int u = 0; u < ROSTER_UNITS; u++) {
					if (unit_side(u) != g.side || !move_unit_may_move(&g, u, NULL, 0))
						continue;
					for (int m = 0; m < MOVE_SEARCH_MODES; m++) {
						move_search_probe(&g, u, m, &probe);
						heap_dijkstra(&probe, want);
						assert_memory_equal(probe.cost, want, HEX_INDEX_COUNT);
						searches++;
						entries += probe.start < 0;
						for (int i = 0; i < HEX_INDEX_COUNT; i++)
							reached += want[i] != 255;
					}
				}
			/* mostly moves, so that the phase goes on over many positions */
			assert_true(game_apply(&g, &legal[(r >> 16) % (uint64_t)k], err, sizeof err));
		}
	}
	/* the positions were many and not trivial */
	assert_true(searches > 1000);
	assert_true(reached > 20 * searches);
	print_message("%ld searches (%ld from off the map), %ld hexes reached\n", searches, entries,
		      reached);
}

/* unit u's reachable hexes now, and as a search with nothing kept gives them
 * (game_memo_forget): what move.c keeps must give the fresh answer */
static int reach_now(int u, struct move_dest *d, struct move_dest *fresh)
{
	int n = move_reachable(G, u, d, HEX_INDEX_COUNT, NULL, 0);
	game_memo_forget();
	int k = move_reachable(G, u, fresh, HEX_INDEX_COUNT, NULL, 0);
	assert_int_equal(n, k);
	assert_memory_equal(d, fresh, sizeof *d * (size_t)n);
	return n;
}

/* The searches' position is kept while the units stand where they stood (move.c, pos_kept):
 * an enemy unit or a friend arriving where a unit's search goes gives the new answer (an
 * EZOC, 6.3B and 8.9A's double-time; 7.1A's stack), one far away the same answer, and each
 * answer is the one a search with nothing kept gives (game_memo_forget). */
static void test_kept_positions_follow_the_board(void **state)
{
	(void)state;
	static struct move_dest a[HEX_INDEX_COUNT], b[HEX_INDEX_COUNT], f[HEX_INDEX_COUNT];
	fx_board_oob(SETUP_EMPTY);
	int u1 = fx_u("U1");
	fx_ok("place U1 2010");
	fx_ok("place C1 4040");
	int na = reach_now(u1, a, f);
	reach_now(u1, b, f); /* asked again, the position the same */
	fx_ok("place C1 4140");                   /* far from every hex U1's searches read */
	int nb = reach_now(u1, b, f);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, sizeof *a * (size_t)na);
	reach_now(u1, b, f);                      /* keep U1's search on this board */
	fx_ok("place C1 2014");                   /* into U1's reach: its ZOC and 8.9A */
	nb = reach_now(u1, b, f);
	assert_true(nb != na || memcmp(a, b, sizeof *a * (size_t)na));
	fx_ok("place C1 4040");                   /* back: the first answer again */
	nb = reach_now(u1, b, f);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, sizeof *a * (size_t)na);
	/* a friend: U2 (infantry, 7.1A) in a hex U1 may end in, and U1's answer loses it */
	reach_now(u1, b, f);
	fx_ok("place U2 2012");
	nb = reach_now(u1, b, f);
	bool listed = false;
	for (int i = 0; i < nb; i++)
		listed |= b[i].hex == 2012;
	assert_false(listed);
	assert_int_equal(nb, na - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terrain_costs),
		cmocka_unit_test(test_kept_positions_follow_the_board),
		cmocka_unit_test(test_allowance_and_minimum_move),
		cmocka_unit_test(test_roads_and_bonus),
		cmocka_unit_test(test_double_time_road),
		cmocka_unit_test(test_sunken_road),
		cmocka_unit_test(test_bonus_not_into_ezoc),
		cmocka_unit_test(test_double_time),
		cmocka_unit_test(test_ezoc),
		cmocka_unit_test(test_creek_and_fords),
		cmocka_unit_test(test_stacking),
		cmocka_unit_test(test_corps_order),
		cmocka_unit_test(test_turn1_restrictions),
		cmocka_unit_test(test_middle_bridge),
		cmocka_unit_test(test_regrouping),
		cmocka_unit_test(test_mishap),
		cmocka_unit_test(test_mishap_then_withdrawal),
		cmocka_unit_test(test_refusals_leave_game_unchanged),
		cmocka_unit_test(test_search_is_plain_dijkstra),
	};
	return cmocka_run_group_tests_name("move", tests, fx_setup, fx_teardown);
}
