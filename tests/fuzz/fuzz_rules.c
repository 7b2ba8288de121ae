/* fuzz_rules.c — libFuzzer target: the terminal game's rules reference (data/rules.txt,
 * src/tui/rules.c) through rules_load, which reads a path: the input goes to a memory file
 * (memfd) read as /proc/self/fd/N. A refused input must say why as PATH:… and leave no
 * entry; an accepted one must keep every entry's lines within its text, find each entry by
 * its key, and let rules_scan read every line. rules_scan also reads the input itself. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../src/tui/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	static struct rules r;
	if (fd < 0) {
		fd = memfd_create("fuzz-rules", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	char err[512] = "";
	char keys[8][RULES_KEY_W];
	if (rules_load(&r, path, err, sizeof err)) {
		if (r.n < 0 || r.n > RULES_MAX || r.nlines < 0 || r.nlines > RULES_LINES)
			abort();
		for (int i = 0; i < r.n; i++) {
			const struct rules_entry *e = &r.entry[i];
			if (e->first < 0 || e->nlines < 0 || e->first + e->nlines > r.nlines ||
			    !memchr(e->key, 0, sizeof e->key) || !memchr(e->title, 0, sizeof e->title) ||
			    !rules_find(&r, e->key))
				abort();
		}
		for (int i = 0; i < r.nlines; i++) {
			if (!memchr(r.line[i], 0, sizeof r.line[i]))
				abort();
			(void)rules_scan(r.line[i], keys, 8);
		}
	} else if (strncmp(err, path, strlen(path)) || err[strlen(path)] != ':' || r.n != 0)
		abort();
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = 0;
	if (rules_scan(text, keys, 8) > 8)
		abort();
	(void)rules_find(&r, text);
	free(text);
	return 0;
}
