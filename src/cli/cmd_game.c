/* cmd_game.c — the --batch commands that start a game, set it up for tests and play its
 * movement, commitment and sub-decisions (PROTOCOL.md): new, seed, dice, place, remove,
 * set, unit, moves, move, end, pending, legal, and the sub-decision actions (decline,
 * retreat, advance, support, breakoff, resolve, commit, withdraw, mishap). Every change goes
 * through action_parse() and the match (match_apply); this file only formats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "action_text.h"
#include "cli_internal.h"
#include "game.h"
#include "move.h"
#include "paths.h"
#include "start.h"

const struct game *cli_game(struct cli *c, char *err, size_t errlen)
{
	if (!c->match) {
		cli_fail(err, errlen, "no game: start one with 'new historical' or 'new empty'");
		return NULL;
	}
	return match_game(c->match);
}

void cli_set_match(struct cli *c, struct match *m)
{
	match_free(c->match);
	c->match = m;
	char berr[160]; /* a bad ANTIETAM_AUTOSAVE_MB: the default holds */
	match_set_autosave(m, c->autosave_dir, MATCH_AUTOSAVE_PHASE,
			   paths_autosave_bound(berr, sizeof berr));
}

const struct game *cli_game_args(struct cli *c, int argc, int words, const char *usage, char *err,
			   size_t errlen)
{
	if (argc != words) {
		cli_fail(err, errlen, "usage: %s", usage);
		return NULL;
	}
	return cli_game(c, err, errlen);
}

const char *cli_apply_action(struct cli *c, int argc, char **argv, char *err, size_t errlen)
{
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	struct action a;
	if (!action_parse_words(g->scn, argc, (const char *const *)argv, &a, err, errlen) ||
	    !match_apply(c->match, &a, err, errlen))
		return err;
	return NULL;
}

static void print_pending(const struct game *g, FILE *out)
{
	if (g->pending.what == DECISION_GAMEOVER) {
		fputs("gameover", out);
		return;
	}
	fprintf(out, "%s %s", names_of_side(g->pending.side), names_of_decision(g->pending.what));
	if (g->pending.subject >= 0)
		fprintf(out, " %s", names_of_unit(g->pending.subject));
}

static const char *cmd_new(struct cli *c, int argc, char **argv, FILE *out, char *err,
			   size_t errlen)
{
	enum game_setup parsed;
	int setup = argc >= 2 && names_parse_setup(argv[1], &parsed) ? (int)parsed : -1;
	struct game_options opt = { 0 };
	const struct scenario *s = NULL;
	if (setup < 0 && argc >= 2) { /* a scenario of data/scenarios/ (start.h) */
		s = cli_scenario(c, err, errlen);
		if (!s)
			return err;
		opt.start = (int8_t)start_find(s, argv[1]);
		if (opt.start)
			setup = SETUP_HISTORICAL;
	}
	if (setup < 0) {
		char list[256] = "historical|quick|empty";
		for (int i = 1; s && start_of(s, i); i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "|%s",
				 start_of(s, i)->key);
		return cli_fail(err, errlen, "usage: new %s [SEED] [mishap] [unleashed] [solitaire]",
				list);
	}
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "mishap")) {
			opt.mishap = true;          /* 8.14 */
		} else if (!strcmp(argv[i], "unleashed")) {
			opt.unleashed = true;       /* 13.0 note */
		} else if (!strcmp(argv[i], "solitaire")) {
			opt.solitaire = true;       /* 14–19 */
		} else if (i == 2 && argv[i][0] >= '0' && argv[i][0] <= '9') {
			if (!game_parse_seed(argv[i], &seed))
				return cli_fail(err, errlen, "'%s' is not a seed (a whole number 0 to "
						"18446744073709551615)", argv[i]);
		} else {
			return cli_fail(err, errlen, "'%s' is not a seed or an option (mishap, unleashed, solitaire)",
					argv[i]);
		}
	}
	if (!s)
		s = cli_scenario(c, err, errlen);
	if (!s)
		return err;
	struct match *m = match_new(s, (enum game_setup)setup, seed, &opt);
	if (!m)
		return cli_fail(err, errlen, "out of memory");
	cli_set_match(c, m);
	const struct game *g = match_game(m);
	fprintf(out, "turn %d %s %s", g->turn, names_of_side(g->side), names_of_phase(g->phase));
	return NULL;
}

static const char *cmd_action(struct cli *c, int argc, char **argv, FILE *out, char *err,
			      size_t errlen)
{
	(void)out;
	return cli_apply_action(c, argc, argv, err, errlen);
}

static const char *cmd_end(struct cli *c, int argc, char **argv, FILE *out, char *err,
			   size_t errlen)
{
	if (cli_apply_action(c, argc, argv, err, errlen))
		return err;
	print_pending(match_game(c->match), out);
	return NULL;
}

static const char *cmd_pending(struct cli *c, int argc, char **argv, FILE *out, char *err,
			       size_t errlen)
{
	(void)argv;
	const struct game *g = cli_game_args(c, argc, 1, "pending", err, errlen);
	if (!g)
		return err;
	print_pending(g, out);
	return NULL;
}

/* The unit named by the one argument of a command `NAME UNIT` and the game (*g): the unit's
 * index, or -1 with err set (usage, no game, not a unit). */
static int unit_argument(struct cli *c, int argc, char **argv, const char *usage,
			 const struct game **g, char *err, size_t errlen)
{
	*g = cli_game_args(c, argc, 2, usage, err, errlen);
	if (!*g)
		return -1;
	int u = names_parse_unit(argv[1]);
	if (u < 0)
		cli_fail(err, errlen, "'%s' is not a unit (U1-U69, C1-C53)", argv[1]);
	return u;
}

static const char *cmd_unit(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	const struct game *g;
	int u = unit_argument(c, argc, argv, "unit UNIT", &g, err, errlen);
	if (u < 0)
		return err;
	const struct unit_def *d = unit_def(g, u);
	const struct unit_state *us = &g->unit[u];
	char hex[8];
	if (us->steps <= 0)
		snprintf(hex, sizeof hex, "dead");
	else if (us->hex == HEX_NONE)
		snprintf(hex, sizeof hex, "off");
	else
		snprintf(hex, sizeof hex, "%04d", us->hex);
	fprintf(out, "%s %s %s %s hex %s steps %d cv %d morale %d ma %d", names_of_unit(u),
		names_of_side(unit_side(u)), d->formation,
		d->type == UNIT_ARTILLERY ? "artillery" : "infantry", hex, us->steps,
		unit_cv(g, u), unit_morale(g, u), d->ma);
	return NULL;
}

static const char *cmd_moves(struct cli *c, int argc, char **argv, FILE *out, char *err,
			     size_t errlen)
{
	const struct game *g;
	int u = unit_argument(c, argc, argv, "moves UNIT", &g, err, errlen);
	if (u < 0)
		return err;
	struct move_dest *dest = malloc(sizeof *dest * HEX_INDEX_COUNT);
	if (!dest)
		return cli_fail(err, errlen, "out of memory");
	int n = move_reachable(g, u, dest, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%04d:%d", i ? " " : "", dest[i].hex, dest[i].cost);
	free(dest);
	return NULL;
}

static const char *cmd_legal(struct cli *c, int argc, char **argv, FILE *out, char *err,
			     size_t errlen)
{
	(void)argv;
	enum { MAX = 1 << 15 };
	const struct game *g = cli_game_args(c, argc, 1, "legal", err, errlen);
	if (!g)
		return err;
	struct action *a = malloc(sizeof *a * MAX);
	if (!a)
		return cli_fail(err, errlen, "out of memory");
	int n = game_legal(g, a, MAX);
	if (n > MAX) { /* the real count: room for every one */
		struct action *more = realloc(a, sizeof *a * (size_t)n);
		if (!more) {
			free(a);
			return cli_fail(err, errlen, "out of memory (%d legal actions)", n);
		}
		a = more;
		n = game_legal(g, a, n);
	}
	for (int i = 0; i < n; i++) {
		char buf[512];
		action_format(g->scn, &a[i], buf, sizeof buf);
		fprintf(out, "%s%s", i ? "\n" : "", buf);
	}
	free(a);
	return NULL;
}

static const struct cli_command game_cmds[] = {
	{ "new", "new historical|quick|empty|SCENARIO [SEED] [mishap] [unleashed] [solitaire]  start a game (4.3 set-up, 4.2 quick set-up placed by the players, an empty map for tests, or a scenario of data/scenarios/: mid-morning, early-afternoon, cornfield; options 8.14, 13.0 note, 14-19)", cmd_new },
	{ "pending", "pending                   who must decide what now", cmd_pending },
	{ "legal", "legal                     every legal action now, one command a line", cmd_legal },
	{ "unit", "unit UNIT                 a unit's state", cmd_unit },
	{ "moves", "moves UNIT                where UNIT may end a move now, HEX:COST", cmd_moves },
	{ "move", "move UNIT HEX [HEX ...]   move by the cheapest path to HEX, or along the path", cmd_action },
	{ "end", "end                       finish the current step or phase", cmd_end },
	{ "decline", "decline [HEX]             decline an optional step (defensive fire, advance, support); with HEX withdraw the attack declared on HEX", cmd_action },
	{ "resolve", "resolve HEX               resolve the attacks on HEX next (11.4E)", cmd_action },
	{ "retreat", "retreat UNIT HEX [HEX ...] retreat along a path (11.17; more than 3 hexes only for stacking)", cmd_action },
	{ "advance", "advance UNIT HEX          advance after combat (11.18)", cmd_action },
	{ "support", "support UNIT              supporting advance (11.19)", cmd_action },
	{ "lose", "lose UNIT                 UNIT loses the next step of its side's combat result (11.15B)", cmd_action },
	{ "breakoff", "breakoff HEX              break off the combat against HEX (11.5E)", cmd_action },
	{ "commit", "commit CORPS              commit an Available corps (13.1)", cmd_action },
	{ "withdraw", "withdraw CORPS            withdraw a Committed corps (13.5)", cmd_action },
	{ "mishap", "mishap UNIT HEX           terrible mishap: move an enemy unit one hex (8.14)", cmd_action },
	{ "seed", "seed N                    reseed the game's dice", cmd_action },
	{ "dice", "dice D [D ...]            force the next die rolls", cmd_action },
	{ "place", "place UNIT HEX [STEPS]    put a unit on the map (test set-up)", cmd_action },
	{ "remove", "remove UNIT               take a unit off the map (test set-up)", cmd_action },
	{ "set", "set turn N | set phase SIDE PHASE | set corps CORPS STATUS", cmd_action },
};
const struct cli_table cli_game_commands = { game_cmds, sizeof game_cmds / sizeof game_cmds[0] };
