/* files.c — owns listing position files and completing typed paths (see files.h). */
#include "files.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int by_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static bool is_dir(const char *dir, const char *name)
{
	char path[2 * FILES_NAME_W + 2];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int files_list(const char *dir, const char *ext, char names[][FILES_NAME_W], int max)
{
	DIR *d = opendir(dir && dir[0] ? dir : ".");
	if (!d)
		return 0;
	int n = 0;
	size_t el = strlen(ext);
	struct dirent *de;
	while ((de = readdir(d)) && n < max) {
		size_t len = strlen(de->d_name);
		if (len <= el || len >= FILES_NAME_W || strcmp(de->d_name + len - el, ext) ||
		    is_dir(dir && dir[0] ? dir : ".", de->d_name))
			continue;
		memcpy(names[n++], de->d_name, len + 1);
	}
	closedir(d);
	qsort(names, (size_t)n, FILES_NAME_W, by_name);
	return n;
}

int files_complete(char *buf, size_t len)
{
	char dir[FILES_NAME_W];
	const char *slash = strrchr(buf, '/');
	const char *base = slash ? slash + 1 : buf;
	if (slash) {
		size_t dl = (size_t)(slash - buf);
		snprintf(dir, sizeof dir, "%.*s", (int)(dl ? dl : 1), dl ? buf : "/");
	} else {
		snprintf(dir, sizeof dir, ".");
	}
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t bl = strlen(base);
	char common[FILES_NAME_W] = "";
	int n = 0;
	bool single_dir = false;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, base, bl) || (de->d_name[0] == '.' && base[0] != '.'))
			continue;
		if (n++ == 0) {
			snprintf(common, sizeof common, "%s", de->d_name);
			single_dir = is_dir(dir, de->d_name);
		} else {
			size_t i = 0;
			while (common[i] && common[i] == de->d_name[i])
				i++;
			common[i] = 0;
		}
	}
	closedir(d);
	if (n == 0)
		return 0;
	size_t at = (size_t)(base - buf);
	snprintf(buf + at, len - at, "%s%s", common, n == 1 && single_dir ? "/" : "");
	return n;
}
