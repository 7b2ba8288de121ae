/* scenario.c — owns where the data files are and loading them all together. */
#include "scenario.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ANTIETAM_DATADIR
#define ANTIETAM_DATADIR "/usr/local/share/antietam"
#endif

static bool has_data(const char *dir)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/map.txt", dir);
	return access(path, R_OK) == 0;
}

bool scenario_find_datadir(const char *given, char *out, size_t outlen, char *err, size_t errlen)
{
	if (given) {
		if (has_data(given)) {
			snprintf(out, outlen, "%s", given);
			return true;
		}
		snprintf(err, errlen, "no data files in '%s' (--data): map.txt not found", given);
		return false;
	}
	char exe[PATH_MAX], beside[PATH_MAX + 8] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = 0;
		snprintf(beside, sizeof beside, "%s/data", exe);
		if (has_data(beside)) {
			snprintf(out, outlen, "%s", beside);
			return true;
		}
	}
	if (has_data(ANTIETAM_DATADIR)) {
		snprintf(out, outlen, "%s", ANTIETAM_DATADIR);
		return true;
	}
	snprintf(err, errlen, "cannot find the data files: looked in %s and %s (use --data DIR)",
		 beside[0] ? beside : "the program's directory", ANTIETAM_DATADIR);
	return false;
}

bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen)
{
	char a[PATH_MAX], b[PATH_MAX];
	snprintf(a, sizeof a, "%s/map.txt", dir);
	if (!map_load(&s->map, a, err, errlen))
		return false;
	snprintf(a, sizeof a, "%s/units.txt", dir);
	snprintf(b, sizeof b, "%s/setup-historical.txt", dir);
	if (!roster_load(&s->roster, a, b, err, errlen))
		return false;
	snprintf(a, sizeof a, "%s/tables.txt", dir);
	if (!tables_load(&s->tables, a, err, errlen))
		return false;
	return true;
}
