/* fuzz_roster.h — shared by fuzz_units.c and fuzz_setup.c: the fuzzed file is one of the two
 * roster files, the other is the real one from data/ (read once, served from memory). */
#ifndef ANTIETAM_FUZZ_ROSTER_H
#define ANTIETAM_FUZZ_ROSTER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "roster.h"

/* The whole of path in a heap buffer (size in *len); exits when it cannot be read, since a
 * fuzz run without its companion file would test nothing. */
static char *fuzz_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	char *buf = NULL;
	size_t cap = 0, n = 0, r;
	do {
		if (n == cap && !(buf = realloc(buf, cap = cap ? 2 * cap : 65536)))
			exit(2);
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*len = n;
	return buf;
}

/* Load a roster from the fuzzed bytes as the units file (fuzz_units true) or the set-up. */
static void fuzz_roster(const uint8_t *data, size_t size, int fuzz_units)
{
	static char *other;
	static size_t other_len;
	static struct roster r;
	if (!other)
		other = fuzz_slurp(fuzz_units ? "data/setup-historical.txt" : "data/units.txt",
				   &other_len);
	if (size == 0)
		return;
	FILE *f = fmemopen((void *)data, size, "r");
	FILE *g = fmemopen(other, other_len, "r");
	char err[512];
	if (f && g && roster_load_stream(&r, fuzz_units ? f : g, "fuzz-units.txt",
					 fuzz_units ? g : f, "fuzz-setup.txt", err, sizeof err)) {
		for (int i = 0; i < ROSTER_UNITS; i++) {
			if (roster_find(&r, r.unit[i].id) != i)
				abort();
			for (int s = 0; s <= ROSTER_STEPS_MAX + 1; s++)
				(void)(roster_cv(&r.unit[i], s) + roster_morale(&r.unit[i], s));
			(void)roster_may_stack(&r, (int[]){ i, (i + 1) % ROSTER_UNITS }, 2, NULL, 0);
		}
	}
	if (f)
		fclose(f);
	if (g)
		fclose(g);
}

#endif
