/* cli_internal.h — what the command files of the --batch interpreter share: the session
 * state and the shape of a command. Each src/cli/cmd_*.c file owns one group of commands
 * and exports its table; batch.c lists the tables. */
#ifndef ANTIETAM_CLI_INTERNAL_H
#define ANTIETAM_CLI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"
#include "action_text.h"
#include "match.h"
#include "position.h"
#include "scenario.h"

struct cli {
	char datadir[1024];
	struct scenario *scenario; /* loaded on first use */
	struct map *map;           /* the map alone, when the scenario does not load (cmd_map.c) */
	char load_error[1024];
	struct match *match;       /* the game in play with its record (`new`, `load`), NULL before */
	char autosave_dir[1024];   /* `autosave on`: save at every phase change there, "" off */
};

/* A handler writes the text after "= " to out (possibly empty, possibly several lines) and
 * returns NULL; or it writes a message into err (without "? ") and returns err. A failing
 * handler must leave the game unchanged. */
typedef const char *(*cli_cmd_fn)(struct cli *c, int argc, char **argv, FILE *out, char *err,
				  size_t errlen);

struct cli_command {
	const char *name;
	const char *usage; /* one line for `help` */
	cli_cmd_fn fn;
};

struct cli_table {
	const struct cli_command *cmd;
	size_t n;
};

/* The scenario, loading the data files on first use; NULL with err set when they do not load. */
const struct scenario *cli_scenario(struct cli *c, char *err, size_t errlen);
/* The map: the scenario's, or data/map.txt alone when the other data files do not load;
 * NULL with err set when the map itself does not load. */
const struct map *cli_map(struct cli *c, char *err, size_t errlen);
/* The game in play; NULL with err set ("no game: use new …") before the first `new`. */
const struct game *cli_game(struct cli *c, char *err, size_t errlen);
/* The game in play for a command of exactly `words` words (the name counted); NULL with err
 * set: "usage: USAGE" when argc differs, else cli_game's message. */
const struct game *cli_game_args(struct cli *c, int argc, int words, const char *usage, char *err,
			   size_t errlen);
/* Parse argv as one action (action_parse) and apply it through the match (match_apply:
 * recorded, autosaved at a phase change when that is on); NULL on success, else err. */
const char *cli_apply_action(struct cli *c, int argc, char **argv, char *err, size_t errlen);
/* Make m the match in play (the old one is freed), with the session's autosave setting. */
void cli_set_match(struct cli *c, struct match *m);
/* printf into err, return err (for `return cli_fail(err, errlen, ...)`). */
const char *cli_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Command tables of the cmd_*.c files. */
extern const struct cli_table cli_basic_commands;
extern const struct cli_table cli_los_commands;
extern const struct cli_table cli_map_commands;
extern const struct cli_table cli_game_commands;
extern const struct cli_table cli_combat_commands;
extern const struct cli_table cli_bot_commands;
extern const struct cli_table cli_save_commands;

#endif
