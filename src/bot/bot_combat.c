/* bot_combat.c — owns the Union's choices in the fire and combat phases of the solitaire
 * game: which target each gun fires at (17.0B spirit: the hexes the corps attacks first),
 * the attacks declared (the ones planned in movement, 16.4; no mandatory chain, 18.1), the
 * order of resolution (18.2), defensive fire (11.5B), retreat paths (18.3D–E), break-offs of
 * attackers and defenders (18.3A–C), the second round, advances (18.4) and supporting
 * advances. Odds and fire figures come from odds_attack() and fire_check(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_internal.h"
#include "commit.h"

/* ---- fire ---- */

static bool planned_target(const struct bot *b, int hex)
{
	for (int i = 0; i < b->nplan; i++)
		if (b->plan[i].defhex == hex)
			return true;
	return false;
}

/* 10.0 / 17.0: first the guns that stayed in the movement phase to fire (17.0A) fire at
 * the target they stayed for; then every gun fires at its best target, preferring the hexes
 * about to be attacked (17.0B) — but not the guns of a formation out of objectives (15.5);
 * then the phase ends. */
bool bot_artillery(struct bot *b)
{
	const struct game *g = b->g;
	int n = bot_legal(b);
	bool stayed = b->plan_turn == g->turn;
	for (int i = 0; i < n && stayed; i++) {
		struct action a = b->acts[i];
		if (a.type == ACT_FIRE && a.unit >= 0 && a.unit < ROSTER_UNION &&
		    b->gun_target[a.unit] == a.target) {
			b->gun_target[a.unit] = -1;
			return bot_apply(b, &a, "17.0A", "%s fires at %s, as it stayed to",
					 names_of_unit(a.unit), names_of_unit(a.target));
		}
	}
	int best = -1, bv = 0;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_FIRE || a->target < 0)
			continue;
		int f = bot_formation(g, a->unit);
		if (f >= 0 && g->solitaire.current[f] >= SOLO_ORDINALS)
			continue; /* 15.5: no longer attacks — and fire is an attack (10.1A) */
		int v = bot_fire_sixths(g, a->unit, a->target, false);
		if (v <= 0)
			continue;
		if (b->plan_turn == g->turn && planned_target(b, g->unit[a->target].hex))
			v = v * 2 + 1; /* 17.0B: support the corps' attacks */
		if (v > bv)
			bv = v, best = i;
	}
	if (best >= 0) {
		struct action a = b->acts[best];
		return bot_apply(&*b, &a, "17.0", "%s fires at %s", names_of_unit(a.unit),
				 names_of_unit(a.target));
	}
	return bot_apply_type(b, ACT_END, "17.0", "no gun has a target worth a shot");
}

/* ---- odds now ---- */

/* The declaration index of a defending hex, or -1. */
static int decl_of(const struct game *g, int hex)
{
	const struct combat_state *cs = &g->combat;
	for (int i = 0; i < cs->ndecl; i++)
		for (int k = 0; k < cs->decl[i].ndefhex; k++)
			if (cs->decl[i].defhex[k] == hex)
				return i;
	return -1;
}

/* Odds of u attacking the hexes with the attackers already declared on them. */
static bool odds_now(const struct game *g, int u, const int *hexes, int nh,
		     struct combat_odds *o)
{
	int des[COMBAT_ATTACKERS_MAX + 1], nd = 0;
	int di = decl_of(g, hexes[0]);
	if (di >= 0)
		for (int i = 0; i < g->combat.decl[di].nattackers && nd < COMBAT_ATTACKERS_MAX; i++)
			if (g->combat.decl[di].attacker[i] != u &&
			    unit_on_map(g, g->combat.decl[di].attacker[i]))
				des[nd++] = g->combat.decl[di].attacker[i];
	des[nd++] = u;
	char err[160];
	return odds_attack(g, u, hexes, nh, des, nd, o, err, sizeof err);
}

static bool favourable(const struct combat_odds *o)
{
	return o->attack - o->defence + o->drm >= 0 || o->column >= CRT_COL_PLUS2;
}

/* ---- declarations ---- */

static bool declare(struct bot *b, int u, int hex, const char *rule)
{
	struct action a = { .type = ACT_ATTACK, .unit = -1, .target = hex, .n = 1, .nunits = 1 };
	a.hex[0] = (int16_t)hex;
	a.units[0] = (int16_t)u;
	struct combat_odds o;
	int hexes[1] = { hex };
	int tgt[4];
	int nt = bot_side_at(b->g, hex, SIDE_CONFEDERATE, tgt, 4);
	if (!odds_now(b->g, u, hexes, 1, &o))
		return false;
	return bot_apply(b, &a, rule, "%s attacks %s in %04d (%s, DRM %+d)", names_of_unit(u),
			 nt ? names_of_unit(tgt[0]) : "?", hex,
			 tables_crt_column_name((enum crt_column)o.column), o.drm);
}

/* Round 1: the planned attacks, then any favourable attack of an adjacent unit (16.4.3)
 * that the plan does not know of (a game resumed at the combat phase). Round 2 (11.1C):
 * each engaged attacker attacks again while the attack is favourable. */
static bool declarations(struct bot *b)
{
	const struct game *g = b->g;
	bool round2 = g->combat.round >= 2;
	if (!round2 && b->plan_turn == g->turn) {
		for (int i = 0; i < b->nplan; i++) {
			struct bot_plan *p = &b->plan[i];
			if (p->unit < 0)
				continue;
			int u = p->unit;
			p->unit = -1; /* tried once */
			if (unit_on_map(g, u) && !bot_banned(b, u) && declare(b, u, p->defhex, "16.4"))
				return true;
		}
	}
	int n = bot_legal(b);
	int best = -1, bscore = -100;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_ATTACK || a->nunits != 1 || a->n != 1)
			continue;
		int u = a->units[0];
		if (bot_def(g, u)->side != SIDE_UNION || g->unit[u].steps <= 1 || bot_banned(b, u))
			continue;
		int f = bot_formation(g, u);
		if (f >= 0 && g->solitaire.current[f] >= SOLO_ORDINALS)
			continue; /* 15.5 */
		struct combat_odds o;
		int hexes[1] = { a->hex[0] };
		if (!odds_now(g, u, hexes, 1, &o) || !favourable(&o))
			continue;
		int score = tables_crt_ci(&b->s->tables, (enum crt_column)o.column) + o.drm;
		if (score > bscore)
			bscore = score, best = i;
	}
	if (best >= 0) {
		struct action a = b->acts[best];
		return declare(b, a.units[0], a.hex[0], round2 ? "11.1C" : "16.4.3");
	}
	return bot_apply_type(b, ACT_END, "18.1", "no other attack");
}

/* ---- 18.2 order ---- */

static bool decl_encircled(const struct game *g, const struct combat_decl *d)
{
	for (int i = 0; i < d->nattackers; i++) {
		int u = d->attacker[i];
		if (!unit_on_map(g, u))
			continue;
		int hexes[COMBAT_DEFHEX_MAX];
		for (int k = 0; k < d->ndefhex; k++)
			hexes[k] = d->defhex[k];
		struct combat_odds o;
		if (!odds_now(g, u, hexes, d->ndefhex, &o))
			continue;
		for (int m = 0; m < o.nmods; m++)
			if (o.mod[m].id == MOD_ENCIRCLED_2 || o.mod[m].id == MOD_ENCIRCLED_3)
				return true;
		return false;
	}
	return false;
}

static bool resolve_order(struct bot *b)
{
	const struct game *g = b->g;
	int n = bot_legal(b);
	int best = -1, bclass = 9;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_RESOLVE)
			continue;
		int di = decl_of(g, a->target);
		int cls = 2;
		if (di >= 0 && decl_encircled(g, &g->combat.decl[di])) {
			cls = 0; /* 18.2A */
		} else if (di >= 0) {
			/* 18.2B: next to another defending hex, which its loss would expose */
			const struct combat_state *cs = &g->combat;
			for (int k = 0; k < cs->ndecl && cls == 2; k++)
				if (k != di && !(cs->decl[k].flags & DECL_RESOLVED) &&
				    hex_adjacent(cs->decl[k].defhex[0], a->target))
					cls = 1;
		}
		if (cls < bclass)
			bclass = cls, best = i;
	}
	if (best < 0)
		return false;
	static const char *const rule[] = { "18.2A", "18.2B", "18.2C" };
	static const char *const why[] = { "the encircled defender first",
		"an attack that may encircle a neighbour", "the other attacks in turn" };
	struct action a = b->acts[best];
	return bot_apply(b, &a, rule[bclass], "resolve %04d: %s", a.target, why[bclass]);
}

/* ---- retreats, break-offs, advances ---- */

/* 18.3D: as far as possible from the Confederates, then toward the nearer of the north and
 * east edges; 18.3A: an attacker breaking off retreats one hex — or, when every one-hex
 * retreat would end in an EZOC (11.17.4A) or against stacking (11.17.3A), the fewest hexes
 * that end legally (docs/rules-notes.md); 18.3E: a gun follows the infantry of its corps. */
static bool retreat(struct bot *b)
{
	const struct game *g = b->g;
	int u = g->combat.queue[0];
	int n = bot_legal(b);
	bool one_hex = g->side == SIDE_UNION && g->combat.queue_kind[0] == RETREAT_BREAKOFF;
	int start = g->unit[u].hex;
	bool north = hex_row(start) <= HEX_COL_MAX - hex_col(start);
	int shortest = 0;
	for (int i = 0; one_hex && i < n; i++)
		if (b->acts[i].type == ACT_RETREAT && b->acts[i].n >= 1 &&
		    (shortest == 0 || b->acts[i].n < shortest))
			shortest = b->acts[i].n;
	int best = -1, bd = -1, bedge = 0, bstack = 0;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_RETREAT || a->n < 1)
			continue;
		if (one_hex && a->n != shortest)
			continue;
		int h = a->hex[a->n - 1];
		int d = bot_enemy_distance(g, h, SIDE_UNION);
		int edge = north ? hex_row(h) : HEX_COL_MAX - hex_col(h);
		int tmp[4], stack = 0;
		if (!bot_is_infantry(g, u)) {
			int k = bot_side_at(g, h, SIDE_UNION, tmp, 4);
			for (int j = 0; j < k; j++)
				stack |= bot_is_infantry(g, tmp[j]) &&
					 bot_def(g, tmp[j])->corps == bot_def(g, u)->corps;
		}
		if (best < 0 || stack > bstack || (stack == bstack && d > bd) ||
		    (stack == bstack && d == bd && edge < bedge))
			best = i, bd = d, bedge = edge, bstack = stack;
	}
	if (best < 0)
		return false;
	struct action a = b->acts[best];
	if (one_hex && a.n > 1)
		return bot_apply(b, &a, "18.3A", "%s retreats %d hexes to %04d: no one-hex retreat "
				 "ends outside an EZOC (11.17.4A) and within stacking",
				 names_of_unit(u), a.n, a.hex[a.n - 1]);
	return bot_apply(b, &a, one_hex ? "18.3A" : "18.3D", "%s retreats to %04d",
			 names_of_unit(u), a.hex[a.n - 1]);
}

/* 18.3A–C: break off the combats that the next round would not favour (Union attacking) or
 * that would go badly (Union defending: CI + DRMs of 10 or more). */
static bool break_off(struct bot *b)
{
	const struct game *g = b->g;
	bool union_attacks = g->side == SIDE_UNION;
	int n = bot_legal(b), combats = 0;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_BREAK_OFF)
			continue;
		int di = decl_of(g, a->target);
		if (di < 0)
			continue;
		combats++;
		const struct combat_decl *d = &g->combat.decl[di];
		int hexes[COMBAT_DEFHEX_MAX];
		for (int k = 0; k < d->ndefhex; k++)
			hexes[k] = d->defhex[k];
		bool any_fav = false, lost = false;
		for (int k = 0; k < d->nattackers; k++) {
			int u = d->attacker[k];
			/* a Shot to Ribbons attacker has no next round (11.2B) */
			if (!unit_on_map(g, u) || g->unit[u].steps <= 1)
				continue;
			struct combat_odds o;
			if (!odds_now(g, u, hexes, d->ndefhex, &o))
				continue;
			any_fav |= favourable(&o);
			lost |= tables_crt_ci(&b->s->tables, (enum crt_column)o.column) + o.drm >= 10;
		}
		if (union_attacks && !any_fav) {
			struct action x = *a;
			return bot_apply(b, &x, "18.3A", "break off at %04d: the next round is not "
					 "favourable", x.target);
		}
		if (!union_attacks && lost) {
			struct action x = *a;
			return bot_apply(b, &x, "18.3B", "break off at %04d: the next attack on it "
					 "would reach 10 (column number, 16.3.5, + DRMs)", x.target);
		}
	}
	/* what the Union decided, in the player's words (the note goes into the record) */
	if (combats == 0)
		return bot_apply_type(b, ACT_END, "18.3", "no Union unit is in a combat it could "
				      "retreat from");
	if (union_attacks)
		return bot_apply_type(b, ACT_END, "18.3A", "the Union attackers stay: each attack's "
				      "next round is still favourable");
	return bot_apply_type(b, ACT_END, "18.3B", "the Union defenders stand: no next attack on "
			      "them would reach 10 (column number, 16.3.5, + DRMs)");
}

/* How many MPs nearer its formation's objective (15.3, by movement cost) unit u would be in
 * hex `to` than where it stands; BOT_FAR when the formation has no objective (15.5). */
static int objective_gain(struct bot *b, int u, int to)
{
	const struct game *g = b->g;
	int f = bot_formation(g, u), targets[MAP_OBJ_HEXES];
	int nt = f >= 0 ? bot_objective_hexes(b, f, targets, MAP_OBJ_HEXES) : 0;
	int *field = nt ? malloc(sizeof(int) * HEX_INDEX_COUNT) : NULL;
	if (!field)
		return -BOT_FAR;
	bot_distance_field(b, targets, nt, field);
	int here = hex_index(g->unit[u].hex), there = hex_index(to);
	int gain = here >= 0 && there >= 0 ? field[here] - field[there] : -BOT_FAR;
	free(field);
	return gain;
}

/* Would the solitaire rules move Union infantry u into hex (an optional advance, a supporting
 * advance)? Only when it is not Shot to Ribbons (16.7: such units keep away from the enemy),
 * its corps is Committed (16.8: the others hold), the hex is nearer its objective (16.4.5A)
 * and it would not be open to an encircling attack there (16.6C). *gain: the MPs gained;
 * *why: the reason when not. */
static bool worth_entering(struct bot *b, int u, int hex, int *gain, const char **why)
{
	const struct game *g = b->g;
	*gain = 0;
	if (g->unit[u].steps <= 1) {
		*why = "Shot to Ribbons (16.7)";
		return false;
	}
	if (commit_unit_status(g, u) != CORPS_COMMITTED) {
		*why = "its corps is not Committed (16.8)";
		return false;
	}
	*gain = objective_gain(b, u, hex);
	if (*gain <= 0) {
		*why = "not nearer its objective (16.4.5A)";
		return false;
	}
	if (bot_flank_exposed(b, hex, unit_cv(g, u))) {
		*why = "open to an encircling attack there (16.6C)";
		return false;
	}
	return true;
}

/* 18.4 with 11.18: a mandatory advance (11.18A) into the vacated hex nearest the unit's
 * objective (11.18B); an optional one after the defender broke off (11.18C) only when the
 * movement rules would take the unit there (worth_entering), the attacker that gains most
 * toward its objective; else declined. */
static bool advance(struct bot *b)
{
	const struct game *g = b->g;
	bool optional = g->combat.stage == CS_BO_ADVANCE;
	int n = bot_legal(b);
	if (optional)
		bot_maps(b);
	int best = -1, bf = BOT_FAR + 1, bgain = 0;
	const char *why = "no attacker may advance";
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_ADVANCE)
			continue;
		if (optional) {
			int gain;
			if (worth_entering(b, a->unit, a->target, &gain, &why) &&
			    (best < 0 || gain > bgain))
				best = i, bgain = gain;
			continue;
		}
		int f = bot_formation(g, a->unit);
		int targets[MAP_OBJ_HEXES];
		int nt = f >= 0 ? bot_objective_hexes(b, f, targets, MAP_OBJ_HEXES) : 0;
		int d = BOT_FAR;
		for (int k = 0; k < nt; k++)
			if (hex_distance(a->target, targets[k]) < d)
				d = hex_distance(a->target, targets[k]);
		if (d < bf)
			bf = d, best = i;
	}
	if (best < 0 && optional) {
		char line[128];
		snprintf(line, sizeof line, "the optional advance (11.18C) is declined: %s", why);
		return bot_apply_type(b, ACT_DECLINE, "18.4", line);
	}
	if (best < 0)
		return false;
	struct action a = b->acts[best];
	if (optional)
		return bot_apply(b, &a, "18.4", "%s advances into %04d (11.18C): %d MP nearer its "
				 "objective", names_of_unit(a.unit), a.target, bgain);
	return bot_apply(b, &a, "18.4", "%s advances into %04d", names_of_unit(a.unit), a.target);
}

/* 11.19: a supporting advance by the eligible unit that the movement rules would take into
 * the hex the advancing unit left (worth_entering), the one that gains most; else declined. */
static bool support(struct bot *b)
{
	const struct game *g = b->g;
	int n = bot_legal(b);
	int into = g->combat.advance_from, best = -1, bgain = 0;
	const char *why = "no unit may follow";
	bot_maps(b);
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		int gain;
		if (a->type == ACT_SUPPORT && a->unit >= 0 &&
		    worth_entering(b, a->unit, into, &gain, &why) && (best < 0 || gain > bgain))
			best = i, bgain = gain;
	}
	if (best < 0) {
		char line[128];
		snprintf(line, sizeof line, "no supporting advance into %04d: %s", into, why);
		return bot_apply_type(b, ACT_DECLINE, "11.19", line);
	}
	struct action a = b->acts[best];
	return bot_apply(b, &a, "11.19", "%s follows %s into %04d: %d MP nearer its objective",
			 names_of_unit(a.unit), names_of_unit(g->pending.subject), into, bgain);
}

/* 11.5B: a Union gun fires defensively at the attacker it hurts most. */
static bool defensive_fire(struct bot *b)
{
	const struct game *g = b->g;
	int n = bot_legal(b);
	int best = -1, bv = 0;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_FIRE)
			continue;
		int v = bot_fire_sixths(g, a->unit, a->target, true);
		if (v > bv)
			bv = v, best = i;
	}
	if (best < 0)
		return bot_apply_type(b, ACT_DECLINE, "11.5B", "no attacker worth a shot");
	struct action a = b->acts[best];
	return bot_apply(b, &a, "11.5B", "%s fires at %s", names_of_unit(a.unit),
			 names_of_unit(a.target));
}

bool bot_combat_decide(struct bot *b)
{
	switch (b->g->pending.what) {
	case DECISION_COMBAT:
	case DECISION_COMBAT_ROUND2:
		return declarations(b);
	case DECISION_RESOLVE:
		return resolve_order(b);
	case DECISION_DEFENSIVE_FIRE:
		return defensive_fire(b);
	case DECISION_RETREAT:
		return retreat(b);
	case DECISION_ADVANCE:
		return advance(b);
	case DECISION_SUPPORT:
		return support(b);
	case DECISION_BREAK_OFF:
		return break_off(b);
	case DECISION_STEP_LOSS:
		return bot_step_loss(b);
	default:
		return false;
	}
}
