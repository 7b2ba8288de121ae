/* test_start.c — the scenarios of data/scenarios/ (issue 31, start.h): they load, in order;
 * Mid-Morning's and Early Afternoon's units are 1862's at 9:00 and 13:00 as
 * data/history-hours.txt has them (every unit the seed lists at that hour, at its hex within
 * the moves 7.0 forced and with its steps); The Cornfield's victory hex and box are seed 002's
 * 4.2 through the grid fit; a game begun from each is that position (turn, units, corps,
 * A.P. Hill, VI Corps, control, solitaire objectives), ends on its last turn, and plays to its
 * end with the bot and the general on either side; its position file and record name it and
 * load and replay as it; the loader's errors name file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixture.h"
#include "hex.h"
#include "match.h"
#include "position.h"
#include "scenario.h"
#include "../src/sim/sim_hours.h"
#include "start.h"
#include "victory.h"

static struct sim_hours H;

static int setup(void **st)
{
	if (fx_real_setup(st) != 0)
		return -1;
	char err[512];
	if (!sim_hours_load(&H, S, "data/nbh-grid.txt", "data/history-hours.txt", err,
			    sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static const struct start *named(const char *key)
{
	int n = start_find(S, key);
	assert_true(n > 0);
	return start_of(S, n);
}

static void test_files_load_in_order(void **state)
{
	(void)state;
	assert_int_equal(S->nstarts, 3);
	assert_string_equal(S->start[0].key, "cornfield");
	assert_string_equal(S->start[1].key, "mid-morning");
	assert_string_equal(S->start[2].key, "early-afternoon");
	assert_int_equal(S->start[0].first_turn, 1);
	assert_int_equal(S->start[0].last_turn, 2);
	assert_int_equal(S->start[1].first_turn, 4);  /* 9:00 */
	assert_int_equal(S->start[1].last_turn, 11);
	assert_int_equal(S->start[2].first_turn, 8);  /* 13:00 */
	assert_int_equal(start_find(S, "historical"), 0);
	assert_null(start_of(S, 0));
	assert_null(start_of(S, 4));
}

/* Every unit the seed lists at the moment stands where history-hours.txt says (or as near as
 * 7.0 let the tool put it) with the steps it says. */
static void check_against_hours(const char *key, const char *moment)
{
	const struct start *st = named(key);
	const struct hours_moment *m = sim_hours_moment(&H, moment);
	assert_non_null(m);
	int present = 0, moved = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct hours_unit *h = &m->unit[u];
		const struct start_unit *su = &st->unit[u];
		if (h->state != HOURS_PRESENT)
			continue;
		present++;
		if (su->place != START_ON_MAP || su->steps != h->steps ||
		    hex_distance(su->hex, h->hex) > 2)
			fail_msg("%s: %s at %04d with %d steps, history-hours.txt %s: %04d, %d", key,
				 S->roster.unit[u].id, su->hex, su->steps, moment, h->hex, h->steps);
		moved += su->hex != h->hex;
	}
	assert_true(present >= 20);
	assert_true(moved * 4 < present); /* a few moved by 7.0, not most */
}

static void test_hours_positions(void **state)
{
	(void)state;
	check_against_hours("mid-morning", "0900");
	check_against_hours("early-afternoon", "1300");
	/* the reinforcements as the hour has them (9.1, 9.3) */
	const struct start *mm = named("mid-morning"), *ea = named("early-afternoon");
	int u48 = roster_find(&S->roster, "U48"), c48 = roster_find(&S->roster, "C48");
	assert_int_equal(mm->unit[u48].place, START_OFF);
	assert_int_equal(ea->unit[u48].place, START_ON_MAP);
	assert_int_equal(ea->unit[c48].place, START_OFF);
	assert_false(ea->ap_hill_triggered);
}

/* Seed 002's 4.2: "The player that occupies A21.15 and exclusively has units in the Cornfield
 * wins"; the map area "West of A31.xx, North of Axx.08, East of A7.xx". */
static void test_cornfield_from_seed(void **state)
{
	(void)state;
	const struct start *st = named("cornfield");
	double x, y;
	assert_true(sim_hours_place(&H.grid, "A21.15", &x, &y));
	assert_int_equal(st->hold_hex, sim_hours_snap(x, y));
	assert_string_equal(S->map.objective[st->objective].key, "miller-cornfield");
	assert_true(sim_hours_place(&H.grid, "A7.08", &x, &y));
	assert_int_equal(st->area[0], sim_hours_snap(x, y) / 100);
	assert_true(sim_hours_place(&H.grid, "A31.08", &x, &y));
	assert_int_equal(st->area[2], sim_hours_snap(x, y) / 100);
	/* 4.2's set-up: I Corps, not II or XII Corps, not Early (sent to Stuart), not Colquitt or
	 * Garland */
	const char *in[] = { "U1", "U13", "C1", "C9", "C11", "C23", "C24" };
	const char *out[] = { "U14", "U29", "C7", "C13", "C15", "C48" };
	for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
		int u = roster_find(&S->roster, in[i]);
		assert_int_equal(st->unit[u].place, START_ON_MAP);
		assert_int_equal(st->unit[u].hex, S->roster.historical_hex[u]); /* dawn: 4.3 */
	}
	for (size_t i = 0; i < sizeof out / sizeof *out; i++)
		assert_int_equal(st->unit[roster_find(&S->roster, out[i])].place, START_OUT);
}

static void new_game(struct game *g, const char *key, bool solitaire)
{
	struct game_options opt = { .solitaire = solitaire };
	opt.start = (int8_t)start_find(S, key);
	game_new(g, S, SETUP_HISTORICAL, 5, &opt);
	assert_int_equal(g->opt.start, opt.start);
}

static void test_game_is_the_position(void **state)
{
	(void)state;
	struct game *g = calloc(1, sizeof *g);
	new_game(g, "mid-morning", true);
	const struct start *st = start_game(g);
	assert_int_equal(g->turn, 4);
	assert_int_equal(start_last_turn(g), 11);
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (st->unit[u].place == START_ON_MAP) {
			assert_int_equal(g->unit[u].hex, st->unit[u].hex);
			assert_int_equal(g->unit[u].steps, st->unit[u].steps);
		}
	assert_int_equal(g->corps[CORPS_II], CORPS_COMMITTED);
	assert_int_equal(g->corps[CORPS_XII], CORPS_COMMITTED);
	assert_true(g->solitaire.committed_once & (1u << CORPS_I)); /* withdrawn: 14.4 */
	assert_true(g->hood_released);
	assert_true(g->solitaire.ready);
	/* control of every objective hex as the file gives it */
	for (int i = 0; i < st->ncontrol; i++)
		assert_int_equal(g->control[hex_index(st->control_hex[i])], st->control_side[i]);
	/* the standard game is untouched by the option's absence */
	struct game *h = calloc(1, sizeof *h);
	game_new(h, S, SETUP_HISTORICAL, 5, NULL);
	assert_int_equal(h->turn, 1);
	assert_int_equal(h->opt.start, 0);
	/* a start on another set-up is ignored */
	struct game_options opt = { .start = 2 };
	game_new(h, S, SETUP_EMPTY, 5, &opt);
	assert_int_equal(h->opt.start, 0);
	assert_int_equal(h->turn, 1);
	free(g);
	free(h);
}

static void test_cornfield_victory(void **state)
{
	(void)state;
	struct game *g = calloc(1, sizeof *g);
	new_game(g, "cornfield", false);
	struct victory_count c;
	victory_two_player(g, &c);
	assert_string_equal(c.level, "draw"); /* nobody in 1914 or the Cornfield at dawn */
	const struct start *st = start_game(g);
	int u4 = roster_find(&S->roster, "U4"), c6 = roster_find(&S->roster, "C6");
	g->unit[u4].hex = (int16_t)st->hold_hex;
	g->unit[c6].hex = 1911; /* a Confederate in the Cornfield: not alone */
	victory_two_player(g, &c);
	assert_string_equal(c.level, "draw");
	assert_int_equal(c.vp2, 2 - 2);
	g->unit[c6].hex = HEX_NONE;
	g->unit[roster_find(&S->roster, "U2")].hex = 1911;
	victory_two_player(g, &c);
	assert_string_equal(c.level, "union-victory");
	victory_solitaire(g, &c);
	assert_string_equal(c.level, "union-victory");
	assert_int_equal(c.vp2, -4); /* the Confederacy's count */
	free(g);
}

/* Play g's match to its end: the bot or the general (level 1) for each side. */
static void play_out(const char *key, bool solitaire, bool general_union)
{
	struct game_options opt = { .solitaire = solitaire };
	opt.start = (int8_t)start_find(S, key);
	struct match *m = match_new(S, SETUP_HISTORICAL, 9, &opt);
	assert_non_null(m);
	char err[512];
	for (int guard = 0; guard < 400; guard++) {
		const struct game *g = match_game(m);
		if (g->pending.what == DECISION_GAMEOVER)
			break;
		bool general = g->pending.side == SIDE_CONFEDERATE || general_union;
		int n = general ? match_play_general(m, 1, false, err, sizeof err)
				: match_play_bot(m, false, err, sizeof err);
		if (n < 0)
			fail_msg("%s: %s", key, err);
	}
	const struct game *g = match_game(m);
	assert_int_equal(g->pending.what, DECISION_GAMEOVER);
	assert_int_equal(g->turn, start_last_turn(g));
	match_free(m);
}

static void test_each_plays_to_its_end(void **state)
{
	(void)state;
	for (int i = 1; i <= S->nstarts; i++) {
		play_out(start_of(S, i)->key, true, false);  /* solitaire: the bot, the general as Lee */
		play_out(start_of(S, i)->key, false, true);  /* the general on both sides */
	}
}

static void test_position_names_it(void **state)
{
	(void)state;
	struct game_options opt = { .solitaire = true };
	opt.start = (int8_t)start_find(S, "early-afternoon");
	struct match *m = match_new(S, SETUP_HISTORICAL, 3, &opt);
	char err[512];
	assert_true(match_play_bot(m, false, err, sizeof err) > 0);
	char path[] = "/tmp/test_start_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_true(match_save(m, path, err, sizeof err));
	char *text = fx_read_file(path, NULL);
	assert_non_null(strstr(text, "\noptions mishap=off unleashed=off solitaire=on "
				   "scenario=early-afternoon\n"));
	assert_non_null(strstr(text, "\nstart historical seed=3 mishap=off unleashed=off "
				   "solitaire=on scenario=early-afternoon\n"));
	free(text);
	char notice[256] = "";
	struct match *back = match_load(S, path, notice, sizeof notice, err, sizeof err);
	assert_non_null(back);
	assert_int_equal(match_game(back)->opt.start, opt.start);
	assert_memory_equal(match_game(back), match_game(m), sizeof(struct game));
	/* replayed from its record: the same game */
	const struct position_record *rec = match_record(back);
	struct match *again = match_new(S, rec->setup, rec->seed, &rec->opt);
	for (int i = 0; i < rec->n; i++) {
		struct action a;
		if (!strcmp(rec->action[i], "bot")) {
			assert_true(match_play_bot(again, false, err, sizeof err) >= 0);
			continue;
		}
		assert_true(action_parse(S, rec->action[i], &a, err, sizeof err));
		a.note = rec->note[i]; /* the reasons logged again, as `replay` does */
		assert_true(match_apply(again, &a, err, sizeof err));
	}
	struct game x = *match_game(again), y = *match_game(m);
	x.events = y.events = NULL;
	assert_memory_equal(&x, &y, sizeof x);
	/* a scenario this program does not have is refused with its line */
	text = fx_read_file(path, NULL);
	char *p = strstr(text, "scenario=early-afternoon");
	memcpy(p, "scenario=late-afternoonX", 24);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	free(text);
	assert_null(match_load(S, path, notice, sizeof notice, err, sizeof err));
	assert_non_null(strstr(err, "scenario 'late-afternoonX' is not one of this program's"));
	unlink(path);
	match_free(m);
	match_free(back);
	match_free(again);
}

/* A scenario file with one line changed: the loader's message. */
static void refused(const char *from, const char *to, const char *message)
{
	char *text = fx_read_file("data/scenarios/mid-morning.txt", NULL);
	assert_non_null(text);
	char *p = strstr(text, from);
	assert_non_null(p);
	size_t n = strlen(text) + strlen(to) + 1;
	char *bad = malloc(n);
	snprintf(bad, n, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
	char path[] = "/tmp/test_start_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_true(write(fd, bad, strlen(bad)) == (ssize_t)strlen(bad));
	close(fd);
	static struct start st;
	char err[512];
	if (start_load(&st, S, path, err, sizeof err))
		fail_msg("accepted: %s -> %s", from, to);
	if (!strstr(err, message) || strncmp(err, path, strlen(path)) || err[strlen(path)] != ':')
		fail_msg("'%s' is not '%s: ...%s'", err, path, message);
	unlink(path);
	free(bad);
	free(text);
}

static void test_loader_errors(void **state)
{
	(void)state;
	refused("corps IX available", "corps IX committed", "13.2B: only two corps can be Committed");
	refused("corps VI unavailable", "corps VI available", "13.8");
	refused("unit U48 off", "unit U48 4210 4", "'vi-corps off' keeps VI Corps off the map");
	refused("unit U1 ", "unit U2 ", "U2 given twice");
	refused("unit C23 1717 1", "unit C23 1717 9", "9 out of range 1..4");
	refused("unit C23 1717 1", "unit C23 1716 1", "C24 at 1716: 7.1A"); /* two infantry */
	refused("unit C23 1717 1", "unit C23 off", "not a reinforcement");
	refused("solitaire IX/2 1 hex:2836", "solitaire IX/2 1 ?", "give its hex");
	refused("solitaire II 1 sunken-road", "solitaire II 1 sunken-wood", "not an objective");
	refused("turns 4 11", "turns 4 12", "12 out of range 4..11");
	refused("control 1916 ", "control 1917 ", "control of 1917 given twice");
	refused("key mid-morning", "key quick", "expected 'key NAME'");
	refused("hood released", "hood held", "4.5C");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_files_load_in_order),
		cmocka_unit_test(test_hours_positions),
		cmocka_unit_test(test_cornfield_from_seed),
		cmocka_unit_test(test_game_is_the_position),
		cmocka_unit_test(test_cornfield_victory),
		cmocka_unit_test(test_each_plays_to_its_end),
		cmocka_unit_test(test_position_names_it),
		cmocka_unit_test(test_loader_errors),
	};
	return cmocka_run_group_tests(tests, setup, fx_teardown);
}
