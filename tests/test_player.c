/* test_player.c — the one table of players and the one loop of the computer seats
 * (include/player.h) and the match's seats (match_set_seat, match_play_seats): a player
 * added to the table is parsed, listed and seated by the simulator and by the match (the
 * terminal game's and --batch's) alike, and plays the very same game in both; the loop
 * stops where a person must decide or a hook says so; a player that decides nothing is
 * refused, and without keep its stretch is rolled back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

#include "match.h"
#include "general.h"
#include "player.h"
#include "../src/sim/sim.h"

/* A player of the tests' own: the scripted Confederate's choices, each of its turns
 * counted. */
static int passer_turns;

static int play_passer(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		       char *err, size_t errlen)
{
	(void)side, (void)level, (void)rng;
	passer_turns++;
	return bot_confederate_play(port, err, errlen);
}

static const struct player passer = {
	.name = "passer", .about = "the scripted Confederate, counted (a test's player)",
	.seats = PLAYER_SEAT(SIDE_CONFEDERATE, true) | PLAYER_SEAT(SIDE_CONFEDERATE, false),
	.play = play_passer,
};

/* A player that returns at once, having decided nothing. */
static int play_idle(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		     char *err, size_t errlen)
{
	(void)port, (void)side, (void)level, (void)rng, (void)err, (void)errlen;
	return 0;
}

static const struct player idle = {
	.name = "idle", .about = "decides nothing",
	.seats = PLAYER_SEAT(SIDE_UNION, true) | PLAYER_SEAT(SIDE_UNION, false), .play = play_idle,
};

static int setup(void **st)
{
	if (fx_real_setup(st) != 0)
		return -1;
	if (!player_named("passer") && (!player_add(&passer) || !player_add(&idle)))
		return -1;
	return 0;
}

static void test_table(void **st)
{
	(void)st;
	static const char *const shipped[] = { "bot", "scripted", "random", "general" };
	assert_true(player_count() >= 6);
	for (int i = 0; i < 4; i++)
		assert_string_equal(player_at(i)->name, shipped[i]);
	/* the added players come after the table's own, and a name is taken once */
	assert_string_equal(player_at(4)->name, "passer");
	assert_ptr_equal(player_named("passer"), player_at(4));
	assert_null(player_at(player_count()));
	assert_false(player_add(&passer));
	struct player bad = passer;
	bad.name = "pass:er";
	assert_false(player_add(&bad));
	/* parsed as --simulate parses its players, with its messages */
	struct seat s;
	char err[256];
	assert_true(sim_player_parse("passer", SIDE_CONFEDERATE, SIM_SOLITAIRE, &s, err, sizeof err));
	assert_ptr_equal(s.player, player_named("passer"));
	assert_false(player_parse("passer", SIDE_UNION, false, &s, err, sizeof err));
	assert_non_null(strstr(err, "does not play the Union side"));
	assert_false(player_parse("passer:2", SIDE_CONFEDERATE, false, &s, err, sizeof err));
	assert_non_null(strstr(err, "has no levels"));
	assert_false(player_parse("nobody", SIDE_UNION, true, &s, err, sizeof err));
	assert_non_null(strstr(err, "players: bot scripted random general passer idle"));
	char name[PLAYER_NAME_MAX];
	assert_true(player_parse("general:3", SIDE_UNION, false, &s, err, sizeof err));
	seat_name(&s, name, sizeof name);
	assert_string_equal(name, "general:3");
	s.player = NULL;
	seat_name(&s, name, sizeof name);
	assert_string_equal(name, "human");
}

/* The added player plays a whole solitaire game in the simulator and in a match, through
 * the one loop: the same game both times, and the scripted player's game, since it chooses
 * as that one does. */
static void test_added_player_plays_everywhere(void **st)
{
	(void)st;
	static struct game by_sim, by_match, scripted;
	static struct sim_game r;
	char err[512];
	struct sim_config cfg = { .rules = SIM_SOLITAIRE };
	assert_true(sim_player_parse("bot", SIDE_UNION, SIM_SOLITAIRE, &cfg.player[0], err,
				     sizeof err));
	assert_true(sim_player_parse("scripted", SIDE_CONFEDERATE, SIM_SOLITAIRE, &cfg.player[1],
				     err, sizeof err));
	assert_true(sim_play_game(S, &cfg, 5, &r, &scripted, NULL, err, sizeof err));
	assert_true(sim_player_parse("passer", SIDE_CONFEDERATE, SIM_SOLITAIRE, &cfg.player[1],
				     err, sizeof err));
	passer_turns = 0;
	assert_true(sim_play_game(S, &cfg, 5, &r, &by_sim, NULL, err, sizeof err));
	assert_string_equal(r.player_name[SIDE_CONFEDERATE], "passer");
	int sim_turns = passer_turns;
	assert_true(sim_turns > 10);

	struct game_options opt = { .solitaire = true };
	struct match *m = match_new(S, SETUP_HISTORICAL, 5, &opt);
	assert_non_null(m);
	assert_true(match_set_seat(m, SIDE_UNION, player_named("bot"), 1, err, sizeof err));
	assert_true(match_set_seat(m, SIDE_CONFEDERATE, player_named("passer"), 1, err, sizeof err));
	passer_turns = 0;
	assert_true(match_play_seats(m, false, NULL, NULL, err, sizeof err) > 0);
	assert_int_equal(match_game(m)->pending.what, DECISION_GAMEOVER);
	assert_int_equal(passer_turns, sim_turns);
	by_match = *match_game(m);
	/* the match keeps the events the bare game only counts */
	by_match.nlog = by_sim.nlog = scripted.nlog = 0;
	assert_memory_equal(&by_match, &by_sim, sizeof by_sim);
	assert_memory_equal(&by_sim, &scripted, sizeof by_sim);
	match_free(m);
}

/* The seats' hook: counts the stretches, stops after `stop` of them (0: never). */
struct count {
	int stretches, stop;
	enum side last;
};

static bool count_hook(void *ctx, struct match *m, enum side side, int n)
{
	(void)m;
	struct count *c = ctx;
	assert_true(n > 0);
	c->stretches++;
	c->last = side;
	return c->stop == 0 || c->stretches < c->stop;
}

static void test_loop_stops_for_a_person_and_the_hook(void **st)
{
	(void)st;
	char err[256];
	struct game_options opt = { .solitaire = true };
	struct match *m = match_new(S, SETUP_HISTORICAL, 2, &opt);
	assert_non_null(m);
	/* nobody seated: nothing is played */
	assert_int_equal(match_play_seats(m, true, NULL, NULL, err, sizeof err), 0);
	/* the bot's Union plays until Lee (a person) must decide */
	assert_true(match_set_seat(m, SIDE_UNION, player_named("bot"), 1, err, sizeof err));
	struct count c = { 0, 0, SIDE_NONE };
	assert_true(match_play_seats(m, true, count_hook, &c, err, sizeof err) > 0);
	assert_int_equal(c.stretches, 1);
	assert_int_equal(c.last, SIDE_UNION);
	assert_int_equal(match_game(m)->pending.side, SIDE_CONFEDERATE);
	assert_int_equal(match_play_seats(m, true, count_hook, &c, err, sizeof err), 0);
	/* both seats the computer's: the hook stops it after two stretches */
	assert_true(match_set_seat(m, SIDE_CONFEDERATE, player_named("general"), 1, err,
				   sizeof err));
	c = (struct count){ 0, 2, SIDE_NONE };
	int turn = match_game(m)->turn;
	assert_true(match_play_seats(m, true, count_hook, &c, err, sizeof err) > 0);
	assert_int_equal(c.stretches, 2);
	assert_int_equal(c.last, SIDE_UNION);
	assert_true(match_game(m)->turn <= turn + 1);
	/* a person again */
	assert_true(match_set_seat(m, SIDE_CONFEDERATE, NULL, 0, err, sizeof err));
	assert_null(match_seat(m, SIDE_CONFEDERATE)->player);
	match_free(m);
}

static void test_seats_refused(void **st)
{
	(void)st;
	char err[256];
	struct match *m = match_new(S, SETUP_HISTORICAL, 2, NULL);
	assert_non_null(m);
	/* 14.0: the bot is the solitaire game's Union only */
	assert_false(match_set_seat(m, SIDE_UNION, player_named("bot"), 1, err, sizeof err));
	assert_non_null(strstr(err, "14.0"));
	assert_false(match_set_seat(m, SIDE_CONFEDERATE, player_named("bot"), 1, err, sizeof err));
	assert_false(match_set_seat(m, SIDE_UNION, player_named("general"), GENERAL_LEVELS + 1, err,
				    sizeof err));
	assert_non_null(strstr(err, "level"));
	assert_false(match_set_seat(m, SIDE_NONE, player_named("general"), 1, err, sizeof err));
	assert_null(match_seat(m, SIDE_UNION)->player);
	/* a player that decides nothing stops the loop, and without keep changes nothing */
	assert_true(match_play(m, player_named("general"), 1, true, err, sizeof err) > 0);
	assert_true(match_set_seat(m, SIDE_UNION, player_named("idle"), 1, err, sizeof err));
	assert_true(match_set_seat(m, SIDE_CONFEDERATE, player_named("general"), 1, err,
				   sizeof err));
	static struct game before;
	before = *match_game(m);
	int nrec = match_record(m)->n;
	assert_int_equal(match_game(m)->pending.side, SIDE_CONFEDERATE);
	assert_int_equal(match_play_seats(m, false, NULL, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "the idle player decided nothing"));
	assert_memory_equal(match_game(m), &before, sizeof before);
	assert_int_equal(match_record(m)->n, nrec);
	match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_added_player_plays_everywhere),
		cmocka_unit_test(test_loop_stops_for_a_person_and_the_hook),
		cmocka_unit_test(test_seats_refused),
	};
	return cmocka_run_group_tests_name("player", tests, setup, fx_teardown);
}
