/* resolve.c — owns the running of a combat round once it is declared: the order of the
 * defending hexes (11.4E), defensive fire before the first attack on a hex (11.5B), each
 * attack on the CRT with its step losses (11.5D, 11.15), the retreat queue (11.17) with the
 * artillery retreat table (11.17.6), the attacker's advance (11.18) and the supporting
 * advance (11.19), the break-offs at the end of a round (11.5E, 11.17.1A) and the passage to
 * round two and out of the phase. resolve_run() does every automatic step and stops where a
 * player must decide, setting the pending decision. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "combat_internal.h"
#include "commit.h"

static enum side defender(const struct game *g) { return enemy_of(g->side); }

static void eliminate(struct game *g, int u, enum event_why why)
{
	while (unit_on_map(g, u))
		unit_lose_step(g, u, why);
}

static bool hex_vacant(const struct game *g, int h)
{
	return !unit_side_in(g, h, SIDE_UNION) && !unit_side_in(g, h, SIDE_CONFEDERATE);
}

static bool decl_has_foe(const struct game *g, const struct combat_decl *d)
{
	for (int i = 0; i < d->ndefhex; i++)
		if (unit_side_in(g, d->defhex[i], defender(g)))
			return true;
	return false;
}

/* 11.5E: units of the combat still in each other's ZOCs. */
bool resolve_decl_engaged(const struct game *g, const struct combat_decl *d)
{
	for (int i = 0; i < d->nattackers; i++) {
		int a = d->attacker[i];
		if (!unit_on_map(g, a))
			continue;
		for (int k = 0; k < d->ndefhex; k++)
			if (unit_side_in(g, d->defhex[k], defender(g)) &&
			    zoc_side_passable(g, g->unit[a].hex, d->defhex[k]))
				return true;
	}
	return false;
}

/* ---- the advance after combat (11.18) and the supporting advance (11.19) ---- */

bool resolve_support_ok(const struct game *g, int s, int advancer, int into, char *err,
			size_t errlen)
{
	if (s < 0 || s >= ROSTER_UNITS || !unit_on_map(g, s) || s == advancer)
		return names_refusal(err, errlen, "11.19A: not a unit that can support");
	const struct unit_def *d = cdef(g, s), *ad = cdef(g, advancer);
	if (d->type != UNIT_INFANTRY || d->side != ad->side)
		return names_refusal(err, errlen, "11.19A: %s is not friendly infantry", d->id);
	if (zoc_in_ezoc(g, g->unit[s].hex, d->side))
		return names_refusal(err, errlen, "11.19A1: %s is in an enemy ZOC", d->id);
	if (g->unit[s].flags & UF_ATTACKED)
		return names_refusal(err, errlen, "11.19A2: %s attacked this combat phase", d->id);
	if (d->side == SIDE_UNION &&
	    (d->corps != ad->corps || (d->corps == CORPS_IX && d->division != ad->division)))
		return names_refusal(err, errlen, "11.19A3: %s is not of %s's %s", d->id, ad->id,
				     ad->corps == CORPS_IX ? "division" : "corps");
	unsigned f = map_side(&g->scn->map, g->unit[s].hex, into);
	if (!hex_adjacent(g->unit[s].hex, into) ||
	    ((f & SIDE_CREEK) && !(f & (SIDE_BRIDGE | SIDE_FORD))))
		return names_refusal(err, errlen, "11.19A: %s cannot step into %04d", d->id, into);
	if (!stack_allows(g, into, s))
		return names_refusal(err, errlen, "7.1: %s may not stack in %04d", d->id, into);
	if (unit_middle_bridge_forbids(g, s, into))
		return names_refusal(err, errlen, "4.6: no Confederate unit may move within two "
				     "hexes of the Middle Bridge (3324)");
	return commit_unit_may_step(g, s, into, err, errlen); /* 13.3B, 13.3E, 13.4B */
}

static bool any_supporter(const struct game *g)
{
	for (int s = 0; s < ROSTER_UNITS; s++)
		if (resolve_support_ok(g, s, g->combat.advancer, g->combat.advance_from, NULL, 0))
			return true;
	return false;
}

void resolve_do_advance(struct game *g, int u, int hex, enum combat_stage then)
{
	struct combat_state *cs = &g->combat;
	cs->advancer = (int16_t)u;
	cs->advance_from = g->unit[u].hex;
	if (cdef(g, u)->side == SIDE_CONFEDERATE) /* 8.12B, 13.3F, 13.4C */
		commit_note_confederate_move(g, u, cs->advance_from, hex);
	g->unit[u].hex = (int16_t)hex;
	struct game_event *e = event_new(g, EVENT_ADVANCE);
	e->unit = (int16_t)u;
	e->from = cs->advance_from;
	e->to = (int16_t)hex;
	cs->stage = (int8_t)then;
}

/* Vacant defending hexes of the current combat unit u may advance into, at most 3 (4.6: never
 * a Confederate unit within two hexes of 3324). */
int resolve_vacated(const struct game *g, int u, int *out)
{
	const struct combat_decl *d = &g->combat.decl[g->combat.current];
	int n = 0;
	for (int i = 0; i < d->ndefhex; i++)
		if (hex_vacant(g, d->defhex[i]) && hex_adjacent(g->unit[u].hex, d->defhex[i]) &&
		    !unit_middle_bridge_forbids(g, u, d->defhex[i]))
			out[n++] = d->defhex[i];
	return n;
}

/* 11.18C: may u advance into hex i of the broken-off combat? */
bool resolve_bo_advance_ok(const struct game *g, int u, int i)
{
	const struct combat_decl *d = &g->combat.decl[g->combat.current];
	if (i < 0 || i >= d->ndefhex || (d->flags & (DECL_ADV_ASKED << i)) ||
	    !hex_vacant(g, d->defhex[i]))
		return false;
	bool allocated = false;
	for (int k = 0; k < d->nattackers; k++)
		allocated |= d->attacker[k] == u;
	return allocated && unit_on_map(g, u) && hex_adjacent(g->unit[u].hex, d->defhex[i]) &&
	       !unit_middle_bridge_forbids(g, u, d->defhex[i]) &&             /* 4.6 */
	       commit_unit_may_step(g, u, d->defhex[i], NULL, 0);  /* 13.3B, 13.3E, 13.4B */
}

/* ---- one attack ---- */

static void queue_push(struct combat_state *cs, int u, enum retreat_kind kind)
{
	if (cs->nqueue >= COMBAT_QUEUE_MAX)
		return;
	cs->queue[cs->nqueue] = (int16_t)u;
	cs->queue_kind[cs->nqueue] = (uint8_t)kind;
	cs->queue_rolled[cs->nqueue] = false;
	cs->nqueue++;
}

static void queue_pop(struct combat_state *cs)
{
	for (int i = 1; i < cs->nqueue; i++) {
		cs->queue[i - 1] = cs->queue[i];
		cs->queue_kind[i - 1] = cs->queue_kind[i];
		cs->queue_rolled[i - 1] = cs->queue_rolled[i];
	}
	cs->nqueue--;
	/* keep the state canonical: what is not in use is zero (positions compare bytewise) */
	cs->queue[cs->nqueue] = 0;
	cs->queue_kind[cs->nqueue] = 0;
	cs->queue_rolled[cs->nqueue] = false;
}

void resolve_queue_pop(struct game *g) { queue_pop(&g->combat); }

/* ---- 11.15: the defender's steps ---- */

/* The defender's units in the hexes the attack being resolved is against (loss_hexes),
 * infantry first in each hex (unit_side_in_hex); the count (at most max). */
static int loss_units(const struct game *g, int *out, int max)
{
	const struct combat_state *cs = &g->combat;
	const struct combat_decl *d = &cs->decl[cs->current];
	int n = 0;
	for (int i = 0; i < d->ndefhex; i++)
		if (cs->loss_hexes & (1u << i))
			n += unit_side_in_hex(g, d->defhex[i], defender(g), out + n, max - n);
	return n;
}

int resolve_loss_candidates_in(const struct game *g, enum side s, const int *hex, int nhex,
				int *out, int max)
{
	int n = 0;
	for (int i = 0; i < nhex; i++) {
		int units[8];
		int k = unit_side_in_hex(g, hex[i], s, units, 8);
		bool infantry = k > 0 && is_infantry(g, units[0]); /* 11.15C: infantry first */
		for (int j = 0; j < k && n < max; j++)
			if (is_infantry(g, units[j]) == infantry)
				out[n++] = units[j];
	}
	return n;
}

int resolve_loss_pick(const struct game *g, const int *cand, int n)
{
	int pick = cand[0];
	for (int i = 1; i < n; i++)
		if (g->unit[cand[i]].steps > g->unit[pick].steps)
			pick = cand[i];
	return pick;
}

int resolve_loss_candidates(const struct game *g, int *out, int max)
{
	const struct combat_state *cs = &g->combat;
	if (g->phase != PHASE_COMBAT || cs->stage != CS_LOSS || cs->current < 0 ||
	    cs->defender_loss <= 0)
		return 0;
	const struct combat_decl *d = &cs->decl[cs->current];
	int hex[COMBAT_DEFHEX_MAX], nhex = 0;
	for (int i = 0; i < d->ndefhex; i++)
		if (cs->loss_hexes & (1u << i))
			hex[nhex++] = d->defhex[i];
	return resolve_loss_candidates_in(g, defender(g), hex, nhex, out, max);
}

/* 11.15B: is there a real choice of the unit that loses the next step? Several candidates,
 * and not every step of the defence lost whatever the order. */
static bool loss_choice(const struct game *g, int ncandidates)
{
	int units[COMBAT_DEFHEX_MAX * 8];
	int n = loss_units(g, units, COMBAT_DEFHEX_MAX * 8), total = 0;
	for (int i = 0; i < n; i++)
		total += g->unit[units[i]].steps;
	return ncandidates > 1 && g->combat.defender_loss < total;
}

/* Unit u takes the next step of the defender's result. */
static void take_loss(struct game *g, int u)
{
	unit_lose_step(g, u, EVENT_WHY_COMBAT_LOSS);
	g->combat.defender_loss--;
}

/* 11.15B–C: take the defender's steps of the attack being resolved, asking its owner
 * whenever there is a real choice (true: that decision is pending); without one, the only
 * candidate, or (every unit losing all its steps anyway) the one with most steps. Then the
 * survivors owe their retreats (11.17.1B) and the driver goes on to them. */
static bool run_losses(struct game *g)
{
	struct combat_state *cs = &g->combat;
	while (cs->defender_loss > 0) {
		int c[COMBAT_DEFHEX_MAX * 8];
		int n = resolve_loss_candidates(g, c, COMBAT_DEFHEX_MAX * 8);
		if (n == 0)
			break;
		if (loss_choice(g, n)) {
			pending_set(g, defender(g), DECISION_STEP_LOSS, -1);
			return true;
		}
		take_loss(g, resolve_loss_pick(g, c, n));
	}
	cs->defender_loss = 0;
	if (cs->retreat_result) {
		int units[COMBAT_DEFHEX_MAX * 8];
		int n = loss_units(g, units, COMBAT_DEFHEX_MAX * 8);
		for (int i = 0; i < n; i++)
			queue_push(cs, units[i], RETREAT_MANDATORY);
	}
	cs->loss_hexes = 0;
	cs->stage = CS_RETREAT;
	return false;
}

bool resolve_take_loss(struct game *g, int u, char *err, size_t errlen)
{
	int c[COMBAT_DEFHEX_MAX * 8];
	int n = resolve_loss_candidates(g, c, COMBAT_DEFHEX_MAX * 8);
	for (int i = 0; i < n; i++)
		if (c[i] == u) {
			take_loss(g, u);
			resolve_run(g);
			return true;
		}
	int units[COMBAT_DEFHEX_MAX * 8];
	int k = loss_units(g, units, COMBAT_DEFHEX_MAX * 8);
	for (int i = 0; i < k; i++)
		if (units[i] == u) {
			snprintf(err, errlen, "11.15C: the infantry in %04d loses all its steps before %s",
				 g->unit[u].hex, cdef(g, u)->id);
			return false;
		}
	snprintf(err, errlen, "11.15B: %s is not a defending unit of this attack",
		 u >= 0 && u < ROSTER_UNITS ? cdef(g, u)->id : "that");
	return false;
}

static void resolve_attack(struct game *g, int a)
{
	struct combat_state *cs = &g->combat;
	struct combat_decl *d = &cs->decl[cs->current];
	int hexes[COMBAT_DEFHEX_MAX], nh = 0, des[COMBAT_ATTACKERS_MAX], nd = 0;
	uint8_t mask = 0;
	for (int i = 0; i < d->ndefhex; i++)
		if (unit_side_in(g, d->defhex[i], defender(g)) &&
		    hex_adjacent(g->unit[a].hex, d->defhex[i])) {
			hexes[nh++] = d->defhex[i];
			mask |= (uint8_t)(1u << i);
		}
	for (int i = 0; i < d->nattackers; i++)
		if (unit_on_map(g, d->attacker[i]))
			des[nd++] = d->attacker[i];
	struct combat_odds o;
	char err[160];
	cs->attacking = (int16_t)a;
	if (nh == 0 || !odds_attack(g, a, hexes, nh, des, nd, &o, err, sizeof err)) {
		cs->stage = CS_ATTACK;
		return;
	}
	int roll = dice_roll(g, EVENT_WHY_COMBAT);
	int al = o.att_loss[roll], dl = o.def_loss[roll];
	bool retreat = o.def_retreat[roll];
	struct game_event *e = event_new(g, EVENT_ATTACK);
	e->unit = (int16_t)a;
	e->from = (int16_t)hexes[0];
	e->attack = (int16_t)o.attack;
	e->defence = (int16_t)o.defence;
	e->column = (int8_t)o.column;
	e->die = (int8_t)roll;
	e->drm = (int8_t)o.drm;
	e->att_loss = (int8_t)al;
	e->def_loss = (int8_t)dl;
	e->retreat = retreat;
	e->n = (uint8_t)o.nmods; /* the DRMs (11.9–11.14, 20.1) with their rules */
	memcpy(e->mod, o.mod, (size_t)o.nmods * sizeof *o.mod);
	cs->attacker_loss = (int8_t)al;
	cs->defender_loss = (int8_t)dl;
	cs->retreat_result = retreat;
	for (int i = 0; i < al && unit_on_map(g, a); i++)
		unit_lose_step(g, a, EVENT_WHY_COMBAT_LOSS); /* 11.15B: the attack is one unit's */
	cs->loss_hexes = mask;                       /* the hexes this attack is against */
	cs->stage = CS_LOSS;
}

/* ---- the driver ---- */

/* The head of the retreat queue: roll the artillery table, eliminate a unit that cannot
 * retreat; true when a retreat decision is now pending. */
static bool run_queue(struct game *g)
{
	struct combat_state *cs = &g->combat;
	while (cs->nqueue > 0) {
		int u = cs->queue[0];
		if (!unit_on_map(g, u)) {
			queue_pop(cs);
			continue;
		}
		if (!is_infantry(g, u) && cs->queue_kind[0] == RETREAT_MANDATORY &&
		    !cs->queue_rolled[0]) {
			cs->queue_rolled[0] = true;
			int roll = dice_roll(g, EVENT_WHY_ARTILLERY_RETREAT);
			enum art_retreat r = tables_art_retreat(&g->scn->tables, roll);
			if (r == ART_RETREAT_ELIMINATED)
				eliminate(g, u, EVENT_WHY_ARTILLERY_RETREAT_TABLE);
			else if (r == ART_RETREAT_STEP)
				unit_lose_step(g, u, EVENT_WHY_ARTILLERY_RETREAT_TABLE);
			continue;
		}
		struct retreat_path p[1];
		if (retreat_paths(g, u, (enum retreat_kind)cs->queue_kind[0], p, 1) == 0) {
			event_new(g, EVENT_NO_RETREAT)->unit = (int16_t)u;
			eliminate(g, u, EVENT_WHY_NO_RETREAT);
			queue_pop(cs);
			continue;
		}
		pending_set(g, cdef(g, u)->side, DECISION_RETREAT, u);
		return true;
	}
	return false;
}

static int count_unresolved(const struct combat_state *cs, int *first)
{
	int n = 0;
	*first = -1;
	for (int i = 0; i < cs->ndecl; i++)
		if (!(cs->decl[i].flags & DECL_RESOLVED)) {
			if (*first < 0)
				*first = i;
			n++;
		}
	return n;
}

void resolve_start_decl(struct game *g, int i)
{
	struct combat_state *cs = &g->combat;
	cs->current = (int8_t)i;
	cs->decl[i].flags |= DECL_STARTED;
	cs->asked[0] = cs->asked[1] = 0;
	cs->stage = CS_DEFFIRE;
}

/* A gun in the current combat's hexes that may still fire defensively (11.5B), or -1. */
static int next_defensive_gun(const struct game *g)
{
	const struct combat_state *cs = &g->combat;
	const struct combat_decl *d = &cs->decl[cs->current];
	for (int i = 0; i < d->ndefhex; i++) {
		int units[8];
		int n = unit_side_in_hex(g, d->defhex[i], defender(g), units, 8);
		for (int k = 0; k < n; k++) {
			int gun = units[k];
			if (is_infantry(g, gun) || bit_get(cs->asked, gun))
				continue;
			for (int j = 0; j < d->nattackers; j++) {
				struct fire_odds o;
				char err[8];
				if (unit_on_map(g, d->attacker[j]) &&
				    fire_check(g, gun, d->attacker[j], true, &o, err, sizeof err))
					return gun;
			}
		}
	}
	return -1;
}

bool resolve_any_engaged(const struct game *g)
{
	const struct combat_state *cs = &g->combat;
	for (int i = 0; i < cs->ndecl; i++)
		if (!(cs->decl[i].flags & DECL_BROKEN_OFF) &&
		    resolve_decl_engaged(g, &cs->decl[i]))
			return true;
	return false;
}

/* The end of a round after both sides' break-offs: round two or the end of the phase. */
static void end_of_round(struct game *g)
{
	struct combat_state *cs = &g->combat;
	if (cs->round == 2) {
		cs->stage = CS_OVER;
		return;
	}
	bool any = false;
	cs->nr1 = 0;
	for (int i = 0; i < cs->ndecl; i++) {
		const struct combat_decl *d = &cs->decl[i];
		bool engaged = !(d->flags & DECL_BROKEN_OFF) && resolve_decl_engaged(g, d);
		int8_t corps = CORPS_NONE;
		if (d->nattackers > 0 && cdef(g, d->attacker[0])->side == SIDE_UNION)
			corps = (int8_t)cdef(g, d->attacker[0])->corps;
		for (int k = 0; k < d->ndefhex; k++) {
			struct combat_r1hex *r = &cs->r1[cs->nr1++];
			r->hex = d->defhex[k];
			r->corps = corps;
			r->engaged = engaged && unit_side_in(g, d->defhex[k], defender(g));
			any |= r->engaged;
		}
	}
	if (!any) {
		cs->stage = CS_OVER;
		return;
	}
	cs->round = 2;
	cs->ndecl = 0;
	memset(cs->decl, 0, sizeof cs->decl);
	cs->current = -1;
	cs->auto_order = false;
	cs->attacked_r1[0] = cs->attacked_round[0];
	cs->attacked_r1[1] = cs->attacked_round[1];
	cs->attacked_round[0] = cs->attacked_round[1] = 0;
	cs->stage = CS_DECLARE;
	event_new(g, EVENT_ROUND_TWO);
}

void resolve_end_round(struct game *g)
{
	end_of_round(g);
	resolve_run(g);
}

void resolve_run(struct game *g)
{
	struct combat_state *cs = &g->combat;
	for (;;) {
		struct combat_decl *d = cs->current >= 0 ? &cs->decl[cs->current] : NULL;
		switch ((enum combat_stage)cs->stage) {
		case CS_DECLARE:
			pending_set(g, g->side,
					 cs->round == 1 ? DECISION_COMBAT : DECISION_COMBAT_ROUND2, -1);
			return;
		case CS_CHOOSE: {
			int first;
			int n = count_unresolved(cs, &first);
			if (n == 0) {
				cs->current = -1;
				cs->stage = CS_BREAKOFF;
				cs->breakoff_side = (int8_t)defender(g);
			} else if (n == 1 || cs->auto_order) {
				resolve_start_decl(g, first);
			} else {
				pending_set(g, g->side, DECISION_RESOLVE, -1);
				return;
			}
			break;
		}
		case CS_DEFFIRE: {
			int gun = next_defensive_gun(g);
			if (gun >= 0) {
				pending_set(g, defender(g), DECISION_DEFENSIVE_FIRE, gun);
				return;
			}
			cs->stage = CS_ATTACK;
			break;
		}
		case CS_ATTACK: {
			int a = -1;
			while (decl_has_foe(g, d) && d->next < d->nattackers && a < 0) {
				int c = d->attacker[d->next++];
				for (int i = 0; i < d->ndefhex && unit_on_map(g, c); i++)
					if (unit_side_in(g, d->defhex[i], defender(g)) &&
					    hex_adjacent(g->unit[c].hex, d->defhex[i]))
						a = c;
			}
			if (a < 0) {
				d->flags |= DECL_RESOLVED;
				cs->stage = CS_CHOOSE;
			} else {
				resolve_attack(g, a);
			}
			break;
		}
		case CS_LOSS:
			if (run_losses(g))
				return;
			break;
		case CS_RETREAT:
			if (run_queue(g))
				return;
			cs->stage = CS_ADVANCE;
			break;
		case CS_ADVANCE: {
			int a = cs->attacking, hexes[COMBAT_DEFHEX_MAX];
			int n = unit_on_map(g, a) ? resolve_vacated(g, a, hexes) : 0;
			if (n == 0) {
				cs->stage = CS_ATTACK;
			} else if (n == 1) {
				resolve_do_advance(g, a, hexes[0], CS_SUPPORT);
			} else {
				pending_set(g, g->side, DECISION_ADVANCE, a);
				return;
			}
			break;
		}
		case CS_SUPPORT:
		case CS_BO_SUPPORT:
			if (any_supporter(g)) {
				pending_set(g, g->side, DECISION_SUPPORT, cs->advancer);
				return;
			}
			cs->stage = cs->stage == CS_SUPPORT ? CS_ATTACK : CS_BO_ADVANCE;
			break;
		case CS_BREAKOFF:
			if (!resolve_any_engaged(g)) {
				end_of_round(g);
				break;
			}
			pending_set(g, (enum side)cs->breakoff_side, DECISION_BREAK_OFF, -1);
			return;
		case CS_BO_RETREAT:
			if (run_queue(g))
				return;
			cs->stage = cs->breakoff_side == (int8_t)defender(g) ? CS_BO_ADVANCE
									     : CS_BREAKOFF;
			break;
		case CS_BO_ADVANCE: {
			int who = -1;
			for (int i = 0; i < d->ndefhex && who < 0; i++)
				for (int k = 0; k < d->nattackers && who < 0; k++)
					if (resolve_bo_advance_ok(g, d->attacker[k], i))
						who = d->attacker[k];
			if (who >= 0) {
				pending_set(g, g->side, DECISION_ADVANCE, who);
				return;
			}
			cs->stage = CS_BREAKOFF;
			break;
		}
		case CS_OVER:
		default:
			cs->stage = CS_OVER; /* combat_apply: the phase is over */
			return;
		}
	}
}

/* The break-off of the combat holding hex h by the side now deciding (11.5E): every unit of
 * that side in the combat that is in an EZOC retreats one to three hexes (11.17.1A). */
void resolve_break_off(struct game *g, int di)
{
	struct combat_state *cs = &g->combat;
	struct combat_decl *d = &cs->decl[di];
	enum side s = (enum side)cs->breakoff_side;
	d->flags |= DECL_BROKEN_OFF;
	cs->current = (int8_t)di;
	struct game_event *e = event_new(g, EVENT_BREAK_OFF);
	e->side = (int8_t)s;
	e->from = d->defhex[0];
	if (s == defender(g)) {
		for (int i = 0; i < d->ndefhex; i++) {
			int units[8];
			int n = unit_side_in_hex(g, d->defhex[i], s, units, 8);
			for (int k = 0; k < n; k++)
				if (zoc_in_ezoc(g, d->defhex[i], s))
					queue_push(cs, units[k], RETREAT_BREAKOFF);
		}
	} else {
		for (int k = 0; k < d->nattackers; k++) {
			int a = d->attacker[k];
			if (unit_on_map(g, a) && zoc_in_ezoc(g, g->unit[a].hex, s))
				queue_push(cs, a, RETREAT_BREAKOFF);
		}
	}
	cs->stage = CS_BO_RETREAT;
}
