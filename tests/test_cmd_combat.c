/* test_cmd_combat.c — the golden transcript of the fire, combat and victory commands of
 * --batch (src/cli/cmd_combat.c and the combat sub-decisions): tests/golden/combat.in is run
 * through the program ($ANTIETAM_PROGRAM) on the test data of tests/data/game (a flat map,
 * frozen copies of the counters and charts) and its answers must equal combat.out character
 * for character (PROTOCOL.md's fixed formats). To accept a deliberate change, regenerate the
 * .out file with the same command and read the diff. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static char *slurp(FILE *f)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	assert_non_null(buf);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	buf[len] = 0;
	return buf;
}

static void run_transcript(const char *name)
{
	const char *prog = getenv("ANTIETAM_PROGRAM");
	if (!prog)
		prog = "./antietam";
	char cmd[512], path[256];
	snprintf(cmd, sizeof cmd, "%s --data tests/data/game --batch tests/golden/%s.in 2>&1", prog, name);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	char *got = slurp(p);
	assert_int_equal(pclose(p), 0);
	snprintf(path, sizeof path, "tests/golden/%s.out", name);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char *want = slurp(f);
	fclose(f);
	if (strcmp(got, want) != 0) {
		/* show the first differing line */
		const char *g = got, *w = want;
		int line = 1;
		while (*g && *g == *w) {
			if (*g == '\n')
				line++;
			g++, w++;
		}
		fail_msg("%s: output differs at line %d:\n got: %.80s\nwant: %.80s", name, line, g, w);
	}
	free(got);
	free(want);
}

static void test_combat_transcript(void **state)
{
	(void)state;
	run_transcript("combat");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_combat_transcript),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
