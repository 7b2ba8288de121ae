/* test_soak.c — random-play soak (issue 10): complete games with random legal actions for
 * both sides on the real data, checking after every action the invariants of game_check
 * (each unit in one place, steps in bounds, stacking 7.0), that every action the engine
 * lists as legal is accepted, that every refused action leaves the game byte-identical, and
 * every few actions that a position file written, read and written again is identical and
 * reads back into the same game. SOAK_GAMES games (default 50; CI runs 500), seeds 1..N. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "check.h"
#include "game.h"
#include "move.h"
#include "position.h"
#include "scenario.h"

#define LEGAL_MAX 8192
#define ROUNDTRIP_EVERY 25

static struct scenario *scn;
static struct action *legal;

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static char *write_text(const struct game *g, const struct position_record *rec, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	assert_non_null(f);
	assert_true(position_write(g, rec, f));
	fclose(f);
	return buf;
}

/* write → read → write is identical, and the game read back is the game written. */
static void roundtrip(const struct game *g, const struct position_record *rec, uint64_t seed)
{
	size_t len1, len2;
	char *t1 = write_text(g, rec, &len1);
	FILE *f = fmemopen(t1, len1, "r");
	assert_non_null(f);
	static struct game back;
	struct position_record r2;
	position_record_init(&r2, SETUP_HISTORICAL, 0, NULL);
	char err[512];
	if (!position_read(&back, &r2, scn, f, "soak", err, sizeof err))
		fail_msg("seed %llu: position does not read back: %s", (unsigned long long)seed, err);
	fclose(f);
	char *t2 = write_text(&back, &r2, &len2);
	if (len1 != len2 || memcmp(t1, t2, len1))
		fail_msg("seed %llu: write-read-write differs", (unsigned long long)seed);
	free(t1);
	free(t2);
	position_record_free(&r2);
}

/* One random action: in movement mostly a random unit to a random reachable hex (listing
 * every move of every unit each time would make the soak slow), otherwise any legal one. */
static bool pick(const struct game *g, uint64_t *rs, struct action *out)
{
	uint64_t r = next(rs);
	if (g->pending.what == DECISION_MOVEMENT && r % 24) {
		int u = (int)(r / 8 % ROSTER_UNITS);
		struct move_dest d[HEX_INDEX_COUNT];
		int n = move_reachable(g, u, d, HEX_INDEX_COUNT, NULL, 0);
		if (n == 0)
			return false;
		memset(out, 0, sizeof *out);
		out->type = ACT_MOVE;
		out->unit = u;
		out->n = 1;
		out->hex[0] = d[(r >> 20) % (uint64_t)n].hex;
		return true;
	}
	if (g->pending.what == DECISION_MOVEMENT) {
		/* ending the phase; listing every move of every unit first would only cost time */
		memset(out, 0, sizeof *out);
		out->type = ACT_END;
		out->unit = -1;
		return true;
	}
	int n = game_legal(g, legal, LEGAL_MAX);
	if (n <= 0)
		fail_msg("no legal action at %s", game_decision_name(g->pending.what));
	*out = legal[(r >> 12) % (uint64_t)n];
	return true;
}

static long play(uint64_t seed)
{
	static struct game g, before;
	struct game_options opt = { 0 };
	opt.mishap = seed % 3 == 0;
	opt.unleashed = seed % 7 == 0;
	game_new(&g, scn, SETUP_HISTORICAL, seed, &opt);
	struct position_record rec;
	position_record_init(&rec, SETUP_HISTORICAL, seed, &opt);
	uint64_t rs = seed * 7919;
	char err[512], text[512];
	long actions = 0;
	while (g.pending.what != DECISION_GAMEOVER) {
		struct action a;
		if (!pick(&g, &rs, &a))
			continue;
		action_format(scn, &a, text, sizeof text);
		before = g;
		if (!game_apply(&g, &a, err, sizeof err)) {
			/* only a movement-phase pick may be refused (e.g. `end` while 9.1C forces entry) */
			if (a.type != ACT_END)
				fail_msg("seed %llu: legal action '%s' refused: %s",
					 (unsigned long long)seed, text, err);
			if (memcmp(&g, &before, sizeof g))
				fail_msg("seed %llu: refused '%s' changed the game", (unsigned long long)seed, text);
			continue;
		}
		assert_true(position_record_add(&rec, text));
		if (!game_check(&g, err, sizeof err))
			fail_msg("seed %llu: after '%s': %s", (unsigned long long)seed, text, err);
		if (++actions % ROUNDTRIP_EVERY == 0)
			roundtrip(&g, &rec, seed);
		if (actions > 100000)
			fail_msg("seed %llu: the game did not end", (unsigned long long)seed);
	}
	roundtrip(&g, &rec, seed);
	position_record_free(&rec);
	return actions;
}

static void test_random_games(void **state)
{
	(void)state;
	const char *env = getenv("SOAK_GAMES");
	int games = env ? atoi(env) : 50;
	long total = 0;
	for (int s = 1; s <= games; s++)
		total += play((uint64_t)s);
	printf("soak: %d games to the end of turn %d, %ld actions; invariants held after each\n",
	       games, GAME_TURNS, total);
}

static int setup(void **state)
{
	(void)state;
	char err[512];
	scn = malloc(sizeof *scn);
	legal = malloc(sizeof *legal * LEGAL_MAX);
	if (!scn || !legal || !scenario_load(scn, "data", err, sizeof err)) {
		fprintf(stderr, "soak: %s\n", err);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(scn);
	free(legal);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests_name("soak", tests, setup, teardown);
}
