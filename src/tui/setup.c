/* setup.c — owns the quick set-up (4.2, DECISION_SETUP) on the map: selecting a unit to
 * place marks the hexes where the engine's legal `place` actions put it, Enter on one
 * places it, `r` removes a placed unit, `u` the last one placed, `f` fills the rest with the 4.3 positions
 * (quick_historical) and `p` lists the units still to place. Every change goes through
 * tui_apply, so it is recorded like any other action; no rule is decided here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "quick.h"
#include "tui_internal.h"

bool setup_pending(const struct tui *t)
{
	return t->playing && t->g->pending.what == DECISION_SETUP;
}

bool setup_to_place(const struct tui *t, int u)
{
	return unit_side(u) == t->g->pending.side && t->g->unit[u].hex == HEX_NONE &&
	       quick_zone(t->g, u) != NULL;
}

/* The legal action of this type for unit u (at hex for a place; HEX_NONE: anywhere), or -1. */
static int legal_for(const struct tui *t, enum action_type type, int u, int hex)
{
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type == type && a->unit == u && (type != ACT_PLACE || hex == HEX_NONE || a->target == hex))
			return i;
	}
	return -1;
}

/* Select u; the cursor stays when it is on a marked hex, else goes to the first one. */
static void setup_select(struct tui *t, int u)
{
	play_select_unit(t, u);
	const struct unit_def *d = unit_def(t->g, u);
	if (!setup_to_place(t, u)) {
		t->cursor = t->g->unit[u].hex;
		tui_follow(t);
		tui_say(t, false, "%s %s placed in %04d: r removes it, Enter the next of the stack",
			d->id, d->commander, t->cursor);
		return;
	}
	int first = HEX_NONE, n = 0;
	for (int i = 0; i < t->legal.n; i++)
		if (t->legal.a[i].type == ACT_PLACE && t->legal.a[i].unit == u) {
			if (first == HEX_NONE)
				first = t->legal.a[i].target;
			n++;
		}
	if (n == 0) {
		char why[160] = "no hex";
		const struct map_zone *z = quick_zone(t->g, u);
		if (z && z->nhexes > 0)
			quick_place_why(t->g, u, z->hexes[0], why, sizeof why);
		tui_say(t, true, "%s %s cannot be placed now (%s)", d->id, d->commander, why);
		return;
	}
	if (legal_for(t, ACT_PLACE, u, t->cursor) < 0) {
		t->cursor = first;
		tui_follow(t);
	}
	tui_say(t, false, "%s %s (%s): %d hex%s of its zone marked; Enter places it", d->id,
		d->commander, d->formation, n, n == 1 ? "" : "es");
}

void setup_next(struct tui *t)
{
	int from = t->sel_unit < 0 ? -1 : t->sel_unit;
	for (int k = 1; k <= ROSTER_UNITS; k++) {
		int u = (from + k) % ROSTER_UNITS;
		if (setup_to_place(t, u) && legal_for(t, ACT_PLACE, u, HEX_NONE) >= 0) {
			setup_select(t, u);
			return;
		}
	}
	tui_say(t, false, "every %s unit is placed: e ends the set-up", tui_side_title(t->g->pending.side));
}

static bool setting_up(const struct tui *t, int u)
{
	return unit_side(u) == t->g->pending.side;
}

/* Units of the side setting up in the cursor hex, after `after` (wrapping), or -1. */
static int own_here(const struct tui *t, int after)
{
	return play_next_in_hex(t, after, setting_up);
}

void setup_enter(struct tui *t)
{
	int u = t->sel_unit;
	if (t->mode == MODE_UNIT && u >= 0 && setup_to_place(t, u)) {
		int i = legal_for(t, ACT_PLACE, u, t->cursor);
		if (i >= 0) {
			struct action a = t->legal.a[i];
			if (tui_apply(t, &a)) {
				t->sel_unit = u; /* so the next unit to place follows this one */
				setup_next(t);
				char line[POSITION_ACTION_TEXT];
				action_format(t->scn, &a, line, sizeof line);
				if (!t->msg_error && t->sel_unit >= 0 && t->sel_unit != u)
					tui_say(t, false, "done: %s; next %s (Enter places it, n another)",
						line, draw_unit_id(t, t->sel_unit));
			}
			return;
		}
		if (own_here(t, -1) < 0) { /* say why not, in the engine's words */
			char why[160];
			quick_place_why(t->g, u, t->cursor, why, sizeof why);
			tui_say(t, true, "%s", why);
			return;
		}
	}
	int v = own_here(t, t->mode == MODE_UNIT ? u : -1);
	if (v >= 0)
		setup_select(t, v);
	else
		tui_say(t, true, "nothing of yours at %04d (n: next unit to place, p: list)", t->cursor);
}

void setup_remove(struct tui *t)
{
	if (!setup_pending(t)) {
		tui_say(t, true, "r removes a unit only during the quick set-up (4.2)");
		return;
	}
	int u = t->sel_unit;
	if (u < 0 || setup_to_place(t, u) || t->g->unit[u].hex != t->cursor)
		u = own_here(t, -1);
	if (u < 0) {
		tui_say(t, true, "no unit of yours placed at %04d to remove", t->cursor);
		return;
	}
	struct action a = { .type = ACT_REMOVE, .unit = u, .target = -1 };
	if (tui_apply(t, &a)) {
		setup_select(t, u); /* ready to be placed again */
		if (!t->msg_error)
			tui_say(t, false, "%s removed: Enter on a marked hex places it again, n another",
				draw_unit_id(t, u));
	}
}

void setup_undo(struct tui *t)
{
	/* The game's record says which unit was placed last and is still where it was put. */
	const struct position_record *rec = match_record(t->match);
	for (int i = rec->n - 1; i >= 0; i--) {
		struct action a;
		char err[256];
		if (!action_parse(t->scn, rec->action[i], &a, err, sizeof err) ||
		    a.type != ACT_PLACE || unit_side(a.unit) != t->g->pending.side ||
		    t->g->unit[a.unit].hex != a.target)
			continue;
		t->sel_unit = a.unit;
		t->cursor = a.target;
		tui_follow(t);
		setup_remove(t);
		return;
	}
	tui_say(t, true, "no %s unit placed to take back", tui_side_title(t->g->pending.side));
}

void setup_fill(struct tui *t)
{
	if (!setup_pending(t)) {
		tui_say(t, true, "f fills the set-up only during the quick set-up (4.2)");
		return;
	}
	struct action acts[ROSTER_UNITS];
	int n = quick_historical(t->g, acts, ROSTER_UNITS);
	if (n == 0) {
		tui_say(t, false, "every unit is placed: e ends the set-up");
		return;
	}
	char q[128];
	snprintf(q, sizeof q, "Place the %d unit%s left on their 4.3 hexes? (y/n)", n, n == 1 ? "" : "s");
	if (!dialog_confirm(t, q))
		return;
	int placed = 0;
	char first[256] = "";
	for (int i = 0; i < n; i++) {
		if (tui_apply(t, &acts[i]))
			placed++;
		else if (!first[0])
			snprintf(first, sizeof first, "%s", t->msg);
	}
	if (placed == n)
		tui_say(t, false, "%d unit%s placed on their 4.3 hexes: e ends the set-up", placed,
			placed == 1 ? "" : "s");
	else
		tui_say(t, true, "%d of %d placed; the others' 4.3 hexes are refused (%s)", placed, n,
			first);
}

/* dialog_menu preview: show where the highlighted unit may go. */
static void preview_unit(struct tui *t, int item, void *ctx)
{
	const int *units = ctx;
	setup_select(t, units[item]);
}

void setup_list(struct tui *t)
{
	if (!setup_pending(t)) {
		tui_say(t, true, "p lists the units to place only during the quick set-up (4.2)");
		return;
	}
	int units[ROSTER_UNITS], n = 0;
	static char text[ROSTER_UNITS][96];
	const char *items[ROSTER_UNITS];
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!setup_to_place(t, u))
			continue;
		const struct unit_def *d = unit_def(t->g, u);
		snprintf(text[n], sizeof text[n], "%-4s %-4s %-14s %d steps%s", d->id, d->formation,
			 d->commander, d->steps, d->type == UNIT_ARTILLERY ? " (art.)" : "");
		items[n] = text[n];
		units[n++] = u;
	}
	if (n == 0) {
		tui_say(t, false, "every unit is placed: e ends the set-up");
		return;
	}
	int keep = t->cursor;
	char title[64];
	snprintf(title, sizeof title, "%s units to place: %d", tui_side_title(t->g->pending.side), n);
	int k = dialog_menu(t, title, items, n, 0, preview_unit, units);
	if (k >= 0) {
		setup_select(t, units[k]);
	} else {
		play_cancel(t);
		t->cursor = keep;
		tui_follow(t);
	}
}
