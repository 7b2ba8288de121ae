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

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include "fixture.h"
#include "general_tunables.h"

static void test_answers(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "range 2836 2935\n\n# a comment\nrange 1916 2540\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "= 1\n\n= 27\n\n");
	free(out);
}

/* 3.2 fn 3 (RECONSTRUCTION.md): a Union unit on 1231 controls three hexes of the road from
 * 1032 to Sharpsburg, not 1032 itself: 6 VP, once; the solitaire count gives the
 * Confederate nothing for that road. */
static void test_road_1032_vp(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "new empty 1\nplace U1 1231\nset phase confederate combat\nend\n"
				   "vp\nvp solitaire\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "= turn 1 union movement\n\n= \n\n= \n\n= union withdrawal\n\n"
				 "= 6 confederate-decisive\n\n= 0 union-decisive\n\n");
	free(out);
}

static void test_errors(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "bogus 1\nrange 4300 1916\nrange 1916\nquit\nrange 1916 1917\n",
				   &rc);
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
	char *out = fx_program_run("--batch 2>/dev/null", "help\n", &rc);
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

/* The seats (issue 34: the computer takes over): `seat` seats a computer player of the one
 * table or gives the side back, refusing what 14.0 and the levels refuse; `play` lets the
 * computer seats decide until the client must; `finish` puts the general on the client's
 * seats and plays to the end. */
static void test_seats(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "new historical 3 solitaire\nseat\nseat union general\n"
				   "seat confederate bot\nseat union random:2\nseat north bot\n"
				   "seat union nobody\nplay\nseat union bot\npending\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out,
		"= turn 1 union movement\n\n"
		"= union human\nconfederate human\n\n"
		"? the general player does not play the Union side under the solitaire rules "
		"(14.0: the solitaire game's Union is the bot)\n\n"
		"? the bot player does not play the Confederate side\n\n"
		"? random:2: the random player has no levels\n\n"
		"? 'north' is no side (union, confederate)\n\n"
		"? unknown player 'nobody' (players: bot scripted random general)\n\n"
		"? the union decides now, and its seat is yours (seat union PLAYER gives it to the "
		"computer)\n\n"
		"= union bot\nconfederate human\n\n"
		"= union commitment\n\n");
	free(out);
	/* the bot's Union plays until Lee must decide, as `bot` would have */
	char *bot = fx_program_run("--batch 2>/dev/null",
				   "new historical 3 solitaire\nbot\npending\n", &rc);
	out = fx_program_run("--batch 2>/dev/null",
			     "new historical 3 solitaire\nseat union bot\nplay\npending\nplay\n"
			     "seat union human\n", &rc);
	assert_int_equal(rc, 0);
	const char *played = strstr(out, "confederate human\n\n");
	assert_non_null(played);
	played += strlen("confederate human\n\n");
	assert_true(strncmp(played, bot + strlen("= turn 1 union movement\n\n"),
			    strlen(bot) - strlen("= turn 1 union movement\n\n")) == 0);
	assert_non_null(strstr(out, "\n\n? the confederate decides now, and its seat is yours"));
	assert_non_null(strstr(out, "\n\n= union human\nconfederate human\n\n"));
	free(bot);
	free(out);
	/* the computer finishes the game: the general on both seats, to the end */
	out = fx_program_run("--batch 2>/dev/null",
			     "new historical 4\nfinish 9\nfinish 1\npending\nseat\nfinish\n"
			     "new historical 4 solitaire\nseat confederate general:1\nfinish 2\n"
			     "pending\nseat\n", &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "= turn 1 union movement\n\n? usage: finish [LEVEL]"));
	assert_non_null(strstr(out, "\n\n= gameover\n\n= union general:1\nconfederate general:1"
			       "\n\n? 5.3: the game is over\n\n"));
	/* solitaire: the Union is the bot (14.0), the computer's seat stays as it was */
	assert_non_null(strstr(out, "\n\n= gameover\n\n= union bot\nconfederate general:1\n\n"));
	free(out);
}

static void test_bad_invocation(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch /nonexistent/commands.txt 2>/dev/null", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
	out = fx_program_run("--no-such-flag 2>/dev/null", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
	out = fx_program_run("--data /nonexistent --batch 2>/dev/null", "range 1916 1917\n", &rc);
	assert_int_equal(rc, 2);
	free(out);
	/* the other modes exit as --batch does when the data files do not load */
	out = fx_program_run("--data /nonexistent --print-oob 2>/dev/null", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
	out = fx_program_run("--data /nonexistent --print-map 2>/dev/null", "", &rc);
	assert_int_equal(rc, 2);
	free(out);
}

/* The terminal game refuses a terminal it cannot draw on, saying why (issue 21 item 11). */
static void test_dumb_terminal_refused(void **state)
{
	(void)state;
	static const struct { const char *env, *want; } term[] = {
		{ "TERM=dumb", "antietam: TERM=dumb cannot place the cursor, which the map needs" },
		{ "TERM=", "antietam: TERM is not set" },
		{ "TERM=no-such-terminal", "antietam: unknown terminal type TERM=no-such-terminal" },
	};
	for (size_t i = 0; i < sizeof term / sizeof *term; i++) {
		char cmd[512];
		snprintf(cmd, sizeof cmd, "%s timeout 10 %s </dev/null 2>&1", term[i].env,
			 fx_program_path());
		int rc;
		char *out = fx_program_output(cmd, &rc);
		assert_int_equal(rc, 2);
		if (strncmp(out, term[i].want, strlen(term[i].want)))
			fail_msg("%s: '%s'", term[i].env, out);
		free(out);
	}
}

/* A client that waits for each answer before sending the next command: every answer,
 * the unknown command's too, arrives while standard input is still open (issue 21 item 7). */
static void test_every_answer_flushed(void **state)
{
	(void)state;
	int in[2], out[2];
	assert_int_equal(pipe(in), 0);
	assert_int_equal(pipe(out), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 2);
		close(in[1]);
		close(out[0]);
		execl("/bin/sh", "sh", "-c", "exec \"$0\" --batch", fx_program_path(), (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	static const struct { const char *send, *want; } turn[] = {
		{ "bogus 1\n", "? unknown command 'bogus' (try 'help')\n\n" },
		{ "range 1916\n", "? usage: range HEX HEX\n\n" },
		{ "range 1916 2540\n", "= 27\n\n" },
		{ "new historical 3\n", "= turn 1 union movement\n\n" },
		{ "nonsense\n", "? unknown command 'nonsense' (try 'help')\n\n" },
	};
	for (size_t i = 0; i < sizeof turn / sizeof *turn; i++) {
		assert_int_equal(write(in[1], turn[i].send, strlen(turn[i].send)),
				 (ssize_t)strlen(turn[i].send));
		char got[256];
		size_t len = 0, want = strlen(turn[i].want);
		while (len < want) {
			struct pollfd p = { out[0], POLLIN, 0 };
			if (poll(&p, 1, 10000) != 1)
				fail_msg("no answer to '%.*s' within 10 s (got '%.*s')",
					 (int)strcspn(turn[i].send, "\n"), turn[i].send, (int)len, got);
			ssize_t n = read(out[0], got + len, want - len);
			assert_true(n > 0);
			len += (size_t)n;
		}
		got[len] = 0;
		assert_string_equal(got, turn[i].want);
	}
	close(in[1]);
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(out[0]);
}

/* A line over the limit is refused whole: nothing of it runs (issue 21 item 9). */
static void test_long_line_refused(void **state)
{
	(void)state;
	size_t pad = 4090;
	char *input = malloc(pad + 512);
	assert_non_null(input);
	int n = sprintf(input, "new historical 3\nend\nunit U12\nmove U12 1707");
	memset(input + n, ' ', pad);
	sprintf(input + n + pad, "1606\nunit U12\nrange 1916 2540\n");
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null", input, &rc);
	assert_int_equal(rc, 0);
	/* the answers: new, end (13.1: now U12 may move to 1707), unit, the refusal, unit (the
	 * same as before), range */
	char *a = strstr(strstr(out, "\n\n") + 2, "\n\n") + 2;
	char *b = strstr(a, "\n\n") + 2;
	char before[512];
	snprintf(before, sizeof before, "%.*s", (int)(b - a), a);
	const char *want = "? line too long (4107 characters, at most 4095): nothing done\n\n";
	assert_int_equal(strncmp(b, want, strlen(want)), 0);
	char *after = b + strlen(want);
	assert_int_equal(strncmp(after, before, strlen(before)), 0);
	assert_string_equal(after + strlen(before), "= 27\n\n");
	free(out);
	free(input);
}

/* Issue 21 item 8: a FIFO given where the program reads a file is refused at once, with
 * exit 2 and the reason (timeout ends a regression that would block: exit 124). The
 * --batch FILE of commands is a stream and may be one (a client's named pipe). */
static void test_fifo_refused(void **state)
{
	(void)state;
	char dir[] = "/tmp/antietam-fifo-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char cmd[2048], path[256];
	snprintf(cmd, sizeof cmd,
		 "cd %s && mkfifo pipe && mkdir -p data state/antietam && cp \"$OLDPWD\"/data/*.txt data/ "
		 "&& rm data/tables.txt && mkfifo data/tables.txt && mkfifo state/antietam/last", dir);
	assert_int_equal(system(cmd), 0);
	static const char *const args[] = {
		"--data data --replay %s/pipe", "--data data %s/pipe", "--data %s/data --print-oob",
		"--data %s/data --batch /dev/null",
	};
	for (size_t i = 0; i < sizeof args / sizeof *args; i++) {
		char a[512];
		fx_with_dir(a, sizeof a, args[i], dir);
		snprintf(cmd, sizeof cmd, "timeout 10 %s %s </dev/null 2>&1", fx_program_path(), a);
		int rc;
		char *out = fx_program_output(cmd, &rc);
		if (rc != 2 && !(i == 2 && rc == 0))
			fail_msg("antietam %s: exit %d: %s", a, rc, out);
		if (i != 2 && !strstr(out, "FIFO (named pipe), not a regular file"))
			fail_msg("antietam %s: %s", a, out);
		free(out);
	}
	snprintf(path, sizeof path, "%s/state", dir);
	snprintf(cmd, sizeof cmd, "XDG_STATE_HOME=%s timeout 10 %s --data data --resume </dev/null 2>&1",
		 path, fx_program_path());
	int rc;
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 2);
	assert_non_null(strstr(out, "last: cannot read: it is a FIFO"));
	free(out);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* Issue 33: a seed too large for 64 bits is refused by `new` as by `seed` (it played seed
 * 2^64-1), and the largest one is taken. */
static void test_seed_overflow_refused(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "new historical 99999999999999999999999\n"
				   "new historical 18446744073709551616\n"
				   "new historical 18446744073709551615\n"
				   "seed 18446744073709551616\n", &rc);
	assert_int_equal(rc, 0);
	const char *why = " is not a seed (a whole number 0 to 18446744073709551615)\n\n";
	char want[1024];
	snprintf(want, sizeof want, "? '99999999999999999999999'%s? '18446744073709551616'%s"
		 "= turn 1 union movement\n\n? '18446744073709551616'%s", why, why, why);
	assert_string_equal(out, want);
	free(out);
}

/* Issue 33, numbers checked: `general LEVEL` takes one digit, 1 to GENERAL_LEVELS (sscanf's
 * %ld took `general 1x` for 1 and `general +2` for 2). */
static void test_general_level_checked(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--batch 2>/dev/null",
				   "new historical 1\ngeneral 1x\ngeneral +2\ngeneral 0\n"
				   "general 18446744073709551617\n", &rc);
	assert_int_equal(rc, 0);
	char usage[128], want[1024];
	snprintf(usage, sizeof usage, "? usage: general [LEVEL]   (LEVEL 1-%d, 2 when left out)\n\n",
		 GENERAL_LEVELS);
	snprintf(want, sizeof want, "= turn 1 union movement\n\n%s%s%s%s", usage, usage, usage,
		 usage);
	assert_string_equal(out, want);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_road_1032_vp),
		cmocka_unit_test(test_help_lists_commands),
		cmocka_unit_test(test_seats),
		cmocka_unit_test(test_bad_invocation),
		cmocka_unit_test(test_every_answer_flushed),
		cmocka_unit_test(test_long_line_refused),
		cmocka_unit_test(test_fifo_refused),
		cmocka_unit_test(test_seed_overflow_refused),
		cmocka_unit_test(test_general_level_checked),
		cmocka_unit_test(test_dumb_terminal_refused),
	};
	return cmocka_run_group_tests_name("batch", tests, NULL, NULL);
}
