/* cli.h — the headless text command mode (`antietam --batch`, docs PROTOCOL.md). */
#ifndef ANTIETAM_CLI_H
#define ANTIETAM_CLI_H

#include <stdbool.h>
#include <stdio.h>

/* Run the protocol over FILE (or stdin when NULL); returns the process exit code. */
int cli_batch_main(const char *datadir, const char *file);

/* The interpreter itself, for tests: reads commands from in, answers on out. Returns 0 at end
 * of input or after quit. */
struct cli;
struct cli *cli_new(const char *datadir, char *err, size_t errlen);
void cli_free(struct cli *c);
/* Execute one command line, writing the answer (`= …` or `? …`, then a blank line) to out.
 * Returns false when the command was `quit`. */
bool cli_exec(struct cli *c, const char *line, FILE *out);

#endif
