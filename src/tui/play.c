/* play.c — owns how each pending decision is played on the map: selecting a unit marks
 * where the engine's legal actions for it lead (destinations, targets), Enter on a marked
 * hex applies the matching action, and the generic list of every legal action (formatted
 * by action_format) makes any decision playable where the map has no special view. The
 * front-end never decides legality itself: every mark comes from game_legal(). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act.h"
#include "action_text.h"
#include "combat.h"
#include "commit.h"
#include "los.h"
#include "move.h"
#include "tui_internal.h"

/* ---- reading actions ---- */

/* The engine action's hex on the map (act.c), for this session's position. */
static int action_dest(const struct tui *t, const struct action *a)
{
	return act_dest(t->g, a);
}

void play_describe_pending(const struct tui *t, char *buf, size_t len)
{
	const struct pending *p = &t->g->pending;
	if (p->what == DECISION_GAMEOVER) {
		snprintf(buf, len, "game over");
		return;
	}
	snprintf(buf, len, "%s: %s%s%s", tui_side_title(p->side), names_of_decision(p->what),
		 p->subject >= 0 ? " " : "", p->subject >= 0 ? draw_unit_id(t, p->subject) : "");
}

/* ---- marks ---- */

static void clear_marks(struct tui *t)
{
	memset(t->mark, 0, sizeof t->mark);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		t->cost[i] = -1, t->double_time[i] = false, t->loss[i] = 0;
}

void play_cancel(struct tui *t)
{
	t->mode = MODE_BROWSE;
	t->sel_unit = -1;
	clear_marks(t);
}

void play_mark_action(struct tui *t, const struct action *a)
{
	clear_marks(t);
	for (int i = 0; i < a->n && i < GAME_PATH_MAX; i++)
		if (hex_valid(a->hex[i]))
			t->mark[hex_index(a->hex[i])] |= MARK_PATH;
	int d = action_dest(t, a);
	if (d != HEX_NONE)
		t->mark[hex_index(d)] |= act_aims(a->type) ? MARK_TARGET : MARK_PATH;
	if (a->unit >= 0 && a->unit < ROSTER_UNITS && hex_valid(t->g->unit[a->unit].hex))
		t->mark[hex_index(t->g->unit[a->unit].hex)] |= MARK_FROM;
	for (int i = 0; i < a->nunits && i < 8; i++)
		if (a->units[i] >= 0 && a->units[i] < ROSTER_UNITS &&
		    hex_valid(t->g->unit[a->units[i]].hex))
			t->mark[hex_index(t->g->unit[a->units[i]].hex)] |= MARK_FROM;
}

/* Number of legal actions unit u carries out (other than end/decline). */
static int unit_actions(const struct tui *t, int u)
{
	int n = 0;
	for (int i = 0; i < t->legal.n; i++)
		if (t->legal.a[i].type != ACT_END && t->legal.a[i].type != ACT_DECLINE &&
		    act_uses(&t->legal.a[i], u))
			n++;
	return n;
}

/* Movement: the MPs of the cheapest legal way to each marked destination (8.0, 8.9). */
static void mark_costs(struct tui *t, int u)
{
	enum decision w = t->g->pending.what;
	if (w != DECISION_MOVEMENT && w != DECISION_WITHDRAW_MOVE)
		return;
	struct move_dest dest[HEX_INDEX_COUNT];
	int nr = move_reachable(t->g, u, dest, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < nr; i++) {
		int idx = hex_index(dest[i].hex);
		if (idx < 0 || !(t->mark[idx] & MARK_REACH))
			continue;
		t->cost[idx] = dest[i].cost;
		t->double_time[idx] = dest[i].double_time;
	}
}

/* Retreats: the hexes every legal path to which costs steps (11.17.4B) are marked costly
 * with the fewest steps a way there costs (99: each way eliminates the unit); the count. */
static int mark_retreat_losses(struct tui *t, int u)
{
	static int8_t best[HEX_INDEX_COUNT];
	memset(best, -1, sizeof best);
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type != ACT_RETREAT || a->unit != u || a->n < 1)
			continue;
		bool dead;
		int loss = act_retreat_loss(t->g, a, &dead);
		if (dead)
			loss = 99;
		int idx = hex_index(a->hex[a->n - 1]);
		if (best[idx] < 0 || loss < best[idx])
			best[idx] = (int8_t)loss;
	}
	int n = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		if (best[i] > 0) {
			t->mark[i] |= MARK_COSTLY;
			t->loss[i] = best[i];
			n++;
		}
	return n;
}

/* Select unit u: mark its hex and every hex its legal actions lead to (tui_internal.h). */
/* Targets out of the detailed view (a gun's, far off): the view centred on the unit's hex,
 * which shows the most of them (issue 34: the view follows the selection). */
static void centre_on_targets(struct tui *t, int here)
{
	if (t->overview || t->lay.too_small || !hex_valid(here))
		return;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		if (!(t->mark[i] & MARK_TARGET))
			continue;
		int x0, y0;
		geom_hex_origin(hex_from_index(i), &x0, &y0);
		if (x0 < t->vx || x0 + GEOM_HEX_W > t->vx + t->lay.map_w || y0 < t->vy ||
		    y0 + 3 > t->vy + t->lay.map_h) {
			geom_centre(here, t->lay.map_w, t->lay.map_h, &t->vx, &t->vy);
			return;
		}
	}
}

void play_select_unit(struct tui *t, int u)
{
	clear_marks(t);
	t->sel_unit = u;
	t->mode = MODE_UNIT;
	int here = t->g->unit[u].hex;
	if (hex_valid(here))
		t->mark[hex_index(here)] |= MARK_SELECTED;
	int nd = 0, self = 0;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (!act_uses(a, u) || a->type == ACT_END || a->type == ACT_DECLINE)
			continue;
		int d = action_dest(t, a);
		if (d == HEX_NONE) {
			self++; /* done on the unit itself (a supporting advance) */
			continue;
		}
		if (d == here)
			continue;
		int idx = hex_index(d);
		if (!(t->mark[idx] & (MARK_REACH | MARK_TARGET)))
			nd++;
		t->mark[idx] |= act_aims(a->type) ? MARK_TARGET : MARK_REACH;
	}
	mark_costs(t, u);
	int costly = mark_retreat_losses(t, u);
	centre_on_targets(t, here);
	const struct unit_def *d = &tui_roster(t)->unit[u];
	if (self && !nd)
		tui_say(t, false, "%s %s: Enter again to %s it, Esc to drop", d->id, d->commander,
			names_of_decision(t->g->pending.what));
	else if (costly)
		tui_say(t, false, "%s: %d hex%s marked, %d cost steps (red -N, 11.17.4B)", d->id, nd,
			nd == 1 ? "" : "es", costly);
	else
		tui_say(t, false, "%s %s: %d hex%s marked; Enter on one to act, Esc to drop", d->id,
			d->commander, nd, nd == 1 ? "" : "es");
}

/* 11.19: the decision names the unit that advanced, but the choice is which other unit
 * follows it into the hex it left: mark those units and that hex, the cursor on the first. */
static void offer_support(struct tui *t)
{
	clear_marks(t);
	t->mode = MODE_BROWSE;
	t->sel_unit = -1;
	char names[96] = "";
	int first = HEX_NONE, into = HEX_NONE;
	size_t len = 0;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type != ACT_SUPPORT || a->unit < 0 || a->unit >= ROSTER_UNITS)
			continue;
		int h = t->g->unit[a->unit].hex;
		if (!hex_valid(h))
			continue;
		t->mark[hex_index(h)] |= MARK_FROM;
		into = a->target;
		if (first == HEX_NONE)
			first = h;
		if (len + 8 < sizeof names)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? " or " : "",
						tui_roster(t)->unit[a->unit].id);
	}
	if (first == HEX_NONE)
		return;
	if (hex_valid(into))
		t->mark[hex_index(into)] |= MARK_TARGET;
	t->cursor = first;
	tui_follow(t);
	tui_say(t, false, "11.19 supporting advance into %04d: select %s, then Enter on %04d; e declines",
		into, names, into);
}

/* The pending decision names a unit (retreat, advance, defensive fire …): select it. */
static void select_subject(struct tui *t)
{
	if (t->g->pending.what == DECISION_SUPPORT) {
		offer_support(t);
		return;
	}
	int u = t->g->pending.subject;
	if (u < 0 || u >= ROSTER_UNITS)
		return;
	play_select_unit(t, u);
	if (hex_valid(t->g->unit[u].hex)) {
		t->cursor = t->g->unit[u].hex;
		tui_follow(t);
	}
}

/* ---- choosing and applying ---- */

/* Enter with a unit selected: carry out its action that leads to the cursor hex. */
static bool act_selected(struct tui *t)
{
	int *idx = malloc((size_t)(t->legal.n + 1) * sizeof *idx);
	if (!idx)
		return false;
	int n = 0;
	int here = t->g->unit[t->sel_unit].hex;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (!act_uses(a, t->sel_unit))
			continue;
		int d = action_dest(t, a);
		/* An action that goes nowhere (a supporting advance) is done on the unit itself. */
		if (d == t->cursor || (d == HEX_NONE && here == t->cursor && a->type != ACT_END &&
				       a->type != ACT_DECLINE))
			idx[n++] = i;
	}
	bool attack = false;
	for (int i = 0; i < n; i++)
		attack |= t->legal.a[idx[i]].type == ACT_ATTACK;
	if (attack) {
		combat_view_attack(t, t->cursor, t->sel_unit);
	} else if (n == 1) {
		struct action a = t->legal.a[idx[0]];
		play_do(t, &a);
	} else if (n > 1) {
		/* several ways to the same hex (retreat paths, 11.17): the player picks one */
		char title[64];
		snprintf(title, sizeof title, "%s to %04d: which way?",
			 tui_roster(t)->unit[t->sel_unit].id, t->cursor);
		play_choose(t, title, idx, n);
	}
	free(idx);
	return n > 0;
}

int play_next_in_hex(const struct tui *t, int after, bool (*want)(const struct tui *, int u))
{
	int units[16];
	int n = unit_in_hex(t->g, t->cursor, units, 16);
	if (n > 16)
		n = 16;
	int start = 0;
	for (int i = 0; i < n; i++)
		if (units[i] == after)
			start = i + 1;
	for (int k = 0; k < n; k++) {
		int u = units[(start + k) % n];
		if (want(t, u))
			return u;
	}
	return -1;
}

static bool can_act(const struct tui *t, int u) { return unit_actions(t, u) > 0; }

/* Units in the cursor hex that can act, after `after` in stack order (wrapping). */
static int next_actor_here(const struct tui *t, int after)
{
	return play_next_in_hex(t, after, can_act);
}

/* Decisions taken for the whole army or a combat, not for a unit on the map. */
static bool decision_without_units(enum decision d)
{
	return d == DECISION_COMMITMENT || d == DECISION_WITHDRAWAL || d == DECISION_BREAK_OFF ||
	       d == DECISION_COMBAT_ROUND2 || d == DECISION_RESOLVE;
}

/* Enter with a unit selected on a hex none of its actions reaches: in the movement phase the
 * rule that forbids the move (move_check), otherwise where it may go. */
static bool say_why_not_there(struct tui *t)
{
	const struct game *g = t->g;
	int u = t->sel_unit;
	if (t->mode != MODE_UNIT || u < 0 || u >= ROSTER_UNITS)
		return false;
	const char *id = tui_roster(t)->unit[u].id;
	char why[160];
	struct action a = { .type = ACT_MOVE, .unit = u, .target = -1, .n = 1 };
	a.hex[0] = (int16_t)t->cursor;
	int16_t path[GAME_PATH_MAX];
	int npath, cost;
	bool dbl;
	if (g->pending.what == DECISION_MOVEMENT &&
	    !move_check(g, &a, path, &npath, &cost, &dbl, why, sizeof why))
		tui_say(t, true, "%s: %s", id, why);
	else
		tui_say(t, true, "%s has no %s action on %04d: Enter on a marked hex (Esc drops it)",
			id, names_of_decision(g->pending.what), t->cursor);
	return true;
}

/* The first refusal the engine gives gun u firing at the enemy units nearest it (10.3A
 * range, 10.6 sight, 13.4B, 4.5C …), or false when some enemy may be fired at. */
static bool why_no_fire(const struct game *g, int u, char *why, size_t len)
{
	int best = -1, dist = 1 << 30;
	for (int e = 0; e < ROSTER_UNITS; e++) {
		if (!unit_on_map(g, e) || unit_side(e) == unit_side(u))
			continue;
		struct fire_odds fo;
		char err[160];
		if (fire_check(g, u, e, false, &fo, err, sizeof err))
			return false;
		int d = hex_distance(g->unit[u].hex, g->unit[e].hex);
		if (d < dist) {
			dist = d;
			best = e;
			snprintf(why, len, "%s", err);
		}
	}
	if (best < 0)
		snprintf(why, len, "10.2: no enemy unit on the map");
	return true;
}

/* The first refusal the engine gives infantry u attacking each adjacent enemy hex (11.2B
 * shot to ribbons, 11.12B the creek, 13.3F, 9.3D …); false when it may attack one. */
static bool why_no_attack(const struct game *g, int u, char *why, size_t len)
{
	bool any = false;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int h = hex_neighbour(g->unit[u].hex, (enum hex_dir)d);
		if (h == HEX_NONE || !unit_enemy_in(g, h, unit_side(u)))
			continue;
		char err[160];
		if (odds_can_attack(g, u, &h, 1, err, sizeof err))
			return false;
		if (!any)
			snprintf(why, len, "%s", err);
		any = true;
	}
	if (!any)
		snprintf(why, len, "11.1A: no enemy unit adjacent");
	return true;
}

bool play_why_idle(const struct tui *t, int u, char *why, size_t len)
{
	const struct game *g = t->g;
	enum decision w = g->pending.what;
	why[0] = 0;
	if (!unit_on_map(g, u) || unit_side(u) != g->pending.side || unit_actions(t, u) > 0)
		return false;
	const struct unit_def *d = unit_def(g, u);
	char err[160] = "";
	if (w == DECISION_MOVEMENT) {
		if (move_unit_may_move(g, u, err, sizeof err))
			snprintf(err, sizeof err, "can reach no hex this phase");
		snprintf(why, len, "cannot move: %s", err);
	} else if (w == DECISION_ARTILLERY && d->type == UNIT_ARTILLERY) {
		if (g->unit[u].flags & UF_FIRED)
			return false; /* it has acted */
		if (!why_no_fire(g, u, err, sizeof err))
			return false;
		snprintf(why, len, "cannot fire: %s", err);
	} else if ((w == DECISION_COMBAT || w == DECISION_COMBAT_ROUND2) &&
		   d->type == UNIT_INFANTRY) {
		if (g->unit[u].flags & UF_ATTACKED || !why_no_attack(g, u, err, sizeof err))
			return false;
		snprintf(why, len, "cannot attack: %s", err);
	} else {
		return false;
	}
	return true;
}

/* Enter on a unit of the deciding side that has nothing to do: say which rule holds it
 * (Hood on turn 1, a corps not Committed, out of range, shot to ribbons …), from the engine. */
static bool say_why_held(struct tui *t)
{
	const struct game *g = t->g;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (g->unit[u].hex != t->cursor || !unit_on_map(g, u))
			continue;
		char why[200];
		if (!play_why_idle(t, u, why, sizeof why))
			continue;
		tui_say(t, true, "%s %s", tui_roster(t)->unit[u].id, why);
		return true;
	}
	return false;
}

/* 11.15B: mark the hexes of the units that may lose the next step, the cursor on the
 * first, and say what is asked and why those units. */
static void offer_step_loss(struct tui *t)
{
	clear_marks(t);
	t->mode = MODE_BROWSE;
	t->sel_unit = -1;
	char names[128] = "";
	size_t len = 0;
	int first = HEX_NONE;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		int h = a->type == ACT_LOSE ? action_dest(t, a) : HEX_NONE;
		if (h == HEX_NONE)
			continue;
		t->mark[hex_index(h)] |= MARK_TARGET;
		if (first == HEX_NONE)
			first = h;
		if (len + 16 < sizeof names)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s in %04d",
						len ? ", " : "", draw_unit_id(t, a->unit), h);
	}
	if (first == HEX_NONE)
		return;
	t->cursor = first;
	tui_follow(t);
	int left = t->g->combat.defender_loss;
	tui_say(t, false, "11.15B: which unit loses the next step (%d to take)? %s; Enter on a "
		"marked hex (11.15C: a stack's infantry before its guns)", left, names);
}

/* Enter at a step-loss decision: the unit of the cursor hex that may lose the step. */
static void enter_step_loss(struct tui *t)
{
	int idx[8], n = 0;
	for (int i = 0; i < t->legal.n && n < 8; i++)
		if (t->legal.a[i].type == ACT_LOSE && action_dest(t, &t->legal.a[i]) == t->cursor)
			idx[n++] = i;
	if (n == 1) {
		struct action a = t->legal.a[idx[0]];
		play_do(t, &a);
	} else if (n > 1) {
		play_choose(t, "Which unit loses the step?", idx, n);
	} else {
		tui_say(t, true, "11.15B: no unit of %04d may lose this step: Enter on a marked hex",
			t->cursor);
	}
}

void play_enter(struct tui *t)
{
	if (t->g->pending.what == DECISION_GAMEOVER) {
		dialog_report(t);
		return;
	}
	if (t->g->pending.what == DECISION_STEP_LOSS) {
		enter_step_loss(t);
		return;
	}
	if (t->g->pending.what == DECISION_SETUP) {
		setup_enter(t);
		return;
	}
	if (t->mode == MODE_UNIT && t->sel_unit >= 0) {
		if (act_selected(t))
			return;
		/* Enter again on the selected unit's own hex: the next unit of the stack. */
	}
	int u = next_actor_here(t, t->mode == MODE_UNIT ? t->sel_unit : -1);
	if (u >= 0) {
		play_select_unit(t, u);
		return;
	}
	/* No unit of ours here: actions aimed at this hex (attack, resolve, break off …). */
	if (combat_view_has_attack(t, t->cursor)) {
		combat_view_attack(t, t->cursor, -1);
		return;
	}
	int *idx = malloc((size_t)(t->legal.n + 1) * sizeof *idx);
	if (!idx)
		return;
	int n = 0;
	for (int i = 0; i < t->legal.n; i++)
		if (action_dest(t, &t->legal.a[i]) == t->cursor)
			idx[n++] = i;
	if (n > 0) {
		char title[64];
		snprintf(title, sizeof title, "Actions on %04d", t->cursor);
		play_choose(t, title, idx, n);
	} else if (decision_without_units(t->g->pending.what)) {
		play_menu(t, false);
	} else if (!say_why_held(t) && !say_why_not_there(t)) {
		tui_say(t, true, "nothing to do at %04d (n: next unit, a: every legal action)",
			t->cursor);
	}
	free(idx);
}

void play_next_unit(struct tui *t)
{
	if (t->g->pending.what == DECISION_SETUP) {
		setup_next(t);
		return;
	}
	/* Reinforcements waiting to enter first (9.0), then units that have not moved or fired
	 * yet, then any that can act. */
	for (int pass = 0; pass < 3; pass++) {
		for (int k = 1; k <= ROSTER_UNITS; k++) {
			int u = ((t->sel_unit < 0 ? -1 : t->sel_unit) + k) % ROSTER_UNITS;
			if (pass == 0 && hex_valid(t->g->unit[u].hex))
				continue;
			if (pass == 1 && (t->g->unit[u].flags & (UF_MOVED | UF_FIRED)))
				continue;
			if (unit_actions(t, u) == 0)
				continue;
			play_select_unit(t, u);
			int h = t->g->unit[u].hex;
			if (!hex_valid(h)) { /* off the map (a reinforcement): show where it can go */
				for (int i = 0; i < t->legal.n && !hex_valid(h); i++)
					if (act_uses(&t->legal.a[i], u))
						h = action_dest(t, &t->legal.a[i]);
			}
			if (hex_valid(h)) {
				t->cursor = h;
				tui_show(t); /* a jump off the view: centred on it */
			}
			return;
		}
	}
	tui_say(t, false, "no unit can act now: e ends the %s", names_of_decision(t->g->pending.what));
}

/* `e` where the decision cannot end: the engine's reason (its refusal of `end`); an attack
 * 11.1B still requires is offered in the attack builder. */
static void say_why_no_end(struct tui *t)
{
	struct game *copy = malloc(sizeof *copy);
	if (!copy) {
		tui_say(t, true, "out of memory");
		return;
	}
	*copy = *t->g;
	char err[256] = "";
	struct action end = { .type = ACT_END, .unit = -1, .target = -1 };
	bool ended = game_apply(copy, &end, err, sizeof err);
	free(copy);
	enum decision w = t->g->pending.what;
	int att = -1;
	int e = (w == DECISION_COMBAT || w == DECISION_COMBAT_ROUND2) ?
		combat_missing_attack(t->g, &att) : -1;
	if (e >= 0 && att >= 0) {
		int hex = t->g->unit[e].hex;
		const char *eid = draw_unit_id(t, e), *aid = draw_unit_id(t, att);
		char q[320];
		if (combat_view_has_attack(t, hex)) {
			snprintf(q, sizeof q, "11.1B: %s (%04d) must be attacked too: %s has it in its "
				 "ZOC. Go there? (y/n)", eid, hex, aid);
			if (dialog_confirm(t, q)) {
				t->cursor = hex;
				tui_follow(t);
				combat_view_attack(t, hex, att);
			} else {
				tui_say(t, true, "11.1B: the declarations go on until %04d is attacked", hex);
			}
			return;
		}
		/* Nobody may attack it now: the attacker's own declaration must be made again,
		 * taking in that hex too (11.3B). */
		int from = HEX_NONE;
		const struct combat_state *cs = &t->g->combat;
		for (int i = 0; i < cs->ndecl && i < COMBAT_DECL_MAX; i++)
			for (int k = 0; k < cs->decl[i].nattackers && k < COMBAT_ATTACKERS_MAX; k++)
				if (cs->decl[i].attacker[k] == att)
					from = cs->decl[i].defhex[0];
		snprintf(q, sizeof q, "11.1B: %s (%04d) must be attacked too. Redeclare %s (now on "
			 "%04d)? (y/n)", eid, hex, aid, from);
		if (from == HEX_NONE || !dialog_confirm(t, q)) {
			tui_say(t, true, "11.1B: %s in %04d must be attacked (a: decline %04d to declare "
				"again)", eid, hex, from);
			return;
		}
		struct action decline = { .type = ACT_DECLINE, .unit = -1, .target = from };
		if (!tui_apply(t, &decline))
			return;
		t->cursor = hex;
		tui_follow(t);
		combat_view_attack(t, hex, att);
		return;
	}
	if (ended) /* cannot happen: `end` was not legal */
		err[0] = 0;
	tui_say(t, true, "e: the %s cannot end now%s%s", names_of_decision(w), err[0] ? ": " : "",
		err);
}

void play_end(struct tui *t)
{
	/* `end`, else the decline of an optional step (defensive fire, advance, support) — never
	 * a decline that withdraws a declared attack (those name a hex). */
	int end = -1;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type == ACT_END) {
			end = i;
			break;
		}
		if (a->type == ACT_DECLINE && a->target < 0 && end < 0)
			end = i;
	}
	if (end < 0) {
		say_why_no_end(t);
		return;
	}
	/* The warning of a careful opponent: units that could still act. */
	char names[160] = "";
	int waiting = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (unit_actions(t, u) == 0 || (t->g->unit[u].flags & (UF_MOVED | UF_FIRED)))
			continue;
		if (waiting < 6) {
			size_t len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s", len ? " " : "", draw_unit_id(t, u));
		}
		waiting++;
	}
	enum decision w = t->g->pending.what;
	if (waiting > 0 && (w == DECISION_MOVEMENT || w == DECISION_ARTILLERY || w == DECISION_COMBAT)) {
		char q[320];
		snprintf(q, sizeof q, "%d unit%s could still act (%s%s). End the %s %s? (y/n)", waiting,
			 waiting == 1 ? "" : "s", names, waiting > 6 ? " ..." : "", names_of_decision(w),
			 w == DECISION_COMBAT ? "declarations" : "phase");
		if (!dialog_confirm(t, q))
			return;
	}
	struct action a = t->legal.a[end];
	tui_apply(t, &a);
}

/* At the start of a movement, artillery or combat phase: what can be done in it. */
static void announce_phase(struct tui *t)
{
	const struct game *g = t->g;
	enum decision w = g->pending.what;
	if (w != DECISION_MOVEMENT && w != DECISION_ARTILLERY && w != DECISION_COMBAT &&
	    w != DECISION_COMBAT_ROUND2)
		return;
	if (w == DECISION_COMBAT && g->combat.ndecl > 0) /* not its start (a loaded game) */
		return;
	/* an autosave that failed at the phase's end is not hidden by the new phase's hint
	 * (issue 33); the hint comes once the autosaves work again */
	if (match_autosave_error(t->match)[0]) {
		tui_say(t, true, "the autosave failed: %s (S saves elsewhere)",
			match_autosave_error(t->match));
		return;
	}
	/* the second round of combat is a start of its own */
	int phase = (int)g->phase + (w == DECISION_COMBAT_ROUND2 ? 100 : 0);
	if (t->hint_turn == g->turn && t->hint_side == (int)g->side && t->hint_phase == phase)
		return;
	t->hint_turn = g->turn;
	t->hint_side = (int)g->side;
	t->hint_phase = phase;
	static bool unit_seen[ROSTER_UNITS];
	static bool hex_seen[HEX_INDEX_COUNT];
	memset(unit_seen, 0, sizeof unit_seen);
	memset(hex_seen, 0, sizeof hex_seen);
	int units = 0, hexes = 0;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type == ACT_END || a->type == ACT_DECLINE)
			continue;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (!unit_seen[u] && act_uses(a, u))
				unit_seen[u] = true, units++;
		int d = action_dest(t, a);
		if (d != HEX_NONE && !hex_seen[hex_index(d)])
			hex_seen[hex_index(d)] = true, hexes++;
	}
	const char *side = tui_side_title(g->side);
	char nocommit[200] = "";
	if (w == DECISION_MOVEMENT && g->side == SIDE_UNION && !g->opt.unleashed) {
		char why[160]; /* the commitment step the sequence skipped (5.2 A1c), and why */
		if (!commit_commitment_why_not(g, why, sizeof why))
			snprintf(nocommit, sizeof nocommit, "; no commitment step: %s", why);
	}
	if (w == DECISION_MOVEMENT) {
		tui_say(t, false, "%s movement (8.0): %d unit%s can move: n next, a list, e ends%s",
			side, units, units == 1 ? "" : "s", nocommit);
	} else if (w == DECISION_ARTILLERY) {
		if (units)
			tui_say(t, false, "%s artillery fire (10.0): %d gun%s can fire: n for the next, "
				"e ends", side, units, units == 1 ? "" : "s");
		else
			tui_say(t, false, "%s artillery fire (10.0): no gun can fire: e ends the phase",
				side);
	} else if (w == DECISION_COMBAT_ROUND2) {
		tui_say(t, false, "%s combat, round 2 (11.5E): %d unit%s may attack again (not "
			"required, 11.3C): Enter on a hex n marks, e for no more", side, units,
			units == 1 ? "" : "s");
	} else if (units) {
		tui_say(t, false, "%s combat (11.0): %d unit%s can attack %d hex%s: Enter on one "
			"(marked by n), e ends", side, units, units == 1 ? "" : "s", hexes,
			hexes == 1 ? "" : "es");
	} else {
		tui_say(t, false, "%s combat (11.0): no unit can attack: e ends the phase", side);
	}
}

void play_after_change(struct tui *t)
{
	select_subject(t);
	announce_phase(t);
	if (t->g->pending.what == DECISION_STEP_LOSS) {
		offer_step_loss(t);
		return;
	}
	/* Choosing the next combat to resolve or which to break off: mark those hexes and put
	 * the cursor on the first, so Enter there does it. */
	enum decision w = t->g->pending.what;
	if (w != DECISION_RESOLVE && w != DECISION_BREAK_OFF)
		return;
	int first = HEX_NONE;
	for (int i = 0; i < t->legal.n; i++) {
		int d = action_dest(t, &t->legal.a[i]);
		if (d == HEX_NONE)
			continue;
		t->mark[hex_index(d)] |= MARK_TARGET;
		if (first == HEX_NONE)
			first = d;
	}
	if (first != HEX_NONE) {
		t->cursor = first;
		tui_follow(t);
		tui_say(t, false, "%s: Enter on a marked hex, e for %s",
			w == DECISION_RESOLVE ? "resolve which combat first (11.4E)" :
						"break off which combat (11.5E)",
			w == DECISION_RESOLVE ? "the order of declaration" : "none");
	}
}

void play_los(struct tui *t)
{
	/* From the selected unit's hex (a gun, usually), else from the hex marked last. */
	int from = t->los_from;
	if (t->sel_unit >= 0 && hex_valid(t->g->unit[t->sel_unit].hex))
		from = t->g->unit[t->sel_unit].hex;
	if (!hex_valid(from) || from == t->cursor) {
		t->los_from = t->cursor;
		tui_say(t, false, "line of sight from %04d: move the cursor to a target and press o",
			t->cursor);
		return;
	}
	struct los_result r;
	bool clear = los_trace(&t->scn->map, from, t->cursor, &r);
	struct hex_step steps[HEX_LINE_MAX];
	int n = hex_line(from, t->cursor, steps);
	int keep = t->sel_unit;
	clear_marks(t);
	t->sel_unit = keep;
	for (int i = 0; i < n; i++) {
		t->mark[hex_index(steps[i].hex)] |= MARK_PATH;
		if (steps[i].edge && hex_valid(steps[i].other))
			t->mark[hex_index(steps[i].other)] |= MARK_PATH;
	}
	if (!clear && hex_valid(r.hex))
		t->mark[hex_index(r.hex)] |= MARK_TARGET;
	if (!clear && hex_valid(r.other))
		t->mark[hex_index(r.other)] |= MARK_TARGET;
	tui_say(t, !clear, "LOS %04d -> %04d, range %d: %s", from, t->cursor,
		hex_distance(from, t->cursor), clear ? "clear" : r.why);
}
