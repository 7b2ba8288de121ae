/* sim_compare.c — owns the end-of-game comparison of a game played at the terminal: its
 * own figures beside 1862 (data/history.txt) and beside the central 80% of simulated games
 * of the same scenario (or the whole day) under the same rules and options
 * (data/simulated.txt, make balance): the reference run, the computer general in the seats
 * a player takes, where the file has it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* The players of the reference run for a game a player starts at the terminal (make
 * balance plays them, tools/balance.sh): the computer general (level 1) in the player's
 * seats — as Lee against the Union bot in solitaire, on both sides under the two-player
 * rules (hot-seat, against the general, watched). */
static const char *const reference[2][2] = {
	[SIM_SOLITAIRE] = { "bot", "general:1" },
	[SIM_TWO_PLAYER] = { "general:1", "general:1" },
};

/* The run of the summaries played from g's scenario (or the whole day) under g's rules and
 * options: the reference players' if the file has them, else the first; NULL when none. */
static const struct sim_summary *like(const struct sim_summary *runs, int n, const struct game *g)
{
	enum sim_rules rules = g->opt.solitaire ? SIM_SOLITAIRE : SIM_TWO_PLAYER;
	const struct start *st = start_game(g);
	const char *key = st ? st->key : "";
	const struct sim_summary *first = NULL;
	for (int i = 0; i < n; i++) {
		if (runs[i].rules != rules || runs[i].mishap != g->opt.mishap ||
		    runs[i].unleashed != g->opt.unleashed || runs[i].quick ||
		    strcmp(runs[i].scenario, key))
			continue;
		if (!strcmp(runs[i].player[0], reference[rules][0]) &&
		    !strcmp(runs[i].player[1], reference[rules][1]))
			return &runs[i];
		if (!first)
			first = &runs[i];
	}
	return first;
}

/* A simulator's player as the report says it: "the computer general (level 1)". */
static void player_words(const char *name, char *buf, size_t len)
{
	if (!strcmp(name, "bot"))
		snprintf(buf, len, "the Union bot");
	else if (!strcmp(name, "scripted"))
		snprintf(buf, len, "the scripted Confederacy");
	else if (!strcmp(name, "random"))
		snprintf(buf, len, "random play");
	else if (!strncmp(name, "general:", 8))
		snprintf(buf, len, "the general (level %.8s)", name + 8);
	else
		snprintf(buf, len, "%.40s", name);
}

bool sim_whole_day(const struct start *st)
{
	return !st || (st->last_turn == GAME_TURNS && !st->area[0] && !st->area[1] &&
		       !st->area[2] && !st->area[3]);
}

int sim_compare(const struct scenario *s, const char *datadir, const struct game *g,
		char (*lines)[SIM_LINE], int max)
{
	char path[1100], err[1200];
	struct sim_history h;
	snprintf(path, sizeof path, "%s/history.txt", datadir);
	if (max < 4 || !sim_history_load(&h, s, path, err, sizeof err))
		return 0;
	struct sim_summary *runs = calloc(SIM_SUMMARY_RUNS, sizeof *runs);
	struct sim_game *r = calloc(1, sizeof *r);
	int nruns = 0, n = 0;
	snprintf(path, sizeof path, "%s/simulated.txt", datadir);
	if (runs && !sim_summary_load(path, runs, SIM_SUMMARY_RUNS, &nruns, err, sizeof err))
		nruns = 0;
	const struct sim_summary *run = runs ? like(runs, nruns, g) : NULL;
	if (!r) {
		free(runs);
		return 0;
	}
	sim_game_figures(g, r);
	/* 1862's column only where its whole day measures this game (else "-" would fill it) */
	bool day = sim_whole_day(start_game(g));
	if (day)
		snprintf(lines[n++], SIM_LINE, "%-28s %9s %7s  %s", "Beside 1862", "this game", "1862",
			 run ? "games like this" : "");
	else
		snprintf(lines[n++], SIM_LINE, "%-28s %9s  %s", "Beside simulated games", "this game",
			 run ? "games like this" : "");
	const char *ids[] = { g->opt.solitaire ? "vp-solitaire" : "vp-two-player", "steps-union",
			      "steps-confederate", "men-union", "men-confederate", "infantry-union",
			      "infantry-confederate" };
	for (size_t k = 0; k < sizeof ids / sizeof ids[0] && n < max - 2; k++) {
		const struct sim_metric *m = NULL;
		for (int i = 0; i < sim_nmetrics; i++)
			if (!strcmp(sim_metrics[i].id, ids[k]))
				m = &sim_metrics[i];
		char mine[16], then[16] = "", range[40] = "";
		sim_format(m->get(r), m->scale, mine, sizeof mine);
		if (day)
			sim_format(m->hist(&h), m->scale, then, sizeof then);
		const struct sim_summary_figure *f = run ? sim_summary_figure(run, m->id) : NULL;
		if (f)
			snprintf(range, sizeof range, "%s to %s", f->q[0], f->q[2]);
		if (day)
			snprintf(lines[n++], SIM_LINE, "  %-26s %9s %7s  %s", m->label, mine, then,
				 range);
		else
			snprintf(lines[n++], SIM_LINE, "  %-26s %9s  %s", m->label, mine, range);
	}
	/* which run the range column is: the scenario (or the whole day), the rules, the players */
	const struct start *st = start_game(g);
	char what[64];
	if (st)
		snprintf(what, sizeof what, "%.40s (turns %d-%d)", st->title, st->first_turn,
			 st->last_turn);
	else
		snprintf(what, sizeof what, "the whole day");
	if (!day && n < max)
		snprintf(lines[n++], SIM_LINE, "(1862's figures are the whole day's, not set beside "
			 "%.40s)", what);
	if (run && n + 3 <= max) {
		char u[48], c[48];
		player_words(run->player[0], u, sizeof u);
		player_words(run->player[1], c, sizeof c);
		snprintf(lines[n++], SIM_LINE, "games like this: the central 80%% of %d simulated "
			 "games", run->games);
		snprintf(lines[n++], SIM_LINE, "  of %.50s, %s rules (make balance),", what,
			 sim_rules_names[run->rules]);
		snprintf(lines[n++], SIM_LINE, "  Union: %.24s, Confederacy: %.24s%s", u, c,
			 strcmp(run->player[0], reference[run->rules][0]) ||
			 strcmp(run->player[1], reference[run->rules][1]) ? " (not the reference)" : "");
	} else if (!run && n < max) {
		snprintf(lines[n++], SIM_LINE, "(make balance: no simulated games of %.38s under "
			 "these rules)", what);
	}
	free(runs);
	free(r);
	return n;
}
