/* panel.c — owns the side panel: the hex under the cursor (terrain, every hexside,
 * objective, control) and each unit of its stack with all its values, the selected unit,
 * the corps during commitment and withdrawal, the units still to place in the quick set-up
 * (4.2), and the attacks declared in a combat phase.
 * Lines are built first, folded to the panel's width, then drawn with a scroll offset. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <ctype.h>
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui_internal.h"

bool panel_corps_in_game(const struct game *g, int c)
{
	for (int u = 0; u < ROSTER_UNION; u++)
		if (unit_def(g, u)->corps == c && !(g->unit[u].flags & UF_REMOVED))
			return true;
	return false;
}

/* "I:C II:A V:U": corps from..to-1 with the initial of their status (13.0), the corps with
 * no unit in the game (a scenario's, start.h) left out. */
void panel_corps_summary(const struct game *g, int from, int to, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (int c = from; c < to && n < len; c++) {
		if (!panel_corps_in_game(g, c))
			continue;
		const char *st = names_of_corps_status(g->corps[c]);
		n += (size_t)snprintf(buf + n, len - n, "%s%s:%c", n ? " " : "", names_of_corps(c),
				      st && st[0] ? toupper((unsigned char)st[0]) : '?');
	}
}


#define PANEL_LINES 256
static char panel_text[PANEL_LINES][128];
static attr_t panel_attr[PANEL_LINES];
static int npanel;

static void pl(attr_t attr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void pl(attr_t attr, const char *fmt, ...)
{
	if (npanel >= PANEL_LINES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(panel_text[npanel], sizeof panel_text[npanel], fmt, ap);
	va_end(ap);
	panel_attr[npanel++] = attr;
}

static void panel_sides(const struct tui *t, int hex)
{
	static const char *const dn[] = { "N ", "NE", "SE", "S ", "SW", "NW" };
	int plain = 0;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int nb = hex_neighbour(hex, d);
		if (nb == HEX_NONE)
			continue;
		unsigned f = map_side(&t->scn->map, hex, nb);
		if (!f) {
			plain++;
			continue;
		}
		char feats[96] = "";
		for (int b = 0; b < SIDE_FEATURE_COUNT; b++)
			if (f & (1u << b)) {
				const char *nm = map_feature_name(1u << b);
				size_t len = strlen(feats);
				snprintf(feats + len, sizeof feats - len, "%s%s", len ? "+" : "",
					 nm ? nm : "?");
			}
		pl(A_NORMAL, " %s %04d %s", dn[d], nb, feats);
	}
	if (plain)
		pl(A_DIM, " %d plain side%s", plain, plain > 1 ? "s" : "");
}

static void panel_unit(const struct tui *t, int u)
{
	const struct unit_def *d = &tui_roster(t)->unit[u];
	const struct unit_state *us = &t->g->unit[u];
	attr_t a = A_BOLD | (u == t->sel_unit ? A_REVERSE : 0);
	if (d->side == SIDE_UNION)
		pl(a, "%s %s Corps %s", d->id, d->formation, d->division_name);
	else
		pl(a, "%s %s (%s)", d->id, d->formation, d->division_name);
	pl(A_NORMAL, "  %s%s", d->commander, d->type == UNIT_ARTILLERY ? " (artillery)" : "");
	if (d->type == UNIT_ARTILLERY)
		pl(A_NORMAL, "  %d/%d steps FV %d R %d MA %d", us->steps, d->steps,
		   unit_cv(t->g, u), d->range, d->ma);
	else
		pl(A_NORMAL, "  %d/%d steps CV %d M %d MA %d", us->steps, d->steps,
		   unit_cv(t->g, u), unit_morale(t->g, u), d->ma);
	char flags[128] = "";
	/* each with the rule behind it, so `?` opens it from the panel */
	static const struct { uint32_t f; const char *s; } fl[] = {
		{ UF_MOVED, "moved" }, { UF_DOUBLE_TIME, "double-time (8.9)" },
		{ UF_ART_MOVED, "Moved marker (10.8)" }, { UF_FIRED, "fired (10.8)" },
		{ UF_DEF_FIRED, "fired defensively (10.9)" }, { UF_ATTACKED, "attacked (11.3)" },
		{ UF_WITHDRAWN, "withdrawn (13.6)" } };
	for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
		if (us->flags & fl[i].f) {
			size_t len = strlen(flags);
			snprintf(flags + len, sizeof flags - len, "%s%s", len ? ", " : "", fl[i].s);
		}
	if (us->mp_used)
		pl(A_NORMAL, "  %d MP used%s%s", us->mp_used, flags[0] ? ", " : "", flags);
	else if (flags[0])
		pl(A_NORMAL, "  %s", flags);
	if (d->type == UNIT_INFANTRY && us->steps == 1)
		pl(A_BOLD, "  Shot to Ribbons (11.2): may not attack");
	char why[200];
	if (play_why_idle(t, u, why, sizeof why)) /* the engine's reason it is idle now */
		pl(A_BOLD, "  %s", why);
	if (d->corps != CORPS_NONE) {
		enum corps_status cs = t->g->corps[d->corps];
		pl(A_NORMAL, "  corps %s (%s)", names_of_corps_status(cs),
		   cs == CORPS_COMMITTED ? "13.2" : cs == CORPS_AVAILABLE ? "13.3" : "13.4");
	}
}

/* The Union corps: a summary line when the status line has no room for it; in the corps
 * decisions (13.0) every corps with its status and what it may do now. */
static void panel_corps(const struct tui *t)
{
	enum decision w = t->g->pending.what;
	if (w != DECISION_COMMITMENT && w != DECISION_WITHDRAWAL) {
		if (t->corps_in_panel) {
			char a[32], b[32];
			panel_corps_summary(t->g, 0, 3, a, sizeof a);
			panel_corps_summary(t->g, 3, CORPS_COUNT, b, sizeof b);
			pl(A_NORMAL, "Corps %s", a);
			pl(A_NORMAL, "      %s", b);
		}
		return;
	}
	pl(A_BOLD, "Union corps (13.0)");
	for (int c = 0; c < CORPS_COUNT; c++) {
		char can[64] = "";
		for (int i = 0; i < t->legal.n; i++)
			if ((t->legal.a[i].type == ACT_COMMIT || t->legal.a[i].type == ACT_WITHDRAW) &&
			    t->legal.a[i].target == c)
				snprintf(can, sizeof can, "%s",
					 t->legal.a[i].type == ACT_COMMIT ? "commit?" : "withdraw?");
		bool in = panel_corps_in_game(t->g, c);
		pl(can[0] ? A_BOLD : in ? A_NORMAL : A_DIM, "%c%-4s %-11s %s", can[0] ? '>' : ' ',
		   names_of_corps(c), names_of_corps_status(t->g->corps[c]),
		   can[0] ? can : in ? "" : "no units here");
	}
	pl(A_DIM, " a: choose, e: done");
	pl(A_NORMAL, "%s", "");
}

/* The quick set-up (4.2): the units still to place, a window of them around the selected
 * one (the whole list is `p`), and the keys. */
static void panel_setup(const struct tui *t)
{
	if (t->g->pending.what != DECISION_SETUP)
		return;
	enum { WINDOW = 8 };
	int left[ROSTER_UNITS], n = 0, at = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (setup_to_place(t, u)) {
			if (u == t->sel_unit)
				at = n;
			left[n++] = u;
		}
	pl(A_BOLD, "To place (4.2): %d", n);
	int from = at - WINDOW / 2 < 0 ? 0 : at - WINDOW / 2;
	if (from > n - WINDOW)
		from = n - WINDOW < 0 ? 0 : n - WINDOW;
	if (from > 0)
		pl(A_DIM, " ... %d before", from);
	for (int i = from; i < n && i < from + WINDOW; i++) {
		const struct unit_def *d = unit_def(t->g, left[i]);
		pl(left[i] == t->sel_unit ? A_REVERSE : A_NORMAL, "%-4s %-4s %-11.11s %d", d->id,
		   d->formation, d->commander, d->steps);
	}
	if (n > from + WINDOW)
		pl(A_DIM, " ... %d more (p: list)", n - from - WINDOW);
	pl(A_DIM, "n next, Enter place, r remove, f fill (4.3), e end");
	pl(A_NORMAL, "%s", "");
}

/* The hex: name, terrain, objective, control, hexsides. */
static void panel_hex(const struct tui *t, int hex, const struct map_hex *mh)
{
	const struct map *m = &t->scn->map;
	const char *name = mh->name >= 0 && mh->name < m->nnames ? m->names[mh->name] : "";
	pl(A_BOLD, "Hex %04d %s", hex, name);
	pl(A_NORMAL, "%s, %s ground%s", map_terrain_name(mh->terrain), mh->high ? "high" : "low",
	   mh->sunken_road ? ", Sunken Road" : "");
	if (mh->town_vp)
		pl(A_NORMAL, "Sharpsburg (VP hex, 3.2)");
	for (int i = 0; i < m->nobjectives; i++)
		for (int k = 0; k < m->objective[i].nhexes; k++)
			if (m->objective[i].hexes[k] == hex)
				pl(A_NORMAL, "Objective: %s (3.2)", m->objective[i].name);
	int ctl = t->g->control[hex_index(hex)];
	pl(A_NORMAL, "Control: %s (3.3)", ctl == SIDE_UNION ? "Union" : ctl == SIDE_CONFEDERATE ?
	   "Confederate" : "none");
	panel_sides(t, hex);
}

/* The combat phase: every declared attack, so the order of resolution can be chosen. */
static void panel_combats(const struct tui *t)
{
	const struct combat_state *cs = &t->g->combat;
	if (t->g->phase != PHASE_COMBAT || cs->ndecl <= 0)
		return;
	pl(A_NORMAL, "%s", "");
	pl(A_BOLD, "Attacks declared (round %d)", cs->round);
	for (int i = 0; i < cs->ndecl && i < COMBAT_DECL_MAX; i++) {
		const struct combat_decl *d = &cs->decl[i];
		char line[128];
		int len = 0;
		for (int k = 0; k < d->ndefhex && k < COMBAT_DEFHEX_MAX; k++)
			len += snprintf(line + len, sizeof line - (size_t)len, "%s%04d", k ? "+" : "",
					d->defhex[k]);
		len += snprintf(line + len, sizeof line - (size_t)len, " <-");
		for (int k = 0; k < d->nattackers && k < COMBAT_ATTACKERS_MAX && len < 100; k++)
			len += snprintf(line + len, sizeof line - (size_t)len, " %s",
					draw_unit_id(t, d->attacker[k]));
		bool done = d->next >= d->nattackers;
		pl(i == cs->current ? A_REVERSE : done ? A_DIM : A_NORMAL, " %s%s", line,
		   done ? " (done)" : "");
	}
}

static void build_panel(struct tui *t)
{
	int hex = t->cursor;
	const struct map_hex *mh = map_hex(&t->scn->map, hex);
	npanel = 0;
	if (!mh)
		return;
	panel_corps(t);
	panel_setup(t);
	if (t->replay_unit >= 0) { /* the replay: the unit that moved, fired or attacked */
		pl(A_BOLD, "This event's unit:");
		panel_unit(t, t->replay_unit);
		pl(A_NORMAL, "%s", "");
	}
	panel_hex(t, hex, mh);
	if (t->show_zoc) {
		char z[200];
		if (zoc_in_ezoc(t->g, hex, t->g->pending.side))
			pl(A_BOLD, "In the enemy's ZOC (6.1)");
		track_zoc_panel(t, z, sizeof z);
		if (z[0])
			pl(A_BOLD, "%s", z);
	}
	int units[16];
	int n = unit_in_hex(t->g, hex, units, 16);
	if (n > 16)
		n = 16;
	pl(A_NORMAL, "%s", "");
	if (n == 0)
		pl(A_DIM, "no units");
	for (int i = 0; i < n; i++)
		panel_unit(t, units[i]);
	panel_combats(t);
	if (t->sel_unit >= 0 && t->g->unit[t->sel_unit].hex != hex) {
		pl(A_NORMAL, "%s", "");
		pl(A_DIM, "selected:");
		panel_unit(t, t->sel_unit);
	}
}

/* Fold the panel lines wider than w at a space, continuing indented. */
static void wrap_panel(int w)
{
	static char text[PANEL_LINES][128];
	static attr_t attr[PANEL_LINES];
	int n = 0;
	for (int i = 0; i < npanel && n < PANEL_LINES; i++) {
		const char *p = panel_text[i];
		bool first = true;
		while (n < PANEL_LINES) {
			int indent = first ? 0 : 3;
			int cut = draw_fold_cut(p, w - indent);
			snprintf(text[n], sizeof text[n], "%*s%.*s", indent, "", cut, p);
			attr[n++] = panel_attr[i];
			p += cut;
			while (*p == ' ')
				p++;
			first = false;
			if (!*p)
				break;
		}
	}
	memcpy(panel_text, text, sizeof text);
	memcpy(panel_attr, attr, sizeof attr);
	npanel = n;
}

int panel_lines(const char **out, int max)
{
	int n = 0;
	for (int i = 0; i < npanel && n < max; i++)
		out[n++] = panel_text[i];
	return n;
}

void panel_draw(struct tui *t)
{
	const struct geom_layout *l = &t->lay;
	build_panel(t);
	wrap_panel(l->panel_w);
	attr_set(A_NORMAL, 0, NULL);
	mvvline(l->panel_y, l->panel_x - 1, ACS_VLINE, l->panel_h);
	if (t->panel_scroll > npanel - 1)
		t->panel_scroll = npanel > 0 ? npanel - 1 : 0;
	/* when the lines do not all fit, the last row says so instead of covering a line */
	bool more = t->panel_scroll > 0 || npanel > l->panel_h + t->panel_scroll;
	int rows = more ? l->panel_h - 1 : l->panel_h;
	for (int i = 0; i < l->panel_h; i++) {
		int k = i + t->panel_scroll;
		if (i >= rows)
			k = npanel; /* blank */
		move(l->panel_y + i, l->panel_x);
		clrtoeol();
		if (k >= npanel)
			continue;
		attr_set(panel_attr[k], 0, NULL);
		draw_text(l->panel_y + i, l->panel_x, l->panel_w, panel_text[k]);
		attr_set(A_NORMAL, 0, NULL);
	}
	if (more) {
		char m[48];
		snprintf(m, sizeof m, "[ ] %d more line%s", npanel - rows - t->panel_scroll > 0 ?
			 npanel - rows - t->panel_scroll : 0, npanel - rows - t->panel_scroll == 1 ? "" : "s");
		attr_set(A_DIM, 0, NULL);
		draw_text(l->panel_y + l->panel_h - 1, l->panel_x, l->panel_w, m);
		attr_set(A_NORMAL, 0, NULL);
	}
}
