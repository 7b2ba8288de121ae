/* bench.c — `make bench`: every performance figure the project tracks, one per line as
 * `name: value unit (detail)`, measured on the real data. docs/performance.md records them
 * with the machine they were taken on. BENCH_GAMES overrides the number of bot games (100);
 * BENCH_RECORD=FILE writes their actions and end digests there (make record-games).
 * BENCH_GENERAL_GAMES (2) is the number of games of each level of the computer general
 * (tests/bench_general.c; 0: none), BENCH_GENERAL_RECORD=FILE writes their actions and notes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_general.h"
#include "bench_reference.h"
#include "bot.h"
#include "game.h"
#include "los.h"
#include "move.h"
#include "position.h"
#include "scenario.h"
#include "../src/tui/tui.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return v[n / 2];
}

static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A whole game with random legal actions for both sides (the soak's player). */
static long random_game(const struct scenario *s, uint64_t seed, struct action *legal, int max)
{
	static struct game g;
	game_new(&g, s, SETUP_HISTORICAL, seed, NULL);
	uint64_t rs = seed;
	long n = 0;
	char err[256];
	while (g.pending.what != DECISION_GAMEOVER && n < 100000) {
		uint64_t r = mix(&rs);
		struct action a;
		if (g.pending.what == DECISION_MOVEMENT && r % 24) {
			int u = (int)(r / 8 % ROSTER_UNITS);
			struct move_dest d[HEX_INDEX_COUNT];
			int k = move_reachable(&g, u, d, HEX_INDEX_COUNT, NULL, 0);
			if (!k)
				continue;
			memset(&a, 0, sizeof a);
			a.type = ACT_MOVE;
			a.unit = u;
			a.n = 1;
			a.hex[0] = d[(r >> 20) % (uint64_t)k].hex;
		} else if (g.pending.what == DECISION_MOVEMENT) {
			memset(&a, 0, sizeof a);
			a.type = ACT_END;
			a.unit = -1;
		} else {
			int k = game_legal_first(&g, legal, max);
			if (k <= 0)
				return -1;
			a = legal[(r >> 12) % (uint64_t)k];
		}
		if (game_apply(&g, &a, err, sizeof err))
			n++;
	}
	return n;
}

int main(void)
{
	static struct scenario s;
	char err[512];
	const char *env = getenv("BENCH_GAMES");
	int games = env ? atoi(env) : 100;
	double t0, v[64];

	for (int i = 0; i < 9; i++) {
		t0 = now();
		scenario_free(&s);
		if (!scenario_load(&s, "data", err, sizeof err)) {
			fprintf(stderr, "bench: %s\n", err);
			return 1;
		}
		v[i] = (now() - t0) * 1e3;
	}
	printf("scenario-load: %.2f ms (median of 9: map, counters, set-up, charts)\n", median(v, 9));
	printf("struct-game: %zu bytes (a whole position, copied by every game_apply and by the "
	       "bots; at most 8192, issue 15)\n", sizeof(struct game));

	static struct game g;
	game_new(&g, &s, SETUP_HISTORICAL, 1, NULL);
	int max = 16384;
	struct action *legal = malloc(sizeof *legal * (size_t)max);
	if (!legal)
		return 1;
	/* to the Union movement phase of turn 1 */
	while (g.pending.what != DECISION_MOVEMENT) {
		int k = game_legal_first(&g, legal, max);
		if (k <= 0 || !game_apply(&g, &legal[k - 1], err, sizeof err))
			break;
	}
	/* each figure of the movement search beside its reference (tests/bench_reference.c):
	 * the two timed in turn, in the same run, so a busy machine slows both alike */
	static struct bench_ref ref;
	bench_ref_prepare(&ref, &s);
	int nlegal = 0;
	long nref = 0;
	double w[64];
	for (int i = 0; i < 9; i++) {
		t0 = now();
		nlegal = game_legal(&g, legal, max);
		v[i] = (now() - t0) * 1e3;
		t0 = now();
		nref = bench_ref_legal(&ref, &g);
		w[i] = (now() - t0) * 1e3;
	}
	double lm = median(v, 9), lr = median(w, 9);
	printf("legal-movement: %.2f ms (median of 9; %d actions, historical turn 1, Union; "
	       "reference %.2f ms, %ld hexes reached: x%.2f, goal at most x1.5)\n",
	       lm, nlegal, lr, nref, lm / lr);

	/* every unit in turn, nine rounds, each round timed for the engine and then for the
	 * reference: the median round of each */
	struct move_dest d[HEX_INDEX_COUNT];
	int dests = 0;
	long rdests = 0;
	for (int rep = 0; rep < 9; rep++) {
		t0 = now();
		for (int u = 0; u < ROSTER_UNITS; u++) {
			int k = move_reachable(&g, u, d, HEX_INDEX_COUNT, NULL, 0);
			dests += k;
		}
		v[rep] = (now() - t0) * 1e6 / ROSTER_UNITS;
		t0 = now();
		for (int u = 0; u < ROSTER_UNITS; u++)
			rdests += bench_ref_reachable(&ref, &g, u);
		w[rep] = (now() - t0) * 1e6 / ROSTER_UNITS;
	}
	double me = median(v, 9), mr = median(w, 9);
	printf("move-reachable: %.1f us per unit (median of 9 rounds of %d calls, %d destinations; "
	       "reference %.1f us, %ld hexes reached: x%.2f, goal under 10 us)\n",
	       me, ROSTER_UNITS, dests / 9, mr, rdests / 9, me / mr);

	long checks = 0, clear = 0;
	t0 = now();
	for (int a = 0; a < HEX_INDEX_COUNT; a += 3) {
		int from = hex_from_index(a);
		if (!hex_valid(from))
			continue;
		for (int b = 0; b < HEX_INDEX_COUNT; b += 5) {
			int to = hex_from_index(b);
			if (!hex_valid(to) || hex_distance(from, to) > 20)
				continue;
			clear += los_clear(&s.map, from, to);
			checks++;
		}
	}
	printf("los: %.2f us per line (%ld lines up to range 20, %ld clear)\n",
	       (now() - t0) * 1e6 / (double)checks, checks, clear);

	struct position_record rec;
	record_init(&rec, SETUP_HISTORICAL, 1, NULL);
	char *buf = NULL;
	size_t len = 0;
	t0 = now();
	for (int i = 0; i < 50; i++) {
		free(buf);
		buf = NULL;
		FILE *f = open_memstream(&buf, &len);
		position_write(&g, &rec, f);
		fclose(f);
		static struct game back;
		f = fmemopen(buf, len, "r");
		position_read(&back, NULL, &s, f, "bench", err, sizeof err);
		fclose(f);
	}
	printf("position-roundtrip: %.2f ms (write and read, %zu bytes)\n", (now() - t0) * 1e3 / 50,
	       len);
	free(buf);

	for (int i = 0; i < 9; i++) {
		t0 = now();
		long n = random_game(&s, (uint64_t)i + 1, legal, max);
		v[i] = (now() - t0) * 1e3;
		if (n < 0) {
			fprintf(stderr, "bench: random game %d stuck\n", i + 1);
			return 1;
		}
	}
	printf("game-random: %.0f ms (median of 9 whole games, random against random)\n",
	       median(v, 9));

	struct bot_bench_result r;
	const char *rpath = getenv("BENCH_RECORD");
	FILE *record = rpath ? fopen(rpath, "w") : NULL;
	if (rpath && !record) {
		perror(rpath);
		return 1;
	}
	bool played = bot_bench(&s, games, record, &r, err, sizeof err);
	if (record)
		fclose(record);
	if (!played) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	printf("bot-union-turn: median %.2f ms, worst %.2f ms (%d Union player-turns in %d solitaire games, seeds 1-%d)\n",
	       r.median_ms, r.worst_ms, r.turns, r.games, r.games);
	printf("game-solitaire: %.0f ms (mean whole game, bot against the scripted Confederacy)\n",
	       r.total_s * 1e3 / r.games);

	/* issue 34: from a key to the screen at 200x60, the autosave after the frame */
	struct tui_latency lat;
	if (tui_bench_latency("data", 200, 60, 41, &lat, err, sizeof err) != 0) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	printf("tui-move-latency: %.2f ms from key to screen (median of 41 moves, worst %.2f; "
	       "200x60 terminal; the autosave after it %.2f ms; saved before the frame, as before "
	       "issue 34: %.2f ms)\n", lat.show_ms, lat.show_worst_ms, lat.save_ms,
	       lat.show_save_first_ms);

	/* issue 29: the computer general's positions a second and its budgets a player-turn */
	env = getenv("BENCH_GENERAL_GAMES");
	const char *gpath = getenv("BENCH_GENERAL_RECORD");
	FILE *grecord = gpath ? fopen(gpath, "w") : NULL;
	if (gpath && !grecord) {
		perror(gpath);
		return 1;
	}
	bool gok = bench_general(&s, env ? atoi(env) : 2, grecord, err, sizeof err);
	if (grecord)
		fclose(grecord);
	if (!gok) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}

	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("peak-memory: %ld KiB (maximum resident set)\n", ru.ru_maxrss);
	free(legal);
	return 0;
}
