/* fixture_game.h — a small hand-made scenario for the rules-engine suites (test_move.c,
 * test_game.c, test_commit.c): an all-clear, featureless map with the 9.2A/9.3B entry edges,
 * a roster of 122 plain counters organised as the rulebook organises them (corps 4.3, IX
 * Corps divisions 15.6, Hood 4.5C, McLaws and Anderson 4.5A, the cavalry 8.10, A.P. Hill
 * 9.1), and the movement costs and A.P. Hill rolls of the charts. Each test then draws the
 * terrain and places the units it needs. The suite's game is S and G here, driven with
 * fx_ok / fx_refused. Header-only: every suite is its own program. Include after <cmocka.h>. */
#ifndef ANTIETAM_TEST_FIXTURE_GAME_H
#define ANTIETAM_TEST_FIXTURE_GAME_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game.h"
#include "move.h"
#include "tables.h"

static inline const char *fx_confederate_formation(int n)
{
	if (n <= 5) return "Ja";
	if (n <= 10) return "Ew";
	if (n <= 16) return "DH";
	if (n <= 18) return "Cav";
	if (n <= 20) return "Res";
	if (n == 21) return "I";
	if (n == 22) return "Evn";
	if (n <= 25) return "Hd";
	if (n <= 30) return "Jo";
	if (n <= 33) return "Wa";
	if (n <= 36) return "McL";
	if (n <= 40) return "And";
	if (n <= 47) return "McL";
	return "AH";
}

static inline void fx_union_corps(int n, struct unit_def *d)
{
	static const struct { int last; enum corps c; } ranges[] = {
		{ 13, CORPS_I }, { 28, CORPS_II }, { 37, CORPS_XII }, { 47, CORPS_V },
		{ 56, CORPS_VI }, { 69, CORPS_IX },
	};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (n <= ranges[i].last) {
			d->corps = ranges[i].c;
			break;
		}
	snprintf(d->formation, sizeof d->formation, "%s", names_corps[d->corps]);
	/* IX Corps: U57 corps artillery, then four divisions of three (15.6) */
	d->division = d->corps != CORPS_IX ? 1 : n == 57 ? 0 : (n - 58) / 3 + 1;
}

static inline bool fx_artillery(enum side side, int n)
{
	static const int u[] = { 5, 28, 46, 47, 57, 60, 63, 66, 69, 56 };
	static const int c[] = { 5, 18, 19, 20, 21, 53 };
	const int *list = side == SIDE_UNION ? u : c;
	int k = side == SIDE_UNION ? (int)(sizeof u / sizeof u[0]) : (int)(sizeof c / sizeof c[0]);
	for (int i = 0; i < k; i++)
		if (list[i] == n)
			return true;
	return false;
}

static inline void fx_side(struct scenario *s, int a, int b, unsigned bits)
{
	int d = hex_direction(a, b), e = hex_direction(b, a);
	if (d < 0 || e < 0) {
		fprintf(stderr, "fx_side: %d and %d are not adjacent\n", a, b);
		abort();
	}
	s->map.hex[hex_index(a)].side[d] |= (uint16_t)bits;
	s->map.hex[hex_index(b)].side[e] |= (uint16_t)bits;
}

static inline void fx_terrain(struct scenario *s, int hex, enum terrain t)
{
	s->map.hex[hex_index(hex)].terrain = (uint8_t)t;
}

/* A road (bits SIDE_PRIMARY or SIDE_SECONDARY) along a path of adjacent hexes. */
static inline void fx_road(struct scenario *s, const int *hexes, int n, unsigned bits)
{
	for (int i = 0; i + 1 < n; i++)
		fx_side(s, hexes[i], hexes[i + 1], bits);
}

/* A road (bits) straight down a column: from hex through the n hexes hex, hex+1, …. */
static inline void fx_road_down(struct scenario *s, int hex, int n, unsigned bits)
{
	int path[HEX_ROW_MAX + 1];
	if (n > HEX_ROW_MAX + 1)
		abort();
	for (int i = 0; i < n; i++)
		path[i] = hex + i;
	fx_road(s, path, n, bits);
}

/* Antietam Creek along every hexside between column col and column col+1. */
static inline void fx_creek_after_column(struct scenario *s, int col)
{
	for (int r = 0; r <= HEX_ROW_MAX; r++) {
		int h = col * 100 + r;
		if (!hex_valid(h))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && hex_col(n) == col + 1)
				fx_side(s, h, n, SIDE_CREEK);
		}
	}
}

static inline struct scenario *fx_scenario(void)
{
	struct scenario *s = calloc(1, sizeof *s);
	if (!s)
		abort();
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		s->map.hex[i].name = -1;
	for (int c = 10; c <= 23; c++)   /* 9.2A: 1044–2343 */
		s->map.ap_hill_edge[s->map.n_ap_hill_edge++] = c * 100 + ((c & 1) ? 43 : 44);
	for (int r = 10; r <= 24; r++)   /* 9.3B: 4210–4224 */
		s->map.vi_corps_edge[s->map.n_vi_corps_edge++] = 4200 + r;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_def *d = &s->roster.unit[u];
		d->side = u < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE;
		d->number = d->side == SIDE_UNION ? u + 1 : u - ROSTER_UNION + 1;
		snprintf(d->id, sizeof d->id, "%c%d", d->side == SIDE_UNION ? 'U' : 'C', d->number);
		d->corps = CORPS_NONE;
		if (d->side == SIDE_UNION)
			fx_union_corps(d->number, d);
		else
			snprintf(d->formation, sizeof d->formation, "%s", fx_confederate_formation(d->number));
		d->type = fx_artillery(d->side, d->number) ? UNIT_ARTILLERY : UNIT_INFANTRY;
		d->steps = d->type == UNIT_ARTILLERY ? 2 : 4;
		for (int k = 1; k <= d->steps; k++)
			d->cv[k] = d->type == UNIT_ARTILLERY ? 3 : k;
		d->ma = d->type == UNIT_ARTILLERY ? 6 : 8;
		d->range = d->type == UNIT_ARTILLERY ? 8 : 0;
		d->cavalry = !strcmp(d->formation, "Cav");
		if (d->cavalry)
			d->ma = 4;
		s->roster.historical_hex[u] = HEX_NONE;
	}
	struct tables *t = &s->tables;
	t->move_hex[TERRAIN_CLEAR] = 1;
	t->move_hex[TERRAIN_CORNFIELD] = 1;
	t->move_hex[TERRAIN_ORCHARD] = 1;
	t->move_hex[TERRAIN_WOODS] = 2;
	t->move_hex[TERRAIN_TOWN] = 2;
	t->move_road = 1;
	static const int side_cost[SIDE_FEATURE_COUNT] = { 0, 0, 0, 1, 1, 0, -1, 1, 3 };
	memcpy(t->move_side, side_cost, sizeof side_cost);
	static const int lo[12] = { [8] = 6, [9] = 5, [10] = 4, [11] = 1 };
	for (int turn = 8; turn <= 11; turn++) {
		t->ap_hill_lo[turn] = lo[turn];
		t->ap_hill_hi[turn] = 6;
	}
	return s;
}

/* Unit index of "U12" / "C7". */
static inline int fx_u(const char *id)
{
	int u = game_unit_parse(id);
	if (u < 0)
		abort();
	return u;
}

/* Apply a command line through action_parse + game_apply; returns game_apply's answer and
 * leaves its message in the buffer given. After every accepted action the invariant checker
 * (check.h) must pass, or the program stops with its complaint. Set-up actions are exempt:
 * `place` may build any position. */
static inline bool fx_do(struct game *g, const char *line, char *err, size_t errlen)
{
	struct action a;
	if (!action_parse(g->scn, line, &a, err, errlen))
		return false;
	if (!game_apply(g, &a, err, errlen))
		return false;
	char why[256];
	if (a.type < ACT_PLACE && !game_check(g, why, sizeof why)) {
		fprintf(stderr, "after '%s': invariant broken: %s\n", line, why);
		abort();
	}
	return true;
}

/* ---- the suite's game ---- */

static struct scenario *S;
static struct game *G;
static char err[256]; /* the last refusal's message */

/* cmocka group set-up: allocates G (S is made by fx_fresh or by the suite). */
static inline int fx_suite_setup(void **state)
{
	(void)state;
	G = malloc(sizeof *G);
	return G ? 0 : -1;
}

/* cmocka group tear-down: frees G and S. */
static inline int fx_suite_teardown(void **state)
{
	(void)state;
	free(G);
	free(S);
	return 0;
}

/* A fresh featureless scenario (fx_scenario) in S and a new game of it in G, seed 1. */
static inline void fx_fresh(enum game_setup setup)
{
	free(S);
	S = fx_scenario();
	game_new(G, S, setup, 1, NULL);
}

/* Apply line to G (fx_do); fails the test when it is refused. */
static inline void fx_ok(const char *line)
{
	if (!fx_do(G, line, err, sizeof err))
		fail_msg("'%s' refused: %s", line, err);
}

/* Fails the test unless G refuses line citing rule (a prefix of the message) and the game
 * stays byte-identical. */
static inline void fx_refused(const char *line, const char *rule)
{
	struct game *before = malloc(sizeof *before);
	assert_non_null(before);
	memcpy(before, G, sizeof *G);
	if (fx_do(G, line, err, sizeof err))
		fail_msg("'%s' was accepted", line);
	if (strncmp(err, rule, strlen(rule)) != 0)
		fail_msg("'%s': expected %s, got '%s'", line, rule, err);
	assert_memory_equal(before, G, sizeof *G);
	free(before);
}

/* Fails the test unless G's pending decision is `what`, owned by side. */
static inline void fx_expect_pending(enum side side, enum decision what)
{
	if (G->pending.side != side || G->pending.what != what)
		fail_msg("pending %s %s, expected %s %s", game_side_name(G->pending.side),
			 game_decision_name(G->pending.what), game_side_name(side),
			 game_decision_name(what));
}

/* The cost `moves` shows for unit id at hex, or -1 when it may not end there. */
static inline int fx_cost_at(const char *id, int hex)
{
	struct move_dest d[HEX_INDEX_COUNT];
	int n = move_reachable(G, fx_u(id), d, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < n; i++)
		if (d[i].hex == hex)
			return d[i].cost;
	return -1;
}

/* MPs of a whole move command as move_check counts them, or -1 when refused. */
static inline int fx_path_cost(const char *line)
{
	struct action a;
	int16_t path[GAME_PATH_MAX];
	int n, cost;
	bool dbl;
	assert_true(action_parse(G->scn, line, &a, err, sizeof err));
	return move_check(G, &a, path, &n, &cost, &dbl, err, sizeof err) ? cost : -1;
}

#endif
