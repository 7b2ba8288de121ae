/* draw.c — owns drawing one frame of the game screen: the status line, the map (hex
 * outlines with hexside features on the outline, terrain as the hex's background and
 * fill, units, stacks, markers, landmark names, highlights), the log pane and the message
 * line; panel.c draws the side panel. The map is composed
 * in a cell buffer first (so labels only cover empty cells), then the whole screen is
 * written and refreshed once: no flicker. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_text.h"
#include "tui_internal.h"
#include "victory.h"

/* ---- colours ---- */

struct palette {
	short role_fg[ROLE_COUNT];
	short terrain_bg[TERRAIN_COUNT][2]; /* [terrain][high] */
	short slot_fg[C_SLOT_COUNT], slot_bg[C_SLOT_COUNT];
};

/* 256-colour terminals get the map's own shades; 8-colour ones the nearest basics. */
static const struct palette pal256 = {
	.role_fg = { [ROLE_OUTLINE] = 244, [ROLE_CREEK] = 39, [ROLE_BRIDGE] = 226, [ROLE_FORD] = 87,
		     [ROLE_RUN] = 38, [ROLE_SUNKEN] = 203, [ROLE_CREST] = 214, [ROLE_SLOPE] = 137,
		     [ROLE_ROAD_PRIMARY] = 231, [ROLE_ROAD_SECONDARY] = 252 },
	.terrain_bg = { [TERRAIN_CLEAR] = { -1, 94 }, [TERRAIN_WOODS] = { 22, 28 },
			[TERRAIN_ORCHARD] = { 64, 70 }, [TERRAIN_CORNFIELD] = { 136, 172 },
			[TERRAIN_TOWN] = { 95, 131 } },
	.slot_fg = { [C_UNION] = 231, [C_CONFED] = 16, [C_REACH] = 16, [C_TARGET] = 231,
		     [C_PATH] = 16, [C_SELECTED] = 16, [C_CURSOR] = 226, [C_STATUS] = 16,
		     [C_ERROR] = 196, [C_LABEL] = 230, [C_CTRL_UNION] = 75, [C_CTRL_CONFED] = 203,
		     [C_TITLE] = 226 },
	.slot_bg = { [C_UNION] = 19, [C_CONFED] = 250, [C_REACH] = 220, [C_TARGET] = 160,
		     [C_PATH] = 51, [C_SELECTED] = 201, [C_CURSOR] = -1, [C_STATUS] = 250,
		     [C_ERROR] = -1, [C_LABEL] = -1, [C_CTRL_UNION] = -1, [C_CTRL_CONFED] = -1,
		     [C_TITLE] = -1 },
};
static const struct palette pal8 = {
	.role_fg = { [ROLE_OUTLINE] = COLOR_WHITE, [ROLE_CREEK] = COLOR_BLUE,
		     [ROLE_BRIDGE] = COLOR_YELLOW, [ROLE_FORD] = COLOR_CYAN, [ROLE_RUN] = COLOR_CYAN,
		     [ROLE_SUNKEN] = COLOR_RED, [ROLE_CREST] = COLOR_MAGENTA,
		     [ROLE_SLOPE] = COLOR_YELLOW, [ROLE_ROAD_PRIMARY] = COLOR_WHITE,
		     [ROLE_ROAD_SECONDARY] = COLOR_WHITE },
	.terrain_bg = { [TERRAIN_CLEAR] = { -1, -1 }, [TERRAIN_WOODS] = { COLOR_GREEN, COLOR_GREEN },
			[TERRAIN_ORCHARD] = { COLOR_GREEN, COLOR_GREEN },
			[TERRAIN_CORNFIELD] = { COLOR_YELLOW, COLOR_YELLOW },
			[TERRAIN_TOWN] = { COLOR_MAGENTA, COLOR_MAGENTA } },
	.slot_fg = { [C_UNION] = COLOR_WHITE, [C_CONFED] = COLOR_BLACK, [C_REACH] = COLOR_BLACK,
		     [C_TARGET] = COLOR_WHITE, [C_PATH] = COLOR_BLACK, [C_SELECTED] = COLOR_BLACK,
		     [C_CURSOR] = COLOR_YELLOW, [C_STATUS] = COLOR_BLACK, [C_ERROR] = COLOR_RED,
		     [C_LABEL] = COLOR_WHITE, [C_CTRL_UNION] = COLOR_BLUE,
		     [C_CTRL_CONFED] = COLOR_RED, [C_TITLE] = COLOR_YELLOW },
	.slot_bg = { [C_UNION] = COLOR_BLUE, [C_CONFED] = COLOR_WHITE, [C_REACH] = COLOR_YELLOW,
		     [C_TARGET] = COLOR_RED, [C_PATH] = COLOR_CYAN, [C_SELECTED] = COLOR_MAGENTA,
		     [C_CURSOR] = -1, [C_STATUS] = COLOR_WHITE, [C_ERROR] = -1, [C_LABEL] = -1,
		     [C_CTRL_UNION] = -1, [C_CTRL_CONFED] = -1, [C_TITLE] = -1 },
};

static const struct palette *pal;
static short npairs;
static short pair_fg[256], pair_bg[256];

/* The colour pair for fg on bg, made on first use (0 = the terminal's default). */
static short pair_of(short fg, short bg)
{
	if (!pal || (fg < 0 && bg < 0))
		return 0;
	for (short i = 1; i <= npairs; i++)
		if (pair_fg[i] == fg && pair_bg[i] == bg)
			return i;
	if (npairs + 1 >= COLOR_PAIRS || npairs + 1 >= 256)
		return 0;
	npairs++;
	init_pair(npairs, fg, bg);
	pair_fg[npairs] = fg;
	pair_bg[npairs] = bg;
	return npairs;
}

void draw_init_colours(struct tui *t)
{
	npairs = 0;
	pal = NULL;
	t->colour = false;
	if (t->opt.mono || !has_colors())
		return;
	start_color();
	use_default_colors();
	pal = COLORS >= 256 ? &pal256 : &pal8;
	t->colour = true;
}

static short terrain_bg(const struct tui *t, const struct map_hex *mh);

static short slot_pair(enum colour_slot s)
{
	return pal ? pair_of(pal->slot_fg[s], pal->slot_bg[s]) : 0;
}

/* ---- text helpers ---- */

void draw_text(int y, int x, int w, const char *s)
{
	if (w <= 0 || y < 0 || y >= LINES || x >= COLS)
		return;
	mvaddnstr(y, x, s, w);
}

/* How much of p goes on a line `room` wide when text is folded: all of it if it fits, else
 * up to the last space in the line's second half, else `room` characters. */
int draw_fold_cut(const char *p, int room)
{
	int cut = (int)strlen(p);
	if (cut > room && room > 8) {
		cut = room;
		while (cut > room / 2 && p[cut] != ' ')
			cut--;
		if (p[cut] != ' ')
			cut = room;
	}
	return cut;
}

const char *draw_unit_id(const struct tui *t, int u)
{
	return tui_roster(t)->unit[u].id;
}

/* ---- the map, composed in a cell buffer ---- */

struct cell {
	const char *utf8;   /* static string or NULL */
	char ascii[2];
	attr_t attr;
	short pair;
	bool content;       /* unit text, costs, markers: labels do not cover it */
};

static struct cell *cells;
static int cells_w, cells_h;

static struct cell *cell_at(int cx, int cy, const struct tui *t)
{
	int x = cx - t->vx, y = cy - t->vy;
	if (x < 0 || y < 0 || x >= cells_w || y >= cells_h)
		return NULL;
	return &cells[y * cells_w + x];
}

static void put(const struct tui *t, int cx, int cy, const char *utf8, char ascii, attr_t attr,
		short pair, bool content)
{
	struct cell *c = cell_at(cx, cy, t);
	if (!c)
		return;
	c->utf8 = utf8;
	c->ascii[0] = ascii;
	c->ascii[1] = 0;
	c->attr = attr;
	c->pair = pair;
	c->content = content;
}

short draw_pair(short fg, short bg)
{
	return pair_of(fg, bg);
}

short draw_slot_colour(enum colour_slot s, bool bg)
{
	return !pal ? -1 : bg ? pal->slot_bg[s] : pal->slot_fg[s];
}

short draw_role_colour(enum glyph_role r)
{
	return pal ? pal->role_fg[r] : -1;
}

short draw_terrain_colour(const struct map_hex *mh)
{
	return terrain_bg(NULL, mh);
}

static short terrain_bg(const struct tui *t, const struct map_hex *mh)
{
	(void)t;
	if (!pal)
		return -1;
	int ter = mh->terrain < TERRAIN_COUNT ? mh->terrain : 0;
	return pal->terrain_bg[ter][mh->high ? 1 : 0];
}

/* One character of plain text at a canvas cell (ASCII text needs no wide form). */
static void put_char(const struct tui *t, int cx, int cy, char ch, attr_t attr, short pair)
{
	static char one[128][2];
	unsigned c = (unsigned char)ch;
	if (c < 32 || c >= 127)
		c = ' ';
	one[c][0] = (char)c;
	put(t, cx, cy, one[c], (char)c, attr, pair, true);
}

static void put_string(const struct tui *t, int cx, int cy, const char *s, int n, attr_t attr,
		       short pair)
{
	for (int i = 0; i < n && s[i]; i++)
		put_char(t, cx + i, cy, s[i], attr, pair);
}

static bool hex_in_objective(const struct tui *t, int hex)
{
	const struct map *m = &t->scn->map;
	for (int i = 0; i < m->nobjectives; i++)
		for (int k = 0; k < m->objective[i].nhexes; k++)
			if (m->objective[i].hexes[k] == hex)
				return true;
	return false;
}

/* True when a declared, unresolved attack of this combat phase is against hex. */
static bool declared_against(const struct tui *t, int hex)
{
	const struct combat_state *cs = &t->g->combat;
	if (t->g->phase != PHASE_COMBAT)
		return false;
	for (int i = 0; i < cs->ndecl && i < COMBAT_DECL_MAX; i++) {
		const struct combat_decl *d = &cs->decl[i];
		if (d->next >= d->nattackers)
			continue;
		for (int k = 0; k < d->ndefhex && k < COMBAT_DEFHEX_MAX; k++)
			if (d->defhex[k] == hex)
				return true;
	}
	return false;
}

/* The outline cells of a hex: its four diagonals, and the top edge on row 0. */
static void draw_outline(const struct tui *t, int hex, bool cursor)
{
	static const struct { enum hex_dir d; char ch; } diag[] = {
		{ HEX_NW, '/' }, { HEX_NE, '\\' }, { HEX_SW, '\\' }, { HEX_SE, '/' } };
	for (size_t i = 0; i < 4; i++) {
		int x, y, n;
		geom_side_cells(hex, diag[i].d, &x, &y, &n);
		int nb = hex_neighbour(hex, diag[i].d);
		unsigned f = nb == HEX_NONE ? 0 : map_side(&t->scn->map, hex, nb);
		struct glyph gl = map_glyph_side(f, false, diag[i].ch, true);
		short pair = pal ? pair_of(pal->role_fg[gl.role], -1) : 0;
		attr_t attr = gl.role == ROLE_OUTLINE ? A_NORMAL : A_BOLD;
		if (cursor) {
			pair = slot_pair(C_CURSOR);
			attr = A_BOLD | (pal ? 0 : A_REVERSE);
		}
		put(t, x, y, gl.utf8, gl.ascii, attr, pair, false);
	}
	if (hex_row(hex) == 0 || cursor) {
		int x, y, n;
		geom_side_cells(hex, HEX_N, &x, &y, &n);
		int nb = hex_neighbour(hex, HEX_N);
		unsigned f = nb == HEX_NONE ? 0 : map_side(&t->scn->map, hex, nb);
		for (int i = 0; i < n; i++) {
			struct cell *c = cell_at(x + i, y, t);
			if (cursor && c && c->content && c->utf8) {
				c->attr |= A_BOLD;
				continue;
			}
			struct glyph gl = map_glyph_side(f, true, '_', i == n / 2);
			short pair = pal ? pair_of(pal->role_fg[gl.role], -1) : 0;
			if (cursor)
				pair = slot_pair(C_CURSOR);
			put(t, x + i, y, gl.utf8, gl.ascii, cursor ? A_BOLD : A_NORMAL, pair, false);
		}
	}
}

/* Line A: the top unit of the stack, or the terrain fill. */
static void draw_line_a(const struct tui *t, int hex, int x, int y, const int *units, int n,
			attr_t hl, short hlpair)
{
	const struct map_hex *mh = map_hex(&t->scn->map, hex);
	short bg = terrain_bg(t, mh);
	if (n > 0) {
		int u = units[0];
		const struct unit_state *us = &t->g->unit[u];
		char txt[8];
		snprintf(txt, sizeof txt, "%-3s%2d", draw_unit_id(t, u), us->steps);
		enum colour_slot s = unit_side(u) == SIDE_UNION ? C_UNION : C_CONFED;
		attr_t attr = A_NORMAL;
		if (!pal)
			attr = unit_side(u) == SIDE_UNION ? A_NORMAL : A_BOLD;
		if (us->flags & (UF_MOVED | UF_FIRED))
			attr |= A_DIM;
		if (u == t->sel_unit)
			attr |= A_UNDERLINE | A_BOLD;
		put_string(t, x, y, txt, GEOM_CELLS, attr | hl, hl ? hlpair : slot_pair(s));
		return;
	}
	const char *fill[GEOM_CELLS];
	char ascii[6];
	geom_terrain_fill(mh->terrain, mh->high, fill, ascii);
	/* the stipple of high ground is brown, terrain glyphs pale, on the terrain colour */
	short fg = !pal ? -1 : COLORS < 256 ? COLOR_WHITE : mh->terrain == TERRAIN_CLEAR ? 137 : 194;
	short pair = pal ? pair_of(fg, bg) : 0;
	for (int i = 0; i < GEOM_CELLS; i++)
		put(t, x + i, y, fill[i], ascii[i], hl, hl ? hlpair : pair, false);
}

/* Line B: the S side of the hex, with the stack count, markers, control and costs on it. */
static void draw_line_b(const struct tui *t, int hex, int x, int y, const int *units, int n,
			attr_t hl, short hlpair)
{
	const struct map *m = &t->scn->map;
	const struct map_hex *mh = map_hex(m, hex);
	short bg = terrain_bg(t, mh);
	int nb = hex_neighbour(hex, HEX_S);
	unsigned f = nb == HEX_NONE ? 0 : map_side(m, hex, nb);
	for (int i = 0; i < GEOM_CELLS; i++) {
		struct glyph gl = map_glyph_side(f, true, '_', i == GEOM_CELLS / 2);
		short pair = pal ? pair_of(pal->role_fg[gl.role], bg) : 0;
		attr_t attr = gl.role == ROLE_OUTLINE ? A_NORMAL : A_BOLD;
		put(t, x + i, y, gl.utf8, gl.ascii, attr | hl, hl ? hlpair : pair, false);
	}
	if (t->show_zoc && zoc_in_ezoc(t->g, hex, t->g->pending.side)) {
		/* `Z`: a hex of the enemy's zone of control (6.1) */
		short zp = pal ? pair_of(pal->slot_fg[C_ERROR], bg) : 0;
		for (int i = 0; i < GEOM_CELLS; i++)
			put_char(t, x + i, y, 'z', A_BOLD | hl, hl ? hlpair : zp);
	}
	short tpair = pal ? pair_of(COLOR_WHITE, bg) : 0;
	if (hl)
		tpair = hlpair;
	attr_t tattr = A_UNDERLINE | A_BOLD | hl;
	if (n > 1) {
		char more[4];
		snprintf(more, sizeof more, "+%d", n - 1);
		put_string(t, x, y, more, 2, tattr, tpair);
	}
	for (int i = 0; i < n; i++)
		if (t->g->unit[units[i]].flags & UF_ART_MOVED) {
			put_char(t, x + 2, y, 'M', tattr, tpair); /* 10.8: Moved marker */
			break;
		}
	int idx = hex_index(hex);
	if (t->mark[idx] & MARK_REACH && t->cost[idx] >= 0) {
		char c[8];
		/* "9+": reached only at double-time (8.9) */
		snprintf(c, sizeof c, "%d%s", t->cost[idx], t->double_time[idx] ? "+" : "");
		put_string(t, x + (t->cost[idx] >= 10 ? 1 : 2), y, c, 3, tattr, tpair);
	}
	if (t->mark[idx] & MARK_TARGET)
		put_char(t, x + 2, y, 'X', tattr, tpair);
	if (t->mark[idx] & MARK_COSTLY) { /* 11.17.4B: the steps a retreat there costs */
		char c[8];
		if (t->loss[idx] >= 99)
			snprintf(c, sizeof c, "elim");
		else
			snprintf(c, sizeof c, "-%d", t->loss[idx]);
		put_string(t, x + (c[2] ? 0 : 2), y, c, 4, tattr, tpair);
	}
	if (declared_against(t, hex)) { /* an attack on this hex is declared (11.1) */
		short ap = pal ? pair_of(pal->slot_fg[C_ERROR], bg) : 0;
		put_char(t, x + 3, y, '!', A_BOLD | A_UNDERLINE | hl, hl ? hlpair : ap);
	}
	if (hex_in_objective(t, hex) || mh->town_vp) {
		/* 3.3 control of a VP hex: u / c, '*' while nobody holds it */
		int ctl = t->g->control[idx];
		char ch = ctl == SIDE_UNION ? 'u' : ctl == SIDE_CONFEDERATE ? 'c' : '*';
		short cp = ctl == SIDE_UNION ? C_CTRL_UNION : ctl == SIDE_CONFEDERATE ? C_CTRL_CONFED : C_LABEL;
		short pr = pal ? pair_of(pal->slot_fg[cp], bg) : 0;
		put_char(t, x + 4, y, ch, A_BOLD | A_UNDERLINE | hl, hl ? hlpair : pr);
	}
}

static void draw_hex(struct tui *t, int hex)
{
	int x0, y0;
	geom_hex_origin(hex, &x0, &y0);
	int units[16];
	int n = unit_in_hex(t->g, hex, units, 16);
	if (n > 16)
		n = 16;
	int idx = hex_index(hex);
	uint8_t mk = t->mark[idx];
	attr_t hl = 0;
	short hlpair = 0;
	bool cur = hex == t->cursor;
	if (mk & MARK_SELECTED)
		hl = pal ? A_BOLD : A_STANDOUT, hlpair = slot_pair(C_SELECTED);
	else if (mk & MARK_TARGET)
		hl = pal ? A_BOLD : A_BOLD | A_UNDERLINE, hlpair = slot_pair(C_TARGET);
	else if (mk & MARK_COSTLY)
		hl = pal ? A_BOLD : A_BOLD | A_UNDERLINE, hlpair = slot_pair(C_TARGET);
	else if (mk & (MARK_PATH | MARK_FROM))
		hl = pal ? A_BOLD : A_UNDERLINE, hlpair = slot_pair(C_PATH);
	else if (mk & MARK_REACH)
		hl = pal ? A_BOLD : A_UNDERLINE, hlpair = slot_pair(C_REACH);
	bool unheld = !hl && t->show_unheld && t->unheld[idx]; /* `V`: an objective hex not held */
	if (unheld)
		hl = pal ? A_BOLD : A_STANDOUT, hlpair = slot_pair(C_TARGET);
	if (cur)
		hl |= A_REVERSE;
	if (!hl)
		hlpair = 0;
	/* Highlighted hexes keep their unit's side colour on line A, and destinations their
	 * terrain: only the bottom line (with the cost) is lit, so the ground stays readable. */
	bool reach_only = ((mk & MARK_REACH) &&
			   !(mk & (MARK_SELECTED | MARK_TARGET | MARK_PATH | MARK_FROM | MARK_COSTLY))) ||
			  unheld;
	if ((n > 0 || reach_only) && !cur)
		draw_line_a(t, hex, x0 + 1, y0 + 1, units, n, 0, 0);
	else
		draw_line_a(t, hex, x0 + 1, y0 + 1, units, n, hl, hlpair);
	draw_line_b(t, hex, x0 + 1, y0 + 2, units, n, hl, hlpair);
	draw_outline(t, hex, false);
}

/* Landmark names over the empty cells of line B and to its right. */
static void draw_names(struct tui *t)
{
	const struct map *m = &t->scn->map;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int hex = hex_from_index(i);
		if (!hex_valid(hex))
			continue;
		const struct map_hex *mh = map_hex(m, hex);
		if (!mh || mh->name < 0 || mh->name >= m->nnames)
			continue;
		int x0, y0;
		geom_hex_origin(hex, &x0, &y0);
		const char *name = m->names[mh->name];
		short pr = pal ? pair_of(pal->slot_fg[C_LABEL], -1) : 0;
		int y = y0 + 2;
		/* Long names are cut so they cover few neighbours (the panel has them whole). */
		for (int k = 0; name[k] && k < 14; k++) {
			struct cell *c = cell_at(x0 + 1 + k, y, t);
			if (!c)
				continue;
			if (c->content)
				break;
			put_char(t, x0 + 1 + k, y, name[k], A_BOLD | (pal ? 0 : A_UNDERLINE), pr);
			c->content = false;
		}
	}
}

static void draw_map(struct tui *t)
{
	const struct geom_layout *l = &t->lay;
	if (cells_w != l->map_w || cells_h != l->map_h) {
		free(cells);
		cells_w = l->map_w;
		cells_h = l->map_h;
		cells = calloc((size_t)cells_w * (size_t)cells_h, sizeof *cells);
		if (!cells) {
			cells_w = cells_h = 0;
			return;
		}
	}
	for (int i = 0; i < cells_w * cells_h; i++)
		cells[i] = (struct cell){ " ", " ", A_NORMAL, 0, false };
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int hex = hex_from_index(i);
		if (!hex_valid(hex))
			continue;
		int x0, y0;
		geom_hex_origin(hex, &x0, &y0);
		if (x0 + GEOM_HEX_W < t->vx || x0 > t->vx + cells_w || y0 + 2 < t->vy ||
		    y0 > t->vy + cells_h)
			continue;
		draw_hex(t, hex);
	}
	if (t->show_names)
		draw_names(t);
	draw_outline(t, t->cursor, true);
	for (int y = 0; y < cells_h; y++) {
		move(l->map_y + y, l->map_x);
		for (int x = 0; x < cells_w; x++) {
			const struct cell *c = &cells[y * cells_w + x];
			attr_set(c->attr, c->pair, NULL);
			addstr(t->utf8 && c->utf8 ? c->utf8 : c->ascii);
		}
	}
	attr_set(A_NORMAL, 0, NULL);
}

/* ---- status line, panel, log, message ---- */

static void draw_status(struct tui *t)
{
	const struct game *g = t->g;
	char line[512], pend[128];
	play_describe_pending(t, pend, sizeof pend);
	struct victory_count vc;
	if (g->opt.solitaire)
		victory_solitaire(g, &vc); /* 19.0: the Confederacy's points */
	else
		victory_two_player(g, &vc);
	char vp[16];
	victory_format(vc.vp2, vp, sizeof vp);
	/* Before turn 1 (the quick set-up, 4.2) there is no phase yet. */
	bool setup = g->pending.what == DECISION_SETUP;
	int n = snprintf(line, sizeof line, " Turn %d %s | %s %s | %s | %sVP %s", g->turn,
			 tui_turn_time(t, g->turn), setup ? "quick" : tui_side_title(g->side),
			 setup ? "set-up (4.2)" : names_of_phase(g->phase), pend,
			 g->opt.solitaire ? "CSA " : "", vp);
	/* The Union corps (13.0) on the status line when they fit, else atop the panel. */
	char corps[64];
	panel_corps_summary(g, 0, CORPS_COUNT, corps, sizeof corps);
	t->corps_in_panel = n + 3 + (int)strlen(corps) > COLS;
	if (!t->corps_in_panel)
		snprintf(line + n, sizeof line - (size_t)n, " | %s", corps);
	attr_set(A_REVERSE, 0, NULL);
	if (pal)
		attr_set(A_NORMAL, slot_pair(C_STATUS), NULL);
	move(t->lay.status_y, 0);
	for (int i = 0; i < COLS; i++)
		addch(' ');
	draw_text(t->lay.status_y, 0, COLS, line);
	attr_set(A_NORMAL, 0, NULL);
}

static void draw_log(struct tui *t)
{
	const struct geom_layout *l = &t->lay;
	const struct game *g = t->g;
	attr_set(A_NORMAL, 0, NULL);
	mvhline(l->log_y, l->log_x, ACS_HLINE, l->log_w);
	draw_text(l->log_y, l->log_x + 2, l->log_w - 2, " Log (g: all) ");
	const struct event_log *log = &match_record(t->match)->events;
	int rows = l->log_h - 1, w = l->log_w;
	for (int i = 0; i < rows; i++) {
		move(l->log_y + 1 + i, l->log_x);
		for (int c = 0; c < w; c++)
			addch(' ');
	}
	/* newest at the bottom; a line wider than the pane folds (so the MP count of a long
	 * move or the result of an attack is never cut off) */
	int y = l->log_y + rows;
	for (int k = event_log_end(log) - 1; k >= log->first && y > l->log_y && w > 12; k--) {
		const struct game_event *e = event_log_at(log, k);
		if (!e)
			break;
		char text[EVENT_TEXT_MAX], line[EVENT_TEXT_MAX + 16];
		event_format_at(g->scn, log, k, text, sizeof text);
		snprintf(line, sizeof line, "T%-2d %s", e->turn, text);
		const char *part[8];
		int plen[8], np = 0;
		for (const char *p = line; *p && np < 8;) {
			int cut = draw_fold_cut(p, np ? w - 4 : w); /* w > 12: room > 8 */
			part[np] = p;
			plen[np++] = cut;
			p += cut;
			while (*p == ' ')
				p++;
		}
		attr_set(k >= t->seen_log ? A_BOLD : A_NORMAL, 0, NULL);
		for (int i = np - 1; i >= 0 && y > l->log_y; i--, y--)
			mvaddnstr(y, l->log_x + (i ? 4 : 0), part[i], plen[i]);
		attr_set(A_NORMAL, 0, NULL);
	}
}

void draw_bottom(int y, int w, const char *s)
{
	enum { ROWS = 4 }; /* a long message (a path, a refusal with its rule) folds, never cut */
	const char *part[ROWS];
	int plen[ROWS], np = 0, most = y < 1 ? 1 : y < ROWS ? y : ROWS; /* rows 1..y: not the status */
	const char *p = s;
	do {
		int cut = np == most - 1 ? (int)strlen(p) : draw_fold_cut(p, w);
		part[np] = p;
		plen[np++] = cut;
		p += cut;
		while (*p == ' ')
			p++;
	} while (*p && np < most);
	for (int i = 0; i < np; i++) {
		int row = y - (np - 1) + i;
		move(row, 0);
		clrtoeol();
		mvaddnstr(row, 0, part[i], plen[i] < w ? plen[i] : w);
	}
}

static void draw_message(struct tui *t)
{
	const struct geom_layout *l = &t->lay;
	move(l->msg_y, 0);
	clrtoeol();
	static const char keys[] = " F1:help ?:rules a:actions e:end n:next u:undo q:menu";
	int kw = (int)sizeof keys - 1;
	/* The key reminder only where the message leaves room for it. */
	bool hints = COLS >= 100 && (int)strlen(t->msg) + kw + 1 <= COLS;
	int w = COLS - (hints ? kw : 0);
	if (t->msg[0]) {
		attr_set(t->msg_error ? A_BOLD : A_NORMAL, t->msg_error ? slot_pair(C_ERROR) : 0, NULL);
		draw_bottom(l->msg_y, w, t->msg);
		attr_set(A_NORMAL, 0, NULL);
	}
	if (hints) {
		attr_set(A_DIM, 0, NULL);
		draw_text(l->msg_y, COLS - kw, kw, keys);
		attr_set(A_NORMAL, 0, NULL);
	}
}

bool draw_guard(void)
{
	if (COLS >= GEOM_MIN_COLS && LINES >= GEOM_MIN_LINES)
		return false;
	erase();
	/* in words short enough for the smallest terminal */
	char need[40];
	snprintf(need, sizeof need, "antietam needs %dx%d.", GEOM_MIN_COLS, GEOM_MIN_LINES);
	draw_text(0, 0, COLS, "Terminal too small:");
	draw_text(1, 0, COLS, need);
	draw_text(2, 0, COLS, "Enlarge it, or press q.");
	return true;
}

void draw_compose(struct tui *t)
{
	if (draw_guard() || t->lay.too_small)
		return;
	erase();
	track_unheld_update(t);
	draw_status(t);
	if (t->overview)
		overview_draw(t);
	else
		draw_map(t);
	panel_draw(t);
	if (t->lay.log_h >= 2)
		draw_log(t);
	draw_message(t);
}

void draw_frame(struct tui *t)
{
	draw_compose(t);
	refresh();
}
