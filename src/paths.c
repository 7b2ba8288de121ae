/* paths.c — the program's file lookup (include/paths.h): the data directory and the state
 * directory. The only place that reads the environment for them or /proc/self/exe. */
#include "paths.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef ANTIETAM_DATADIR
#define ANTIETAM_DATADIR "/usr/local/share/antietam"
#endif

static bool has_data(const char *dir)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof path, "%s/map.txt", dir);
	return n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0;
}

static bool take(const char *dir, char *out, size_t outlen)
{
	int n = snprintf(out, outlen, "%s", dir);
	return n > 0 && (size_t)n < outlen;
}

bool paths_data_dir(const char *given, char *out, size_t outlen, char *err, size_t errlen)
{
	if (given) {
		if (has_data(given) && take(given, out, outlen))
			return true;
		snprintf(err, errlen, "no data files in '%s' (--data): map.txt not found", given);
		return false;
	}
	char exe[PATH_MAX], beside[PATH_MAX + 8] = "", installed[PATH_MAX + 32] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = 0;
		snprintf(beside, sizeof beside, "%s/data", exe);
		if (has_data(beside) && take(beside, out, outlen))
			return true;
		/* PREFIX/bin/antietam finds PREFIX/share/antietam wherever PREFIX now is */
		snprintf(installed, sizeof installed, "%s/../share/antietam", exe);
		if (has_data(installed) && take(installed, out, outlen))
			return true;
	}
	if (has_data(ANTIETAM_DATADIR) && take(ANTIETAM_DATADIR, out, outlen))
		return true;
	snprintf(err, errlen, "cannot find the data files: looked in %s, %s and %s (use --data DIR)",
		 beside[0] ? beside : "the program's directory",
		 installed[0] ? installed : "../share/antietam from it", ANTIETAM_DATADIR);
	return false;
}

bool paths_state_dir(char *out, size_t outlen, char *err, size_t errlen)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;
	/* XDG base directories: a relative path is invalid and must be ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(out, outlen, "%s/antietam", xdg);
	else if (home && home[0])
		n = snprintf(out, outlen, "%s/.local/state/antietam", home);
	else {
		snprintf(err, errlen, "no directory for autosaves: set XDG_STATE_HOME or HOME");
		return false;
	}
	if (n <= 0 || (size_t)n >= outlen) {
		snprintf(err, errlen, "the directory for autosaves is too long a path");
		return false;
	}
	return true;
}

long long paths_autosave_bound(char *err, size_t errlen)
{
	const char *v = getenv("ANTIETAM_AUTOSAVE_MB");
	if (!v || !*v)
		return PATHS_AUTOSAVE_MB * 1024LL * 1024;
	char *end;
	long mb = strtol(v, &end, 10);
	if (*end || mb < 1 || mb > 1024L * 1024) {
		snprintf(err, errlen, "ANTIETAM_AUTOSAVE_MB='%.40s' is not a number of megabytes (1 to "
			 "1048576): the bound stays %d MB", v, PATHS_AUTOSAVE_MB);
		return PATHS_AUTOSAVE_MB * 1024LL * 1024;
	}
	return mb * 1024LL * 1024;
}
