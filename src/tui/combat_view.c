/* combat_view.c — owns the two views where a player weighs chance before committing: the
 * attack builder of the combat phase (choose the attackers of a hex and see, for each, the
 * CRT column, every DRM with its rule and the result of each die, before declaring) and
 * the fire view of a gun (range, fire value, DRMs and the steps each die would take). The
 * numbers come from the engine (odds_attack, fire_check); this file only shows them. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act.h"
#include "combat.h"
#include "event_text.h"
#include "tables.h"
#include "tui_internal.h"
#include "view_event.h"

#define VIEW_LINES 96

struct view {
	char line[VIEW_LINES][96];
	attr_t attr[VIEW_LINES];
	int n;
};

static void vl(struct view *v, attr_t attr, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void vl(struct view *v, attr_t attr, const char *fmt, ...)
{
	if (v->n >= VIEW_LINES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->line[v->n], sizeof v->line[v->n], fmt, ap);
	va_end(ap);
	v->attr[v->n++] = attr;
}

static int view_scroll; /* the first line shown of a view too tall for the screen */
static int view_focus = HEX_NONE; /* the hex the next view shows: the map centres on it */

/* The lines of `in` folded at spaces to at most w characters (a continuation indented by
 * three); *hl becomes the first folded line of the highlighted one. */
static void fold_view(const struct view *in, int w, struct view *out, int *hl)
{
	out->n = 0;
	int first_of_hl = -1;
	for (int i = 0; i < in->n && out->n < VIEW_LINES; i++) {
		if (i == *hl)
			first_of_hl = out->n;
		const char *p = in->line[i];
		bool first = true;
		do {
			int indent = first ? 0 : 3, cut = draw_fold_cut(p, w - indent);
			snprintf(out->line[out->n], sizeof out->line[out->n], "%*s%.*s", indent, "",
				 cut, p);
			out->attr[out->n++] = in->attr[i];
			p += cut;
			while (*p == ' ')
				p++;
			first = false;
		} while (*p && out->n < VIEW_LINES);
	}
	*hl = first_of_hl;
}

/* Draw the view in a box over the panel (wider when it needs it, its lines folded to the
 * screen) and wait for a key. */
static int show_view(struct tui *t, const char *title, const struct view *in, int highlight)
{
	static struct view folded;
	static char last_title[96];
	if (strcmp(title, last_title)) { /* another view: from its top */
		snprintf(last_title, sizeof last_title, "%s", title);
		view_scroll = 0;
	}
	fold_view(in, COLS - 6, &folded, &highlight);
	const struct view *v = &folded;
	int w = (int)strlen(title) + 6;
	for (int i = 0; i < v->n; i++)
		if ((int)strlen(v->line[i]) + 4 > w)
			w = (int)strlen(v->line[i]) + 4;
	if (w < t->lay.panel_w + 1)
		w = t->lay.panel_w + 1;
	if (w > COLS - 2)
		w = COLS - 2;
	if (hex_valid(view_focus)) { /* what the view shows, in the map left of the box */
		t->cursor = view_focus;
		tui_centre_within(t, COLS - w - t->lay.map_x);
		view_focus = HEX_NONE;
	}
	draw_compose(t);
	int h = v->n + 2;
	if (h > LINES - 2)
		h = LINES - 2;
	int x = COLS - w, y = 1;
	dialog_box(y, x, h, w);
	attr_set(A_BOLD, 0, NULL);
	draw_text(y, x + 2, w - 4, title);
	int rows = h - 2;
	int top = highlight >= rows ? highlight - rows + 1 : 0;
	if (highlight < 0) { /* a view with no list scrolls by view_scroll */
		if (view_scroll > v->n - rows)
			view_scroll = v->n - rows > 0 ? v->n - rows : 0;
		top = view_scroll;
	}
	for (int i = 0; i < rows && top + i < v->n; i++) {
		attr_set(v->attr[top + i] | (top + i == highlight ? A_REVERSE : 0), 0, NULL);
		draw_text(y + 1 + i, x + 2, w - 4, v->line[top + i]);
	}
	if (v->n > rows) { /* say there is more, on the bottom edge */
		char more[48];
		snprintf(more, sizeof more, " %s%s: more ", top > 0 ? "Up" : "",
			 top + rows < v->n ? (top > 0 ? "/Down" : "Down") : "");
		attr_set(A_BOLD, 0, NULL);
		draw_text(y + h - 1, x + 2, w - 4, more);
	}
	attr_set(A_NORMAL, 0, NULL);
	return dialog_key(t);
}

static void result_line(struct view *v, const int8_t *att, const int8_t *def, const bool *ret)
{
	char buf[96] = " die";
	int len = (int)strlen(buf);
	for (int d = 1; d <= 6; d++) {
		char cell[16];
		if (!att[d] && !def[d] && !ret[d])
			snprintf(cell, sizeof cell, "-");
		else
			snprintf(cell, sizeof cell, "%s%.0d%s%.0d%s", att[d] ? "A" : "", att[d],
				 def[d] ? "D" : "", def[d], ret[d] ? "*" : "");
		len += snprintf(buf + len, sizeof buf - (size_t)len, " %d:%s", d, cell);
	}
	vl(v, A_NORMAL, "%s", buf);
	int pa = 0, pd = 0, pr = 0;
	for (int d = 1; d <= 6; d++) {
		pa += att[d] > 0;
		pd += def[d] > 0;
		pr += ret[d];
	}
	vl(v, A_NORMAL, " chance: defender hit %d%%, retreats %d%%; attacker hit %d%%",
	   tui_percent(pd), tui_percent(pr), tui_percent(pa));
}

static void mods_lines(struct view *v, const struct combat_mod *mod, int n)
{
	for (int i = 0; i < n; i++) {
		char what[64];
		modifier_text(&mod[i], what, sizeof what);
		vl(v, A_DIM, "   %+d %s %s", mod[i].value, modifier_rule((enum modifier)mod[i].id),
		   what);
	}
}

/* ---- artillery fire ---- */

bool combat_view_fire(struct tui *t, const struct action *a)
{
	struct fire_odds fo;
	char err[200] = "";
	bool defensive = t->g->pending.what == DECISION_DEFENSIVE_FIRE;
	struct view v = { .n = 0 };
	int gun = a->unit, target = a->target;
	if (!fire_check(t->g, gun, target, defensive, &fo, err, sizeof err)) {
		tui_say(t, true, "%s", err);
		return false;
	}
	vl(&v, A_NORMAL, "%s fires at %s in %04d", draw_unit_id(t, gun), draw_unit_id(t, target),
	   t->g->unit[target].hex);
	vl(&v, A_NORMAL, " range %d, fire value %d, total DRM %+d", fo.range, fo.fire_value, fo.drm);
	mods_lines(&v, fo.mod, fo.nmods);
	char buf[96] = " die";
	int len = (int)strlen(buf), hits = 0;
	for (int d = 1; d <= 6; d++) {
		len += snprintf(buf + len, sizeof buf - (size_t)len, " %d:%s", d,
				fo.steps[d] ? "1 step" : "-");
		hits += fo.steps[d] > 0;
	}
	vl(&v, A_NORMAL, "%s", buf);
	vl(&v, A_BOLD, " chance of a hit: %d in 6 (%d%%)", hits, tui_percent(hits));
	if (hits == 0)
		vl(&v, A_BOLD, " no die can hit: Enter asks first");
	vl(&v, A_NORMAL, "%s", "");
	vl(&v, A_BOLD, "Enter: fire   Esc: not now");
	for (;;) {
		int ch = show_view(t, defensive ? "Defensive fire (11.5B)" : "Artillery fire (10.0)", &v, -1);
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == 'y') {
			if (hits == 0 && !dialog_confirm(t, "No die can hit (0 in 6, 0%): fire anyway? "
							 "(y/n)"))
				return false;
			return tui_apply(t, a);
		}
		if (ch == 27 || ch == 'n' || ch == 'q')
			return false;
		if (ch == KEY_RESIZE)
			tui_relayout(t);
	}
}

/* ---- the attack builder ---- */

#define CAND_MAX 16

struct builder {
	int defhex[COMBAT_DEFHEX_MAX];
	int ndefhex;
	int cand[CAND_MAX];
	int ncand;
	bool on[CAND_MAX];
	char refused[200];        /* why the last tick was refused (11.6A …), "" none */
};

static bool action_hits_hex(const struct action *a, int hex)
{
	if (a->target == hex)
		return true;
	for (int i = 0; i < a->n; i++)
		if (a->hex[i] == hex)
			return true;
	return false;
}

/* The defending hexes of a declaration: its hex list, or its one target hex. */
static int decl_hexes(const struct action *a, int *out)
{
	int n = 0;
	if (a->n > 0)
		for (int k = 0; k < a->n && k < COMBAT_DEFHEX_MAX; k++)
			out[n++] = a->hex[k];
	else
		out[n++] = a->target;
	return n;
}

static bool same_hexes(const int *a, int na, const int *b, int nb)
{
	if (na != nb)
		return false;
	for (int i = 0; i < na; i++) {
		bool found = false;
		for (int k = 0; k < nb; k++)
			found |= a[i] == b[k];
		if (!found)
			return false;
	}
	return true;
}

/* Every distinct set of defending hexes the legal declarations on hex name (11.4: one
 * hex, or several attacked together); returns the count. */
static int builder_sets(const struct tui *t, int hex, int sets[][COMBAT_DEFHEX_MAX], int *nsets,
			int max)
{
	int n = 0;
	for (int i = 0; i < t->legal.n && n < max; i++) {
		const struct action *a = &t->legal.a[i];
		if (a->type != ACT_ATTACK || !action_hits_hex(a, hex))
			continue;
		int h[COMBAT_DEFHEX_MAX];
		int nh = decl_hexes(a, h);
		bool seen = false;
		for (int k = 0; k < n && !seen; k++)
			seen = same_hexes(sets[k], nsets[k], h, nh);
		if (seen)
			continue;
		memcpy(sets[n], h, sizeof h);
		nsets[n++] = nh;
	}
	return n;
}

/* The candidate attackers of the legal declarations on exactly the hexes of b. */
static void builder_collect(const struct tui *t, struct builder *b)
{
	b->ncand = 0;
	for (int i = 0; i < t->legal.n; i++) {
		const struct action *a = &t->legal.a[i];
		int h[COMBAT_DEFHEX_MAX];
		int nh = a->type == ACT_ATTACK ? decl_hexes(a, h) : 0;
		if (!nh || !same_hexes(h, nh, b->defhex, b->ndefhex))
			continue;
		for (int k = 0; k < a->nunits; k++) {
			bool seen = false;
			for (int j = 0; j < b->ncand; j++)
				seen |= b->cand[j] == a->units[k];
			if (!seen && b->ncand < CAND_MAX)
				b->cand[b->ncand++] = a->units[k];
		}
	}
}

/* Choose which defending hexes to attack when the rules allow more than one grouping. */
static bool builder_choose_hexes(struct tui *t, int hex, struct builder *b)
{
	enum { SETS_MAX = 16 };
	int sets[SETS_MAX][COMBAT_DEFHEX_MAX], nsets[SETS_MAX];
	int n = builder_sets(t, hex, sets, nsets, SETS_MAX);
	if (n == 0)
		return false;
	int k = 0;
	if (n > 1) {
		char text[SETS_MAX][64];
		const char *items[SETS_MAX];
		for (int i = 0; i < n; i++) {
			int len = snprintf(text[i], sizeof text[i], "attack ");
			for (int j = 0; j < nsets[i]; j++)
				len += snprintf(text[i] + len, sizeof text[i] - (size_t)len, "%s%04d",
						j ? " + " : "", sets[i][j]);
			items[i] = text[i];
		}
		k = dialog_menu(t, "Which defending hexes (11.4)?", items, n, 0, NULL, NULL);
		if (k < 0)
			return false;
	}
	memset(b, 0, sizeof *b);
	memcpy(b->defhex, sets[k], sizeof sets[k]);
	b->ndefhex = nsets[k];
	builder_collect(t, b);
	return true;
}

/* The declaration the builder's choices make; false when no attacker is chosen. */
static bool builder_action(const struct builder *b, struct action *a)
{
	*a = (struct action){ .type = ACT_ATTACK, .unit = -1, .target = b->defhex[0] };
	if (b->ndefhex > 1)
		for (int i = 0; i < b->ndefhex; i++)
			a->hex[a->n++] = (int16_t)b->defhex[i];
	for (int i = 0; i < b->ncand && a->nunits < 8; i++)
		if (b->on[i])
			a->units[a->nunits++] = (int16_t)b->cand[i];
	return a->nunits > 0;
}

/* Whether the engine takes the declaration the builder's choices make, asked on a copy
 * (the door's own checks: 11.4, 11.6A, 11.7 …); false with why in err. */
static bool builder_legal(const struct tui *t, const struct builder *b, char *err, size_t len)
{
	struct action a;
	if (!builder_action(b, &a))
		return true; /* nothing chosen yet: nothing to refuse */
	struct game *copy = malloc(sizeof *copy);
	if (!copy)
		return true; /* the door still says no when Enter declares it */
	*copy = *t->g;
	bool ok = game_apply(copy, &a, err, len);
	free(copy);
	return ok;
}

/* Space on candidate i: choose it, unless the declaration would then be refused (said in
 * the builder, the choices kept as they were: issue 34); drop it. */
static void builder_tick(const struct tui *t, struct builder *b, int i)
{
	b->refused[0] = 0;
	b->on[i] = !b->on[i];
	if (!b->on[i])
		return;
	char err[160] = "";
	if (!builder_legal(t, b, err, sizeof err)) {
		b->on[i] = false;
		snprintf(b->refused, sizeof b->refused, "%s not chosen: %s", draw_unit_id(t, b->cand[i]),
			 err);
	}
}

/* 11.1B: the attack this declaration would then require (an enemy unit with a declared
 * attacker in its ZOC that no declaration attacks), asked of the engine on a copy. */
static void builder_warn(struct tui *t, const struct builder *b, struct view *v)
{
	struct action a;
	if (!builder_action(b, &a))
		return;
	struct game *copy = malloc(sizeof *copy);
	if (!copy)
		return;
	*copy = *t->g;
	char err[200];
	int att = -1;
	int e = game_apply(copy, &a, err, sizeof err) ? combat_missing_attack(copy, &att) : -1;
	if (e >= 0 && att >= 0)
		vl(v, A_BOLD, "11.1B: then %s in %04d must be attacked too (%s has it in its ZOC)",
		   draw_unit_id(t, e), copy->unit[e].hex, draw_unit_id(t, att));
	free(copy);
}

static void builder_view(struct tui *t, const struct builder *b, struct view *v)
{
	v->n = 0;
	/* the defenders */
	for (int i = 0; i < b->ndefhex; i++) {
		int units[8];
		int n = unit_in_hex(t->g, b->defhex[i], units, 8);
		char line[96];
		int len = snprintf(line, sizeof line, "defending %04d:", b->defhex[i]);
		for (int k = 0; k < n && k < 8 && len < 80; k++)
			len += snprintf(line + len, sizeof line - (size_t)len, " %s cv%d m%d",
					draw_unit_id(t, units[k]), unit_cv(t->g, units[k]),
					unit_morale(t->g, units[k]));
		vl(v, A_NORMAL, "%s", line);
	}
	int designated[CAND_MAX], nd = 0;
	for (int i = 0; i < b->ncand; i++)
		if (b->on[i])
			designated[nd++] = b->cand[i];
	for (int i = 0; i < b->ncand; i++) {
		int u = b->cand[i];
		const struct unit_def *d = &tui_roster(t)->unit[u];
		vl(v, A_NORMAL, "[%c] %-3s %-14.14s cv %d morale %d in %04d", b->on[i] ? 'x' : ' ', d->id,
		   d->commander, unit_cv(t->g, u), unit_morale(t->g, u), t->g->unit[u].hex);
	}
	if (b->refused[0])
		vl(v, A_BOLD, "%s", b->refused);
	vl(v, A_NORMAL, "%s", "");
	for (int i = 0; i < nd; i++) {
		struct combat_odds o;
		char err[200] = "";
		if (!odds_attack(t->g, designated[i], b->defhex, b->ndefhex, designated, nd, &o, err,
				 sizeof err)) {
			vl(v, A_BOLD, "%s: %s", draw_unit_id(t, designated[i]), err);
			continue;
		}
		vl(v, A_BOLD, "%s: attack %d vs defence %d%s -> column %s, DRM %+d",
		   draw_unit_id(t, designated[i]), o.attack, o.defence,
		   o.halvings ? " (halved)" : "", tables_crt_column_name(o.column), o.drm);
		mods_lines(v, o.mod, o.nmods);
		result_line(v, o.att_loss, o.def_loss, o.def_retreat);
	}
	struct action da;
	struct combat_outcome oc;
	if (nd > 0 && builder_action(b, &da) && act_outcome(t->g, &da, &oc)) {
		vl(v, A_BOLD, "all chosen, %s:", oc.rounds == 2 ?
		   "both rounds unless one side breaks off (11.5E)" : "this last round (11.5E)");
		vl(v, A_BOLD, " defender eliminated %d%%, retreats %d%%; steps lost %.1f yours, %.1f his",
		   (int)(oc.eliminated * 100 + 0.5), (int)(oc.retreat * 100 + 0.5), oc.att_steps,
		   oc.def_steps);
	}
	if (nd == 0)
		vl(v, A_DIM, "choose attackers to see the odds (each attacks in turn, 11.4)");
	builder_warn(t, b, v);
	vl(v, A_NORMAL, "%s", "");
	vl(v, A_BOLD, "Space: choose  Enter: declare  Esc: cancel");
}

/* The builder's keys until the player declares or leaves; b's candidates are collected. */
static void builder_run(struct tui *t, struct builder *b)
{
	if (b->ncand == 0) {
		tui_say(t, true, "no unit may attack %04d now", b->defhex[0]);
		return;
	}
	int sel = 0;
	struct view v;
	char title[64];
	view_focus = b->defhex[0]; /* the target in view beside the builder */
	int len = snprintf(title, sizeof title, "Attack on ");
	for (int i = 0; i < b->ndefhex; i++)
		len += snprintf(title + len, sizeof title - (size_t)len, "%s%04d", i ? "+" : "",
				b->defhex[i]);
	snprintf(title + len, sizeof title - (size_t)len, " (11.0)");
	for (;;) {
		builder_view(t, b, &v);
		int ch = show_view(t, title, &v, sel + b->ndefhex);
		switch (ch) {
		case KEY_UP: case 'k': sel = sel > 0 ? sel - 1 : sel; break;
		case KEY_DOWN: case 'j': sel = sel + 1 < b->ncand ? sel + 1 : sel; break;
		case ' ': case 'x': builder_tick(t, b, sel); break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 27: case 'q': return;
		case '\n': case '\r': case KEY_ENTER: {
			struct action a;
			if (!builder_action(b, &a)) {
				tui_say(t, true, "choose at least one attacker (Space)");
				break;
			}
			if (tui_apply(t, &a))
				return;
			/* refused: the builder stays open with the choices, the reason said */
			snprintf(b->refused, sizeof b->refused, "%.190s", t->msg);
			break;
		}
		default: break;
		}
	}
}

void combat_view_attack(struct tui *t, int hex, int preselect)
{
	struct builder b;
	if (!builder_choose_hexes(t, hex, &b))
		return;
	/* A single candidate starts chosen. */
	for (int i = 0; i < b.ncand; i++)
		b.on[i] = b.ncand == 1 || b.cand[i] == preselect;
	builder_run(t, &b);
}

void combat_view_declare(struct tui *t, const struct action *a)
{
	struct builder b;
	memset(&b, 0, sizeof b);
	b.ndefhex = decl_hexes(a, b.defhex);
	builder_collect(t, &b);
	for (int i = 0; i < b.ncand; i++)
		b.on[i] = act_uses(a, b.cand[i]);
	builder_run(t, &b);
}

bool combat_view_has_attack(const struct tui *t, int hex)
{
	for (int i = 0; i < t->legal.n; i++)
		if (t->legal.a[i].type == ACT_ATTACK && action_hits_hex(&t->legal.a[i], hex))
			return true;
	return false;
}

/* ---- the result box ---- */

/* The hex a fire's target stood in: the event's (a FIRE event of a file before version 5
 * does not say: where the target is now). */
static int fire_hex(const struct tui *t, const struct game_event *e)
{
	int h = view_event_aim(e);
	return hex_valid(h) || e->target < 0 ? h : t->g->unit[e->target].hex;
}

/* The lines of one attack or fire event, its DRMs as the event carries them (modifier.h). */
static void result_lines(struct tui *t, const struct game_event *e, struct view *v)
{
	const char *id = draw_unit_id(t, e->unit);
	if (e->kind == EVENT_ATTACK) {
		vl(v, A_BOLD, "%s attacks %04d: %d against %d, column %s", id, e->from, e->attack,
		   e->defence, tables_crt_column_name((enum crt_column)e->column));
		mods_lines(v, e->mod, e->n);
		vl(v, A_NORMAL, " die %d, DRM %+d: row %d of the CRT gives %d/%d%s", e->die, e->drm,
		   e->die + e->drm, e->att_loss, e->def_loss, e->retreat ? "*" : "");
		char words[160];
		view_event_attack_words(e, words, sizeof words);
		vl(v, A_BOLD, " %s", words);
	} else {
		vl(v, A_BOLD, "%s fires%s at %s in %04d", id, e->defensive ? " defensively" : "",
		   draw_unit_id(t, e->target), fire_hex(t, e));
		mods_lines(v, e->mod, e->n);
		if (e->column > 0)
			vl(v, A_NORMAL, " die %d, DRM %+d = %d on the Artillery Fire Table, fire value %d "
			   "(20.3)", e->die, e->drm, e->die + e->drm, e->column);
		else
			vl(v, A_NORMAL, " die %d, DRM %+d = %d on the Artillery Fire Table (20.3)", e->die,
			   e->drm, e->die + e->drm);
		vl(v, A_BOLD, " %s %s", draw_unit_id(t, e->target),
		   e->steps ? "loses 1 step" : "loses nothing: no effect");
	}
}

void combat_view_results(struct tui *t, int from, int end)
{
	struct view v = { .n = 0 };
	int nres = 0, focus = HEX_NONE;
	bool any_attack = false;
	const struct event_log *log = &match_record(t->match)->events;
	if (from < log->first)
		from = log->first;
	if (end > event_log_end(log))
		end = event_log_end(log);
	for (int k = from; k < end; k++) {
		const struct game_event *e = event_log_at(log, k);
		if (!e)
			continue;
		if (e->kind == EVENT_ATTACK || e->kind == EVENT_FIRE) {
			if (!hex_valid(focus)) /* the first combat's hex: the view centres on it */
				focus = e->kind == EVENT_ATTACK ? e->from : fire_hex(t, e);
			if (nres++)
				vl(&v, A_NORMAL, "%s", "");
			any_attack |= e->kind == EVENT_ATTACK;
			result_lines(t, e, &v);
		} else if (nres && (e->kind == EVENT_STEP_LOST || e->kind == EVENT_ELIMINATED ||
				    e->kind == EVENT_NO_RETREAT || e->kind == EVENT_RETREAT ||
				    e->kind == EVENT_ADVANCE || e->kind == EVENT_SUPPORT)) {
			char text[EVENT_TEXT_MAX];
			event_format(t->scn, e, text, sizeof text);
			vl(&v, A_DIM, "   %s", text);
		}
	}
	if (!nres)
		return;
	vl(&v, A_NORMAL, "%s", "");
	vl(&v, A_BOLD, "Enter: go on");
	view_scroll = 0;
	view_focus = focus;
	for (;;) {
		int ch = show_view(t, any_attack ? "Combat result (11.5)" : "Artillery fire result (10.2)",
				   &v, -1);
		if (ch == KEY_RESIZE) {
			tui_relayout(t);
			continue;
		}
		if (ch == KEY_UP || ch == 'k' || ch == KEY_PPAGE) {
			view_scroll -= ch == KEY_PPAGE ? 10 : 1;
			if (view_scroll < 0)
				view_scroll = 0;
			continue;
		}
		if (ch == KEY_DOWN || ch == 'j' || ch == KEY_NPAGE) {
			view_scroll += ch == KEY_NPAGE ? 10 : 1;
			continue;
		}
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ' || ch == 27 || ch == 'q')
			break;
	}
}

/* ---- defensive fire in one screen ---- */

bool combat_view_defensive(struct tui *t)
{
	const struct game *g = t->g;
	if (g->pending.what != DECISION_DEFENSIVE_FIRE)
		return false;
	int gun = g->pending.subject;
	int idx[CAND_MAX], n = 0, decline = -1;
	for (int i = 0; i < t->legal.n; i++) {
		if (t->legal.a[i].type == ACT_FIRE && n < CAND_MAX)
			idx[n++] = i;
		else if (t->legal.a[i].type == ACT_DECLINE)
			decline = i;
	}
	act_order(g, t->legal.a, idx, n); /* the best chance of a hit first */
	int sel = 0;
	for (;;) {
		struct view v = { .n = 0 };
		/* what happened since this player last looked: the attack now coming */
		const struct event_log *log = &match_record(t->match)->events;
		int end = event_log_end(log);
		/* the last lines, seen or not: the attack now coming (the rest of what happened
		 * since the player last looked was the hand-over's) */
		int first = end - COMBAT_VIEW_CONTEXT > log->first ? end - COMBAT_VIEW_CONTEXT :
								      log->first;
		for (int k = first; k < end; k++) {
			const struct game_event *ev = event_log_at(log, k);
			char text[EVENT_TEXT_MAX];
			if (ev) {
				event_format(t->scn, ev, text, sizeof text);
				vl(&v, A_DIM, "%s", text);
			}
		}
		if (first < end)
			vl(&v, A_NORMAL, "%s", "");
		vl(&v, A_BOLD, "%s in %04d may fire at an attacker before the attack (11.5B):",
		   draw_unit_id(t, gun), g->unit[gun].hex);
		int head = v.n;
		for (int i = 0; i < n; i++) {
			const struct action *a = &t->legal.a[idx[i]];
			struct fire_odds fo;
			int six = act_effect_sixths(g, a);
			bool ok = fire_check(g, gun, a->target, true, &fo, NULL, 0);
			vl(&v, A_NORMAL, " fire at %-4s in %04d: range %d, DRM %+d, hit %d in 6 (%d%%)",
			   draw_unit_id(t, a->target), g->unit[a->target].hex, ok ? fo.range : 0,
			   ok ? fo.drm : 0, six < 0 ? 0 : six, tui_percent(six < 0 ? 0 : six));
		}
		vl(&v, A_NORMAL, "%s", "");
		vl(&v, A_BOLD, "Enter: fire   d: hold fire   Esc: look at the map first");
		int ch = show_view(t, "Defensive fire (11.5B)", &v, n ? head + sel : -1);
		switch (ch) {
		case KEY_UP: case 'k': sel = sel > 0 ? sel - 1 : sel; break;
		case KEY_DOWN: case 'j': sel = sel + 1 < n ? sel + 1 : sel; break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 27:
			tui_say(t, false, "defensive fire (11.5B): Enter on a marked attacker fires %s, "
				"e holds fire", draw_unit_id(t, gun));
			return false;
		case 'd': case 'e':
			if (decline >= 0) {
				struct action a = t->legal.a[decline];
				return tui_apply(t, &a);
			}
			break;
		case '\n': case '\r': case KEY_ENTER:
			if (n > 0) {
				struct action a = t->legal.a[idx[sel]];
				if (act_effect_sixths(g, &a) == 0 &&
				    !dialog_confirm(t, "No die can hit (0 in 6, 0%): fire anyway? (y/n)"))
					break;
				return tui_apply(t, &a);
			}
			break;
		default: break;
		}
	}
}
