/* test_tui_seats.c — the terminal game's seats dialog (src/tui/seats.c, issue 34: the
 * computer takes over) offers the rows of the one table of players (player.h): a person
 * first, then every player that may take the seat under the game's rules, each at each of
 * its levels, in the table's words; a player added to the table is offered like the
 * table's own. Links the terminal game's objects, curses and all, as test_tui_keys does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/tui/tui_internal.h"

static int play_passer(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		       char *err, size_t errlen)
{
	(void)side, (void)level, (void)rng;
	return bot_confederate_play(port, err, errlen);
}

static const struct player passer = {
	.name = "passer", .title = "the passer", .about = "a test's player",
	.seats = PLAYER_SEAT(SIDE_CONFEDERATE, false), .levels = 2, .play = play_passer,
};

/* The choices as their labels, one a line. */
static void labels(const struct game *g, enum side side, char *buf, size_t len)
{
	struct seat s[32];
	int n = seats_choices(g, side, s, 32);
	buf[0] = 0;
	for (int i = 0; i < n; i++) {
		char l[128];
		seats_label(&s[i], l, sizeof l);
		size_t k = strlen(buf);
		snprintf(buf + k, len - k, "%s\n", l);
	}
}

static void test_choices_are_the_table(void **st)
{
	(void)st;
	static struct game g;
	struct game_options two = { 0 }, solo = { .solitaire = true };
	char buf[2048];
	game_new(&g, S, SETUP_HISTORICAL, 1, &two);
	labels(&g, SIDE_UNION, buf, sizeof buf);
	assert_string_equal(buf, "a player at this terminal\nrandom legal play\n"
				 "the computer general, level 1 quick\n"
				 "the computer general, level 2 normal\n"
				 "the computer general, level 3 strong\n"
				 "the computer general, level 4 analysis (slow)\n");
	game_new(&g, S, SETUP_HISTORICAL, 1, &solo);
	labels(&g, SIDE_UNION, buf, sizeof buf);
	assert_string_equal(buf, "a player at this terminal\nthe solitaire Union bot (14-18)\n"
				 "random legal play\n");
	/* a player added to the table: offered where it sits, at its levels */
	assert_true(player_add(&passer));
	labels(&g, SIDE_CONFEDERATE, buf, sizeof buf);
	assert_null(strstr(buf, "the passer"));
	game_new(&g, S, SETUP_HISTORICAL, 1, &two);
	labels(&g, SIDE_CONFEDERATE, buf, sizeof buf);
	assert_non_null(strstr(buf, "the scripted Confederate player\n"));
	assert_non_null(strstr(buf, "the computer general, level 4 analysis (slow)\n"
				    "the passer, level 1\nthe passer, level 2\n"));
	labels(&g, SIDE_UNION, buf, sizeof buf);
	assert_null(strstr(buf, "the passer"));
	/* at most max */
	struct seat s[3];
	assert_int_equal(seats_choices(&g, SIDE_CONFEDERATE, s, 3), 3);
	assert_null(s[0].player);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choices_are_the_table),
	};
	return cmocka_run_group_tests_name("tui_seats", tests, fx_real_setup, fx_teardown);
}
