/* test_match.c — the match layer (include/match.h): every applied action recorded as its
 * command; undo of the movement phase's moves gives back the very same game and record (the
 * match keeps only the bytes each move changed); undo ends with the phase; the autosave
 * policies save when they should and not otherwise; a computer player's turn goes into the
 * record as plain actions. */
#include <dirent.h>
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

#include "match.h"
#include "paths.h"
#include "scenario.h"

/* The player's bound on the autosaves' bytes, the program's default (paths.h). */
#define BOUND ((long long)PATHS_AUTOSAVE_MB * 1024 * 1024)

static struct action legal[8192];

/* The first legal move of a unit that has not moved yet this phase; false when none. */
static bool some_move(const struct game *g, struct action *out)
{
	int n = game_legal_first(g, legal, 8192);
	for (int i = 0; i < n; i++)
		if (legal[i].type == ACT_MOVE && !(g->unit[legal[i].unit].flags & UF_MOVED)) {
			*out = legal[i];
			return true;
		}
	return false;
}

static void apply_ok(struct match *m, const char *line)
{
	struct action a;
	char err[256];
	if (!action_parse(S, line, &a, err, sizeof err) || !match_apply(m, &a, err, sizeof err))
		fail_msg("'%s': %s", line, err);
}

static void test_undo_gives_back_the_game(void **st)
{
	(void)st;
	struct match *m = match_new(S, SETUP_HISTORICAL, 3, NULL);
	assert_non_null(m);
	apply_ok(m, "end"); /* the commitment step: now the Union movement phase */
	assert_int_equal(match_game(m)->pending.what, DECISION_MOVEMENT);
	static struct game before[3];
	int nrec[3];
	for (int i = 0; i < 3; i++) {
		before[i] = *match_game(m);
		nrec[i] = match_record(m)->n;
		struct action a;
		assert_true(some_move(match_game(m), &a));
		char err[256], text[256];
		assert_true(match_apply(m, &a, err, sizeof err));
		action_format(S, &a, text, sizeof text);
		assert_string_equal(match_record(m)->action[match_record(m)->n - 1], text);
		assert_int_equal(match_undo_count(m), i + 1);
	}
	for (int i = 2; i >= 0; i--) {
		assert_true(match_undo(m));
		assert_memory_equal(match_game(m), &before[i], sizeof before[i]);
		assert_int_equal(match_record(m)->n, nrec[i]);
	}
	assert_false(match_undo(m));
	/* the end of the phase ends what can be taken back */
	struct action a;
	char err[256];
	assert_true(some_move(match_game(m), &a));
	assert_true(match_apply(m, &a, err, sizeof err));
	apply_ok(m, "end");
	assert_int_equal(match_undo_count(m), 0);
	assert_false(match_undo(m));
	match_free(m);
}

static int pos_files(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strstr(e->d_name, ".pos") != NULL && e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void rm_rf(const char *dir)
{
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_autosave_policies(void **st)
{
	(void)st;
	char top[] = "/tmp/antietam-match-XXXXXX";
	assert_non_null(mkdtemp(top));
	char dir[600];
	snprintf(dir, sizeof dir, "%s/antietam", top);
	setenv("XDG_STATE_HOME", top, 1);
	/* at every phase change: a move saves nothing, the end of the phase saves */
	struct match *m = match_new(S, SETUP_HISTORICAL, 4, NULL);
	apply_ok(m, "end");
	match_set_autosave(m, dir, MATCH_AUTOSAVE_PHASE, BOUND);
	struct action a;
	char err[256];
	assert_true(some_move(match_game(m), &a));
	assert_true(match_apply(m, &a, err, sizeof err));
	assert_int_equal(pos_files(dir), 0);
	apply_ok(m, "end");
	assert_true(pos_files(dir) >= 1);
	assert_string_equal(match_autosave_error(m), "");
	match_free(m);
	rm_rf(dir);
	/* after every action */
	m = match_new(S, SETUP_HISTORICAL, 4, NULL);
	match_set_autosave(m, dir, MATCH_AUTOSAVE_EVERY, BOUND);
	apply_ok(m, "end");
	assert_true(pos_files(dir) >= 1);
	match_free(m);
	rm_rf(dir);
	/* deferred (the terminal game draws first, issue 34): nothing written by the action,
	 * the file by match_autosave_due, and nothing when none waits */
	m = match_new(S, SETUP_HISTORICAL, 4, NULL);
	match_set_autosave(m, dir, MATCH_AUTOSAVE_EVERY, BOUND);
	match_defer_autosave(m, true);
	apply_ok(m, "end");
	assert_int_equal(pos_files(dir), 0);
	assert_true(match_autosave_due(m));
	assert_int_equal(pos_files(dir), 1);
	rm_rf(dir);
	assert_true(match_autosave_due(m));
	assert_int_equal(pos_files(dir), 0);
	match_free(m);
	/* off */
	m = match_new(S, SETUP_HISTORICAL, 4, NULL);
	match_set_autosave(m, NULL, MATCH_AUTOSAVE_EVERY, BOUND);
	apply_ok(m, "end");
	assert_int_equal(pos_files(dir), 0);
	match_free(m);
	unsetenv("XDG_STATE_HOME");
	rm_rf(top);
}

static void test_bot_turn_is_plain_actions(void **st)
{
	(void)st;
	struct game_options opt = { .solitaire = true };
	struct match *m = match_new(S, SETUP_HISTORICAL, 6, &opt);
	char err[512];
	int n = match_play_bot(m, false, err, sizeof err);
	assert_true(n > 0);
	const struct position_record *r = match_record(m);
	assert_int_equal(r->n, n);
	for (int i = 0; i < r->n; i++) {
		struct action a;
		assert_true(action_parse(S, r->action[i], &a, err, sizeof err)); /* no `bot` */
		assert_non_null(r->note[i]); /* the rule the bot followed */
	}
	assert_int_equal(match_game(m)->pending.side, SIDE_CONFEDERATE);
	match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_undo_gives_back_the_game),
		cmocka_unit_test(test_autosave_policies),
		cmocka_unit_test(test_bot_turn_is_plain_actions),
	};
	return cmocka_run_group_tests_name("match", tests, fx_real_setup, fx_teardown);
}
