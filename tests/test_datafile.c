/* test_datafile.c — the shared record reader: version line, comments, fields, errors that
 * name the line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "datafile.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_errors_name_the_line),
	};
	return cmocka_run_group_tests_name("datafile", tests, NULL, NULL);
}
