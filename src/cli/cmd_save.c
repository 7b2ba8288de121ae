/* cmd_save.c — the --batch commands of position files (PROTOCOL.md, docs/formats.md
 * "Position files"): `state`, `save FILE`, `load FILE`, `replay FILE` and `autosave on|off`;
 * and the game record the interpreter keeps beside its game (every action applied since
 * `new`, as the command that performs it), which the position file carries and `replay`
 * re-applies. `antietam --replay FILE` runs the same replay outside the protocol. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "cli.h"
#include "bot.h"
#include "cli_internal.h"
#include "printable.h"
#include "event_text.h"
#include "game.h"
#include "match.h"
#include "paths.h"
#include "position.h"
#include "start.h"

/* ---- commands ---- */

/* The position file of g as one string without its final newline (the protocol's answer
 * ends at the first empty line; a position file has none). */
static char *position_text(const struct game *g, const struct position_record *rec)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	bool ok = position_write(g, rec && rec->has_start ? rec : NULL, m);
	if (fclose(m) != 0 || !ok) {
		free(buf);
		return NULL;
	}
	if (len && buf[len - 1] == '\n')
		buf[len - 1] = 0;
	return buf;
}

static const char *cmd_state(struct cli *c, int argc, char **argv, FILE *out, char *err,
			     size_t errlen)
{
	(void)argv;
	const struct game *g = cli_game_args(c, argc, 1, "state", err, errlen);
	if (!g)
		return err;
	char *text = position_text(g, match_record(c->match));
	if (!text)
		return cli_fail(err, errlen, "out of memory");
	fputs(text, out);
	free(text);
	return NULL;
}

static const char *cmd_save(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	(void)out;
	const struct game *g = cli_game_args(c, argc, 2, "save FILE", err, errlen);
	if (!g)
		return err;
	return match_save(c->match, argv[1], err, errlen) ? NULL : err;
}

static const char *cmd_load(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	if (argc != 2)
		return cli_fail(err, errlen, "usage: load FILE");
	const struct scenario *s = cli_scenario(c, err, errlen);
	if (!s)
		return err;
	char notice[256];
	struct match *m = match_load(s, argv[1], notice, sizeof notice, err, errlen);
	if (!m)
		return err;
	cli_set_match(c, m);
	fputs(notice, out);
	return NULL;
}

static const char *cmd_autosave(struct cli *c, int argc, char **argv, FILE *out, char *err,
				size_t errlen)
{
	if (argc != 2 || (strcmp(argv[1], "on") && strcmp(argv[1], "off")))
		return cli_fail(err, errlen, "usage: autosave on|off");
	char dir[POSITION_PATH_MAX] = "";
	if (!strcmp(argv[1], "on")) {
		if (!paths_state_dir(dir, sizeof dir, err, errlen))
			return err;
		/* the directory is made now, so `=` is said only for one the autosaves can use
		 * (issue 33); what a killed save left there goes before this session saves there */
		if (!store_state_dir(dir, err, errlen) || store_autosave_clean(dir, err, errlen) < 0)
			return err;
	}
	snprintf(c->autosave_dir, sizeof c->autosave_dir, "%s", dir);
	char berr[160]; /* a bad ANTIETAM_AUTOSAVE_MB: the default holds */
	if (c->match)
		match_set_autosave(c->match, dir, MATCH_AUTOSAVE_PHASE,
				   paths_autosave_bound(berr, sizeof berr));
	fputs(dir, out);
	return NULL;
}

/* ---- replay ---- */

/* The events numbered from `from` to `to` (those the log holds), one a line. */
static void print_events(const struct scenario *s, const struct event_log *log, int from, int to,
			 FILE *out)
{
	for (int i = from; i < to; i++) {
		const struct game_event *e = event_log_at(log, i);
		if (!e)
			continue;
		char text[EVENT_TEXT_MAX];
		event_format(s, e, text, sizeof text);
		fprintf(out, "\n    %s", text);
	}
}

/* Let the bot play the pending decisions (a `bot` line of an old record), listing the
 * actions it played and the events they raised. The terminal game
 * kept what a bot that got stuck had played (the player then decided for it); the `bot`
 * command recorded nothing then. Either way: play on as it did. */
static void replay_bot(struct match *m, FILE *out)
{
	const struct position_record *rec = match_record(m);
	const struct event_log *log = &rec->events;
	int nrec = rec->n, before = event_log_end(log);
	char why[256];
	bool stuck = match_play_bot(m, true, why, sizeof why) < 0;
	for (int i = nrec; i < rec->n; i++)
		fprintf(out, "\n  %s", rec->action[i]);
	print_events(match_game(m)->scn, log, before, event_log_end(log), out);
	if (stuck)
		fprintf(out, "\n  (the bot stopped: %s)", why);
}

/* The first line where two texts differ, into buf. */
static void first_difference(const char *a, const char *b, char *buf, size_t len)
{
	int line = 1;
	const char *la = a, *lb = b;
	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++, b++;
	}
	snprintf(buf, len, "line %d: saved '%.*s', replayed '%.*s'", line,
		 (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

/* Why a record does not replay to its saved position, into buf (docs/formats.md, "Versions
 * of the data"): the data it was played with were given it (the versions it names, or every
 * ground and charts of its format's time), so what differs is the program. bot_lines: the
 * record has `bot` turns (a file of before 8230e2e); settled: match_settle_data's answer. */
static void replay_why(char *buf, size_t len, bool bot_lines, int settled, int format)
{
	if (bot_lines) {
		snprintf(buf, len, "its `bot` turns were played by today's bot: the program that "
			 "wrote it (before 8230e2e) recorded that the bot played a turn, not the "
			 "bot's moves, and the bot has changed since, so this record cannot be "
			 "replayed; the saved position opens as it was saved");
		return;
	}
	char tried[96] = "";
	if (settled < 0)
		snprintf(tried, sizeof tried, "on every ground and charts of its format's time "
			 "(%d): ", format);
	snprintf(buf, len, "%stoday's rules play this record otherwise than those of the "
		 "program that wrote it (the data are kept by version, the rules are not), or the "
		 "file was changed by hand; the saved position opens as it was saved", tried);
}

/* Re-apply the record of the game saved at path from game_new, writing each action and
 * the events it logged; the last line says whether the replay reached the saved position.
 * Returns 0 when it did, 1 when it did not, -1 (err set) when the file or an action is
 * refused. */
static int replay(struct cli *c, const char *path, FILE *out, char *err, size_t errlen)
{
	const struct scenario *s = cli_scenario(c, err, errlen);
	if (!s)
		return -1;
	int rc = -1;
	struct game *saved = malloc(sizeof *saved);
	struct match *m = NULL;
	struct position_record rec = { 0 };
	char *want = NULL, *got = NULL;
	if (!saved) {
		cli_fail(err, errlen, "out of memory");
		goto done;
	}
	if (!store_load(saved, &rec, s, path, err, errlen))
		goto done;
	/* the data the game was played with: the versions the file names (position_read), or for
	 * a file naming no ground nor charts those on which its record replays */
	int settled = match_settle_data(saved, &rec);
	bool bot_lines = false;
	for (int i = 0; i < rec.n; i++)
		bot_lines |= !strcmp(rec.action[i], "bot");
	char why[400];
	replay_why(why, sizeof why, bot_lines, settled, rec.format);
	s = saved->scn;
	if (!rec.has_start) {
		cli_fail(err, errlen, "%s: no record of how the game began ('start' line)", path);
		goto done;
	}
	m = match_new(s, rec.setup, rec.seed, &rec.opt);
	if (!m) {
		cli_fail(err, errlen, "out of memory");
		goto done;
	}
	const struct event_log *log = &match_record(m)->events;
	fprintf(out, "start %s seed=%llu", names_setup[rec.setup],
		(unsigned long long)rec.seed);
	if (start_of(s, rec.opt.start)) /* a scenario (start.h) */
		fprintf(out, " scenario=%s", start_of(s, rec.opt.start)->key);
	print_events(s, log, 0, event_log_end(log), out);
	for (int i = 0; i < rec.n; i++) {
		struct action a;
		int before = event_log_end(log);
		if (!strcmp(rec.action[i], "bot")) {
			/* the bot plays the pending decisions again, as the `bot` command did */
			fprintf(out, "\n%d bot", i + 1);
			replay_bot(m, out);
			continue;
		}
		bool parsed = action_parse(s, rec.action[i], &a, err, errlen);
		a.note = rec.note[i]; /* the reason the player gave, logged again */
		if (!parsed || !match_apply(m, &a, err, errlen)) {
			char msg[512];
			snprintf(msg, sizeof msg, "%s", err);
			cli_fail(err, errlen, "%s: action %d '%s' refused: %s (%s)", path, i + 1,
				 rec.action[i], msg, why);
			goto done;
		}
		char shown[1024];
		fprintf(out, "\n%d %s", i + 1, text_printable(shown, sizeof shown, rec.action[i]));
		print_events(s, log, before, event_log_end(log), out);
	}
	match_fill_committed(saved, match_game(m)); /* 13.1: turns a file before version 7 lacks */
	want = position_text(saved, NULL);
	got = position_text(match_game(m), NULL);
	if (!want || !got) {
		cli_fail(err, errlen, "out of memory");
		goto done;
	}
	if (!strcmp(want, got)) {
		fprintf(out, "\nreplay matches the saved position after %d actions", rec.n);
		rc = 0;
	} else {
		char diff[600];
		first_difference(want, got, diff, sizeof diff);
		fprintf(out, "\nreplay differs from the saved position: %s\n  (%s)", diff, why);
		rc = 1;
	}
done:
	free(want);
	free(got);
	free(saved);
	match_free(m);
	record_free(&rec);
	return rc;
}

static const char *cmd_replay(struct cli *c, int argc, char **argv, FILE *out, char *err,
			      size_t errlen)
{
	if (argc != 2)
		return cli_fail(err, errlen, "usage: replay FILE");
	return replay(c, argv[1], out, err, errlen) < 0 ? err : NULL;
}

int cli_replay_main(const char *datadir, const char *path)
{
	char err[1024];
	struct cli *c = cli_new(datadir, err, sizeof err);
	if (!c) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	int rc = replay(c, path, stdout, err, sizeof err);
	char shown[sizeof err];
	if (rc < 0)
		fprintf(stderr, "antietam: %s\n", text_printable(shown, sizeof shown, err));
	else
		putchar('\n');
	cli_free(c);
	return rc < 0 ? 2 : rc;
}

static const struct cli_command commands[] = {
	{ "state", "state                     the position file of the game, verbatim", cmd_state },
	{ "save", "save FILE                 save the game (position file, atomic)", cmd_save },
	{ "load", "load FILE                 continue the game saved in FILE", cmd_load },
	{ "replay", "replay FILE               re-play FILE's actions from the start, with their events",
	  cmd_replay },
	{ "autosave", "autosave on|off           autosave at every phase change (off in --batch)",
	  cmd_autosave },
};
const struct cli_table cli_save_commands = { commands, sizeof commands / sizeof commands[0] };
