/* test_match_events.c — the events of a match (issue 15: they live beside struct game, in
 * the match's record): game_apply_events numbers them as the game counts them and adds none
 * for a refused action, game_apply only counts them, undo takes a move's events back, and a
 * saved match opens with its newest events. On the real data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "action_text.h"
#include "fixture.h"

#include "event_text.h"
#include "match.h"
#include "move.h"


static const struct event_log *events(const struct match *m)
{
	return &match_record(m)->events;
}

/* The sentence of event k of m. */
static const char *say(const struct match *m, int k)
{
	static char text[EVENT_TEXT_MAX];
	const struct game_event *e = event_log_at(events(m), k);
	assert_non_null(e);
	event_format(S, e, text, sizeof text);
	return text;
}

/* End the steps before the Union's movement (commitment …), then a legal move of the first
 * Union unit that has one into a. */
static void first_move(struct match *m, struct action *a)
{
	char err[256];
	struct action end = { .type = ACT_END, .unit = -1, .target = -1 };
	for (int i = 0; i < 8 && match_game(m)->pending.what != DECISION_MOVEMENT; i++)
		assert_true(match_apply(m, &end, err, sizeof err));
	const struct game *g = match_game(m);
	for (int u = 0; u < ROSTER_UNION; u++) {
		struct move_dest d[8];
		if (move_reachable(g, u, d, 8, NULL, 0) > 0) {
			memset(a, 0, sizeof *a);
			a->type = ACT_MOVE;
			a->unit = u;
			a->target = -1;
			a->n = 1;
			a->hex[0] = d[0].hex;
			return;
		}
	}
	fail_msg("no Union unit can move");
}

static void test_numbering_and_refusal(void **state)
{
	(void)state;
	struct match *m = match_new(S, SETUP_HISTORICAL, 5, NULL);
	assert_non_null(m);
	const struct game *g = match_game(m);
	/* the start's events are there, numbered from 0, as many as the game counts */
	assert_true(g->nlog > 0);
	assert_int_equal(events(m)->first, 0);
	assert_int_equal(event_log_end(events(m)), g->nlog);
	assert_string_equal(say(m, 0), "new game, historical set-up, seed 5");
	assert_null(g->events); /* struct game keeps none of them */
	/* a refused action adds nothing */
	int before = g->nlog;
	struct action bad = { .type = ACT_FIRE, .unit = 0, .target = ROSTER_UNION };
	char err[256];
	assert_false(match_apply(m, &bad, err, sizeof err));
	assert_int_equal(g->nlog, before);
	assert_int_equal(event_log_end(events(m)), before);
	/* a move adds its event, with its note first */
	struct action a;
	first_move(m, &a);
	before = g->nlog;
	a.note = "a reason\nanother";
	assert_true(match_apply(m, &a, err, sizeof err));
	assert_int_equal(event_log_end(events(m)), g->nlog);
	assert_string_equal(say(m, before), "a reason");
	assert_string_equal(say(m, before + 1), "another");
	assert_int_equal(event_log_at(events(m), before + 2)->kind, EVENT_MOVE);
	assert_int_equal(event_log_at(events(m), before + 2)->unit, a.unit);
	/* game_apply alone counts the same events and keeps none */
	struct game bare;
	game_new(&bare, S, SETUP_HISTORICAL, 5, NULL);
	const struct position_record *rec = match_record(m);
	for (int i = 0; i < rec->n; i++) {
		struct action b;
		assert_true(action_parse(S, rec->action[i], &b, err, sizeof err));
		b.note = rec->note[i];
		assert_true(game_apply(&bare, &b, err, sizeof err));
	}
	assert_int_equal(bare.nlog, g->nlog);
	assert_int_equal(memcmp(&bare, g, sizeof bare), 0);
	match_free(m);
}

static void test_undo_and_files(void **state)
{
	(void)state;
	struct match *m = match_new(S, SETUP_HISTORICAL, 9, NULL);
	assert_non_null(m);
	const struct game *g = match_game(m);
	char err[256];
	struct action a;
	first_move(m, &a);
	int start = g->nlog;
	assert_true(match_apply(m, &a, err, sizeof err));
	assert_true(event_log_end(events(m)) > start);
	assert_true(match_undo(m));
	assert_int_equal(g->nlog, start);
	assert_int_equal(event_log_end(events(m)), start);
	/* saved and opened: the same events, typed, numbered as before */
	assert_true(match_apply(m, &a, err, sizeof err));
	char path[] = "/tmp/antietam-match-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_true(match_save(m, path, err, sizeof err));
	struct match *back = match_load(S, path, NULL, 0, err, sizeof err);
	if (!back)
		fail_msg("%s", err);
	const struct event_log *l1 = events(m), *l2 = events(back);
	assert_int_equal(match_game(back)->nlog, g->nlog);
	assert_int_equal(event_log_end(l2), g->nlog);
	assert_int_equal(l2->first, g->nlog > POSITION_EVENTS ? g->nlog - POSITION_EVENTS : 0);
	for (int k = l2->first; k < event_log_end(l2); k++)
		assert_int_equal(memcmp(event_log_at(l1, k), event_log_at(l2, k),
					sizeof(struct game_event)), 0);
	unlink(path);
	match_free(back);
	match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbering_and_refusal),
		cmocka_unit_test(test_undo_and_files),
	};
	return cmocka_run_group_tests(tests, fx_real_setup, fx_teardown);
}
