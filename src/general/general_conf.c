/* general_conf.c — owns the computer general's movement plan for the Confederacy
 * (general_conf.h): a portfolio search over whole movement phases evaluated by the Union's
 * reply — the bot's in the solitaire game (scored by the 19.0 count, gc_value), the Union
 * general's at level 1 under the two-player rules (scored by general_evaluate, the 3.2-3.4
 * count and the rest, with the 3.2 objectives in place of 19.0's).
 *
 * Each Confederate unit that may move has a few scripts, each a hex it may reach now:
 *   - holds: stays where it is;
 *   - stands clear: the hex nearest the 19.0 objectives where the bot has the fewest
 *     favourable attacks on it (16.3.4: the attacker's combat value less the defender's plus
 *     the DRMs at least 0, or +2 and better), judged for every Committed Union infantry unit
 *     that could stand next to it (and Available ones already next to it, 13.3F);
 *   - falls back: the hex farthest from the Union infantry, nearer the objectives among equals;
 *   - takes an objective: the hex nearest the 19.0 objectives, the bot's favourable attacks
 *     weighed.
 * A plan gives each unit one script. Every plan tried is played out on a copy of the game:
 * the moves, the end of the Confederate player-turn (no fire, no attack), then the Union's
 * whole player-turn by the bot (bot_play: commitment, movement, fire, attacks with the copy's
 * dice) with the Confederate answers in it chosen simply (retreat as far as it may, no
 * break-off), and the position scored by gc_value. The search: every unit on one script
 * (four plans) and the mix "stand clear where the bot could attack, else hold", then a hill
 * climb, unit by unit (those the bot could attack first), over the other scripts while the
 * level's playouts last. In every plan a fragile unit (a battery, a brigade of one step: a 2:1
 * attack destroys it) that the plan leaves where more of the bot's favourable attacks may reach
 * it, by the attackers' real reach (fill_reach), than at its best reachable hex goes there
 * instead (24.3B). Same position, same plan: deterministic, and blind to the game's dice
 * (every playout's dice come from the position, general_own_dice). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "combat.h"
#include "commit.h"
#include "general.h"
#include "start.h"
#include "general_conf.h"
#include "general_internal.h"
#include "map.h"
#include "move.h"
#include "quick.h"
#include "tables.h"
#include "unit.h"
#include "victory.h"

#define GC_DESTS 1024
#define GC_LEGAL 4096
#define GC_GUARD 4000

enum script { S_HOLD, S_CLEAR, S_BACK, S_OBJECTIVE, S_GAIN, S_COUNT };
static const char *const script_name[S_COUNT] = {
	"holds", "stands clear", "falls back", "takes an objective",
	"gains control of objective hexes (3.3A)",
};

/* The map objectives that score in 19.0A (tables.txt solo-vp). */
static const char *const solo_keys[] = {
	"dunker-church", "hagerstown-road", "sunken-road", "sharpsburg", "road-1032",
	"harpers-ferry-road",
};

/* The objectives that score under the two-player rules (3.2), which the plan covers there. */
static const char *const two_keys[] = {
	"nicodemus-hill", "miller-cornfield", "west-wood", "north-wood", "east-wood",
	"dunker-church", "sunken-road", "hex-1943", "sharpsburg", "road-1032", "lower-bridge",
};

/* The objectives of g's rules the plan covers (19.0 in the solitaire game, 3.2 else). */
static size_t plan_keys(const struct game *g, const char *const **keys)
{
	if (g->opt.solitaire) {
		*keys = solo_keys;
		return sizeof solo_keys / sizeof solo_keys[0];
	}
	*keys = two_keys;
	return sizeof two_keys / sizeof two_keys[0];
}

struct gc {
	const struct game *g;
	int level;
	const struct general_lee_weights *w; /* the plan's weights (data/general.txt) */
	const struct general_level *lv;      /* what the level spends */
	bool last;                            /* the last turn (5.3): no Union reply follows */
	int unit[ROSTER_CONFEDERATE];         /* the units that may move */
	int nunits;
	int opt[ROSTER_CONFEDERATE][S_COUNT]; /* each script's hex (HEX_NONE: stays off) */
	double risk_here[ROSTER_CONFEDERATE]; /* the bot's favourable attacks where it stands */
	uint8_t keeper[ROSTER_CONFEDERATE];   /* it keeps the Lower Bridge from the Union */
	uint8_t obj_near[HEX_INDEX_COUNT];    /* range to the nearest 19.0 objective hex */
	uint8_t union_near[HEX_INDEX_COUNT];  /* range to the nearest Union infantry */
	uint8_t is_obj[HEX_INDEX_COUNT];      /* a 19.0 objective hex (2: of one the Confederacy
					       * holds whole, 19.0A's all or nothing) */
	uint8_t conf_at[HEX_INDEX_COUNT];     /* Confederate units standing there */
	int attacker[ROSTER_UNION];           /* Union infantry that may attack (11.2B, 13.3F) */
	int nattackers;
	/* what risk and gun_risk ask of the Union's units, read once a decision (fill_maps;
	 * pure speed): each attacker's combat value, morale and 13.2 status (index a of
	 * attacker[]), and the guns that may fire (on the map, not Unavailable, 13.3D/13.4B) in
	 * roster order, with their hex, range and fire value */
	int att_cv[ROSTER_UNION], att_morale[ROSTER_UNION];
	bool att_committed[ROSTER_UNION];
	int gun_hex[ROSTER_UNION], gun_range[ROSTER_UNION], gun_cv[ROSTER_UNION];
	int nguns;
	/* the attackers' and the guns' hexes in cube coordinates (hex_cube), for the ranges
	 * risk_by and gun_risk ask by the hundred thousand (pure speed) */
	int att_x[ROSTER_UNION], att_z[ROSTER_UNION], gun_x[ROSTER_UNION], gun_z[ROSTER_UNION];
	uint8_t to_gain[HEX_INDEX_COUNT];     /* one the Confederacy does not control, that no
					       * unit of the plan will stand on or next to yet */
	uint8_t to_keep[HEX_INDEX_COUNT];     /* one it controls, empty, with a Union unit next to
					       * it: 3.3A gives it to the Union at the turn's end
					       * unless a unit of the plan stands on or next to it */
	uint8_t union_adj[HEX_INDEX_COUNT];   /* a Union unit (any) on it or next to it */
	int8_t terrain[HEX_INDEX_COUNT][HEX_NDIRS]; /* DRM of an attack from that side; 99 none */
	int8_t halve[HEX_INDEX_COUNT][HEX_NDIRS];
	uint8_t known[HEX_INDEX_COUNT];       /* terrain[] filled for the hex */
	int playouts;
	uint64_t key;                         /* the decision's (general_decision_key): its dice */
	int cover_unit, cover_hex;            /* cover_bridge's second keeper */
	uint8_t hurt[ROSTER_CONFEDERATE];     /* the last playout: the unit (index i) lost steps */
	int rest[ROSTER_CONFEDERATE];         /* a shot-to-ribbons brigade's hex to regroup in, or
					       * a fragile unit's hex out of the bot's attacks */
	bool reach_known;                     /* ureach[] filled (fill_reach) */
	uint8_t fragile[ROSTER_CONFEDERATE];  /* fragile(): rest is where the bot's attacks on it
					       * are fewest, rest_risk theirs (risk() less the guns) */
	double rest_risk[ROSTER_CONFEDERATE];
	uint8_t keeps[ROSTER_CONFEDERATE];    /* its "gains control" hex keeps a hex (to_keep) */
	int postures, posture_kept;           /* division_climb's playouts, and those kept */
	uint8_t exposed[ROSTER_CONFEDERATE][S_COUNT]; /* in reach of the bot's attacks, or within
						       * two hexes of the enemy (12.2) */
	/* scratch, from here on written before it is read: gc_new zeroes only what is above */
	struct game scratch;
	struct game play;
	struct action legal[GC_LEGAL];
	struct move_dest dest[GC_DESTS];
	struct game next;                     /* move_reachable_next_phase's */
	struct move_dest rdest[GC_DESTS];     /* fill_reach's */
	uint64_t ureach[ROSTER_UNION][(HEX_INDEX_COUNT + 63) / 64]; /* attacker a (index in
					       * attacker[]) may end its next move there */
	/* bit a: attacker a (index in attacker[]) stands within reach + 1 of the hex (fill_maps):
	 * the attackers risk_by counts, in their order, without a range to every one */
	uint64_t att_near[HEX_INDEX_COUNT][(ROSTER_UNION + 63) / 64];
};

/* A zeroed struct gc but for its scratch (a calloc of its 700 KB was a good part of a short
 * look-ahead); NULL when out of memory. */
static struct gc *gc_new(void)
{
	struct gc *c = malloc(sizeof *c);
	if (c)
		memset(c, 0, offsetof(struct gc, scratch));
	return c;
}

/* ---- the value of a position ---- */

/* A brigade that may regroup (12.3A-B: never to its full strength). */
static bool may_regroup(const struct game *g, int u)
{
	return unit_def(g, u)->type == UNIT_INFANTRY &&
	       g->unit[u].steps < unit_def(g, u)->steps - 1;
}

/* A brigade shot to ribbons (11.2A: one step) that may regroup (12.3). */
static bool shot_to_ribbons(const struct game *g, int u)
{
	return may_regroup(g, u) && g->unit[u].steps == 1;
}

/* The Union controls both hexes of the Lower Bridge (3.2 fn 4). */
static bool bridge_lost(const struct game *g)
{
	const struct map_objective *o = map_objective(&g->scn->map, "lower-bridge");
	if (!o || o->nhexes == 0)
		return true;
	for (int i = 0; i < o->nhexes; i++) {
		int x = hex_index(o->hexes[i]);
		if (x < 0 || g->control[x] != SIDE_UNION)
			return false;
	}
	return true;
}

/* The 19.0 objective hexes of map m into out (at most max); the count. */
static int solo_hexes(const struct map *m, int *out, int max)
{
	int n = 0;
	for (size_t k = 0; k < sizeof solo_keys / sizeof solo_keys[0]; k++) {
		const struct map_objective *o = map_objective(m, solo_keys[k]);
		for (int i = 0; o && i < o->nhexes && n < max; i++)
			out[n++] = o->hexes[i];
	}
	return n;
}

static void keep_coverable(const struct game *g, struct game *tmp)
{
	int hx[96];
	int n = solo_hexes(&g->scn->map, hx, 96);
	for (int i = 0; i < n; i++) {
		int x = hex_index(hx[i]);
		if (x < 0 || g->control[x] != SIDE_CONFEDERATE || tmp->control[x] != SIDE_UNION ||
		    unit_side_in(g, hx[i], SIDE_UNION))
			continue;
		for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++)
			if (unit_on_map(g, u) && hex_distance(g->unit[u].hex, hx[i]) <= 2) {
				tmp->control[x] = SIDE_CONFEDERATE;
				break;
			}
	}
}

/* The Union's infantry units on the map by hex (a count of units, not steps), so that "the
 * Union infantry next to a unit" reads six hexes instead of every Union unit (pure speed,
 * issue 29). Filled and emptied by gc_value (the units' hexes only); nothing else writes it. */
static _Thread_local uint8_t gc_uinf[HEX_INDEX_COUNT];

static void gc_union_inf(const struct game *g, bool fill)
{
	for (int e = 0; e < ROSTER_UNION; e++)
		if (unit_on_map(g, e) && unit_def(g, e)->type == UNIT_INFANTRY) {
			uint8_t *x = &gc_uinf[hex_index(g->unit[e].hex)];
			*x = fill ? (uint8_t)(*x + 1) : 0;
		}
}

double gc_value(const struct game *g)
{
	const struct general_lee_weights *gw = &g->scn->general.lee;
	general_npositions++;
	static _Thread_local struct game tmp;
	tmp = *g;
	victory_control_update(&tmp);
	/* at the Confederate movement phase (where a playout ends) the Confederacy moves before
	 * the turn ends: an objective hex of its own that a Union unit next to it would take
	 * (3.3A) only because no Confederate unit is next to it now is kept while one stands
	 * within two hexes, to come back next to it (the Union's units stay as they are) */
	if (g->pending.what == DECISION_MOVEMENT && g->pending.side == SIDE_CONFEDERATE)
		keep_coverable(g, &tmp);
	struct victory_count vc;
	victory_solitaire(&tmp, &vc);
	double v = vc.vp2 / 2.0;
	/* 5.3: at the game's end nothing follows: the count is all there is */
	if (gw->final_count && g->pending.what == DECISION_GAMEOVER)
		return v;
	/* an objective part held: a share of its VP (the rest may still be gained) */
	for (int i = 0; i < vc.nlines && gw->partial > 0; i++) {
		const struct victory_line *l = &vc.line[i];
		if (l->vp2 == 0 && l->held > 0 && l->nhexes > 0 &&
		    strcmp(l->key, "sunken-road-some") != 0)
			v += gw->partial * l->held / (double)l->nhexes *
			     tables_solo_vp2(&g->scn->tables, l->key) / 2.0;
	}
	/* the Lower Bridge (3.2 fn 4: both 2836 and 2935) scores nothing in 19.0, but while
	 * the Union does not hold it two of IX Corps' divisions stay on their first objective
	 * (15.2A, 15.6C) instead of marching on Sharpsburg and the road from 1032: worth most
	 * early (Toombs held it until 1 pm, turn 8) and nothing once the game is over */
	if (gw->bridge > 0 && g->pending.what != DECISION_GAMEOVER && !bridge_lost(&tmp))
		v += gw->bridge * (GAME_TURNS + 1 - g->turn) / GAME_TURNS;
	/* what remains to hold with: steps on the map, a weak unit next to the enemy's
	 * infantry at risk */
	gc_union_inf(g, true);
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++) {
		if (!unit_on_map(g, u))
			continue;
		bool inf = unit_def(g, u)->type == UNIT_INFANTRY;
		v += (inf ? gw->steps : gw->gun_steps) * g->unit[u].steps;
		/* the Union infantry units next to it */
		int adj = 0;
		const int16_t *n = nb[hex_index(g->unit[u].hex)];
		for (int d = 0; d < HEX_NDIRS; d++)
			if (n[d] >= 0)
				adj += gc_uinf[n[d]];
		if (adj)
			v -= gw->adjacent * adj / (double)(adj + g->unit[u].steps);
		/* 12.2-12.3: a brigade that may regroup, three hexes and more from the enemy,
		 * gets a step back if it stays there through the next movement phase */
		if (gw->regroup > 0 && may_regroup(g, u) &&
		    unit_enemy_distance(g, g->unit[u].hex, SIDE_CONFEDERATE) >= 3)
			v += gw->regroup;
	}
	gc_union_inf(g, false);
	return v;
}

/* ---- the bot's favourable attacks (16.3.4) ---- */


/* The terrain DRM (11.14, 20.1) and halvings (11.12A, 11.13) of an attack into hex h from its
 * neighbour in direction d, asked of odds_attack with a stand-in attacker; false when no
 * attack may come that way (off the map, across the creek). */
static bool side_terrain(struct gc *c, int h, int d, int u, int stand_in, int *drm, int *halve)
{
	int x = hex_index(h);
	if (!c->known[x]) {
		c->known[x] = 1;
		for (int k = 0; k < HEX_NDIRS; k++) {
			c->terrain[x][k] = 99;
			int n = hex_neighbour(h, (enum hex_dir)k);
			if (n == HEX_NONE || stand_in < 0)
				continue;
			struct game *s = &c->scratch;
			int16_t uh = s->unit[u].hex, eh = s->unit[stand_in].hex;
			s->unit[u].hex = (int16_t)h;
			s->unit[stand_in].hex = (int16_t)n;
			struct combat_odds o;
			char err[160];
			int des[1] = { stand_in }, hx[1] = { h };
			if (odds_attack(s, stand_in, hx, 1, des, 1, &o, err, sizeof err)) {
				int t = o.drm;
				for (int i = 0; i < o.nmods; i++)
					if (o.mod[i].id == MOD_MORALE)
						t -= o.mod[i].value; /* the morale is the units' own */
				c->terrain[x][k] = (int8_t)t;
				c->halve[x][k] = (int8_t)o.halvings;
			}
			s->unit[u].hex = uh;
			s->unit[stand_in].hex = eh;
		}
	}
	if (c->terrain[x][d] == 99)
		return false;
	*drm = c->terrain[x][d];
	*halve = c->halve[x][d];
	return true;
}

static bool union_attacker(const struct game *g, int e)
{
	return unit_on_map(g, e) && unit_def(g, e)->type == UNIT_INFANTRY &&
	       g->unit[e].steps > 1;
}

/* The Union guns that could fire at unit u in hex h as they stand (17.0A: a gun with a
 * target stays and fires), each by its fire value and the range's DRM (20.3): a battery
 * takes a step at most rolls, infantry (-2, and 1+ only above three steps) far fewer; the
 * town (-2) and woods, orchard or cornfield (-1) shelter. Line of sight is not asked. */
static double gun_risk(const struct gc *c, int u, int h)
{
	const struct game *g = c->g;
	const struct map_hex *mh = map_hex(&g->scn->map, h);
	double shelter = !mh ? 1 : mh->terrain == TERRAIN_TOWN ? 0.35 :
			 mh->terrain == TERRAIN_CLEAR ? 1 : 0.7;
	double kind = unit_def(g, u)->type == UNIT_INFANTRY ? 0.12 : c->w->battery_guns;
	double r = 0;
	int hx, hz;
	hex_cube(h, &hx, &hz);
	for (int k = 0; k < c->nguns; k++) {
		int dist = hex_cube_distance(c->gun_x[k], c->gun_z[k], hx, hz);
		if (dist > c->gun_range[k])
			continue;
		double band = dist <= 1 ? 1 : dist <= 3 ? 0.8 : dist <= 5 ? 0.6 : dist <= 8 ? 0.4 : 0.25;
		r += band * c->gun_cv[k] / 5.0;
	}
	return r * shelter * kind;
}

/* The bot's favourable attacks on unit u were it in hex h: each Union infantry unit that
 * could stand next to h and attack it favourably counts 1, more the better its odds; and the
 * Union guns in range (gun_risk). */
static double risk_by(struct gc *c, int u, int h, bool exact)
{
	const struct game *g = c->g;
	if (h == HEX_NONE || c->last)
		return 0; /* 5.3: after the last Confederate player-turn the game ends */
	double guns = gun_risk(c, u, h);
	if (c->union_near[hex_index(h)] > c->w->reach + 1)
		return guns;
	bool inf = unit_def(g, u)->type == UNIT_INFANTRY;
	int def = inf ? unit_cv(g, u) : 1, mor = inf ? unit_morale(g, u) : 0;
	int stand_in = c->nattackers ? c->attacker[0] : -1;
	int nb[HEX_NDIRS], on[HEX_NDIRS], ni[HEX_NDIRS], nx[HEX_NDIRS], nz[HEX_NDIRS], hx, hz;
	hex_cube(h, &hx, &hz);
	for (int d = 0; d < HEX_NDIRS; d++) {
		nb[d] = hex_neighbour(h, (enum hex_dir)d);
		ni[d] = nb[d] == HEX_NONE ? -1 : hex_index(nb[d]);
		if (nb[d] != HEX_NONE)
			hex_cube(nb[d], &nx[d], &nz[d]);
		/* a Confederate unit there (not u leaving it) keeps the attacker out */
		on[d] = nb[d] == HEX_NONE ? 0 : c->conf_at[ni[d]] - (nb[d] == g->unit[u].hex);
	}
	double r = 0;
	/* the attackers within reach + 1 of h, in their order */
	const uint64_t *near = c->att_near[hex_index(h)];
	int close[ROSTER_UNION], nclose = 0;
	for (int w = 0; w < (ROSTER_UNION + 63) / 64; w++)
		for (uint64_t bits = near[w]; bits; bits &= bits - 1)
			close[nclose++] = w * 64 + __builtin_ctzll(bits);
	for (int k = 0; k < nclose; k++) {
		int a = close[k];
		int e = c->attacker[a];
		int eh = g->unit[e].hex, ax = c->att_x[a], az = c->att_z[a];
		int dist = hex_cube_distance(ax, az, hx, hz);
		if (!c->att_committed[a] && dist != 1)
			continue; /* 13.3F: an Available unit attacks only what moved next to it */
		int best = -99;
		/* a neighbour of h lies within one of dist from eh: all within reach when dist is
		 * less than reach, so their ranges are asked only when it is not */
		bool far = dist >= c->w->reach;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = nb[d], drm, hv;
			if (n == HEX_NONE ||
			    (far && hex_cube_distance(ax, az, nx[d], nz[d]) > c->w->reach))
				continue;
			if (exact && n != eh && !(c->ureach[a][ni[d] / 64] >> (ni[d] % 64) & 1))
				continue;
			if (on[d] > 0 && n != eh)
				continue;
			if (!side_terrain(c, h, d, u, stand_in, &drm, &hv))
				continue;
			int att = c->att_cv[a] >> hv;
			int m = att - def + drm + (inf ? c->att_morale[a] - mor : 0);
			if (tables_crt_column(att, def) >= CRT_COL_PLUS2 && m < 0)
				m = 0;
			if (m > best)
				best = m;
		}
		if (best >= 0)
			r += 1 + 0.25 * best;
	}
	return r + guns;
}

static double risk(struct gc *c, int u, int h)
{
	return risk_by(c, u, h, false);
}

/* ureach[]: where each Union attacker may end its next movement phase were the position to
 * stand as it is (move_reachable_next_phase: its MA alone, for a move that ends next to an
 * enemy takes no road bonus and no double-time, 8.8.2D, 8.9A; it stops on entering a
 * Confederate ZOC, 6.3B) — so a hex screened by the line is out of its reach, where risk()'s
 * GC_REACH hexes of range are not. */
static void fill_reach(struct gc *c)
{
	if (c->reach_known)
		return;
	c->reach_known = true;
	memset(c->ureach, 0, sizeof c->ureach);
	for (int a = 0; a < c->nattackers; a++) {
		int n = move_reachable_next_phase(c->g, c->attacker[a], &c->next, c->rdest,
						  GC_DESTS, NULL);
		for (int k = 0; k < n; k++) {
			int x = hex_index(c->rdest[k].hex);
			if (x >= 0)
				c->ureach[a][x / 64] |= 1ull << (x % 64);
		}
	}
}

/* The bot's favourable attacks on unit u in hex h (the guns' threat left out) by the
 * attackers' real reach (fill_reach). */
static double risk_exact(struct gc *c, int u, int h)
{
	if (h == HEX_NONE)
		return 0;
	fill_reach(c);
	double r = risk_by(c, u, h, true) - gun_risk(c, u, h);
	return r > 0 ? r : 0;
}

/* ---- the scripts ---- */

static void fill_maps(struct gc *c)
{
	const struct game *g = c->g;
	const struct map *m = &g->scn->map;
	memset(c->obj_near, 60, sizeof c->obj_near);
	memset(c->union_near, 60, sizeof c->union_near);
	const char *const *keys;
	size_t nkeys = plan_keys(g, &keys);
	for (size_t k = 0; k < nkeys; k++) {
		const struct map_objective *o = map_objective(m, keys[k]);
		bool all = true;
		for (int i = 0; o && i < o->nhexes; i++) {
			int x = hex_index(o->hexes[i]);
			all &= x >= 0 && g->control[x] == SIDE_CONFEDERATE;
		}
		for (int i = 0; o && i < o->nhexes; i++) {
			int x = hex_index(o->hexes[i]);
			if (x < 0)
				continue;
			c->obj_near[x] = 0;
			c->is_obj[x] = all ? 2 : 1;
			c->to_gain[x] = g->control[x] != SIDE_CONFEDERATE;
		}
	}
	for (int e = 0; e < ROSTER_UNION; e++)
		if (unit_on_map(g, e) && unit_def(g, e)->type == UNIT_INFANTRY)
			c->union_near[hex_index(g->unit[e].hex)] = 0;
	for (int k = ROSTER_UNION; k < ROSTER_UNITS; k++)
		if (unit_on_map(g, k))
			c->conf_at[hex_index(g->unit[k].hex)]++;
	for (int e = 0; e < ROSTER_UNION; e++) {
		if (!unit_on_map(g, e))
			continue;
		int h = g->unit[e].hex;
		for (int d = -1; d < HEX_NDIRS; d++) {
			int n = d < 0 ? h : hex_neighbour(h, (enum hex_dir)d);
			if (hex_index(n) >= 0)
				c->union_adj[hex_index(n)] = 1;
		}
	}
	/* 3.3A: the Union moves no more before the turn's end, so an objective hex the
	 * Confederacy holds, empty, with a Union unit next to it now (a lone one, the
	 * Harpers Ferry Road's or the Hagerstown Road's long lines), falls to it unless a
	 * Confederate unit stands on or next to it then (19.0A: one hex lost, the whole
	 * objective's VP with it) */
	for (int x = 0; x < HEX_INDEX_COUNT; x++)
		c->to_keep[x] = c->is_obj[x] && !c->conf_at[x] && c->union_adj[x] &&
				g->control[x] == SIDE_CONFEDERATE;
	/* 11.2B: no Shot-to-Ribbons attacker; 13.4C: no Unavailable one */
	for (int e = 0; e < ROSTER_UNION; e++)
		if (union_attacker(g, e) && commit_unit_status(g, e) != CORPS_UNAVAILABLE) {
			c->att_cv[c->nattackers] = unit_cv(g, e);
			c->att_morale[c->nattackers] = unit_morale(g, e);
			c->att_committed[c->nattackers] = commit_unit_status(g, e) == CORPS_COMMITTED;
			hex_cube(g->unit[e].hex, &c->att_x[c->nattackers], &c->att_z[c->nattackers]);
			c->attacker[c->nattackers++] = e;
		}
	memset(c->att_near, 0, sizeof c->att_near);
	for (int a = 0, span = c->w->reach + 1; a < c->nattackers; a++) {
		int eh = g->unit[c->attacker[a]].hex;
		for (int col = hex_col(eh) - span; col <= hex_col(eh) + span; col++)
			for (int row = hex_row(eh) - span; row <= hex_row(eh) + span; row++) {
				int x = col * 100 + row;
				if (col >= HEX_COL_MIN && col <= HEX_COL_MAX && row >= 0 &&
				    row <= HEX_ROW_MAX && hex_valid(x) && hex_distance(eh, x) <= span)
					c->att_near[hex_index(x)][a / 64] |= 1ull << (a % 64);
			}
	}
	for (int e = 0; e < ROSTER_UNION; e++)
		if (unit_def(g, e)->type == UNIT_ARTILLERY && unit_on_map(g, e) &&
		    commit_unit_status(g, e) != CORPS_UNAVAILABLE) {
			c->gun_hex[c->nguns] = g->unit[e].hex;
			hex_cube(g->unit[e].hex, &c->gun_x[c->nguns], &c->gun_z[c->nguns]);
			c->gun_range[c->nguns] = unit_def(g, e)->range;
			c->gun_cv[c->nguns++] = unit_cv(g, e);
		}
	hex_spread(c->obj_near, 60);
	hex_spread(c->union_near, 60);
}

/* A unit the bot's attacks would likely destroy: a gun, or infantry of two steps or fewer. */
static bool weak(const struct game *g, int u)
{
	return unit_def(g, u)->type != UNIT_INFANTRY || g->unit[u].steps <= 2;
}

/* Unit u keeps the Lower Bridge (3.2 fn 4) from the Union where it stands: a hex of the
 * bridge the Union does not hold, with no Union unit on it, is its own or next to it, so
 * that 3.3A cannot give it to a lone Union unit across the creek (Toombs on the bluff,
 * 2835). */
static bool keeps_bridge(const struct game *g, int u)
{
	const struct map_objective *o = map_objective(&g->scn->map, "lower-bridge");
	int here = g->unit[u].hex;
	if (!o || here == HEX_NONE || unit_def(g, u)->type != UNIT_INFANTRY)
		return false;
	for (int i = 0; i < o->nhexes; i++) {
		int h = o->hexes[i], x = hex_index(h);
		if (x < 0 || g->control[x] == SIDE_UNION || hex_distance(here, h) > 1)
			continue;
		bool occupied = false;
		for (int e = 0; e < ROSTER_UNION && !occupied; e++)
			occupied = unit_on_map(g, e) && g->unit[e].hex == h;
		if (!occupied)
			return true;
	}
	return false;
}

/* A unit the bot's attacks kill at 2:1 (a defender of combat value 1-2): a battery, or a
 * brigade of one step that may not regroup (12.3A: never to its full strength), by
 * the plan's `fragile` bits (data/general.txt). Where the plan leaves it in reach of a favourable attack (16.3.4) it
 * goes instead to a hex out of every attack's reach, if it may reach one (24.3B). */
static int fragile_bits(const struct gc *c)
{
	return c->g->turn >= start_last_turn(c->g) - 2 ? c->w->fragile_late : c->w->fragile;
}

static bool fragile(const struct gc *c, int u)
{
	const struct game *g = c->g;
	bool inf = unit_def(g, u)->type == UNIT_INFANTRY;
	int bits = fragile_bits(c);
	if (!inf)
		return bits & 1;
	return !shot_to_ribbons(g, u) &&
	       (((bits & 2) && g->unit[u].steps == 1) || ((bits & 4) && unit_cv(g, u) <= 2));
}

/* Bit 16: a brigade fragile by bit 4 alone (combat value 2 or less, more than one step)
 * whose hex h is on or next to a 19.0 objective hex stays there: its ZOC keeps the hex
 * (3.3A), and the long roads are scored all or nothing (19.0A). */
static bool spared(const struct gc *c, int u, int h)
{
	const struct game *g = c->g;
	return (fragile_bits(c) & 16) && h != HEX_NONE &&
	       unit_def(g, u)->type == UNIT_INFANTRY && g->unit[u].steps > 1 &&
	       c->obj_near[hex_index(h)] <= 1;
}

/* 9.1C: unit u, off the map, is of A.P. Hill's division on the turn it arrives, whose entry
 * may not be delayed: it has no hex to stay in (the movement phase may not end before it has
 * entered, unless it cannot). */
bool gc_must_enter(const struct game *g, int u)
{
	return unit_side(u) == SIDE_CONFEDERATE && g->unit[u].hex == HEX_NONE &&
	       g->ap_hill_triggered && g->ap_hill_turn == g->turn &&
	       move_unit_may_move(g, u, NULL, 0);
}

/* Each script's hex for unit u (index i in c->unit). */
static void scripts(struct gc *c, int i)
{
	const struct game *g = c->g;
	int u = c->unit[i], here = g->unit[u].hex;
	int n = move_reachable(g, u, c->dest, GC_DESTS, NULL, 0);
	if (n < 0)
		n = 0;
	double best[S_COUNT];
	for (int s = 0; s < S_COUNT; s++) {
		c->opt[i][s] = here;
		best[s] = INFINITY;
	}
	c->risk_here[i] = risk(c, u, here);
	c->rest[i] = HEX_NONE;
	double rest_v = INFINITY;
	bool ribbons = shot_to_ribbons(g, u);
	c->fragile[i] = !ribbons && fragile(c, u);
	/* bit 8: a brigade shot to ribbons with no hex to regroup in (12.2) steps back as a
	 * fragile unit does: to where the fewest favourable attacks reach it */
	bool ribbons_fallback = ribbons && (fragile_bits(c) & 8);
	int frag_h = HEX_NONE;
	double frag_v = INFINITY, frag_r = 0;
	/* staying is a candidate of every script (k = -1); a reinforcement off the map has
	 * no hex to stay in */
	for (int k = here == HEX_NONE ? 0 : -1; k < n; k++) {
		int h = k < 0 ? here : c->dest[k].hex;
		int x = hex_index(h);
		double r = k < 0 ? c->risk_here[i] : risk(c, u, h);
		double on = c->obj_near[x], far = c->union_near[x] < 10 ? c->union_near[x] : 10;
		double moved = k < 0 ? 0 : 0.01;
		double v[S_COUNT] = {
			[S_HOLD] = k < 0 ? -1 : INFINITY,
			[S_CLEAR] = 4 * r + 0.3 * on + moved,
			[S_BACK] = -far + 0.15 * on + 0.5 * r + moved,
			[S_OBJECTIVE] = on + 1.5 * r + moved +
					(weak(g, u) && r > c->w->weak_risk ? 100 : 0),
			[S_GAIN] = INFINITY, /* assign_gains */
		};
		for (int s = 0; s < S_COUNT; s++)
			if (v[s] < best[s])
				best[s] = v[s], c->opt[i][s] = h;
		/* 12.2: three hexes and more from every enemy unit, where the bot can least
		 * reach it, nearer the objectives among equals */
		if (ribbons && h != HEX_NONE && unit_enemy_distance(g, h, SIDE_CONFEDERATE) >= 3 &&
		    4 * r + 0.1 * on + moved < rest_v)
			rest_v = 4 * r + 0.1 * on + moved, c->rest[i] = h;
		/* the fewest favourable attacks, the guns' threat least, nearer the objectives
		 * among equals */
		if ((c->fragile[i] || ribbons_fallback) && h != HEX_NONE) {
			double gr = gun_risk(c, u, h), ri = risk_exact(c, u, h);
			double fv = 10 * ri + 4 * gr + 0.1 * on + moved;
			if (fv < frag_v)
				frag_v = fv, frag_h = h, frag_r = ri;
		}
	}
	if (c->fragile[i] || (ribbons_fallback && c->rest[i] == HEX_NONE && frag_h != HEX_NONE)) {
		c->fragile[i] = 1;
		c->rest[i] = frag_h;
		c->rest_risk[i] = frag_r;
	}
	/* 9.1C: a unit that must enter now holds nowhere: "holds" enters it where it stands
	 * clear (before, a plan holding it could not end the phase, and the rest of the army
	 * was moved for it, unit after unit, to whatever hex came first) */
	if (here == HEX_NONE && gc_must_enter(g, u))
		c->opt[i][S_HOLD] = c->opt[i][S_CLEAR];
}

/* What unit u standing in h does for the objective hexes at the end of the turn (3.3A), or 0:
 * each hex not yet held that it would gain (its own hex; those next to it with no Union unit
 * next to them) counts 1, each hex held that it keeps from a Union unit next to it (to_keep:
 * on it or next to it) 2, 5 when the objective is held whole (19.0A scores it all or nothing:
 * one hex lost, all its VP) — its infantry only. */
static int gains(const struct gc *c, int u, int h)
{
	if (h == HEX_NONE)
		return 0;
	int n = 0;
	for (int d = -1; d < HEX_NDIRS; d++) {
		int x = d < 0 ? h : hex_neighbour(h, (enum hex_dir)d);
		if (x == HEX_NONE)
			continue;
		int xi = hex_index(x);
		if (c->to_keep[xi] && unit_def(c->g, u)->type == UNIT_INFANTRY)
			n += c->is_obj[xi] == 2 ? 5 : 2; /* the whole objective's VP at stake */
		else if (c->to_gain[xi])
			n += d < 0 || !c->union_adj[xi];
	}
	return n;
}

/* S_GAIN for every unit, one after another so that no two go for the same hexes: the
 * reachable hex gaining the most objective hexes not yet held (the bot's favourable attacks
 * weighed), else the unit's "takes an objective" hex. */
static void assign_gains(struct gc *c)
{
	const struct game *g = c->g;
	for (int i = 0; i < c->nunits; i++) {
		int u = c->unit[i], here = g->unit[u].hex;
		c->opt[i][S_GAIN] = c->opt[i][S_OBJECTIVE];
		if (unit_def(g, u)->type != UNIT_INFANTRY)
			continue;
		int n = move_reachable(g, u, c->dest, GC_DESTS, NULL, 0);
		double bv = 0.5;
		int bh = HEX_NONE;
		for (int k = here == HEX_NONE ? 0 : -1; k < n; k++) {
			int h = k < 0 ? here : c->dest[k].hex;
			int gn = gains(c, u, h);
			if (!gn)
				continue;
			double r = risk(c, u, h);
			if (weak(g, u) && r > c->w->weak_risk)
				continue;
			double v = gn - c->w->gain_risk * r - (k < 0 ? 0 : 0.01);
			if (v > bv)
				bv = v, bh = h;
		}
		if (bh == HEX_NONE)
			continue;
		c->opt[i][S_GAIN] = bh;
		c->keeps[i] = 0;
		for (int d = -1; d < HEX_NDIRS; d++) {
			int x = d < 0 ? bh : hex_neighbour(bh, (enum hex_dir)d);
			c->keeps[i] |= x != HEX_NONE && c->to_keep[hex_index(x)];
		}
		for (int d = -1; d < HEX_NDIRS; d++) {
			int x = d < 0 ? bh : hex_neighbour(bh, (enum hex_dir)d);
			int xi = x == HEX_NONE ? -1 : hex_index(x);
			if (xi >= 0)
				c->to_gain[xi] = c->to_keep[xi] = 0;
		}
	}
}

/* A second keeper for the Lower Bridge while it has one at most (the Union's guns across the
 * creek shoot the first off the bluff, 17.0A, and 3.3A then hands 2836 to the Union): the
 * infantry brigade, not weak, that may reach a hex on or next to a bridge hex the Union does
 * not hold where the bot's attacks and guns threaten least, its "gains control" hex that one.
 * Nothing on the last turn (5.3) or once the bridge is the Union's. */
static void cover_bridge(struct gc *c)
{
	const struct game *g = c->g;
	const struct map_objective *o = map_objective(&g->scn->map, "lower-bridge");
	if (c->last || c->w->bridge <= 0 || !o || bridge_lost(g))
		return;
	int keepers = 0;
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++)
		keepers += unit_on_map(g, u) && keeps_bridge(g, u);
	if (keepers >= 2)
		return;
	int bi = -1, bh = HEX_NONE;
	double br = INFINITY;
	for (int i = 0; i < c->nunits; i++) {
		int u = c->unit[i], here = g->unit[u].hex;
		if (weak(g, u) || c->keeper[i] || here == HEX_NONE ||
		    hex_distance(here, o->hexes[0]) > 10)
			continue;
		int n = move_reachable(g, u, c->dest, GC_DESTS, NULL, 0);
		for (int k = 0; k < n; k++) {
			int h = c->dest[k].hex;
			bool covers = false;
			for (int b = 0; b < o->nhexes && !covers; b++) {
				int x = hex_index(o->hexes[b]);
				covers = x >= 0 && g->control[x] != SIDE_UNION &&
					 hex_distance(h, o->hexes[b]) <= 1 &&
					 !unit_side_in(g, o->hexes[b], SIDE_UNION);
			}
			if (!covers || unit_side_in(g, h, SIDE_UNION))
				continue;
			double r = risk(c, u, h);
			if (r < br)
				br = r, bi = i, bh = h;
		}
	}
	if (bi >= 0) {
		c->opt[bi][S_GAIN] = bh;
		c->keeps[bi] = 0;
		c->cover_unit = c->unit[bi];
		c->cover_hex = bh;
	}
}

/* ---- playouts ---- */

static bool port_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	return game_apply((struct game *)ctx, a, err, errlen);
}

static bool apply_end(struct game *g)
{
	struct action a;
	memset(&a, 0, sizeof a);
	a.type = ACT_END;
	a.unit = a.target = -1;
	char err[160];
	return game_apply(g, &a, err, sizeof err);
}

/* A Confederate answer inside the playout: end the step when it may, else decline, retreat
 * as far from the Union as it may (11.17.2C), else the first legal action. */
static bool conf_answer(struct gc *c, struct game *g)
{
	if (apply_end(g))
		return true;
	/* 9.1C: the phase may not end while A.P. Hill's division has not entered (a hex of the
	 * plan taken by another): it enters, each unit where it is nearest the objectives */
	if (g->pending.what == DECISION_MOVEMENT && g->pending.side == SIDE_CONFEDERATE)
		for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++) {
			if (!gc_must_enter(g, u))
				continue;
			int n = move_reachable(g, u, c->dest, GC_DESTS, NULL, 0), bh = HEX_NONE;
			for (int k = 0; k < n; k++)
				if (bh == HEX_NONE ||
				    c->obj_near[hex_index(c->dest[k].hex)] < c->obj_near[hex_index(bh)])
					bh = c->dest[k].hex;
			if (bh == HEX_NONE)
				continue;
			struct action a = action_move_to(u, bh);
			char err[160];
			if (game_apply(g, &a, err, sizeof err))
				return true;
		}
	/* a movement phase lists moves and `end` alone, all worth 0 here: the answer is the
	 * first, which a list of one holds as well (pure speed: no search of every unit) */
	int n = game_legal_first(g, c->legal, g->pending.what == DECISION_MOVEMENT ? 1 : GC_LEGAL);
	int best = -1, bd = -1;
	for (int i = 0; i < n; i++) {
		const struct action *a = &c->legal[i];
		int v = -1;
		if (a->type == ACT_DECLINE)
			v = 100;
		else if (a->type == ACT_RETREAT && a->n > 0) {
			int end = a->hex[a->n - 1], d = 99;
			for (int e = 0; e < ROSTER_UNION; e++)
				if (unit_on_map(g, e) && hex_distance(end, g->unit[e].hex) < d)
					d = hex_distance(end, g->unit[e].hex);
			v = d;
		} else
			v = 0;
		if (v > bd)
			bd = v, best = i;
	}
	char err[160];
	return best >= 0 && game_apply(g, &c->legal[best], err, sizeof err);
}

/* The plan's moves on the playout's copy. Each hex came from move_reachable for the unit as
 * the phase began, so a unit on the map is put there by the engine's what-if move
 * (move_what_if: the Moved marks of 8.11 and 10.8A, and 13.3F's note of a unit that comes
 * next to an Available corps, as a move sets them) unless another move of the plan filled
 * the hex first (7.1A); a reinforcement enters through game_apply. Cheaper than a path search per move; the real moves are made
 * through the port. */
static void apply_moves(struct game *g, const struct gc_move *mv, int n)
{
	char err[160];
	for (int i = 0; i < n; i++) {
		int u = mv[i].unit, to = mv[i].hex, from = g->unit[u].hex;
		bool inf = unit_def(g, u)->type == UNIT_INFANTRY;
		if (from == HEX_NONE) {
			struct action a = action_move_to(u, to);
			game_apply(g, &a, err, sizeof err);
			continue;
		}
		bool full = false;
		for (int k = ROSTER_UNION; k < ROSTER_UNITS && !full; k++)
			full = k != u && unit_on_map(g, k) && g->unit[k].hex == to &&
			       (unit_def(g, k)->type == UNIT_INFANTRY) == inf;
		if (full)
			continue;
		move_what_if(g, u, to);
	}
}

/* The rest of the Confederate player-turn of g (its answers conf_answer's) and the Union's
 * whole next player-turn by the bot, up to the next Confederate movement phase of a turn
 * other than `turn` (0 after the set-up: turn 1's) or the game's end. */
static void play_reply(struct gc *c, struct game *g, int turn)
{
	int guard = 0;
	char err[160];
	struct bot_port port = { .g = g, .apply = port_apply, .ctx = g };
	while (g->pending.what != DECISION_GAMEOVER && ++guard < GC_GUARD) {
		if (g->pending.side == SIDE_UNION) {
			/* solitaire: the bot (14.0-18.0), exact; two-player: the Union general at
			 * its quick level */
			if ((g->opt.solitaire ? bot_play(&port, err, sizeof err)
					      : general_play(&port, 1, err, sizeof err)) < 0)
				break;
		} else if (g->pending.what == DECISION_MOVEMENT && g->turn != turn) {
			break; /* the next Confederate movement phase: the reply is over */
		} else if (!conf_answer(c, g)) {
			break;
		}
	}
}

double gc_reply_value(const struct game *g, const struct action *a, int samples,
		      struct gc_reply *out)
{
	struct gc *c = gc_new();
	if (!c)
		return -INFINITY;
	c->g = g;
	double sum = 0;
	struct gc_reply r = { 0 };
	char err[160];
	uint64_t key = general_decision_key(g);
	for (int k = 0; k < samples; k++) {
		struct game *p = &c->play;
		*p = *g;
		/* dice of the copy's own, never the game's: the general does not see the dice
		 * the game will roll */
		general_own_dice(p, key, 2, k);
		if (!game_apply(p, a, err, sizeof err)) {
			free(c);
			return -INFINITY;
		}
		int before_u = 0, before_c = 0;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (unit_on_map(g, u))
				*(u < ROSTER_UNION ? &before_u : &before_c) += g->unit[u].steps;
		play_reply(c, p, p->turn);
		sum += p->opt.solitaire ? gc_value(p) : general_evaluate(p, SIDE_CONFEDERATE, NULL);
		int after_u = 0, after_c = 0;
		bool wd = false;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (unit_on_map(p, u))
				*(u < ROSTER_UNION ? &after_u : &after_c) += p->unit[u].steps;
		for (int k2 = 0; k2 < CORPS_COUNT; k2++)
			wd |= g->corps[k2] == CORPS_COMMITTED && p->corps[k2] == CORPS_UNAVAILABLE;
		r.union_steps += before_u - after_u;
		r.conf_steps += before_c - after_c;
		r.withdrawn += wd;
	}
	free(c);
	if (out && samples > 0)
		*out = (struct gc_reply){ r.union_steps / samples, r.conf_steps / samples,
					  r.withdrawn / samples };
	return samples > 0 ? sum / samples : -INFINITY;
}

/* The plan (script per unit) as moves: units that move, in the order of c->unit. */
static int plan_moves(const struct gc *c, const int *choice, struct gc_move *out)
{
	int n = 0;
	for (int i = 0; i < c->nunits; i++) {
		int u = c->unit[i], h = c->opt[i][choice[i]];
		const char *why = choice[i] == S_GAIN && c->keeps[i]
					  ? "covers an objective from the Union unit next to it (3.3A: "
					    "an empty hex next to a lone Union unit falls to it)"
					  : script_name[choice[i]];
		/* 12.0: a brigade shot to ribbons (11.2) is pulled out of the bot's reach, three
		 * hexes from the enemy, to get a step back (12.2); 24.3B: a fragile unit (a
		 * battery, a brigade of one step) to where fewer of its attacks may reach it */
		if (c->exposed[i][choice[i]] && c->rest[i] != HEX_NONE && !c->keeper[i]) {
			h = c->rest[i];
			why = c->fragile[i] ? "steps back from the enemy's reach (24.3B: fewer "
					      "favourable attacks reach it there, and one at 2:1 "
					      "destroys it)"
					    : "falls back to regroup (12.0: shot to ribbons, 11.2)";
		}
		if (h == HEX_NONE || h == c->g->unit[u].hex)
			continue;
		out[n].unit = u;
		out[n].hex = h;
		out[n].script = why;
		n++;
	}
	return n;
}

/* The plan played out through the bot's reply, its mean value over the level's samples. */
static double playout(struct gc *c, const int *choice)
{
	struct gc_move mv[ROSTER_CONFEDERATE];
	int nm = plan_moves(c, choice, mv);
	int samples = c->lv->reply_samples;
	double sum = 0;
	for (int k = 0; k < samples; k++) {
		struct game *g = &c->play;
		*g = *c->g;
		/* dice of its own for every sample, the first too: never the game's */
		general_own_dice(g, c->key, 3, k);
		apply_moves(g, mv, nm);
		play_reply(c, g, g->turn);
		sum += g->opt.solitaire ? gc_value(g) : general_evaluate(g, SIDE_CONFEDERATE, NULL);
		for (int i = 0; i < c->nunits; i++) {
			int u = c->unit[i];
			c->hurt[i] = k == 0 ? 0 : c->hurt[i];
			c->hurt[i] |= g->unit[u].steps < c->g->unit[u].steps ||
				      (c->g->unit[u].hex == HEX_NONE && g->unit[u].steps == 0);
		}
	}
	c->playouts++;
	return sum / samples;
}

/* ---- the search ---- */

/* The indices of key[0..n) above `above`, the largest first (equals in index order), into
 * order; returns their count. */
static int most_first(const double *key, int n, double above, int *order)
{
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (key[i] <= above)
			continue;
		int k = m++;
		while (k > 0 && key[order[k - 1]] < key[i]) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	return m;
}

/* The divisions' postures (a portfolio per division: 24.3A, the Union chooses where the
 * fighting is, the Confederacy answers division by division): each division with a unit the
 * bot could attack, most threatened first, tried whole on each posture — holds, falls back to
 * the next ground, stands clear of the bot's favourable attacks, covers the objective hexes
 * by ZOC (gains control), shifts toward the objectives (a reserve along interior lines) — its
 * bridge keeper holding, each kept when it plays out better through the bot's reply; while
 * the level's posture playouts last. */
static void division_climb(struct gc *c, int *best, double *bv)
{
	static const enum script posture[] = { S_HOLD, S_BACK, S_CLEAR, S_GAIN, S_OBJECTIVE };
	int limit = c->lv->postures, spent = 0;
	int div[ROSTER_CONFEDERATE], ndiv = 0, of[ROSTER_CONFEDERATE];
	double threat[ROSTER_CONFEDERATE];
	for (int i = 0; i < c->nunits; i++) {
		const char *f = unit_def(c->g, c->unit[i])->formation;
		int d = 0;
		while (d < ndiv && strcmp(unit_def(c->g, c->unit[div[d]])->formation, f) != 0)
			d++;
		if (d == ndiv) {
			div[ndiv] = i;
			threat[ndiv++] = 0;
		}
		of[i] = d;
		threat[d] += c->risk_here[i];
	}
	int order[ROSTER_CONFEDERATE], n = most_first(threat, ndiv, 0, order);
	int trial[ROSTER_CONFEDERATE];
	int total = c->lv->playouts;
	for (int oi = 0; oi < n && spent < limit && c->playouts < total; oi++)
		for (size_t p = 0; p < sizeof posture / sizeof posture[0] && spent < limit &&
				   c->playouts < total; p++) {
			memcpy(trial, best, sizeof trial);
			bool differs = false;
			for (int i = 0; i < c->nunits; i++) {
				if (of[i] != order[oi] || c->keeper[i])
					continue;
				trial[i] = (int)posture[p];
				differs |= c->opt[i][trial[i]] != c->opt[i][best[i]];
			}
			if (!differs)
				continue;
			double v = playout(c, trial);
			spent++;
			if (v > *bv + 1e-9) {
				*bv = v;
				memcpy(best, trial, sizeof trial);
				c->posture_kept++;
			}
		}
	c->postures = spent;
}

/* The whole plans tried first, in order (level 1 tries the first six): the script of the weak
 * units (weak()) and of the others; S_COUNT is "stands clear where the bot could attack it,
 * else gains control". Holding first: its value is the one the notes compare with. */
static const struct { enum script weak, strong; bool regroup; } base[] = {
	{ S_HOLD, S_HOLD, false },
	{ S_CLEAR, S_GAIN, false },
	{ S_CLEAR, S_GAIN, true }, /* the brigades that may regroup (12.2) fall back */
	{ S_CLEAR, S_HOLD, false },
	{ S_COUNT, S_COUNT, false },
	{ S_BACK, S_OBJECTIVE, false },
	{ S_CLEAR, S_CLEAR, false },
	{ S_GAIN, S_GAIN, false },
	{ S_BACK, S_BACK, false },
	{ S_OBJECTIVE, S_OBJECTIVE, false },
};

void gc_plan_movement(const struct game *g, int level, struct gc_plan *out)
{
	memset(out, 0, sizeof *out);
	struct gc *c = gc_new();
	if (!c)
		return;
	c->g = g;
	c->level = level < 1 ? 1 : level > GENERAL_LEVELS ? GENERAL_LEVELS : level;
	c->w = &g->scn->general.lee;
	c->lv = &g->scn->general.level[c->level - 1];
	c->last = g->turn >= start_last_turn(g);
	c->scratch = *g;
	c->key = general_decision_key(g);
	fill_maps(c);
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++)
		if (move_unit_may_move(g, u, NULL, 0))
			c->unit[c->nunits++] = u;
	for (int i = 0; i < c->nunits; i++) {
		scripts(c, i);
		c->keeper[i] = c->w->bridge > 0 && !c->last && keeps_bridge(g, c->unit[i]);
	}
	assign_gains(c);
	c->cover_unit = -1;
	c->cover_hex = HEX_NONE;
	cover_bridge(c);
	for (int i = 0; i < c->nunits; i++)
		for (int s = 0; s < S_COUNT; s++) {
			int u = c->unit[i], h = c->opt[i][s];
			/* a fragile unit: where at least one favourable attack more may reach it
			 * than where it would rest */
			c->exposed[i][s] =
				c->fragile[i]
					? risk_exact(c, u, h) > c->rest_risk[i] + 1 - 1e-9 &&
						  !spared(c, u, h)
					: h != HEX_NONE &&
						  (risk(c, u, h) - gun_risk(c, u, h) > 1e-9 ||
						   unit_enemy_distance(g, h, SIDE_CONFEDERATE) < 3);
			}
	int best[ROSTER_CONFEDERATE], trial[ROSTER_CONFEDERATE];
	uint8_t hurt[ROSTER_CONFEDERATE] = { 0 };
	double bv = -INFINITY;
	int limit = c->lv->playouts, base_limit = limit - c->w->repairs;
	/* the base plans (base[]), the weak units' script and the others' */
	for (size_t b = 0; b < sizeof base / sizeof base[0]; b++) {
		bool differs = !base[b].regroup;
		for (int i = 0; i < c->nunits; i++) {
			int s = (int)(weak(g, c->unit[i]) ? base[b].weak : base[b].strong);
			trial[i] = s < S_COUNT ? s : c->risk_here[i] > 0 ? S_CLEAR : S_GAIN;
			if (base[b].regroup && may_regroup(g, c->unit[i]) &&
			    c->opt[i][S_BACK] != c->opt[i][trial[i]]) {
				trial[i] = S_BACK;
				differs = true;
			}
			/* the bridge's keeper holds it in every plan (keep-all; else in every one but
			 * the general retreat): until a combat result forces him out */
			if (c->keeper[i] && (base[b].strong != S_BACK || c->w->keep_all))
				trial[i] = S_HOLD;
		}
		for (int i = 0; i < c->nunits && c->w->guns_clear; i++)
			if (unit_def(g, c->unit[i])->type != UNIT_INFANTRY)
				trial[i] = S_CLEAR;
		if (c->playouts >= base_limit)
			break;
		if (!differs)
			continue; /* no brigade to regroup: the plan before it again */
		double v = playout(c, trial);
		if (b == 0)
			out->stay_value = v;
		if (v > bv) {
			bv = v;
			memcpy(best, trial, sizeof best);
			memcpy(hurt, c->hurt, sizeof hurt);
		}
	}
	/* the repair: the units the bot's reply hurt in the best plan so far all fall back (or
	 * stand clear, if they fell back), kept when it plays out better; twice */
	for (int r = 0; r < c->w->repairs && c->playouts < limit; r++) {
		bool any = false;
		memcpy(trial, best, sizeof trial);
		for (int i = 0; i < c->nunits; i++)
			if (hurt[i] && !c->keeper[i]) { /* the bridge's keeper holds until forced out */
				int s = best[i] == S_BACK ? S_CLEAR : S_BACK;
				any |= c->opt[i][s] != c->opt[i][best[i]];
				trial[i] = s;
			}
		if (!any)
			break;
		double v = playout(c, trial);
		if (v <= bv + 1e-9)
			break;
		bv = v;
		memcpy(best, trial, sizeof best);
		memcpy(hurt, c->hurt, sizeof hurt);
	}
	division_climb(c, best, &bv);
	/* the hill climb: the units the bot could attack first, each over its other scripts */
	int order[ROSTER_CONFEDERATE];
	most_first(c->risk_here, c->nunits, -INFINITY, order);
	for (int oi = 0; oi < c->nunits && c->playouts < limit; oi++) {
		int i = order[oi];
		if (c->keeper[i])
			continue;
		for (int s = 0; s < S_COUNT && c->playouts < limit; s++) {
			if (s == best[i] || c->opt[i][s] == c->opt[i][best[i]])
				continue;
			memcpy(trial, best, sizeof trial);
			trial[i] = s;
			double v = playout(c, trial);
			if (v > bv + 1e-9) {
				bv = v;
				memcpy(best, trial, sizeof best);
			}
		}
	}
	out->nmoves = plan_moves(c, best, out->move);
	out->playouts = c->playouts;
	out->postures = c->postures;
	out->posture_kept = c->posture_kept;
	out->cover_unit = c->cover_unit;
	out->cover_hex = c->cover_hex;
	out->value = bv;
	free(c);
}

/* ---- the quick set-up (4.2) ---- */

#define SETUP_ALTS 3 /* hexes tried for each threatened unit */

/* The set-up placements (unit[i] to hex[i], in order: 4.2C's guns after the infantry) made on
 * a copy of g, the set-up ended, and the Union's first player-turn played (the bot's in the
 * solitaire game, the Union general's at level 1 under the two-player rules): the mean value
 * over the level's samples, each with dice of its own, the same k the same dice for every
 * set-up compared; -INFINITY when a placement is refused. */
static double setup_value(struct gc *c, const struct game *g0, const int *unit, const int *hex,
			  int n)
{
	int samples = c->lv->setup_samples;
	double sum = 0;
	char err[160];
	for (int k = 0; k < samples; k++) {
		struct game *p = &c->play;
		*p = *g0;
		p->events = NULL;
		general_own_dice(p, c->key, 5, k);
		for (int i = 0; i < n; i++) {
			struct action a = { .type = ACT_PLACE, .unit = unit[i], .target = hex[i] };
			if (!game_apply(p, &a, err, sizeof err))
				return -INFINITY;
		}
		if (!apply_end(p))
			return -INFINITY;
		play_reply(c, p, 0);
		sum += p->opt.solitaire ? gc_value(p) : general_evaluate(p, SIDE_CONFEDERATE, NULL);
	}
	c->playouts++;
	return sum / samples;
}

/* 4.2A: units u and v set up in the same zone (the same formation's hexes). */
static bool same_zone(const struct game *g, int u, int v)
{
	return quick_zone(g, u) && quick_zone(g, u) == quick_zone(g, v);
}

void gc_plan_setup(const struct game *g, int level, struct gc_plan *out)
{
	memset(out, 0, sizeof *out);
	out->cover_unit = -1;
	out->cover_hex = HEX_NONE;
	struct action placed[ROSTER_CONFEDERATE];
	int n = g->pending.what == DECISION_SETUP && g->pending.side == SIDE_CONFEDERATE
			? quick_historical(g, placed, ROSTER_CONFEDERATE)
			: 0;
	for (int i = 0; i < n; i++)
		if (placed[i].type != ACT_PLACE)
			return; /* a unit placed by hand must go back first: quick_historical's way */
	if (n == 0)
		return;
	struct gc *c = gc_new();
	if (!c)
		return;
	c->level = level < 1 ? 1 : level > GENERAL_LEVELS ? GENERAL_LEVELS : level;
	c->w = &g->scn->general.lee;
	c->lv = &g->scn->general.level[c->level - 1];
	c->key = general_decision_key(g);
	int unit[ROSTER_CONFEDERATE] = { 0 }, hex[ROSTER_CONFEDERATE] = { 0 },
	    trial[ROSTER_CONFEDERATE] = { 0 };
	for (int i = 0; i < n; i++)
		unit[i] = placed[i].unit, hex[i] = placed[i].target;
	/* the bot's threat to each unit where the 4.3 set-up puts it, judged on that set-up */
	c->scratch = *g;
	c->scratch.events = NULL;
	char err[160];
	for (int i = 0; i < n; i++)
		game_apply(&c->scratch, &placed[i], err, sizeof err);
	c->g = &c->scratch;
	fill_maps(c);
	double r[ROSTER_CONFEDERATE] = { 0 };
	for (int i = 0; i < n; i++)
		r[i] = risk(c, unit[i], hex[i]);
	int order[ROSTER_CONFEDERATE], nord = most_first(r, n, 1e-9, order);
	double bv = setup_value(c, g, unit, hex, n);
	out->stay_value = bv;
	/* the climb: the units most threatened first, each to the hexes of its zone (or in place
	 * of the unit of its zone and kind there) that threaten it and the unit it changes with
	 * least (SETUP_ALTS of them, the least first), each kept when the Union's first
	 * player-turn plays out better */
	for (int oi = 0; oi < nord && c->playouts <= c->lv->setups; oi++) {
		int i = order[oi], u = unit[i];
		const struct map_zone *z = quick_zone(g, u);
		bool inf = unit_def(g, u)->type == UNIT_INFANTRY;
		struct { int h, j; double d; } alt[SETUP_ALTS];
		int nalt = 0;
		for (int zi = 0; z && zi < z->nhexes; zi++) {
			int h = z->hexes[zi], j = -1;
			if (h == hex[i])
				continue;
			for (int k = 0; k < n && j < 0; k++)
				if (hex[k] == h && (unit_def(g, unit[k])->type == UNIT_INFANTRY) == inf)
					j = k;
			if (j >= 0 && !same_zone(g, u, unit[j]))
				continue;
			double d = risk(c, u, h) - r[i];
			if (j >= 0)
				d += risk(c, unit[j], hex[i]) - risk(c, unit[j], h);
			if (d >= -1e-9)
				continue;
			int k = nalt < SETUP_ALTS ? nalt++ : SETUP_ALTS;
			if (k == SETUP_ALTS && d >= alt[SETUP_ALTS - 1].d)
				continue;
			if (k == SETUP_ALTS)
				k--;
			while (k > 0 && alt[k - 1].d > d) {
				alt[k] = alt[k - 1];
				k--;
			}
			alt[k].h = h, alt[k].j = j, alt[k].d = d;
		}
		int from = hex[i];
		for (int ai = 0; ai < nalt && c->playouts <= c->lv->setups && hex[i] == from; ai++) {
			memcpy(trial, hex, sizeof trial);
			if (alt[ai].j >= 0)
				trial[alt[ai].j] = from;
			trial[i] = alt[ai].h;
			double v = setup_value(c, g, unit, trial, n);
			if (v > bv + 1e-9) {
				bv = v;
				memcpy(hex, trial, sizeof trial);
			}
		}
	}
	for (int i = 0; i < n; i++) {
		out->move[i].unit = unit[i];
		out->move[i].hex = hex[i];
		out->move[i].script = "4.2";
	}
	out->nmoves = n;
	out->playouts = c->playouts;
	out->value = bv;
	free(c);
}
