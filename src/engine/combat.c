/* combat.c — owns the combat phase as decisions (11.0): entering it, the declarations of
 * each round (one attack per unit per round 11.3A, several defending hexes 11.3B, all the
 * attacks on a hex declared together 11.4C, Union corps non-cooperation 11.6, round-two
 * targets 11.5E, the mandatory-attack chain 11.1B), and the dispatch of every combat-phase
 * action to the step it answers, with the legal actions of each step. The running of a
 * round is resolve.c; how an attack is figured is odds.c; retreats are retreat.c.
 *
 * Action shapes: ACT_ATTACK: units[] attack the hexes hex[0..n-1] (or `target` when n = 0);
 * ACT_DECLINE at a declaration step with target = a hex cancels the attack on that hex;
 * ACT_RESOLVE target = a defending hex; ACT_FIRE unit = gun, target = attacker (defensive
 * fire); ACT_RETREAT unit, hex[0..n-1] = the path; ACT_ADVANCE unit, target = hex;
 * ACT_SUPPORT unit (target ignored); ACT_BREAK_OFF target = a defending hex. */
#include <stdio.h>
#include <string.h>

#include "combat_internal.h"
#include "commit.h"

static enum side defender(const struct game *g) { return enemy_of(g->side); }

void combat_phase_begin(struct game *g)
{
	struct combat_state *cs = &g->combat;
	memset(cs, 0, sizeof *cs);
	cs->round = 1;
	cs->stage = CS_DECLARE;
	cs->current = -1;
	cs->attacking = cs->advancer = cs->advance_from = -1;
	for (int u = 0; u < ROSTER_UNITS; u++)
		g->unit[u].flags &= ~(uint32_t)(UF_ATTACKED | UF_DEF_FIRED);
	resolve_run(g);
}

/* ---- declarations ---- */

static int decl_of_hex(const struct combat_state *cs, int h)
{
	for (int i = 0; i < cs->ndecl; i++)
		for (int k = 0; k < cs->decl[i].ndefhex; k++)
			if (cs->decl[i].defhex[k] == h)
				return i;
	return -1;
}

static const struct combat_r1hex *r1_of(const struct combat_state *cs, int h)
{
	for (int i = 0; i < cs->nr1; i++)
		if (cs->r1[i].hex == h)
			return &cs->r1[i];
	return NULL;
}

static int attack_hexes(const struct action *a, int *out)
{
	if (a->n <= 0) {
		out[0] = a->target;
		return 1;
	}
	int n = a->n <= COMBAT_DEFHEX_MAX ? a->n : COMBAT_DEFHEX_MAX + 1;
	for (int i = 0; i < n && i < COMBAT_DEFHEX_MAX; i++)
		out[i] = a->hex[i];
	return n;
}

static bool same_set(const struct combat_decl *d, const int *h, int n)
{
	if (d->ndefhex != n)
		return false;
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (int k = 0; k < n; k++)
			found |= d->defhex[k] == h[i];
		if (!found)
			return false;
	}
	return true;
}

/* Every check of a declaration; returns the declaration it joins (-1: a new one), or -2
 * with err set. */
static int declare_check(const struct game *g, const int *hexes, int nh, const int16_t *units,
			 int nu, char *err, size_t errlen)
{
	const struct combat_state *cs = &g->combat;
	if (nh > COMBAT_DEFHEX_MAX) {
		snprintf(err, errlen, "11.3B: at most %d defending hexes", COMBAT_DEFHEX_MAX);
		return -2;
	}
	if (nu < 1 || nu > COMBAT_ATTACKERS_MAX) {
		snprintf(err, errlen, "11.5A: name the attacking infantry units");
		return -2;
	}
	int join = -1;
	for (int i = 0; i < nh; i++) {
		int di = decl_of_hex(cs, hexes[i]);
		if (di >= 0 && (!same_set(&cs->decl[di], hexes, nh) || (join >= 0 && join != di))) {
			snprintf(err, errlen, "11.4C: %04d is already part of the attack on %04d",
				 hexes[i], cs->decl[di].defhex[0]);
			return -2;
		}
		if (di >= 0)
			join = di;
		if (cs->round == 2) {
			const struct combat_r1hex *r = r1_of(cs, hexes[i]);
			if (!r || !r->engaged) {
				snprintf(err, errlen, "11.5E: round two repeats only the attacks on "
					 "defending hexes of round one still engaged; %04d is not one",
					 hexes[i]);
				return -2;
			}
		}
	}
	int corps = CORPS_NONE;
	if (join >= 0) {
		const struct combat_decl *d = &cs->decl[join];
		if (d->nattackers + nu > COMBAT_ATTACKERS_MAX) {
			snprintf(err, errlen, "11.4B: too many attackers on %04d", hexes[0]);
			return -2;
		}
		if (cdef(g, d->attacker[0])->side == SIDE_UNION)
			corps = cdef(g, d->attacker[0])->corps;
	}
	for (int i = 0; i < nh && corps == CORPS_NONE; i++) {
		const struct combat_r1hex *r = r1_of(cs, hexes[i]);
		if (r && r->corps != CORPS_NONE)
			corps = r->corps;
	}
	for (int i = 0; i < nu; i++) {
		int u = units[i];
		if (u < 0 || u >= ROSTER_UNITS) {
			snprintf(err, errlen, "11.5A: no such unit");
			return -2;
		}
		const struct unit_def *d = cdef(g, u);
		if (d->side != g->side) {
			snprintf(err, errlen, "11.1A: %s is not of the phasing side", d->id);
			return -2;
		}
		for (int k = 0; k < i; k++)
			if (units[k] == u) {
				snprintf(err, errlen, "11.3A: %s named twice", d->id);
				return -2;
			}
		if (bit_get(cs->attacked_round, u)) {
			snprintf(err, errlen, "11.3A: %s already attacks this round", d->id);
			return -2;
		}
		if (!odds_can_attack(g, u, hexes, nh, err, errlen))
			return -2;
		if (d->side == SIDE_UNION && d->corps != CORPS_NONE) {
			if (corps != CORPS_NONE && corps != d->corps) {
				snprintf(err, errlen, "11.6A: %s of %s Corps may not attack a hex "
					 "attacked by %s Corps this phase", d->id, d->formation,
					 names_of_corps((enum corps)corps));
				return -2;
			}
			corps = d->corps;
		}
	}
	return join;
}

static void declare(struct game *g, const int *hexes, int nh, const int16_t *units, int nu,
		    int join)
{
	struct combat_state *cs = &g->combat;
	struct combat_decl *d;
	if (join >= 0) {
		d = &cs->decl[join];
	} else {
		d = &cs->decl[cs->ndecl++];
		memset(d, 0, sizeof *d);
		for (int i = 0; i < nh; i++)
			d->defhex[i] = (int16_t)hexes[i];
		d->ndefhex = (int8_t)nh;
	}
	struct game_event *e = event_new(g, EVENT_DECLARE);
	e->from = d->defhex[0];
	e->several = d->ndefhex > 1;
	for (int i = 0; i < nu; i++) {
		d->attacker[d->nattackers++] = units[i];
		bit_set(cs->attacked_round, units[i]);
		g->unit[units[i]].flags |= UF_ATTACKED;
		e->hex[e->n++] = (int16_t)units[i];
	}
}

static void cancel(struct game *g, int di)
{
	struct combat_state *cs = &g->combat;
	struct combat_decl *d = &cs->decl[di];
	for (int i = 0; i < d->nattackers; i++) {
		int u = d->attacker[i];
		cs->attacked_round[u / 64] &= ~((uint64_t)1 << (u % 64));
		if (!(cs->round == 2 && bit_get(cs->attacked_r1, u)))
			g->unit[u].flags &= ~(uint32_t)UF_ATTACKED;
	}
	event_new(g, EVENT_CANCEL)->from = d->defhex[0];
	for (int i = di + 1; i < cs->ndecl; i++)
		cs->decl[i - 1] = cs->decl[i];
	cs->ndecl--;
	memset(&cs->decl[cs->ndecl], 0, sizeof cs->decl[0]);
}

/* 11.1B: an enemy unit with a declared attacker in its ZOC that no declaration attacks;
 * -1 when there is none. Suspended for the Union in the solitaire game (18.1). As decided
 * (RECONSTRUCTION.md, 11.1B with 13.3F/13.4C), the chain binds only the enemy units the
 * attacker's corps may attack: a lifted Available or Unavailable attacker sets off no chain
 * toward the Confederates that did not come next to its corps. */
int combat_missing_attack(const struct game *g, int *attacker)
{
	const struct combat_state *cs = &g->combat;
	if (g->opt.solitaire && g->side == SIDE_UNION)
		return -1;
	for (int i = 0; i < cs->ndecl; i++)
		for (int k = 0; k < cs->decl[i].nattackers; k++) {
			int a = cs->decl[i].attacker[k];
			if (!unit_on_map(g, a))
				continue;
			for (int e = 0; e < ROSTER_UNITS; e++) {
				if (!unit_on_map(g, e) || cdef(g, e)->side != defender(g))
					continue;
				int eh = g->unit[e].hex;
				if (!zoc_side_passable(g, eh, g->unit[a].hex) || decl_of_hex(cs, eh) >= 0 ||
				    !odds_corps_may_attack(g, a, e))
					continue;
				*attacker = a;
				return e;
			}
		}
	return -1;
}

/* ---- actions ---- */

static bool refuse(char *err, size_t errlen, const char *msg)
{
	snprintf(err, errlen, "%s", msg);
	return false;
}

static bool apply_declare(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (a->type == ACT_ATTACK) {
		int hexes[COMBAT_DEFHEX_MAX + 1];
		int nh = attack_hexes(a, hexes);
		int join = declare_check(g, hexes, nh, a->units, a->nunits, err, errlen);
		if (join == -2)
			return false;
		if (join < 0 && cs->ndecl >= COMBAT_DECL_MAX)
			return refuse(err, errlen, "11.5A: too many attacks declared");
		declare(g, hexes, nh, a->units, a->nunits, join);
		resolve_run(g);
		return true;
	}
	if (a->type == ACT_DECLINE) {
		int di = decl_of_hex(cs, a->target);
		if (a->target < 0) {
			snprintf(err, errlen, "11.5A: nothing to decline; `decline HEX` withdraws the "
				 "attack declared on HEX");
			return false;
		}
		if (di < 0) {
			snprintf(err, errlen, "11.5A: no attack declared on %04d", a->target);
			return false;
		}
		cancel(g, di);
		resolve_run(g);
		return true;
	}
	if (a->type == ACT_END) {
		int att = -1;
		int e = combat_missing_attack(g, &att);
		if (e >= 0) {
			snprintf(err, errlen, "11.1B: %s in %04d has attacking %s in its ZOC and must "
				 "be attacked", cdef(g, e)->id, g->unit[e].hex, cdef(g, att)->id);
			return false;
		}
		if (cs->ndecl == 0) {
			cs->stage = CS_OVER;
			event_new(g, EVENT_NO_ATTACKS)->round = cs->round;
		} else {
			cs->stage = CS_CHOOSE;
		}
		resolve_run(g);
		return true;
	}
	return refuse(err, errlen, "11.5A: declare attacks (attack HEX UNIT...) or end");
}

static bool apply_choose(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (a->type == ACT_END) {
		cs->auto_order = true;
		resolve_run(g);
		return true;
	}
	if (a->type != ACT_RESOLVE)
		return refuse(err, errlen, "11.4E: choose the next defending hex (resolve HEX) or end");
	int di = decl_of_hex(cs, a->target);
	if (di < 0 || (cs->decl[di].flags & DECL_RESOLVED)) {
		snprintf(err, errlen, "11.4E: %04d is not a defending hex still to resolve",
			 a->target);
		return false;
	}
	resolve_start_decl(g, di);
	resolve_run(g);
	return true;
}

static bool is_attacker_of_current(const struct game *g, int u)
{
	const struct combat_decl *d = &g->combat.decl[g->combat.current];
	for (int i = 0; i < d->nattackers; i++)
		if (d->attacker[i] == u)
			return unit_on_map(g, u);
	return false;
}

static bool apply_deffire(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	int gun = g->pending.subject;
	if (a->type == ACT_DECLINE) {
		bit_set(cs->asked, gun);
		resolve_run(g);
		return true;
	}
	if (a->type != ACT_FIRE)
		return refuse(err, errlen, "11.5B: fire at an attacker or decline");
	if (a->unit != gun) {
		snprintf(err, errlen, "11.5B: %s is the gun to decide", cdef(g, gun)->id);
		return false;
	}
	if (a->target < 0 || a->target >= ROSTER_UNITS || !is_attacker_of_current(g, a->target))
		return refuse(err, errlen, "10.9: defensive fire only at an infantry unit attacking "
			      "the gun's hex");
	struct fire_odds o;
	if (!fire_check(g, gun, a->target, true, &o, err, errlen))
		return false;
	bit_set(cs->asked, gun);
	fire_resolve(g, gun, a->target, true);
	resolve_run(g);
	return true;
}

static bool apply_retreat(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (a->type != ACT_RETREAT)
		return refuse(err, errlen, "11.17: give the retreat path (retreat UNIT HEX...)");
	int u = cs->queue[0];
	if (a->unit != u) {
		snprintf(err, errlen, "11.17.2B: %s must retreat now", cdef(g, u)->id);
		return false;
	}
	enum retreat_kind kind = (enum retreat_kind)cs->queue_kind[0];
	if (a->n < 1 || a->n > RETREAT_LEN_MAX ||
	    !retreat_check(g, u, kind, a->hex, a->n, err, errlen)) {
		if (a->n < 1 || a->n > RETREAT_LEN_MAX)
			snprintf(err, errlen, "11.17.1: a retreat path of 1 to %d hexes",
				 RETREAT_LEN_MAX);
		return false;
	}
	resolve_queue_pop(g);
	retreat_apply(g, u, kind, a->hex, a->n);
	resolve_run(g);
	return true;
}

static bool apply_advance(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (cs->stage == CS_ADVANCE) {
		if (a->type != ACT_ADVANCE)
			return refuse(err, errlen, "11.18A: the advance is mandatory; choose the hex");
		int hexes[COMBAT_DEFHEX_MAX];
		int n = resolve_vacated(g, cs->attacking, hexes);
		bool ok = a->unit == cs->attacking;
		bool in = false;
		for (int i = 0; i < n; i++)
			in |= hexes[i] == a->target;
		if (ok && !in && unit_middle_bridge_forbids(g, a->unit, a->target))
			return refuse(err, errlen, "4.6: no Confederate unit may move within two hexes of the Middle Bridge (3324)");
		if (!ok || !in) {
			snprintf(err, errlen, "11.18B: %s advances into one of the vacated hexes",
				 cdef(g, cs->attacking)->id);
			return false;
		}
		resolve_do_advance(g, a->unit, a->target, CS_SUPPORT);
		resolve_run(g);
		return true;
	}
	/* CS_BO_ADVANCE: 11.18C, optional */
	struct combat_decl *d = &cs->decl[cs->current];
	if (a->type == ACT_DECLINE) {
		for (int i = 0; i < d->ndefhex; i++)
			d->flags |= (uint8_t)(DECL_ADV_ASKED << i);
		resolve_run(g);
		return true;
	}
	if (a->type != ACT_ADVANCE)
		return refuse(err, errlen, "11.18C: advance a unit into the vacated hex or decline");
	for (int i = 0; i < d->ndefhex; i++)
		if (d->defhex[i] == a->target && resolve_bo_advance_ok(g, a->unit, i)) {
			d->flags |= (uint8_t)(DECL_ADV_ASKED << i);
			resolve_do_advance(g, a->unit, a->target, CS_BO_SUPPORT);
			resolve_run(g);
			return true;
		}
	if (unit_middle_bridge_forbids(g, a->unit, a->target))
		return refuse(err, errlen, "4.6: no Confederate unit may move within two hexes of the Middle Bridge (3324)");
	if (a->unit >= 0 && a->unit < ROSTER_UNITS && hex_valid(a->target) &&
	    !commit_unit_may_step(g, a->unit, a->target, err, errlen))
		return false;
	return refuse(err, errlen, "11.18C: only a unit that attacked the hex may advance into "
		      "it, once");
}

static bool apply_support(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	enum combat_stage then = cs->stage == CS_SUPPORT ? CS_ATTACK : CS_BO_ADVANCE;
	if (a->type == ACT_DECLINE) {
		cs->stage = (int8_t)then;
		resolve_run(g);
		return true;
	}
	if (a->type != ACT_SUPPORT)
		return refuse(err, errlen, "11.19B: make a supporting advance or decline");
	if (!resolve_support_ok(g, a->unit, cs->advancer, cs->advance_from, err, errlen))
		return false;
	struct game_event *e = event_new(g, EVENT_SUPPORT);
	e->unit = (int16_t)a->unit;
	e->from = g->unit[a->unit].hex;
	e->to = cs->advance_from;
	if (cdef(g, a->unit)->side == SIDE_CONFEDERATE) /* 8.12B, 13.3F, 13.4C */
		commit_note_confederate_move(g, a->unit, g->unit[a->unit].hex, cs->advance_from);
	g->unit[a->unit].hex = cs->advance_from;
	cs->stage = (int8_t)then;
	resolve_run(g);
	return true;
}

static bool apply_breakoff(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (a->type == ACT_END) {
		if (cs->breakoff_side == (int8_t)defender(g)) {
			cs->breakoff_side = (int8_t)g->side;
			resolve_run(g);
		} else {
			resolve_end_round(g);
		}
		return true;
	}
	if (a->type != ACT_BREAK_OFF)
		return refuse(err, errlen, "11.5E: break off a combat (breakoff HEX) or end");
	int di = decl_of_hex(cs, a->target);
	if (di < 0 || (cs->decl[di].flags & DECL_BROKEN_OFF) ||
	    !resolve_decl_engaged(g, &cs->decl[di])) {
		snprintf(err, errlen, "11.5E: %04d is not a defending hex of a combat still engaged",
			 a->target);
		return false;
	}
	resolve_break_off(g, di);
	resolve_run(g);
	return true;
}

/* The action at the combat stage now deciding; false with err. */
static bool apply_stage(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct combat_state *cs = &g->combat;
	if (g->phase != PHASE_COMBAT)
		return refuse(err, errlen, "11.0: not the combat phase");
	switch ((enum combat_stage)cs->stage) {
	case CS_DECLARE: return apply_declare(g, a, err, errlen);
	case CS_CHOOSE: return apply_choose(g, a, err, errlen);
	case CS_DEFFIRE: return apply_deffire(g, a, err, errlen);
	case CS_RETREAT:
	case CS_BO_RETREAT: return apply_retreat(g, a, err, errlen);
	case CS_ADVANCE:
	case CS_BO_ADVANCE: return apply_advance(g, a, err, errlen);
	case CS_SUPPORT:
	case CS_BO_SUPPORT: return apply_support(g, a, err, errlen);
	case CS_BREAKOFF: return apply_breakoff(g, a, err, errlen);
	case CS_LOSS:
		if (a->type != ACT_LOSE)
			return refuse(err, errlen, "11.15B: choose the unit that loses the step "
				      "(lose UNIT)");
		return resolve_take_loss(g, a->unit, err, errlen);
	default: return refuse(err, errlen, "11.0: the combat phase is over");
	}
}

enum phase_result combat_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	if (!apply_stage(g, a, err, errlen))
		return PHASE_REFUSED;
	/* resolve_run stops at CS_OVER once the phase's last automatic step is done */
	return g->combat.stage == CS_OVER ? PHASE_OVER : PHASE_GOES_ON;
}

/* ---- legal actions ---- */

/* How many declarations deep concludable looks for a way to complete the chain; a deeper
 * chain is taken as one that can be completed. */
#define CHAIN_DEPTH 6

/* 11.1B as decided (RECONSTRUCTION.md): can the declarations of g be completed so that `end`
 * is accepted, every enemy unit the chain binds attacked, by new one-hex attacks of units not
 * yet attacking this round (each may set off a chain of its own)? */
static bool concludable(const struct game *g, int depth)
{
	int att;
	int e = combat_missing_attack(g, &att);
	if (e < 0 || depth == 0)
		return true;
	if (g->combat.ndecl >= COMBAT_DECL_MAX)
		return false;
	int eh = g->unit[e].hex;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int h = hex_neighbour(eh, (enum hex_dir)d), units[4];
		int n = h == HEX_NONE ? 0 : unit_side_in_hex(g, h, g->side, units, 4);
		for (int k = 0; k < n; k++) {
			int16_t unit = (int16_t)units[k];
			char err[8];
			if (!is_infantry(g, unit) || bit_get(g->combat.attacked_round, unit) ||
			    declare_check(g, &eh, 1, &unit, 1, err, sizeof err) == -2)
				continue;
			struct game w = *g;
			w.events = NULL; /* a what-if: its events go nowhere */
			declare(&w, &eh, 1, &unit, 1, -1);
			if (concludable(&w, depth - 1))
				return true;
		}
	}
	return false;
}

/* Does the declaration of unit u on hexes (nh of them) leave a chain (11.1B) that cannot be
 * concluded? Only asked when something is missing after it. */
static bool inconclusive(const struct game *g, const int *hexes, int nh, int16_t u, int join,
			 const bool *defender_at)
{
	int att;
	if (combat_missing_attack(g, &att) < 0) {
		/* nothing missing now: only an enemy in u's ZOC outside the attack can be */
		bool chain = false;
		for (int d = 0; d < HEX_NDIRS && !chain; d++) {
			int h = hex_neighbour(g->unit[u].hex, (enum hex_dir)d);
			if (h == HEX_NONE || !defender_at[hex_index(h)] ||
			    decl_of_hex(&g->combat, h) >= 0)
				continue;
			bool in = false;
			for (int i = 0; i < nh; i++)
				in |= hexes[i] == h;
			chain = !in;
		}
		if (!chain)
			return false;
	}
	struct game w = *g;
	w.events = NULL;
	declare(&w, hexes, nh, &u, 1, join);
	return !concludable(&w, CHAIN_DEPTH);
}

static void legal_declare(const struct game *g, struct action_list *o)
{
	const struct combat_state *cs = &g->combat;
	/* the hexes holding a unit of the defending side (unit_side_in's answer for every hex,
	 * once: asked of the six neighbours of every attacker) */
	bool defender_at[HEX_INDEX_COUNT] = { false };
	enum side ds = defender(g);
	for (int v = ds == SIDE_UNION ? 0 : ROSTER_UNION;
	     v < (ds == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS); v++)
		if (unit_on_map(g, v) && unit_def(g, v)->side == ds && hex_index(g->unit[v].hex) >= 0)
			defender_at[hex_index(g->unit[v].hex)] = true;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!unit_on_map(g, u) || cdef(g, u)->side != g->side || !is_infantry(g, u) ||
		    bit_get(cs->attacked_round, u))
			continue;
		int adj[HEX_NDIRS], na = 0;
		for (int dir = 0; dir < HEX_NDIRS; dir++) {
			int h = hex_neighbour(g->unit[u].hex, (enum hex_dir)dir);
			if (h != HEX_NONE && defender_at[hex_index(h)])
				adj[na++] = h;
		}
		/* every set of one to three adjacent enemy hexes (11.3B) */
		for (int mask = 1; mask < (1 << na); mask++) {
			int hexes[HEX_NDIRS], nh = 0;
			for (int i = 0; i < na; i++)
				if (mask & (1 << i))
					hexes[nh++] = adj[i];
			if (nh > COMBAT_DEFHEX_MAX)
				continue;
			int16_t unit = (int16_t)u;
			char err[200];
			int join = declare_check(g, hexes, nh, &unit, 1, err, sizeof err);
			if (join == -2 || inconclusive(g, hexes, nh, unit, join, defender_at))
				continue; /* 11.1B: never an attack that cannot be concluded */
			struct action *a = action_list_add(o, ACT_ATTACK, -1, hexes[0]);
			a->n = nh;
			for (int i = 0; i < nh; i++)
				a->hex[i] = (int16_t)hexes[i];
			a->units[0] = unit;
			a->nunits = 1;
		}
	}
	for (int i = 0; i < cs->ndecl; i++)
		action_list_add(o, ACT_DECLINE, -1, cs->decl[i].defhex[0]);
	int att;
	if (combat_missing_attack(g, &att) < 0)
		action_list_add(o, ACT_END, -1, -1);
}

void combat_legal(const struct game *g, struct action_list *o)
{
	const struct combat_state *cs = &g->combat;
	if (g->phase != PHASE_COMBAT)
		return;
	const struct combat_decl *d = cs->current >= 0 ? &cs->decl[cs->current] : NULL;
	switch ((enum combat_stage)cs->stage) {
	case CS_DECLARE:
		legal_declare(g, o);
		break;
	case CS_CHOOSE:
		for (int i = 0; i < cs->ndecl; i++)
			if (!(cs->decl[i].flags & DECL_RESOLVED))
				action_list_add(o, ACT_RESOLVE, -1, cs->decl[i].defhex[0]);
		action_list_add(o, ACT_END, -1, -1);
		break;
	case CS_DEFFIRE:
		for (int i = 0; i < d->nattackers; i++) {
			struct fire_odds fo;
			char err[160];
			if (unit_on_map(g, d->attacker[i]) &&
			    fire_check(g, g->pending.subject, d->attacker[i], true, &fo, err,
				       sizeof err))
				action_list_add(o, ACT_FIRE, g->pending.subject, d->attacker[i]);
		}
		action_list_add(o, ACT_DECLINE, -1, -1);
		break;
	case CS_RETREAT:
	case CS_BO_RETREAT: {
		struct retreat_path p[RETREAT_PATHS_MAX];
		int n = retreat_paths(g, cs->queue[0], (enum retreat_kind)cs->queue_kind[0], p,
				      RETREAT_PATHS_MAX);
		for (int i = 0; i < n; i++) {
			struct action *a = action_list_add(o, ACT_RETREAT, cs->queue[0], -1);
			a->n = p[i].n;
			memcpy(a->hex, p[i].hex, (size_t)p[i].n * sizeof p[i].hex[0]);
		}
		break;
	}
	case CS_ADVANCE: {
		int hexes[COMBAT_DEFHEX_MAX];
		int n = resolve_vacated(g, cs->attacking, hexes);
		for (int i = 0; i < n; i++)
			action_list_add(o, ACT_ADVANCE, cs->attacking, hexes[i]);
		break;
	}
	case CS_BO_ADVANCE:
		for (int i = 0; i < d->ndefhex; i++)
			for (int k = 0; k < d->nattackers; k++)
				if (resolve_bo_advance_ok(g, d->attacker[k], i))
					action_list_add(o, ACT_ADVANCE, d->attacker[k], d->defhex[i]);
		action_list_add(o, ACT_DECLINE, -1, -1);
		break;
	case CS_SUPPORT:
	case CS_BO_SUPPORT:
		for (int s = 0; s < ROSTER_UNITS; s++) {
			if (resolve_support_ok(g, s, cs->advancer, cs->advance_from, NULL, 0))
				action_list_add(o, ACT_SUPPORT, s, cs->advance_from);
		}
		action_list_add(o, ACT_DECLINE, -1, -1);
		break;
	case CS_LOSS: {
		int c[COMBAT_DEFHEX_MAX * 8];
		int n = resolve_loss_candidates(g, c, COMBAT_DEFHEX_MAX * 8);
		for (int i = 0; i < n; i++)
			action_list_add(o, ACT_LOSE, c[i], -1);
		break;
	}
	case CS_BREAKOFF:
		for (int i = 0; i < cs->ndecl; i++)
			if (!(cs->decl[i].flags & DECL_BROKEN_OFF) &&
			    resolve_decl_engaged(g, &cs->decl[i]))
				action_list_add(o, ACT_BREAK_OFF, -1, cs->decl[i].defhex[0]);
		action_list_add(o, ACT_END, -1, -1);
		break;
	default:
		break;
	}
}
