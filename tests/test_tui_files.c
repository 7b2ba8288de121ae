/* test_tui_files.c — the save and load prompts' file names (src/tui/files.c) in a
 * directory made for the test: the position files listed sorted, Tab completing a unique
 * name, the common part of several, a directory with its '/', and nothing for no match. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "../src/tui/files.h"

static char dir[64];

static void touch(const char *name)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

static void test_list_and_complete(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/antietam-files-XXXXXX");
	assert_non_null(mkdtemp(dir));
	touch("game-b.pos");
	touch("game-a.pos");
	touch("notes.txt");
	touch("turn3.pos");
	char sub[96];
	snprintf(sub, sizeof sub, "%s/saves", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	static char names[8][FILES_NAME_W];
	int n = files_list(dir, ".pos", names, 8);
	assert_int_equal(n, 3);
	assert_string_equal(names[0], "game-a.pos");
	assert_string_equal(names[1], "game-b.pos");
	assert_string_equal(names[2], "turn3.pos");
	char buf[256];
	snprintf(buf, sizeof buf, "%s/tu", dir);
	assert_int_equal(files_complete(buf, sizeof buf), 1);
	assert_non_null(strstr(buf, "/turn3.pos"));
	snprintf(buf, sizeof buf, "%s/ga", dir);
	assert_int_equal(files_complete(buf, sizeof buf), 2);
	assert_non_null(strstr(buf, "/game-")); /* what both have in common */
	snprintf(buf, sizeof buf, "%s/sa", dir);
	assert_int_equal(files_complete(buf, sizeof buf), 1);
	assert_non_null(strstr(buf, "/saves/"));
	snprintf(buf, sizeof buf, "%s/zz", dir);
	assert_int_equal(files_complete(buf, sizeof buf), 0);
	assert_non_null(strstr(buf, "/zz"));
	assert_int_equal(files_list("/nonexistent-dir-for-antietam", ".pos", names, 8), 0);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list_and_complete),
	};
	return cmocka_run_group_tests_name("tui_files", tests, NULL, NULL);
}
