/* test_commit.c — Union corps commitment (8.12, 13.0) on the order-of-battle board of
 * fixture.h: turn 1 (13.7), two Committed at most (13.2B), Available limits (13.3B:
 * no double-time, four hexes, the east-bank creek exemption), Unavailable units (13.4B), the
 * availability roll (13.4D) and VI Corps on turn 6 (13.8), lifting by Confederate units
 * (13.3E–F) and by a creek crossing (8.12B), withdrawal and withdrawal movement (13.5–13.6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "commit.h"
#include "fixture.h"
#include "move.h"

/* From any Union movement step to the next turn's first Union decision. */
static void to_next_turn(void)
{
	while (G->pending.what == DECISION_COMMITMENT || G->pending.what == DECISION_WITHDRAWAL)
		fx_ok("end");
	for (int i = 0; i < 6; i++)
		fx_ok("end");
}

static void test_turn1_commitment(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_pending(SIDE_UNION, DECISION_COMMITMENT, FX_ANY);
	fx_refused("commit II", "13.7C");
	fx_refused("commit V", "13.4A");
	fx_refused("commit I", "13.2C");
	fx_refused("move U1 2010", "13.1");
	struct action a[8];
	int n = game_legal(G, a, 8);
	assert_int_equal(n, 3);                 /* commit IX, commit XII, end */
	assert_int_equal(a[0].type, ACT_COMMIT);
	assert_int_equal(a[0].target, CORPS_IX);
	assert_int_equal(a[1].target, CORPS_XII);
	assert_int_equal(commit_committed_turn(G, CORPS_I), 1); /* 13.7B: Committed from the start */
	assert_int_equal(commit_committed_turn(G, CORPS_XII), 0);
	fx_ok("commit XII");
	assert_int_equal(G->corps[CORPS_XII], CORPS_COMMITTED);
	assert_int_equal(commit_committed_turn(G, CORPS_XII), 1); /* 13.1: noted */
	/* two Committed: nothing more to decide */
	fx_pending(SIDE_UNION, DECISION_MOVEMENT, FX_ANY);
}

static void test_two_committed(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place C1 1010");
	fx_ok("set corps V available");
	fx_ok("set corps IX available");
	fx_ok("set corps XII available");
	fx_ok("set corps VI available");
	to_next_turn();
	assert_int_equal(G->turn, 2);
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_refused("withdraw V", "13.5B");
	assert_int_equal(commit_committed_turn(G, CORPS_II), 1); /* an empty set-up: all at 1 */
	fx_ok("withdraw II");                      /* no units on the map: nothing to move */
	assert_int_equal(G->corps[CORPS_II], CORPS_UNAVAILABLE);
	assert_int_equal(commit_committed_turn(G, CORPS_II), 0);  /* no longer Committed */
	assert_int_equal(G->corps_committed[CORPS_II], 0);
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_COMMITMENT, FX_ANY);
	fx_refused("commit II", "13.4A");           /* withdrawn this turn: Unavailable */
	fx_ok("commit IX");
	fx_pending(SIDE_UNION, DECISION_MOVEMENT, FX_ANY);
	assert_int_equal(G->corps[CORPS_IX], CORPS_COMMITTED);
	assert_int_equal(commit_committed_turn(G, CORPS_IX), 2);  /* 13.1: the turn of it */
	assert_int_equal(commit_committed_turn(G, CORPS_I), 1);   /* still Committed since 1 */
}

static void test_available_limits(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");                   /* XII Corps: Available */
	fx_ok("place C1 2020");
	fx_ok("end");
	assert_int_equal(fx_cost_at("U29", 2015), 5);  /* five hexes from C1 */
	assert_int_equal(fx_cost_at("U29", 2016), -1); /* 13.3B: four */
	fx_refused("move U29 2016", "13.3B");
	assert_int_equal(fx_cost_at("U29", 2002), 8);
	assert_int_equal(fx_cost_at("U29", 2001), -1); /* 13.3B: no double-time */
	fx_ok("move U29 2015");
	/* the I Corps is Committed: no such limits */
	fx_ok("place U1 2110");
	assert_int_equal(fx_cost_at("U1", 2118), 8);
	/* V Corps is Unavailable (13.4B) */
	fx_ok("place U38 3010");
	fx_refused("move U38 3011", "13.4B");
	assert_false(commit_unit_may_fire(G, fx_u("U47"), -1));
	assert_true(commit_unit_may_fire(G, fx_u("U28"), -1));   /* Available artillery fires */
	assert_false(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
	assert_true(commit_unit_may_fight(G, fx_u("U1"), fx_u("C1")));
}

/* The movement search's 13.3B map (commit_forbidden_map) and the one-hex query agree: no
 * hex the search offers unit id is one the query forbids. */
static void assert_search_obeys_13_3b(const char *id)
{
	struct move_dest d[HEX_INDEX_COUNT];
	int n = move_reachable(G, fx_u(id), d, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < n; i++)
		if (commit_available_forbids(G, fx_u(id), d[i].hex))
			fail_msg("%s may reach %04d, which 13.3B/E forbids", id, d[i].hex);
}

static void test_creek_exemption(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE);
	fx_ok("place U29 2810");
	fx_ok("place C1 2412");                    /* west bank */
	fx_ok("end");
	assert_false(commit_available_forbids(G, fx_u("U29"), 2612)); /* the creek between */
	assert_true(fx_cost_at("U29", 2612) > 0);
	fx_ok("remove C1");
	fx_ok("place C1 2510");                    /* at the bridge */
	assert_true(commit_available_forbids(G, fx_u("U29"), 2610));  /* adjacent across it */
	assert_true(fx_cost_at("U29", 2610) < 0);
	assert_false(commit_available_forbids(G, fx_u("U29"), 2611)); /* adjacent across the creek */
	assert_true(fx_cost_at("U29", 2611) > 0);
	assert_search_obeys_13_3b("U29");
	/* on the west bank nothing is exempt */
	fx_ok("place U30 2210");
	assert_true(commit_available_forbids(G, fx_u("U30"), 2211));
	assert_search_obeys_13_3b("U30");
	/* three hexes from C1 already: it may stay or move farther from it (13.3E) */
	assert_int_equal(commit_available_forbids(G, fx_u("U30"), 2310), COMMIT_BAN_13_3E);
	assert_true(fx_cost_at("U30", 2010) > 0);
	assert_int_equal(fx_cost_at("U30", 2310), -1);
	fx_refused("move U30 2310", "13.3E");
}

/* The 13.3B maps and the creek's banks are kept from one position to the next (pure speed:
 * commit.c keeps the last ones of a scenario): a board redrawn on the same scenario
 * (scenario_step_costs) must be read again. U29 (XII, Available) on the east bank, C1 on
 * the west: 2612 is free while the creek runs between and forbidden once it is gone; 2610,
 * next to C1 at 2510, is free across the creek and forbidden once a bridge joins them. */
static void test_13_3b_follows_the_board(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2810");
	fx_ok("place C1 2412");
	fx_ok("end");
	assert_true(commit_available_forbids(G, fx_u("U29"), 2612)); /* no creek: one bank */
	assert_true(fx_cost_at("U29", 2612) < 0);
	fx_creek_after_column(25);
	assert_false(commit_available_forbids(G, fx_u("U29"), 2612)); /* the creek between */
	assert_true(fx_cost_at("U29", 2612) > 0);
	fx_ok("remove C1");
	fx_ok("place C1 2510");
	assert_true(fx_cost_at("U29", 2610) > 0);                      /* across the creek */
	fx_side(2510, 2610, SIDE_BRIDGE);
	assert_true(commit_available_forbids(G, fx_u("U29"), 2610));  /* across the bridge */
	assert_true(fx_cost_at("U29", 2610) < 0);
}

/* 13.3E with two enemies (RECONSTRUCTION.md's decided reading): U29 (XII, Available) in 2010
 * is three hexes from C2 (2013) and four from C3 (2006). It must end strictly farther from
 * both, and may never come nearer either on the way; a hex as far from one as the start may
 * be passed through. Every first step is as far from one of them (2110, 2109, 1910, 1909) or
 * nearer (2009, 2011), so the old engine, which refused every hex not farther from both on
 * the way too, froze it: now it may go on through 2110 to 2210 (four and five hexes), though
 * it may not stop in 2110 or 2109 (as far from C2, as far from C3). */
static void test_13_3e_two_enemies(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");
	fx_ok("place C2 2013");
	fx_ok("place C3 2006");
	fx_ok("end");
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2110), COMMIT_STOP_13_3E);
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2109), COMMIT_STOP_13_3E);
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2009), COMMIT_BAN_13_3E);
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2210), COMMIT_FREE);
	fx_refused("move U29 2110", "13.3E");
	fx_refused("move U29 2109", "13.3E");
	fx_refused("move U29 2009 2108", "13.3E"); /* nearer C3 on the way */
	assert_true(fx_cost_at("U29", 2210) > 0);
	assert_int_equal(fx_cost_at("U29", 2110), -1);
	assert_search_obeys_13_3b("U29");
	fx_ok("move U29 2110 2210");
	assert_int_equal(G->unit[fx_u("U29")].hex, 2210);
}

/* 13.3F / 13.4C, how long (RECONSTRUCTION.md's decided reading): a lift lasts until the end of
 * the next Union player-turn after the Confederate unit came adjacent. C1 moves next to U29
 * (XII, Available) in the Confederate movement phase of turn 2: XII may attack it through
 * the Union player-turn of turn 3, not after. The old engine kept the lift until XII's status
 * changed. */
static void test_lift_lasts_to_the_next_union_player_turn(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");
	fx_ok("place C1 2016");
	fx_ok("set turn 2");
	fx_ok("set phase confederate movement");
	fx_ok("move C1 2011");
	assert_true(commit_lifted(G, CORPS_XII, fx_u("C1")));
	bool seen_union_3 = false;
	for (int i = 0; i < 40 && !(G->turn == 3 && G->side == SIDE_CONFEDERATE); i++) {
		if (G->side == SIDE_UNION && G->phase == PHASE_COMBAT) {
			seen_union_3 = true;
			assert_true(commit_lifted(G, CORPS_XII, fx_u("C1")));
			assert_true(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
		}
		fx_ok("end");
	}
	assert_true(seen_union_3);
	assert_int_equal(G->corps[CORPS_XII], CORPS_AVAILABLE);
	assert_int_equal(G->side, SIDE_CONFEDERATE);
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C1")));
	assert_false(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
}

static void test_lifting(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");                   /* XII Available */
	fx_ok("place C1 2016");
	fx_ok("place C2 2014");                    /* four hexes from U29 */
	fx_ok("set turn 2");
	fx_ok("set phase confederate movement");
	/* 13.3E binds the Available unit, not the Confederates: C2 may come closer */
	fx_ok("move C2 2013");                     /* three hexes from U29, not adjacent */
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C2")));
	/* now U29 may only move farther from C2 (13.3E), never nearer C1 (13.3B) */
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2009), COMMIT_FREE);
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2011), COMMIT_BAN_13_3E);
	assert_int_equal(commit_available_forbids(G, fx_u("U29"), 2110), COMMIT_STOP_13_3E);
	/* 13.3F: moving adjacent lifts the limits with regard to that unit */
	fx_ok("move C1 2011");
	assert_true(commit_lifted(G, CORPS_XII, fx_u("C1")));
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C2")));
	assert_true(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
	assert_false(commit_unit_may_fight(G, fx_u("U29"), fx_u("C2")));
	/* a change of status clears it */
	fx_ok("set corps XII unavailable");
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C1")));
}

/* The look-ahead's what-if move (move_what_if, issue 32 item 5) leaves what the one-hex move
 * through game_apply leaves but the MPs and the event: the hex, the Moved markers (8.11; an
 * artillery unit's, 10.8A) and 13.3F's lift for a Confederate unit next to an Available
 * corps (C1 next to U29 of XII). */
static void test_what_if_move(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");                   /* XII Available */
	fx_ok("place C1 2016");
	fx_ok("place C5 1816");                    /* a battery */
	fx_ok("set turn 2");
	fx_ok("set phase confederate movement");
	static struct game w;
	w = *G;
	fx_ok("move C1 2011");
	fx_ok("move C5 1815");
	move_what_if(&w, fx_u("C1"), 2011);
	move_what_if(&w, fx_u("C5"), 1815);
	assert_true(commit_lifted(&w, CORPS_XII, fx_u("C1")));
	assert_memory_equal(w.corps_lifted, G->corps_lifted, sizeof w.corps_lifted);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		assert_int_equal(w.unit[u].hex, G->unit[u].hex);
		assert_int_equal(w.unit[u].flags, G->unit[u].flags & ~(uint32_t)UF_DOUBLE_TIME);
	}
	assert_true(w.unit[fx_u("C5")].flags & UF_ART_MOVED);
	assert_false(w.unit[fx_u("C1")].flags & UF_ART_MOVED);
	assert_int_equal(w.unit[fx_u("C1")].mp_used, 0); /* no path: no MPs */
}

static void test_creek_crossing_lifts_all(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE);
	fx_ok("place C1 2410");
	fx_ok("place U38 3820");
	fx_ok("set turn 2");
	fx_ok("set phase confederate movement");
	assert_int_equal(commit_unit_status(G, fx_u("U38")), CORPS_UNAVAILABLE);
	fx_ok("move C1 2510 2610");
	assert_true(G->commitment_lifted);                        /* 8.12B */
	assert_int_equal(commit_unit_status(G, fx_u("U38")), CORPS_COMMITTED);
	fx_ok("set phase union movement");
	fx_ok("move U38 3821");
}

/* The combat module asks commit.c who may attack (8.12, 13.3F, 8.12B). */
static void test_attacks_by_status(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place U29 2010");                   /* XII Available */
	fx_ok("place C1 2011");
	fx_ok("set phase union combat");
	fx_refused("attack 2011 U29", "13.3F");
	G->commitment_lifted = true;            /* as after a Confederate crossed the creek */
	fx_ok("attack 2011 U29");
}

static void test_availability_rolls(void **state)
{
	(void)state;
	fx_board_oob(SETUP_HISTORICAL);
	fx_ok("place C1 1010");
	fx_ok("dice 6");
	to_next_turn();
	assert_int_equal(G->turn, 2);
	assert_int_equal(G->corps[CORPS_V], CORPS_AVAILABLE);   /* 13.4D: a 6 */
	assert_int_equal(G->corps[CORPS_VI], CORPS_UNAVAILABLE);/* not before turn 6 */
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("withdraw I");                        /* none Committed now: on to commitment */
	fx_pending(SIDE_UNION, DECISION_COMMITMENT, FX_ANY);
	fx_ok("dice 5");
	to_next_turn();
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);  /* a 5 */
	assert_int_equal(G->nforced, 0);
	fx_ok("set turn 5");
	fx_ok("dice 2");                                            /* for I Corps */
	to_next_turn();
	assert_int_equal(G->turn, 6);
	assert_int_equal(G->corps[CORPS_VI], CORPS_AVAILABLE);   /* 13.8, no roll */
	assert_int_equal(G->nforced, 0);
	/* 9.3D + 13.8: on turn 6 VI Corps enters as an Available corps: not one of the two
	 * Committed, but never within four hexes of an enemy and no double-time */
	fx_ok("place C2 3817");
	while (G->pending.what != DECISION_MOVEMENT)
		fx_ok("end");
	assert_int_equal(commit_unit_status(G, fx_u("U48")), CORPS_AVAILABLE);
	assert_int_equal(fx_cost_at("U48", 4017), -1);              /* three hexes from C2 */
	fx_refused("move U48 4217 4117 4017", "13.3B");
	assert_int_equal(fx_cost_at("U48", 4224), 1);
	assert_int_equal(fx_cost_at("U48", 3524), 8);               /* MA 8 */
	assert_int_equal(fx_cost_at("U48", 3424), -1);              /* 13.3B: no double-time */
	/* once Committed it moves as any Committed corps */
	fx_ok("set corps VI committed");
	assert_int_equal(fx_cost_at("U48", 4017), 3);
	assert_true(fx_cost_at("U48", 3424) > 8);
}

static void test_withdrawal(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_ok("place U1 2010");
	fx_ok("place C1 2012");
	fx_ok("place U2 2030 3");                   /* reduced too */
	fx_ok("place U3 2015");                     /* three hexes from C1 */
	fx_ok("place U4 2040 2");                   /* reduced, far from every enemy */
	S->roster.unit[fx_u("U3")].ma = 0;          /* can reach nothing */
	to_next_turn();
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("withdraw I");
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);  /* 13.5C */
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	assert_int_equal(G->pending.subject, fx_u("U1"));
	fx_refused("move U1 2009", "13.6");         /* three hexes from C1 */
	fx_refused("move U2 2031", "13.6");         /* not U2's turn */
	static struct action a[HEX_INDEX_COUNT]; /* off the stack (-Wstack-usage) */
	int n = game_legal_first(G, a, HEX_INDEX_COUNT);
	assert_true(n > 2);
	for (int i = 0; i + 1 < n; i++)
		assert_true(unit_enemy_distance(G, a[i].hex[0], SIDE_UNION) >= 5);
	/* best first: fewest steps lost on the way (11.17.4B, one group for each count, at most
	 * 7), in each group the farthest first, then the lowest hex id */
	int groups = 1;
	for (int i = 0; i + 2 < n; i++) {
		int d0 = unit_enemy_distance(G, a[i].hex[0], SIDE_UNION);
		int d1 = unit_enemy_distance(G, a[i + 1].hex[0], SIDE_UNION);
		if (d0 < d1 || (d0 == d1 && a[i].hex[0] > a[i + 1].hex[0]))
			groups++;
	}
	assert_in_range(groups, 1, 7);
	fx_ok("end");                               /* the engine's choice */
	int h = G->unit[fx_u("U1")].hex;
	assert_true(unit_enemy_distance(G, h, SIDE_UNION) >= 5);
	assert_true(G->unit[fx_u("U1")].flags & UF_MOVED);
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	assert_int_equal(G->pending.subject, fx_u("U2"));
	fx_ok("move U2 2031");                      /* five or more away: it may still move */
	/* U3 could not move at all: eliminated (13.6D) */
	assert_int_equal(G->unit[fx_u("U3")].steps, 0);
	/* 13.6A reading: U4 is five or more hexes from every enemy: `end` keeps it there, and
	 * that is not a move, so it regroups (12.0) */
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	assert_int_equal(G->pending.subject, fx_u("U4"));
	fx_ok("end");
	assert_int_equal(G->unit[fx_u("U4")].hex, 2040);
	assert_true(G->unit[fx_u("U4")].flags & UF_WITHDRAWN);
	assert_false(G->unit[fx_u("U4")].flags & UF_MOVED);
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_MOVEMENT, FX_ANY);
	fx_refused("move U4 2041", "13.4B");
	fx_ok("end");
	assert_int_equal(G->unit[fx_u("U4")].steps, 3);     /* regrouped */
	assert_int_equal(G->unit[fx_u("U2")].steps, 3);     /* it moved: no regrouping */
}

/* 13.6A with 8.7.5B: withdrawal is conducted as a retreat, so withdrawing units may cross a
 * ford either way in the same phase and do not bind the phase's movement; the units that
 * move afterwards still cross it one way only (docs/rules-notes.md, 13.6). */
static void test_withdrawal_through_ford(void **state)
{
	(void)state;
	fx_board_oob(SETUP_EMPTY);
	fx_creek_after_column(25);
	fx_side(2515, 2615, SIDE_FORD);
	fx_ok("place C1 1010");
	fx_ok("place U1 2515");                      /* west bank, at the ford */
	fx_ok("place U2 2615");                      /* east bank, at the ford */
	to_next_turn();
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("withdraw I");
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	fx_ok("move U1 2616");                       /* west to east: 1 + ford 3, then 1 */
	assert_int_equal(G->unit[fx_u("U1")].hex, 2616);
	fx_ok("move U2 2514");                       /* east to west across the same ford */
	assert_int_equal(G->unit[fx_u("U2")].hex, 2514);
	assert_int_equal(G->nfords_used, 0);
	while (G->pending.what != DECISION_MOVEMENT)
		fx_ok("end");
	fx_ok("place U14 2614");
	fx_ok("place U15 2515");
	fx_ok("move U15 2615");                      /* the phase's first crossing: west to east */
	fx_refused("move U14 2615 2515", "8.7.5B");  /* now the other way is closed */
}

/* The board of the withdrawals through woods: woods over columns 18-22, rows 8-16. */
static void woods_board(void)
{
	fx_board_oob(SETUP_EMPTY);
	for (int c = 18; c <= 22; c++)
		for (int r = 8; r <= 16; r++)
			fx_terrain(c * 100 + r, TERRAIN_WOODS);
}

/* 13.6A: a withdrawal pays the charts' costs of movement (move_enter_cost), 8.8.3B included:
 * through woods with MA 2, only the two Sunken Road hexes (1 MP each) take U1 two hexes. */
static void test_withdrawal_sunken_road(void **state)
{
	(void)state;
	woods_board();
	fx_sunken(2013);
	fx_sunken(2014);
	S->roster.unit[fx_u("U1")].ma = 2;
	S->roster.unit[fx_u("U2")].ma = 2;
	fx_ok("place C1 1040");
	fx_ok("place U1 2012");
	fx_ok("place U2 2112");
	to_next_turn();
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("withdraw I");
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	assert_int_equal(G->pending.subject, fx_u("U1"));
	fx_ok("move U1 2014");                       /* Sunken Road 1 + Sunken Road 1 */
	assert_int_equal(G->unit[fx_u("U1")].hex, 2014);
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, FX_ANY);
	fx_refused("move U2 2114", "13.6");          /* woods 2 + woods 2: beyond MA 2 */
}

/* The withdrawal's search is kept for the units it was made on (commit.c): the board redrawn
 * under a unit refused a hex (the Sunken Road through the woods of 2013-2014), the same
 * units ask it afresh and the hex is its withdrawal now. */
static void test_withdrawal_follows_the_board(void **state)
{
	(void)state;
	woods_board();
	S->roster.unit[fx_u("U1")].ma = 2;
	fx_ok("place C1 1040");
	fx_ok("place U1 2012");
	to_next_turn();
	fx_pending(SIDE_UNION, DECISION_WITHDRAWAL, FX_ANY);
	fx_ok("withdraw I");
	fx_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE, fx_u("U1"));
	fx_refused("move U1 2014", "13.6");          /* woods 2 + woods 2: beyond MA 2 */
	fx_sunken(2013);
	fx_sunken(2014);
	fx_ok("move U1 2014");                       /* Sunken Road 1 + Sunken Road 1 */
	assert_int_equal(G->unit[fx_u("U1")].hex, 2014);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn1_commitment),
		cmocka_unit_test(test_two_committed),
		cmocka_unit_test(test_available_limits),
		cmocka_unit_test(test_creek_exemption),
		cmocka_unit_test(test_13_3b_follows_the_board),
		cmocka_unit_test(test_13_3e_two_enemies),
		cmocka_unit_test(test_lift_lasts_to_the_next_union_player_turn),
		cmocka_unit_test(test_lifting),
		cmocka_unit_test(test_what_if_move),
		cmocka_unit_test(test_creek_crossing_lifts_all),
		cmocka_unit_test(test_attacks_by_status),
		cmocka_unit_test(test_availability_rolls),
		cmocka_unit_test(test_withdrawal),
		cmocka_unit_test(test_withdrawal_follows_the_board),
		cmocka_unit_test(test_withdrawal_through_ford),
		cmocka_unit_test(test_withdrawal_sunken_road),
	};
	return cmocka_run_group_tests_name("commit", tests, fx_setup, fx_teardown);
}
