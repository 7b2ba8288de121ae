/* cmd_los.c — the `los HEX HEX` command of --batch (PROTOCOL.md): artillery line of sight
 * (10.5–10.6) on the map of the game in play (its own ground: cli_map), else the data's,
 * answered `clear` or `blocked`. */
#include "cli_internal.h"
#include "hex.h"
#include "los.h"

static const char *cmd_los(struct cli *c, int argc, char **argv, FILE *out, char *err,
			   size_t errlen)
{
	int a, b;
	if (argc != 3)
		return cli_fail(err, errlen, "usage: los HEX HEX");
	if (!hex_parse(argv[1], &a))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[1]);
	if (!hex_parse(argv[2], &b))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[2]);
	const struct map *m = cli_map(c, err, errlen); /* the game's ground, else today's */
	if (!m)
		return err;
	fputs(los_clear(m, a, b) ? "clear" : "blocked", out);
	return NULL;
}

static const struct cli_command commands[] = {
	{ "los", "los HEX HEX               artillery line of sight (10.5-10.6)", cmd_los },
};
const struct cli_table cli_los_commands = { commands, sizeof commands / sizeof commands[0] };
