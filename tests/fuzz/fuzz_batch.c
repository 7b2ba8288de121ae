/* fuzz_batch.c — libFuzzer target: the --batch command line. Each input is a script of up
 * to 64 command lines run against a fresh session that starts with `new historical 1`; the
 * scenario is loaded once from data/ (run from the top directory) and lent to every session,
 * so an input costs its commands, not the data files. Commands that touch the file system
 * (save, load, replay, autosave) are skipped, and a bare `new SETUP` gets seed 1 so every
 * input replays the same way. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_internal.h"

#define LINES_MAX 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const skipped[] = { "save", "load", "replay", "autosave" };

static bool touches_files(const char *line)
{
	line += strspn(line, " \t");
	for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++) {
		size_t n = strlen(skipped[i]);
		if (!strncmp(line, skipped[i], n) && (!line[n] || strchr(" \t\r", line[n])))
			return true;
	}
	return false;
}

/* A fresh session on the shared scenario. */
static struct cli *session(struct scenario *s)
{
	char err[512];
	struct cli *c = cli_new("data", err, sizeof err);
	if (!c)
		abort();
	c->scenario = s;
	return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	static struct scenario *shared;
	char err[512];
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	if (!shared) {
		struct cli *c = cli_new("data", err, sizeof err);
		if (!c || !cli_scenario(c, err, sizeof err)) {
			fprintf(stderr, "fuzz_batch: %s (run from the top directory)\n", err);
			exit(2);
		}
		shared = c->scenario;
		c->scenario = NULL;
		cli_free(c);
	}
	struct cli *c = session(shared);
	cli_exec(c, "new historical 1", sink);
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = 0;
	/* Lines as getline would deliver them; stop at a NUL like a C string would. */
	char *save = NULL;
	int n = 0;
	for (char *line = strtok_r(text, "\n", &save); line && n < LINES_MAX;
	     line = strtok_r(NULL, "\n", &save), n++) {
		if (touches_files(line))
			continue;
		char cmd[128];
		char setup[16];
		char extra;
		if (sscanf(line, " new %15s %c", setup, &extra) == 1) {
			snprintf(cmd, sizeof cmd, "new %s 1", setup);
			line = cmd;
		}
		if (!cli_exec(c, line, sink))
			break;
	}
	free(text);
	c->scenario = NULL; /* lent, not owned */
	cli_free(c);
	return 0;
}
