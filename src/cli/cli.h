/* cli.h — the headless text command mode (`antietam --batch`, docs PROTOCOL.md). */
#ifndef ANTIETAM_CLI_H
#define ANTIETAM_CLI_H

#include <stdbool.h>
#include <stdio.h>

/* Run the protocol over FILE (or stdin when NULL); returns the process exit code. */
int cli_batch_main(const char *datadir, const char *file);

/* `antietam --replay FILE`: re-play the saved game's actions from its start, printing each
 * with the events it logged; 0 when the replay reaches the saved position, 1 when not, 2 when
 * the file or an action is refused (message on stderr). */
int cli_replay_main(const char *datadir, const char *path);

/* The interpreter itself, for tests: reads commands from in, answers on out. Returns 0 at end
 * of input or after quit. */
struct cli;
struct cli *cli_new(const char *datadir, char *err, size_t errlen);
void cli_free(struct cli *c);
/* The longest command line, its line end not counted, is CLI_LINE_MAX - 1 characters. */
#define CLI_LINE_MAX 4096
/* Execute one command line, writing the answer (`= …` or `? …`, then a blank line) to out
 * and flushing it. A line of CLI_LINE_MAX characters or more, or of more than 64 words, is
 * refused whole (`? line too long …`). Returns false when the command was `quit`. */
bool cli_exec(struct cli *c, const char *line, FILE *out);

struct roster;
/* Write the order of battle (`--print-oob`): each army by corps/division, every unit's values
 * at each step level and set-up hex, totals of steps and combat value per formation and army. */
void cli_print_oob(FILE *out, const struct roster *r);
/* Load the roster from the data directory (datadir or the default lookup) and print it to
 * stdout; returns the process exit code: 0, or 2 when the data files do not load (as
 * --batch and --print-map), with the error on stderr. */
int cli_print_oob_main(const char *datadir);

/* `--print-map`: load the map of datadir (NULL: the default lookup) and draw it to out,
 * with ANSI colours when colour is true; returns the process exit code (2 when the map does
 * not load, with the error on stderr). */
int cli_print_map(const char *datadir, FILE *out, bool colour);

#endif
