/* test_commit.c — Union corps commitment (8.12, 13.0) on the hand-made scenario of
 * fixture_game.h: turn 1 (13.7), two Committed at most (13.2B), Available limits (13.3B:
 * no double-time, four hexes, the east-bank creek exemption), Unavailable units (13.4B), the
 * availability roll (13.4D) and VI Corps on turn 6 (13.8), lifting by Confederate units
 * (13.3E–F) and by a creek crossing (8.12B), withdrawal and withdrawal movement (13.5–13.6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "commit.h"
#include "fixture_game.h"
#include "move.h"

static struct scenario *S;
static struct game *G;
static char err[256];

static int setup(void **state)
{
	(void)state;
	G = malloc(sizeof *G);
	return G ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(G);
	free(S);
	return 0;
}

static void fresh(enum game_setup setup)
{
	free(S);
	S = fx_scenario();
	game_new(G, S, setup, 1, NULL);
}

static void ok(const char *line)
{
	if (!fx_do(G, line, err, sizeof err))
		fail_msg("'%s' refused: %s", line, err);
}

static void refused(const char *line, const char *rule)
{
	struct game *before = malloc(sizeof *before);
	assert_non_null(before);
	memcpy(before, G, sizeof *G);
	if (fx_do(G, line, err, sizeof err))
		fail_msg("'%s' was accepted", line);
	if (strncmp(err, rule, strlen(rule)) != 0)
		fail_msg("'%s': expected %s, got '%s'", line, rule, err);
	assert_memory_equal(before, G, sizeof *G);
	free(before);
}

static void expect_pending(enum side side, enum decision what)
{
	if (G->pending.side != side || G->pending.what != what)
		fail_msg("pending %s %s, expected %s %s", game_side_name(G->pending.side),
			 game_decision_name(G->pending.what), game_side_name(side),
			 game_decision_name(what));
}

static int cost_at(const char *id, int hex)
{
	struct move_dest d[HEX_INDEX_COUNT];
	int n = move_reachable(G, fx_u(id), d, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < n; i++)
		if (d[i].hex == hex)
			return d[i].cost;
	return -1;
}

/* From any Union movement step to the next turn's first Union decision. */
static void to_next_turn(void)
{
	while (G->pending.what == DECISION_COMMITMENT || G->pending.what == DECISION_WITHDRAWAL)
		ok("end");
	for (int i = 0; i < 6; i++)
		ok("end");
}

static void test_turn1_commitment(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	expect_pending(SIDE_UNION, DECISION_COMMITMENT);
	refused("commit II", "13.7C");
	refused("commit V", "13.4A");
	refused("commit I", "13.2C");
	refused("move U1 2010", "13.1");
	struct action a[8];
	int n = game_legal(G, a, 8);
	assert_int_equal(n, 3);                 /* commit IX, commit XII, end */
	assert_int_equal(a[0].type, ACT_COMMIT);
	assert_int_equal(a[0].target, CORPS_IX);
	assert_int_equal(a[1].target, CORPS_XII);
	ok("commit XII");
	assert_int_equal(G->corps[CORPS_XII], CORPS_COMMITTED);
	expect_pending(SIDE_UNION, DECISION_MOVEMENT); /* two Committed: nothing more to decide */
}

static void test_two_committed(void **state)
{
	(void)state;
	fresh(SETUP_EMPTY);
	ok("place C1 1010");
	ok("set corps V available");
	ok("set corps IX available");
	ok("set corps XII available");
	ok("set corps VI available");
	to_next_turn();
	assert_int_equal(G->turn, 2);
	expect_pending(SIDE_UNION, DECISION_WITHDRAWAL);
	refused("withdraw V", "13.5B");
	ok("withdraw II");                      /* no units on the map: nothing to move */
	assert_int_equal(G->corps[CORPS_II], CORPS_UNAVAILABLE);
	expect_pending(SIDE_UNION, DECISION_WITHDRAWAL);
	ok("end");
	expect_pending(SIDE_UNION, DECISION_COMMITMENT);
	refused("commit II", "13.4A");           /* withdrawn this turn: Unavailable */
	ok("commit IX");
	expect_pending(SIDE_UNION, DECISION_MOVEMENT);
	assert_int_equal(G->corps[CORPS_IX], CORPS_COMMITTED);
}

static void test_available_limits(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	ok("place U29 2010");                   /* XII Corps: Available */
	ok("place C1 2020");
	ok("end");
	assert_int_equal(cost_at("U29", 2015), 5);  /* five hexes from C1 */
	assert_int_equal(cost_at("U29", 2016), -1); /* 13.3B: four */
	refused("move U29 2016", "13.3B");
	assert_int_equal(cost_at("U29", 2002), 8);
	assert_int_equal(cost_at("U29", 2001), -1); /* 13.3B: no double-time */
	ok("move U29 2015");
	/* the I Corps is Committed: no such limits */
	ok("place U1 2110");
	assert_int_equal(cost_at("U1", 2118), 8);
	/* V Corps is Unavailable (13.4B) */
	ok("place U38 3010");
	refused("move U38 3011", "13.4B");
	assert_false(commit_unit_may_fire(G, fx_u("U47"), -1));
	assert_true(commit_unit_may_fire(G, fx_u("U28"), -1));   /* Available artillery fires */
	assert_false(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
	assert_true(commit_unit_may_fight(G, fx_u("U1"), fx_u("C1")));
}

static void test_creek_exemption(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	fx_creek_after_column(S, 25);
	fx_side(S, 2510, 2610, SIDE_BRIDGE);
	ok("place U29 2810");
	ok("place C1 2412");                    /* west bank */
	ok("end");
	assert_false(commit_available_forbids(G, fx_u("U29"), 2612)); /* the creek between */
	assert_true(cost_at("U29", 2612) > 0);
	ok("remove C1");
	ok("place C1 2510");                    /* at the bridge */
	assert_true(commit_available_forbids(G, fx_u("U29"), 2610));  /* adjacent across it */
	assert_false(commit_available_forbids(G, fx_u("U29"), 2611)); /* adjacent across the creek */
	assert_true(cost_at("U29", 2611) > 0);
	/* on the west bank nothing is exempt */
	ok("place U30 2210");
	assert_true(commit_available_forbids(G, fx_u("U30"), 2211));
}

static void test_lifting(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	ok("place U29 2010");                   /* XII Available */
	ok("place C1 2016");
	ok("place C2 2014");                    /* four hexes from U29 */
	ok("set turn 2");
	ok("set phase confederate movement");
	/* 13.3E: near an Available unit a Confederate unit may only move away */
	refused("move C2 2013", "13.3E");
	refused("move C2 2113", "13.3E");       /* equidistant */
	ok("move C2 2015");
	/* 13.3F: moving adjacent lifts the limits with regard to that unit */
	assert_true(commit_available_forbids(G, fx_u("U29"), 2009) == false);
	assert_true(commit_available_forbids(G, fx_u("U29"), 2011));
	ok("move C1 2011");
	assert_true(commit_lifted(G, CORPS_XII, fx_u("C1")));
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C2")));
	assert_true(commit_unit_may_fight(G, fx_u("U29"), fx_u("C1")));
	assert_false(commit_unit_may_fight(G, fx_u("U29"), fx_u("C2")));
	/* a change of status clears it */
	ok("set corps XII unavailable");
	assert_false(commit_lifted(G, CORPS_XII, fx_u("C1")));
}

static void test_creek_crossing_lifts_all(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	fx_creek_after_column(S, 25);
	fx_side(S, 2510, 2610, SIDE_BRIDGE);
	ok("place C1 2410");
	ok("place U38 3820");
	ok("set turn 2");
	ok("set phase confederate movement");
	assert_int_equal(commit_unit_status(G, fx_u("U38")), CORPS_UNAVAILABLE);
	ok("move C1 2510 2610");
	assert_true(G->commitment_lifted);                        /* 8.12B */
	assert_int_equal(commit_unit_status(G, fx_u("U38")), CORPS_COMMITTED);
	ok("set phase union movement");
	ok("move U38 3821");
}

/* The combat module asks commit.c who may attack (8.12, 13.3F, 8.12B). */
static void test_attacks_by_status(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	ok("place U29 2010");                   /* XII Available */
	ok("place C1 2011");
	ok("set phase union combat");
	refused("attack 2011 U29", "13.3F");
	G->commitment_lifted = true;            /* as after a Confederate crossed the creek */
	ok("attack 2011 U29");
}

static void test_availability_rolls(void **state)
{
	(void)state;
	fresh(SETUP_HISTORICAL);
	ok("place C1 1010");
	ok("dice 6");
	to_next_turn();
	assert_int_equal(G->turn, 2);
	assert_int_equal(G->corps[CORPS_V], CORPS_AVAILABLE);   /* 13.4D: a 6 */
	assert_int_equal(G->corps[CORPS_VI], CORPS_UNAVAILABLE);/* not before turn 6 */
	expect_pending(SIDE_UNION, DECISION_WITHDRAWAL);
	ok("withdraw I");                        /* none Committed now: on to commitment */
	expect_pending(SIDE_UNION, DECISION_COMMITMENT);
	ok("dice 5");
	to_next_turn();
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);  /* a 5 */
	assert_int_equal(G->nforced, 0);
	ok("set turn 5");
	ok("dice 2");                                            /* for I Corps */
	to_next_turn();
	assert_int_equal(G->turn, 6);
	assert_int_equal(G->corps[CORPS_VI], CORPS_AVAILABLE);   /* 13.8, no roll */
	assert_int_equal(G->nforced, 0);
	/* 9.3D: on turn 6 VI Corps enters free of the Available limits */
	ok("place C2 3817");
	while (G->pending.what != DECISION_MOVEMENT)
		ok("end");
	assert_true(cost_at("U48", 4017) > 0);                   /* three hexes from C2 */
}

static void test_withdrawal(void **state)
{
	(void)state;
	fresh(SETUP_EMPTY);
	ok("place U1 2010");
	ok("place C1 2012");
	ok("place U2 2030");
	ok("place U3 3030");
	S->roster.unit[fx_u("U3")].ma = 0;          /* can reach nothing */
	to_next_turn();
	expect_pending(SIDE_UNION, DECISION_WITHDRAWAL);
	ok("withdraw I");
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);  /* 13.5C */
	expect_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE);
	assert_int_equal(G->pending.subject, fx_u("U1"));
	refused("move U1 2009", "13.6");         /* three hexes from C1 */
	refused("move U2 2031", "13.6");         /* not U2's turn */
	struct action a[HEX_INDEX_COUNT];
	int n = game_legal(G, a, HEX_INDEX_COUNT);
	assert_true(n > 2);
	for (int i = 0; i + 1 < n; i++)
		assert_true(game_enemy_distance(G, a[i].hex[0], SIDE_UNION) >= 5);
	ok("end");                               /* the engine's choice */
	int h = G->unit[fx_u("U1")].hex;
	assert_true(game_enemy_distance(G, h, SIDE_UNION) >= 5);
	assert_true(G->unit[fx_u("U1")].flags & UF_MOVED);
	expect_pending(SIDE_UNION, DECISION_WITHDRAW_MOVE);
	assert_int_equal(G->pending.subject, fx_u("U2"));
	ok("move U2 2031");
	/* U3 could not move at all: eliminated (13.6D) */
	assert_int_equal(G->unit[fx_u("U3")].steps, 0);
	expect_pending(SIDE_UNION, DECISION_WITHDRAWAL);
	ok("end");
	expect_pending(SIDE_UNION, DECISION_MOVEMENT);
	ok("place U4 2040");
	refused("move U4 2041", "13.4B");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn1_commitment),
		cmocka_unit_test(test_two_committed),
		cmocka_unit_test(test_available_limits),
		cmocka_unit_test(test_creek_exemption),
		cmocka_unit_test(test_lifting),
		cmocka_unit_test(test_creek_crossing_lifts_all),
		cmocka_unit_test(test_attacks_by_status),
		cmocka_unit_test(test_availability_rolls),
		cmocka_unit_test(test_withdrawal),
	};
	return cmocka_run_group_tests_name("commit", tests, setup, teardown);
}
