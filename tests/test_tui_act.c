/* test_tui_act.c — the front-end's reading of engine actions (src/tui/act.c) against the
 * engine itself on the real data: every legal move leads to a hex move_reachable lists (and
 * every reachable hex is some move's destination), every legal fire aims at its target's
 * hex, declarations aim at the defending hex, and hand-made actions of each type read as
 * action_parse builds them. It links the curses-free libtui.a. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "action_text.h"
#include "fixture.h"

#include "../src/tui/act.h"
#include "move.h"
#include "quick.h"
#include "scenario.h"

#define LEGAL_MAX (1 << 16)

static struct action *L;

/* The real scenario (fixture.h) and room for the legal actions. */
static int setup(void **state)
{
	L = malloc(LEGAL_MAX * sizeof *L);
	return L ? fx_real_setup(state) : -1;
}

static int teardown(void **state)
{
	free(L);
	return fx_teardown(state);
}

static void historical(void)
{
	game_new(G, S, SETUP_HISTORICAL, 1, NULL);
	while (G->pending.what == DECISION_COMMITMENT)
		fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_MOVEMENT);
}

/* What the map marks for a selected unit is exactly where the engine lets it go. */
static void test_moves_match_reachable(void **state)
{
	(void)state;
	historical();
	int n = game_legal_first(G, L, LEGAL_MAX);
	assert_true(n > 100 && n < LEGAL_MAX);
	int units = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		static bool marked[HEX_INDEX_COUNT];
		memset(marked, 0, sizeof marked);
		int nmarked = 0;
		for (int i = 0; i < n; i++) {
			if (L[i].type != ACT_MOVE || !act_uses(&L[i], u))
				continue;
			int d = act_dest(G, &L[i]);
			assert_true(hex_valid(d));
			assert_false(act_aims(L[i].type));
			if (!marked[hex_index(d)])
				nmarked++;
			marked[hex_index(d)] = true;
		}
		struct move_dest dest[HEX_INDEX_COUNT];
		int nr = move_reachable(G, u, dest, HEX_INDEX_COUNT, NULL, 0);
		for (int k = 0; k < nr; k++)
			if (!marked[hex_index(dest[k].hex)])
				fail_msg("%s: %04d reachable but no legal move leads there",
					 S->roster.unit[u].id, dest[k].hex);
		assert_int_equal(nr, nmarked);
		units += nr > 0;
	}
	assert_true(units > 20);
}

/* Every legal shot aims at the hex of its target. */
static void test_fire_aims_at_target(void **state)
{
	(void)state;
	historical();
	fx_ok("end"); /* to the artillery fire phase */
	assert_int_equal(G->pending.what, DECISION_ARTILLERY);
	int n = game_legal_first(G, L, LEGAL_MAX);
	int shots = 0;
	for (int i = 0; i < n; i++) {
		if (L[i].type != ACT_FIRE)
			continue;
		assert_true(act_aims(L[i].type));
		assert_true(act_uses(&L[i], L[i].unit));
		assert_int_equal(act_dest(G, &L[i]), G->unit[L[i].target].hex);
		shots++;
	}
	assert_true(shots > 0);
}

/* A declaration aims at the defending hex and is carried out by its attackers. */
static void test_attack_aims_at_defender(void **state)
{
	(void)state;
	historical();
	fx_ok("move U11 2013");
	fx_ok("move U10 2113");
	fx_ok("end");
	fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_COMBAT);
	int n = game_legal_first(G, L, LEGAL_MAX);
	int on2014 = 0;
	for (int i = 0; i < n; i++) {
		if (L[i].type != ACT_ATTACK || act_dest(G, &L[i]) != 2014)
			continue;
		assert_true(act_aims(L[i].type));
		assert_true(act_uses(&L[i], roster_find(&S->roster, "U10")) ||
			    act_uses(&L[i], roster_find(&S->roster, "U11")));
		on2014++;
	}
	assert_true(on2014 > 0);
}

/* Hand-made actions, as action_parse builds them. */
static void test_parsed_actions(void **state)
{
	(void)state;
	historical();
	static const struct { const char *line; int dest; const char *unit; } cases[] = {
		{ "move U12 1707 1708", 1708, "U12" },
		{ "retreat C6 2015 2016 2017", 2017, "C6" },
		{ "advance U10 2014", 2014, "U10" },
		{ "mishap C6 2015", 2015, "C6" },
		{ "attack 2014+2015 U10 U11", 2014, "U11" },
		{ "attack 2014 U10", 2014, "U10" },
		{ "resolve 2014", 2014, NULL },
		{ "breakoff 2014", 2014, NULL },
		{ "support U11", HEX_NONE, "U11" },
		{ "end", HEX_NONE, NULL },
		{ "decline", HEX_NONE, NULL },
		{ "commit IX", HEX_NONE, NULL },
		{ "place U12 1706", 1706, "U12" },
		{ "remove U12", HEX_NONE, "U12" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct action a;
		char err[256];
		if (!action_parse(S, cases[i].line, &a, err, sizeof err))
			fail_msg("'%s': %s", cases[i].line, err);
		if (act_dest(G, &a) != cases[i].dest)
			fail_msg("'%s': dest %d, expected %d", cases[i].line, act_dest(G, &a),
				 cases[i].dest);
		if (cases[i].unit)
			assert_true(act_uses(&a, roster_find(&S->roster, cases[i].unit)));
		assert_false(act_uses(&a, roster_find(&S->roster, "C53")));
	}
	/* fire: the target's hex, wherever it stands now */
	struct action a;
	char err[256];
	assert_true(action_parse(S, "fire U5 C17", &a, err, sizeof err));
	assert_int_equal(act_dest(G, &a), G->unit[roster_find(&S->roster, "C17")].hex);
	assert_false(act_uses(&a, -1));
}

/* The quick set-up (4.2): every legal placement leads to its hex, which is in the unit's
 * zone; a remove goes nowhere (it is done on the unit). */
static void test_place_leads_to_zone(void **state)
{
	(void)state;
	game_new(G, S, SETUP_QUICK, 1, NULL);
	assert_int_equal(G->pending.what, DECISION_SETUP);
	fx_ok("place U1 1604");
	int n = game_legal_first(G, L, LEGAL_MAX);
	int places = 0, removes = 0;
	for (int i = 0; i < n; i++) {
		if (L[i].type == ACT_PLACE) {
			int d = act_dest(G, &L[i]);
			assert_int_equal(d, L[i].target);
			assert_true(map_in_zone(quick_zone(G, L[i].unit), d));
			assert_false(act_aims(L[i].type));
			places++;
		} else if (L[i].type == ACT_REMOVE) {
			assert_int_equal(act_dest(G, &L[i]), HEX_NONE);
			assert_true(act_uses(&L[i], roster_find(&S->roster, "U1")));
			removes++;
		}
	}
	assert_true(places > 100);
	assert_int_equal(removes, 1);
}

/* 11.17.4B: the steps the list says a retreat path costs are the steps the unit loses when
 * the engine carries it out (no friends on the way: no panic roll), elimination included. */
static void test_retreat_loss_as_the_engine_takes_it(void **state)
{
	(void)state;
	game_new(G, S, SETUP_EMPTY, 7, NULL);
	fx_ok("place C32 2415");
	fx_ok("place U1 2515");
	fx_ok("place C1 2616");
	fx_ok("set phase confederate combat");
	fx_ok("attack 2515 C32");
	fx_ok("dice 6");
	fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_RETREAT);
	int u = roster_find(&S->roster, "U1");
	int n = game_legal_first(G, L, LEGAL_MAX);
	assert_true(n > 4);
	int costly = 0;
	for (int i = 0; i < n; i++) {
		assert_int_equal(L[i].type, ACT_RETREAT);
		bool dead;
		int loss = act_retreat_loss(G, &L[i], &dead);
		struct game *g2 = malloc(sizeof *g2);
		assert_non_null(g2);
		*g2 = *G;
		char err[256];
		assert_true(game_apply(g2, &L[i], err, sizeof err));
		assert_int_equal(G->unit[u].steps - g2->unit[u].steps, loss);
		assert_int_equal(dead, g2->unit[u].steps == 0);
		costly += loss > 0;
		free(g2);
	}
	assert_true(costly > 0);
	/* a unit with one step left dies on such a path */
	fx_ok("place U1 2515 1");
	n = game_legal_first(G, L, LEGAL_MAX);
	bool dead = false;
	for (int i = 0; i < n; i++) {
		bool d;
		if (act_retreat_loss(G, &L[i], &d) > 0)
			dead |= d;
	}
	assert_true(dead);
	struct action move = { .type = ACT_MOVE, .unit = u, .n = 1 };
	assert_int_equal(act_retreat_loss(G, &move, NULL), 0);
}

/* The chance of effect a list shows for a declaration is the count of dice that, forced,
 * make the defender lose a step or retreat when the engine resolves it. */
static void test_attack_effect_by_forced_dice(void **state)
{
	(void)state;
	static const char *const setups[][4] = {
		{ "place C32 2415", "place U1 2515", "set phase confederate combat", "attack 2515 C32" },
		{ "place C2 1613", "place U2 1612", "set phase confederate combat", "attack 1612 C2" },
		{ "place U2 1513", "place C32 1613", "set phase union combat", "attack 1613 U2" },
	};
	int sixths[3];
	for (size_t k = 0; k < sizeof setups / sizeof setups[0]; k++) {
		game_new(G, S, SETUP_EMPTY, 7, NULL);
		fx_ok(setups[k][0]);
		fx_ok(setups[k][1]);
		fx_ok(setups[k][2]);
		struct action a;
		char err[256];
		assert_true(action_parse(S, setups[k][3], &a, err, sizeof err));
		int said = act_effect_sixths(G, &a);
		int def = -1, effect = 0;
		for (int i = 0; i < ROSTER_UNITS; i++) /* the defender: the unit attacked */
			if (unit_on_map(G, i) && G->unit[i].hex == a.target)
				def = i;
		assert_true(def >= 0);
		struct game *base = malloc(sizeof *base);
		assert_non_null(base);
		*base = *G;
		for (int d = 1; d <= 6; d++) {
			char dice[16];
			snprintf(dice, sizeof dice, "dice %d", d);
			*G = *base;
			fx_ok(setups[k][3]);
			fx_ok(dice);
			fx_ok("end");
			effect += G->unit[def].steps < base->unit[def].steps ||
				  (G->pending.what == DECISION_RETREAT && G->pending.subject == def);
		}
		free(base);
		assert_int_equal(said, effect);
		sixths[k] = said;
	}
	assert_int_equal(sixths[2], 4); /* 1/0 and 2/0 on dice 1, 2 (the CRT's -1 column) */
	struct action end = { .type = ACT_END, .unit = -1, .target = -1 };
	assert_int_equal(act_effect_sixths(G, &end), -1);
}

/* act_order: the lists show the retreat paths that cost no step first, then the fewest steps
 * (11.17.4B), and among equals the best chance of effect first, otherwise in the order given
 * (stable). Checked on the artillery fire phase of the historical turn 1 (guns with targets
 * at several chances), which must come out reordered or the check proves nothing, and on a
 * retreat with paths of several costs given in reverse, the dearest of which must end up last. */
static void check_order(int *idx, int n)
{
	int *pos = malloc(sizeof *pos * LEGAL_MAX);
	assert_non_null(pos);
	for (int i = 0; i < n; i++)
		pos[idx[i]] = i;
	assert_true(act_order(G, L, idx, n));
	for (int i = 1; i < n; i++) {
		const struct action *p = &L[idx[i - 1]], *q = &L[idx[i]];
		int lp = act_retreat_loss(G, p, NULL), lq = act_retreat_loss(G, q, NULL);
		int ep = act_effect_sixths(G, p), eq = act_effect_sixths(G, q);
		assert_true(lp <= lq);
		if (lp == lq) {
			assert_true(ep >= eq);
			if (ep == eq)
				assert_true(pos[idx[i - 1]] < pos[idx[i]]); /* stable */
		}
	}
	free(pos);
}

static void test_order_best_first(void **state)
{
	(void)state;
	static int idx[LEGAL_MAX];
	historical();
	fx_ok("end"); /* to the artillery fire phase */
	assert_int_equal(G->pending.what, DECISION_ARTILLERY);
	int n = game_legal_first(G, L, LEGAL_MAX), moved = 0;
	for (int i = 0; i < n; i++)
		idx[i] = i;
	check_order(idx, n);
	for (int i = 0; i < n; i++)
		moved += idx[i] != i;
	assert_true(moved > 0);

	game_new(G, S, SETUP_EMPTY, 7, NULL);
	fx_ok("place C32 2415");
	fx_ok("place U1 2515");
	fx_ok("place C1 2716"); /* some paths pass its ZOC, some do not */
	fx_ok("set phase confederate combat");
	fx_ok("attack 2515 C32");
	fx_ok("dice 6");
	fx_ok("end");
	assert_int_equal(G->pending.what, DECISION_RETREAT);
	n = game_legal_first(G, L, LEGAL_MAX);
	for (int i = 0; i < n; i++)
		idx[i] = n - 1 - i;
	check_order(idx, n);
	assert_true(act_retreat_loss(G, &L[idx[0]], NULL) < act_retreat_loss(G, &L[idx[n - 1]], NULL));
}

/* The declarations of a combat phase are listed by what they are likely to come to
 * (act_rank: the defender eliminated or sent back over both rounds, odds_outcome), the best
 * first, and `end` after them; on a board where the first attacker's chance of an effect
 * alone would order them otherwise. */
static void test_order_attacks_by_outcome(void **state)
{
	(void)state;
	static int idx[LEGAL_MAX];
	game_new(G, S, SETUP_EMPTY, 7, NULL);
	static const char *const setup[] = {
		"place C1 2010", "place C2 2011", "place C3 2012", "place U1 1910", "place U2 1911",
		"place U3 1912", "place U4 2110", "place U5 2111", "place U6 2112", "place U7 2009",
		"place U8 2013", "set phase union combat",
	};
	for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
		fx_ok(setup[i]);
	int n = game_legal_first(G, L, LEGAL_MAX), attacks = 0;
	for (int i = 0; i < n; i++) {
		idx[i] = i;
		attacks += L[i].type == ACT_ATTACK;
	}
	assert_true(attacks >= 4);
	assert_true(act_order(G, L, idx, n));
	for (int i = 1; i < n; i++)
		assert_true(act_rank(G, &L[idx[i - 1]]) >= act_rank(G, &L[idx[i]]));
	assert_int_equal(L[idx[n - 1]].type, ACT_END);
	struct combat_outcome o;
	assert_true(act_outcome(G, &L[idx[0]], &o));
	assert_true(o.eliminated + o.retreat > 0.5); /* the best is worth making */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves_match_reachable),
		cmocka_unit_test(test_fire_aims_at_target),
		cmocka_unit_test(test_attack_aims_at_defender),
		cmocka_unit_test(test_parsed_actions),
		cmocka_unit_test(test_place_leads_to_zone),
		cmocka_unit_test(test_retreat_loss_as_the_engine_takes_it),
		cmocka_unit_test(test_attack_effect_by_forced_dice),
		cmocka_unit_test(test_order_best_first),
		cmocka_unit_test(test_order_attacks_by_outcome),
	};
	return cmocka_run_group_tests_name("tui_act", tests, setup, teardown);
}
