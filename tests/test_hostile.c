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
#include "position.h"
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

/* A data file's error quotes its fields and its path: the loaders' messages (datafile_fail,
 * every loader's) reached the terminal with the file's escapes (session 10: `--data DIR`
 * with a tables.txt: --batch, the terminal game, --map-image; `--simulate --general-weights
 * FILE`). */
static void test_data_errors_show_no_escapes(void **state)
{
	(void)state;
	char dir[400], cmd[1200], path[600];
	snprintf(dir, sizeof dir, "%s/esc-data", tmpdir);
	snprintf(cmd, sizeof cmd, "cp -r data '%s'", dir);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof path, "%s/tables.txt", dir);
	char *tables = fx_read_file(path, NULL);
	char *vp = strstr(tables, "\nvp ");
	assert_non_null(vp);
	char *bad = malloc(strlen(tables) + 64);
	assert_non_null(bad);
	sprintf(bad, "%.*s\nvp\x1b]0;owned\x07\xc2\x9b" "2J%s", (int)(vp - tables), tables,
		vp + 3);
	write_file(path, bad);
	free(bad);
	free(tables);
	static const char *const ways[] = { "--batch", "", "--map-image" };
	for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
		char args[1000];
		snprintf(args, sizeof args, "--data %s %s%s%s", dir, ways[i], i == 2 ? " " : "",
			 i == 2 ? tmpdir : "");
		if (i == 2)
			strcat(args, "/m.png");
		int rc;
		char *out = run(args, "", &rc);
		assert_int_equal(rc, 2);
		if (!strstr(out, "tables.txt:") || !strstr(out, "?]0;owned??2J"))
			fail_msg("%s: %s", args, out);
		assert_printable(args, out);
		free(out);
	}
	/* the general's tunables of --simulate */
	char *general = fx_read_file("data/general.txt", NULL);
	char *line = strstr(general, "\nunion objective ");
	assert_non_null(line);
	char *eol = strchr(line + 1, '\n');
	bad = malloc(strlen(general) + 64);
	assert_non_null(bad);
	sprintf(bad, "%.*s\nunion objective \x1b]52;c;cm0gLXJmIH4=\x07%s", (int)(line - general),
		general, eol);
	snprintf(path, sizeof path, "%s/weights.txt", tmpdir);
	write_file(path, bad);
	free(bad);
	free(general);
	snprintf(cmd, sizeof cmd, "--data data --simulate 1 --general-weights %s --out %s/sim", path,
		 tmpdir);
	int rc;
	char *out = run(cmd, "", &rc);
	assert_int_not_equal(rc, 0);
	if (!strstr(out, "weights.txt:") || !strstr(out, "'?]52;c;cm0gLXJmIH4=?' is not a number"))
		fail_msg("%s", out);
	assert_printable("--general-weights", out);
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

/* ---- one game open twice ---- */

/* Issue 33: a game resumed while it was still open elsewhere (a forgotten terminal) let the
 * stale copy's autosaves become `last` and prune the other's. A game is open for as long as
 * its program autosaves it: --resume refuses it, and a second copy loaded by name autosaves
 * nothing, saying why. */
static void test_game_open_twice(void **state)
{
	(void)state;
	char xdg[200], dir[300], cmd[1500], out1[300], first[400];
	snprintf(xdg, sizeof xdg, "%s/twice", tmpdir);
	snprintf(dir, sizeof dir, "%s/antietam", xdg);
	snprintf(out1, sizeof out1, "%s/one.out", tmpdir);
	/* a game with one autosave, then opened in a session that stays open */
	snprintf(cmd, sizeof cmd, "XDG_STATE_HOME=%s %s --batch >/dev/null 2>&1", xdg,
		 fx_program_path());
	FILE *p = popen(cmd, "w");
	assert_non_null(p);
	fputs("new historical 2\nautosave on\nend\nend\nquit\n", p);
	assert_int_equal(pclose(p), 0);
	/* its id: autosave-ID-000001.pos */
	char ls[400];
	snprintf(ls, sizeof ls, "ls %s | grep '^autosave-'", dir);
	int rc;
	char *id = fx_program_output(ls, &rc);
	assert_int_equal(rc, 0);
	id[strcspn(id, "\n")] = 0;
	snprintf(first, sizeof first, "%s/%s", dir, id);
	memmove(id, id + 9, strlen(id + 9) + 1);
	*strrchr(id, '-') = 0;
	snprintf(cmd, sizeof cmd, "XDG_STATE_HOME=%s %s --batch >%s 2>&1", xdg, fx_program_path(),
		 out1);
	p = popen(cmd, "w");
	assert_non_null(p);
	fprintf(p, "load %s\nautosave on\nend\n", first);
	fflush(p);
	/* wait for its autosave (the game is then marked open) */
	for (int i = 0; i < 200; i++) {
		FILE *f = fopen(out1, "r");
		char text[2000] = "";
		size_t k = f ? fread(text, 1, sizeof text - 1, f) : 0;
		text[k] = 0;
		if (f)
			fclose(f);
		if (strstr(text, "union combat"))
			break;
		usleep(50000);
	}
	/* --resume ID and --resume (`last` names its newest) refuse it */
	const char *args[] = { id, "" };
	for (int i = 0; i < 2; i++) {
		snprintf(cmd, sizeof cmd, "XDG_STATE_HOME=%s TERM=xterm timeout 10 %s --resume %s "
			 "</dev/null 2>&1", xdg, fx_program_path(), args[i]);
		char *out = fx_program_output(cmd, &rc);
		assert_int_equal(rc, 2);
		if (!strstr(out, "is open in another antietam (process ") ||
		    !strstr(out, "open a copy of it as a new game"))
			fail_msg("%s: %s", cmd, out);
		free(out);
	}
	/* a second copy loaded by its file: as the message promises, a new game of its own, with
	 * its own id, autosaved, never over the first */
	char listing[400];
	snprintf(ls, sizeof ls, "ls %s | grep '^autosave-%s-' | tr '\\n' ' '", dir, id);
	char *before = fx_program_output(ls, &rc);
	char input[800];
	snprintf(input, sizeof input, "load %s\nautosave on\nend\n", first);
	setenv("XDG_STATE_HOME", xdg, 1);
	char *out = fx_program_run("--batch 2>&1", input, &rc);
	unsetenv("XDG_STATE_HOME");
	assert_int_equal(rc, 0);
	char *said = strstr(out, "\nautosave: game ");
	if (!said || !strstr(said, "is open in another antietam") ||
	    !strstr(said, "this copy goes on as a new game, ") || strstr(out, "autosave failed"))
		fail_msg("%s", out);
	char copy[POSITION_ID_MAX];
	said = strstr(said, "as a new game, ") + strlen("as a new game, ");
	snprintf(copy, sizeof copy, "%.*s", (int)strcspn(said, " "), said);
	assert_string_not_equal(copy, id);
	free(out);
	char *after = fx_program_output(ls, &rc);
	assert_string_equal(before, after); /* the first game's autosaves as they were */
	free(before);
	free(after);
	snprintf(listing, sizeof listing, "ls %s | grep -c '^autosave-%s-'", dir, copy);
	out = fx_program_output(listing, &rc);
	assert_int_equal(rc, 0);
	assert_true(atoi(out) >= 1);
	free(out);
	/* the copy's autosave opens as that game; the first is still refused */
	snprintf(input, sizeof input, "load %s/autosave-%s-000001.pos\npending\n", dir, copy);
	setenv("XDG_STATE_HOME", xdg, 1);
	out = fx_program_run("--batch 2>&1", input, &rc);
	unsetenv("XDG_STATE_HOME");
	if (rc != 0 || strstr(out, "\n?") || out[0] == '?')
		fail_msg("%s", out);
	free(out);
	snprintf(listing, sizeof listing, "XDG_STATE_HOME=%s TERM=xterm timeout 10 %s --resume %s "
		 "</dev/null 2>&1", xdg, fx_program_path(), id);
	out = fx_program_output(listing, &rc);
	assert_int_equal(rc, 2);
	assert_non_null(strstr(out, "is open in another antietam"));
	free(out);
	fputs("end\nquit\n", p);
	assert_int_equal(pclose(p), 0);
	free(id);
}

/* Issue 33: `autosave on` answered `=` with a directory it could not make; the failures came
 * only later, one autosave at a time. */
static void test_autosave_on_needs_its_directory(void **state)
{
	(void)state;
	char xdg[200], input[100];
	snprintf(xdg, sizeof xdg, "%s/a-file", tmpdir);
	write_file(xdg, "not a directory\n");
	setenv("XDG_STATE_HOME", xdg, 1);
	snprintf(input, sizeof input, "new historical 1\nautosave on\n");
	int rc;
	char *out = fx_program_run("--batch 2>&1", input, &rc);
	unsetenv("XDG_STATE_HOME");
	assert_int_equal(rc, 0);
	if (!strstr(out, "\n\n? ") || !strstr(out, "a-file/antietam: cannot create: Not a directory"))
		fail_msg("%s", out);
	free(out);
}

/* Issue 33: the player's bound on the autosaves held only at the terminal game's start: a
 * --batch session autosaved past it for ever, and --resume list listed what it would remove.
 * It now holds at every autosave (the game autosaving never taken) and at --resume list, and
 * what went is said. Old games of 400 KB each (written as files of that size under autosave
 * names, last saved a day apart) beside a bound of 1 MB. */
static void old_game(const char *dir, const char *id, int days_ago)
{
	char path[400];
	snprintf(path, sizeof path, "%s/autosave-%s-000001.pos", dir, id);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 400 * 1024; i++)
		fputc(i % 64 ? '#' : '\n', f);
	assert_int_equal(fclose(f), 0);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "touch -d '%d days ago' %s", days_ago, path);
	assert_int_equal(system(cmd), 0);
}

static void test_bound_held_at_every_autosave(void **state)
{
	(void)state;
	char xdg[200], dir[300], path[400];
	snprintf(xdg, sizeof xdg, "%s/bound", tmpdir);
	snprintf(dir, sizeof dir, "%s/antietam", xdg);
	assert_int_equal(mkdir(xdg, 0700), 0);
	assert_int_equal(mkdir(dir, 0700), 0);
	old_game(dir, "old1", 3);
	old_game(dir, "old2", 2);
	old_game(dir, "old3", 1);
	setenv("XDG_STATE_HOME", xdg, 1);
	setenv("ANTIETAM_AUTOSAVE_MB", "1", 1);
	int rc;
	char *out = run("--batch", "new historical 1\nautosave on\nend\nend\nquit\n", &rc);
	assert_int_equal(rc, 0);
	/* 1.2 MB and the new game's autosave: the oldest goes, and the answer says so */
	if (!strstr(out, "autosave: the autosaves in ") || !strstr(out, "more than 1 MB") ||
	    !strstr(out, "gone: old1\n"))
		fail_msg("%s", out);
	free(out);
	snprintf(path, sizeof path, "%s/autosave-old1-000001.pos", dir);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof path, "%s/autosave-old2-000001.pos", dir);
	assert_int_equal(access(path, F_OK), 0);
	/* --resume list: an older game come back past the bound goes before the list */
	old_game(dir, "old0", 4);
	out = run("--resume list", "", &rc);
	assert_int_equal(rc, 0);
	if (!strstr(out, "gone: old0\n") || strstr(out, "old0 ") || !strstr(out, "old2") ||
	    !strstr(out, "3 games"))
		fail_msg("%s", out);
	free(out);
	unsetenv("ANTIETAM_AUTOSAVE_MB");
	unsetenv("XDG_STATE_HOME");
}

/* ---- the computer players on a quick set-up begun by hand ---- */

/* Issue 33: with units placed by hand off their 4.3 hexes, the bot and the general placed
 * into a refusal for ever: "? bot: no end to the setup decisions". They now finish the set-up
 * (another hex of the zone, or the hand's units taken back first). */
static void test_partly_placed_quick_setup(void **state)
{
	(void)state;
	int rc;
	char *out = run("--batch", "new quick 1\nplace U1 1604\nplace U2 1605\nbot\n"
			"place C1 1714\nplace C2 1715\ngeneral\nlegal\n", &rc);
	assert_int_equal(rc, 0);
	if (strstr(out, "\n? ") || strstr(out, "no end to the setup"))
		fail_msg("%s", out);
	/* both sides set up: the game has begun, nothing left to place */
	const char *legal = strrchr(out, '=');
	assert_non_null(legal);
	assert_null(strstr(legal, "place "));
	free(out);
	/* the other way round: the general for the Union, the bot cannot play the Confederacy */
	out = run("--batch", "new quick 2\nplace U1 1604\nplace U2 1605\nplace U3 1706\ngeneral\n"
		  "place C1 1714\ngeneral\n", &rc);
	assert_int_equal(rc, 0);
	if (strstr(out, "\n? ") || strstr(out, "no end to the setup"))
		fail_msg("%s", out);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printable_filter),
		cmocka_unit_test(test_replay_shows_no_escapes),
		cmocka_unit_test(test_data_errors_show_no_escapes),
		cmocka_unit_test(test_resume_list_shows_no_escapes),
		cmocka_unit_test(test_game_open_twice),
		cmocka_unit_test(test_autosave_on_needs_its_directory),
		cmocka_unit_test(test_bound_held_at_every_autosave),
		cmocka_unit_test(test_partly_placed_quick_setup),
	};
	return cmocka_run_group_tests_name("hostile", tests, setup, teardown);
}
