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
	if (frame_edge(t, d, hex))
		extra |= A_UNDERLINE;
	if (mk >= 0)
		bg = mk;
	if (!t->colour && mk < 0 && t->mark[hex_index(hex)])
		extra |= A_BOLD | A_UNDERLINE;
	int units[16];
	int n = game_units_at(t->g, hex, units, 16);
	if (n > 0) {
		bool uni = game_unit_side(units[0]) == SIDE_UNION;
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
	if (t->show_zoc && game_in_ezoc(t->g, hex, t->g->pending.side))
		put_cell(t, sy, sx + 1, NULL, 'z', extra | A_BOLD,
			 draw_pair(draw_slot_colour(C_ERROR, false), bg));
	else if (side_feature(t, hex, &gl))
		put_cell(t, sy, sx + 1, gl.utf8, gl.ascii, extra | A_BOLD,
			 draw_pair(draw_role_colour(gl.role), bg));
	else
		put_cell(t, sy, sx + 1, fill[2], ascii[2], extra, pr);
}

/* ---- COMPACT: half a cell a hex ---- */

/* The one colour a hex shows in the compact overview. */
static short compact_colour(const struct tui *t, const struct geom_layout *d, int hex)
{
	if (hex == t->cursor)
		return draw_slot_colour(C_CURSOR, false);
	short mk = mark_colour(t, hex);
	if (mk >= 0)
		return mk;
	int units[4];
	if (game_units_at(t->g, hex, units, 4) > 0)
		return game_unit_side(units[0]) == SIDE_UNION ? (COLORS >= 256 ? 27 : COLOR_BLUE) :
		       (COLORS >= 256 ? 160 : COLOR_RED);
	if (objective_hex(t, hex)) {
		int ctl = t->g->control[hex_index(hex)];
		return ctl == SIDE_UNION ? draw_slot_colour(C_CTRL_UNION, false) :
		       ctl == SIDE_CONFEDERATE ? draw_slot_colour(C_CTRL_CONFED, false) :
						 (COLORS >= 256 ? 231 : COLOR_WHITE);
	}
	struct glyph gl;
	if (side_feature(t, hex, &gl) && gl.role != ROLE_ROAD_PRIMARY &&
	    gl.role != ROLE_ROAD_SECONDARY)
		return draw_role_colour(gl.role); /* the creek and its crossings */
	if (frame_edge(t, d, hex))
		return COLORS >= 256 ? 250 : COLOR_WHITE;
	short c = draw_terrain_colour(map_hex(&t->scn->map, hex));
	return c >= 0 ? c : (COLORS >= 256 ? 236 : COLOR_BLACK);
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
			attr_set(A_NORMAL, draw_pair(fg, bg), NULL);
			mvaddstr(l->map_y + y, l->map_x + x, "\u2580");
		}
	attr_set(A_NORMAL, 0, NULL);
}

int overview_hex_at(const struct tui *t, int x, int y)
{
	return geom_ov_hex_at(t->ox + x, t->oy + y, overview_scale(t));
}
