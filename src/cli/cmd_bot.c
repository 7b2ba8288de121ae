/* cmd_bot.c — the --batch commands of the bots (PROTOCOL.md `bot`): `bot` lets the bot of the
 * side that must decide play until the decision passes to the other side or the game ends
 * (the solitaire Union bot, or the scripted Confederate player) and answers the commands it
 * played, one per line; `objectives` shows each Union formation's corps objective (15.0).
 * The solitaire rules themselves are an option of `new` (`new historical SEED solitaire`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "cli_internal.h"
#include "general.h"

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
	const struct position_record *rec = match_record(c->match);
	for (int i = from; i < rec->n; i++)
		fprintf(out, "%s%s", i > from ? "\n" : "", rec->action[i]);
	return NULL;
}

static const char *cmd_general(struct cli *c, int argc, char **argv, FILE *out, char *err,
			       size_t errlen)
{
	long level = 2;
	if (argc > 2 || (argc == 2 && (sscanf(argv[1], "%ld", &level) != 1 || level < 1 ||
				       level > GENERAL_LEVELS)))
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
	const struct position_record *rec = match_record(c->match);
	for (int i = from; i < rec->n; i++)
		fprintf(out, "%s%s", i > from ? "\n" : "", rec->action[i]);
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
	{ "objectives", "objectives                each Union formation's corps objective (15.0)",
	  cmd_objectives },
};
const struct cli_table cli_bot_commands = { bot_cmds, sizeof bot_cmds / sizeof bot_cmds[0] };
