/* test_general_tunables.c — the computer general's tunables as data (issue 32 item 5):
 * data/general.txt read by general_tunables_load (src/data/general_load.c) with every record
 * required and every error naming its file and line, carried by the scenario (today's and
 * every older one) and read by the general. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include "fixture.h"

#include "general.h"
#include "general_tunables.h"
#include "scenario.h"

static char *general_text;  /* data/general.txt */
static char tmp_path[] = "/tmp/antietam-general-XXXXXX";

/* Load text as a file of its own; err with the temporary file's name as "x.txt". */
static bool load_text(const char *text, struct general_tunables *out, char *err, size_t errlen)
{
	FILE *w = fopen(tmp_path, "w");
	assert_non_null(w);
	fputs(text, w);
	fclose(w);
	bool ok = general_tunables_load(out, tmp_path, err, errlen);
	size_t plen = strlen(tmp_path);
	if (!ok && !strncmp(err, tmp_path, plen))
		memmove(err, "x.txt", 5), memmove(err + 5, err + plen, strlen(err + plen) + 1);
	return ok;
}

/* data/general.txt with its first occurrence of `from` replaced by `to`. */
static char *edited(const char *from, const char *to)
{
	const char *at = strstr(general_text, from);
	if (!at)
		fail_msg("data/general.txt has no '%s'", from);
	size_t n = strlen(general_text) - strlen(from) + strlen(to) + 1;
	char *t = malloc(n);
	assert_non_null(t);
	snprintf(t, n, "%.*s%s%s", (int)(at - general_text), general_text, to, at + strlen(from));
	return t;
}

/* The line number in data/general.txt of the first line starting with `start`. */
static int line_of(const char *start)
{
	int line = 1;
	for (const char *p = general_text; *p; p++) {
		if ((p == general_text || p[-1] == '\n') && !strncmp(p, start, strlen(start)))
			return line;
		line += *p == '\n';
	}
	fail_msg("data/general.txt has no line '%s'", start);
	return -1;
}

/* The scenario carries the file's tunables, its older ones the same; the general reads them. */
static void test_loaded_and_carried(void **state)
{
	(void)state;
	struct general_tunables t;
	char err[600];
	assert_true(load_text(general_text, &t, err, sizeof err));
	assert_memory_equal(&t.weights, &S->general.weights, sizeof t.weights);
	assert_memory_equal(&t.level, &S->general.level, sizeof t.level);
	assert_true(t.lee.reach == S->general.lee.reach);
	assert_int_equal(t.union_plan.first, S->general.union_plan.first);
	const struct scenario *oob2 = scenario_oob(S, 2);
	assert_non_null(oob2);
	assert_ptr_not_equal(oob2, S);
	assert_memory_equal(&oob2->general.weights, &S->general.weights, sizeof t.weights);
	static struct game g;
	game_new(&g, S, SETUP_HISTORICAL, 1, NULL);
	assert_ptr_equal(general_weights_of(&g, SIDE_UNION), &S->general.weights[SIDE_UNION]);
	assert_ptr_equal(general_weights_of(&g, SIDE_CONFEDERATE),
			 &S->general.weights[SIDE_CONFEDERATE]);
}

/* One value changed in the text changes that tunable alone: each kind of record reaches its
 * place in the structure. */
static void test_values_reach_their_place(void **state)
{
	(void)state;
	struct general_tunables t;
	char err[600];
	static const struct {
		const char *from, *to;
	} edit[] = {
		{ "\nunion step         0.15", "\nunion step         0.75" },
		{ "\nconfederate keep-away    3.0", "\nconfederate keep-away    7.5" },
		{ "\nlee reach         8", "\nlee reach         5" },
		{ "\nlee guns-clear    no", "\nlee guns-clear    yes" },
		{ "\nunion-plan first           XII", "\nunion-plan first           IX" },
		{ "\ncounter margin  0.3", "\ncounter margin  0.9" },
		{ "\nlevel 3 samples=6  dests=6 candidates=48 playouts=30",
		  "\nlevel 3 samples=6  dests=6 candidates=48 playouts=33" },
	};
	const struct general_tunables *d = &S->general;
	for (size_t i = 0; i < sizeof edit / sizeof edit[0]; i++) {
		char *text = edited(edit[i].from, edit[i].to);
		if (!load_text(text, &t, err, sizeof err))
			fail_msg("'%s': %s", edit[i].to + 1, err);
		free(text);
		bool changed;
		switch (i) {
		case 0: changed = t.weights[SIDE_UNION].step == 0.75 &&
				  t.weights[SIDE_CONFEDERATE].step == d->weights[SIDE_CONFEDERATE].step;
			break;
		case 1: changed = t.weights[SIDE_CONFEDERATE].keep_away == 7.5 &&
				  t.weights[SIDE_UNION].keep_away == d->weights[SIDE_UNION].keep_away;
			break;
		case 2: changed = t.lee.reach == 5 && t.lee.repairs == d->lee.repairs; break;
		case 3: changed = t.lee.guns_clear && !d->lee.guns_clear; break;
		case 4: changed = t.union_plan.first == CORPS_IX && d->union_plan.first == CORPS_XII;
			break;
		case 5: changed = t.counter_margin == 0.9 && t.counter_ratio == d->counter_ratio;
			break;
		default: changed = t.level[2].playouts == 33 && t.level[1].playouts ==
				   d->level[1].playouts && t.level[3].playouts == d->level[3].playouts;
		}
		if (!changed)
			fail_msg("'%s' did not reach its tunable alone", edit[i].to + 1);
	}
}

/* Every record is required: data/general.txt with any one record left out is refused,
 * naming what is missing. */
static void test_every_record_required(void **state)
{
	(void)state;
	struct general_tunables t;
	char err[600];
	int tried = 0;
	for (const char *p = strchr(general_text, '\n') + 1; *p;) {
		size_t len = strcspn(p, "\n");
		if (*p != '#' && len > 0) {
			char *text = malloc(strlen(general_text) + 1);
			assert_non_null(text);
			snprintf(text, strlen(general_text) + 1, "%.*s%s", (int)(p - general_text),
				 general_text, p + len + (p[len] == '\n'));
			char what[64];
			snprintf(what, sizeof what, "%.*s", (int)strcspn(p, " "), p);
			if (load_text(text, &t, err, sizeof err))
				fail_msg("data/general.txt without '%.*s' loads", (int)len, p);
			if (strncmp(err, "x.txt:", 6) || !strstr(err, ": missing ") || !strstr(err, what))
				fail_msg("without '%.*s': %s", (int)len, p, err);
			free(text);
			tried++;
		}
		p += len + (p[len] == '\n');
	}
	assert_true(tried >= 20 + 12 + 2 + 5 + GENERAL_LEVELS);
}

/* Each mistake is refused with its file and line and what is wrong. */
static void test_errors_name_the_line(void **state)
{
	(void)state;
	static const struct {
		const char *from, *to, *line, *want;
	} bad[] = { /* from, to, the line in data/general.txt the mistake is on, the message */
		{ "\nunion step ", "\nunion stepp ", "union step ", "'union' has no tunable 'stepp'" },
		{ "\nunion step ", "\nunoin step ", "union step ", "unknown record 'unoin'" },
		{ "\nunion step         0.15", "\nunion step         0.15x", "union step ",
		  "union step: '0.15x' is not a number" },
		{ "\nunion step         0.15", "\nunion step         nan", "union step ",
		  "union step: 'nan' is not a number" },
		{ "\nunion step         0.15", "\nunion step         150", "union step ",
		  "union step: 150 is out of range (-100 to 100)" },
		{ "\nunion step         0.15", "\nunion step", "union step", "expected 3 fields" },
		{ "\nlee reach         8", "\nlee reach         8.5", "lee reach",
		  "lee reach: '8.5' is not a whole number" },
		{ "\nlee reach         8", "\nlee reach         41", "lee reach",
		  "lee reach: 41 is out of range (0 to 40)" },
		{ "\nlee guns-clear    no", "\nlee guns-clear    0", "lee guns-clear",
		  "lee guns-clear: '0' is neither yes nor no" },
		{ "\nunion-plan first           XII", "\nunion-plan first           X", "union-plan first",
		  "union-plan first: 'X' is not a Union corps" },
		{ "\nunion-plan spent-small     0.7", "\nunion-plan spent-small     1.5",
		  "union-plan spent-small", "union-plan spent-small: 1.5 is out of range (0 to 1)" },
		{ "\nunion-plan large           II,VI", "\nunion-plan large           II,X",
		  "union-plan large", "union-plan large: 'X' is not a Union corps" },
		{ "\nunion-plan large           II,VI", "\nunion-plan large           II,II",
		  "union-plan large", "union-plan large: II given twice" },
		{ "\nunion-plan large           II,VI", "\nunion-plan large           II,,VI",
		  "union-plan large", "union-plan large: 'II,,VI' is not a list of corps" },
		{ "\nunion-plan small           V,XII", "\nunion-plan small           V,XII,",
		  "union-plan small", "union-plan small: 'V,XII,' is not a list of corps" },
		{ "\ncounter ratio   1.5", "\ncounter ratio   1.5\ncounter ratio   2", "counter ratio",
		  "counter ratio given twice (first on line" },
		{ "\nlevel 2 samples=3 ", "\nlevel 2 samples=0 ", "level 2",
		  "level 2 samples: 0 is out of range (1 to 1000)" },
		{ "\nlevel 2 samples=3 ", "\nlevel 2 samples:3 ", "level 2",
		  "level 2: 'samples:3' is not KEY=VALUE" },
		{ "\nlevel 2 samples=3 ", "\nlevel 2 sample=3 ", "level 2",
		  "level 2: no such key 'sample'" },
		{ "\nlevel 2 samples=3 ", "\nlevel 2 samples=3 samples=3 ", "level 2",
		  "level 2 samples given twice" },
		{ "\nlevel 2 samples=3 ", "\nlevel 2 ", "level 2", "level 2: missing samples=" },
		{ "\nlevel 2 ", "\nlevel 5 ", "level 2", "5 out of range 1..4" },
		{ "\nlevel 2 ", "\nlevel 3 ", "level 3", "level 3 given twice (first on line" },
	};
	struct general_tunables t;
	char err[600], want[300];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *text = edited(bad[i].from, bad[i].to);
		/* the line the mistake is on: the edited one (data/general.txt's line `line`), or the
		 * one after it for a record added after it */
		int line = line_of(bad[i].line) + !strcmp(bad[i].line, "counter ratio");
		snprintf(want, sizeof want, "x.txt:%d: ", line);
		bool ok = load_text(text, &t, err, sizeof err);
		free(text);
		if (ok || strncmp(err, want, strlen(want)) || !strstr(err, bad[i].want))
			fail_msg("'%s': %s (wanted '%s%s')", bad[i].to + 1, ok ? "loads" : err, want,
				 bad[i].want);
	}
	/* the withdrawals' turns in order; the version line */
	char *text = edited("\nunion-plan withdraw-until  8", "\nunion-plan withdraw-until  2");
	assert_false(load_text(text, &t, err, sizeof err));
	free(text);
	assert_non_null(strstr(err, "withdraw-until 2 is before withdraw-from 3"));
	/* a corps cannot be both large and small (24.2B) */
	text = edited("\nunion-plan small           V,XII", "\nunion-plan small           V,VI");
	assert_false(load_text(text, &t, err, sizeof err));
	free(text);
	assert_non_null(strstr(err, "a corps is both large and small"));
	text = edited("antietam-general 1", "antietam-general 2");
	assert_false(load_text(text, &t, err, sizeof err));
	free(text);
	assert_non_null(strstr(err, "x.txt:1: "));
	assert_false(general_tunables_load(&t, "tests/data/no-such-general.txt", err, sizeof err));
	assert_non_null(strstr(err, "tests/data/no-such-general.txt: cannot open"));
}

/* scenario_set_general puts other tunables in place for today's scenario and every older
 * one, and the general's evaluation follows them. */
static void test_set_general(void **state)
{
	(void)state;
	struct scenario *s = malloc(sizeof *s);
	assert_non_null(s);
	char err[600];
	assert_true(scenario_load(s, FX_REAL_DATA, err, sizeof err));
	static struct game g;
	game_new(&g, s, SETUP_HISTORICAL, 1, NULL);
	double before = general_evaluate(&g, SIDE_UNION, NULL);
	struct general_tunables t = s->general;
	t.weights[SIDE_UNION].step *= 2;
	scenario_set_general(s, &t);
	assert_true(general_evaluate(&g, SIDE_UNION, NULL) != before);
	assert_true(scenario_oob(s, 2)->general.weights[SIDE_UNION].step ==
		    t.weights[SIDE_UNION].step);
	scenario_free(s);
	free(s);
}

static int setup(void **state)
{
	general_text = fx_read_file("data/general.txt", NULL);
	int fd = mkstemp(tmp_path);
	if (fd < 0)
		return -1;
	close(fd);
	return fx_real_setup(state);
}

static int teardown(void **state)
{
	free(general_text);
	unlink(tmp_path);
	return fx_teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loaded_and_carried),
		cmocka_unit_test(test_values_reach_their_place),
		cmocka_unit_test(test_every_record_required),
		cmocka_unit_test(test_errors_name_the_line),
		cmocka_unit_test(test_set_general),
	};
	return cmocka_run_group_tests_name("general_tunables", tests, setup, teardown);
}
