/* test_hostile.c — issue 33 ("Nothing lost III") as a hostile or careless user tries it on
 * the program: a file's text reaches the terminal as printable text only (printable.h), the
 * state directory is the player's own, games are not pruned or opened twice, nothing hangs on
 * a FIFO or at the end of input. Each test names the finding it guards (docs/robustness.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "printable.h"

static char tmpdir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/antietam-hostile-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s'; rm -rf '%s'", tmpdir, tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The program with args (shell words) and input on its standard input; standard error
 * joined to the output. */
static char *run(const char *args, const char *input, int *rc)
{
	char a[2048];
	snprintf(a, sizeof a, "%s 2>&1", args);
	return fx_program_run(a, input, rc);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* No byte a terminal acts on: ESC, BEL, any other C0 but the newline, DEL, the C1 controls
 * in UTF-8 (U+0080..U+009F, 0xC2 0x80..0x9F). */
static void assert_printable(const char *what, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p == 0x7f ||
		    (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			fail_msg("%s: byte 0x%02x at %td of:\n%s", what, *p, (const char *)p - s, s);
}

/* ---- no escapes to the terminal ---- */

static void test_printable_filter(void **state)
{
	(void)state;
	char out[64];
	assert_string_equal(text_printable(out, sizeof out, "U12 to 1707"), "U12 to 1707");
	assert_string_equal(text_printable(out, sizeof out, "\x1b]0;owned\x07 x"), "?]0;owned? x");
	assert_string_equal(text_printable(out, sizeof out, "a\tb\r\nc\x7f"), "a b??c?");
	/* C1 CSI in UTF-8, a right-to-left override, a stray byte, an overlong '/' */
	assert_string_equal(text_printable(out, sizeof out, "\xc2\x9b" "2J|\xe2\x80\xae|\xff|\xc0\xaf"),
			    "?2J|?|?|??");
	/* UTF-8 text stays; a cut never splits a character */
	assert_string_equal(text_printable(out, sizeof out, "Dunker Church \xe2\x80\x93 1862"),
			    "Dunker Church \xe2\x80\x93 1862");
	assert_string_equal(text_printable(out, 4, "ab\xe2\x80\x93"), "ab");
	assert_string_equal(text_printable(out, 1, "abc"), "");
}

/* A note of a position file (\xHH in its quotes) set the window title and wrote the
 * clipboard (OSC 0, OSC 52) through --replay and the `replay` command. */
static void test_replay_shows_no_escapes(void **state)
{
	(void)state;
	char path[400], args[600], input[800];
	snprintf(path, sizeof path, "%s/notes.pos", tmpdir);
	snprintf(input, sizeof input, "new historical 1\nend\nsave %s\n", path);
	int rc;
	free(run("--batch", input, &rc));
	assert_int_equal(rc, 0);
	char *text = fx_read_file(path, NULL);
	const char *at = strstr(text, "action \"end\"\n");
	assert_non_null(at);
	at += strlen("action \"end\"\n");
	char *bad = malloc(strlen(text) + 200);
	assert_non_null(bad);
	sprintf(bad, "%.*snote \"\\x1b]0;owned\\x07\\x1b]52;c;cm0gLXJmIH4=\\x07\\xc2\\x9b2J\"\n%s",
		(int)(at - text), text, at);
	write_file(path, bad);
	free(bad);
	free(text);
	snprintf(args, sizeof args, "--replay %s", path);
	char *out = run(args, "", &rc);
	/* 1: the note is logged again, one event more than the file's log-count */
	assert_true(rc == 0 || rc == 1);
	assert_non_null(strstr(out, "?]0;owned??]52;c;cm0gLXJmIH4=??2J"));
	assert_printable("--replay", out);
	free(out);
	snprintf(input, sizeof input, "replay %s\n", path);
	out = run("--batch", input, &rc);
	assert_printable("replay", out);
	assert_non_null(strstr(out, "owned"));
	free(out);
}

/* `--resume list` printed an autosave's turn line as the file had it. */
static void test_resume_list_shows_no_escapes(void **state)
{
	(void)state;
	char dir[400], path[600], args[600];
	snprintf(dir, sizeof dir, "%s/esc-state/antietam", tmpdir);
	snprintf(path, sizeof path, "mkdir -p -m 700 %s/esc-state/antietam", tmpdir);
	assert_int_equal(system(path), 0);
	snprintf(path, sizeof path, "%s/autosave-g1-000001.pos", dir);
	write_file(path, "antietam-position 3\nturn 1 \x1b]0;owned\x07 union movement\nend\n");
	snprintf(args, sizeof args, "XDG_STATE_HOME=%s/esc-state %s --resume list 2>&1", tmpdir,
		 fx_program_path());
	int rc;
	char *out = fx_program_output(args, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "g1"));
	assert_printable("--resume list", out);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printable_filter),
		cmocka_unit_test(test_replay_shows_no_escapes),
		cmocka_unit_test(test_resume_list_shows_no_escapes),
	};
	return cmocka_run_group_tests_name("hostile", tests, setup, teardown);
}
