/* test_general.c — the computer general (include/general.h): it plays whole turns of either
 * side through the match layer with legal actions only, each with its reason as a note; the
 * same game and level give the same record; its evaluation sees the VP and the steps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "general.h"
#include "match.h"
#include "scenario.h"

static struct scenario *scn;

/* A two-player game of seed played by the general (level) for both sides to turn `to`. */
static struct match *played(uint64_t seed, int level, int to)
{
	struct match *m = match_new(scn, SETUP_HISTORICAL, seed, NULL);
	assert_non_null(m);
	char err[512];
	while (match_game(m)->turn < to && match_game(m)->pending.what != DECISION_GAMEOVER)
		if (match_play_general(m, level, false, err, sizeof err) < 0)
			fail_msg("seed %llu: %s", (unsigned long long)seed, err);
	return m;
}

static void test_deterministic_and_noted(void **st)
{
	(void)st;
	struct match *a = played(5, 1, 3), *b = played(5, 1, 3);
	const struct position_record *ra = match_record(a), *rb = match_record(b);
	assert_true(ra->n > 20);
	assert_int_equal(ra->n, rb->n);
	int noted = 0, attacks = 0, moves = 0;
	for (int i = 0; i < ra->n; i++) {
		assert_string_equal(ra->action[i], rb->action[i]);
		noted += ra->note[i] && !strncmp(ra->note[i], "general: ", 9);
		attacks += !strncmp(ra->action[i], "attack ", 7);
		moves += !strncmp(ra->action[i], "move ", 5);
	}
	assert_int_equal(noted, ra->n); /* every choice says why */
	assert_true(moves > 10);        /* both sides move */
	(void)attacks;
	assert_memory_equal(match_game(a), match_game(b), sizeof(struct game));
	match_free(a);
	match_free(b);
}

static void test_levels_differ(void **st)
{
	(void)st;
	struct match *a = played(7, 1, 2), *b = played(7, 3, 2);
	const struct position_record *ra = match_record(a), *rb = match_record(b);
	bool same = ra->n == rb->n;
	for (int i = 0; same && i < ra->n; i++)
		same = !strcmp(ra->action[i], rb->action[i]);
	assert_false(same); /* the strong level searches more and chooses otherwise */
	match_free(a);
	match_free(b);
}

static void test_evaluation(void **st)
{
	(void)st;
	static struct game g, h;
	game_new(&g, scn, SETUP_HISTORICAL, 1, NULL);
	double u = general_evaluate(&g, SIDE_UNION, NULL);
	double c = general_evaluate(&g, SIDE_CONFEDERATE, NULL);
	/* a Confederate brigade eliminated (3.4: VP for the Union) is good for the Union and bad
	 * for the Confederacy */
	h = g;
	int victim = ROSTER_UNION; /* C1 */
	h.unit[victim].steps = 0;
	h.unit[victim].hex = HEX_NONE;
	assert_true(general_evaluate(&h, SIDE_UNION, NULL) > u);
	assert_true(general_evaluate(&h, SIDE_CONFEDERATE, NULL) < c);
	/* a step lost by a Union brigade is the other way round */
	h = g;
	h.unit[0].steps--;
	assert_true(general_evaluate(&h, SIDE_UNION, NULL) < u);
	assert_true(general_evaluate(&h, SIDE_CONFEDERATE, NULL) > c);
}

/* Each side has its weights: NULL means them; the Confederacy (19.0A: -1 VP a unit lost) fears
 * a unit next to the enemy more than the Union does, and asks more of an attack. */
static void test_side_weights(void **st)
{
	(void)st;
	static struct game g, h;
	game_new(&g, scn, SETUP_HISTORICAL, 1, NULL);
	for (int s = 0; s < 2; s++) {
		enum side me = s ? SIDE_CONFEDERATE : SIDE_UNION;
		const struct general_weights *w =
			s ? &general_confederate_weights : &general_union_weights;
		assert_true(general_evaluate(&g, me, NULL) == general_evaluate(&g, me, w));
	}
	assert_true(general_confederate_weights.attack_min > general_union_weights.attack_min);
	/* a Confederate brigade put next to a Union brigade: worse for the Confederacy, and
	 * worse by its own weights than by the Union's */
	int c = -1, u = -1;
	for (int x = ROSTER_UNION; x < ROSTER_UNITS && c < 0; x++)
		if (game_on_map(&g, x) && game_unit_def(&g, x)->type == UNIT_INFANTRY)
			c = x;
	for (int x = 0; x < ROSTER_UNION && u < 0; x++)
		if (game_on_map(&g, x) && game_unit_def(&g, x)->type == UNIT_INFANTRY)
			u = x;
	assert_true(c >= 0 && u >= 0);
	h = g;
	int near = -1;
	for (int d = 0; d < 6 && near < 0; d++) {
		int n = hex_neighbour(g.unit[u].hex, (enum hex_dir)d);
		if (n != HEX_NONE && hex_distance(n, g.unit[u].hex) == 1)
			near = n;
	}
	assert_true(near != HEX_NONE);
	h.unit[c].hex = near;
	double own = general_evaluate(&h, SIDE_CONFEDERATE, NULL) -
		     general_evaluate(&g, SIDE_CONFEDERATE, NULL);
	double other = general_evaluate(&h, SIDE_CONFEDERATE, &general_union_weights) -
		       general_evaluate(&g, SIDE_CONFEDERATE, &general_union_weights);
	assert_true(own < other);
}

static int setup(void **state)
{
	(void)state;
	char err[512];
	scn = malloc(sizeof *scn);
	if (!scn || !scenario_load(scn, "data", err, sizeof err)) {
		fprintf(stderr, "general: %s\n", err);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(scn);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deterministic_and_noted),
		cmocka_unit_test(test_levels_differ),
		cmocka_unit_test(test_evaluation),
		cmocka_unit_test(test_side_weights),
	};
	return cmocka_run_group_tests_name("general", tests, setup, teardown);
}
