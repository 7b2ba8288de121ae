/* general_table.c — `make general-table`: one row of the computer general's strength table
 * (docs/general.md "Strength, as measured"). Plays the games of seeds SEED..SEED+N-1 exactly
 * as `antietam --simulate N --seed SEED --union U --confederate C --rules R` does
 * (sim_play_game: the same games, the same games.csv when --out is given), and times on the
 * process CPU clock every call of a general, summed by player-turn: the calls made while its
 * own side is the phasing side of a game-turn (5.2) are its player-turn.
 *
 *   general_table LABEL N SEED RULES UNION CONFEDERATE [DATA] [OUT.csv]
 *
 * prints one Markdown row: | label | games | results (3.5 two-player, 19.0B solitaire) |
 * median VP | mean VP (10th-90th percentile) | units lost by each side, median (mean) |
 * Confederate attacks a game (mean) | the turn the Lower Bridge is first Union-held at a
 * turn's end, median (12: never) | CPU a player-turn of the general, median / worst (ms) |. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "position.h"
#include "scenario.h"
#include "../src/sim/sim.h"

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const struct player *inner[2];
static struct player timed[2];
static double turn_cpu[2][GAME_TURNS + 2]; /* a side's own player-turns in this game */

static int timed_play(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		      char *err, size_t errlen)
{
	int turn = port->g->turn;
	bool own = port->g->side == side;
	double t0 = cpu_now();
	int k = inner[side]->play(port, side, level, rng, err, errlen);
	if (own && turn >= 0 && turn <= GAME_TURNS + 1)
		turn_cpu[side][turn] += cpu_now() - t0;
	return k;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static double median_d(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double median_i(int *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_int);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* The distinct result levels in order of first appearance, with their counts. */
struct tally {
	char name[16][24];
	int count[16], n;
};

static void tally_add(struct tally *t, const char *name)
{
	for (int i = 0; i < t->n; i++)
		if (!strcmp(t->name[i], name)) {
			t->count[i]++;
			return;
		}
	if (t->n < 16) {
		snprintf(t->name[t->n], sizeof t->name[t->n], "%s", name);
		t->count[t->n++] = 1;
	}
}

int main(int argc, char **argv)
{
	if (argc < 7) {
		fprintf(stderr, "usage: general_table LABEL N SEED solitaire|two-player[-quick] UNION "
				"CONFEDERATE [DATA] [OUT.csv]\n");
		return 2;
	}
	const char *label = argv[1], *data = argc > 7 ? argv[7] : "data";
	int n = atoi(argv[2]);
	uint64_t seed = strtoull(argv[3], NULL, 10);
	struct sim_config cfg;
	memset(&cfg, 0, sizeof cfg);
	/* RULES-quick: from the quick set-up (4.2), as --quick-setup */
	char rules[32];
	snprintf(rules, sizeof rules, "%s", argv[4]);
	size_t len = strlen(rules);
	if (len > 6 && !strcmp(rules + len - 6, "-quick")) {
		cfg.quick = true;
		rules[len - 6] = 0;
	}
	if (!strcmp(rules, "solitaire"))
		cfg.rules = SIM_SOLITAIRE;
	else if (!strcmp(rules, "two-player"))
		cfg.rules = SIM_TWO_PLAYER;
	else {
		fprintf(stderr, "general_table: rules '%s': solitaire or two-player, each with -quick "
				"or not\n", argv[4]);
		return 2;
	}
	char err[512];
	for (int s = 0; s < 2; s++) {
		enum side side = s ? SIDE_CONFEDERATE : SIDE_UNION;
		if (!sim_player_parse(argv[5 + s], side, cfg.rules, &cfg.player[s], err, sizeof err)) {
			fprintf(stderr, "general_table: %s\n", err);
			return 2;
		}
		inner[s] = cfg.player[s].player;
		timed[s] = *inner[s];
		timed[s].play = timed_play;
		cfg.player[s].player = &timed[s];
	}
	struct scenario *scn = malloc(sizeof *scn);
	if (!scn || n < 1 || !scenario_load(scn, data, err, sizeof err)) {
		fprintf(stderr, "general_table: %s\n", scn ? err : "out of memory");
		return 2;
	}
	FILE *csv = NULL;
	struct sim_layout layout;
	sim_layout(scn, &layout);
	if (argc > 8) {
		csv = fopen(argv[8], "w");
		if (!csv) {
			perror(argv[8]);
			return 2;
		}
		sim_csv_games_header(&layout, csv);
	}
	int *vp2 = calloc((size_t)n, sizeof *vp2), *lost[2];
	lost[0] = calloc((size_t)n, sizeof *lost[0]);
	lost[1] = calloc((size_t)n, sizeof *lost[1]);
	double *cpu[2];
	int ncpu[2] = { 0, 0 };
	cpu[0] = calloc((size_t)n * (GAME_TURNS + 2), sizeof *cpu[0]);
	cpu[1] = calloc((size_t)n * (GAME_TURNS + 2), sizeof *cpu[1]);
	struct sim_game *r = malloc(sizeof *r);
	if (!vp2 || !lost[0] || !lost[1] || !cpu[0] || !cpu[1] || !r) {
		fprintf(stderr, "general_table: out of memory\n");
		return 2;
	}
	int *bridge = calloc((size_t)n, sizeof *bridge);
	long attacks = 0;
	int lb = -1;
	for (int o = 0; o < layout.nobj; o++)
		if (!strcmp(layout.key[o], "lower-bridge"))
			lb = o;
	struct position_record rec;
	struct tally t = { .n = 0 };
	double sum_lost[2] = { 0, 0 };
	int played = 0, failed = 0;
	for (int i = 0; i < n; i++) {
		memset(turn_cpu, 0, sizeof turn_cpu);
		if (!sim_play_game(scn, &cfg, seed + (uint64_t)i, r, NULL, &rec, err, sizeof err)) {
			fprintf(stderr, "general_table: %s\n", err);
			record_free(&rec);
			failed++;
			continue;
		}
		/* the Confederacy's attack declarations ("attack 1813 C32 C33") */
		for (int k = 0; k < rec.n; k++)
			attacks += !strncmp(rec.action[k], "attack ", 7) &&
				   strstr(rec.action[k], " C") != NULL;
		record_free(&rec);
		bridge[played] = GAME_TURNS + 1;
		for (int k = 0; k < r->nturns && lb >= 0; k++)
			if (r->turn[k].held[lb] >= layout.nhexes[lb]) {
				bridge[played] = k + 1;
				break;
			}
		if (csv)
			sim_csv_game(&layout, r, csv);
		bool two = cfg.rules == SIM_TWO_PLAYER;
		vp2[played] = two ? r->vp2_two : r->vp2_solo;
		tally_add(&t, two ? r->level_two : r->level_solo);
		for (int s = 0; s < 2; s++) {
			lost[s][played] = r->infantry_elim[s] + r->batteries_elim[s];
			sum_lost[s] += lost[s][played];
			if (strcmp(inner[s]->name, "general"))
				continue;
			for (int k = 1; k <= GAME_TURNS; k++)
				if (turn_cpu[s][k] > 0)
					cpu[s][ncpu[s]++] = turn_cpu[s][k] * 1000;
		}
		played++;
	}
	if (csv)
		fclose(csv);
	if (!played)
		return 1;
	printf("| %s | %d | ", label, played);
	for (int i = 0; i < t.n; i++)
		printf("%s%s %d", i ? ", " : "", t.name[i], t.count[i]);
	double sum_vp = 0;
	for (int i = 0; i < played; i++)
		sum_vp += vp2[i] / 2.0;
	double mvp = median_i(vp2, played) / 2; /* sorts vp2 */
	double p10 = vp2[played / 10] / 2.0, p90 = vp2[(played * 9) / 10 - (played % 10 == 0)] / 2.0;
	double lu = median_i(lost[0], played), lc = median_i(lost[1], played);
	printf(" | %.1f | %.1f (%.1f…%.1f) | %.1f (%.1f) / %.1f (%.1f) | %.1f | %.1f |", mvp,
	       sum_vp / played, p10, p90, lu, sum_lost[0] / played, lc, sum_lost[1] / played,
	       (double)attacks / played, median_i(bridge, played));
	for (int s = 0; s < 2; s++) {
		if (!ncpu[s])
			continue;
		double worst = 0;
		for (int i = 0; i < ncpu[s]; i++)
			if (cpu[s][i] > worst)
				worst = cpu[s][i];
		printf(" %s%.0f / %.0f", s ? "Confederacy " : "Union ", median_d(cpu[s], ncpu[s]),
		       worst);
	}
	printf(" |\n");
	free(vp2);
	free(bridge);
	free(lost[0]);
	free(lost[1]);
	free(cpu[0]);
	free(cpu[1]);
	free(r);
	scenario_free(scn);
	free(scn);
	return failed ? 1 : 0;
}
