/* choose.c — owns the lists of legal actions a player picks from (the `a` and `x` lists,
 * several ways to one hex): each line is the action's command (action_format) with what it
 * risks or promises — a fire's or an attack's chance of effect, the steps a retreat path
 * costs (11.17.4B) — in act_order's order (the costly retreat paths last, the best chances
 * first), the movement phase's thousands of moves grouped per unit; and carrying out the
 * chosen action through the view that shows its odds first (fire, attack). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act.h"
#include "action_text.h"
#include "move.h"
#include "tui_internal.h"

#define ITEM_W 176

int tui_percent(int sixths)
{
	return (sixths * 100 + 3) / 6; /* rounded: 4 in 6 is 67% */
}

/* A move's cost and where it ends: "  3 MP, woods, high ground" ("9 MP double-time", 8.9),
 * as the engine checks the move (move_check: the cheapest way when one hex is given). */
static void move_suffix(const struct tui *t, const struct action *a, char *buf, size_t len)
{
	int16_t path[GAME_PATH_MAX];
	int np = 0, cost = 0;
	bool dt = false;
	char err[8];
	if (!move_check(t->g, a, path, &np, &cost, &dt, err, 0) || np < 1)
		return;
	const struct map_hex *mh = map_hex(&t->scn->map, path[np - 1]);
	snprintf(buf, len, "  %d MP%s, %s, %s ground", cost, dt ? " double-time (8.9)" : "",
		 map_terrain_name(mh->terrain), mh->high ? "high" : "low");
}

void play_describe_action(const struct tui *t, const struct action *a, char *buf, size_t len)
{
	action_format(t->scn, a, buf, len);
	size_t n = strlen(buf);
	int six = act_effect_sixths(t->g, a);
	struct combat_outcome o;
	if (six >= 0 && a->type == ACT_FIRE)
		snprintf(buf + n, len - n, "  %d%% hit", tui_percent(six));
	else if (act_outcome(t->g, a, &o)) /* both rounds (11.5E): the defender's fate, the steps */
		snprintf(buf + n, len - n, "  elim %d%% retreat %d%% yours -%.1f his -%.1f",
			 (int)(o.eliminated * 100 + 0.5), (int)(o.retreat * 100 + 0.5), o.att_steps,
			 o.def_steps);
	else if (a->type == ACT_MOVE)
		move_suffix(t, a, buf + n, len - n);
	bool dead;
	int loss = act_retreat_loss(t->g, a, &dead);
	if (dead)
		snprintf(buf + n, len - n, "  ELIMINATED (11.17.4B)");
	else if (loss > 0)
		snprintf(buf + n, len - n, "  -%d step%s (11.17.4B)", loss, loss == 1 ? "" : "s");
}

/* Breaking off a combat (11.5E) sends every unit of the side in it back: asked first, as an
 * Enter meant for something else (the hand-over before it) must not do it. */
static void break_off(struct tui *t, const struct action *a)
{
	char q[160];
	snprintf(q, sizeof q, "Break off the combat at %04d (11.5E)? All your units in it retreat. "
		 "(y/n)", a->target);
	if (dialog_confirm(t, q))
		tui_apply(t, a);
	else
		tui_say(t, false, "not broken off: Enter on a marked hex breaks off, e for none");
}

/* Carry out one legal action: fire and attacks show their odds first, the rest go in. */
void play_do(struct tui *t, const struct action *a)
{
	struct action copy = *a;
	if (copy.type == ACT_END)
		play_end(t); /* with its warning when units could still act */
	else if (copy.type == ACT_FIRE)
		combat_view_fire(t, &copy);
	else if (copy.type == ACT_ATTACK)
		combat_view_declare(t, &copy);
	else if (copy.type == ACT_BREAK_OFF)
		break_off(t, &copy);
	else
		tui_apply(t, &copy);
}

struct menu_ctx {
	int *index;   /* legal[] index of each item */
	int saved_cursor;
};

static void preview_action(struct tui *t, int item, void *vctx)
{
	struct menu_ctx *ctx = vctx;
	const struct action *a = &t->legal.a[ctx->index[item]];
	play_mark_action(t, a);
	int d = act_dest(t->g, a);
	if (d == HEX_NONE && a->unit >= 0 && a->unit < ROSTER_UNITS)
		d = t->g->unit[a->unit].hex;
	if (hex_valid(d)) {
		t->cursor = d;
		tui_follow(t);
	}
}

void play_choose(struct tui *t, const char *title, int *idx, int n)
{
	if (n == 0)
		return;
	char **items = malloc((size_t)n * sizeof *items);
	char *text = malloc((size_t)n * ITEM_W);
	if (!items || !text) {
		free(items);
		free(text);
		tui_say(t, true, "out of memory");
		return;
	}
	act_order(t->g, t->legal.a, idx, n); /* safe paths, best chances first */
	for (int i = 0; i < n; i++) {
		items[i] = text + (size_t)i * ITEM_W;
		play_describe_action(t, &t->legal.a[idx[i]], items[i], ITEM_W);
	}
	struct menu_ctx ctx = { idx, t->cursor };
	int sel_before = t->sel_unit;
	int k = dialog_menu(t, title, (const char *const *)items, n, 0, preview_action, &ctx);
	free(text);
	free(items);
	if (k < 0) {
		t->cursor = ctx.saved_cursor;
		tui_follow(t);
		if (sel_before >= 0)
			play_select_unit(t, sel_before);
		else
			play_cancel(t);
		return;
	}
	struct action a = t->legal.a[idx[k]];
	play_do(t, &a);
}

/* The unit whose line of the grouped list an action belongs to (its unit, else its first
 * listed unit), or -1 for actions of no unit (end, commit …). */
static int action_owner(const struct action *a)
{
	if (a->unit >= 0 && a->unit < ROSTER_UNITS)
		return a->unit;
	if (a->nunits > 0 && a->units[0] >= 0 && a->units[0] < ROSTER_UNITS)
		return a->units[0];
	return -1;
}

/* Show the unit of the grouped list's highlighted line on the map. */
static void preview_unit(struct tui *t, int item, void *vctx)
{
	const int *owner = vctx;
	int u = owner[item];
	if (u < 0) {
		play_cancel(t);
		return;
	}
	play_select_unit(t, u);
	int h = t->g->unit[u].hex;
	for (int i = 0; i < t->legal.n && !hex_valid(h); i++) /* a reinforcement: where it enters */
		if (act_uses(&t->legal.a[i], u))
			h = act_dest(t->g, &t->legal.a[i]);
	if (hex_valid(h)) {
		t->cursor = h;
		tui_follow(t);
	}
}

/* The `a` list with many actions of many units: one line per unit ("U12 Ricketts in 1707:
 * 34 moves"), then that unit's own list; actions of no unit (end …) keep a line each. */
static void choose_grouped(struct tui *t, const char *title, int *idx, int n)
{
	int *owner = malloc((size_t)n * sizeof *owner);
	int *first = malloc((size_t)n * sizeof *first);
	int *count = malloc((size_t)n * sizeof *count);
	char *text = malloc((size_t)n * ITEM_W);
	const char **items = malloc((size_t)n * sizeof *items);
	int *sub = malloc((size_t)n * sizeof *sub);
	int saved = t->cursor, sel_before = t->sel_unit;
	if (!owner || !first || !count || !text || !items || !sub) {
		tui_say(t, true, "out of memory");
		goto done;
	}
	int ng = 0;
	for (int i = 0; i < n; i++) {
		const struct action *a = &t->legal.a[idx[i]];
		int u = action_owner(a), g = -1;
		for (int k = 0; k < ng && u >= 0; k++)
			if (owner[k] == u)
				g = k;
		if (g < 0) {
			g = ng++;
			owner[g] = u;
			first[g] = i;
			count[g] = 0;
		}
		count[g]++;
	}
	for (int g = 0; g < ng; g++) {
		char *line = text + (size_t)g * ITEM_W;
		items[g] = line;
		int u = owner[g];
		if (u < 0) {
			action_format(t->scn, &t->legal.a[idx[first[g]]], line, ITEM_W);
			continue;
		}
		const struct unit_def *d = unit_def(t->g, u);
		int h = t->g->unit[u].hex;
		char where[16];
		snprintf(where, sizeof where, hex_valid(h) ? "in %04d" : "to enter", h);
		snprintf(line, ITEM_W, "%-4s %-14.14s %-8s %3d %s", d->id, d->commander, where,
			 count[g], t->g->pending.what == DECISION_MOVEMENT ?
			 (count[g] == 1 ? "move" : "moves") : (count[g] == 1 ? "action" : "actions"));
	}
	int k = dialog_menu(t, title, items, ng, 0, preview_unit, owner);
	if (k < 0) {
		t->cursor = saved;
		tui_follow(t);
		if (sel_before >= 0)
			play_select_unit(t, sel_before);
		else
			play_cancel(t);
		goto done;
	}
	if (owner[k] < 0) {
		struct action a = t->legal.a[idx[first[k]]];
		play_do(t, &a);
		goto done;
	}
	int ns = 0;
	for (int i = 0; i < n; i++)
		if (action_owner(&t->legal.a[idx[i]]) == owner[k])
			sub[ns++] = idx[i];
	char sub_title[96];
	snprintf(sub_title, sizeof sub_title, "%s: %d action%s", unit_def(t->g, owner[k])->id, ns,
		 ns == 1 ? "" : "s");
	play_select_unit(t, owner[k]);
	play_choose(t, sub_title, sub, ns);
done:
	free(owner);
	free(first);
	free(count);
	free(text);
	free(items);
	free(sub);
}

void play_menu(struct tui *t, bool only_cursor)
{
	int *idx = malloc((size_t)(t->legal.n + 1) * sizeof *idx);
	if (!idx)
		return;
	int n = 0, units = 0;
	static bool seen[ROSTER_UNITS];
	memset(seen, 0, sizeof seen);
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (only_cursor) {
			bool here = act_dest(t->g, a) == t->cursor;
			if (a->unit >= 0 && a->unit < ROSTER_UNITS && t->g->unit[a->unit].hex == t->cursor)
				here = true;
			for (int k = 0; k < a->nunits && k < 8; k++)
				if (a->units[k] >= 0 && a->units[k] < ROSTER_UNITS &&
				    t->g->unit[a->units[k]].hex == t->cursor)
					here = true;
			if (!here)
				continue;
		}
		int u = action_owner(a);
		if (u >= 0 && !seen[u])
			seen[u] = true, units++;
		idx[n++] = i;
	}
	char title[160], pend[128];
	play_describe_pending(t, pend, sizeof pend);
	snprintf(title, sizeof title, "%s - %d action%s%s", pend, n, n == 1 ? "" : "s",
		 only_cursor ? " here" : "");
	if (n == 0)
		tui_say(t, true, "no legal action %s", only_cursor ? "involves this hex" : "now");
	else if (units > 1 && n > 2 * units) /* e.g. 9,538 moves of 60 units: one line each */
		choose_grouped(t, title, idx, n);
	else
		play_choose(t, title, idx, n);
	free(idx);
}
