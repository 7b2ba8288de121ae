/* fuzz_position.c — libFuzzer target: the position-file reader (position_read). Any input
 * must be refused with a message or accepted; an accepted one must write back to a text
 * that reads again into the very same game, and must bear what a front-end does with a
 * loaded game: the invariant checker (which must pass) and the list of legal actions
 * (data from ./data: run from the top directory). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "position.h"

#define LEGAL_MAX 32768

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct scenario *scn;

static char *text_of(const struct game *g, const struct position_record *rec, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || !position_write(g, rec, f))
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1024];
	if (!scn) {
		scn = malloc(sizeof *scn);
		if (!scn || !scenario_load(scn, "data", err, sizeof err))
			abort();
	}
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	struct game *g = calloc(1, sizeof *g), *again = calloc(1, sizeof *again);
	struct position_record rec = { 0 }, rec2 = { 0 };
	bool ok = position_read(g, &rec, scn, f, "fuzz", err, sizeof err);
	fclose(f);
	if (ok) {
		static struct action legal[LEGAL_MAX];
		if (!check_game(g, err, sizeof err))
			abort(); /* position_read refuses what check_game does */
		(void)game_legal_first(g, legal, LEGAL_MAX);
		size_t len1, len2;
		char *t1 = text_of(g, &rec, &len1);
		FILE *f2 = fmemopen(t1, len1, "r");
		if (!position_read(again, &rec2, scn, f2, "again", err, sizeof err))
			abort(); /* what we write we must read */
		fclose(f2);
		char *t2 = text_of(again, &rec2, &len2);
		if (len1 != len2 || memcmp(t1, t2, len1) || memcmp(g, again, sizeof *g))
			abort(); /* write, read, write: the same text and the same game */
		free(t1);
		free(t2);
	} else if (strncmp(err, "fuzz:", 5)) {
		abort(); /* every refusal names the file and line */
	}
	record_free(&rec);
	record_free(&rec2);
	free(g);
	free(again);
	return 0;
}
