/* test_soak.c — random-play soak (issue 10): complete games on the real data, random legal
 * actions for both sides, checking after every action the invariants of check_game (each
 * unit in one place, steps in bounds, stacking 7.0), that no unit crossed Antietam Creek but
 * at a bridge or ford (8.7.6: along the path the action shows, or some short enough way for
 * a move it does not), that the VP count recomputed from the position agrees with itself and
 * with the eliminations counted as they happened, that every action the engine lists as legal
 * is accepted, that every refused action leaves the game byte-identical, and every few
 * actions that a position file written, read and written again is identical and reads back
 * into the same game. SOAK_GAMES games (default 50; CI runs 500), seeds 1..N. Then
 * SOAK_BOT_GAMES solitaire games (default a fifth of SOAK_GAMES): the Union bot (14.0–18.0)
 * against a random Confederacy, the same checks after every random action and every bot
 * turn, and no bot decision left to its last resort. Then SOAK_GENERAL_GAMES (default a
 * 25th of SOAK_GAMES) games each of the computer general as Lee against the Union bot and of
 * the general against itself, with the same checks after every turn of theirs, and
 * SOAK_STRONG_GAMES (default a 500th of SOAK_GAMES) of each at the general's last level. SOAK_RECORD=FILE writes every game's
 * actions and end digest to FILE (make record-games). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "action_text.h"
#include "fixture.h"

#include "bot.h"
#include "check.h"
#include "general.h"
#include "game.h"
#include "move.h"
#include "position.h"
#include "scenario.h"
#include "victory.h"

#define LEGAL_MAX 8192
#define ROUNDTRIP_EVERY 25

static struct action *legal;
static FILE *record; /* SOAK_RECORD=FILE: every game's actions and end digest (make record-games) */

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
	record_init(&r2, SETUP_HISTORICAL, 0, NULL);
	char err[512];
	if (!position_read(&back, &r2, S, f, "soak", err, sizeof err))
		fail_msg("seed %llu: position does not read back: %s", (unsigned long long)seed, err);
	fclose(f);
	char *t2 = write_text(&back, &r2, &len2);
	if (len1 != len2 || memcmp(t1, t2, len1))
		fail_msg("seed %llu: write-read-write differs", (unsigned long long)seed);
	free(t1);
	free(t2);
	record_free(&r2);
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
	int n = game_legal_first(g, legal, LEGAL_MAX);
	if (n <= 0)
		fail_msg("no legal action at %s", names_of_decision(g->pending.what));
	*out = legal[(r >> 12) % (uint64_t)n];
	return true;
}

/* ---- invariants the engine does not check itself ---- */

/* 8.7.6: a step between adjacent hexes that crosses Antietam Creek only at a bridge or ford. */
static bool step_ok(int a, int b)
{
	unsigned f = map_side(&S->map, a, b);
	return hex_adjacent(a, b) && (!(f & SIDE_CREEK) || (f & (SIDE_BRIDGE | SIDE_FORD)));
}

/* A way from a to b of at most `bound` such steps (for the moves whose path no action shows:
 * withdrawal, the bot's turns). */
static bool way_exists(int a, int b, int bound)
{
	static uint8_t dist[HEX_INDEX_COUNT];
	int16_t queue[HEX_INDEX_COUNT];
	int qh = 0, qt = 0;
	memset(dist, 0xff, sizeof dist);
	dist[hex_index(a)] = 0;
	queue[qt++] = (int16_t)a;
	while (qh < qt) {
		int h = queue[qh++];
		if (h == b)
			return true;
		if (dist[hex_index(h)] >= bound)
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && dist[hex_index(n)] == 0xff && step_ok(h, n)) {
				dist[hex_index(n)] = (uint8_t)(dist[hex_index(h)] + 1);
				queue[qt++] = (int16_t)n;
			}
		}
	}
	return false;
}

/* The path an action takes the unit along (its hexes after the start), when the action shows
 * it: a move (the engine's own path, move_check), a retreat, an advance, a supporting advance,
 * a mishap. 0 when it shows none. */
static int action_path(const struct game *g, const struct action *a, int16_t *path)
{
	int n = 0, cost;
	bool dbl;
	char err[256];
	switch (a->type) {
	case ACT_MOVE:
		if (g->pending.what == DECISION_MOVEMENT &&
		    move_check(g, a, path, &n, &cost, &dbl, err, sizeof err))
			return n;
		return 0;
	case ACT_RETREAT:
		memcpy(path, a->hex, (size_t)a->n * sizeof *path);
		return a->n;
	case ACT_ADVANCE: case ACT_SUPPORT: case ACT_MISHAP:
		path[0] = (int16_t)a->target;
		return 1;
	default:
		return 0;
	}
}

/* After a step of play (one action, or the bot's whole turn) from `before` to g: check_game
 * holds; every unit
 * that changed hex crossed the creek only at bridges and fords — along the path the action
 * showed for unit `mover`, by some way short enough for the others; every unit newly
 * eliminated counts in `elim` (kept from these differences, a running total); and the VP
 * count recomputed from the position agrees: its total is the sum of its lines, its
 * eliminated units are the running totals. */
static void check_step(const struct game *before, const struct game *g, int mover,
		       const int16_t *path, int npath, int *elim, const char *what, uint64_t seed)
{
	char err[512];
	if (!check_game(g, err, sizeof err))
		fail_msg("seed %llu: after '%s' (turn %d): %s", (unsigned long long)seed, what, g->turn,
			 err);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		int from = before->unit[u].hex, to = g->unit[u].hex;
		if (before->unit[u].steps > 0 && g->unit[u].steps == 0 &&
		    !(g->unit[u].flags & UF_REMOVED))
			elim[unit_side(u)]++;
		if (from == to || from == HEX_NONE || to == HEX_NONE)
			continue;
		if (u == mover && npath > 0) {
			for (int i = 0, at = from; i < npath; at = path[i++])
				if (!step_ok(at, path[i]))
					fail_msg("seed %llu: '%s' takes %s from %04d to %04d across the creek",
						 (unsigned long long)seed, what, names_of_unit(u), at, path[i]);
			if (to != path[npath - 1])
				fail_msg("seed %llu: '%s' left %s in %04d, not at the end of its path %04d",
					 (unsigned long long)seed, what, names_of_unit(u), to, path[npath - 1]);
		} else if (!way_exists(from, to, 2 * g->scn->roster.unit[u].ma + 20)) {
			/* the most hexes one player-turn can take a unit: double time with the
			 * road bonus (8.9C: 2 MA + 6 at 1 MP a road hex), a retreat of up to eight
			 * hexes (11.17.3A), advances (11.18, 11.19) */
			fail_msg("seed %llu: after '%s' %s went from %04d to %04d: no way there that "
				 "crosses the creek only at bridges and fords", (unsigned long long)seed,
				 what, names_of_unit(u), from, to);
		}
	}
	struct victory_count c;
	if (g->opt.solitaire)
		victory_solitaire(g, &c);
	else
		victory_two_player(g, &c);
	int sum = 0;
	for (int i = 0; i < c.nlines; i++) {
		sum += c.line[i].vp2;
		bool union_line = !strcmp(c.line[i].key, "eliminated-union");
		if ((union_line || !strcmp(c.line[i].key, "eliminated-confederate")) &&
		    c.line[i].held != elim[union_line ? SIDE_UNION : SIDE_CONFEDERATE])
			fail_msg("seed %llu: after '%s' the VP count has %d %s units eliminated, the "
				 "game %d", (unsigned long long)seed, what, c.line[i].held,
				 union_line ? "Union" : "Confederate",
				 elim[union_line ? SIDE_UNION : SIDE_CONFEDERATE]);
	}
	if (sum != c.vp2)
		fail_msg("seed %llu: after '%s' the VP lines sum to %d half points, the total is %d",
			 (unsigned long long)seed, what, sum, c.vp2);
}

/* One random action for the side that must decide, applied and checked: a refused pick
 * must be a movement-phase `end` and change nothing; an accepted one goes into the record,
 * check_step must pass after it, and every ROUNDTRIP_EVERY actions the position file must
 * read back. */
static void random_step(struct game *g, struct position_record *rec, uint64_t *rs, uint64_t seed,
		       long *actions, int *elim)
{
	static struct game before;
	char err[512], text[512];
	struct action a;
	int16_t path[GAME_PATH_MAX];
	if (!pick(g, rs, &a))
		return;
	action_format(S, &a, text, sizeof text);
	int npath = action_path(g, &a, path);
	before = *g;
	if (!game_apply_events(g, &a, &rec->events, err, sizeof err)) {
		/* only a movement-phase pick may be refused (e.g. `end` while 9.1C forces entry) */
		if (a.type != ACT_END)
			fail_msg("seed %llu: legal action '%s' refused: %s", (unsigned long long)seed,
				 text, err);
		if (memcmp(g, &before, sizeof *g))
			fail_msg("seed %llu: refused '%s' changed the game", (unsigned long long)seed, text);
		return;
	}
	assert_true(record_add(rec, text));
	if (record)
		fprintf(record, "%s\n", text);
	check_step(&before, g, a.unit, path, npath, elim, text, seed);
	if (++*actions % ROUNDTRIP_EVERY == 0)
		roundtrip(g, rec, seed);
	if (*actions > 100000)
		fail_msg("seed %llu: the game did not end", (unsigned long long)seed);
}

/* The bot's port: each choice through game_apply into the record as a plain action with its
 * note (the rule the bot followed), as the match layer keeps it. */
struct soak_port {
	struct game *g;
	struct position_record *rec;
};

static bool soak_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	struct soak_port *p = ctx;
	if (!game_apply_events(p->g, a, &p->rec->events, err, errlen))
		return false;
	char text[512];
	action_format(S, a, text, sizeof text);
	assert_true(record_add(p->rec, text));
	assert_true(record_note(p->rec, a->note));
	if (record)
		fprintf(record, "%s\n", text);
	return true;
}

/* The record alone, played from the start through game_apply with no bot, reaches the same
 * game, log and all (the bots' reasons are the notes of their actions): the same events,
 * byte for byte. */
static void replay_check(const struct position_record *rec, const struct game *g, uint64_t seed)
{
	static struct game r;
	struct event_log log = { 0 };
	game_new_events(&r, S, rec->setup, rec->seed, &rec->opt, &log);
	char err[512];
	for (int i = 0; i < rec->n; i++) {
		struct action a;
		bool parsed = action_parse(S, rec->action[i], &a, err, sizeof err);
		a.note = rec->note[i];
		if (!parsed || !game_apply_events(&r, &a, &log, err, sizeof err))
			fail_msg("seed %llu: the record's action %d '%s' does not replay: %s",
				 (unsigned long long)seed, i + 1, rec->action[i], err);
	}
	if (memcmp(&r, g, sizeof r))
		fail_msg("seed %llu: the record replayed without the bot does not reach the game",
			 (unsigned long long)seed);
	if (log.n != rec->events.n || log.first != rec->events.first || log.failed ||
	    memcmp(log.ev, rec->events.ev, (size_t)log.n * sizeof *log.ev))
		fail_msg("seed %llu: the replay's events are not the game's", (unsigned long long)seed);
	event_log_free(&log);
}

/* A whole game, random against random (bot = false), or the solitaire Union bot (14.0–18.0)
 * against a random Confederacy: the bot's player-turn is one step of the record (`bot`, as
 * the front-ends record it), checked and written back like a random action, and none of its
 * decisions may fall back on the bot's last resort (no rule of 14.0–18.0, logged "bot: …"). */
enum soak_mode {
	SOAK_RANDOM,          /* random against random, two-player rules */
	SOAK_BOT,             /* the solitaire Union bot against a random Confederacy */
	SOAK_GENERAL_BOT,     /* the solitaire Union bot against the general (level 1) as Lee */
	SOAK_GENERAL_GENERAL, /* the general against itself, two-player rules */
	SOAK_QUICK_GENERAL_BOT, /* SOAK_GENERAL_BOT from the quick set-up (4.2): each side places */
};
static const char *const mode_names[] = { "random", "bot", "general-bot", "general-general",
					  "quick-general-bot" };

/* Who plays side in mode: 0 random, 1 the solitaire bot, 2 the general. */
static int player_of(enum soak_mode mode, enum side side)
{
	switch (mode) {
	case SOAK_BOT: return side == SIDE_UNION ? 1 : 0;
	case SOAK_GENERAL_BOT:
	case SOAK_QUICK_GENERAL_BOT: return side == SIDE_UNION ? 1 : 2;
	case SOAK_GENERAL_GENERAL: return 2;
	default: return 0;
	}
}

static long play(uint64_t seed, enum soak_mode mode, int level)
{
	static struct game g, before;
	int elim[2] = { 0, 0 };
	struct game_options opt = { 0 };
	bool bot = mode == SOAK_BOT || mode == SOAK_GENERAL_BOT || mode == SOAK_QUICK_GENERAL_BOT;
	enum game_setup setup = mode == SOAK_QUICK_GENERAL_BOT ? SETUP_QUICK : SETUP_HISTORICAL;
	opt.mishap = seed % 3 == 0;
	opt.unleashed = mode == SOAK_RANDOM && seed % 7 == 0;
	opt.solitaire = bot;
	struct position_record rec;
	record_init(&rec, setup, seed, &opt);
	game_new_events(&g, S, setup, seed, &opt, &rec.events);
	uint64_t rs = seed * 7919;
	long actions = 0;
	if (record)
		fprintf(record, "game %s %llu\n", mode_names[mode], (unsigned long long)seed);
	while (g.pending.what != DECISION_GAMEOVER) {
		int who = player_of(mode, g.pending.side);
		if (who == 0) {
			random_step(&g, &rec, &rs, seed, &actions, elim);
			continue;
		}
		char err[512];
		int seen = g.nlog, turn = g.turn;
		before = g;
		struct soak_port sp = { &g, &rec };
		struct bot_port port = { &g, soak_apply, &sp };
		int n = who == 1 ? bot_play(&port, err, sizeof err) : general_play(&port, level, err, sizeof err);
		if (n < 0)
			fail_msg("seed %llu turn %d: the %s: %s", (unsigned long long)seed, turn,
				 who == 1 ? "Union bot" : "general", err);
		for (int i = seen; i < g.nlog; i++) {
			const struct game_event *e = event_log_at(&rec.events, i);
			if (e && e->kind == EVENT_NOTE && !strncmp(e->text, "bot: ", 5))
				fail_msg("seed %llu turn %d: the Union bot had no rule: %s",
					 (unsigned long long)seed, turn, e->text);
		}
		check_step(&before, &g, -1, NULL, 0, elim, who == 1 ? "bot" : "general", seed);
		actions += n;
		roundtrip(&g, &rec, seed);
	}
	roundtrip(&g, &rec, seed);
	replay_check(&rec, &g, seed);
	record_free(&rec);
	if (record)
		bot_bench_digest(record, &g);
	return actions;
}

static int env_games(const char *name, int fallback)
{
	const char *env = getenv(name);
	return env ? atoi(env) : fallback;
}

static void test_random_games(void **state)
{
	(void)state;
	int games = env_games("SOAK_GAMES", 50);
	long total = 0;
	for (int s = 1; s <= games; s++)
		total += play((uint64_t)s, SOAK_RANDOM, 1);
	printf("soak: %d games random against random to the end of turn %d, %ld actions; "
	       "invariants held after each\n", games, GAME_TURNS, total);
}

static void test_bot_games(void **state)
{
	(void)state;
	int games = env_games("SOAK_BOT_GAMES", env_games("SOAK_GAMES", 50) / 5);
	long total = 0;
	for (int s = 1; s <= games; s++)
		total += play((uint64_t)s, SOAK_BOT, 1);
	printf("soak: %d solitaire games, the Union bot against a random Confederacy, %ld actions; "
	       "invariants held after each random action and each bot turn\n", games, total);
}

static void test_general_games(void **state)
{
	(void)state;
	int games = env_games("SOAK_GENERAL_GAMES", env_games("SOAK_GAMES", 50) / 25);
	long total = 0;
	for (int s = 1; s <= games; s++) {
		total += play((uint64_t)s, SOAK_GENERAL_BOT, 1);
		total += play((uint64_t)s, SOAK_GENERAL_GENERAL, 1);
	}
	printf("soak: %d games of the general (level 1) as Lee against the Union bot and %d of the "
	       "general against itself, %ld actions; invariants held after each turn, every record "
	       "replays\n", games, games, total);
}

/* The strong general (level 3, GENERAL_STRONG: the Confederacy's plans and counterattacks played
 * through the reply, issue 30) the same way: SOAK_STRONG_GAMES (default one per 500 of
 * SOAK_GAMES: one in CI's make soak N=500) of each, from seed 1001. */
static void test_strong_general_games(void **state)
{
	(void)state;
	int games = env_games("SOAK_STRONG_GAMES", env_games("SOAK_GAMES", 50) / 500);
	long total = 0;
	for (int s = 1; s <= games; s++) {
		total += play((uint64_t)(1000 + s), SOAK_GENERAL_BOT, GENERAL_STRONG);
		total += play((uint64_t)(1000 + s), SOAK_GENERAL_GENERAL, GENERAL_STRONG);
	}
	printf("soak: %d games of the general (level %d) as Lee against the Union bot and %d of the "
	       "general against itself, %ld actions; invariants held after each turn, every record "
	       "replays\n", games, GENERAL_STRONG, games, total);
}

/* The general as Lee against the bot from the quick set-up (4.2: the bot places the Union on
 * its 4.3 hexes, the general the Confederacy by gc_plan_setup): SOAK_QUICK_GAMES (default one
 * per 25 of SOAK_GAMES) at level 1, from seed 3001. */
static void test_quick_setup_games(void **state)
{
	(void)state;
	int games = env_games("SOAK_QUICK_GAMES", env_games("SOAK_GAMES", 50) / 25);
	long total = 0;
	for (int s = 1; s <= games; s++)
		total += play((uint64_t)(3000 + s), SOAK_QUICK_GENERAL_BOT, 1);
	printf("soak: %d games of the general (level 1) as Lee against the Union bot from the quick "
	       "set-up (4.2), %ld actions; invariants held after each turn, every record replays\n",
	       games, total);
}

static int setup(void **state)
{
	const char *rpath = getenv("SOAK_RECORD");
	if (rpath && !(record = fopen(rpath, "w"))) {
		perror(rpath);
		return -1;
	}
	legal = malloc(sizeof *legal * LEGAL_MAX);
	return legal ? fx_real_setup(state) : -1;
}

static int teardown(void **state)
{
	free(legal);
	if (record)
		fclose(record);
	return fx_teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games),
		cmocka_unit_test(test_bot_games),
		cmocka_unit_test(test_general_games),
		cmocka_unit_test(test_strong_general_games),
		cmocka_unit_test(test_quick_setup_games),
	};
	return cmocka_run_group_tests_name("soak", tests, setup, teardown);
}
