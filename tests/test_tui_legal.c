/* test_tui_legal.c — the terminal game's memory stays flat over a whole game (issue 20): a
 * game watched as the start menu's "Watch the computer general play both sides" plays it
 * (the general at level 2 for both sides through the match layer, the legal list refreshed
 * after each stretch as the front-end does), the list of legal actions sized to need
 * (src/tui/legal.c, in the curses-free libtui.a) and, under the front-end's allocator
 * policy, the heap not keeping the big blocks of a turn once they are freed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/tui/legal.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "match.h"

/* The smallest list that holds n actions and one more, as legal.c sizes it. */
static size_t fit_bytes(int n)
{
	return (size_t)legal_fit(n) * sizeof(struct action);
}

#ifdef __GLIBC__
/* The bytes of the brk heap (in use and free) and of the blocks mapped on their own. */
static size_t heap_arena(void)
{
	return mallinfo2().arena;
}
#endif

static void test_watched_game_flat(void **state)
{
	(void)state;
	legal_memory_policy();
	struct legal_list l;
	assert_true(legal_init(&l));
	struct match *m = match_new(fx_real_scenario(), SETUP_HISTORICAL, 20, NULL);
	assert_non_null(m);
	char err[256];
	int most = 0, stretches = 0;
#ifdef __GLIBC__
	size_t arena_turn1 = 0;
#endif
	while (match_game(m)->pending.what != DECISION_GAMEOVER) {
		assert_true(match_play_general(m, 2, true, err, sizeof err) > 0);
		stretches++;
		assert_true(legal_fill(&l, match_game(m)));
		if (l.n > most)
			most = l.n;
		/* never more than four times the need (a list grown for one big decision is
		 * given back at the next small one) */
		assert_true(legal_bytes(&l) < 4 * fit_bytes(l.n));
		/* the whole list, checked against a fresh one */
		struct action *all = malloc((size_t)(l.n + 1) * sizeof *all);
		assert_non_null(all);
		assert_int_equal(game_legal(match_game(m), all, l.n + 1), l.n);
		free(all);
#ifdef __GLIBC__
		if (match_game(m)->turn == 1)
			arena_turn1 = heap_arena();
#endif
	}
	/* the game offered a movement phase bigger than the first list, so the list grew … */
	assert_true(most >= LEGAL_FIRST);
	/* … and the end-of-game screen holds the smallest list again */
	assert_int_equal(l.cap, LEGAL_FIRST);
	assert_true(match_game(m)->turn >= 11);
#ifdef __GLIBC__
	/* The brk heap after the last turn: the turn-1 heap plus the game's record and events
	 * (under 1 MB for a whole game), not the general's 1.6 MB of scratch nor the 2.6 MB a
	 * grown legal list took (they come from mmap and go back when freed). */
	size_t arena_end = heap_arena();
	fprintf(stderr, "# %d stretches, at most %d legal actions; brk heap %zu KB at turn 1, "
		"%zu KB at the end\n", stretches, most, arena_turn1 >> 10, arena_end >> 10);
	assert_true(arena_end < arena_turn1 + (1u << 20));
	assert_true(arena_end < 3u << 20);
#endif
	match_free(m);
	legal_free(&l);
}

/* A list grown for a big decision shrinks to the need of the next small one. */
static void test_shrinks_to_need(void **state)
{
	(void)state;
	struct legal_list l;
	assert_true(legal_init(&l));
	struct match *m = match_new(fx_real_scenario(), SETUP_HISTORICAL, 7, NULL);
	assert_non_null(m);
	assert_true(legal_fill(&l, match_game(m)));
	int n0 = l.n;
	/* a list far too big, as a movement phase leaves it */
	struct action *big = realloc(l.a, (size_t)LEGAL_FIRST * 64 * sizeof *big);
	assert_non_null(big);
	l.a = big;
	l.cap = LEGAL_FIRST * 64;
	assert_true(legal_fill(&l, match_game(m)));
	assert_int_equal(l.n, n0);
	assert_int_equal(l.cap, legal_fit(n0));
	match_free(m);
	legal_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shrinks_to_need),
		cmocka_unit_test(test_watched_game_flat),
	};
	return cmocka_run_group_tests_name("tui_legal", tests, fx_real_setup, fx_teardown);
}
