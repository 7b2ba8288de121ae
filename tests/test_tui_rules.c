/* test_tui_rules.c — the rules reference (src/tui/rules.c): data/rules.txt loads, every
 * rule a refusal or the decisions cite finds a summary (its own or its section's), rule
 * numbers are found in messages, and broken files are refused with file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../src/tui/rules.h"

static struct rules *R;

static int setup(void **state)
{
	(void)state;
	char err[512];
	R = malloc(sizeof *R);
	if (!R || !rules_load(R, "data/rules.txt", err, sizeof err)) {
		print_error("%s\n", R ? err : "out of memory");
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(R);
	return 0;
}

static void test_data_loads(void **state)
{
	(void)state;
	assert_true(R->n > 50);
	int terms = 0;
	for (int i = 0; i < R->n; i++) {
		assert_true(R->entry[i].nlines > 0);
		assert_true(R->entry[i].title[0] != 0);
		terms += R->entry[i].term;
	}
	/* the glossary the issue asks for */
	static const char *const glossary[] = { "CRT", "break-off", "STR", "EZOC", "glyphs" };
	for (size_t i = 0; i < sizeof glossary / sizeof glossary[0]; i++) {
		const struct rules_entry *e = rules_find(R, glossary[i]);
		assert_non_null(e);
		assert_true(e->term);
	}
	assert_true(terms >= 5);
	assert_non_null(rules_find(R, "ezoc")); /* terms case-insensitively */
}

/* A paragraph falls back on its subsection, then its section. */
static void test_find_falls_back(void **state)
{
	(void)state;
	assert_string_equal(rules_find(R, "11.17.4B")->key, "11.17.4");
	assert_string_equal(rules_find(R, "11.17.3F")->key, "11.17");
	assert_string_equal(rules_find(R, "11.1B")->key, "11.1");
	assert_string_equal(rules_find(R, "11.9A2")->key, "11.9");
	assert_string_equal(rules_find(R, "6.3A")->key, "6.3");
	assert_string_equal(rules_find(R, "8.8.2D")->key, "8.8");
	assert_string_equal(rules_find(R, "13.3E")->key, "13.3");
	assert_string_equal(rules_find(R, "20.1")->key, "20.1");
	assert_null(rules_find(R, "99.1"));
	assert_null(rules_find(R, "nonsense"));
	/* every rule the engine's refusals and the decisions cite (sampled across the book) */
	static const char *const cited[] = {
		"3.3A", "4.1B", "4.2A", "4.5C", "4.6", "5.3", "6.1", "6.2A", "6.3A", "6.5", "7.1",
		"7.2A", "8.1C", "8.2D", "8.4", "8.7.4", "8.7.5B", "8.8.3", "8.9A", "8.10", "8.12B",
		"8.13", "8.14A", "9.1B", "9.2E", "9.3D", "10.1A", "10.2A", "10.3A", "10.4", "10.5B",
		"10.6.1A", "10.7C", "10.7D", "10.8A", "10.9", "11.1A", "11.2B", "11.3B", "11.4C",
		"11.5A", "11.5E", "11.6A", "11.9A1", "11.10B", "11.11", "11.12B", "11.14B",
		"11.15B", "11.17.1A", "11.17.6C", "11.18A", "11.19B", "12.0", "13.1", "13.2C",
		"13.3B", "13.4A", "13.5", "13.6D", "13.7C", "19.0", "20.3",
	};
	for (size_t i = 0; i < sizeof cited / sizeof cited[0]; i++)
		if (!rules_find(R, cited[i]))
			fail_msg("no summary for %s", cited[i]);
}

static void test_scan(void **state)
{
	(void)state;
	char k[16][RULES_KEY_W];
	int n = rules_scan("11.1B: U3 (1712) must be attacked; 6.1-6.2 and 11.1B again, "
			   "hex 2515, 4 in 6 (67%), column 2:1", k, 16);
	assert_int_equal(n, 3);
	assert_string_equal(k[0], "11.1B");
	assert_string_equal(k[1], "6.1");
	assert_string_equal(k[2], "6.2");
	n = rules_scan("retreat into an enemy ZOC (11.17.4B), 10.6.1A.", k, 16);
	assert_int_equal(n, 2);
	assert_string_equal(k[0], "11.17.4B");
	assert_string_equal(k[1], "10.6.1A");
	assert_int_equal(rules_scan("no rule here: 1712 2:1 +2", k, 16), 0);
}

static void refused(const char *path, const char *want)
{
	struct rules *r = malloc(sizeof *r);
	assert_non_null(r);
	char err[256];
	assert_false(rules_load(r, path, err, sizeof err));
	if (!strstr(err, want))
		fail_msg("%s: '%s' lacks '%s'", path, err, want);
	assert_int_equal(r->n, 0);
	free(r);
}

static void test_bad_files(void **state)
{
	(void)state;
	refused("tests/data/rules-bad-version.txt", "rules-bad-version.txt:1: expected 'antietam-rules 1'");
	refused("tests/data/rules-bad-line.txt", "rules-bad-line.txt:4: expected 'rule NUMBER TITLE'");
	refused("tests/data/rules-no-text.txt", "rules-no-text.txt:2: entry without text");
	refused("tests/data/rules-twice.txt", "rules-twice.txt:4: entry given twice");
	refused("tests/data/rules-bad-number.txt", "rules-bad-number.txt:2: not a rule number");
	refused("tests/data/no-such-rules.txt", "no-such-rules.txt: cannot open");
	/* issue 33: a FIFO as rules.txt blocked the terminal game's start for ever */
	char dir[] = "/tmp/antietam-rules-XXXXXX", fifo[64];
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof fifo, "%s/rules.txt", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	alarm(20); /* a regression blocks: end the suite instead */
	refused(fifo, "rules.txt: cannot read: it is a FIFO (named pipe), not a regular file");
	alarm(0);
	assert_int_equal(unlink(fifo), 0);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data_loads),
		cmocka_unit_test(test_find_falls_back),
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_bad_files),
	};
	return cmocka_run_group_tests_name("tui_rules", tests, setup, teardown);
}
