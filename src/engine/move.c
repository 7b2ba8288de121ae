/* move.c — owns the movement phase (8.0–9.3): the cost of every step (8.7 terrain from the
 * charts, 8.8 roads, 6.3B zones of control), the four ways to move (plain, road bonus,
 * double-time, double-time with road bonus: 8.8.2, 8.9), which hexes a unit may enter and end
 * in (8.4, 6.3A, 6.5, 7.0, 4.5, 4.6, 8.7.5B, 8.7.6, 13.3B and 13.3E for Available Union
 * units), reinforcement entry (9.2, 9.3), the minimum move (8.3), the Union corps order
 * (8.13), the terrible mishap (8.14), A.P. Hill's arrival roll (9.1) and regrouping at the
 * end of the phase (12.0).
 *
 * Each way of moving is a Dijkstra search over hexes with its own allowance and its own
 * filter on the steps; a hex is reachable at the cheapest cost any of them gives. */
#include <stdio.h>
#include <string.h>

#include "commit.h"
#include "internal.h"
#include "move.h"
#include "tables.h"

#define COST_INF 255

enum mode { MODE_PLAIN, MODE_ROAD_PRIMARY, MODE_ROAD_ANY, MODE_DOUBLE, MODE_DOUBLE_PRIMARY,
	    MODE_DOUBLE_ANY, MODE_COUNT };

/* Why a hex may not be entered (0: it may). */
enum ban { BAN_NONE, BAN_ENEMY, BAN_MIDDLE_BRIDGE, BAN_AVAILABLE, BAN_AVAILABLE_NEAR,
	   BAN_ARTILLERY_EZOC, BAN_EZOC_TO_EZOC };

#define BITWORDS ((HEX_INDEX_COUNT + 63) / 64)

/* What the position says of a hex for the units of one side (struct movepos.flag). */
enum {
	PF_ENEMY = 1,   /* an enemy unit stands in it (8.4) */
	PF_EZOC = 2,    /* in an enemy ZOC (6.1–6.2) */
	PF_NEAR3 = 4,   /* within two hexes of an enemy unit (8.9A); enemy hexes until spread */
	PF_MIDDLE = 8,  /* within two hexes of the Middle Bridge (4.6, Confederate units) */
};

/* The position as every unit of the moving side sees it, built once for one unit's move or
 * once for a whole movement phase's list (move_legal): the enemy and its ZOC, the distances
 * to it (counted only when asked: `spread`), the friendly units of each hex, and the 13.3B
 * maps of Available corps (with the creek's banks they need), built when first asked. */
struct movepos {
	const struct game *g;
	enum side side;
	bool built, spread, east_ready;
	unsigned corps_ready;                /* bit c: forbid[c] holds corps c's 13.3B map */
	const int16_t (*nb)[HEX_NDIRS];      /* hex_neighbour_table() */
	uint8_t flag[HEX_INDEX_COUNT];       /* PF_* */
	int16_t enemy_at[ROSTER_UNITS];      /* the hex indices of the enemy units (PF_ENEMY) */
	int nenemy;
	/* 7.0: the friendly units in each hex, for the stacking test at the end */
	uint8_t nfriends[HEX_INDEX_COUNT];
	uint8_t friends[HEX_INDEX_COUNT][3];
	uint8_t east[HEX_INDEX_COUNT];       /* commit_banks */
	uint8_t forbid[CORPS_COUNT][HEX_INDEX_COUNT];
	/* pos_add: for a way of moving's refusing flags (a stopmask, bits of PF_*), what
	 * entering each hex adds to a step — SCENARIO_STEP_NONE or more where a flag refuses
	 * it, else 1 in an enemy ZOC (6.3B) and 0 — built when first asked (bit m of
	 * add_ready) */
	uint16_t add_ready;
	uint8_t add[16][HEX_INDEX_COUNT];
};

/* One unit's move: the position (p) and what is the unit's own. */
struct ctx {
	const struct game *g;
	struct movepos *p;
	int u;
	enum side side;
	const struct unit_def *d;
	int start;                 /* HEX_NONE: entering from off the map */
	int si;                    /* hex_index(start), -1 off the map */
	bool start_ezoc;
	const char *no_double;     /* why double-time is not allowed, NULL when it is */
	int ma;
	unsigned banmask;          /* the PF_* flags that keep this unit out of a hex */
	const uint8_t *forbid;     /* an Available unit's 13.3B/13.3E map (enum commit_ban), or NULL */
	const int *entry;          /* 9.2A/9.3B entry hexes */
	int nentry;
	char why[120];             /* a refusal written on the fly */
	uint8_t own_forbid[HEX_INDEX_COUNT]; /* forbid, when it is this unit's own (13.3E) */
};

struct search {
	uint8_t cost[HEX_INDEX_COUNT];
	int16_t prev[HEX_INDEX_COUNT]; /* previous hex_index, -1 for the first; only where reached
					* and only when the search keeps paths (search_path) */
};

/* What the searches of the ways of moving found together (search_merge): each hex's least
 * cost over the ways searched so far (COST_INF: none), whether the first way to give it was
 * a double-time (8.9), and every hex any way reached. */
struct found {
	uint8_t best[HEX_INDEX_COUNT];
	uint8_t mode[HEX_INDEX_COUNT]; /* the way that gave best first (read only where best is) */
	uint64_t dbl[BITWORDS];
	uint64_t any[BITWORDS];
};

static const struct map_hex *mhex(const struct game *g, int hex)
{
	return &g->scn->map.hex[hex_index(hex)];
}

static unsigned side_between(const struct game *g, int a, int b)
{
	int d = hex_direction(a, b);
	return d < 0 ? 0 : mhex(g, a)->side[d];
}

/* Edge index of entry_count (9.2E): south edge by column, east edge by row. */
static int edge_slot(int hex)
{
	if (hex_col(hex) == HEX_COL_MAX)
		return HEX_NCOLS + hex_row(hex);
	return hex_col(hex) - HEX_COL_MIN;
}

static bool hex_has_road(const struct game *g, int hex, unsigned kinds)
{
	for (int d = 0; d < HEX_NDIRS; d++)
		if (mhex(g, hex)->side[d] & kinds)
			return true;
	return false;
}

/* ---- may this unit move at all? ---- */

bool move_unit_may_move(const struct game *g, int u, char *err, size_t errlen)
{
	const struct unit_def *d = unit_def(g, u);
	const struct unit_state *us = &g->unit[u];
	enum side side = unit_side(u);
	if (g->pending.what != DECISION_MOVEMENT || g->side != side) {
		snprintf(err, errlen, "8.1C: %s moves only in its own movement phase", d->id);
		return false;
	}
	if (us->steps <= 0) {
		snprintf(err, errlen, "%s has been eliminated", d->id);
		return false;
	}
	if (us->hex == HEX_NONE) {
		if ((us->flags & UF_REMOVED) || !unit_is_reinforcement(g, u)) {
			snprintf(err, errlen, "%s is not on the map", d->id);
			return false;
		}
		if (side == SIDE_UNION && g->turn < 6) {
			snprintf(err, errlen, "9.3A: VI Corps arrives on turn 6");
			return false;
		}
		if (side == SIDE_CONFEDERATE && (!g->ap_hill_triggered || g->turn < g->ap_hill_turn)) {
			snprintf(err, errlen, "9.1B: A.P. Hill has not arrived");
			return false;
		}
	}
	if (us->flags & UF_MOVED) {
		snprintf(err, errlen, "8.2D: %s has already moved this phase", d->id);
		return false;
	}
	if (side == SIDE_CONFEDERATE) {
		bool turn1 = g->turn == 1 && !g->empty_setup;
		if (turn1 && (!strcmp(d->formation, "McL") || !strcmp(d->formation, "And"))) {
			snprintf(err, errlen, "4.5A: McLaws' and Anderson's divisions may not move on turn 1");
			return false;
		}
		if (unit_hood_held(g, u)) {
			snprintf(err, errlen, "4.5C: Hood's division may not move on turn 1 until a Union unit moves adjacent");
			return false;
		}
		return true;
	}
	if (commit_unit_status(g, u) == CORPS_UNAVAILABLE) {
		snprintf(err, errlen, "13.4B: %s Corps is Unavailable and may not move", d->formation);
		return false;
	}
	/* 8.13 (the 13.0 note sets it aside only for McClellan unleashed) */
	if (!g->opt.unleashed && (g->corps_done & (1u << d->corps))) {
		snprintf(err, errlen, "8.13: %s Corps has finished moving (another corps has moved since)",
			 d->formation);
		return false;
	}
	return true;
}

/* ---- the search context ---- */

/* 4.6's hexes, found once per position: every hex within two of the Middle Bridge lies in
 * this box around it (unit_middle_bridge_forbids says which). */
#define MIDDLE_BRIDGE 3324

static void pos_init(struct movepos *p, const struct game *g, enum side side)
{
	p->g = g;
	p->side = side;
	p->built = true;
	p->spread = p->east_ready = false;
	p->corps_ready = 0;
	p->add_ready = 0;
	p->nb = hex_neighbour_table();
	memset(p->flag, 0, sizeof p->flag);
	memset(p->nfriends, 0, sizeof p->nfriends);
	p->nenemy = 0;
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (!unit_on_map(g, v))
			continue;
		int i = hex_index(g->unit[v].hex);
		if (unit_side(v) == side) {
			/* the mover itself is listed in its own start hex, where no move ends */
			if (p->nfriends[i] < 3)
				p->friends[i][p->nfriends[i]++] = (uint8_t)v;
			continue;
		}
		p->flag[i] |= PF_ENEMY | PF_NEAR3;                   /* 8.4 */
		p->enemy_at[p->nenemy++] = (int16_t)i;
		/* 6.1–6.2: the enemy's ZOC (not across the creek) */
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = p->nb[i][d];
			if (n >= 0 && zoc_features_passable(g->scn->map.hex[i].side[d]))
				p->flag[n] |= PF_EZOC;
		}
	}
	if (side == SIDE_CONFEDERATE)
		for (int c = hex_col(MIDDLE_BRIDGE) - 2; c <= hex_col(MIDDLE_BRIDGE) + 2; c++)
			for (int r = hex_row(MIDDLE_BRIDGE) - 2; r <= hex_row(MIDDLE_BRIDGE) + 2; r++)
				if (hex_valid(c * 100 + r) &&
				    unit_middle_bridge_forbids(g, ROSTER_UNION, c * 100 + r))
					p->flag[hex_index(c * 100 + r)] |= PF_MIDDLE;
}

/* The position of the last search for each side, kept (pure speed): pos_init reads of the
 * game only the scenario's map and where each unit stands (on the map or not), so a position
 * with every unit where it stood, on the same scenario, has the same flags, enemy hexes and
 * friends (and 8.9A's distances, once spread). The bot and the general ask the searches of
 * many units and many positions with the same stands (other units' flags and MPs, the phase
 * of move_reachable_next_phase's copy): each used to build it again (21,493 pos_init a game
 * of Lee's at level 1). What is also a function of more than the stands is asked again of
 * each game it is lent to (the 13.3B maps, pos_forbid; the banks with them). Not a thread's
 * own, as the searches kept below: the simulator's workers are processes. game_memo_forget
 * empties it (a board redrawn on the same scenario). */
static struct {
	bool ok;
	const struct scenario *scn;
	int16_t at[ROSTER_UNITS];            /* each unit's hex, HEX_NONE when not on the map */
	struct movepos p;
} pos_kept_of[2];

static void pos_kept_clear(void)
{
	pos_kept_of[0].ok = pos_kept_of[1].ok = false;
}

/* The position for side's searches in g: the one kept when the units stand as they did. */
static struct movepos *pos_kept(const struct game *g, enum side side)
{
	int16_t at[ROSTER_UNITS];
	for (int v = 0; v < ROSTER_UNITS; v++)
		at[v] = unit_on_map(g, v) ? g->unit[v].hex : HEX_NONE;
	struct movepos *p = &pos_kept_of[side].p;
	if (pos_kept_of[side].ok && pos_kept_of[side].scn == g->scn &&
	    !memcmp(pos_kept_of[side].at, at, sizeof at)) {
		p->g = g;
		p->corps_ready = 0;
		p->east_ready = false;
		return p;
	}
	pos_init(p, g, side);
	pos_kept_of[side].ok = true;
	pos_kept_of[side].scn = g->scn;
	memcpy(pos_kept_of[side].at, at, sizeof at);
	return p;
}

/* 8.9A: the hexes within two of an enemy unit — two steps over the grid from each enemy
 * hex, steps that count hexes exactly as hex_distance does (test_hex:
 * test_grid_steps_are_hex_distance). Each hex's neighbours at one and two steps are listed
 * once (near2: at most 18, -1 after the last), so a spread is one pass over each list. */
#define NEAR2_MAX 18
static int16_t near2[HEX_INDEX_COUNT][NEAR2_MAX];
static bool near2_ready;

static void near2_build(const int16_t (*nb)[HEX_NDIRS])
{
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int n = 0;
		for (int d = -1; d < HEX_NDIRS; d++) {
			int a = d < 0 ? i : nb[i][d];
			if (a < 0)
				continue;
			for (int e = -1; e < HEX_NDIRS; e++) {
				int x = e < 0 ? a : nb[a][e];
				bool seen = x < 0 || x == i;
				for (int k = 0; k < n && !seen; k++)
					seen = near2[i][k] == x;
				if (!seen && n < NEAR2_MAX)
					near2[i][n++] = (int16_t)x;
			}
		}
		for (int k = n; k < NEAR2_MAX; k++)
			near2[i][k] = -1;
	}
	near2_ready = true;
}

static void pos_spread(struct movepos *p)
{
	if (!near2_ready)
		near2_build(p->nb);
	for (int k = 0; k < p->nenemy; k++) {
		const int16_t *l = near2[p->enemy_at[k]];
		for (int j = 0; j < NEAR2_MAX && l[j] >= 0; j++)
			p->flag[l[j]] |= PF_NEAR3;
	}
	p->spread = true;
	p->add_ready = 0; /* the flags changed */
}

/* The entry costs of a stopmask (struct movepos.add), built on first use. */
static const uint8_t *pos_add(struct movepos *p, unsigned stopmask)
{
	_Static_assert((PF_ENEMY | PF_EZOC | PF_NEAR3 | PF_MIDDLE) < 16, "a stopmask indexes add");
	_Static_assert(PF_EZOC == 2 && SCENARIO_STEP_NONE == 0x80, "the bytes' arithmetic below");
	uint8_t *a = p->add[stopmask];
	if (!(p->add_ready & (1u << stopmask))) {
		/* eight hexes at a time: a flag byte under the mask (at most 15) plus 0x7f sets
		 * its top bit alone; PF_EZOC shifted down is the 1 */
		const uint64_t ones = 0x0101010101010101ull, mask = ones * stopmask;
		int i = 0;
		for (; i + 8 <= HEX_INDEX_COUNT; i += 8) {
			uint64_t x, y;
			memcpy(&x, p->flag + i, 8);
			y = (((x & mask) + ones * 0x7f) & ones * 0x80) | ((x >> 1) & ones);
			memcpy(a + i, &y, 8);
		}
		for (; i < HEX_INDEX_COUNT; i++) {
			unsigned f = p->flag[i];
			a[i] = (uint8_t)(((f & stopmask) ? SCENARIO_STEP_NONE : 0) | ((f & PF_EZOC) >> 1));
		}
		p->add_ready |= (uint16_t)(1u << stopmask);
	}
	return a;
}

/* 13.3B/13.3E for Available unit u: its corps' map, shared by every unit of the corps that
 * starts far from the enemy, or its own when it starts near one (13.3E). */
static const uint8_t *pos_forbid(struct movepos *p, struct ctx *c)
{
	const struct game *g = p->g;
	if (!p->east_ready) {
		commit_banks(g, p->east);
		p->east_ready = true;
	}
	if (commit_starts_near(g, c->u, p->east)) {
		commit_forbidden_map(g, c->u, p->east, c->own_forbid);
		return c->own_forbid;
	}
	int k = c->d->corps;
	if (!(p->corps_ready & (1u << k))) {
		commit_forbidden_map(g, c->u, p->east, p->forbid[k]);
		p->corps_ready |= 1u << k;
	}
	return p->forbid[k];
}

/* The context of unit u's move in position p (built for u's side). `double_time`: the
 * double-time modes will be searched (they need the distances to the enemy, 8.9A; so does
 * an Available Union unit, 13.3B). */
static void ctx_init(struct ctx *c, struct movepos *p, int u, bool double_time)
{
	const struct game *g = p->g;
	c->g = g;
	c->p = p;
	c->u = u;
	c->side = unit_side(u);
	c->d = unit_def(g, u);
	c->start = g->unit[u].hex;
	c->si = c->start == HEX_NONE ? -1 : hex_index(c->start);
	c->ma = c->d->ma;
	c->why[0] = 0;
	c->entry = NULL;
	c->nentry = 0;
	c->no_double = NULL;

	bool available = c->side == SIDE_UNION && commit_unit_status(g, u) == CORPS_AVAILABLE;
	if ((double_time || available) && !p->spread)
		pos_spread(p);
	c->forbid = available ? pos_forbid(p, c) : NULL;
	c->banmask = PF_ENEMY;                                          /* 8.4 */
	if (c->side == SIDE_CONFEDERATE)
		c->banmask |= PF_MIDDLE;                                /* 4.6 */
	if (c->d->type == UNIT_ARTILLERY)
		c->banmask |= PF_EZOC;                                  /* 6.5 */
	c->start_ezoc = c->si >= 0 && (p->flag[c->si] & PF_EZOC);
	if (c->start_ezoc)
		c->banmask |= PF_EZOC;                                  /* 6.3A */
	if (c->start != HEX_NONE) {
	} else if (c->side == SIDE_UNION) {
		c->entry = g->scn->map.vi_corps_edge;
		c->nentry = g->scn->map.n_vi_corps_edge;
	} else {
		c->entry = g->scn->map.ap_hill_edge;
		c->nentry = g->scn->map.n_ap_hill_edge;
	}

	if (c->side == SIDE_CONFEDERATE && c->d->cavalry)
		c->no_double = "8.10: the Confederate cavalry never double-times";
	else if (c->side == SIDE_CONFEDERATE && g->turn == 1 && !g->empty_setup)
		c->no_double = "4.5B: no Confederate unit double-times on turn 1";
	else if (available)
		c->no_double = "13.3B: units of an Available corps may not double-time";
	else if (c->si >= 0 && (p->flag[c->si] & PF_NEAR3))
		c->no_double = "8.9A: double-time needs every hex of the move three or more hexes from all enemy units";
}

/* Why unit c may not enter hex index i, in the order the rules are checked (BAN_NONE: it
 * may). */
static enum ban ban_of(const struct ctx *c, int i)
{
	unsigned f = c->p->flag[i];
	if (f & PF_ENEMY)
		return BAN_ENEMY;                               /* 8.4 */
	if ((c->banmask & PF_MIDDLE) && (f & PF_MIDDLE))
		return BAN_MIDDLE_BRIDGE;                       /* 4.6 */
	if (c->forbid && c->forbid[i] == COMMIT_BAN_13_3B)
		return BAN_AVAILABLE;                           /* 13.3B */
	if (c->forbid && c->forbid[i])
		return BAN_AVAILABLE_NEAR;                      /* 13.3E */
	if (c->d->type == UNIT_ARTILLERY && (f & PF_EZOC))
		return BAN_ARTILLERY_EZOC;                      /* 6.5 */
	if (c->start_ezoc && (f & PF_EZOC))
		return BAN_EZOC_TO_EZOC;                        /* 6.3A */
	return BAN_NONE;
}

/* The same as a test, for the search: one load and a mask. */
static inline bool banned(const struct ctx *c, int i)
{
	return (c->p->flag[i] & c->banmask) || (c->forbid && c->forbid[i]);
}

static int mode_budget(const struct ctx *c, enum mode m)
{
	switch (m) {
	case MODE_PLAIN: return c->ma;
	case MODE_ROAD_PRIMARY: return c->ma + 3;       /* 8.8.2B */
	case MODE_ROAD_ANY: return c->ma + 2;           /* 8.8.2C */
	case MODE_DOUBLE: return 2 * c->ma;             /* 8.9B */
	case MODE_DOUBLE_PRIMARY: return 2 * c->ma + 6; /* 8.9C */
	default: return 2 * c->ma + 4;
	}
}

static bool mode_double(enum mode m) { return m >= MODE_DOUBLE; }
static unsigned mode_roads(enum mode m)
{
	if (m == MODE_ROAD_PRIMARY || m == MODE_DOUBLE_PRIMARY)
		return SIDE_PRIMARY;
	if (m == MODE_ROAD_ANY || m == MODE_DOUBLE_ANY)
		return SIDE_PRIMARY | SIDE_SECONDARY;
	return 0;
}

/* Can this way of moving be used at all from the start? NULL if so, else why not. */
static const char *mode_refused(const struct ctx *c, enum mode m)
{
	if (mode_double(m) && c->no_double)
		return c->no_double;
	if (mode_roads(m) && c->start_ezoc)
		return "8.8.2D: no road bonus when leaving an EZOC";
	return NULL;
}

static const char *ban_text(enum ban b)
{
	switch (b) {
	case BAN_ENEMY: return "8.4: units never enter a hex holding enemy units";
	case BAN_MIDDLE_BRIDGE: return "4.6: no Confederate unit may move within two hexes of the Middle Bridge (3324)";
	case BAN_AVAILABLE: return "13.3B: units of an Available corps may not come within four hexes of an enemy unit";
	case BAN_AVAILABLE_NEAR: return "13.3E: a unit of an Available corps within four hexes of an enemy unit may only move farther from it";
	case BAN_ARTILLERY_EZOC: return "6.5: artillery may not enter an EZOC in its movement phase";
	case BAN_EZOC_TO_EZOC: return "6.3A: cannot move from EZOC directly into EZOC";
	default: return "";
	}
}

/* 8.7.5B: true when crossing the ford a→b goes against this phase's first crossing. */
static bool ford_against(const struct game *g, int a, int b)
{
	for (int i = 0; i < g->nfords_used; i++)
		if (g->ford_from[i] == b && g->ford_to[i] == a)
			return true;
	return false;
}

int move_enter_cost(const struct scenario *s, int from, int to)
{
	int dir = hex_direction(from, to);
	if (dir < 0)
		return -1;
	return move_enter_cost_index(s, hex_index(from), dir, hex_index(to));
}

#ifdef __GNUC__
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

/* What a step's cost reads of the unit's move in one way of moving, copied out of the ctx
 * (step_of) so that a search keeps it in registers: the searches' stores into their
 * byte arrays would otherwise make every step load it again through c. */
struct step {
	const struct ctx *c;
	const struct scenario *scn;
	const uint8_t *flag, *forbid;
	unsigned banmask;
	unsigned stopmask;     /* banmask, with PF_NEAR3 at double-time (8.9A) and PF_EZOC on
				* roads (8.8.2D): the flags that refuse a hex in this mode */
	unsigned roads;        /* mode_roads */
	bool dbl;              /* mode_double */
	int si;
	bool start_ezoc;
};

static HOT_INLINE struct step step_of(const struct ctx *c, enum mode m)
{
	struct step k = { .c = c, .scn = c->g->scn, .flag = c->p->flag, .forbid = c->forbid,
			  .banmask = c->banmask, .roads = mode_roads(m), .dbl = mode_double(m),
			  .si = c->si, .start_ezoc = c->start_ezoc };
	k.stopmask = k.banmask | (k.dbl ? PF_NEAR3 : 0u) | (k.roads ? PF_EZOC : 0u);
	return k;
}

/* The refusals of the hex entered itself, whose flags are pf, in this way of moving (k):
 * true with *why. */
static HOT_INLINE bool hex_refused(const struct step *k, unsigned pf, int bi, const char **why)
{
	/* 13.3E: a hex as far from the enemy as the start may be passed through (end_refused) */
	bool forbidden = k->forbid && k->forbid[bi] > COMMIT_STOP_13_3E;
	if (!(pf & k->stopmask) && !forbidden)
		return false;
	if ((pf & k->banmask) || forbidden)
		*why = ban_text(ban_of(k->c, bi));
	else if (k->dbl && (pf & PF_NEAR3))
		*why = "8.9A: double-time needs every hex of the move three or more hexes from all enemy units";
	else
		*why = "8.8.2D: no road bonus when entering an EZOC";
	return true;
}

/* MPs of the step from hex index ai (on the map) to hex index bi (terrain, hexside, ZOC), or
 * -1 with *why when it may not be taken in this way of moving (k); dir is the direction from
 * ai to bi, -1 when they are not adjacent. */
static HOT_INLINE int step_across(const struct step *k, int ai, int dir, int bi, const char **why)
{
	unsigned pf = k->flag[bi];
	if (hex_refused(k, pf, bi, why))
		return -1;
	if (dir < 0) {
		*why = "8.1B: units move from hex to adjacent hex";
		return -1;
	}
	unsigned f = k->scn->map.hex[ai].side[dir];
	int side = move_side_cost(&k->scn->tables, f);
	if (side < 0) {
		*why = "8.7.6: Antietam Creek is crossed only at bridges and fords";
		return -1;
	}
	if ((f & SIDE_FORD) && ford_against(k->c->g, hex_from_index(ai), hex_from_index(bi))) {
		*why = "8.7.5B: every unit crossing a ford in a phase crosses the same way";
		return -1;
	}
	if (k->roads && !(f & k->roads)) {
		*why = "8.8.2: the road bonus needs the whole move on roads";
		return -1;
	}
	int cost = move_step_cost(k->scn, f, side, bi);                       /* the charts */
	if (ai == k->si && k->start_ezoc)
		cost++;                                                       /* 6.3B: leaving */
	if (pf & PF_EZOC)
		cost++;                                                       /* 6.3B: entering */
	return cost;
}

/* The same for the entry from off the map into hex index bi (9.2, 9.3). */
static int step_entering(const struct step *k, int bi, const char **why)
{
	const struct game *g = k->c->g;
	const struct tables *t = &k->scn->tables;
	unsigned pf = k->flag[bi], roads = k->roads;
	if (hex_refused(k, pf, bi, why))
		return -1;
	/* 9.2C: entering through a road hex is entering on the road; 9.2E: the column */
	int b = hex_from_index(bi);
	bool road = hex_has_road(g, b, roads ? roads : SIDE_PRIMARY | SIDE_SECONDARY);
	if (roads && !road) {
		*why = "8.8.2: the road bonus needs the whole move on roads";
		return -1;
	}
	int cost = road ? tables_move_road_cost(t)
			: tables_move_hex_cost(t, (enum terrain)k->scn->map.hex[bi].terrain);
	cost += g->entry_count[edge_slot(b)];
	if (pf & PF_EZOC)
		cost++;                                                       /* 6.3B: entering */
	return cost;
}

/* Either: ai is -1 for an entry from off the map. */
static int step_cost_i(const struct step *k, int ai, int dir, int bi, const char **why)
{
	return ai < 0 ? step_entering(k, bi, why) : step_across(k, ai, dir, bi, why);
}

/* The same between hex ids; a is HEX_NONE for an entry from off the map. */
static int step_cost(const struct ctx *c, enum mode m, int a, int b, const char **why)
{
	struct step k = step_of(c, m);
	if (a == HEX_NONE)
		return step_cost_i(&k, -1, -1, hex_index(b), why);
	return step_cost_i(&k, hex_index(a), hex_direction(a, b), hex_index(b), why);
}

/* A hex the unit may stop in after passing: entering an EZOC ends the move (6.3B). */
static bool stops(const struct ctx *c, int i)
{
	return c->p->flag[i] & PF_EZOC;
}

/* A hex popped at its final cost k by way m: noted in f (search_merge), the least cost over
 * the ways searched so far kept with the way that gave it first. */
static HOT_INLINE void found_note(struct found *f, int h, int k, enum mode m, bool dbl)
{
	uint64_t bit = 1ull << (h % 64);
	f->any[h / 64] |= bit;
	if (k < f->best[h]) {
		f->best[h] = (uint8_t)k;
		f->mode[h] = (uint8_t)m;
		if (dbl)
			f->dbl[h / 64] |= bit;
	}
}

/* What settle answers for a hex not to be expanded: a stale entry (popped above its final
 * cost) or a hex where the move ends (6.3B), and the search's `stop` reached. */
enum { SETTLE_SKIP = -1, SETTLE_STOP = -2 };

/* What settle reads of one search, taken once before its loop. */
struct search_at {
	const uint8_t *flag; /* the position's flags by hex index */
	enum mode m;
	int stop, si, leave; /* the stop (or -1), the start (or -1), 6.3B's cost of leaving it */
	bool dbl;            /* a double-time (8.9) */
};

/* Hex h popped from bucket k of way m: SETTLE_SKIP for a stale entry; otherwise noted in f
 * (search_merge), then SETTLE_STOP if it is the search's stop, SETTLE_SKIP if the move ends
 * there (an EZOC, 6.3B), or the cost its steps leave from (the start's own EZOC adds the
 * cost of leaving, 6.3B). */
static HOT_INLINE int settle(const struct search_at *a, const uint8_t *cost, struct found *f, int h,
			 int k)
{
	if (k > cost[h])
		return SETTLE_SKIP;
	if (f)
		found_note(f, h, k, a->m, a->dbl);
	if (h == a->stop)
		return SETTLE_STOP;
	if (h == a->si)
		return k + a->leave;                           /* 6.3B: leaving */
	return a->flag[h] & PF_EZOC ? SETTLE_SKIP : k;    /* 6.3B: the move ends */
}

/* Hex h queued in bucket k, the n-th push (search_core): the last pushed is popped first.
 * Returns the pushes so far. */
static HOT_INLINE int queue_push(int16_t *qhex, int16_t *qnext, int16_t *head, int n, int h, int k)
{
	qhex[n] = (int16_t)h;
	qnext[n] = head[k];
	head[k] = (int16_t)n;
	return n + 1;
}

/* search_core's loop: the buckets emptied in order of cost up to `last`, n entries queued
 * so far. `general` false: the way of moving has no roads, no ford has been crossed this
 * phase and the unit has no 13.3B map (the compiler drops those tests). A neighbour is
 * never the start: its cost 0 refuses every step into it. */
static HOT_INLINE void search_loop(const struct ctx *c, enum mode m, struct search *s, int stop,
				   int last, int budget, struct found *f, int16_t *qhex,
				   int16_t *qnext, int16_t *head, int n, const bool general)
{
	const int16_t (*nb)[HEX_NDIRS] = c->p->nb;
	const int8_t (*sc)[HEX_NDIRS] = c->g->scn->step_cost;
	const struct map_hex *mh = c->g->scn->map.hex;
	const uint8_t *flag = c->p->flag, *forbid = c->forbid;
	const unsigned roads = mode_roads(m);
	const bool fords = c->g->nfords_used > 0, dbl = mode_double(m);
	const unsigned stopmask = c->banmask | (dbl ? PF_NEAR3 : 0u) | (roads ? PF_EZOC : 0u);
	const struct search_at at = { flag, m, stop, c->si, c->start_ezoc, dbl };
	for (int k = 0; k <= last; k++)
		while (head[k] >= 0) {
			int h = qhex[head[k]];
			head[k] = qnext[head[k]];
			int from = settle(&at, s->cost, f, h, k);
			if (from == SETTLE_STOP)
				return;
			if (from < 0)
				continue;
			for (int d = 0; d < HEX_NDIRS; d++) {
				int st = sc[h][d];
				if (st < 0)
					continue;
				int b = nb[h][d];
				if (general && (roads || fords)) {
					unsigned sf = mh[h].side[d];
					if (roads && !(sf & roads))
						continue;                  /* 8.8.2 */
					if (fords && (sf & SIDE_FORD) &&
					    ford_against(c->g, hex_from_index(h), hex_from_index(b)))
						continue;                  /* 8.7.5B */
				}
				unsigned pf = flag[b];
				if ((pf & stopmask) ||
				    (general && forbid && forbid[b] > COMMIT_STOP_13_3E))
					continue;                  /* 13.3E: passing is not stopping */
				int nk = from + st + ((pf & PF_EZOC) != 0);  /* 6.3B: entering */
				if (nk > budget || nk >= s->cost[b])
					continue;
				s->cost[b] = (uint8_t)nk;
				if (!f)
					s->prev[b] = (int16_t)h;
				n = queue_push(qhex, qnext, head, n, b, nk);
			}
		}
}

/* search_loop without roads, fords crossed or a 13.3B map, for an allowance under
 * SCENARIO_STEP_NONE (the most searches): the same pushes in the same order, each step one
 * load of the scenario's steps (the neighbour and the charts' MPs, SCENARIO_STEP_NONE where
 * the side is not crossed) and one of the position's entry costs (pos_add:
 * SCENARIO_STEP_NONE or more where the way of moving refuses the hex, 1 for an enemy ZOC):
 * a refused step costs more than the allowance. */
static HOT_INLINE void search_loop_fast(const struct ctx *c, enum mode m, struct search *s,
					int stop, int last, int budget, struct found *f,
					int16_t *qhex, int16_t *qnext, int16_t *head, int n)
{
	const struct scenario_step (*st)[HEX_NDIRS] = c->g->scn->step;
	const bool dbl = mode_double(m);
	const unsigned stopmask = c->banmask | (dbl ? PF_NEAR3 : 0u);
	const uint8_t *add = pos_add(c->p, stopmask);
	uint8_t *cost = s->cost;
	const struct search_at at = { c->p->flag, m, stop, c->si, c->start_ezoc, dbl };
	for (int k = 0; k <= last; k++)
		while (head[k] >= 0) {
			int h = qhex[head[k]];
			head[k] = qnext[head[k]];
			int from = settle(&at, cost, f, h, k);
			if (from == SETTLE_STOP)
				return;
			if (from < 0)
				continue;
			const struct scenario_step *sh = st[h];
			for (int d = 0; d < HEX_NDIRS; d++) {
				int b = sh[d].to;
				int nk = from + sh[d].cost + add[b];   /* 6.3B: entering */
				if (nk > budget || nk >= cost[b])
					continue;
				cost[b] = (uint8_t)nk;
				if (!f)
					s->prev[b] = (int16_t)h;
				n = queue_push(qhex, qnext, head, n, b, nk);
			}
		}
}

/* Dijkstra for one way of moving, over dense hex indices; unreached hexes keep COST_INF.
 * `stop` (a hex index, or -1): the search may end once that hex's cost is final, or once
 * every hex left costs `limit` or more (COST_INF + 1: no limit). The queue is a bucket
 * queue: step costs are small integers and no cost passes the way's allowance, so the hexes
 * of cost k wait in bucket k (a list through the pushes, the last pushed popped first) and
 * the buckets are emptied in order of cost. Hexes of equal cost come out in that one fixed
 * order, so the paths (prev) and with them the games are the same on every run.
 * The steps' charts cost comes from the scenario's table (scenario.h: move_enter_cost for
 * every hex and side); what depends on the position is added here as step_across adds it.
 * With `f` (search_merge) each hex's final cost goes into f and no path is kept; without it
 * (search_path) prev is. */
static HOT_INLINE void search_core(const struct ctx *c, enum mode m, struct search *s, int stop,
				   int limit, struct found *f)
{
	memset(s->cost, COST_INF, sizeof s->cost);
	if (mode_refused(c, m))
		return;
	int budget = mode_budget(c, m), si = c->si;
	if (budget >= COST_INF)
		budget = COST_INF - 1;
	const char *why;
	const struct step sk = step_of(c, m);
	const bool roads = sk.roads != 0, fords = c->g->nfords_used > 0, forbid = c->forbid != NULL;
	/* every hex is pushed at most once by each of its six neighbours (a hex is expanded
	 * once, at its final cost), and once more as an entry hex */
	int16_t qhex[(HEX_NDIRS + 1) * HEX_INDEX_COUNT];
	int16_t qnext[(HEX_NDIRS + 1) * HEX_INDEX_COUNT];
	int16_t head[COST_INF];
	_Static_assert((HEX_NDIRS + 1) * HEX_INDEX_COUNT <= INT16_MAX, "queue indices are int16_t");
	int n = 0;
	for (int k = 0; k <= budget; k++)
		head[k] = -1;
	if (si >= 0) {
		s->cost[si] = 0;
		if (!f)
			s->prev[si] = -1;
		n = queue_push(qhex, qnext, head, n, si, 0);
	} else {
		for (int k = 0; k < c->nentry; k++) {
			int e = hex_index(c->entry[k]);
			int cost = step_entering(&sk, e, &why);
			if (cost < 0 || cost > budget || cost >= s->cost[e])
				continue;
			s->cost[e] = (uint8_t)cost;
			if (!f)
				s->prev[e] = -1;
			n = queue_push(qhex, qnext, head, n, e, cost);
		}
	}
	int last = budget < limit - 1 ? budget : limit - 1;
	/* the steps of most searches read neither the hexsides' roads and fords nor a 13.3B
	 * map: their loop is the one without those tests */
	if (roads || fords || forbid)
		search_loop(c, m, s, stop, last, budget, f, qhex, qnext, head, n, true);
	else if (budget < SCENARIO_STEP_NONE)
		search_loop_fast(c, m, s, stop, last, budget, f, qhex, qnext, head, n);
	else
		search_loop(c, m, s, stop, last, budget, f, qhex, qnext, head, n, false);
}

/* The search keeping paths (prev), for move_check. */
static void search_path(const struct ctx *c, enum mode m, struct search *s, int stop, int limit)
{
	search_core(c, m, s, stop, limit, NULL);
}

/* The whole search of way m, its costs merged into f, for reachable. */
static void search_merge(const struct ctx *c, enum mode m, struct search *s, struct found *f)
{
	search_core(c, m, s, -1, COST_INF + 1, f);
}

/* ---- the search's probes for tests/test_move.c (internal.h) ---- */

_Static_assert(MOVE_SEARCH_MODES == MODE_COUNT, "the ways of moving");

void move_search_probe(const struct game *g, int u, int mode, struct move_search_probe *probe)
{
	struct movepos p;
	struct ctx c;
	struct search s;
	pos_init(&p, g, unit_side(u));
	ctx_init(&c, &p, u, true);
	search_path(&c, (enum mode)mode, &s, -1, COST_INF + 1);
	memcpy(probe->cost, s.cost, sizeof s.cost);
	probe->usable = !mode_refused(&c, (enum mode)mode);
	probe->budget = mode_budget(&c, (enum mode)mode);
	probe->start = c.si;
	const struct step k = step_of(&c, (enum mode)mode);
	const char *why;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		probe->stops[i] = stops(&c, i);
		probe->entry[i] = -1;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = p.nb[i][d];
			probe->step[i][d] = (int8_t)(b < 0 ? -1 : step_cost_i(&k, i, d, b, &why));
		}
	}
	for (int e = 0; c.si < 0 && e < c.nentry; e++) {
		int i = hex_index(c.entry[e]);
		probe->entry[i] = (int8_t)step_cost_i(&k, -1, -1, i, &why);
	}
}

/* May the unit end its move in hex? NULL if so, else the rule; with say false the stacking
 * rule's text (7.1A, 7.2, 8.4) is not written (c->why as it was): the search of every
 * destination asks only whether, move_check says why. */
static HOT_INLINE const char *end_refused_at(struct ctx *c, int hi, bool say)
{
	if (hi == c->si)
		return "8.1B: a move ends in another hex";
	if (banned(c, hi))
		return ban_text(ban_of(c, hi));
	int nf = c->p->nfriends[hi];
	if (!nf)
		return NULL; /* alone in the hex: nothing to stack with */
	int units[4], n = 0;
	for (int k = 0; k < nf; k++)
		units[n++] = c->p->friends[hi][k];
	units[n++] = c->u;
	if (!roster_may_stack(&c->g->scn->roster, units, n, say ? c->why : NULL,
			      say ? sizeof c->why : 0))
		return c->why;
	return NULL;
}

/* The same for a hex id (the one hex of move_check and 9.1C's entry hexes). */
static const char *end_refused(struct ctx *c, int hex, bool say)
{
	if (hex == c->start)
		return "8.1B: a move ends in another hex";
	return end_refused_at(c, hex_index(hex), say);
}

/* 8.3: the one-hex move any unit may make with all its MPs; its cost in the plain mode (or
 * -1 when that hex may not be entered). */
static int minimum_step(const struct ctx *c, int b, const char **why)
{
	return step_cost(c, MODE_PLAIN, c->start, b, why);
}

/* ---- the searches remembered (pure speed) ----
 * A move the bot or the general plays is one it has just seen in move_reachable, on the same
 * position; move_check would search the six ways of moving again to find the path. The last
 * MEMO_SLOTS searches of every way (reachable with MODE_COUNT) keep, for the unit and the
 * position they were made on, each hex's first way of moving at its least cost and the list
 * of destinations: move_check then searches that one way (the same path: a search's paths to
 * a hex do not depend on where it stops), and the same question asked again gets the same
 * list. A slot answers only a position of the same bytes (game_same_position: the whole
 * struct game but its dice and its event log, which no movement rule reads);
 * game_memo_forget empties them all (a scenario's map or charts changed). The slots are the process's own: the
 * simulator's workers are processes. */
#define MEMO_SLOTS 16

struct memo {
	int u;                               /* -1: empty */
	int n;                               /* destinations listed, -1 when the list was cut */
	struct game pos;
	uint8_t best[HEX_INDEX_COUNT];
	uint8_t mode[HEX_INDEX_COUNT];
	uint64_t any[BITWORDS];              /* every hex the searches entered */
	struct move_dest d[HEX_INDEX_COUNT];
};

static struct memo memo[MEMO_SLOTS];
static void pos_kept_clear(void);
static int memo_next;
static bool memo_ready;

void move_memo_clear(void)
{
	for (int i = 0; i < MEMO_SLOTS; i++)
		memo[i].u = -1;
	memo_ready = true;
	pos_kept_clear();
}

static struct memo *memo_find(const struct game *g, int u)
{
	if (!memo_ready)
		move_memo_clear();
	for (int i = 0; i < MEMO_SLOTS; i++)
		if (memo[i].u == u && game_same_position(&memo[i].pos, g))
			return &memo[i];
	return NULL;
}

static void memo_keep(const struct game *g, int u, const struct found *f,
		      const struct move_dest *out, int n, bool whole)
{
	struct memo *m = memo_find(g, u);
	if (!m) {
		m = &memo[memo_next];
		memo_next = (memo_next + 1) % MEMO_SLOTS;
	}
	m->u = u;
	m->pos = *g;
	memcpy(m->best, f->best, sizeof m->best);
	memcpy(m->mode, f->mode, sizeof m->mode);
	memcpy(m->any, f->any, sizeof m->any);
	m->n = whole ? n : -1;
	if (whole)
		memcpy(m->d, out, sizeof out[0] * (size_t)n);
}

/* move_reachable over the first `modes` modes of enum mode in position p (built on first
 * use; NULL: pos_kept's); `entered` (may be NULL) gets a bit (hex_index) for every hex the search entered,
 * whether or not a move may end there. */
static int reachable(struct movepos *p, const struct game *g, int u, struct move_dest *out,
		     int max, char *err, size_t errlen, int modes, uint64_t *entered)
{
	char buf[160];
	if (!err) {
		err = buf;
		errlen = sizeof buf;
	}
	if (u < 0 || u >= ROSTER_UNITS || !move_unit_may_move(g, u, err, errlen))
		return 0;
	struct memo *kept = modes == MODE_COUNT ? memo_find(g, u) : NULL;
	if (kept && kept->n >= 0) {
		int n = kept->n < max ? kept->n : max;
		memcpy(out, kept->d, sizeof out[0] * (size_t)(n > 0 ? n : 0));
		for (int w = 0; entered && w < BITWORDS; w++)
			entered[w] |= kept->any[w];
		return n;
	}
	if (!p)
		p = pos_kept(g, unit_side(u));
	else if (!p->built || p->g != g || p->side != unit_side(u))
		pos_init(p, g, unit_side(u));
	struct ctx c;
	struct search s;
	struct found f;
	ctx_init(&c, p, u, modes > MODE_DOUBLE);
	memset(f.best, COST_INF, sizeof f.best);
	memset(f.dbl, 0, sizeof f.dbl);
	memset(f.any, 0, sizeof f.any);
	for (int m = 0; m < modes; m++)
		search_merge(&c, (enum mode)m, &s, &f);
	if (entered)
		for (int w = 0; w < BITWORDS; w++)
			entered[w] |= f.any[w];
	/* the hexes to ask the end-of-move rules: those reached, and those of 8.3's one-hex
	 * move (next to the start, or the entry hexes) */
	uint64_t ask[BITWORDS];
	memcpy(ask, f.any, sizeof ask);
	if (c.si >= 0) {
		for (int d = 0; d < HEX_NDIRS; d++)
			if (p->nb[c.si][d] >= 0)
				ask[p->nb[c.si][d] / 64] |= 1ull << (p->nb[c.si][d] % 64);
	} else {
		for (int k = 0; k < c.nentry; k++)
			ask[hex_index(c.entry[k]) / 64] |= 1ull << (hex_index(c.entry[k]) % 64);
	}
	int n = 0;
	for (int w = 0; w < BITWORDS && n < max; w++)
		for (uint64_t bits = ask[w]; bits && n < max; bits &= bits - 1) {
			int i = w * 64 + __builtin_ctzll(bits);
			if (end_refused_at(&c, i, false))
				continue;
			int h = hex_from_index(i);
			int best = f.best[i];
			bool dbl = (f.dbl[w] >> (i % 64)) & 1;
			if (best == COST_INF) {
				/* out of reach but next to the start (or an entry hex): 8.3 */
				const char *why;
				int step = c.start == HEX_NONE
							? step_cost(&c, MODE_PLAIN, HEX_NONE, h, &why)
							: minimum_step(&c, h, &why);
				if (step < 0)
					continue;
				best = c.ma; /* 8.3: all its MPs */
			}
			/* hex ids grow with the dense index, so the list comes out sorted */
			out[n].hex = (int16_t)h;
			out[n].cost = (int8_t)best;
			out[n].double_time = dbl;
			n++;
		}
	if (modes == MODE_COUNT) {
		/* whole when the loop saw every hex it asks (the last word reached) */
		bool whole = n < max;
		memo_keep(g, u, &f, out, n, whole);
	}
	return n;
}

int move_reachable(const struct game *g, int u, struct move_dest *out, int max, char *err,
		   size_t errlen)
{
	return reachable(NULL, g, u, out, max, err, errlen, MODE_COUNT, NULL);
}

int move_reachable_entered(const struct game *g, int u, struct move_dest *out, int max,
			   uint64_t *entered)
{
	return reachable(NULL, g, u, out, max, NULL, 0, MODE_COUNT, entered);
}

int move_reachable_next_phase(const struct game *g, int u, struct game *scratch,
			      struct move_dest *out, int max, uint64_t *entered)
{
	if (u < 0 || u >= ROSTER_UNITS)
		return 0;
	enum side side = unit_side(u);
	*scratch = *g;
	scratch->events = NULL; /* a what-if: its events go nowhere */
	scratch->side = side;
	scratch->phase = PHASE_MOVEMENT;
	move_phase_reset(scratch);
	if (side == SIDE_CONFEDERATE)
		move_hood_check(scratch); /* 4.5C, as confederate_movement_start does */
	pending_set(scratch, side, DECISION_MOVEMENT, -1);
	/* a move that ends next to an enemy unit takes no road bonus (8.8.2D) and is not at
	 * double-time (8.9A): the plain search alone */
	return reachable(NULL, scratch, u, out, max, NULL, 0, MODE_PLAIN + 1, entered);
}

/* Walk an explicit path in one mode: its cost, or -1 with *why. */
static int path_cost(const struct ctx *c, enum mode m, const int16_t *path, int n,
		     const char **why)
{
	if ((*why = mode_refused(c, m)))
		return -1;
	int total = 0, from = c->start;
	for (int i = 0; i < n; i++) {
		if (from != HEX_NONE && from != c->start && stops(c, hex_index(from))) {
			*why = "6.3B: a unit entering an EZOC must stop";
			return -1;
		}
		if (from == HEX_NONE) {
			bool edge = false;
			for (int k = 0; k < c->nentry; k++)
				edge |= c->entry[k] == path[i];
			if (!edge) {
				*why = c->side == SIDE_UNION ? "9.3B: VI Corps enters through 4210–4224"
							     : "9.2A: A.P. Hill enters through 1044–2343";
				return -1;
			}
		}
		int step = step_cost(c, m, from, path[i], why);
		if (step < 0)
			return -1;
		total += step;
		from = path[i];
	}
	if (total > mode_budget(c, m)) {
		*why = "8.1A: not enough movement points";
		return -1;
	}
	return total;
}

/* move_check's searches (27 KB): one set a thread, off the stack; search_path sets what
 * they read on every call (the position is pos_kept's). */
static _Thread_local struct {
	struct search s[MODE_COUNT];
} check_scratch;

bool move_check(const struct game *g, const struct action *a, int16_t *path, int *npath,
		int *cost, bool *double_time, char *err, size_t errlen)
{
	int u = a->unit;
	if (!move_unit_may_move(g, u, err, errlen))
		return false;
	if (a->n < 1) {
		snprintf(err, errlen, "move: no destination");
		return false;
	}
	for (int i = 0; i < a->n; i++)
		if (!hex_valid(a->hex[i])) {
			snprintf(err, errlen, "%d is not a hex on the map", a->hex[i]);
			return false;
		}
	struct movepos *p = pos_kept(g, unit_side(u));
	struct ctx c;
	ctx_init(&c, p, u, true);
	int dest = a->hex[a->n - 1];
	const char *why = end_refused(&c, dest, true);
	if (why) {
		snprintf(err, errlen, "%s", why);
		return false;
	}
	if (a->n == 1) {
		/* one hex given: the cheapest legal way there, the first way of moving to reach it
		 * at the least cost. Each search may stop once it has the destination's cost (the
		 * path to it is final by then), or once nothing left is cheaper than the best way
		 * so far (a later way wins only with a lower cost). */
		struct search *s = check_scratch.s;
		int best = COST_INF, bm = -1, di = hex_index(dest);
		const struct memo *kept = memo_find(g, u);
		if (kept) {
			/* the way that gives the least cost first is known: search it alone */
			if (kept->best[di] < COST_INF) {
				bm = kept->mode[di];
				search_path(&c, (enum mode)bm, &s[bm], di, COST_INF + 1);
				best = s[bm].cost[di];
			}
		} else {
			for (int m = 0; m < MODE_COUNT; m++) {
				search_path(&c, (enum mode)m, &s[m], di, best);
				if (s[m].cost[di] < best) {
					best = s[m].cost[di];
					bm = m;
				}
			}
		}
		if (bm >= 0) {
			int rev[GAME_PATH_MAX], k = 0;
			for (int i = di; i >= 0 && i != c.si && k < GAME_PATH_MAX; i = s[bm].prev[i])
				rev[k++] = hex_from_index(i);
			*npath = k;
			for (int i = 0; i < k; i++)
				path[i] = (int16_t)rev[k - 1 - i];
			*cost = best;
			*double_time = mode_double((enum mode)bm);
			return true;
		}
	} else {
		memcpy(path, a->hex, sizeof a->hex[0] * (size_t)a->n);
		*npath = a->n;
		const char *first_why = NULL;
		for (int m = 0; m < MODE_COUNT; m++) {
			int k = path_cost(&c, (enum mode)m, a->hex, a->n, &why);
			if (k >= 0) {
				*cost = k;
				*double_time = mode_double((enum mode)m);
				return true;
			}
			if (!first_why)
				first_why = why;
		}
		snprintf(err, errlen, "%s", first_why);
		return false;
	}
	/* 8.3: one hex with all its MPs, if that hex may be entered at all */
	bool first = false;
	if (c.start != HEX_NONE)
		first = hex_adjacent(c.start, dest);
	else
		for (int k = 0; k < c.nentry; k++)
			first |= c.entry[k] == dest;
	if (first && step_cost(&c, MODE_PLAIN, c.start, dest, &why) >= 0) {
		path[0] = (int16_t)dest;
		*npath = 1;
		*cost = c.ma;
		*double_time = false;
		return true;
	}
	if (first) {
		snprintf(err, errlen, "%s", why);
		return false;
	}
	/* explain the plain mode's refusal along the cheapest straight attempt */
	snprintf(err, errlen, "8.1A: %s cannot reach %d this phase", c.d->id, dest);
	return false;
}

/* ---- applying a move ---- */

static void note_ford(struct game *g, int a, int b)
{
	if (!(side_between(g, a, b) & SIDE_FORD))
		return;
	for (int i = 0; i < g->nfords_used; i++)
		if (g->ford_from[i] == a && g->ford_to[i] == b)
			return;
	if (g->nfords_used < 16) {
		g->ford_from[g->nfords_used] = (int16_t)a;
		g->ford_to[g->nfords_used++] = (int16_t)b;
	}
}

/* 4.5C: Hood is released once a Union unit stands adjacent to one of his units. */
void move_hood_check(struct game *g)
{
	if (g->hood_released || g->turn != 1)
		return;
	for (int v = ROSTER_UNION; v < ROSTER_UNITS; v++) {
		if (!unit_on_map(g, v) || strcmp(unit_def(g, v)->formation, "Hd"))
			continue;
		for (int u = 0; u < ROSTER_UNION; u++)
			if (unit_on_map(g, u) && hex_adjacent(g->unit[u].hex, g->unit[v].hex)) {
				g->hood_released = true;
				event_new(g, EVENT_HOOD_RELEASED);
				return;
			}
	}
}

/* What every move leaves on unit u, a move's or a what-if's: its hex, its Moved marker
 * (8.11) and an artillery unit's (10.8A). */
static void moved_to(struct game *g, int u, int to)
{
	g->unit[u].hex = (int16_t)to;
	g->unit[u].flags |= UF_MOVED;
	if (unit_def(g, u)->type == UNIT_ARTILLERY)
		g->unit[u].flags |= UF_ART_MOVED;                     /* 8.11, 10.8A */
}

void move_what_if(struct game *g, int u, int to)
{
	int from = g->unit[u].hex;
	moved_to(g, u, to);
	if (unit_side(u) == SIDE_CONFEDERATE)
		commit_note_confederate_move(g, u, from, to);
}

static bool apply_move(struct game *g, const struct action *a, char *err, size_t errlen)
{
	int16_t path[GAME_PATH_MAX];
	int npath, cost;
	bool dbl;
	if (!move_check(g, a, path, &npath, &cost, &dbl, err, errlen))
		return false;
	int u = a->unit;
	struct unit_state *us = &g->unit[u];
	const struct unit_def *d = unit_def(g, u);
	int16_t start = us->hex;
	int from = start;
	if (from == HEX_NONE)
		g->entry_count[edge_slot(path[0])]++;                 /* 9.2E */
	for (int i = 0; i < npath; i++) {
		if (from != HEX_NONE) {
			note_ford(g, from, path[i]);
			if (d->side == SIDE_CONFEDERATE)
				commit_note_confederate_move(g, u, from, path[i]);
		}
		from = path[i];
	}
	moved_to(g, u, path[npath - 1]);
	us->mp_used = (uint8_t)cost;
	if (dbl)
		us->flags |= UF_DOUBLE_TIME;
	if (d->side == SIDE_UNION && !g->opt.unleashed && g->corps_moving != d->corps) {
		if (g->corps_moving >= 0)
			g->corps_done |= (uint8_t)(1u << g->corps_moving); /* 8.13 */
		g->corps_moving = (int8_t)d->corps;
	}
	struct game_event *e = event_new(g, EVENT_MOVE);
	e->unit = (int16_t)u;
	e->from = start;
	e->mp = (int8_t)cost;
	e->double_time = dbl;
	e->n = (uint8_t)npath;
	for (int i = 0; i < npath; i++)
		e->hex[i] = (int16_t)path[i];
	if (d->side == SIDE_UNION)
		move_hood_check(g);
	return true;
}

/* ---- 8.14 terrible mishap ---- */

static const char *mishap_refused(const struct game *g, int v, int hex)
{
	enum side side = unit_side(v);
	int from = g->unit[v].hex;
	if (side == g->side || !unit_on_map(g, v))
		return "8.14A: the mishap moves one enemy unit";
	if (!hex_adjacent(from, hex))
		return "8.14A: one hex";
	if (!zoc_side_passable(g, from, hex))
		return "8.14B: 8.7.6: Antietam Creek is crossed only at bridges and fords";
	if (unit_enemy_in(g, hex, side))
		return "8.14B: 8.4: never into a hex holding enemy units";
	if (zoc_in_ezoc(g, from, side) && zoc_in_ezoc(g, hex, side))
		return "8.14B: 6.3A: not from EZOC directly into EZOC";
	if (unit_middle_bridge_forbids(g, v, hex))
		return "8.14B: 4.6: no Confederate unit within two hexes of the Middle Bridge";
	if (!stack_allows(g, hex, v))
		return "8.14B: 7.0: stacking";
	return NULL;
}

void move_mishap_legal(const struct game *g, struct action_list *l)
{
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (!unit_on_map(g, v) || unit_side(v) == g->side)
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int h = hex_neighbour(g->unit[v].hex, (enum hex_dir)d);
			if (h == HEX_NONE || mishap_refused(g, v, h))
				continue;
			action_list_add(l, ACT_MISHAP, v, h);
		}
	}
}

/* ---- 9.1 A.P. Hill ---- */

static bool ap_hill_waiting(const struct game *g, int u)
{
	return unit_side(u) == SIDE_CONFEDERATE && unit_is_reinforcement(g, u) &&
	       g->unit[u].hex == HEX_NONE && g->unit[u].steps > 0 &&
	       !(g->unit[u].flags & UF_REMOVED);
}

void move_ap_hill_roll(struct game *g)
{
	int lo, hi;
	if (g->ap_hill_triggered || !tables_ap_hill_span(&g->scn->tables, g->turn, &lo, &hi))
		return;
	bool waiting = false;
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++)
		waiting |= ap_hill_waiting(g, u);
	if (!waiting)
		return;
	int d = dice_roll(g, EVENT_WHY_AP_HILL);
	if (tables_ap_hill_arrives(&g->scn->tables, g->turn, d)) {
		g->ap_hill_triggered = true;
		g->ap_hill_turn = (int8_t)g->turn;
		event_new(g, EVENT_AP_HILL);
	}
}

/* May unit u, off the map, end a move anywhere (move_reachable would list a hex)? An entry
 * hex it may step into (plain, 9.2) and end in is always listed, by the searches or by 8.3's
 * one-hex move: those are asked first, the searches only when none is. */
static bool may_enter(const struct game *g, int u)
{
	if (!move_unit_may_move(g, u, NULL, 0))
		return false;
	struct movepos p;
	struct ctx c;
	pos_init(&p, g, unit_side(u));
	ctx_init(&c, &p, u, true);
	const char *why;
	for (int k = 0; c.si < 0 && k < c.nentry; k++)
		if (!end_refused(&c, c.entry[k], false) &&
		    step_cost(&c, MODE_PLAIN, HEX_NONE, c.entry[k], &why) >= 0)
			return true;
	struct move_dest dest[1];
	return reachable(&p, g, u, dest, 1, NULL, 0, MODE_COUNT, NULL) > 0;
}

/* 9.1C: once triggered, A.P. Hill enters that turn unless it cannot. */
static bool ap_hill_must_enter(const struct game *g, char *err, size_t errlen)
{
	if (g->side != SIDE_CONFEDERATE || !g->ap_hill_triggered || g->ap_hill_turn != g->turn)
		return false;
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++) {
		if (ap_hill_waiting(g, u) && may_enter(g, u)) {
			snprintf(err, errlen, "9.1C: A.P. Hill's entry may not be delayed (%s has not entered)",
				 names_of_unit(u));
			return true;
		}
	}
	return false;
}

/* ---- 12.0 regrouping ---- */

void move_regroup(struct game *g)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_def *d = unit_def(g, u);
		struct unit_state *us = &g->unit[u];
		if (unit_side(u) != g->side || !unit_on_map(g, u) || d->type != UNIT_INFANTRY)
			continue;                                     /* 12.3C */
		if (us->flags & UF_MOVED)
			continue;                                     /* 12.2: motionless */
		if (us->steps >= d->steps - 1)
			continue;                                     /* 12.3A–B */
		if (unit_enemy_distance(g, us->hex, unit_side(u)) < 3)
			continue;                                     /* 12.2 */
		us->steps++;
		struct game_event *e = event_new(g, EVENT_REGROUP);
		e->unit = (int16_t)u;
		e->steps = us->steps;
	}
}

/* ---- the movement decision ---- */

enum phase_result move_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	if (g->pending.what == DECISION_MISHAP) {
		if (a->type == ACT_END) {
			event_new(g, EVENT_MISHAP_DECLINED);
			return PHASE_OVER; /* the sequence goes on with the movement phase's steps */
		}
		if (a->type != ACT_MISHAP) {
			snprintf(err, errlen, "8.14: choose a mishap move (mishap UNIT HEX) or end");
			return PHASE_REFUSED;
		}
		const char *why = mishap_refused(g, a->unit, a->target);
		if (why) {
			snprintf(err, errlen, "%s", why);
			return PHASE_REFUSED;
		}
		struct game_event *e = event_new(g, EVENT_MISHAP_MOVE);
		e->unit = (int16_t)a->unit;
		e->from = g->unit[a->unit].hex;
		e->to = (int16_t)a->target;
		g->unit[a->unit].hex = (int16_t)a->target;
		return PHASE_OVER;
	}
	switch (a->type) {
	case ACT_MOVE:
		return apply_move(g, a, err, errlen) ? PHASE_GOES_ON : PHASE_REFUSED;
	case ACT_END:
		if (ap_hill_must_enter(g, err, errlen))
			return PHASE_REFUSED;
		return PHASE_OVER;
	default:
		snprintf(err, errlen, "the %s movement phase: move a unit or end", names_of_side(g->side));
		return PHASE_REFUSED;
	}
}

void move_legal(const struct game *g, struct action_list *l)
{
	if (g->pending.what == DECISION_MISHAP) {
		move_mishap_legal(g, l);
	} else {
		struct move_dest dest[HEX_INDEX_COUNT];
		struct movepos p; /* one position for every unit of the side */
		p.built = false;
		for (int u = 0; u < ROSTER_UNITS && !action_list_full(l); u++) {
			if (unit_side(u) != g->side)
				continue;
			int k = reachable(&p, g, u, dest, HEX_INDEX_COUNT, NULL, 0, MODE_COUNT, NULL);
			for (int i = 0; i < k && !action_list_full(l); i++) {
				struct action *a = action_list_add(l, ACT_MOVE, u, 0);
				a->n = 1;
				a->hex[0] = dest[i].hex;
			}
		}
		char err[8];
		if (ap_hill_must_enter(g, err, sizeof err))
			return;
	}
	action_list_add(l, ACT_END, 0, 0);
}

/* ---- the phase's bookkeeping ---- */

/* Everything that lasts one movement phase starts afresh (moved flags, MPs, fords, corps). */
void move_phase_reset(struct game *g)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		g->unit[u].flags &= ~(uint32_t)(UF_MOVED | UF_DOUBLE_TIME | UF_WITHDRAWN);
		g->unit[u].mp_used = 0;
	}
	memset(g->entry_count, 0, sizeof g->entry_count);
	/* no stale slots: a saved and reloaded game must equal the game itself byte for byte */
	memset(g->ford_from, 0, sizeof g->ford_from);
	memset(g->ford_to, 0, sizeof g->ford_to);
	g->nfords_used = 0;
	g->corps_moving = -1;
	g->corps_done = 0;
	g->withdrawing = 0;
}
