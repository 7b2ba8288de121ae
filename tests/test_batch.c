/* test_batch.c — the --batch protocol as a user runs it: the program is started with
 * commands on standard input and its answers are compared character for character
 * (PROTOCOL.md "Answers"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "fixture_program.h"

/* Run the program with `input` on stdin and extra args; returns its stdout (caller frees)
 * and its exit status in *rc. */
static char *run(const char *args, const char *input, int *rc)
{
	char inpath[] = "/tmp/antietam-batch-XXXXXX";
	int fd = mkstemp(inpath);
	assert_true(fd >= 0);
	FILE *in = fdopen(fd, "w");
	fputs(input, in);
	fclose(in);
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s %s < %s 2>/dev/null", fx_program_path(), args, inpath);
	char *out = fx_program_output(cmd, rc);
	remove(inpath);
	return out;
}

static void test_answers(void **state)
{
	(void)state;
	int rc;
	char *out = run("--batch", "range 2836 2935\n\n# a comment\nrange 1916 2540\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "= 1\n\n= 27\n\n");
	free(out);
}

static void test_errors(void **state)
{
	(void)state;
	int rc;
	char *out = run("--batch", "bogus 1\nrange 4300 1916\nrange 1916\nquit\nrange 1916 1917\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "? unknown command 'bogus' (try 'help')\n\n"
				 "? '4300' is not a hex on the map\n\n"
				 "? usage: range HEX HEX\n\n"
				 "= \n\n");
	free(out);
}

static void test_help_lists_commands(void **state)
{
	(void)state;
	int rc;
	char *out = run("--batch", "help\n", &rc);
	assert_int_equal(rc, 0);
	assert_true(strncmp(out, "= commands:\n", 12) == 0);
	static const char *const required[] = { "help", "quit", "range" };
	for (size_t i = 0; i < sizeof required / sizeof *required; i++) {
		char want[32];
		snprintf(want, sizeof want, "\n%s ", required[i]);
		assert_non_null(strstr(out, want));
	}
	assert_int_equal(strcmp(out + strlen(out) - 2, "\n\n"), 0);
	free(out);
}

static void test_bad_invocation(void **state)
{
	(void)state;
	int rc;
	char *out = run("--batch /nonexistent/commands.txt", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
	out = run("--no-such-flag", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
	out = run("--data /nonexistent --batch", "range 1916 1917\n", &rc);
	assert_int_equal(rc, 2);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_help_lists_commands),
		cmocka_unit_test(test_bad_invocation),
	};
	return cmocka_run_group_tests_name("batch", tests, NULL, NULL);
}
