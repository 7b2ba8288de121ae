/* retreat.c — owns retreats (11.17): which paths are legal (exactly three hexes or one to
 * three after a break-off; no creek but at a bridge or ford, not off the map, no hex twice,
 * no enemy hex; not ending in an EZOC nor over-stacked, continuing the fewest extra hexes
 * when stacking forbids every end; ending as far as possible from the nearest enemy), and
 * carrying one out: a step per EZOC hex entered without a friend (11.17.4B), panic in every
 * friendly hex entered (11.17.5), the second artillery retreat roll through an EZOC and the
 * Moved marker (11.17.6C, E). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "combat_internal.h"
#include "commit.h"

struct search {
	const struct game *g;
	int u;
	enum side side;
	int16_t cur[RETREAT_LEN_MAX + 1]; /* cur[0] = start */
	struct retreat_path *out;
	int n, max;
	/* what the paths ask of each hex (dense index), once: the position does not change
	 * while they are searched (retreat_paths clears it) */
	uint8_t memo[HEX_INDEX_COUNT];
};

enum { M_ENEMY_KNOWN = 1, M_ENEMY = 2, M_EZOC_KNOWN = 4, M_EZOC = 8, M_STACK_KNOWN = 16,
       M_STACK = 32 };

/* The hex holds enemy units (8.4). */
static bool enemy_there(struct search *s, int h)
{
	uint8_t *m = &s->memo[hex_index(h)];
	if (!(*m & M_ENEMY_KNOWN))
		*m |= M_ENEMY_KNOWN | (unit_side_in(s->g, h, enemy_of(s->side)) ? M_ENEMY : 0);
	return *m & M_ENEMY;
}

/* The hex is in an enemy ZOC (11.17.4). */
static bool ezoc_there(struct search *s, int h)
{
	uint8_t *m = &s->memo[hex_index(h)];
	if (!(*m & M_EZOC_KNOWN))
		*m |= M_EZOC_KNOWN | (zoc_in_ezoc(s->g, h, s->side) ? M_EZOC : 0);
	return *m & M_EZOC;
}

/* The unit may end in the hex by the stacking rules (7.0, 11.17.3A). */
static bool stack_there(struct search *s, int h)
{
	uint8_t *m = &s->memo[hex_index(h)];
	if (!(*m & M_STACK_KNOWN))
		*m |= M_STACK_KNOWN | (stack_allows(s->g, h, s->u) ? M_STACK : 0);
	return *m & M_STACK;
}

/* 11.17.3C–E and no enemy hex: may the unit step from a to b? */
static bool step_ok(struct search *s, int a, int b, int depth)
{
	if (b == HEX_NONE)
		return false; /* 11.17.3D */
	for (int i = 0; i <= depth; i++)
		if (s->cur[i] == b)
			return false; /* 11.17.3E */
	unsigned f = map_side(&s->g->scn->map, a, b);
	if ((f & SIDE_CREEK) && !(f & (SIDE_BRIDGE | SIDE_FORD)))
		return false; /* 11.17.3C, 8.7.6 */
	if (unit_middle_bridge_forbids(s->g, s->u, b))
		return false; /* 4.6: "may ever move" */
	return !enemy_there(s, b);
}

/* 11.17.4A, 11.17.3A: may the retreat end in hex h? */
static bool end_ok(struct search *s, int h)
{
	return !ezoc_there(s, h) && stack_there(s, h);
}

/* Collect paths of exactly len hexes ending legally; hexes after the third must be ones
 * where stacking forbade ending (11.17.3A: the extra hexes of an over-stacked retreat). */
static void dfs(struct search *s, int depth, int len)
{
	int at = s->cur[depth];
	if (depth == len) {
		if (!end_ok(s, at))
			return;
		if (s->n < s->max) {
			struct retreat_path *p = &s->out[s->n];
			p->n = (int8_t)len;
			for (int i = 0; i < len; i++)
				p->hex[i] = s->cur[i + 1];
		}
		s->n++;
		return;
	}
	if (depth >= 3 && (ezoc_there(s, at) || stack_there(s, at)))
		return; /* it could have stopped here, or could not because of an EZOC */
	for (int dir = 0; dir < HEX_NDIRS; dir++) {
		int b = hex_neighbour(at, (enum hex_dir)dir);
		if (!step_ok(s, at, b, depth))
			continue;
		s->cur[depth + 1] = (int16_t)b;
		dfs(s, depth + 1, len);
	}
}

/* 11.17.2C: keep, per length, only the ends farthest from the nearest enemy. */
static int keep_farthest(const struct game *g, enum side side, struct retreat_path *p, int n)
{
	int best[RETREAT_LEN_MAX + 1];
	for (int i = 0; i <= RETREAT_LEN_MAX; i++)
		best[i] = -1;
	/* the range of each distinct end asked once: many paths end in the same hex */
	int dist[RETREAT_PATHS_MAX], end[RETREAT_PATHS_MAX], end_dist[RETREAT_PATHS_MAX], nend = 0;
	for (int i = 0; i < n; i++) {
		int h = p[i].hex[p[i].n - 1], k = 0;
		while (k < nend && end[k] != h)
			k++;
		if (k == nend) {
			end[nend] = h;
			end_dist[nend++] = unit_side_distance(g, h, enemy_of(side));
		}
		dist[i] = end_dist[k];
		if (dist[i] > best[p[i].n])
			best[p[i].n] = dist[i];
	}
	int k = 0;
	for (int i = 0; i < n; i++)
		if (dist[i] == best[p[i].n])
			p[k++] = p[i];
	return k;
}

/* The legal retreats last worked out (pure speed): the general tries each retreat of a unit
 * on copies of one position, and each try (retreat_check) would enumerate them all again. A
 * slot answers only the same unit, kind and position (game_same_position); game_memo_forget
 * empties them (a scenario changed). */
#define RMEMO_SLOTS 4
static struct rmemo {
	int u;                                  /* -1: empty */
	enum retreat_kind kind;
	int n;
	struct game pos;
	struct retreat_path legal[RETREAT_PATHS_MAX];
} rmemo[RMEMO_SLOTS];
static int rmemo_next;
static bool rmemo_ready;

void retreat_memo_clear(void)
{
	for (int i = 0; i < RMEMO_SLOTS; i++)
		rmemo[i].u = -1;
	rmemo_ready = true;
}

static int paths(const struct game *g, int u, enum retreat_kind kind, struct retreat_path *all);

int retreat_paths(const struct game *g, int u, enum retreat_kind kind,
		  struct retreat_path *out, int max)
{
	static_assert(RETREAT_LEN_MAX < GAME_PATH_MAX, "retreat fits an action path");
	if (u < 0 || u >= ROSTER_UNITS || !unit_on_map(g, u))
		return 0;
	if (!rmemo_ready)
		retreat_memo_clear();
	struct rmemo *m = NULL;
	for (int i = 0; i < RMEMO_SLOTS && !m; i++)
		if (rmemo[i].u == u && rmemo[i].kind == kind && game_same_position(&rmemo[i].pos, g))
			m = &rmemo[i];
	if (!m) {
		m = &rmemo[rmemo_next];
		rmemo_next = (rmemo_next + 1) % RMEMO_SLOTS;
		m->n = paths(g, u, kind, m->legal);
		m->u = u;
		m->kind = kind;
		m->pos = *g;
	}
	for (int i = 0; i < m->n && i < max; i++)
		out[i] = m->legal[i];
	return m->n;
}

/* retreat_paths worked out into all (RETREAT_PATHS_MAX): the count kept. */
static int paths(const struct game *g, int u, enum retreat_kind kind, struct retreat_path *all)
{
	struct search s = { .g = g, .u = u, .side = cdef(g, u)->side, .out = all,
			    .max = RETREAT_PATHS_MAX };
	s.cur[0] = g->unit[u].hex;
	memset(s.memo, 0, sizeof s.memo);
	int lo = kind == RETREAT_MANDATORY ? 3 : 1;
	for (int len = lo; len <= 3; len++)
		dfs(&s, 0, len);
	/* 11.17.3A: no legal end within three hexes: the fewest extra hexes */
	for (int len = 4; s.n == 0 && len <= RETREAT_LEN_MAX; len++)
		dfs(&s, 0, len);
	int n = s.n < RETREAT_PATHS_MAX ? s.n : RETREAT_PATHS_MAX;
	return keep_farthest(g, s.side, all, n);
}

bool retreat_check(const struct game *g, int u, enum retreat_kind kind, const int16_t *path,
		   int n, char *err, size_t errlen)
{
	struct retreat_path legal[RETREAT_PATHS_MAX];
	int nl = retreat_paths(g, u, kind, legal, RETREAT_PATHS_MAX);
	for (int i = 0; i < nl; i++)
		if (legal[i].n == n && !memcmp(legal[i].hex, path, (size_t)n * sizeof *path))
			return true;
	/* say why */
	const char *id = cdef(g, u)->id;
	if (nl == 0) {
		snprintf(err, errlen, "11.17.3F: %s has no legal retreat", id);
		return false;
	}
	struct search s = { .g = g, .u = u, .side = cdef(g, u)->side };
	s.cur[0] = g->unit[u].hex;
	for (int i = 0; i < n && i < RETREAT_LEN_MAX; i++) {
		int a = s.cur[i], b = path[i];
		if (!hex_valid(b)) {
			snprintf(err, errlen, "11.17.3D: a retreat may not leave the map");
			return false;
		}
		for (int k = 0; k <= i; k++)
			if (s.cur[k] == b) {
				snprintf(err, errlen, "11.17.3E: %s may not enter %04d twice", id, b);
				return false;
			}
		if (!hex_adjacent(a, b)) {
			snprintf(err, errlen, "11.17: %04d is not adjacent to %04d", b, a);
			return false;
		}
		unsigned f = map_side(&g->scn->map, a, b);
		if ((f & SIDE_CREEK) && !(f & (SIDE_BRIDGE | SIDE_FORD))) {
			snprintf(err, errlen, "11.17.3C: no retreat across Antietam Creek %04d/%04d "
				 "but at a bridge or ford", a, b);
			return false;
		}
		if (unit_side_in(g, b, enemy_of(s.side))) {
			snprintf(err, errlen, "11.17.3C: %04d holds enemy units", b);
			return false;
		}
		if (unit_middle_bridge_forbids(g, u, b)) {
			snprintf(err, errlen, "4.6: no Confederate unit may move within two hexes of "
				 "the Middle Bridge (3324)");
			return false;
		}
		s.cur[i + 1] = (int16_t)b;
	}
	int minlen = 99, maxlen = 0;
	for (int i = 0; i < nl; i++) {
		minlen = legal[i].n < minlen ? legal[i].n : minlen;
		maxlen = legal[i].n > maxlen ? legal[i].n : maxlen;
	}
	if (n < minlen || n > maxlen || n > RETREAT_LEN_MAX) {
		if (minlen == maxlen)
			snprintf(err, errlen, "%s: %s must retreat exactly %d hexes",
				 minlen > 3 ? "11.17.3A" : "11.17.1B", id, minlen);
		else
			snprintf(err, errlen, "11.17.1A: %s may retreat %d to %d hexes", id, minlen,
				 maxlen);
		return false;
	}
	int end = path[n - 1];
	if (zoc_in_ezoc(g, end, s.side)) {
		snprintf(err, errlen, "11.17.4A: a retreat may not end in an enemy ZOC (%04d)", end);
		return false;
	}
	if (!stack_allows(g, end, u)) {
		snprintf(err, errlen, "11.17.3A: %s may not end its retreat over-stacked in %04d",
			 id, end);
		return false;
	}
	snprintf(err, errlen, "11.17.2C: %s must end its retreat as far as possible from the "
		 "nearest enemy unit", id);
	return false;
}

void retreat_apply(struct game *g, int u, enum retreat_kind kind, const int16_t *path, int n)
{
	enum side side = cdef(g, u)->side;
	bool through_ezoc = false;
	struct game_event *e = event_new(g, EVENT_RETREAT);
	e->unit = (int16_t)u;
	e->from = g->unit[u].hex;
	for (int i = 0; i < n && i < EVENT_HEXES; i++)
		e->hex[e->n++] = path[i];
	for (int i = 0; i < n && unit_on_map(g, u); i++) {
		int h = path[i];
		int friends[8];
		int nf = unit_side_in_hex(g, h, side, friends, 8);
		if (side == SIDE_CONFEDERATE) /* 8.12B, 13.3F, 13.4C */
			commit_note_confederate_move(g, u, g->unit[u].hex, h);
		g->unit[u].hex = (int16_t)h;
		if (zoc_in_ezoc(g, h, side)) {
			through_ezoc = true;
			if (nf == 0)
				unit_lose_step(g, u, EVENT_WHY_RETREAT_EZOC);
		}
		/* 11.17.5 panic: every other friendly unit in the hex entered */
		for (int k = 0; k < nf; k++) {
			int f = friends[k];
			if (!unit_on_map(g, f))
				continue;
			int roll = dice_roll(g, EVENT_WHY_PANIC);
			if (roll + unit_morale(g, f) <= 2)
				unit_lose_step(g, f, EVENT_WHY_PANIC);
		}
	}
	if (!unit_on_map(g, u) || is_infantry(g, u))
		return;
	/* 11.17.6C: a forced artillery retreat through an EZOC rolls again */
	if (kind == RETREAT_MANDATORY && through_ezoc) {
		int roll = dice_roll(g, EVENT_WHY_ARTILLERY_RETREAT_EZOC);
		enum art_retreat r = tables_art_retreat(&g->scn->tables, roll);
		if (r == ART_RETREAT_ELIMINATED)
			while (unit_on_map(g, u))
				unit_lose_step(g, u, EVENT_WHY_ARTILLERY_RETREAT_EZOC_TABLE);
		else if (r == ART_RETREAT_STEP)
			unit_lose_step(g, u, EVENT_WHY_ARTILLERY_RETREAT_EZOC_TABLE);
	}
	if (unit_on_map(g, u))
		g->unit[u].flags |= UF_ART_MOVED; /* 11.17.6E */
}
