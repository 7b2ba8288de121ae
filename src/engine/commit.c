/* commit.c — owns the Union corps commitment of 8.12 and 13.0: the status of each corps,
 * the availability rolls (13.4D, 13.7A, 13.8), withdrawal and withdrawal movement (13.5–
 * 13.6), commitment (13.1–13.2, 13.7C), the limits on Available and Unavailable units
 * (13.3–13.4) and their lifting (13.3F, 13.4C, 8.12B). The 13.0 note's "McClellan
 * unleashed" option (opt.unleashed) sets all of it aside. */
#include <stdio.h>
#include <string.h>

#include "commit.h"
#include "internal.h"
#include "move.h"

bool commit_unleashed(const struct game *g)
{
	return g->opt.unleashed || g->commitment_lifted;
}

int commit_committed_turn(const struct game *g, enum corps c)
{
	return c >= 0 && c < CORPS_COUNT && g->corps[c] == CORPS_COMMITTED ? g->corps_committed[c] : 0;
}

enum corps_status commit_unit_status(const struct game *g, int u)
{
	if (unit_side(u) != SIDE_UNION || commit_unleashed(g))
		return CORPS_COMMITTED;
	/* 9.3D + 13.8 (RECONSTRUCTION.md): VI Corps enters on turn 6 as an Available corps, free
	 * of the two-corps allotment but bound by 13.3B until it is Committed */
	return g->corps[unit_def(g, u)->corps];
}

bool commit_lifted(const struct game *g, enum corps c, int enemy)
{
	if (c < 0 || c >= CORPS_COUNT || enemy < ROSTER_UNION || enemy >= ROSTER_UNITS)
		return false;
	return (g->corps_lifted[c] >> (enemy - ROSTER_UNION)) & 1u;
}

bool commit_unit_may_fight(const struct game *g, int u, int enemy)
{
	if (unit_side(u) != SIDE_UNION || commit_unleashed(g))
		return true;
	enum corps c = unit_def(g, u)->corps;
	/* 13.2A; 9.3D: VI Corps in combat counts as one of the two, so it must be Committed */
	if (g->corps[c] == CORPS_COMMITTED)
		return true;
	return enemy >= 0 && commit_lifted(g, c, enemy); /* 13.3F, 13.4C */
}

bool commit_vi_may_fight(const struct game *g, int u)
{
	if (unit_side(u) != SIDE_UNION || commit_unleashed(g) || g->turn != 6 ||
	    unit_def(g, u)->corps != CORPS_VI || g->corps[CORPS_VI] == CORPS_COMMITTED)
		return true;
	/* the corps of the allotment (the Committed ones, 13.2) that moved or attacked */
	unsigned used = 0;
	for (int v = 0; v < ROSTER_UNION; v++) {
		enum corps c = unit_def(g, v)->corps;
		uint32_t f = g->unit[v].flags;
		if (c != CORPS_VI && c >= 0 && c < CORPS_COUNT && g->corps[c] == CORPS_COMMITTED &&
		    (((f & UF_MOVED) && !(f & UF_WITHDRAWN)) || (f & UF_ATTACKED)))
			used |= 1u << c;
	}
	return __builtin_popcount(used) <= 1;
}

bool commit_unit_may_fire(const struct game *g, int u, int target)
{
	if (unit_side(u) != SIDE_UNION || commit_unleashed(g))
		return true;
	enum corps c = unit_def(g, u)->corps;
	if (g->corps[c] != CORPS_UNAVAILABLE)
		return true;                                       /* 10.1B, 13.3D */
	return target >= 0 && commit_lifted(g, c, target);        /* 13.4B–C */
}

/* Which bank of Antietam Creek each hex is on: 1 for the east bank (the side of the VI Corps
 * entry edge), 0 for the other; creek hexsides, bridged and forded included, divide them. */
static void banks_fill(const struct game *g, uint8_t *east)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	memset(east, 0, HEX_INDEX_COUNT);
	int seed = g->scn->map.n_vi_corps_edge ? g->scn->map.vi_corps_edge[0] : 4217;
	int16_t stack[HEX_INDEX_COUNT];
	int n = 0;
	east[hex_index(seed)] = 1;
	stack[n++] = (int16_t)hex_index(seed);
	while (n > 0) {
		int h = stack[--n];
		const struct map_hex *mh = &g->scn->map.hex[h];
		for (int d = 0; d < HEX_NDIRS; d++) {
			int b = nb[h][d];
			if (b < 0 || east[b] || (mh->side[d] & SIDE_CREEK))
				continue;
			east[b] = 1;
			stack[n++] = (int16_t)b;
		}
	}
}

/* The banks depend on the map alone: the last scenario's are kept (pure speed: the movement
 * search of an Available unit asks them of every position); game_memo_forget empties it. */
static struct {
	const struct scenario *scn;          /* NULL: empty */
	uint8_t east[HEX_INDEX_COUNT];
} banks;

void commit_banks(const struct game *g, uint8_t *east)
{
	if (banks.scn != g->scn) {
		banks_fill(g, banks.east);
		banks.scn = g->scn;
	}
	memcpy(east, banks.east, HEX_INDEX_COUNT);
}

/* 13.3B for one enemy unit in eh: within four hexes of hex, unless the creek runs between
 * them (hex on the east bank, eh not) and they are not joined across a bridge or ford. */
static bool enemy_forbids(const struct game *g, int hex, int eh, const uint8_t *east)
{
	if (!hex_within(hex, eh, 4))
		return false;
	if (east[hex_index(hex)] && !east[hex_index(eh)]) {
		int d = hex_direction(hex, eh);
		unsigned f = d < 0 ? 0 : g->scn->map.hex[hex_index(hex)].side[d];
		if (!(f & (SIDE_BRIDGE | SIDE_FORD)))
			return false;                      /* 13.3B exception */
	}
	return true;
}

/* Does enemy unit e restrict Available Union unit u (on the map, not lifted, 13.3F)? */
static bool enemy_restricts(const struct game *g, int u, int e)
{
	return unit_on_map(g, e) && !commit_lifted(g, unit_def(g, u)->corps, e);
}

/* 13.3E (RECONSTRUCTION.md's readings, two enemies included): an Available unit that already
 * finds enemy e within four hexes (as 13.3B counts them) must end its move farther from e
 * than its start, and may never come nearer e on the way (as near: passing only). The
 * distance from u's start to e when that holds, else -1 (13.3B alone applies). */
static int start_near(const struct game *g, int u, int eh, const uint8_t *east)
{
	int start = g->unit[u].hex;
	if (start == HEX_NONE || !enemy_forbids(g, start, eh, east))
		return -1;
	return hex_distance(start, eh);
}

/* 13.3B/13.3E for a hex `dist` hexes from an enemy that forbids it (enemy_forbids): near is
 * the start's distance to that enemy (start_near). */
static enum commit_ban near_ban(int near, int dist)
{
	if (near < 0)
		return COMMIT_BAN_13_3B;
	return dist > near ? COMMIT_FREE : dist == near ? COMMIT_STOP_13_3E : COMMIT_BAN_13_3E;
}

/* What enemy e (in eh, its start distance `near` from start_near) says of hex h for u. */
static enum commit_ban enemy_ban(const struct game *g, int h, int eh, int near,
				 const uint8_t *east)
{
	if (!enemy_forbids(g, h, eh, east))
		return COMMIT_FREE;
	return near_ban(near, hex_distance(h, eh));
}

/* The hexes within four of a hex (13.3B's reach) as column and row offsets with their
 * distance, for a hex in an even column [0] and an odd one [1]: in the odd-q layout the
 * offsets depend on the column's parity alone. Built once (pure geometry). */
#define DISK4 61
static struct disk_step {
	int8_t dc, dr, dist;
	int16_t di; /* the dense index's change: dc * HEX_NROWS + dr */
} disk4[2][DISK4];
static bool disk4_ready;

static void disk4_build(void)
{
	for (int p = 0; p < 2; p++) {
		int centre = (20 + p) * 100 + 20, n = 0;
		for (int dc = -4; dc <= 4; dc++)
			for (int dr = -4; dr <= 4; dr++) {
				int h = centre + dc * 100 + dr, dist = hex_distance(centre, h);
				if (dist <= 4 && n < DISK4)
					disk4[p][n++] = (struct disk_step){ (int8_t)dc, (int8_t)dr, (int8_t)dist,
									    (int16_t)(dc * HEX_NROWS + dr) };
			}
	}
	disk4_ready = true;
}

/* A 13.3B/13.3E map is a function of the scenario (its map, the banks) and, for each enemy
 * unit, its hex when it restricts the unit (on the map, not lifted for its corps, 13.3F) and
 * the unit's start distance to it when that counts (start_near): that is its key. The enemy
 * does not move while the Union moves, so the units of a corps, and the general's and the
 * bot's many positions of one movement phase, ask the same maps again: the last FMEMO_SLOTS
 * are kept (pure speed); game_memo_forget empties them. */
#define FMEMO_SLOTS 8

struct forbid_key {
	int16_t eh[ROSTER_CONFEDERATE];      /* HEX_NONE: the enemy unit does not restrict */
	int8_t near[ROSTER_CONFEDERATE];     /* start_near, -1 when it does not count */
};

static struct fmemo {
	const struct scenario *scn;          /* NULL: empty */
	struct forbid_key key;
	uint8_t forbid[HEX_INDEX_COUNT];
} fmemo[FMEMO_SLOTS];
static int fmemo_next;

static void forbidden_fill(const struct game *g, const struct forbid_key *key,
			   const uint8_t *east, uint8_t *forbid);

void commit_forbidden_map(const struct game *g, int u, const uint8_t *east, uint8_t *forbid)
{
	struct forbid_key key;
	memset(&key, 0, sizeof key);
	for (int e = ROSTER_UNION; e < ROSTER_UNITS; e++) {
		int k = e - ROSTER_UNION;
		bool r = enemy_restricts(g, u, e);
		key.eh[k] = (int16_t)(r ? g->unit[e].hex : HEX_NONE);
		key.near[k] = (int8_t)(r ? start_near(g, u, g->unit[e].hex, east) : -1);
	}
	for (int i = 0; i < FMEMO_SLOTS; i++)
		if (fmemo[i].scn == g->scn && !memcmp(&fmemo[i].key, &key, sizeof key)) {
			memcpy(forbid, fmemo[i].forbid, HEX_INDEX_COUNT);
			return;
		}
	struct fmemo *m = &fmemo[fmemo_next];
	fmemo_next = (fmemo_next + 1) % FMEMO_SLOTS;
	forbidden_fill(g, &key, east, m->forbid);
	m->key = key;
	m->scn = g->scn;
	memcpy(forbid, m->forbid, HEX_INDEX_COUNT);
}

static void forbidden_fill(const struct game *g, const struct forbid_key *key,
			   const uint8_t *east, uint8_t *forbid)
{
	if (!disk4_ready)
		disk4_build();
	memset(forbid, 0, HEX_INDEX_COUNT);
	for (int x = 0; x < ROSTER_CONFEDERATE; x++) {
		if (key->eh[x] == HEX_NONE)
			continue;
		int eh = key->eh[x], ec = hex_col(eh), er = hex_row(eh), ei = hex_index(eh);
		int near = key->near[x];
		const struct disk_step *k = disk4[ec & 1];
		/* every hex within four of eh is on the map when eh is four hexes from every edge
		 * (odd columns end a row early) */
		bool inside = ec - 4 >= HEX_COL_MIN && ec + 4 <= HEX_COL_MAX && er - 4 >= 0 &&
			      er + 4 <= HEX_ROW_MAX - 1;
		/* enemy_ban for every hex within four of eh (enemy_forbids' hex_within); the
		 * column and row tested as hex_valid does, the index made as hex_index does */
		for (int j = 0; j < DISK4; j++) {
			int c = ec + k[j].dc, r = er + k[j].dr, hi = ei + k[j].di;
			if (!inside &&
			    (c < HEX_COL_MIN || c > HEX_COL_MAX || r < 0 || r > HEX_ROW_MAX - (c & 1)))
				continue;
			if (forbid[hi] == COMMIT_BAN_13_3B)
				continue;
			if (east[hi] && !east[ei]) {                  /* 13.3B exception */
				int h = c * 100 + r;
				int d = k[j].dist == 1 ? hex_direction(h, eh) : -1;
				unsigned f = d < 0 ? 0 : g->scn->map.hex[hi].side[d];
				if (!(f & (SIDE_BRIDGE | SIDE_FORD)))
					continue;
			}
			enum commit_ban b = near_ban(near, k[j].dist);
			if (b > forbid[hi])
				forbid[hi] = (uint8_t)b;
		}
	}
}

bool commit_starts_near(const struct game *g, int u, const uint8_t *east)
{
	for (int e = ROSTER_UNION; e < ROSTER_UNITS; e++)
		if (enemy_restricts(g, u, e) && start_near(g, u, g->unit[e].hex, east) >= 0)
			return true;
	return false;
}

enum commit_ban commit_available_forbids(const struct game *g, int u, int hex)
{
	uint8_t east[HEX_INDEX_COUNT];
	commit_banks(g, east);
	enum commit_ban worst = COMMIT_FREE;
	for (int e = ROSTER_UNION; e < ROSTER_UNITS; e++) {
		if (!enemy_restricts(g, u, e))
			continue;
		int eh = g->unit[e].hex;
		enum commit_ban b = enemy_ban(g, hex, eh, start_near(g, u, eh, east), east);
		if (b > worst)
			worst = b;
	}
	return worst;
}

bool commit_unit_may_step(const struct game *g, int u, int hex, char *err, size_t errlen)
{
	switch (commit_unit_status(g, u)) {
	case CORPS_UNAVAILABLE:
		return names_refusal(err, errlen, "13.4B: %s Corps is Unavailable and may not move",
				     unit_def(g, u)->formation);
	case CORPS_AVAILABLE:
		switch (commit_available_forbids(g, u, hex)) {
		case COMMIT_BAN_13_3B:
			return names_refusal(err, errlen, "13.3B: units of an Available corps may not "
					     "come within four hexes of an enemy unit");
		case COMMIT_BAN_13_3E:
		case COMMIT_STOP_13_3E:
			return names_refusal(err, errlen, "13.3E: a unit of an Available corps within "
					     "four hexes of an enemy unit may only move farther from it");
		default:
			return true;
		}
	default:
		return true;
	}
}

void commit_note_confederate_move(struct game *g, int u, int from, int to)
{
	int d = hex_direction(from, to);
	if (d >= 0 && (g->scn->map.hex[hex_index(from)].side[d] & SIDE_CREEK) &&
	    !g->commitment_lifted) {
		g->commitment_lifted = true;
		event_new(g, EVENT_CREEK_CROSSED)->unit = (int16_t)u;
	}
	for (int v = 0; v < ROSTER_UNION; v++) {
		if (!unit_on_map(g, v) || !hex_adjacent(g->unit[v].hex, to))
			continue;
		enum corps c = unit_def(g, v)->corps;
		if (g->corps[c] == CORPS_COMMITTED || commit_lifted(g, c, u))
			continue;
		g->corps_lifted[c] |= 1ull << (u - ROSTER_UNION);
		struct game_event *e = event_new(g, EVENT_LIMITS_LIFTED);
		e->unit = (int16_t)u;
		e->corps = (int8_t)c;
	}
}

void commit_union_turn_end(struct game *g)
{
	/* 13.3F / 13.4C, how long (RECONSTRUCTION.md): a lift lasts until the end of the next
	 * Union player-turn after the Confederate unit came adjacent, or of the current one if it
	 * came adjacent during a Union player-turn. The Union player-turn comes first in a turn
	 * (5.1A), so every lift ends with the first Union player-turn that follows or holds the
	 * adjacency; a new adjacency (commit_note_confederate_move) sets it again. */
	memset(g->corps_lifted, 0, sizeof g->corps_lifted);
}

void commit_set_status(struct game *g, enum corps c, enum corps_status s)
{
	if (g->corps[c] != s) {
		g->corps_lifted[c] = 0;
		/* 13.1: note the turn it was committed (0 once it is no longer Committed) */
		g->corps_committed[c] = s == CORPS_COMMITTED ? (int8_t)g->turn : 0;
	}
	g->corps[c] = s;
}

void commit_change_status(struct game *g, enum corps c, enum corps_status s, enum event_why why)
{
	commit_set_status(g, c, s);
	struct game_event *e = event_new(g, EVENT_CORPS_STATUS);
	e->corps = (int8_t)c;
	e->status = (int8_t)s;
	e->why = (uint8_t)why;
}

void commit_turn_start(struct game *g)
{
	if (g->turn == 6 && g->corps[CORPS_VI] == CORPS_UNAVAILABLE) {
		commit_change_status(g, CORPS_VI, CORPS_AVAILABLE, EVENT_WHY_VI_CORPS); /* 13.8 */
	}
	if (g->turn == 1 || commit_unleashed(g))
		return;                                           /* 13.7A */
	for (int c = 0; c < CORPS_COUNT; c++) {
		if (g->corps[c] != CORPS_UNAVAILABLE || (c == CORPS_VI && g->turn < 6))
			continue;
		if (dice_roll_for(g, EVENT_WHY_AVAILABILITY, c, -1) == 6)
			commit_change_status(g, (enum corps)c, CORPS_AVAILABLE, EVENT_WHY_AVAILABLE);
	}
}

static int committed_count(const struct game *g)
{
	int n = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		n += g->corps[c] == CORPS_COMMITTED;
	return n;
}

bool commit_withdrawal_possible(const struct game *g)
{
	return !commit_unleashed(g) && g->turn > 1 && committed_count(g) > 0;
}

/* May corps c be committed now? NULL if so, else why not. */
static const char *commit_refused(const struct game *g, int c)
{
	if (c < 0 || c >= CORPS_COUNT)
		return "no such corps";
	if (g->corps[c] != CORPS_AVAILABLE)
		return g->corps[c] == CORPS_COMMITTED ? "13.2C: that corps is already Committed"
						     : "13.4A: an Unavailable corps may not be Committed";
	if (committed_count(g) >= 2)
		return "13.2B: two corps are Committed already; withdraw one first";
	if (g->turn == 1 && !g->empty_setup && c != CORPS_XII && c != CORPS_IX)
		return "13.7C: on turn 1 the Union may commit XII or IX Corps";
	return NULL;
}

bool commit_commitment_why_not(const struct game *g, char *why, size_t len)
{
	if (commit_unleashed(g)) {
		snprintf(why, len, "%s", g->opt.unleashed ? "13.0 option: McClellan unleashed, no "
			 "corps commitment" : "8.12B: a Confederate unit crossed the creek; the "
			 "commitment rules no longer bind the Union");
		return false;
	}
	const char *first = NULL;
	for (int c = 0; c < CORPS_COUNT; c++) {
		const char *r = commit_refused(g, c);
		if (!r)
			return true;
		if (!first && g->corps[c] == CORPS_AVAILABLE)
			first = r; /* an Available corps' refusal says the most */
	}
	snprintf(why, len, "%s", first ? first : "13.1: no Union corps is Available to commit");
	return false;
}

bool commit_commitment_possible(const struct game *g)
{
	char why[8];
	return commit_commitment_why_not(g, why, sizeof why);
}

/* ---- 13.6 withdrawal movement ---- */

struct withdraw_target {
	int16_t hex;
	int8_t losses;   /* 11.17.4B steps lost on the way */
	int8_t dist;     /* to the nearest enemy unit */
};

/* 11.17.4B's steps lost on the way are counted up to LMAX - 1. */
enum { LMAX = 7 };

/* The hexes unit u may end a withdrawal in, by its search (withdraw_search): in hex order,
 * with the farthest distance to the enemy among them. It depends on the units' state and the
 * scenario alone, so the last one is kept (pure speed: withdraw_next asks it of the next
 * unit, then withdraw_move of the same unit on the same units); game_memo_forget empties it. */
static struct withdraw_found {
	const struct scenario *scn;          /* NULL: empty */
	int u, n, best_dist;
	struct unit_state unit[ROSTER_UNITS];
	struct withdraw_target all[HEX_INDEX_COUNT];
} wfound;

void commit_memo_clear(void)
{
	wfound.scn = NULL;
	banks.scn = NULL;
	for (int i = 0; i < FMEMO_SLOTS; i++)
		fmemo[i].scn = NULL;
}

static void withdraw_search(const struct game *g, int u, struct withdraw_found *found);

enum { WKMAX = ROSTER_MA_MAX + 1 }; /* withdraw_search's MP levels */

/* withdraw_search's tables (about 125 KB): one set a thread, off the stack; each call sets every
 * entry it reads before reading it, so nothing passes from one call to the next. */
struct withdraw_scratch {
	int16_t cost[HEX_INDEX_COUNT][LMAX]; /* MPs to reach a hex having lost l steps */
	uint8_t enemy[HEX_INDEX_COUNT], ezoc[HEX_INDEX_COUNT], loses[HEX_INDEX_COUNT];
	uint8_t friend_at[HEX_INDEX_COUNT];
	int16_t level[WKMAX][HEX_INDEX_COUNT]; /* the bucket queue: hexes by cost */
	uint8_t queued[WKMAX][HEX_INDEX_COUNT];
};
static _Thread_local struct withdraw_scratch withdraw_scratch;

/* Every hex unit u may end its withdrawal in (13.6A–C), best first; 0 when it must be
 * eliminated (13.6D). */
static int withdraw_targets(const struct game *g, int u, struct withdraw_target *out, int max)
{
	struct withdraw_found *w = &wfound;
	if (w->scn != g->scn || w->u != u || memcmp(w->unit, g->unit, sizeof w->unit)) {
		withdraw_search(g, u, w);
		w->scn = g->scn;
		w->u = u;
		memcpy(w->unit, g->unit, sizeof w->unit);
	}
	int n = w->n, best_dist = w->best_dist;
	if (n == 0 || best_dist <= 1)
		return 0;                                             /* 13.6D */
	/* the first max that 13.6A, C allow, in the order found (hex order) */
	struct withdraw_target all[HEX_INDEX_COUNT];
	int k = 0;
	for (int i = 0; i < n && k < max; i++) {
		bool ok = best_dist >= 5 ? w->all[i].dist >= 5 : w->all[i].dist == best_dist; /* 13.6A, C */
		if (ok)
			all[k++] = w->all[i];
	}
	/* best first: fewest steps lost, then farthest, then the lowest hex id — a counting
	 * sort on (losses, 100 - dist), stable, so equals keep the order found */
	enum { DMAX = 100, NKEYS = LMAX * (DMAX + 1) };
	int start_of[NKEYS + 1];
	memset(start_of, 0, sizeof start_of);
	for (int i = 0; i < k; i++)
		start_of[all[i].losses * (DMAX + 1) + (DMAX - all[i].dist) + 1]++;
	for (int key = 0; key < NKEYS; key++)
		start_of[key + 1] += start_of[key];
	for (int i = 0; i < k; i++)
		out[start_of[all[i].losses * (DMAX + 1) + (DMAX - all[i].dist)]++] = all[i];
	return k;
}

static void withdraw_search(const struct game *g, int u, struct withdraw_found *found)
{
	enum { KMAX = WKMAX };
	static const int inf = 0x7fff;
	struct withdraw_scratch *sc = &withdraw_scratch;
	enum side side = unit_side(u);
	int start = g->unit[u].hex, ma = unit_def(g, u)->ma;
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	int16_t (*cost)[LMAX] = sc->cost;
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		for (int l = 0; l < LMAX; l++)
			cost[i][l] = inf;
	cost[hex_index(start)][0] = 0;
	/* bit i: hex i got a cost (the only hexes the targets can come from) */
	uint64_t reached[(HEX_INDEX_COUNT + 63) / 64] = { 0 };
	reached[hex_index(start) / 64] |= 1ull << (hex_index(start) % 64);
	/* what the search asks of every hex, worked out once: enemy there, in an EZOC, and
	 * whether entering it costs a step (11.17.4B: an EZOC hex without a friend) */
	uint8_t *enemy = sc->enemy, *ezoc = sc->ezoc, *loses = sc->loses;
	memset(sc->enemy, 0, sizeof sc->enemy);
	memset(sc->ezoc, 0, sizeof sc->ezoc);
	memset(sc->loses, 0, sizeof sc->loses);
	uint8_t *friend_at = sc->friend_at;
	memset(sc->friend_at, 0, sizeof sc->friend_at);
	int foe[ROSTER_UNITS], nfoe = 0; /* the enemy units' hexes */
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (!unit_on_map(g, v))
			continue;
		int vh = g->unit[v].hex;
		if (unit_side(v) == side) {
			if (v != u)
				friend_at[hex_index(vh)] = 1;
			continue;
		}
		int vi = hex_index(vh);
		enemy[vi] = 1;
		foe[nfoe++] = vh;
		for (int d = 0; d < HEX_NDIRS; d++)
			if (nb[vi][d] >= 0 && zoc_features_passable(g->scn->map.hex[vi].side[d]))
				ezoc[nb[vi][d]] = 1;
	}
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		loses[i] = ezoc[i] && !friend_at[i];
	/* costs are small: a bucket queue of hexes by cost, each hex once a level */
	if (ma >= KMAX)
		ma = KMAX - 1; /* not with a units.txt the loader accepts */
	int16_t (*level)[HEX_INDEX_COUNT] = sc->level;
	uint8_t (*queued)[HEX_INDEX_COUNT] = sc->queued;
	int nlevel[KMAX] = { 0 };
	memset(queued, 0, (size_t)(ma + 1) * sizeof queued[0]);
	level[0][nlevel[0]++] = (int16_t)hex_index(start);
	queued[0][hex_index(start)] = 1;
	for (int k = 0; k <= ma; k++)
		for (int q = 0; q < nlevel[k]; q++) {
			int i = level[k][q];
			for (int l = 0; l < LMAX; l++) {
				if (cost[i][l] != k)
					continue;
				for (int d = 0; d < HEX_NDIRS; d++) {
					int bi = nb[i][d];
					if (bi < 0 || enemy[bi])
						continue;
					int step = move_enter_cost_index(g->scn, i, d, bi);
					if (step < 0)
						continue;
					int nl = l + loses[bi];   /* 11.17.4B */
					if (nl >= LMAX)
						nl = LMAX - 1;
					int nk = k + step;
					if (nk > ma || nk >= cost[bi][nl])
						continue;
					cost[bi][nl] = (int16_t)nk;
					reached[bi / 64] |= 1ull << (bi % 64);
					if (nk > k && !queued[nk][bi]) {
						queued[nk][bi] = 1;
						level[nk][nlevel[nk]++] = (int16_t)bi;
					}
				}
			}
		}
	/* The distance to the nearest enemy unit (capped at 100) is asked only of the hexes
	 * reached, in cube coordinates (hex_cube, as hex_distance counts), the enemy nearest
	 * the start first: one at d0 from the start is at least d0 - d from a hex d from the
	 * start, so the search for a hex's nearest stops at the first enemy that cannot be
	 * nearer. */
	struct foe_at { int x, z, d0; } fc[ROSTER_UNITS];
	int sx, sz;
	hex_cube(start, &sx, &sz);
	for (int k = 0; k < nfoe; k++) {
		struct foe_at f;
		hex_cube(foe[k], &f.x, &f.z);
		f.d0 = hex_cube_distance(sx, sz, f.x, f.z);
		int j = k;
		for (; j > 0 && fc[j - 1].d0 > f.d0; j--)
			fc[j] = fc[j - 1];
		fc[j] = f;
	}
	int n = 0, best_dist = -1;
	struct withdraw_target *all = found->all;
	for (int w = 0; w < (HEX_INDEX_COUNT + 63) / 64; w++)
		for (uint64_t bits = reached[w]; bits; bits &= bits - 1) {
			int i = w * 64 + __builtin_ctzll(bits), h = hex_from_index(i);
			if (!hex_valid(h) || h == start || ezoc[i])
				continue;                                     /* 11.17.4A */
			int l = 0;
			while (l < LMAX && cost[i][l] == inf)
				l++;
			if (l == LMAX || (friend_at[i] && !stack_allows(g, h, u)))
				continue;                                     /* 11.17.3A */
			int hx, hz, near = 100;
			hex_cube(h, &hx, &hz);
			int ds = hex_cube_distance(sx, sz, hx, hz);
			for (int k = 0; k < nfoe && fc[k].d0 - ds < near; k++) {
				int d = hex_cube_distance(hx, hz, fc[k].x, fc[k].z);
				if (d < near)
					near = d;
			}
			all[n].hex = (int16_t)h;
			all[n].losses = (int8_t)l;
			all[n].dist = (int8_t)near;
			if (all[n].dist > best_dist)
				best_dist = all[n].dist;
			n++;
		}
	found->n = n;
	found->best_dist = best_dist;
}

/* 13.6A (RECONSTRUCTION.md's reading): a unit already five or more hexes from every enemy
 * unit stands where 13.6A wants it and may stay; staying is not a move (it may regroup). */
static bool withdraw_may_stay(const struct game *g, int u)
{
	return unit_enemy_distance(g, g->unit[u].hex, SIDE_UNION) >= 5;
}

/* The next unit owing a withdrawal move gets the decision, eliminating on the way those that
 * cannot withdraw (13.6D); when none is left, the withdrawal decision comes back, or else the
 * withdrawal step is over. */
static enum phase_result withdraw_next(struct game *g)
{
	for (int u = 0; u < ROSTER_UNION; u++) {
		if (!unit_on_map(g, u) || (g->unit[u].flags & UF_WITHDRAWN) ||
		    !(g->withdrawing & (1u << unit_def(g, u)->corps)))
			continue;
		struct withdraw_target t[1];
		if (!withdraw_may_stay(g, u) && withdraw_targets(g, u, t, 1) == 0) {
			event_new(g, EVENT_WITHDRAW_TRAPPED)->unit = (int16_t)u;
			g->unit[u].flags |= UF_WITHDRAWN | UF_MOVED;
			while (g->unit[u].steps > 0)
				unit_lose_step(g, u, EVENT_WHY_WITHDRAW_TRAPPED);
			continue;
		}
		pending_set(g, SIDE_UNION, DECISION_WITHDRAW_MOVE, u);
		return PHASE_GOES_ON;
	}
	if (!commit_withdrawal_possible(g))
		return PHASE_OVER;
	pending_set(g, SIDE_UNION, DECISION_WITHDRAWAL, -1);
	return PHASE_GOES_ON;
}

/* Unit u withdraws to hex (13.6), or HEX_NONE: the engine's choice — staying where it is
 * when it may (withdraw_may_stay), else the first of withdraw_targets. */
static enum phase_result withdraw_move(struct game *g, int u, int hex, char *err, size_t errlen)
{
	if (hex == HEX_NONE && withdraw_may_stay(g, u)) {
		struct game_event *e = event_new(g, EVENT_WITHDRAW_STAYS);
		e->unit = (int16_t)u;
		e->from = g->unit[u].hex;
		g->unit[u].flags |= UF_WITHDRAWN; /* not a move: it may regroup (12.0) */
		return withdraw_next(g);
	}
	struct withdraw_target t[HEX_INDEX_COUNT];
	int n = withdraw_targets(g, u, t, HEX_INDEX_COUNT), k = -1;
	for (int i = 0; i < n; i++)
		if (hex == HEX_NONE ? i == 0 : t[i].hex == hex)
			k = i;
	if (k < 0) {
		snprintf(err, errlen,
			 "13.6: %s must withdraw to a hex five or more hexes from the enemy, or else as far as it can",
			 names_of_unit(u));
		return PHASE_REFUSED;
	}
	struct game_event *e = event_new(g, EVENT_WITHDRAW_MOVE);
	e->unit = (int16_t)u;
	e->from = g->unit[u].hex;
	e->to = t[k].hex;
	g->unit[u].hex = t[k].hex;
	g->unit[u].flags |= UF_WITHDRAWN | UF_MOVED;
	if (unit_def(g, u)->type == UNIT_ARTILLERY)
		g->unit[u].flags |= UF_ART_MOVED;
	for (int l = 0; l < t[k].losses; l++)
		unit_lose_step(g, u, EVENT_WHY_WITHDRAW_EZOC);
	return withdraw_next(g);
}

enum phase_result commit_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	switch (g->pending.what) {
	case DECISION_WITHDRAWAL:
		if (a->type == ACT_END)
			return PHASE_OVER;
		if (a->type != ACT_WITHDRAW) {
			snprintf(err, errlen, "13.5: withdraw a Committed corps (withdraw CORPS) or end");
			return PHASE_REFUSED;
		}
		if (a->target < 0 || a->target >= CORPS_COUNT || g->corps[a->target] != CORPS_COMMITTED) {
			snprintf(err, errlen, "13.5B: only a Committed corps withdraws");
			return PHASE_REFUSED;
		}
		commit_change_status(g, (enum corps)a->target, CORPS_UNAVAILABLE, /* 13.5C */
				     EVENT_WHY_WITHDRAWS);
		g->withdrawing |= (uint8_t)(1u << a->target);
		return withdraw_next(g);
	case DECISION_WITHDRAW_MOVE:
		if (a->type == ACT_END)
			return withdraw_move(g, g->pending.subject, HEX_NONE, err, errlen);
		if (a->type != ACT_MOVE || a->unit != g->pending.subject || a->n != 1) {
			snprintf(err, errlen, "13.6: move %s HEX, or end (stay when five or more hexes from every enemy unit, else the engine's hex)",
				 names_of_unit(g->pending.subject));
			return PHASE_REFUSED;
		}
		return withdraw_move(g, a->unit, a->hex[0], err, errlen);
	case DECISION_COMMITMENT: {
		if (a->type == ACT_END)
			return PHASE_OVER;
		if (a->type != ACT_COMMIT) {
			snprintf(err, errlen, "13.1: commit an Available corps (commit CORPS) or end");
			return PHASE_REFUSED;
		}
		const char *why = commit_refused(g, a->target);
		if (why) {
			snprintf(err, errlen, "%s", why);
			return PHASE_REFUSED;
		}
		commit_change_status(g, (enum corps)a->target, CORPS_COMMITTED, EVENT_WHY_COMMITTED);
		return commit_commitment_possible(g) ? PHASE_GOES_ON : PHASE_OVER;
	}
	default:
		snprintf(err, errlen, "not a commitment decision");
		return PHASE_REFUSED;
	}
}

void commit_legal(const struct game *g, struct action_list *l)
{
	if (g->pending.what == DECISION_WITHDRAW_MOVE) {
		struct withdraw_target t[HEX_INDEX_COUNT];
		int k = withdraw_targets(g, g->pending.subject, t, HEX_INDEX_COUNT);
		for (int i = 0; i < k && !action_list_full(l); i++) {
			struct action *a = action_list_add(l, ACT_MOVE, g->pending.subject, 0);
			a->n = 1;
			a->hex[0] = t[i].hex;
		}
	} else {
		for (int c = 0; c < CORPS_COUNT && !action_list_full(l); c++) {
			bool ok = g->pending.what == DECISION_WITHDRAWAL ? g->corps[c] == CORPS_COMMITTED
									 : !commit_refused(g, c);
			if (!ok)
				continue;
			action_list_add(l, g->pending.what == DECISION_WITHDRAWAL ? ACT_WITHDRAW
										    : ACT_COMMIT, -1, c);
		}
	}
	action_list_add(l, ACT_END, -1, 0);
}
