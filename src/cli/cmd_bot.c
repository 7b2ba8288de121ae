/* cmd_bot.c — the --batch commands of the computer players (PROTOCOL.md `bot`): `bot` lets the
 * bot of the side that must decide play until the decision passes to the other side or the
 * game ends (the solitaire Union bot, or the scripted Confederate player) and answers the
 * commands it played, one per line; `general` the same with the computer general; the
 * seats (issue 34: the computer takes over): `seat` shows who plays each side, `seat SIDE
 * PLAYER|human` seats a player of the one table (player.h) or gives the side back to the
 * client, `play` lets the computer seats decide until the client must (or the game ends),
 * `finish [LEVEL]` seats the general on every side the client holds and plays to the end;
 * `objectives` shows each Union formation's corps objective (15.0).
 * The solitaire rules themselves are an option of `new` (`new historical SEED solitaire`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "cli_internal.h"
#include "general.h"
#include "player.h"

/* The commands the match recorded from `from` on, one a line. */
static void print_played(struct cli *c, int from, FILE *out)
{
	const struct position_record *rec = match_record(c->match);
	for (int i = from; i < rec->n; i++)
		fprintf(out, "%s%s", i > from ? "\n" : "", rec->action[i]);
}

static const char *cmd_bot(struct cli *c, int argc, char **argv, FILE *out, char *err,
			   size_t errlen)
{
	(void)argv;
	const struct game *g = cli_game_args(c, argc, 1, "bot", err, errlen);
	if (!g)
		return err;
	if (g->pending.what == DECISION_GAMEOVER)
		return cli_fail(err, errlen, "5.3: the game is over");
	int from = match_record(c->match)->n;
	/* a failed command changes nothing: the match is put back as it was */
	if (match_play_bot(c->match, false, err, errlen) < 0)
		return err;
	print_played(c, from, out);
	return NULL;
}

/* The general's LEVEL, the command's one optional word (2 when left out); false when it is
 * no level or more words follow. */
static bool level_arg(int argc, char **argv, long *level)
{
	*level = 2;
	if (argc > 2)
		return false;
	if (argc < 2)
		return true;
	/* one digit: sscanf's %ld took `general 2x` for 2 */
	const char *w = argv[1];
	if (!w[0] || w[1] || w[0] < '1' || w[0] > '0' + GENERAL_LEVELS)
		return false;
	*level = w[0] - '0';
	return true;
}

static const char *cmd_general(struct cli *c, int argc, char **argv, FILE *out, char *err,
			       size_t errlen)
{
	long level;
	if (!level_arg(argc, argv, &level))
		return cli_fail(err, errlen, "usage: general [LEVEL]   (LEVEL 1-%d, 2 when left out)",
				GENERAL_LEVELS);
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	if (g->pending.what == DECISION_GAMEOVER)
		return cli_fail(err, errlen, "5.3: the game is over");
	int from = match_record(c->match)->n;
	if (match_play_general(c->match, (int)level, false, err, errlen) < 0)
		return err;
	print_played(c, from, out);
	return NULL;
}

/* The seats, one a line: "union general:2", "confederate human". */
static void print_seats(struct cli *c, FILE *out)
{
	for (int s = 0; s < 2; s++) {
		char name[PLAYER_NAME_MAX];
		seat_name(match_seat(c->match, (enum side)s), name, sizeof name);
		fprintf(out, "%s%s %s", s ? "\n" : "", names_of_side((enum side)s), name);
	}
}

static const char *cmd_seat(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	if (argc != 1 && argc != 3)
		return cli_fail(err, errlen, "usage: seat [SIDE PLAYER|human]   (PLAYER: NAME or "
				"NAME:LEVEL, as --simulate's --union and --confederate)");
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	if (argc == 3) {
		enum side side;
		if (!names_parse_side(argv[1], &side) ||
		    (side != SIDE_UNION && side != SIDE_CONFEDERATE))
			return cli_fail(err, errlen, "'%s' is no side (union, confederate)", argv[1]);
		struct seat s = { NULL, 0 };
		if (strcmp(argv[2], "human") &&
		    !player_parse(argv[2], side, g->opt.solitaire, &s, err, errlen))
			return err;
		if (!match_set_seat(c->match, side, s.player, s.level, err, errlen))
			return err;
	}
	print_seats(c, out);
	return NULL;
}

/* The computer seats decide until the client must or the game ends (a failure changes
 * nothing: the match is put back as it was). */
static const char *play_seats(struct cli *c, FILE *out, char *err, size_t errlen)
{
	int from = match_record(c->match)->n;
	if (match_play_seats(c->match, false, NULL, NULL, err, errlen) < 0)
		return err;
	print_played(c, from, out);
	return NULL;
}

static const char *cmd_play(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	(void)argv;
	const struct game *g = cli_game_args(c, argc, 1, "play", err, errlen);
	if (!g)
		return err;
	if (g->pending.what == DECISION_GAMEOVER)
		return cli_fail(err, errlen, "5.3: the game is over");
	if (!match_seat(c->match, g->pending.side)->player)
		return cli_fail(err, errlen, "the %s decides now, and its seat is yours (seat %s "
				"PLAYER gives it to the computer)", names_of_side(g->pending.side),
				names_of_side(g->pending.side));
	return play_seats(c, out, err, errlen);
}

static const char *cmd_finish(struct cli *c, int argc, char **argv, FILE *out, char *err,
			      size_t errlen)
{
	long level;
	if (!level_arg(argc, argv, &level))
		return cli_fail(err, errlen, "usage: finish [LEVEL]   (the general's LEVEL 1-%d, 2 "
				"when left out)", GENERAL_LEVELS);
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	if (g->pending.what == DECISION_GAMEOVER)
		return cli_fail(err, errlen, "5.3: the game is over");
	struct seat was[2] = { *match_seat(c->match, SIDE_UNION),
			       *match_seat(c->match, SIDE_CONFEDERATE) };
	if (!match_seat_all(c->match, player_named("general"), (int)level, err, errlen))
		return err;
	if (play_seats(c, out, err, errlen)) {
		for (int s = 0; s < 2; s++)
			match_set_seat(c->match, (enum side)s, was[s].player, was[s].level, NULL, 0);
		return err;
	}
	return NULL;
}

static const char *cmd_objectives(struct cli *c, int argc, char **argv, FILE *out, char *err,
				  size_t errlen)
{
	(void)argv;
	const struct game *g = cli_game_args(c, argc, 1, "objectives", err, errlen);
	if (!g)
		return err;
	if (!g->solitaire.ready)
		return cli_fail(err, errlen, "15.0: no objectives: not a solitaire game");
	for (int f = 0; f < SOLO_FORMATIONS; f++) {
		char buf[64];
		solitaire_objective_describe(g, f, buf, sizeof buf);
		fprintf(out, "%s%s", f ? "\n" : "", buf);
	}
	return NULL;
}

static const struct cli_command bot_cmds[] = {
	{ "bot", "bot                       the bot of the side to decide plays (14.0-18.0)",
	  cmd_bot },
	{ "general", "general [LEVEL]           the computer general plays the side to decide "
	  "(level 1-4; 4 analysis, slow)", cmd_general },
	{ "seat", "seat [SIDE PLAYER|human]  who plays each side; a computer player (NAME or "
	  "NAME:LEVEL, as --simulate's) takes SIDE, or human gives it back", cmd_seat },
	{ "play", "play                      the computer seats decide until you must or the game "
	  "ends", cmd_play },
	{ "finish", "finish [LEVEL]            the computer finishes the game: the general (level "
	  "1-4, 2) on every side you hold", cmd_finish },
	{ "objectives", "objectives                each Union formation's corps objective (15.0)",
	  cmd_objectives },
};
const struct cli_table cli_bot_commands = { bot_cmds, sizeof bot_cmds / sizeof bot_cmds[0] };
