/* overview.c — owns the zoomed-out map (`z`): the whole battlefield at once, a hex two
 * cells of one line (FULL) or, where that would not show most of the map, one cell of half
 * a line (COMPACT, two rows a line with a half block: colour and UTF-8 only). It shows the
 * terrain and elevation by colour and glyph, roads, the creek and its crossings, units by
 * side with the size of each stack, objectives with their control, the marks of the
 * selected unit or highlighted action, the cursor, and the frame of what the detailed map
 * shows. Keys and the mouse act on the cursor hex as on the detailed map (tui.c). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <string.h>

#include "tui_internal.h"

enum geom_ov_scale overview_scale(const struct tui *t)
{
	return geom_ov_choose(t->lay.map_w, t->lay.map_h,
			      t->utf8 && t->colour && !t->overview_full);
}

/* ---- what a hex shows ---- */

static bool objective_hex(const struct tui *t, int hex)
{
	const struct map *m = &t->scn->map;
	if (map_hex(m, hex)->town_vp)
		return true;
	for (int i = 0; i < m->nobjectives; i++)
		for (int k = 0; k < m->objective[i].nhexes; k++)
			if (m->objective[i].hexes[k] == hex)
				return true;
	return false;
}

/* The hexside feature that matters most around the hex (bridge, ford, creek, Sunken Road,
 * roads), as its glyph; NULL when none. */
static const struct glyph *side_feature(const struct tui *t, int hex, struct glyph *out)
{
	static const unsigned order[] = { SIDE_BRIDGE, SIDE_FORD, SIDE_CREEK, SIDE_SUNKEN,
					  SIDE_PRIMARY, SIDE_SECONDARY };
	unsigned all = 0;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int nb = hex_neighbour(hex, (enum hex_dir)d);
		if (nb != HEX_NONE)
			all |= map_side(&t->scn->map, hex, nb);
	}
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (all & order[i]) {
			*out = map_glyph_side(order[i], true, '_', true);
			return out;
		}
	return NULL;
}

/* The highlight of a marked hex (the detailed map's colours), or -1 for none. */
static short mark_colour(const struct tui *t, int hex)
{
	uint8_t mk = t->mark[hex_index(hex)];
	if (mk & MARK_SELECTED)
		return draw_slot_colour(C_SELECTED, true);
	if (mk & (MARK_TARGET | MARK_COSTLY))
		return draw_slot_colour(C_TARGET, true);
	if (mk & (MARK_PATH | MARK_FROM))
		return draw_slot_colour(C_PATH, true);
	if (mk & MARK_REACH)
		return draw_slot_colour(C_REACH, true);
	if (t->show_unheld && t->unheld[hex_index(hex)]) /* `V`: an objective hex not held */
		return draw_slot_colour(C_TARGET, true);
	return -1;
}

/* True when the hex lies inside what the detailed map shows now, and whether it is on the
 * edge of that frame. */
static bool in_frame(const struct tui *t, const struct geom_layout *d, int hex)
{
	int x0, y0;
	geom_hex_origin(hex, &x0, &y0);
	return x0 >= t->vx && x0 + GEOM_HEX_W <= t->vx + d->map_w && y0 >= t->vy &&
	       y0 + 2 < t->vy + d->map_h;
}

static bool frame_edge(const struct tui *t, const struct geom_layout *d, int hex)
{
	if (!in_frame(t, d, hex))
		return false;
	for (int k = 0; k < HEX_NDIRS; k++) {
		int nb = hex_neighbour(hex, (enum hex_dir)k);
		if (nb == HEX_NONE || !in_frame(t, d, nb))
			return true;
	}
	return false;
}

/* ---- colours (the compact overview, the frame, the legend) ---- */

/* What a hex shows in the compact overview, most important first: its one colour says the
 * first of these that is true of it (then its terrain). Stacks are the darker shade. */
enum ov_role {
	OV_CURSOR, OV_UNION, OV_UNION_STACK, OV_CONFED, OV_CONFED_STACK, OV_OBJECTIVE,
	OV_HELD_UNION, OV_HELD_CONFED, OV_CREEK, OV_FORD, OV_BRIDGE, OV_FRAME, OV_ROAD,
	OV_ROLE_COUNT
};

static const struct {
	short c256, c8;
	const char *label;  /* the legend's words (at most 14 characters) */
} ov_role_colour[OV_ROLE_COUNT] = {
	[OV_CURSOR] = { 46, COLOR_GREEN, "cursor" },
	[OV_UNION] = { 69, COLOR_BLUE, "Union unit" },
	[OV_UNION_STACK] = { 20, COLOR_BLUE, "Union stack" },
	[OV_CONFED] = { 203, COLOR_RED, "Confed. unit" },
	[OV_CONFED_STACK] = { 124, COLOR_RED, "Confed. stack" },
	[OV_OBJECTIVE] = { 231, COLOR_WHITE, "objective" },
	[OV_HELD_UNION] = { 153, COLOR_CYAN, "Union holds" },
	[OV_HELD_CONFED] = { 224, COLOR_MAGENTA, "Confed. holds" },
	[OV_CREEK] = { 30, COLOR_CYAN, "creek" },
	[OV_FORD] = { 51, COLOR_CYAN, "ford" },
	[OV_BRIDGE] = { 208, COLOR_YELLOW, "bridge" },
	[OV_FRAME] = { 244, COLOR_WHITE, "detailed map" },
	[OV_ROAD] = { 180, COLOR_YELLOW, "road" },
};

static short ov_colour(enum ov_role r)
{
	return COLORS >= 256 ? ov_role_colour[r].c256 : ov_role_colour[r].c8;
}

/* ---- FULL: two cells a hex ---- */

static void put_cell(const struct tui *t, int y, int x, const char *utf8, char ascii,
		     attr_t attr, short pair)
{
	char one[2] = { ascii, 0 };
	attr_set(attr, pair, NULL);
	mvaddstr(y, x, t->utf8 && utf8 ? utf8 : one);
}

static void draw_full_hex(struct tui *t, const struct geom_layout *d, int hex, int sy, int sx)
{
	const struct map_hex *mh = map_hex(&t->scn->map, hex);
	short bg = draw_terrain_colour(mh);
	short mk = mark_colour(t, hex);
	attr_t extra = hex == t->cursor ? A_REVERSE | A_BOLD : 0;
	if (frame_edge(t, d, hex)) { /* the detailed view's edge: underlined, on grey */
		extra |= A_UNDERLINE;
		if (t->colour)
			bg = ov_colour(OV_FRAME);
	}
	if (mk >= 0)
		bg = mk;
	if (!t->colour && mk < 0 && (t->mark[hex_index(hex)] || (t->show_unheld && t->unheld[hex_index(hex)])))
		extra |= A_BOLD | A_UNDERLINE;
	int units[16];
	int n = unit_in_hex(t->g, hex, units, 16);
	if (n > 0) {
		bool uni = unit_side(units[0]) == SIDE_UNION;
		enum colour_slot s = uni ? C_UNION : C_CONFED;
		short pr = draw_pair(draw_slot_colour(s, false), mk >= 0 ? mk : draw_slot_colour(s, true));
		attr_t a = extra | (t->colour ? A_BOLD : uni ? A_NORMAL : A_BOLD);
		if (t->g->unit[units[0]].flags & (UF_MOVED | UF_FIRED))
			a |= A_DIM;
		char cnt = n > 9 ? '+' : n > 1 ? (char)('0' + n) : ' ';
		put_cell(t, sy, sx, NULL, uni ? 'U' : 'C', a, pr);
		put_cell(t, sy, sx + 1, NULL, cnt, a, pr);
		return;
	}
	/* cell 0: control of an objective, else the terrain glyph or the high ground's stipple */
	const char *fill[GEOM_CELLS];
	char ascii[6];
	geom_terrain_fill(mh->terrain, mh->high, fill, ascii);
	short tfg = !t->colour ? -1 : COLORS < 256 ? COLOR_WHITE :
		    mh->terrain == TERRAIN_CLEAR ? 137 : 194;
	short pr = draw_pair(tfg, bg);
	if (objective_hex(t, hex)) {
		int ctl = t->g->control[hex_index(hex)];
		enum colour_slot cs = ctl == SIDE_UNION ? C_CTRL_UNION :
				      ctl == SIDE_CONFEDERATE ? C_CTRL_CONFED : C_LABEL;
		char ch = ctl == SIDE_UNION ? 'u' : ctl == SIDE_CONFEDERATE ? 'c' : '*';
		put_cell(t, sy, sx, NULL, ch, extra | A_BOLD, draw_pair(draw_slot_colour(cs, false), bg));
	} else {
		bool glyph = mh->terrain != TERRAIN_CLEAR;
		put_cell(t, sy, sx, glyph ? fill[1] : fill[0], glyph ? ascii[1] : ascii[0], extra, pr);
	}
	/* cell 1: the creek, its crossings, the Sunken Road or a road */
	struct glyph gl;
	if (t->show_zoc && zoc_in_ezoc(t->g, hex, t->g->pending.side))
		put_cell(t, sy, sx + 1, NULL, 'z', extra | A_BOLD,
			 draw_pair(draw_slot_colour(C_ERROR, false), bg));
	else if (side_feature(t, hex, &gl))
		put_cell(t, sy, sx + 1, gl.utf8, gl.ascii, extra | A_BOLD,
			 draw_pair(draw_role_colour(gl.role), bg));
	else
		put_cell(t, sy, sx + 1, fill[2], ascii[2], extra, pr);
}

/* ---- COMPACT: half a cell a hex, one colour a hex ---- */

/* The role a hex shows (OV_ROLE_COUNT: its terrain), marks aside. */
static enum ov_role compact_role(const struct tui *t, const struct geom_layout *d, int hex)
{
	if (hex == t->cursor)
		return OV_CURSOR;
	int units[4];
	int n = unit_in_hex(t->g, hex, units, 4);
	if (n > 0) {
		bool uni = unit_side(units[0]) == SIDE_UNION;
		return uni ? (n > 1 ? OV_UNION_STACK : OV_UNION) :
			     (n > 1 ? OV_CONFED_STACK : OV_CONFED);
	}
	if (objective_hex(t, hex)) {
		int ctl = t->g->control[hex_index(hex)];
		return ctl == SIDE_UNION ? OV_HELD_UNION :
		       ctl == SIDE_CONFEDERATE ? OV_HELD_CONFED : OV_OBJECTIVE;
	}
	struct glyph gl;
	const struct glyph *f = side_feature(t, hex, &gl);
	if (f && f->role == ROLE_BRIDGE)
		return OV_BRIDGE;
	if (f && f->role == ROLE_FORD)
		return OV_FORD;
	if (f && f->role == ROLE_CREEK)
		return OV_CREEK;
	if (frame_edge(t, d, hex))
		return OV_FRAME;
	if (f) /* the Sunken Road and the roads */
		return OV_ROAD;
	return OV_ROLE_COUNT;
}

/* The one colour a hex shows in the compact overview. */
static short compact_colour(const struct tui *t, const struct geom_layout *d, int hex)
{
	short mk = mark_colour(t, hex);
	if (mk >= 0 && hex != t->cursor)
		return mk;
	enum ov_role r = compact_role(t, d, hex);
	if (r < OV_ROLE_COUNT)
		return ov_colour(r);
	short c = draw_terrain_colour(map_hex(&t->scn->map, hex));
	return c >= 0 ? c : (COLORS >= 256 ? 236 : COLOR_BLACK);
}

/* ---- beside the map: the cursor's row, the detailed view's rows, the legend ---- */

/* The visible width of the overview canvas (its columns on the screen). */
static int canvas_cols(const struct tui *t, enum geom_ov_scale sc)
{
	int cw, ch;
	geom_ov_size(sc, &cw, &ch);
	return cw - t->ox < t->lay.map_w ? cw - t->ox : t->lay.map_w;
}

/* The column right of the map: a bar over the lines the detailed view shows, and an arrow
 * on the cursor's line (the cursor is one cell of many; the arrow finds it). */
static void draw_margin(struct tui *t, const struct geom_layout *d, enum geom_ov_scale sc)
{
	const struct geom_layout *l = &t->lay;
	int x = canvas_cols(t, sc);
	if (x >= l->map_w)
		return;
	int cx, cy;
	bool lower;
	geom_ov_cell(t->cursor, sc, &cx, &cy, &lower);
	for (int y = 0; y < l->map_h; y++) {
		bool framed = false;
		for (int c = 0; c < HEX_NCOLS && !framed; c++) {
			int hex = geom_ov_hex_at(c * (sc == GEOM_OV_FULL ? GEOM_OV_W : 1), t->oy + y, sc);
			if (hex == HEX_NONE && sc == GEOM_OV_COMPACT) /* odd rows end a row early */
				continue;
			framed = hex != HEX_NONE && in_frame(t, d, hex);
			if (!framed && sc == GEOM_OV_COMPACT && hex_valid(hex + 1))
				framed = in_frame(t, d, hex + 1);
		}
		bool here = t->oy + y == cy;
		if (!framed && !here)
			continue;
		short pr = !t->colour ? 0 : draw_pair(here ? ov_colour(OV_CURSOR) : ov_colour(OV_FRAME), -1);
		put_cell(t, l->map_y + y, l->map_x + x, here ? "\u25c0" : "\u2502", here ? '<' : '|',
			 here ? A_BOLD : A_NORMAL, pr);
	}
}

/* A legend swatch: two cells as the map draws them. */
struct swatch {
	const char *u0, *u1; /* UTF-8 (NULL: the ASCII one) */
	char a0, a1;
	attr_t attr;
	short pair;
};

/* One legend line at row y: the swatch, a space, the words. */
static void legend_line(const struct tui *t, int y, int x, int w, struct swatch sw,
			const char *words)
{
	put_cell(t, y, x, sw.u0, sw.a0, sw.attr, sw.pair);
	put_cell(t, y, x + 1, sw.u1, sw.a1, sw.attr, sw.pair);
	attr_set(A_NORMAL, 0, NULL);
	draw_text(y, x + 3, w - 3, words);
}

static short legend_pair(const struct tui *t, short fg, short bg)
{
	return t->colour ? draw_pair(fg, bg) : 0;
}

/* The legend in the columns the map leaves free (nothing when fewer than 18 are). */
static void draw_legend(struct tui *t, enum geom_ov_scale sc)
{
	const struct geom_layout *l = &t->lay;
	int x = canvas_cols(t, sc) + 2, w = l->map_w - x, y = 0;
	if (w < 16)
		return;
	x += l->map_x;
#define ROW(sw, words) do { if (y < l->map_h) legend_line(t, l->map_y + y++, x, w, sw, words); } while (0)
	struct map_hex hi = { .terrain = TERRAIN_CLEAR, .high = true };
	if (sc == GEOM_OV_COMPACT) {
		for (int r = 0; r < OV_ROLE_COUNT; r++)
			ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_NORMAL,
					      legend_pair(t, -1, ov_colour((enum ov_role)r)) }),
			    ov_role_colour[r].label);
		for (int ter = TERRAIN_WOODS; ter < TERRAIN_COUNT; ter++) {
			struct map_hex mh = { .terrain = (uint8_t)ter };
			ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_NORMAL,
					      legend_pair(t, -1, draw_terrain_colour(&mh)) }),
			    ter == TERRAIN_TOWN ? "Sharpsburg" : map_glyph_terrains[ter].meaning);
		}
		ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_NORMAL,
				      legend_pair(t, -1, draw_terrain_colour(&hi)) }), "high ground");
		/* the marks of a selected unit or a highlighted action, as on the detailed map */
		static const struct { enum colour_slot s; const char *w; } mk[] = {
			{ C_SELECTED, "selected" }, { C_REACH, "may go there" },
			{ C_TARGET, "target" } };
		for (size_t i = 0; i < sizeof mk / sizeof mk[0]; i++)
			ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_NORMAL,
					      legend_pair(t, -1, draw_slot_colour(mk[i].s, true)) }),
			    mk[i].w);
		return;
	}
	/* FULL: the cells as the map draws them */
	short upr = legend_pair(t, draw_slot_colour(C_UNION, false), draw_slot_colour(C_UNION, true));
	short cpr = legend_pair(t, draw_slot_colour(C_CONFED, false), draw_slot_colour(C_CONFED, true));
	attr_t ua = t->colour ? A_BOLD : A_NORMAL;
	ROW(((struct swatch){ NULL, NULL, 'U', '2', ua, upr }), "Union, a stack of 2");
	ROW(((struct swatch){ NULL, NULL, 'C', ' ', A_BOLD, cpr }), "Confederate unit");
	ROW(((struct swatch){ NULL, NULL, 'U', ' ', ua | A_DIM, upr }), "moved or fired");
	static const struct { char ch; enum colour_slot s; const char *w; } obj[] = {
		{ '*', C_LABEL, "objective: nobody's" }, { 'u', C_CTRL_UNION, "objective: Union's" },
		{ 'c', C_CTRL_CONFED, "objective: Confed.'s" } };
	for (size_t i = 0; i < sizeof obj / sizeof obj[0]; i++)
		ROW(((struct swatch){ NULL, NULL, obj[i].ch, ' ', A_BOLD,
				      legend_pair(t, draw_slot_colour(obj[i].s, false), -1) }), obj[i].w);
	static const unsigned feats[] = { SIDE_BRIDGE, SIDE_FORD, SIDE_CREEK, SIDE_SUNKEN,
					  SIDE_PRIMARY, SIDE_SECONDARY };
	static const char *const fw[] = { "bridge", "ford", "Antietam Creek", "Sunken Road",
					  "primary road", "secondary road" };
	for (size_t i = 0; i < sizeof feats / sizeof feats[0]; i++) {
		struct glyph gl = map_glyph_side(feats[i], true, '_', true);
		ROW(((struct swatch){ " ", gl.utf8, ' ', gl.ascii, A_BOLD,
				      legend_pair(t, draw_role_colour(gl.role), -1) }), fw[i]);
	}
	for (int ter = TERRAIN_WOODS; ter < TERRAIN_COUNT; ter++) {
		struct map_hex mh = { .terrain = (uint8_t)ter };
		const struct map_glyph_terrain *g = &map_glyph_terrains[ter];
		ROW(((struct swatch){ g->utf8, " ", g->ascii, ' ', A_NORMAL,
				      legend_pair(t, -1, draw_terrain_colour(&mh)) }), g->meaning);
	}
	ROW(((struct swatch){ map_glyph_high.utf8, " ", map_glyph_high.ascii, ' ', A_NORMAL,
			      legend_pair(t, -1, draw_terrain_colour(&hi)) }), "high ground");
	if (t->show_zoc)
		ROW(((struct swatch){ NULL, NULL, ' ', 'z', A_BOLD,
				      legend_pair(t, draw_slot_colour(C_ERROR, false), -1) }),
		    "enemy ZOC (6.1)");
	ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_REVERSE | A_BOLD, 0 }), "cursor");
	ROW(((struct swatch){ NULL, NULL, ' ', ' ', A_UNDERLINE,
			      legend_pair(t, -1, ov_colour(OV_FRAME)) }), "detailed view's edge");
#undef ROW
}

/* ---- the view ---- */

void overview_draw(struct tui *t)
{
	const struct geom_layout *l = &t->lay;
	enum geom_ov_scale sc = overview_scale(t);
	struct geom_layout d; /* the detailed map's split, for its frame */
	geom_layout(&d, COLS, LINES);
	geom_ov_follow(t->cursor, sc, l->map_w, l->map_h, &t->ox, &t->oy);
	attr_set(A_NORMAL, 0, NULL);
	for (int y = 0; y < l->map_h; y++) {
		move(l->map_y + y, l->map_x);
		for (int x = 0; x < l->map_w; x++)
			addch(' ');
	}
	for (int y = 0; y < l->map_h; y++)
		for (int x = 0; x < l->map_w; x++) {
			int hex = geom_ov_hex_at(t->ox + x, t->oy + y, sc);
			if (hex == HEX_NONE)
				continue;
			int hx, hy;
			bool lower;
			geom_ov_cell(hex, sc, &hx, &hy, &lower);
			if (sc == GEOM_OV_FULL) {
				if (hx == t->ox + x)
					draw_full_hex(t, &d, hex, l->map_y + y, l->map_x + x);
				continue;
			}
			/* COMPACT: the upper hex in the foreground of a half block, the lower one
			 * (if any) in its background */
			int below = hex + 1;
			short fg = compact_colour(t, &d, hex);
			short bg = hex_valid(below) ? compact_colour(t, &d, below) : -1;
			if (below == t->cursor) { /* the cursor's half in the foreground: it blinks */
				attr_set(A_BLINK, draw_pair(bg, fg), NULL);
				mvaddstr(l->map_y + y, l->map_x + x, "\u2584");
				continue;
			}
			attr_set(hex == t->cursor ? A_BLINK : A_NORMAL, draw_pair(fg, bg), NULL);
			mvaddstr(l->map_y + y, l->map_x + x, "\u2580");
		}
	draw_margin(t, &d, sc);
	draw_legend(t, sc);
	attr_set(A_NORMAL, 0, NULL);
}

int overview_hex_at(const struct tui *t, int x, int y)
{
	return geom_ov_hex_at(t->ox + x, t->oy + y, overview_scale(t));
}
