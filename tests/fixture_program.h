/* fixture_program.h — running the program itself from a suite: the command line of
 * $ANTIETAM_PROGRAM (./antietam when unset) through the shell, its output read whole, and the
 * golden-transcript check of the --batch suites (tests/golden/NAME.in run on tests/data/game
 * must answer tests/golden/NAME.out character for character, PROTOCOL.md's fixed formats).
 * Header-only and static: every suite is its own program. Include after <cmocka.h>. */
#ifndef ANTIETAM_TEST_FIXTURE_PROGRAM_H
#define ANTIETAM_TEST_FIXTURE_PROGRAM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* The program under test: $ANTIETAM_PROGRAM, or ./antietam when it is unset. */
static inline const char *fx_program_path(void)
{
	const char *prog = getenv("ANTIETAM_PROGRAM");
	return prog ? prog : "./antietam";
}

/* Everything left to read on f, NUL-terminated (to free); fails the test when out of memory. */
static inline char *fx_program_slurp(FILE *f)
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

/* Runs the shell command line `cmd` and returns its standard output (to free), with its exit
 * status in *rc (-1 when it did not exit normally). */
static inline char *fx_program_output(const char *cmd, int *rc)
{
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	char *out = fx_program_slurp(p);
	int st = pclose(p);
	*rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return out;
}

/* Runs tests/golden/NAME.in through --batch on tests/data/game and fails the test, naming the
 * first differing line, unless the program exits 0 having answered tests/golden/NAME.out. */
static inline void fx_program_transcript(const char *name)
{
	char cmd[512], path[256];
	snprintf(cmd, sizeof cmd, "%s --data tests/data/game --batch tests/golden/%s.in 2>&1",
		 fx_program_path(), name);
	int rc;
	char *got = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	snprintf(path, sizeof path, "tests/golden/%s.out", name);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char *want = fx_program_slurp(f);
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

#endif
