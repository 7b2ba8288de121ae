/* bot_move.c — owns the Union movement of the solitaire game (16.0–17.0): corps by corps and
 * IX Corps division by division (16.1), infantry that will attack first, nearest the enemy
 * first (16.2), the priorities of a non-STR unit (16.4.1–16.4.5) with the definitions of
 * 16.3, moving to attack by the cheapest way into a hex adjacent to the target (16.5), flank
 * protection (16.4.4, 16.6), STR units (16.7), Available units (16.8), artillery placement
 * (17.0) and withdrawal movement (13.6). Where a unit may go comes from move_reachable(); how
 * good an attack is from odds_attack() on a what-if copy of the position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_internal.h"
#include "commit.h"
#include "move.h"

#define DESTS_MAX 512

/* A candidate: one reachable hex (or staying put: cost 0). */
struct dests {
	struct move_dest d[DESTS_MAX];
	int n;
	uint64_t entered[BOT_HEX_WORDS]; /* every hex the searches entered (dests_hold) */
	int generation, nmoves, fords;   /* the position they hold for: b's, g->nfords_used */
};

static bool bears_on(const uint64_t *entered, int h, int start);

/* Do the destinations ds worked out for unit u still hold, the engine's answer now? Since
 * then only moves have been applied (the same generation), none of them from off the map
 * (9.2E's count of an edge hex) nor across a ford not crossed before (8.7.5B), and none
 * arrived in or left a hex that bears on u's searches (bears_on: entered by them, next to
 * one, or near u's start): a friendly unit elsewhere changes no step nor end of u's move
 * (move_reachable_entered). */
static bool dests_hold(const struct bot *b, int u, const struct dests *ds)
{
	const struct game *g = b->g;
	int start = g->unit[u].hex;
	if (ds->generation != b->generation || ds->fords != g->nfords_used)
		return false;
	if (ds->nmoves == b->nmoves)
		return true;
	if (start == HEX_NONE)
		return false;
	for (int i = ds->nmoves; i < b->nmoves; i++)
		if (b->moves[i].from == HEX_NONE || bears_on(ds->entered, b->moves[i].from, start) ||
		    bears_on(ds->entered, b->moves[i].to, start))
			return false;
	return true;
}

static void reachable(struct bot *b, int u, struct dests *out)
{
	memset(out->entered, 0, sizeof out->entered);
	out->n = move_reachable_entered(b->g, u, out->d, DESTS_MAX, out->entered);
	if (out->n < 0)
		out->n = 0;
	out->generation = b->generation;
	out->nmoves = b->nmoves;
	out->fords = b->g->nfords_used;
}

static bool move_to(struct bot *b, int u, int hex, const char *rule, const char *why)
{
	struct action a = { .type = ACT_MOVE, .unit = u, .target = hex, .n = 1 };
	a.hex[0] = (int16_t)hex;
	return bot_apply(b, &a, rule, "%s to %04d: %s", names_of_unit(u), hex, why);
}

/* ---- attacks (16.3) ---- */

static bool attacked_hex(const struct bot *b, int hex)
{
	for (int i = 0; i < b->nplan; i++)
		if (b->plan[i].defhex == hex)
			return true;
	return false;
}

/* 11.6A: may corps c attack hex (no other corps has planned an attack on it)? */
static bool hex_open_to(const struct bot *b, int hex, int corps)
{
	for (int i = 0; i < b->nplan; i++)
		if (b->plan[i].defhex == hex && b->plan[i].corps != corps)
			return false;
	return true;
}

bool bot_attack_eval(struct bot *b, int u, int from, int defhex, int *score, bool *favourable,
		     struct combat_odds *odds)
{
	struct game *w = &b->what_if;
	struct combat_odds tmp;
	if (!odds)
		odds = &tmp;
	if (!hex_adjacent(from, defhex))
		return false;
	int16_t was = w->unit[u].hex;
	w->unit[u].hex = (int16_t)from;
	int des[COMBAT_ATTACKERS_MAX + 1], nd = 0, hexes[1] = { defhex };
	for (int i = 0; i < b->nplan && nd < COMBAT_ATTACKERS_MAX; i++)
		if (b->plan[i].defhex == defhex && b->plan[i].unit != u)
			des[nd++] = b->plan[i].unit;
	des[nd++] = u;
	char err[160];
	bool ok = odds_can_attack(w, u, hexes, 1, err, sizeof err) &&
		  odds_attack(w, u, hexes, 1, des, nd, odds, err, sizeof err);
	w->unit[u].hex = was;
	if (!ok)
		return false;
	*score = tables_crt_ci(&b->s->tables, (enum crt_column)odds->column) + odds->drm;
	/* 16.3.4: difference + DRMs >= 0, or a ratio of +2 or better */
	*favourable = odds->attack - odds->defence + odds->drm >= 0 ||
		      odds->column >= CRT_COL_PLUS2;
	return true;
}

/* The Confederate hexes adjacent to hex (occupied). */
static int enemy_hexes_around(const struct bot *b, int hex, int *out)
{
	int n = 0;
	if (!hex_valid(hex) || b->near[hex_index(hex)] > 1)
		return 0; /* off the map (a reinforcement still to enter) or no enemy adjacent */
	for (int d = 0; d < HEX_NDIRS; d++) {
		int nb = hex_neighbour(hex, (enum hex_dir)d);
		if (nb != HEX_NONE && b->conf_at[hex_index(nb)])
			out[n++] = nb;
	}
	return n;
}

/* Range from hex to the nearest Confederate unit (the maps of this phase). */
static int enemy_range(const struct bot *b, int hex)
{
	return hex == HEX_NONE ? BOT_FAR : b->near[hex_index(hex)];
}

/* One way for unit u to attack: from hex `from` (cost MPs away) on defhex. */
struct attack_choice {
	int from, defhex, cost, score;
	bool favourable, found;
};

/* Better attack: higher score (16.3.5), then cheaper (16.5B). */
static void consider(struct attack_choice *best, int from, int defhex, int cost, int score,
		     bool fav)
{
	if (!best->found || score > best->score || (score == best->score && cost < best->cost)) {
		best->found = true;
		best->from = from, best->defhex = defhex, best->cost = cost;
		best->score = score, best->favourable = fav;
	}
}

/* Plan unit u's attack on defhex and go there (16.5). */
static bool go_attack(struct bot *b, int u, const struct attack_choice *c, const char *rule)
{
	const struct game *g = b->g;
	int tgt[4];
	int nt = bot_side_at(g, c->defhex, SIDE_CONFEDERATE, tgt, 4);
	struct combat_odds o;
	int score;
	bool fav;
	bot_attack_eval(b, u, c->from, c->defhex, &score, &fav, &o);
	char why[96];
	snprintf(why, sizeof why, "%s attacks %s (%s, DRM %+d)", names_of_unit(u),
		 nt ? names_of_unit(tgt[0]) : "?", tables_crt_column_name((enum crt_column)o.column),
		 o.drm);
	if (c->from != g->unit[u].hex) {
		if (!move_to(b, u, c->from, rule, why))
			return false;
	} else {
		bot_note(b, "%s: %s", rule, why);
	}
	struct bot_plan *p = &b->plan[b->nplan++];
	p->unit = (int16_t)u;
	p->defhex = (int16_t)c->defhex;
	p->target = (int16_t)(nt ? tgt[0] : -1);
	p->corps = (int8_t)bot_def(g, u)->corps;
	return true;
}

/* ---- infantry (16.2–16.7) ---- */

struct order {
	int u;
	int gun;     /* 16.1C: the gun of the formation stacked with it, -1 when alone */
	bool attack;
	int key1, key2;
};

/* 16.2A, then 16.1C, then 16.2B–D: the units that will attack first; among them, and among
 * the others, infantry stacked with artillery before lone infantry; then the nearest in MPs
 * and the strongest (16.2B–C), else the farthest from the enemy first (16.2D). The attackers
 * go first even before stacks: 16.4.1, 16.4.2 and 16.4.4 need the attacks planned and the
 * units moved "in sequence" (16.4.4C), docs/rules-notes.md. */
static int order_cmp(const void *pa, const void *pb)
{
	const struct order *a = pa, *b = pb;
	if (a->attack != b->attack)
		return a->attack ? -1 : 1;
	if ((a->gun >= 0) != (b->gun >= 0))
		return a->gun >= 0 ? -1 : 1;
	if (a->key1 != b->key1)
		return a->key1 < b->key1 ? -1 : 1;
	if (a->key2 != b->key2)
		return a->key2 < b->key2 ? -1 : 1;
	return a->u - b->u;
}

/* The best attack unit u can make by moving (or staying): filter by target hexes when
 * targets is not NULL; only favourable ones when need_fav. */
static struct attack_choice best_attack(struct bot *b, int u, const struct dests *ds,
					const int *targets, int ntargets, bool need_fav,
					bool closest)
{
	struct attack_choice best = { 0 };
	const struct game *g = b->g;
	int corps = bot_def(g, u)->corps;
	for (int i = -1; i < ds->n; i++) {
		int from = i < 0 ? g->unit[u].hex : ds->d[i].hex;
		int cost = i < 0 ? 0 : ds->d[i].cost;
		int around[HEX_NDIRS];
		int na = enemy_hexes_around(b, from, around);
		for (int k = 0; k < na; k++) {
			if (targets) {
				bool in = false;
				for (int t = 0; t < ntargets; t++)
					in |= targets[t] == around[k];
				if (!in)
					continue;
			}
			if (!hex_open_to(b, around[k], corps))
				continue;
			int score;
			bool fav;
			if (!bot_attack_eval(b, u, from, around[k], &score, &fav, NULL))
				continue;
			if (need_fav && !fav)
				continue;
			if (closest) /* 16.4.1: the closest, then the best */
				score = -cost * 100 + score;
			consider(&best, from, around[k], cost, score, fav);
		}
	}
	return best;
}

/* 16.4.1: Confederate hexes (not attacked) whose units exert a ZOC on an attacking unit of
 * the corps. */
static int support_targets(struct bot *b, int corps, int *out, int max)
{
	const struct game *g = b->g;
	int n = 0;
	for (int i = 0; i < b->nplan; i++) {
		if (b->plan[i].corps != corps)
			continue;
		int ah = g->unit[b->plan[i].unit].hex;
		for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
			if (!unit_on_map(g, c) || !zoc_unit_exerts(g, c, ah))
				continue;
			int h = g->unit[c].hex;
			if (attacked_hex(b, h))
				continue;
			bool dup = false;
			for (int k = 0; k < n; k++)
				dup |= out[k] == h;
			if (!dup && n < max)
				out[n++] = h;
		}
	}
	return n;
}

/* 16.4.2: unattacked Confederate hexes holding a unit of a division already under attack. */
static int division_targets(struct bot *b, int *out, int max)
{
	const struct game *g = b->g;
	int n = 0;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
		if (!unit_on_map(g, c) || attacked_hex(b, g->unit[c].hex))
			continue;
		bool same = false;
		for (int i = 0; i < b->nplan && !same; i++)
			if (b->plan[i].target >= 0 &&
			    !strcmp(bot_def(g, b->plan[i].target)->formation, bot_def(g, c)->formation))
				same = true;
		if (!same)
			continue;
		bool dup = false;
		for (int k = 0; k < n; k++)
			dup |= out[k] == g->unit[c].hex;
		if (!dup && n < max)
			out[n++] = g->unit[c].hex;
	}
	return n;
}

static bool corps_attacking(const struct bot *b, int corps)
{
	for (int i = 0; i < b->nplan; i++)
		if (b->plan[i].corps == corps)
			return true;
	return false;
}

/* 16.7: an STR unit regroups if 3+ hexes from the enemy, else gets 3 hexes away as cheaply
 * as it can (or as far as it can). */
static bool str_move(struct bot *b, int u, const struct dests *ds)
{
	const struct game *g = b->g;
	int here = enemy_range(b, g->unit[u].hex);
	if (here >= 3)
		return false; /* stays and regroups (12.2) */
	int best = -1, bd = here, bc = 0;
	for (int i = 0; i < ds->n; i++) {
		int d = enemy_range(b, ds->d[i].hex);
		int dd = d >= 3 ? 3 : d;
		int bdd = bd >= 3 ? 3 : bd;
		if (dd > bdd || (dd == bdd && best >= 0 && ds->d[i].cost < bc))
			best = i, bd = d, bc = ds->d[i].cost;
	}
	if (best < 0)
		return false;
	return move_to(b, u, ds->d[best].hex, "16.7", "shot to ribbons, away from the enemy");
}

/* 16.4.5B–C: the best favourable attack unit u meets on its way to the objective (none when
 * it may not attack). */
static struct attack_choice met_on_the_way(struct bot *b, int u, const struct dests *ds,
					   const int *field)
{
	const struct game *g = b->g;
	int here = hex_index(g->unit[u].hex);
	int fhere = here >= 0 ? field[here] : BOT_FAR;
	struct attack_choice best = { 0 };
	int corps = bot_def(g, u)->corps;
	bool may_attack = commit_unit_status(g, u) == CORPS_COMMITTED;
	for (int i = -1; i < ds->n && may_attack; i++) {
		int from = i < 0 ? g->unit[u].hex : ds->d[i].hex;
		int cost = i < 0 ? 0 : ds->d[i].cost;
		int fi = hex_index(from);
		/* met on the way: the hex is on a path to the objective at most 2 MPs longer
		 * than the straightest one (16.4.5A) */
		if (fi < 0 || field[fi] + cost > fhere + 2)
			continue;
		int around[HEX_NDIRS];
		int na = enemy_hexes_around(b, from, around);
		for (int k = 0; k < na; k++) {
			int score;
			bool fav;
			if (!hex_open_to(b, around[k], corps) ||
			    !bot_attack_eval(b, u, from, around[k], &score, &fav, NULL) || !fav)
				continue;
			consider(&best, from, around[k], cost, score, fav);
		}
	}
	return best;
}

/* 16.4.5: toward the objective by the field; attack what it meets if favourable. */
static bool toward_objective(struct bot *b, int u, const struct dests *ds, const int *field)
{
	const struct game *g = b->g;
	int here = hex_index(g->unit[u].hex);
	int fhere = here >= 0 ? field[here] : BOT_FAR;
	/* B–C: a favourable attack met on the way (not moving away from the objective) */
	struct attack_choice best = met_on_the_way(b, u, ds, field);
	if (best.found)
		return go_attack(b, u, &best, "16.4.5B");
	/* A, D: the hex nearest the objective outside enemy ZOCs, lower cost first */
	int bi = -1, bf = fhere, bc = 0;
	for (int i = 0; i < ds->n; i++) {
		int h = ds->d[i].hex, fi = hex_index(h);
		if (fi < 0 || b->ezoc[fi])
			continue;
		if (field[fi] < bf || (field[fi] == bf && bi >= 0 && ds->d[i].cost < bc))
			bi = i, bf = field[fi], bc = ds->d[i].cost;
	}
	if (bi < 0)
		return false;
	return move_to(b, u, ds->d[bi].hex, "16.4.5A", "toward the corps objective");
}

/* Does a unit arriving in or leaving hex h bear on the next move of a unit in hex start
 * whose search entered the hexes of `entered`? Only in or next to them (occupation, ZOC), or
 * near start (13.3E: Available units within four hexes; five kept for safety). */
static bool bears_on(const uint64_t *entered, int h, int start)
{
	if (h == HEX_NONE)
		return false;
	if (hex_distance(h, start) <= 5)
		return true;
	for (int d = -1; d < HEX_NDIRS; d++) {
		int n = d < 0 ? h : hex_neighbour(h, (enum hex_dir)d);
		if (n != HEX_NONE && (entered[hex_index(n) / 64] >> (hex_index(n) % 64) & 1))
			return true;
	}
	return false;
}

/* bits and every hex next to one of them. The search of a Confederate unit's next move
 * steps from the hexes it entered into their neighbours, whose costs and refusals (6.3A/B)
 * depend on the Union units in or next to them: a Union unit's move bears on it if it comes
 * or goes within two of an entered hex. (Within one is not enough: a Union unit two hexes
 * out leaving frees a hex next to its own that the search refused — 6.3A from a start in an
 * EZOC — or paid 6.3B's extra MP for.) */
void bot_widen(uint64_t *bits)
{
	/* by columns: hex_index runs down each column (HEX_NROWS to a column), so a column's
	 * hexes are HEX_NROWS bits, one word; odd columns sit half a hex lower (hex.h), so a hex
	 * of an even column touches rows r-1 and r of the columns beside it, of an odd one rows
	 * r and r+1 */
	uint64_t out[HEX_NCOLS + 2] = { 0 };
	for (int c = 0; c < HEX_NCOLS; c++) {
		int i = c * HEX_NROWS, w = i / 64, o = i % 64;
		uint64_t v = bits[w] >> o;
		if (o + HEX_NROWS > 64)
			v |= bits[w + 1] << (64 - o);
		v &= (1ull << HEX_NROWS) - 1;
		if (!v)
			continue;
		uint64_t beside = v | ((c + HEX_COL_MIN) & 1 ? v << 1 : v >> 1);
		out[c + 1] |= v | v << 1 | v >> 1;
		out[c] |= beside;
		out[c + 2] |= beside;
	}
	for (int c = 0; c < HEX_NCOLS; c++) {
		int rows = HEX_NROWS - ((c + HEX_COL_MIN) & 1); /* odd columns: rows 00-43 */
		uint64_t v = out[c + 1] & ((1ull << rows) - 1);
		int i = c * HEX_NROWS, w = i / 64, o = i % 64;
		bits[w] |= v << o;
		if (o + HEX_NROWS > 64)
			bits[w + 1] |= v >> (64 - o);
	}
}

/* 16.6A "having sufficient MPs to reach the encircling hex": the hexes Confederate unit c
 * could end a move in during its next movement phase, the position as it stands now (16.6D)
 * — the engine's own movement search: terrain, the creek, Union units and their ZOCs. Kept
 * until a Union move applied since comes within two of a hex that search entered (bot_widen). */
static const uint64_t *conf_reach(struct bot *b, int c)
{
	const struct game *g = b->g;
	int k = c - ROSTER_UNION, ch = g->unit[c].hex;
	if (b->conf_gen[k] == b->generation + 1) {
		bool stale = false;
		for (int i = b->conf_moves[k]; i < b->nmoves && !stale; i++)
			stale = bears_on(b->conf_entered[k], b->moves[i].from, ch) ||
				bears_on(b->conf_entered[k], b->moves[i].to, ch);
		b->conf_moves[k] = b->nmoves;
		if (!stale)
			return b->conf_reach[k];
	}
	struct move_dest d[DESTS_MAX];
	uint64_t *bits = b->conf_reach[k];
	memset(bits, 0, sizeof b->conf_reach[k]);
	memset(b->conf_entered[k], 0, sizeof b->conf_entered[k]);
	int n = move_reachable_next_phase(g, c, &b->next_phase, d, DESTS_MAX, b->conf_entered[k]);
	bot_widen(b->conf_entered[k]);
	for (int i = 0; i < n; i++) {
		int x = hex_index(d[i].hex);
		bits[x / 64] |= 1ull << (x % 64);
	}
	b->conf_gen[k] = b->generation + 1;
	b->conf_moves[k] = b->nmoves;
	return bits;
}

/* Is Confederate unit c in a Union ZOC (zoc_in_ezoc), asked once a position: every action
 * applied in this call moves (generation, nmoves) on, so the pair names the position. */
static bool conf_in_ezoc(struct bot *b, int c)
{
	int k = c - ROSTER_UNION;
	long long stamp = (long long)b->generation * (BOT_MOVES_MAX + 1) + b->nmoves + 1;
	if (b->conf_ezoc_at[k] != stamp) {
		b->conf_ezoc[k] = zoc_in_ezoc(b->g, b->g->unit[c].hex, SIDE_CONFEDERATE);
		b->conf_ezoc_at[k] = stamp;
	}
	return b->conf_ezoc[k];
}

/* Does a Union unit stand in the hex of index hi (on the map)? The map of the position now, filled once a
 * position (the stamp of conf_in_ezoc) instead of a scan of the Union units per hex. */
static bool union_in(struct bot *b, int hi)
{
	long long stamp = (long long)b->generation * (BOT_MOVES_MAX + 1) + b->nmoves + 1;
	if (b->union_at_stamp != stamp) {
		const struct game *g = b->g;
		memset(b->union_at, 0, sizeof b->union_at);
		for (int u = 0; u < ROSTER_UNION; u++) {
			int i = unit_on_map(g, u) ? hex_index(g->unit[u].hex) : -1;
			if (i >= 0)
				b->union_at[i] = 1;
		}
		b->union_at_stamp = stamp;
	}
	return b->union_at[hi];
}

/* Does Confederate unit c reach hex x next turn (conf_reach)? */
bool bot_conf_reaches(struct bot *b, int c, int x)
{
	const uint64_t *r = conf_reach(b, c);
	int i = hex_index(x);
	return r[i / 64] >> (i % 64) & 1;
}

/* A Confederate unit that could be a designated attacker next turn: infantry on the map,
 * not Shot to Ribbons (11.2B: STR units may not attack; 11.9A counts only designated
 * attackers). */
static bool conf_attacker(const struct game *g, int c)
{
	return unit_on_map(g, c) && bot_is_infantry(g, c) && g->unit[c].steps > 1;
}

/* The largest MA of the Confederate units: none ends a move next to an enemy farther than
 * that (a move that ends next to an enemy takes no road bonus nor double-time, 8.8.2D, 8.9A,
 * and costs at least 1 MP a hex). */
static int conf_ma_max(const struct game *g)
{
	int m = 0;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++)
		if (bot_def(g, c)->ma > m)
			m = bot_def(g, c)->ma;
	return m;
}

/* Two different units, one from each list, at least one of them strong (16.4.4A: +1 or
 * better)? */
static bool encircling_pair(const int *a, int na, const int *b, int nb, const bool *strong)
{
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			if (a[i] != b[j] && (strong[a[i] - ROSTER_UNION] || strong[b[j] - ROSTER_UNION]))
				return true;
	return false;
}

/* 16.6: could Confederate infantry attack hex encircled next turn? Two attackers on opposite
 * neighbours of a hex (N–S, NE–SW, SE–NW) surround it with their ZOCs (11.9A): two different
 * units, each standing there already or, outside Union ZOCs (16.6A), able to end its next
 * move there (conf_reach), one of them attacking at +1 or better (16.4.4A). The movement
 * search is asked only for the pairs the units' MAs in hexes leave possible. Returns the mask
 * of the free neighbours from which the encircling attack would come (0: no threat). */
static unsigned encircle_threat(struct bot *b, int hex, int defender_cv)
{
	const struct game *g = b->g;
	if (b->near_inf[hex_index(hex)] > conf_ma_max(g) + 1)
		return 0; /* no Confederate infantry can come next to it */
	int nb[HEX_NDIRS];
	bool free_nb[HEX_NDIRS];
	for (int d = 0; d < HEX_NDIRS; d++) {
		nb[d] = hex_neighbour(hex, (enum hex_dir)d);
		int ni = hex_index(nb[d]);
		free_nb[d] = ni >= 0 && zoc_side_passable(g, hex, nb[d]) && !union_in(b, ni) &&
			     !b->conf_at[ni];
	}
	/* per side: the units standing there (nthere of them, first in the list), then those
	 * whose MA in hexes might bring them there */
	int cand[HEX_NDIRS][ROSTER_CONFEDERATE], ncand[HEX_NDIRS] = { 0 }, nthere[HEX_NDIRS] = { 0 };
	bool strong[ROSTER_CONFEDERATE] = { 0 };
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
		if (!conf_attacker(g, c))
			continue;
		int ch = g->unit[c].hex, dist = hex_distance(ch, hex);
		strong[c - ROSTER_UNION] = unit_cv(g, c) - defender_cv >= 1;
		if (dist == 1) {
			int d = hex_direction(hex, ch);
			if (d >= 0 && zoc_side_passable(g, hex, ch)) {
				int *l = cand[d];
				if (nthere[d] < ncand[d])
					l[ncand[d]] = l[nthere[d]]; /* a mover makes room */
				ncand[d]++;
				l[nthere[d]++] = c;
			}
			continue;
		}
		int ma = bot_def(g, c)->ma;
		if (dist > ma + 1 || conf_in_ezoc(b, c))
			continue; /* 16.6A */
		for (int d = 0; d < HEX_NDIRS; d++)
			if (free_nb[d] && hex_distance(ch, nb[d]) <= ma)
				cand[d][ncand[d]++] = c;
	}
	unsigned mask = 0;
	for (int d = 0; d < 3; d++) {
		int e = d + 3;
		if (!encircling_pair(cand[d], ncand[d], cand[e], ncand[e], strong))
			continue; /* not even by the MAs */
		/* by the movement search: keep those who stand there or can get there */
		int side[2] = { d, e }, got[2][ROSTER_CONFEDERATE], ngot[2] = { 0, 0 };
		for (int k = 0; k < 2; k++) {
			int x = side[k];
			for (int i = 0; i < ncand[x]; i++)
				if (i < nthere[x] || bot_conf_reaches(b, cand[x][i], nb[x]))
					got[k][ngot[k]++] = cand[x][i];
		}
		if (encircling_pair(got[0], ngot[0], got[1], ngot[1], strong)) {
			if (free_nb[d])
				mask |= 1u << d;
			if (free_nb[e])
				mask |= 1u << e;
		}
	}
	return mask;
}

bool bot_flank_exposed(struct bot *b, int hex, int cv)
{
	return hex_valid(hex) && encircle_threat(b, hex, cv) != 0;
}

/* 16.4.4: the flank unit u would protect — the nearest already-moved unit of the corps that
 * is threatened — and the hex of ds it would move to: next to it onto an encircling hex, or
 * next to one so as to put it in a Union ZOC (16.6B), never onto a hex that is itself
 * threatened (16.6C); the cheapest. The index in ds, or -1 (*protected: the unit). */
static int flank_dest(struct bot *b, int u, const struct dests *ds, const int16_t *moved,
		      int nmoved, int *protected)
{
	const struct game *g = b->g;
	int best_t = -1, bd = BOT_FAR;
	unsigned threat = 0;
	for (int i = 0; i < nmoved; i++) {
		int t = moved[i];
		if (!unit_on_map(g, t) || !bot_is_infantry(g, t) ||
		    bot_def(g, t)->corps != bot_def(g, u)->corps)
			continue;
		int d = hex_distance(g->unit[u].hex, g->unit[t].hex);
		if (d >= bd)
			continue;
		unsigned m = encircle_threat(b, g->unit[t].hex, unit_cv(g, t));
		if (m)
			best_t = t, bd = d, threat = m;
	}
	if (best_t < 0)
		return -1;
	int th = g->unit[best_t].hex, cv = unit_cv(g, u);
	int bi = -1;
	for (int i = 0; i < ds->n; i++) {
		int h = ds->d[i].hex;
		if (!hex_adjacent(h, th))
			continue;
		bool blocks = false;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int e = hex_neighbour(th, (enum hex_dir)d);
			if ((threat >> d & 1) && (e == h || (hex_adjacent(e, h) &&
							      zoc_side_passable(g, h, e))))
				blocks = true;
		}
		if (!blocks || encircle_threat(b, h, cv))
			continue; /* 16.6B–C */
		if (bi < 0 || ds->d[i].cost < ds->d[bi].cost)
			bi = i;
	}
	*protected = best_t;
	return bi;
}

/* 16.4.4: protect that flank (flank_dest). */
static bool protect_flank(struct bot *b, int u, const struct dests *ds, const int16_t *moved,
			  int nmoved)
{
	int best_t = -1, bi = flank_dest(b, u, ds, moved, nmoved, &best_t);
	if (bi < 0)
		return false;
	char why[64];
	snprintf(why, sizeof why, "protects the flank of %s", names_of_unit(best_t));
	return move_to(b, u, ds->d[bi].hex, "16.4.4", why);
}

/* One infantry unit by 16.4.1–16.4.5 (16.7, 16.8 for STR and uncommitted units). The
 * reachable hexes worked out when the units were put in order may be passed in (cached, while
 * no action has been applied since);
 * they are only asked of the engine when a rule needs them. */
static bool move_infantry(struct bot *b, int u, const int *field, const int16_t *moved,
			  int nmoved, const struct dests *cached)
{
	const struct game *g = b->g;
	struct dests ds;
	bool have = cached != NULL;
	if (have)
		ds = *cached;
#define NEED_DESTS() do { if (!have) { reachable(b, u, &ds); have = true; } } while (0)
	b->what_if = *g;
	int corps = bot_def(g, u)->corps;
	bool committed = commit_unit_status(g, u) == CORPS_COMMITTED;
	if (g->unit[u].steps <= 1) {
		if (enemy_range(b, g->unit[u].hex) >= 3)
			return false; /* 16.7A: regroups */
		NEED_DESTS();
		return str_move(b, u, &ds);
	}
	if (!committed) {
		/* 16.8: reduced units 3+ hexes from the enemy regroup; the others head for the
		 * objective (15.1) through the hexes the engine lets an Available unit enter
		 * (13.3B with its east-bank exception, 13.3E): near the enemy that list is often
		 * empty or leads away, never nearer, so no hold is needed here */
		int range = enemy_range(b, g->unit[u].hex);
		if (g->unit[u].steps < bot_def(g, u)->steps && range >= 3)
			return false;
		NEED_DESTS();
		return ds.n ? toward_objective(b, u, &ds, field) : false;
	}
	int targets[64];
	if (corps_attacking(b, corps)) {
		int nt = support_targets(b, corps, targets, 64);
		if (nt) {
			NEED_DESTS();
			struct attack_choice c = best_attack(b, u, &ds, targets, nt, false, true);
			if (c.found)
				return go_attack(b, u, &c, "16.4.1");
		}
		nt = division_targets(b, targets, 64);
		if (nt) {
			NEED_DESTS();
			struct attack_choice c = best_attack(b, u, &ds, targets, nt, true, false);
			if (c.found)
				return go_attack(b, u, &c, "16.4.2");
		}
	}
	/* 16.4.3: already adjacent, with a favourable attack */
	struct dests none = { .n = 0 };
	struct attack_choice c = best_attack(b, u, &none, NULL, 0, true, false);
	if (c.found)
		return go_attack(b, u, &c, "16.4.3");
	NEED_DESTS();
#undef NEED_DESTS
	if (ds.n && protect_flank(b, u, &ds, moved, nmoved))
		return true;
	return ds.n ? toward_objective(b, u, &ds, field) : false;
}

/* ---- artillery (17.0) ---- */

/* The first slot to look in for key in a table of `slots` (a power of two): the top bits of
 * Knuth's multiplicative hash. */
static uint32_t sight_slot(uint32_t key, uint32_t slots)
{
	return (uint32_t)(key * 2654435761u) >> (32 - __builtin_ctz(slots));
}

/* The keep's sight table k->sight grown to `slots` slots (a power of two), the pairs kept
 * put in again; false (the table as it was) when out of memory. */
static bool sight_grow(struct bot_keep *k, uint32_t slots)
{
	struct bot_sight *t = calloc(slots, sizeof *t);
	if (!t)
		return false;
	for (uint32_t j = 0; j < k->sight_slots; j++) {
		uint32_t key = k->sight[j].key;
		if (!key)
			continue;
		uint32_t i = sight_slot(key, slots);
		while (t[i].key)
			i = (i + 1) & (slots - 1);
		t[i] = k->sight[j];
	}
	free(k->sight);
	k->sight = t;
	k->sight_slots = slots;
	return true;
}

/* The sight from hex `from` to hex `to` (fire_sight, 10.6 and 10.4), from the keep's
 * (bot_keep) when asked before, in this call or an earlier one on the same map. */
static struct fire_sight sight_of(struct bot *b, int from, int to)
{
	int fi = hex_index(from), ti = hex_index(to);
	if (fi < 0 || ti < 0)
		return fire_sight(&b->s->map, from, to);
	struct bot_keep *k = b->keep;
	if ((uint32_t)k->nsight >= k->sight_slots / 4 * 3 && k->sight_slots < BOT_SIGHT_SLOTS_MAX)
		sight_grow(k, k->sight_slots ? k->sight_slots * 2 : BOT_SIGHT_SLOTS_MIN);
	if (!k->sight_slots)
		return fire_sight(&b->s->map, from, to);
	uint32_t key = (uint32_t)fi * HEX_INDEX_COUNT + (uint32_t)ti + 1, mask = k->sight_slots - 1;
	uint32_t i = sight_slot(key, k->sight_slots);
	for (; k->sight[i].key; i = (i + 1) & mask)
		if (k->sight[i].key == key)
			return (struct fire_sight){ .clear = k->sight[i].clear,
						    .sides = k->sight[i].sides };
	struct fire_sight s = fire_sight(&b->s->map, from, to);
	if ((uint32_t)k->nsight < k->sight_slots / 4 * 3) {
		k->sight[i] = (struct bot_sight){ .key = key, .clear = s.clear,
						  .sides = (uint16_t)s.sides };
		k->nsight++;
	}
	return s;
}

/* What a gun is asked: may it fire where it stands (17.0A as decided), or how well would it
 * fire from another hex (17.0A–B)? */
enum gun_question { GUN_HERE, GUN_FROM };

/* Steps expected (sixths) from gun at `from` against its best target, *target (if not NULL)
 * that target or -1. GUN_HERE: as it stands (a Moved marker, 10.8C, forbids fire), at any
 * Confederate unit that the guns staying before it have not already taken twice (10.7D).
 * GUN_FROM: after a move to `from`, at the hexes the corps attacks when it attacks (17.0B). */
static int gun_value(struct bot *b, int gun, int from, int corps, enum gun_question q,
		     int *target)
{
	struct game *w = &b->what_if;
	int fi = hex_index(from);
	if (fi >= 0 && b->near[fi] > bot_def(w, gun)->range) {
		/* no Confederate unit within the printed range (10.3A): b->near, the range to the
		 * nearest of them, holds for the whole movement phase (bot_maps) */
		if (target)
			*target = -1;
		return 0;
	}
	bool only_attacked = q == GUN_FROM && corps_attacking(b, corps);
	int16_t was = w->unit[gun].hex;
	uint32_t flags = w->unit[gun].flags;
	enum phase ph = w->phase;
	w->unit[gun].hex = (int16_t)from;
	if (q == GUN_FROM)
		w->unit[gun].flags &= ~(uint32_t)(UF_ART_MOVED | UF_FIRED | UF_MOVED);
	w->phase = PHASE_ARTILLERY;
	int best = 0, bt = -1, bscore = 0, range = bot_def(w, gun)->range, fx, fz;
	hex_cube(from, &fx, &fz);
	/* the Confederate units on the map (bot_maps: they stand still while the Union moves) */
	for (int j = 0; j < b->nconf; j++) {
		int c = b->conf_unit[j];
		/* beyond the range printed on the counter fire_check refuses (10.3A) */
		if (hex_cube_distance(fx, fz, b->conf_x[j], b->conf_z[j]) > range)
			continue;
		if (q == GUN_HERE && b->gun_claims[c - ROSTER_UNION] >= 2)
			continue;
		bool attacked = false;
		for (int i = 0; i < b->nplan; i++)
			attacked |= b->plan[i].corps == corps && b->plan[i].defhex == w->unit[c].hex;
		if (only_attacked && !attacked)
			continue;
		struct fire_odds fo;
		struct fire_sight sight = sight_of(b, from, w->unit[c].hex);
		if (!sight.clear || !fire_check_sight(w, gun, c, false, &sight, &fo, NULL, 0))
			continue;
		int s = 0;
		for (int d = 1; d <= 6; d++)
			s += fo.steps[d];
		/* GUN_HERE: the units the corps attacks first (17.0B), as bot_artillery fires */
		int score = q == GUN_HERE && attacked && s > 0 ? s * 2 + 1 : s;
		if (score > bscore)
			best = s, bt = c, bscore = score;
	}
	w->unit[gun].hex = was;
	w->unit[gun].flags = flags;
	w->phase = ph;
	if (target)
		*target = bt;
	return best;
}

/* For each hex of ds: does Union infantry of the corps stand there? (One look at the units
 * for the whole list, not a scan of them per hex.) */
static void union_infantry_at(const struct game *g, const struct dests *ds, int corps, bool *out)
{
	int at[ROSTER_UNION], n = 0;
	for (int u = 0; u < ROSTER_UNION; u++)
		if (unit_on_map(g, u) && bot_is_infantry(g, u) && bot_def(g, u)->corps == corps)
			at[n++] = g->unit[u].hex;
	for (int i = 0; i < ds->n; i++) {
		out[i] = false;
		for (int k = 0; k < n && !out[i]; k++)
			out[i] = at[k] == ds->d[i].hex;
	}
}

/* 17.0E "subject to attack by Confederate infantry", for every hex the gun may move to: a
 * hex without Union infantry of its corps that a Confederate infantry unit able to attack
 * (conf_attacker) stands next to, or could end its next move next to — the same movement
 * search as 16.6A (conf_reach), on the position as it stands; no attack across the creek but
 * at a bridge or ford (stack[i]: Union infantry of the corps in the i-th hex). Only the units
 * that could come near the gun's reach are asked. */
static void exposed_dests(struct bot *b, const struct dests *ds, int gun, const bool *stack,
			  bool *out)
{
	const struct game *g = b->g;
	int here = g->unit[gun].hex, radius = 0, ma_max = conf_ma_max(g);
	for (int i = 0; i < ds->n && here != HEX_NONE; i++)
		if (hex_distance(here, ds->d[i].hex) > radius)
			radius = hex_distance(here, ds->d[i].hex);
	int att[ROSTER_CONFEDERATE], natt = 0;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++)
		if (conf_attacker(g, c) &&
		    (here == HEX_NONE ||
		     hex_distance(here, g->unit[c].hex) <= bot_def(g, c)->ma + 1 + radius))
			att[natt++] = c;
	/* each attacker's hex, MA and cube coordinates once, and its conf_reach once asked (no
	 * move is applied while the list is judged: the same bits at every ask) */
	int att_hex[ROSTER_CONFEDERATE], att_ma[ROSTER_CONFEDERATE];
	int att_x[ROSTER_CONFEDERATE], att_z[ROSTER_CONFEDERATE];
	const uint64_t *att_reach[ROSTER_CONFEDERATE];
	for (int k = 0; k < natt; k++) {
		att_hex[k] = g->unit[att[k]].hex;
		att_ma[k] = bot_def(g, att[k])->ma;
		hex_cube(att_hex[k], &att_x[k], &att_z[k]);
		att_reach[k] = NULL;
	}
	const struct map_hex *mh = g->scn->map.hex;
	for (int i = 0; i < ds->n; i++) {
		int hex = ds->d[i].hex, hi = hex_index(hex);
		out[i] = false;
		if (b->near_inf[hi] > ma_max + 1 || stack[i])
			continue;
		int nb[HEX_NDIRS], ni[HEX_NDIRS], nx[HEX_NDIRS], nz[HEX_NDIRS], hx, hz;
		hex_cube(hex, &hx, &hz);
		for (int d = 0; d < HEX_NDIRS; d++) {
			nb[d] = hex_neighbour(hex, (enum hex_dir)d);
			/* the side between them is side d of hex: no attack across the creek */
			if (nb[d] != HEX_NONE && !zoc_features_passable(mh[hi].side[d]))
				nb[d] = HEX_NONE;
			if (nb[d] != HEX_NONE) {
				ni[d] = hex_index(nb[d]);
				hex_cube(nb[d], &nx[d], &nz[d]);
			}
		}
		for (int k = 0; k < natt && !out[i]; k++) {
			int c = att[k], ch = att_hex[k], ma = att_ma[k];
			if (hex_cube_distance(att_x[k], att_z[k], hx, hz) > ma + 1)
				continue;
			for (int d = 0; d < HEX_NDIRS && !out[i]; d++) {
				if (nb[d] == HEX_NONE)
					continue;
				if (nb[d] == ch) {
					out[i] = true;
					break;
				}
				if (hex_cube_distance(att_x[k], att_z[k], nx[d], nz[d]) > ma)
					continue;
				if (!att_reach[k])
					att_reach[k] = conf_reach(b, c);
				out[i] = att_reach[k][ni[d] / 64] >> (ni[d] % 64) & 1;
			}
		}
	}
}

/* 17.0: a gun of formation f. As decided (docs/rules-notes.md, 17.0A): a gun that can
 * already fire from its hex at a Confederate unit — a fire that can take a step, whichever
 * unit — stays and fires (a gun that moves may not fire this turn, 10.8A); only a gun with
 * no target where it stands moves, to the best fire position (17.0A–B, 17.0D, 17.0E), else
 * toward the infantry of its formation nearest the objective (17.0C). */
static bool move_artillery(struct bot *b, int gun, int f, const int *field)
{
	const struct game *g = b->g;
	int corps = bot_def(g, gun)->corps;
	int here = g->unit[gun].hex;
	b->what_if = *g;
	int target;
	if (here != HEX_NONE && gun_value(b, gun, here, corps, GUN_HERE, &target) > 0) {
		b->gun_target[gun] = (int16_t)target;
		b->gun_claims[target - ROSTER_UNION]++; /* 10.7D: two guns a target */
		bot_note(b, "17.0A: %s stays in %04d: it can fire at %s (10.8A: a gun that moves "
			 "does not fire)", names_of_unit(gun), here, names_of_unit(target));
		return false;
	}
	struct dests ds;
	reachable(b, gun, &ds);
	if (ds.n == 0)
		return false;
	bool exposed[DESTS_MAX], stacks[DESTS_MAX];
	union_infantry_at(g, &ds, corps, stacks);
	exposed_dests(b, &ds, gun, stacks, exposed);
	/* 17.0A–B: the best fire position; 17.0D: with infantry of its corps among equals */
	int bi = -1, bv = 0;
	bool bstack = false;
	for (int i = 0; i < ds.n; i++) {
		int h = ds.d[i].hex;
		bool stack = stacks[i];
		if (exposed[i])
			continue; /* 17.0E */
		int v = gun_value(b, gun, h, corps, GUN_FROM, NULL);
		if (v > bv || (v == bv && v > 0 && stack && !bstack))
			bi = i, bv = v, bstack = stack;
	}
	if (bi >= 0)
		return move_to(b, gun, ds.d[bi].hex, "17.0A", "the best fire position");
	/* 17.0C: join the infantry of its corps nearest the objective */
	int best_inf = -1, bf = BOT_FAR;
	for (int u = 0; u < ROSTER_UNION; u++) {
		if (!unit_on_map(g, u) || !bot_is_infantry(g, u) || bot_formation(g, u) != f)
			continue;
		int fi = hex_index(g->unit[u].hex);
		if (fi >= 0 && field[fi] < bf)
			best_inf = u, bf = field[fi];
	}
	if (best_inf < 0)
		return false;
	int goal = g->unit[best_inf].hex;
	int gi = -1, gd = here != HEX_NONE ? hex_distance(here, goal) : BOT_FAR;
	for (int i = 0; i < ds.n; i++) {
		int h = ds.d[i].hex;
		bool stack = stacks[i];
		if (exposed[i])
			continue; /* 17.0E */
		int d = hex_distance(h, goal);
		if (d < gd || (d == gd && stack))
			gi = i, gd = d;
	}
	if (gi < 0)
		return false;
	char why[64];
	snprintf(why, sizeof why, "joins %s, nearest the objective", names_of_unit(best_inf));
	return move_to(b, gun, ds.d[gi].hex, "17.0C", why);
}

/* ---- a formation, the phase ---- */

static bool unit_present(const struct game *g, int u)
{
	if (unit_on_map(g, u))
		return true;
	/* a reinforcement still to enter */
	return g->unit[u].hex == HEX_NONE && g->unit[u].steps > 0 &&
	       !(g->unit[u].flags & UF_REMOVED) && unit_is_reinforcement(g, u);
}

/* 16.2A–D for one unit of the formation, on the position as it stands (b->what_if a copy
 * of it): can and will it attack by its own priorities — 16.4.1 and 16.4.2 once its corps
 * has planned an attack, 16.4.3 where it stands, else 16.4.5B on its way to the objective
 * unless 16.4.4 has it protect a flank first — then nearest in MPs first and the strongest
 * (16.2B–C); else farthest from the enemy first (16.2D). It ends next to the enemy only off
 * roads and not at double-time (8.8.2D, 8.9A), so only units within MA hexes can attack;
 * their reachable hexes are left in *dests (dests may be NULL): true when they are. */
static bool judge(struct bot *b, struct order *o, const int *field, struct dests *dests,
		  bool have)
{
	const struct game *g = b->g;
	int u = o->u, here = g->unit[u].hex;
	int ed = here == HEX_NONE ? BOT_FAR : enemy_range(b, here);
	o->attack = false;
	o->key1 = -ed; /* 16.2D: farthest from the enemy first */
	o->key2 = 0;
	if (!dests || g->unit[u].steps <= 1 || here == HEX_NONE || ed > bot_def(g, u)->ma ||
	    commit_unit_status(g, u) != CORPS_COMMITTED)
		return false;
	if (!have)
		reachable(b, u, dests);
	struct attack_choice c = { 0 };
	int corps = bot_def(g, u)->corps, targets[64];
	if (corps_attacking(b, corps)) {
		int nt = support_targets(b, corps, targets, 64);
		if (nt)
			c = best_attack(b, u, dests, targets, nt, false, true); /* 16.4.1 */
		nt = c.found ? 0 : division_targets(b, targets, 64);
		if (nt)
			c = best_attack(b, u, dests, targets, nt, true, false); /* 16.4.2 */
	}
	struct dests none = { .n = 0 };
	if (!c.found)
		c = best_attack(b, u, &none, NULL, 0, true, false);            /* 16.4.3 */
	if (!c.found) {
		int protected;
		c = met_on_the_way(b, u, dests, field);                         /* 16.4.5B */
		if (c.found && flank_dest(b, u, dests, b->moved, b->nmoved, &protected) >= 0)
			c.found = false; /* 16.4.4 comes first: it protects a flank instead */
	}
	if (c.found) {
		o->attack = true;
		o->key1 = c.cost;
		o->key2 = -unit_cv(g, u); /* 16.2C: printed, at its strength now */
	}
	return true;
}

static void move_formation(struct bot *b, int f)
{
	const struct game *g = b->g;
	int targets[MAP_OBJ_HEXES];
	int nt = bot_objective_hexes(b, f, targets, MAP_OBJ_HEXES);
	if (nt == 0)
		return; /* 15.5 */
	int *field = malloc(sizeof(int) * HEX_INDEX_COUNT);
	if (!field)
		return;
	bot_distance_field(b, targets, nt, field);
	struct order ord[ROSTER_UNION];
	struct dests *cache = malloc(sizeof *cache * ROSTER_UNION);
	bool cached[ROSTER_UNION] = { 0 };
	int n = 0;
	/* the reachable hexes worked out for a unit hold while no move applied since bears on
	 * them (dests_hold: another unit's move may fill a hex, 7.1A, or empty one) */
	b->what_if = *g;
	for (int u = 0; u < ROSTER_UNION; u++) {
		if (bot_formation(g, u) != f || !bot_is_infantry(g, u) || !unit_present(g, u))
			continue;
		if (!move_unit_may_move(g, u, NULL, 0))
			continue;
		struct order *o = &ord[n++];
		o->u = u;
		o->gun = -1;
		o->attack = false;
		int here = g->unit[u].hex;
		for (int k = 0; k < ROSTER_UNION && here != HEX_NONE; k++)
			if (k != u && bot_formation(g, k) == f && !bot_is_infantry(g, k) &&
			    unit_on_map(g, k) && g->unit[k].hex == here)
				o->gun = k;
		cached[u] = judge(b, o, field, cache ? &cache[u] : NULL, false);
	}
	/* 16.2A: the units that can and will attack move first — judged again whenever an attack
	 * has been planned since (16.4.1 and 16.4.2 arise only then), so a unit that an attack
	 * of its corps draws in moves before those that merely march */
	bool gun_done[ROSTER_UNION] = { 0 };
	int plans_judged = b->nplan;
	for (int i = 0; i < n; i++) {
		if (b->nplan != plans_judged) {
			/* only a unit that can come next to a hex the new plans bear on (their
			 * defending hexes, the targets of 16.4.1 and 16.4.2 now) may judge otherwise */
			int near[96], nn = 0;
			for (int k = plans_judged; k < b->nplan && nn < 32; k++)
				near[nn++] = b->plan[k].defhex;
			nn += support_targets(b, bot_def(g, ord[i].u)->corps, near + nn, 32);
			nn += division_targets(b, near + nn, 32);
			plans_judged = b->nplan;
			b->what_if = *g;
			for (int k = i; k < n; k++) {
				int u = ord[k].u, here = g->unit[u].hex, reach = bot_def(g, u)->ma + 1;
				bool bears = false;
				for (int t = 0; t < nn && !bears && here != HEX_NONE; t++)
					bears = hex_within(here, near[t], reach);
				if (!bears)
					continue;
				bool have = cache && cached[u] && dests_hold(b, u, &cache[u]);
				cached[u] = judge(b, &ord[k], field, cache ? &cache[u] : NULL, have);
			}
		}
		int first = i;
		for (int k = i + 1; k < n; k++)
			if (order_cmp(&ord[k], &ord[first]) < 0)
				first = k;
		struct order next = ord[first];
		ord[first] = ord[i];
		ord[i] = next;
		int u = next.u, gun = next.gun;
		bool fresh = cache && cached[u] && dests_hold(b, u, &cache[u]);
		move_infantry(b, u, field, b->moved, b->nmoved, fresh ? &cache[u] : NULL);
		b->moved[b->nmoved++] = (int16_t)u;
		/* 16.1C: a stack moves first, its gun right after its infantry (17.0) */
		if (gun >= 0 && !gun_done[gun]) {
			gun_done[gun] = true;
			if (move_unit_may_move(g, gun, NULL, 0))
				move_artillery(b, gun, f, field);
		}
	}
	free(cache);
	/* 16.1C: lone artillery last */
	for (int u = 0; u < ROSTER_UNION; u++)
		if (!gun_done[u] && bot_formation(g, u) == f && !bot_is_infantry(g, u) &&
		    unit_present(g, u) && move_unit_may_move(g, u, NULL, 0))
			move_artillery(b, u, f, field);
	free(field);
}

bool bot_movement(struct bot *b)
{
	const struct game *g = b->g;
	if (b->plan_turn != g->turn) {
		b->nplan = 0;
		b->plan_turn = g->turn;
	}
	bot_maps(b);
	memset(b->gun_claims, 0, sizeof b->gun_claims);
	for (int u = 0; u < ROSTER_UNION; u++)
		b->gun_target[u] = -1;
	/* 16.1A–B: corps by corps in the order of 14.3A, IX Corps by division */
	for (int p = 0; p < CORPS_COUNT; p++) {
		enum corps c;
		const char *name = tables_commit_priority(&b->s->tables, p);
		if (!name || !roster_corps_parse(name, &c))
			continue;
		if (g->corps[c] == CORPS_UNAVAILABLE && !commit_unleashed(g))
			continue;
		b->nmoved = 0; /* 16.4.4: the units of this corps already moved */
		if (c == CORPS_IX) {
			for (int f = SOLO_IX1; f <= SOLO_IX4; f++)
				move_formation(b, f);
			continue;
		}
		static const int form_of[CORPS_COUNT] = {
			[CORPS_I] = SOLO_I, [CORPS_II] = SOLO_II, [CORPS_V] = SOLO_V,
			[CORPS_VI] = SOLO_VI, [CORPS_XII] = SOLO_XII, [CORPS_IX] = SOLO_IX1,
		};
		move_formation(b, form_of[c]);
	}
	return bot_apply_type(b, ACT_END, "16.0", "the Union movement phase ends");
}

/* 13.6: each withdrawing unit takes the hex the engine ranks first (`end`): it stays when it
 * is five hexes from the enemy already, else goes five hexes away losing the fewest steps on
 * the way, else as far as it can (13.6C). The note says which, in the player's words. */
bool bot_withdraw_move(struct bot *b)
{
	const struct game *g = b->g;
	int u = g->pending.subject;
	char why[EVENT_TEXT_MAX];
	if (u >= 0 && unit_on_map(g, u) &&
	    unit_enemy_distance(g, g->unit[u].hex, unit_side(u)) >= 5)
		snprintf(why, sizeof why, "%s stays in %04d, already five hexes from the enemy",
			 names_of_unit(u), g->unit[u].hex);
	else
		snprintf(why, sizeof why, "%s withdraws five hexes from the enemy at the least loss "
			 "of steps, or as far as it can", names_of_unit(u));
	return bot_apply_type(b, ACT_END, "13.6", why);
}
