/* fuzz_batch.c — libFuzzer target: the --batch command line. Each input is a script of
 * command lines run against one session (data from ./data, so run from the top directory). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!sink)
		sink = fopen("/dev/null", "w");
	char err[512];
	struct cli *c = cli_new("data", err, sizeof err);
	if (!c)
		return 0;
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	/* Lines as getline would deliver them; stop at a NUL like a C string would. */
	char *save = NULL;
	int n = 0;
	for (char *line = strtok_r(text, "\n", &save); line && n < 64;
	     line = strtok_r(NULL, "\n", &save), n++) {
		/* Keep the fuzzer away from the file system. */
		if (!strncmp(line, "save", 4) || !strncmp(line, "load", 4) || !strncmp(line, "replay", 6))
			continue;
		if (!cli_exec(c, line, sink))
			break;
	}
	free(text);
	cli_free(c);
	return 0;
}
