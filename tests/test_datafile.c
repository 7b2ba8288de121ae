/* test_datafile.c — the shared record reader: version line, comments, fields, errors that
 * name the line. */
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

#include "datafile.h"
#include "map.h"
#include "scenario.h"
#include "tables.h"

static FILE *text(const char *s)
{
	FILE *f = fmemopen((void *)s, strlen(s), "r");
	assert_non_null(f);
	return f;
}

static void test_records(void **state)
{
	(void)state;
	FILE *f = text("antietam-test 1\n# comment\n\n  a  b\tc # trailing\nhex 1916 n=3\r\nlast");
	struct datafile df;
	assert_true(datafile_open_stream(&df, f, "t.txt", "test", 1));
	assert_int_equal(df.version, 1);
	assert_int_equal(datafile_next(&df), 1);
	assert_int_equal(df.line, 4);
	assert_int_equal(df.nfields, 3);
	assert_string_equal(df.field[0], "a");
	assert_string_equal(df.field[2], "c");
	assert_int_equal(datafile_next(&df), 1);
	int hex, n;
	assert_true(datafile_hex(&df, 1, &hex));
	assert_int_equal(hex, 1916);
	const char *v = datafile_keyval(&df, 2, "n");
	assert_non_null(v);
	assert_string_equal(v, "3");
	assert_int_equal(datafile_next(&df), 1);
	assert_int_equal(df.line, 6);
	assert_string_equal(df.field[0], "last");
	assert_int_equal(datafile_next(&df), 0);
	(void)n;
	datafile_close(&df);
	fclose(f);
}

static void test_errors_name_the_line(void **state)
{
	(void)state;
	struct datafile df;
	FILE *f = text("antietam-test 2\n");
	assert_false(datafile_open_stream(&df, f, "v.txt", "test", 1));
	assert_string_equal(df.err, "v.txt:1: unsupported test format version '2' (this program reads 1 to 1)");
	fclose(f);

	f = text("antietam-other 1\n");
	assert_false(datafile_open_stream(&df, f, "k.txt", "test", 1));
	assert_string_equal(df.err, "k.txt:1: expected first line 'antietam-test VERSION'");
	fclose(f);

	f = text("");
	assert_false(datafile_open_stream(&df, f, "e.txt", "test", 1));
	assert_non_null(strstr(df.err, "e.txt:1: empty file"));
	fclose(f);

	f = text("antietam-test 1\n\nx 4300 7 q=1\n");
	assert_true(datafile_open_stream(&df, f, "f.txt", "test", 1));
	assert_int_equal(datafile_next(&df), 1);
	int v;
	assert_false(datafile_hex(&df, 1, &v));
	assert_non_null(strstr(df.err, "f.txt:3: '4300' is not a hex"));
	assert_false(datafile_int(&df, 2, 1, 6, &v));
	assert_string_equal(df.err, "f.txt:3: 7 out of range 1..6");
	assert_false(datafile_int(&df, 0, 1, 6, &v));
	assert_string_equal(df.err, "f.txt:3: 'x' is not a number");
	assert_null(datafile_keyval(&df, 3, "p"));
	assert_string_equal(df.err, "f.txt:3: expected p=..., found 'q=1'");
	assert_false(datafile_nfields(&df, 5, true));
	assert_string_equal(df.err, "f.txt:3: expected at least 5 fields, found 4");
	fclose(f);

	static const char nul[] = "antietam-test 1\nok\nbad\0line\n";
	f = fmemopen((void *)nul, sizeof nul - 1, "r");
	assert_true(datafile_open_stream(&df, f, "n.txt", "test", 1));
	assert_int_equal(datafile_next(&df), 1);
	assert_int_equal(datafile_next(&df), -1);
	assert_string_equal(df.err, "n.txt:3: NUL byte in text");
	fclose(f);

	char big[DATAFILE_LINE_MAX + 100];
	memset(big, 'a', sizeof big);
	memcpy(big, "antietam-test 1\n", 16);
	big[sizeof big - 1] = 0;
	f = text(big);
	assert_true(datafile_open_stream(&df, f, "l.txt", "test", 1));
	assert_int_equal(datafile_next(&df), -1);
	assert_non_null(strstr(df.err, "l.txt:2: line longer than"));
	fclose(f);

	assert_false(datafile_open(&df, "tests/data/no-such-file.txt", "test", 1));
	assert_non_null(strstr(df.err, "tests/data/no-such-file.txt: cannot open"));
}

/* CR-only line ends (old Mac) are named as such, at line 1 (issue 21 item 11). */
static void test_cr_only_line_ends(void **state)
{
	(void)state;
	struct datafile df;
	FILE *f = text("antietam-test 1\rrec a b\rrec c\r");
	assert_false(datafile_open_stream(&df, f, "mac.txt", "test", 1));
	assert_string_equal(df.err, "mac.txt:1: a carriage return inside a line: the file has "
			    "CR-only line ends (old Mac style); save it with LF (or CRLF) line ends");
	fclose(f);
	/* CRLF is fine */
	f = text("antietam-test 1\r\nrec a b\r\n");
	assert_true(datafile_open_stream(&df, f, "dos.txt", "test", 1));
	assert_int_equal(datafile_next(&df), 1);
	assert_string_equal(df.field[2], "b");
	fclose(f);
}

/* Load path's text with the line starting at `at` and ending before `end` left out: alone
 * (tables.txt), or as `file` of the data directory (map.txt, or tables.txt's version record,
 * which the scenario requires: the charts kept beside it are older). */
static bool load_without(const char *text, size_t at, size_t end, const char *file, char *err,
			 size_t errlen)
{
	size_t n = strlen(text);
	char *t = malloc(n + 1);
	assert_non_null(t);
	memcpy(t, text, at);
	memcpy(t + at, text + end, n - end + 1);
	FILE *f = fmemopen(t, strlen(t), "r");
	assert_non_null(f);
	bool ok;
	if (file) {
		/* the entry edges are required of a scenario to play on (a map alone may lack them):
		 * load the data directory with this map */
		fclose(f);
		/* a directory of this run's own: two test runs at once must not share it */
		char dir[] = "/tmp/antietam-required-XXXXXX", cmd[300], path[sizeof dir + 16];
		assert_non_null(mkdtemp(dir));
		snprintf(cmd, sizeof cmd, "cp -R data/. %s/", dir);
		assert_int_equal(system(cmd), 0);
		snprintf(path, sizeof path, "%s/%s", dir, file);
		FILE *w = fopen(path, "w");
		assert_non_null(w);
		fputs(t, w);
		fclose(w);
		struct scenario *s = malloc(sizeof *s);
		assert_non_null(s);
		ok = scenario_load(s, dir, err, errlen);
		scenario_free(s);
		free(s);
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		assert_int_equal(system(cmd), 0);
		size_t plen = strlen(path);
		if (!ok && !strncmp(err, path, plen))
			memmove(err, "x.txt", 5), memmove(err + 5, err + plen, strlen(err + plen) + 1);
	} else {
		static struct tables out;
		ok = tables_load_stream(&out, f, "x.txt", err, errlen);
		fclose(f);
	}
	free(t);
	return ok;
}

/* Issue 21 item 10: deleting any one record of data/tables.txt, or any `edge` or `objective`
 * record of data/map.txt from the data directory (a map alone may lack them: test maps do),
 * is refused with "path:line: …" or "path: missing …". (Roads, sides and names are the
 * map's content, any of which may go.) */
static void test_required_records(void **state)
{
	(void)state;
	static const struct { const char *path; bool map; } file[] = {
		{ "data/tables.txt", false }, { "data/map.txt", true },
	};
	for (size_t i = 0; i < 2; i++) {
		char *text = fx_read_file(file[i].path, NULL), err[600];
		int line = 0, tried = 0;
		for (size_t at = 0; text[at]; line++) {
			size_t end = at + strcspn(text + at, "\n");
			end += text[end] == '\n';
			const char *p = text + at + strspn(text + at, " \t");
			bool record = line > 0 && *p != '#' && *p != '\n';
			bool required = !file[i].map || !strncmp(p, "edge ", 5) ||
					!strncmp(p, "objective ", 10);
			if (record && required) {
				tried++;
				const char *in_dir = file[i].map ? "map.txt"
						     : !strncmp(p, "charts ", 7) ? "tables.txt" : NULL;
				if (load_without(text, at, end, in_dir, err, sizeof err))
					fail_msg("%s without line %d ('%.*s') loads", file[i].path, line + 1,
						 (int)strcspn(p, "\n"), p);
				if (strncmp(err, "x.txt:", 6) && strncmp(err, "x.txt: missing ", 15))
					fail_msg("%s without line %d: '%s'", file[i].path, line + 1, err);
			}
			at = end;
		}
		assert_true(tried >= (file[i].map ? 2 + 15 : 120)); /* 15 objectives */
		free(text);
	}
}

/* The flat test data (tests/data/game) copied into dir with its map.txt lines that begin
 * with any of the prefixes drop[] left out; scenario_load's answer, its message in err. */
static bool flat_without(const char *dir, const char *const *drop, int ndrop, char *err,
			 size_t errlen)
{
	static const char *const files[] = { "units.txt", "setup-historical.txt", "tables.txt",
					     "general.txt" };
	char path[300], cmd[700];
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(cmd, sizeof cmd, "cp %s/%s %s/", FX_FLAT_DATA, files[i], dir);
		assert_int_equal(system(cmd), 0);
	}
	snprintf(path, sizeof path, "%s/map.txt", FX_FLAT_DATA);
	char *text = fx_read_file(path, NULL);
	snprintf(path, sizeof path, "%s/map.txt", dir);
	FILE *w = fopen(path, "w");
	assert_non_null(w);
	for (const char *line = text; *line;) {
		size_t len = strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
		bool keep = true;
		for (int k = 0; k < ndrop; k++)
			keep = keep && strncmp(line, drop[k], strlen(drop[k])) != 0;
		if (keep)
			fwrite(line, 1, len, w);
		line += len;
	}
	fclose(w);
	free(text);
	struct scenario *s = malloc(sizeof *s);
	assert_non_null(s);
	bool ok = scenario_load(s, dir, err, errlen);
	scenario_free(s);
	free(s);
	return ok;
}

/* Issue 21 item 10: a scenario's map must name the objectives the charts and the victory
 * rules read (3.2 vp keys, 19.0A's, 20.5's): the flat test data, which has them (on the
 * hexes of data/map.txt, Sharpsburg's town), loads; without its objective records, or
 * without one named by each rule, it is refused with "path: missing objective KEY (rule)".
 * A map alone may lack them (map_load of tests/data/map-ok.txt). */
static void test_scenario_needs_objectives(void **state)
{
	(void)state;
	struct scenario *flat = fx_flat_scenario();
	assert_int_equal(flat->map.nobjectives, 15);
	const struct map_objective *town = map_objective(&flat->map, "sharpsburg");
	assert_non_null(town);
	for (int i = 0; i < town->nhexes; i++)
		assert_true(map_hex(&flat->map, town->hexes[i])->town_vp);
	free(flat);

	char dir[] = "/tmp/antietam-objectives-XXXXXX", err[600], want[700];
	assert_non_null(mkdtemp(dir));
	static const struct { const char *drop, *want; } cases[] = {
		{ "objective ", "nicodemus-hill (3.2: the charts give its victory points)" },
		{ "objective west-wood ", "west-wood (3.2: the charts give its victory points)" },
		{ "objective hagerstown-road ", "hagerstown-road (19.0A: the solitaire count reads it)" },
		{ "objective middle-bridge ", "middle-bridge (20.5: a corps objective of the charts)" },
		{ "objective hex-1032 ", "hex-1032 (20.5: a corps objective of the charts)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		if (flat_without(dir, &cases[i].drop, 1, err, sizeof err))
			fail_msg("the flat test data without '%s' loads", cases[i].drop);
		snprintf(want, sizeof want, "%s/map.txt: missing objective %s", dir, cases[i].want);
		assert_string_equal(err, want);
	}
	static const char *const none[] = { "# no line begins so" };
	if (!flat_without(dir, none, 1, err, sizeof err))
		fail_msg("the flat test data copied whole: %s", err);
	char cmd[100];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);

	struct map *m = fx_map_load("tests/data/map-ok.txt");
	assert_null(map_objective(m, "nicodemus-hill"));
	free(m);
}

/* The versions of the data (docs/formats.md, "Versions of the data"): a copy of data/ with
 * one file's line `from` changed to `to` (to NULL: the file removed) is refused with `want`. */
static void versions_refused(const char *file, const char *from, const char *to,
			     const char *want)
{
	char dir[] = "/tmp/antietam-versions-XXXXXX", cmd[400], path[300], err[700];
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof cmd, "cp -R data/. %s/", dir);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if (to) {
		char *text = fx_read_file(path, NULL), *at = strstr(text, from);
		assert_non_null(at);
		FILE *w = fopen(path, "w");
		assert_non_null(w);
		fprintf(w, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
		fclose(w);
		free(text);
	} else
		assert_int_equal(unlink(path), 0);
	struct scenario *s = malloc(sizeof *s);
	assert_non_null(s);
	bool ok = scenario_load(s, dir, err, sizeof err);
	if (ok)
		scenario_free(s);
	free(s);
	char *rel = strstr(err, dir);
	if (ok || !rel || !strstr(err, want))
		fail_msg("%s '%s' -> '%s': %s", file, from, to ? to : "(removed)",
			 ok ? "loads" : err);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_versions_kept(void **state)
{
	(void)state;
	versions_refused("setup-historical.txt", "\nground 3\n", "\nground 2\n",
			 "setup-historical.txt: names ground 2, its map ground 3");
	versions_refused("map-1.txt", "\nground 1\n", "\nground 2\n",
			 "map-1.txt: names ground 2, not 1 (ground 1 of 3");
	versions_refused("setup-historical-2.txt", "\nground 2\n", "\nground 1\n",
			 "setup-historical-2.txt: names ground 1, not 2");
	versions_refused("tables-1.txt", "\ncharts 1\n", "\ncharts 4\n",
			 "tables-1.txt: names charts 4, not 1 (charts 1 of 3");
	versions_refused("map-2.txt", NULL, NULL, "map-2.txt: cannot open");
	versions_refused("tables-1.txt", NULL, NULL, "tables-1.txt: cannot open");
	versions_refused("units-1.txt", NULL, NULL, "units-1.txt: cannot open");
	versions_refused("units.txt", "\norder-of-battle 3\n", "\n",
			 "units.txt: names order-of-battle 1 (none: 1), but");
	versions_refused("map.txt", "\nground 3\n", "\nground 2\n", "names ground 3, its map ground 2");
	versions_refused("map-1.txt", "\nterrain 10 ", "\nterrain 10 x", "map-1.txt:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_cr_only_line_ends),
		cmocka_unit_test(test_required_records),
		cmocka_unit_test(test_scenario_needs_objectives),
		cmocka_unit_test(test_versions_kept),
		cmocka_unit_test(test_errors_name_the_line),
	};
	return cmocka_run_group_tests_name("datafile", tests, NULL, NULL);
}
