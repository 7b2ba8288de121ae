/* bot_bench.c — owns the timing of the solitaire Union bot: whole games (historical set-up,
 * solitaire rules, seeds 1..N) against the scripted Confederacy, each Union player-turn
 * (every bot_play call from its movement or withdrawal step to the hand-over) timed on the
 * process CPU clock, so a busy machine does not inflate the figures. The games can be
 * recorded (every action as its command, and a digest of the end) to show that a change
 * meant to alter no play leaves every game move for move the same (`make record-games`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The end of a recorded game: what a refactor must leave exactly as it was (the dice drawn,
 * every unit's hex and steps, the hexes' control). */
void bot_bench_digest(FILE *f, const struct game *g)
{
	uint64_t h = 1469598103934665603ULL;
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		h = (h ^ g->control[i]) * 1099511628211ULL;
	fprintf(f, "end turn %d rng %016llx control %016llx units", g->turn,
		(unsigned long long)g->rng, (unsigned long long)h);
	for (int u = 0; u < ROSTER_UNITS; u++)
		fprintf(f, " %d:%d", g->unit[u].hex, g->unit[u].steps);
	fputc('\n', f);
}

/* A Union player-turn may be cut by Confederate sub-decisions (defensive fire, retreats):
 * the pieces of one turn are summed. */
bool bot_bench(const struct scenario *s, int games, FILE *record, struct bot_bench_result *r,
	       char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	int cap = games * 12 + 1;
	double *turn_ms = calloc((size_t)cap, sizeof *turn_ms);
	struct game *g = malloc(sizeof *g);
	size_t plen = record ? 1 << 18 : 0;
	char *played = record ? malloc(plen) : NULL;
	if (!turn_ms || !g || (record && !played)) {
		free(turn_ms);
		free(g);
		free(played);
		snprintf(err, errlen, "out of memory");
		return false;
	}
	double start = cpu_ms();
	int n = 0;
	bool ok = true;
	for (int seed = 1; seed <= games && ok; seed++) {
		struct game_options opt = { .solitaire = true };
		game_new(g, s, SETUP_HISTORICAL, (uint64_t)seed, &opt);
		if (record)
			fprintf(record, "game solitaire %d\n", seed);
		int last_turn = -1, guard = 0;
		while (g->pending.what != DECISION_GAMEOVER) {
			if (++guard > 5000) {
				snprintf(err, errlen, "seed %d: the game does not end", seed);
				ok = false;
				break;
			}
			bool union_turn = g->pending.side == SIDE_UNION && g->side == SIDE_UNION;
			int turn = g->turn;
			double t0 = cpu_ms();
			if (played)
				played[0] = 0;
			int k = bot_play_game(g, played, plen, err, errlen);
			double t1 = cpu_ms();
			if (record)
				fputs(played, record);
			if (k < 0) {
				char why[256];
				snprintf(why, sizeof why, "%s", err);
				snprintf(err, errlen, "seed %d turn %d: %s", seed, turn, why);
				ok = false;
				break;
			}
			if (!union_turn)
				continue;
			if (turn != last_turn && n < cap) {
				turn_ms[n++] = 0;
				last_turn = turn;
			}
			turn_ms[n - 1] += t1 - t0;
		}
		if (ok)
			r->games++;
		if (ok && record)
			bot_bench_digest(record, g);
	}
	r->total_s = (cpu_ms() - start) / 1e3;
	r->turns = n;
	if (n > 0) {
		qsort(turn_ms, (size_t)n, sizeof *turn_ms, cmp_double);
		r->median_ms = turn_ms[n / 2];
		r->worst_ms = turn_ms[n - 1];
	}
	free(turn_ms);
	free(g);
	free(played);
	return ok;
}
