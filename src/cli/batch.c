/* batch.c — the command interpreter of `--batch` (PROTOCOL.md): reads a line, finds the
 * command in one table, and writes the fixed answer format ("= …" or "? …", then a blank
 * line). Commands only call the engine's public headers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_internal.h"
#include "printable.h"
#include "hex.h"
#include "paths.h"

#define ARGS_MAX 64

static const char *cmd_help(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen);

static const char *cmd_quit(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	(void)c, (void)argc, (void)argv, (void)out, (void)err, (void)errlen;
	return NULL;
}

const char *cli_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return err;
}

static const char *cmd_range(struct cli *c, int argc, char **argv, FILE *out, char *err,
			     size_t errlen)
{
	(void)c;
	int a, b;
	if (argc != 3)
		return cli_fail(err, errlen, "usage: range HEX HEX");
	if (!hex_parse(argv[1], &a))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[1]);
	if (!hex_parse(argv[2], &b))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[2]);
	fprintf(out, "%d", hex_distance(a, b));
	return NULL;
}

static const struct cli_command basic[] = {
	{ "help", "help                      this list", cmd_help },
	{ "quit", "quit                      end the session", cmd_quit },
	{ "range", "range HEX HEX             range in hexes (10.3C)", cmd_range },
};
const struct cli_table cli_basic_commands = { basic, sizeof basic / sizeof basic[0] };

/* Every command group; a new cmd_*.c file adds its table here. */
static const struct cli_table *const tables[] = {
	&cli_basic_commands,
	&cli_los_commands,
	&cli_map_commands,
	&cli_game_commands,
	&cli_combat_commands,
	&cli_bot_commands,
	&cli_save_commands,
};
#define NTABLES (sizeof tables / sizeof tables[0])

static const struct cli_command *find_command(const char *name)
{
	for (size_t t = 0; t < NTABLES; t++)
		for (size_t i = 0; i < tables[t]->n; i++)
			if (!strcmp(tables[t]->cmd[i].name, name))
				return &tables[t]->cmd[i];
	return NULL;
}

const struct scenario *cli_scenario(struct cli *c, char *err, size_t errlen)
{
	if (c->scenario)
		return c->scenario;
	char dir[1024];
	if (!paths_data_dir(c->datadir[0] ? c->datadir : NULL, dir, sizeof dir, err, errlen))
		return NULL;
	struct scenario *s = malloc(sizeof *s);
	if (!s) {
		cli_fail(err, errlen, "out of memory");
		return NULL;
	}
	if (!scenario_load(s, dir, err, errlen)) {
		free(s);
		return NULL;
	}
	c->scenario = s;
	return s;
}

static const char *cmd_help(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	(void)c, (void)argc, (void)argv, (void)err, (void)errlen;
	fputs("commands:", out);
	for (size_t t = 0; t < NTABLES; t++)
		for (size_t i = 0; i < tables[t]->n; i++)
			fprintf(out, "\n%s", tables[t]->cmd[i].usage);
	return NULL;
}

struct cli *cli_new(const char *datadir, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	struct cli *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(c->datadir, sizeof c->datadir, "%s", datadir ? datadir : "");
	return c;
}

void cli_free(struct cli *c)
{
	if (c) {
		scenario_free(c->scenario);
		free(c->scenario);
		free(c->map);
		match_free(c->match);
	}
	free(c);
}

/* Write one answer ("= text" or "? text", then the blank line) and flush it: a client
 * waits for each answer before it sends the next command. */
static void answer(FILE *out, char mark, const char *text)
{
	/* a refusal is one line, and may quote a file's text: printable only */
	char line[1200];
	if (mark == '?')
		text = text_printable(line, sizeof line, text);
	fprintf(out, "%c %s\n\n", mark, text);
	fflush(out);
}

bool cli_exec(struct cli *c, const char *line, FILE *out)
{
	char buf[CLI_LINE_MAX];
	size_t n = strcspn(line, "\r\n");
	/* A line over the limit is refused whole: running what fits would run another command
	 * than the one sent (`move U12 1707<blanks>1606` would move U12 to 1707). */
	if (n >= sizeof buf) {
		char msg[96];
		snprintf(msg, sizeof msg, "line too long (%zu characters, at most %d): nothing done", n,
			 CLI_LINE_MAX - 1);
		answer(out, '?', msg);
		return true;
	}
	memcpy(buf, line, n);
	buf[n] = 0;
	char *argv[ARGS_MAX];
	int argc = 0;
	for (char *tok = strtok(buf, " \t"); tok; tok = strtok(NULL, " \t")) {
		if (argc == ARGS_MAX) {
			char msg[64];
			snprintf(msg, sizeof msg, "too many words (at most %d): nothing done", ARGS_MAX);
			answer(out, '?', msg);
			return true;
		}
		argv[argc++] = tok;
	}
	if (argc == 0 || argv[0][0] == '#')
		return true;
	const struct cli_command *cmd = find_command(argv[0]);
	char err[1024];
	if (!cmd) {
		snprintf(err, sizeof err, "unknown command '%.900s' (try 'help')", argv[0]);
		answer(out, '?', err);
		return true;
	}
	/* The answer is composed in memory so a failing command prints nothing but its error. */
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem) {
		answer(out, '?', "out of memory");
		return true;
	}
	const struct match *before = c->match;
	int nrec = before ? match_record(before)->n : 0;
	const char *msg = cmd->fn(c, argc, argv, mem, err, sizeof err);
	/* An autosave that failed is said on the answer of the command whose action made it
	 * (match_autosave_error is about the last action applied). */
	if (!msg && c->match && c->match == before && match_record(c->match)->n != nrec &&
	    match_autosave_error(c->match)[0])
		fprintf(mem, "\nautosave failed: %s", match_autosave_error(c->match));
	if (!msg && c->match && c->match == before && match_record(c->match)->n != nrec &&
	    match_autosave_notice(c->match)[0])
		fprintf(mem, "\nautosave: %s", match_autosave_notice(c->match));
	fclose(mem);
	if (msg)
		answer(out, '?', msg);
	else
		answer(out, '=', text ? text : "");
	free(text);
	return cmd->fn != cmd_quit;
}

int cli_batch_main(const char *datadir, const char *file)
{
	/* The commands are a stream: a FIFO (a client's named pipe) or /dev/stdin is fine here,
	 * unlike everywhere a file is read whole. */
	FILE *in = stdin;
	if (file && !(in = fopen(file, "r"))) {
		perror(file);
		return 2;
	}
	char err[1024];
	struct cli *c = cli_new(datadir, err, sizeof err);
	/* PROTOCOL.md: exit 2 when the data files do not load, with the error on stderr. */
	if (!c || !cli_scenario(c, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		cli_free(c);
		if (in != stdin)
			fclose(in);
		return 2;
	}
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;
	while (getline(&line, &cap, in) != -1)
		if (!cli_exec(c, line, stdout))
			break;
	if (ferror(in))
		rc = 2;
	free(line);
	cli_free(c);
	if (in != stdin)
		fclose(in);
	return rc;
}
