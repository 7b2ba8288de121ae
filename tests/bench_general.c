/* bench_general.c — the computer general's figures in `make bench` (issue 29): for each level
 * (1, 2, 3) a few whole games of the general as Lee against the Union bot (the solitaire game,
 * 19.0) and of the general against itself (the two-player rules, 3.5), played as `antietam
 * --simulate` plays them (sim_play_game), every call of a general timed on the process CPU
 * clock and its positions evaluated counted (general_positions). Per level and seat: the
 * positions evaluated a CPU second over all its calls, and the CPU of its player-turns (the
 * calls made while its side is the phasing side, 5.2, as tests/general_table.c counts them),
 * median and worst, against the budgets of issue 29 (level 2 at most 1 s worst a player-turn,
 * level 3 at most 10 s, one core). docs/performance.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_general.h"
#include "bot.h"
#include "general.h"
#include "position.h"
#include "../src/sim/sim.h"

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* What one seat's calls cost over the games of a row. */
struct seat_cost {
	double cpu;                 /* every call of the general in this seat */
	unsigned long long positions;
	double turn[GAME_TURNS + 2];  /* this game's own player-turns */
	double *turns;              /* every game's, ms */
	int nturns;
};

static const struct player *inner[2];
static struct player timed[2];
static struct seat_cost *seat[2];

static int timed_play(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		      char *err, size_t errlen)
{
	int turn = port->g->turn;
	bool own = port->g->side == side;
	unsigned long long p0 = general_positions();
	double t0 = cpu_now();
	int k = inner[side]->play(port, side, level, rng, err, errlen);
	double dt = cpu_now() - t0;
	struct seat_cost *c = seat[side];
	if (c) {
		c->cpu += dt;
		c->positions += general_positions() - p0;
		if (own && turn >= 0 && turn <= GAME_TURNS + 1)
			c->turn[turn] += dt;
	}
	return k;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The games of one row: games seeds 1..games under rules, the Union's player u and the
 * Confederacy's c (sim_player_parse's names); the general's seats into cost[side] (NULL: not
 * the general). Each game's record (actions with their notes) to record when not NULL. */
static bool play_row(const struct scenario *s, enum sim_rules rules, const char *u,
		     const char *c, int games, struct seat_cost *cost[2], FILE *record,
		     char *err, size_t errlen)
{
	struct sim_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.rules = rules;
	const char *names[2] = { u, c };
	for (int k = 0; k < 2; k++) {
		if (!sim_player_parse(names[k], (enum side)k, rules, &cfg.player[k], err, errlen))
			return false;
		inner[k] = cfg.player[k].player;
		timed[k] = *inner[k];
		timed[k].play = timed_play;
		cfg.player[k].player = &timed[k];
		seat[k] = cost[k];
	}
	struct sim_game *r = malloc(sizeof *r);
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	bool ok = true;
	for (int i = 0; i < games && ok; i++) {
		for (int k = 0; k < 2; k++)
			if (cost[k])
				memset(cost[k]->turn, 0, sizeof cost[k]->turn);
		struct position_record rec;
		ok = sim_play_game(s, &cfg, (uint64_t)i + 1, r, NULL, &rec, err, errlen);
		if (ok && record) {
			fprintf(record, "game %s %s %s %d\n", sim_rules_names[rules], u, c, i + 1);
			for (int a = 0; a < rec.n; a++)
				fprintf(record, "%s\t%s\n", rec.action[a], rec.note[a] ? rec.note[a] : "");
		}
		if (ok)
			record_free(&rec);
		for (int k = 0; k < 2 && ok; k++)
			for (int t = 1; cost[k] && t <= GAME_TURNS; t++)
				if (cost[k]->turn[t] > 0)
					cost[k]->turns[cost[k]->nturns++] = cost[k]->turn[t] * 1e3;
	}
	free(r);
	seat[0] = seat[1] = NULL;
	return ok;
}

/* "bench-general-2-lee: 1234 positions a CPU second (…); player-turn median 71 ms, worst
 * 162 ms (22 player-turns in 2 games; budget 1000 ms worst: pass)" */
static void say(const char *name, int level, const char *who, struct seat_cost *c, int games)
{
	static const double budget_ms[] = { 0, 0, 1000, 10000 }; /* issue 29, by level */
	qsort(c->turns, (size_t)c->nturns, sizeof *c->turns, cmp_double);
	double med = c->nturns ? c->turns[c->nturns / 2] : 0;
	double worst = c->nturns ? c->turns[c->nturns - 1] : 0;
	printf("general-%d-%s: %.0f positions a CPU second (%llu positions in %.2f s, %s); "
	       "player-turn median %.0f ms, worst %.0f ms (%d player-turns in %d games, seeds 1-%d",
	       level, name, c->cpu > 0 ? (double)c->positions / c->cpu : 0, c->positions, c->cpu,
	       who, med, worst, c->nturns, games, games);
	if (budget_ms[level] > 0)
		printf("; budget %.0f ms worst: %s)\n", budget_ms[level],
		       worst <= budget_ms[level] ? "pass" : "FAIL");
	else
		printf("; no budget at level 1)\n");
}

bool bench_general(const struct scenario *s, int games, FILE *record, char *err, size_t errlen)
{
	if (games <= 0)
		return true;
	/* the levels for play; level 4 (analysis) has no budget */
	for (int level = 1; level <= GENERAL_STRONG; level++) {
		char gen[16];
		snprintf(gen, sizeof gen, "general:%d", level);
		struct seat_cost lee, gu, gc;
		memset(&lee, 0, sizeof lee);
		memset(&gu, 0, sizeof gu);
		memset(&gc, 0, sizeof gc);
		size_t cap = (size_t)games * (GAME_TURNS + 2);
		lee.turns = calloc(cap, sizeof(double));
		gu.turns = calloc(cap, sizeof(double));
		gc.turns = calloc(cap, sizeof(double));
		bool ok = lee.turns && gu.turns && gc.turns;
		if (!ok)
			snprintf(err, errlen, "out of memory");
		struct seat_cost *solo[2] = { NULL, &lee }, *two[2] = { &gu, &gc };
		ok = ok && play_row(s, SIM_SOLITAIRE, "bot", gen, games, solo, record, err, errlen) &&
		     play_row(s, SIM_TWO_PLAYER, gen, gen, games, two, record, err, errlen);
		if (ok) {
			say("lee", level, "Lee against the Union bot, solitaire", &lee, games);
			say("union", level, "the Union against the general, two-player", &gu, games);
			say("confederacy", level, "the Confederacy against the general, two-player",
			    &gc, games);
		}
		free(lee.turns);
		free(gu.turns);
		free(gc.turns);
		if (!ok)
			return false;
	}
	return true;
}
