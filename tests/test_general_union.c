/* test_general_union.c — the computer general's plan for the Union (src/general/
 * general_union.c): what an objective hex is worth to take under 3.2's awards (partial, full,
 * "any" and "all"), which corps it commits (13.1, 13.7C) and withdraws (13.5), what a unit
 * next to the enemy costs, and that every level is deterministic for a seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

#include "../src/general/general_union.h"

#include "general.h"
#include "match.h"
#include "scenario.h"

#include "../src/sim/sim.h"
#include "victory.h"

/* The Union's plan of the real data (data/general.txt's union-plan records). */
#define PLAN (&S->general.union_plan)

static int find(const struct gu_objectives *o, int hex)
{
	for (int i = 0; i < o->n; i++)
		if (o->hex[i] == hex)
			return i;
	fail_msg("hex %04d is not a 3.2 objective hex", hex);
	return -1;
}

/* The first Union infantry unit of corps c. */
static int unit_of(const struct game *g, enum corps c)
{
	for (int u = 0; u < ROSTER_UNION; u++)
		if (unit_def(g, u)->corps == c && unit_def(g, u)->type == UNIT_INFANTRY)
			return u;
	fail_msg("no unit of corps %d", c);
	return -1;
}

/* 3.2 fn 3: any hex of the road from 1032 to Sharpsburg gives all 6 VP: each is worth 6 to
 * take while none is held, none once one is, and the one held is worth 6 to keep. */
static void test_any_objective(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	struct gu_objectives o;
	gu_objectives(&g, &o);
	double vp = o.vp;
	int road[] = { 1032, 1131, 1231, 1331, 1431 };
	for (int i = 0; i < 5; i++)
		assert_true(o.gain[find(&o, road[i])] == 6.0);
	/* a Union brigade on 1131 (3.3A: an occupied hex is its occupier's) */
	int u = unit_of(&g, CORPS_I);
	g.unit[u].hex = 1131;
	gu_objectives(&g, &o);
	assert_true(o.vp == vp + 6);
	assert_true(o.keep[find(&o, 1131)] == 6.0);
	for (int i = 0; i < 5; i++)
		assert_true(o.gain[find(&o, road[i])] == 0.0);
	/* the map's other objectives (19.0, 20.5: Harpers Ferry road) score nothing in 3.2 */
	for (int i = 0; i < o.n; i++)
		assert_true(o.hex[i] != 1831);
}

/* 3.2 fn 4: the Lower Bridge scores only with both 2836 and 2935: 1.5 VP each to take, and
 * the second one all of the award once the first is held. */
static void test_all_objective(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++) /* no Confederate near the bridge */
		if (unit_on_map(&g, u) && (hex_distance(g.unit[u].hex, 2836) <= 2 ||
					   hex_distance(g.unit[u].hex, 2935) <= 2))
			g.unit[u].hex = HEX_NONE;
	struct gu_objectives o;
	gu_objectives(&g, &o);
	int a = find(&o, 2836), b = find(&o, 2935);
	assert_true(o.now[a] != SIDE_UNION && o.now[b] != SIDE_UNION);
	assert_true(o.gain[a] == 1.5 && o.gain[b] == 1.5);
	double vp = o.vp;
	/* a Union brigade on 2836, a Confederate one on 2935: one hex of two, nothing yet */
	int u = unit_of(&g, CORPS_IX), c = ROSTER_UNION;
	g.unit[u].hex = 2836;
	int was = g.unit[c].hex;
	g.unit[c].hex = 2935;
	gu_objectives(&g, &o);
	assert_true(o.now[a] == SIDE_UNION && o.now[b] == SIDE_CONFEDERATE);
	assert_true(o.vp == vp);
	assert_true(o.gain[b] == 3.0);
	/* the Confederate gone, 2935 is empty beside the Union brigade alone (3.3A): both */
	g.unit[c].hex = (int16_t)was;
	gu_objectives(&g, &o);
	assert_true(o.vp == vp + 3);
	assert_true(o.gain[a] == 0 && o.gain[b] == 0 && o.keep[a] == 3.0);
}

static int nlegal;
static struct action legal[8];

static void legal_add(enum action_type t, enum corps c)
{
	memset(&legal[nlegal], 0, sizeof legal[nlegal]);
	legal[nlegal].type = t;
	legal[nlegal].unit = -1;
	legal[nlegal].target = c;
	nlegal++;
}

static void spend(struct game *g, enum corps c, double keep)
{
	for (int u = 0; u < ROSTER_UNION; u++)
		if (unit_def(g, u)->corps == c)
			g->unit[u].steps = (int8_t)(unit_def(g, u)->steps * keep + 0.5);
}

/* 13.7C, 24.2G-H: turn 1 commits XII Corps beside I Corps, not IX, when both may go in. */
static void test_commit_turn1(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	char why[160];
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_IX);
	legal_add(ACT_COMMIT, CORPS_XII);
	assert_int_equal(PLAN->first, CORPS_XII);
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_XII);
	assert_non_null(strstr(why, "13.7C"));
	/* XII not among the legal commitments: none forced on turn 1 by the plan (IX is left
	 * to the later turns' choice) */
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_XII);
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_XII);
}

/* Later: the freshest Available corps; IX only after II has entered the fight (24.2H); VI
 * held fresh to turn 7 while another fresh corps can go in (24.2F). */
static void test_commit(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	char why[160];
	/* turn 5, I Corps Committed alone: of II (fresh) and XII (spent) II is committed */
	g.turn = 5;
	for (int c = 0; c < CORPS_COUNT; c++)
		g.corps[c] = c == CORPS_I ? CORPS_COMMITTED : CORPS_AVAILABLE;
	spend(&g, CORPS_XII, 0.3);
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_II);
	legal_add(ACT_COMMIT, CORPS_XII);
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_II);
	assert_non_null(strstr(why, "13.1"));
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_IX);
	legal_add(ACT_COMMIT, CORPS_II);
	/* II fresh, IX fresh, II not yet in the fight: II, whatever the distances */
	for (int u = 0; u < ROSTER_UNION; u++) /* IX's brigades at the front, II's far away */
		if (unit_def(&g, u)->corps == CORPS_II && unit_on_map(&g, u))
			g.unit[u].hex = 101;
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_II);
	/* II has entered the fight (it has lost steps): IX may go in, and does, being nearer */
	spend(&g, CORPS_II, 0.9);
	g.corps[CORPS_II] = CORPS_UNAVAILABLE;
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_IX);
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_IX);
	/* VI and IX fresh on turn 6: IX (VI is held to turn 7); on turn 7 the better of them */
	g.turn = 6;
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_VI);
	legal_add(ACT_COMMIT, CORPS_IX);
	for (int u = 0; u < ROSTER_UNION; u++) /* VI's brigades nearer the objectives than IX's */
		if (unit_def(&g, u)->corps == CORPS_IX && unit_on_map(&g, u))
			g.unit[u].hex = 101;
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_IX);
	/* VI the only fresh one on turn 6: it goes in, said so */
	spend(&g, CORPS_IX, 0.5);
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_VI);
	assert_non_null(strstr(why, "the only fresh corps"));
	/* two Committed: none */
	g.corps[CORPS_IX] = CORPS_COMMITTED;
	assert_int_equal(gu_commit_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
}

/* 24.2B: the share below which a corps is withdrawn goes by its size: II and VI large, V and
 * XII small, I and IX between. */
static void test_sizes(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	assert_true(gu_spent_share(PLAN, CORPS_II) == PLAN->spent_large);
	assert_true(gu_spent_share(PLAN, CORPS_VI) == PLAN->spent_large);
	assert_true(gu_spent_share(PLAN, CORPS_V) == PLAN->spent_small);
	assert_true(gu_spent_share(PLAN, CORPS_XII) == PLAN->spent_small);
	assert_true(gu_spent_share(PLAN, CORPS_I) == PLAN->spent);
	assert_true(gu_spent_share(PLAN, CORPS_IX) == PLAN->spent);
	/* a large corps plans to spend more of its steps than a small one */
	assert_true(PLAN->spent_large < PLAN->spent && PLAN->spent < PLAN->spent_small);
}

/* 13.5: a spent Committed corps is withdrawn when a fresh one waits, one at a time, only in
 * the plan's turns; how spent goes by its size (24.2B). Here no corps' committed turn is
 * known (13.1: a scenario's start), so only casualties count. */
static void test_withdraw(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	char why[160];
	for (int c = 0; c < CORPS_COUNT; c++)
		g.corps[c] = CORPS_AVAILABLE, g.corps_committed[c] = 0;
	g.corps[CORPS_I] = g.corps[CORPS_IX] = CORPS_COMMITTED;
	spend(&g, CORPS_I, PLAN->spent - 0.2);
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	legal_add(ACT_WITHDRAW, CORPS_IX);
	g.turn = PLAN->withdraw_from;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_I);
	assert_non_null(strstr(why, "13.5"));
	/* too early, too late */
	g.turn = PLAN->withdraw_from - 1;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
	g.turn = PLAN->withdraw_until + 1;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
	/* no fresh corps to bring in */
	g.turn = PLAN->withdraw_from;
	for (int c = 0; c < CORPS_COUNT; c++)
		if (g.corps[c] == CORPS_AVAILABLE)
			spend(&g, (enum corps)c, PLAN->fresh - 0.2);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
	/* VI fresh alone before turn 7: held back (24.2F), so no corps is withdrawn for it */
	spend(&g, CORPS_VI, 1.0);
	g.turn = PLAN->reserve_until - 1;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
	g.turn = PLAN->reserve_until;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_I);
	spend(&g, CORPS_VI, PLAN->fresh - 0.2);
	g.turn = PLAN->withdraw_from;
	/* a fresh one, but only one Committed corps: none (one at a time) */
	spend(&g, CORPS_II, 1.0);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_I);
	/* by size: XII (small) at a share between spent and spent-small goes, I at the same
	 * share stays */
	g.corps[CORPS_IX] = CORPS_AVAILABLE;
	g.corps[CORPS_XII] = CORPS_COMMITTED;
	double mid = (PLAN->spent + PLAN->spent_small) / 2;
	spend(&g, CORPS_I, mid + 0.02);
	spend(&g, CORPS_XII, mid);
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	legal_add(ACT_WITHDRAW, CORPS_XII);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_XII);
	assert_non_null(strstr(why, "small"));
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
	/* I alone Committed, spent: none (one at a time, 13.2B) */
	g.corps[CORPS_XII] = CORPS_UNAVAILABLE;
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	spend(&g, CORPS_I, PLAN->spent - 0.2);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why),
			 CORPS_NONE);
}

/* 24.2B by the turns fought (13.1: counted from the turn the game notes): XII (small) after
 * two, II (large) after three, I two or three by its casualties; the one longest past its
 * turns first, before one merely spent; still only when a fresh corps waits. */
static void test_withdraw_by_turns(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	char why[200];
	for (int c = 0; c < CORPS_COUNT; c++)
		g.corps[c] = CORPS_AVAILABLE, g.corps_committed[c] = 0;
	g.corps[CORPS_I] = g.corps[CORPS_XII] = CORPS_COMMITTED;
	g.corps_committed[CORPS_I] = g.corps_committed[CORPS_XII] = 1;
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	legal_add(ACT_WITHDRAW, CORPS_XII);
	assert_int_equal(PLAN->turns_small, 2);
	assert_int_equal(PLAN->turns_large, 3);
	assert_int_equal(PLAN->turns, 3);
	/* turn 3: XII has fought turns 1 and 2, its two; I, unhurt, is planned for three */
	g.turn = 3;
	assert_int_equal(gu_turns_fought(&g, CORPS_XII), 2);
	assert_int_equal(gu_planned_turns(&g, PLAN, CORPS_I), 3);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_XII);
	assert_non_null(strstr(why, "fought 2 turns"));
	assert_non_null(strstr(why, "small"));
	/* I hurt (below fresh): two turns, "depending on casualties"; both due: the one longest
	 * past them goes first (XII committed a turn earlier) */
	spend(&g, CORPS_I, PLAN->fresh - 0.1);
	assert_int_equal(gu_planned_turns(&g, PLAN, CORPS_I), 2);
	g.corps_committed[CORPS_XII] = 1;
	g.corps_committed[CORPS_I] = 2;
	g.turn = 4;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_XII);
	g.corps_committed[CORPS_XII] = 3;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_I);
	/* a large corps: not after two turns, after three */
	g.corps[CORPS_XII] = CORPS_AVAILABLE, g.corps_committed[CORPS_XII] = 0;
	spend(&g, CORPS_I, 1.0);
	g.corps[CORPS_II] = CORPS_COMMITTED, g.corps_committed[CORPS_II] = 2;
	g.corps_committed[CORPS_I] = 4;
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	legal_add(ACT_WITHDRAW, CORPS_II);
	g.turn = 4;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_NONE);
	g.turn = 5;
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_II);
	assert_non_null(strstr(why, "fought 3 turns, what a large corps"));
	/* a turn not known (0): by casualties alone */
	g.corps_committed[CORPS_II] = 0;
	assert_int_equal(gu_turns_fought(&g, CORPS_II), -1);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_NONE);
	/* due, but no fresh corps waits: none */
	g.corps_committed[CORPS_II] = 2;
	for (int c = 0; c < CORPS_COUNT; c++)
		if (g.corps[c] == CORPS_AVAILABLE)
			spend(&g, (enum corps)c, PLAN->fresh - 0.2);
	assert_int_equal(gu_withdraw_choice(&g, PLAN, legal, nlegal, why, sizeof why), CORPS_NONE);
}

/* 24.2H with follow-after: IX goes in only once II has fought that many turns since it was
 * committed (13.1), or has fought and been withdrawn; no corps is withdrawn to make room for
 * IX before then; II's turn not known (a scenario's start) counts as fought. */
static void test_follow_after(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	char why[200];
	struct general_union_plan p = *PLAN;
	p.follow_after = 2;
	for (int c = 0; c < CORPS_COUNT; c++)
		g.corps[c] = CORPS_UNAVAILABLE, g.corps_committed[c] = 0;
	/* turn 4: I Committed since turn 1 (past its three), II since turn 3; IX fresh */
	g.corps[CORPS_I] = g.corps[CORPS_II] = CORPS_COMMITTED;
	g.corps_committed[CORPS_I] = 1;
	g.corps_committed[CORPS_II] = 3;
	g.corps[CORPS_IX] = CORPS_AVAILABLE;
	g.turn = 4;
	nlegal = 0;
	legal_add(ACT_WITHDRAW, CORPS_I);
	legal_add(ACT_WITHDRAW, CORPS_II);
	/* II has fought one turn: IX waits, so I is not withdrawn for it */
	assert_int_equal(gu_withdraw_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_NONE);
	/* with follow-after 1 (one turn fought is enough) I goes */
	struct general_union_plan one = p;
	one.follow_after = 1;
	assert_int_equal(gu_withdraw_choice(&g, &one, legal, nlegal, why, sizeof why), CORPS_I);
	/* turn 5: II has fought two: I is withdrawn for IX */
	g.turn = 5;
	assert_int_equal(gu_withdraw_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_I);
	/* II's turn not known: counted as fought */
	g.turn = 4;
	g.corps_committed[CORPS_II] = 0;
	assert_int_equal(gu_withdraw_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_I);
	g.corps_committed[CORPS_II] = 3;
	/* the commitment: I withdrawn, one place free on turn 4, V and IX fresh: V, though IX
	 * stands nearer what is left to take; on turn 5 IX */
	g.corps[CORPS_I] = CORPS_UNAVAILABLE;
	g.corps[CORPS_V] = CORPS_AVAILABLE;
	for (int u = 0; u < ROSTER_UNION; u++) /* V's brigades far away */
		if (unit_def(&g, u)->corps == CORPS_V && unit_on_map(&g, u))
			g.unit[u].hex = 101;
	nlegal = 0;
	legal_add(ACT_COMMIT, CORPS_IX);
	legal_add(ACT_COMMIT, CORPS_V);
	assert_int_equal(gu_commit_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_V);
	assert_int_equal(gu_commit_choice(&g, &one, legal, nlegal, why, sizeof why), CORPS_IX);
	g.turn = 5;
	assert_int_equal(gu_commit_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_IX);
	/* II withdrawn after it has fought (it has lost steps): IX may go in */
	g.turn = 4;
	g.corps[CORPS_II] = CORPS_UNAVAILABLE, g.corps_committed[CORPS_II] = 0;
	spend(&g, CORPS_II, 0.7);
	assert_int_equal(gu_commit_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_IX);
	/* II never in the fight (Available, every step): V */
	g.corps[CORPS_II] = CORPS_AVAILABLE;
	spend(&g, CORPS_II, 1.0);
	assert_int_equal(gu_commit_choice(&g, &p, legal, nlegal, why, sizeof why), CORPS_V);
}

/* What a unit next to the enemy costs: with the weight of losses (eliminated) taken away,
 * a shot-to-ribbons Union brigade next to a Confederate brigade gains more when that brigade
 * may attack it next (its CRT reply, 11.2B: not when shot to ribbons itself) than when it
 * may not. */
static void test_reply_danger(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	int u = unit_of(&g, CORPS_I), c = -1;
	for (int x = ROSTER_UNION; x < ROSTER_UNITS && c < 0; x++)
		if (unit_def(&g, x)->type == UNIT_INFANTRY && unit_def(&g, x)->steps >= 4)
			c = x;
	assert_true(c >= 0);
	/* both in clear ground far from everyone: 1203 and 1204 (the map's north-west) */
	g.unit[c].hex = 1204;
	g.unit[u].hex = 1203;
	g.unit[u].steps = 1;
	struct general_weights calm = S->general.weights[SIDE_UNION];
	calm.eliminated = 0;
	double gain[2];
	for (int k = 0; k < 2; k++) {
		g.unit[c].steps = (int8_t)(k ? unit_def(&g, c)->steps : 1);
		gain[k] = general_evaluate(&g, SIDE_UNION, &calm) -
			  general_evaluate(&g, SIDE_UNION, NULL);
	}
	/* 2.8 with the reply, 1.8 by the ZOC terms alone (eliminated × adj / (adj + 3 steps),
	 * and our chance at the Confederate brigade) */
	if (!(gain[1] - gain[0] > 2.3))
		fail_msg("gains %.2f %.2f", gain[0], gain[1]);
}

static bool port_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	return game_apply(ctx, a, err, errlen);
}

/* A unit that can reach an objective hex no one holds takes it: the hexes worth taking are
 * those of the position the decision starts from, so the unit on 1943 is not then drawn on
 * to the next objective, the Sunken Road far to the north (before, a IX Corps brigade stood
 * two hexes from 1943, 4 VP, from turn 7 to the end of a game, seed 2). */
static void test_takes_open_objective(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_EMPTY, 1, NULL);
	g.turn = 9;
	int u = unit_of(&g, CORPS_IX);
	g.unit[u].hex = 1941;
	int c = -1; /* one Confederate brigade, far away in the north-west */
	for (int x = ROSTER_UNION; x < ROSTER_UNITS && c < 0; x++)
		if (unit_def(&g, x)->type == UNIT_INFANTRY)
			c = x;
	g.unit[c].hex = 1204;
	/* the Union holds every 3.2 objective but 1943 and the Sunken Road (3.3B: kept) */
	struct gu_objectives o;
	gu_objectives(&g, &o);
	for (int i = 0; i < o.n; i++)
		if (o.hex[i] != 1943 && (o.hex[i] < 2300 || o.hex[i] % 100 < 19 || o.hex[i] % 100 > 21))
			g.control[hex_index(o.hex[i])] = SIDE_UNION;
	assert_int_equal(g.pending.what, DECISION_MOVEMENT);
	assert_int_equal(victory_control_now(&g, 1943), SIDE_NONE);
	struct bot_port port = { .g = &g, .apply = port_apply, .ctx = &g };
	char err[256];
	for (int level = 1; level <= GENERAL_LEVELS; level++) {
		static struct game h;
		h = g;
		port.g = port.ctx = &h;
		assert_true(general_play(&port, level, err, sizeof err) > 0);
		if (victory_control_now(&h, 1943) != SIDE_UNION)
			fail_msg("level %d: the brigade ends on %04d", level, h.unit[u].hex);
	}
}

/* 8.13: all of a Union corps' units move before any of another's, so the general moves by
 * corps: the Committed corps first (13.2A), each corps' units nearest the enemy first. On
 * turn 1 of the historical set-up (two-player, level 1, seed 1) every move of I and XII Corps
 * (Committed) comes before the first of an Available corps (before, IX Corps' brigades by
 * the creek, nearest the enemy, moved first, and a corps' brigades left behind by another
 * corps' move had finished moving: II Corps, committed on turn 3, often moved one of twelve). */
static int nmoved, moved_unit[2 * ROSTER_UNITS];

static bool port_record(void *ctx, const struct action *a, char *err, size_t errlen)
{
	if (!game_apply(ctx, a, err, errlen))
		return false;
	if (a->type == ACT_MOVE && nmoved < (int)(sizeof moved_unit / sizeof *moved_unit))
		moved_unit[nmoved++] = a->unit;
	return true;
}

static void test_moves_by_corps(void **st)
{
	(void)st;
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	assert_int_equal(g.pending.side, SIDE_UNION);
	struct bot_port port = { .g = &g, .apply = port_record, .ctx = &g };
	char err[256];
	nmoved = 0;
	assert_true(general_play(&port, 1, err, sizeof err) > 0);
	int last_committed = -1, first_available = -1, committed = 0, available = 0;
	for (int i = 0; i < nmoved; i++) {
		enum corps c = unit_def(&g, moved_unit[i])->corps;
		if (c == CORPS_I || c == CORPS_XII) {
			last_committed = i;
			committed++;
		} else {
			if (first_available < 0)
				first_available = i;
			available++;
		}
	}
	assert_int_equal(g.corps[CORPS_XII], CORPS_COMMITTED);
	/* I Corps has 13 brigades and XII 9: most of them move, and the Available corps move
	 * up too (24.2D) */
	if (committed < 15 || available < 10)
		fail_msg("moved: %d of I and XII Corps, %d of the Available corps", committed, available);
	if (last_committed > first_available)
		fail_msg("move %d is an Available corps' before move %d, a Committed corps'",
			 first_available, last_committed);
	/* and the corps do not interleave (8.13: the engine would refuse it) */
	unsigned done = 0;
	for (int i = 1; i < nmoved; i++) {
		int was = unit_def(&g, moved_unit[i - 1])->corps, c = unit_def(&g, moved_unit[i])->corps;
		if (c != was)
			done |= 1u << was;
		if (done >> c & 1)
			fail_msg("corps %d moves again at move %d", c, i);
	}
}

/* 8.7.6: over the ground the creek is crossed only at its bridges and fords: across the
 * Middle Bridge (3324/3424) and the ford above the Lower Bridge (2834/2934) a hex; across
 * a creek hexside with neither (3521/3621) the way round by a crossing. */
static void test_ground_distance(void **st)
{
	(void)st;
	const struct map *m = &S->map;
	assert_int_equal(gu_ground_distance(m, 3324, 3424), 1);
	assert_int_equal(gu_ground_distance(m, 2934, 2834), 1);
	assert_int_equal(gu_ground_distance(m, 2836, 2935), 1);
	assert_int_equal(hex_distance(3521, 3621), 1);
	int d = gu_ground_distance(m, 3621, 3521);
	if (d < 5)
		fail_msg("3621 to 3521 over the ground: %d", d);
	assert_int_equal(gu_ground_distance(m, 3521, 3621), d);
	/* on one bank, as the crow flies */
	assert_int_equal(gu_ground_distance(m, 1916, 2321), hex_distance(1916, 2321));
	assert_int_equal(gu_ground_distance(m, 1916, 1916), 0);
	assert_int_equal(gu_ground_distance(m, 1916, HEX_NONE), GU_GROUND_FAR);
}

/* Issue 19's strength: the Union at level 1 against the scripted Confederacy under the
 * two-player rules reaches a Union level (3.5: 25 VP) in at least four of the first five seeds
 * played here (96 of 100 seeds at level 1 on the ground of issue 28, 100 of 100 before it,
 * docs/general.md; before the hexes worth taking were fixed at the decision's start, 19 of
 * 200 at level 1 and none of seeds 1-3). */
static void test_union_level(void **st)
{
	(void)st;
	struct sim_config cfg = { .rules = SIM_TWO_PLAYER };
	char err[256];
	assert_true(sim_player_parse("general:1", SIDE_UNION, cfg.rules, &cfg.player[SIDE_UNION],
				     err, sizeof err));
	assert_true(sim_player_parse("scripted", SIDE_CONFEDERATE, cfg.rules,
				     &cfg.player[SIDE_CONFEDERATE], err, sizeof err));
	static struct sim_game r;
	int union_level = 0;
	for (uint64_t seed = 1; seed <= 5; seed++) {
		if (!sim_play_game(S, &cfg, seed, &r, NULL, NULL, err, sizeof err))
			fail_msg("%s", err);
		if (r.vp2_two >= 50)
			union_level++;
		else
			print_message("seed %llu: %.1f VP (%s)\n", (unsigned long long)seed,
				      r.vp2_two / 2.0, r.level_two);
	}
	assert_true(union_level >= 4);
}

/* Every level is deterministic for a seed (issue 19): the general as both sides under the
 * two-player rules through turn 2, twice, gives the same record and the same game. */
static struct match *played(uint64_t seed, int level)
{
	struct match *m = match_new(S, SETUP_HISTORICAL, seed, NULL);
	assert_non_null(m);
	char err[512];
	while (match_game(m)->turn < 3 && match_game(m)->pending.what != DECISION_GAMEOVER)
		if (match_play_general(m, level, false, err, sizeof err) < 0)
			fail_msg("seed %llu level %d: %s", (unsigned long long)seed, level, err);
	return m;
}

static void test_levels_deterministic(void **st)
{
	(void)st;
	for (int level = 1; level <= GENERAL_LEVELS; level++) {
		struct match *a = played(11, level), *b = played(11, level);
		const struct position_record *ra = match_record(a), *rb = match_record(b);
		assert_true(ra->n > 20);
		assert_int_equal(ra->n, rb->n);
		for (int i = 0; i < ra->n; i++)
			assert_string_equal(ra->action[i], rb->action[i]);
		assert_memory_equal(match_game(a), match_game(b), sizeof(struct game));
		match_free(a);
		match_free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_any_objective),
		cmocka_unit_test(test_all_objective),
		cmocka_unit_test(test_commit_turn1), cmocka_unit_test(test_commit),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_withdraw),
		cmocka_unit_test(test_withdraw_by_turns),
		cmocka_unit_test(test_follow_after),
		cmocka_unit_test(test_moves_by_corps),
		cmocka_unit_test(test_ground_distance),
		cmocka_unit_test(test_reply_danger),
		cmocka_unit_test(test_takes_open_objective),
		cmocka_unit_test(test_union_level),
		cmocka_unit_test(test_levels_deterministic),
	};
	return cmocka_run_group_tests_name("general_union", tests, fx_real_setup, fx_teardown);
}
