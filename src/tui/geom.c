/* geom.c — owns the curses-free geometry and glyph tables of the ncurses front-end (see
 * geom.h for the canvas drawing of one hex). Nothing here knows about curses, so the
 * tests check it directly. */
#include "geom.h"

#include <stddef.h>

#include "map.h"

/* ---- hexes on the canvas ---- */

void geom_hex_origin(int hex, int *x0, int *y0)
{
	int ci = hex_col(hex) - HEX_COL_MIN;
	*x0 = GEOM_HEX_W * ci;
	*y0 = 2 * hex_row(hex) + (hex_col(hex) & 1);
}

int geom_hex_at(int x, int y)
{
	if (x < 0 || y < 0 || x >= GEOM_CANVAS_W || y >= GEOM_CANVAS_H)
		return HEX_NONE;
	int best = HEX_NONE;
	long bestd = 0;
	int ci = x / GEOM_HEX_W;
	/* The cell lies in column ci or ci-1 (the shared diagonal) and in row (y-1)/2 or near. */
	for (int c = ci - 1; c <= ci; c++) {
		int col = c + HEX_COL_MIN;
		if (col < HEX_COL_MIN || col > HEX_COL_MAX)
			continue;
		for (int r = (y - 2) / 2 - 1; r <= y / 2 + 1; r++) {
			int id = col * 100 + r;
			if (r < 0 || !hex_valid(id))
				continue;
			int x0, y0;
			geom_hex_origin(id, &x0, &y0);
			if (x >= x0 + 1 && x <= x0 + GEOM_CELLS && (y == y0 + 1 || y == y0 + 2))
				return id; /* an interior cell (lines A and B) */
			/* Distance to the centre, in half-cells; a cell is 2 units tall per unit wide. */
			long dx = 2L * x - (2L * x0 + GEOM_HEX_W);
			long dy = 2L * (2L * y - (2L * y0 + 3));
			long d = dx * dx + dy * dy;
			if (best == HEX_NONE || d < bestd) {
				best = id;
				bestd = d;
			}
		}
	}
	/* Outline cells beyond the outermost hexes are not on the map. */
	if (best != HEX_NONE) {
		int x0, y0;
		geom_hex_origin(best, &x0, &y0);
		if (x < x0 || x > x0 + GEOM_HEX_W || y < y0 || y > y0 + 2)
			return HEX_NONE;
	}
	return best;
}

void geom_side_cells(int hex, enum hex_dir dir, int *x, int *y, int *ncells)
{
	int x0, y0;
	geom_hex_origin(hex, &x0, &y0);
	*ncells = 1;
	switch (dir) {
	case HEX_N: *x = x0 + 1; *y = y0; *ncells = GEOM_CELLS; break;
	case HEX_S: *x = x0 + 1; *y = y0 + 2; *ncells = GEOM_CELLS; break;
	case HEX_NW: *x = x0; *y = y0 + 1; break;
	case HEX_NE: *x = x0 + GEOM_HEX_W; *y = y0 + 1; break;
	case HEX_SW: *x = x0; *y = y0 + 2; break;
	case HEX_SE: *x = x0 + GEOM_HEX_W; *y = y0 + 2; break;
	default: *x = x0; *y = y0; break;
	}
}

/* ---- screen layout ---- */

void geom_layout(struct geom_layout *l, int cols, int lines)
{
	*l = (struct geom_layout){ .cols = cols, .lines = lines };
	if (cols < GEOM_MIN_COLS || lines < GEOM_MIN_LINES) {
		l->too_small = true;
		return;
	}
	/* The panel must hold a unit line ("U12 I/1 4st cv4 m3 ma8 …"); a wide terminal gets a
	 * wider panel and the rest goes to the map. */
	l->panel_w = cols >= 160 ? 44 : cols >= 120 ? 38 : cols >= 100 ? 32 : 27;
	l->status_y = 0;
	l->msg_y = lines - 1;
	l->panel_x = cols - l->panel_w;
	l->panel_y = 1;
	l->panel_h = lines - 2;
	l->log_h = lines >= 50 ? 8 : lines >= 36 ? 6 : lines >= 28 ? 4 : 3;
	l->map_x = 0;
	l->map_y = 1;
	l->map_w = l->panel_x - 1; /* a one-cell gutter before the panel */
	l->map_h = lines - 2 - l->log_h;
	/* Once the whole map fits, the room left over goes to the panel and the log. */
	if (l->map_w > GEOM_CANVAS_W) {
		l->map_w = GEOM_CANVAS_W;
		l->panel_x = l->map_w + 1;
		l->panel_w = cols - l->panel_x;
	}
	if (l->map_h > GEOM_CANVAS_H)
		l->map_h = GEOM_CANVAS_H;
	l->log_x = 0;
	l->log_y = l->map_y + l->map_h;
	l->log_h = lines - 1 - l->log_y;
	l->log_w = l->panel_x - 1;
}

void geom_layout_overview(struct geom_layout *l, int cols, int lines)
{
	geom_layout(l, cols, lines);
	if (l->too_small)
		return;
	l->map_h = lines - 2;
	l->log_y = l->map_y + l->map_h;
	l->log_h = 0;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void geom_follow(int hex, int w, int h, int *vx, int *vy)
{
	int x0, y0;
	geom_hex_origin(hex, &x0, &y0);
	/* Keep a hex of margin around the cursor when the view is big enough for it. */
	int mx = w >= 4 * GEOM_HEX_W ? GEOM_HEX_W : 0;
	int my = h >= 10 ? 2 : 0;
	if (x0 - mx < *vx)
		*vx = x0 - mx;
	if (x0 + GEOM_HEX_W + mx >= *vx + w)
		*vx = x0 + GEOM_HEX_W + mx - w + 1;
	if (y0 - my < *vy)
		*vy = y0 - my;
	if (y0 + 2 + my >= *vy + h)
		*vy = y0 + 2 + my - h + 1;
	*vx = clamp(*vx, 0, GEOM_CANVAS_W > w ? GEOM_CANVAS_W - w : 0);
	*vy = clamp(*vy, 0, GEOM_CANVAS_H > h ? GEOM_CANVAS_H - h : 0);
}

void geom_centre(int hex, int w, int h, int *vx, int *vy)
{
	int x0, y0;
	geom_hex_origin(hex, &x0, &y0);
	*vx = clamp(x0 + GEOM_HEX_W / 2 - w / 2, 0, GEOM_CANVAS_W > w ? GEOM_CANVAS_W - w : 0);
	*vy = clamp(y0 + 1 - h / 2, 0, GEOM_CANVAS_H > h ? GEOM_CANVAS_H - h : 0);
}

int geom_step(int hex, int dx, int dy)
{
	int n = HEX_NONE;
	if (dx == 0 && dy < 0)
		n = hex_neighbour(hex, HEX_N);
	else if (dx == 0 && dy > 0)
		n = hex_neighbour(hex, HEX_S);
	else if (dy < 0)
		n = hex_neighbour(hex, dx > 0 ? HEX_NE : HEX_NW);
	else if (dy > 0)
		n = hex_neighbour(hex, dx > 0 ? HEX_SE : HEX_SW);
	else {
		/* Straight across: same row in the next column. */
		int c = hex_col(hex) + (dx > 0 ? 1 : -1);
		int id = c * 100 + hex_row(hex);
		n = (c >= HEX_COL_MIN && c <= HEX_COL_MAX && hex_valid(id)) ? id : HEX_NONE;
		if (n == HEX_NONE) /* row 44 of an even column: step diagonally up */
			n = hex_neighbour(hex, dx > 0 ? HEX_NE : HEX_NW);
	}
	return n == HEX_NONE ? hex : n;
}

/* ---- the overview map ---- */

void geom_ov_size(enum geom_ov_scale scale, int *w, int *h)
{
	if (scale == GEOM_OV_FULL) {
		*w = HEX_NCOLS * GEOM_OV_W;
		*h = HEX_NROWS;
	} else {
		*w = HEX_NCOLS;
		*h = (HEX_NROWS + 1) / 2;
	}
}

void geom_ov_cell(int hex, enum geom_ov_scale scale, int *x, int *y, bool *lower)
{
	int ci = hex_col(hex) - HEX_COL_MIN, r = hex_row(hex);
	*lower = scale == GEOM_OV_COMPACT && (r & 1);
	*x = scale == GEOM_OV_FULL ? ci * GEOM_OV_W : ci;
	*y = scale == GEOM_OV_FULL ? r : r / 2;
}

int geom_ov_hex_at(int x, int y, enum geom_ov_scale scale)
{
	int w, h;
	geom_ov_size(scale, &w, &h);
	if (x < 0 || y < 0 || x >= w || y >= h)
		return HEX_NONE;
	int col = HEX_COL_MIN + (scale == GEOM_OV_FULL ? x / GEOM_OV_W : x);
	int row = scale == GEOM_OV_FULL ? y : 2 * y;
	int id = col * 100 + row;
	return hex_valid(id) ? id : HEX_NONE;
}

enum geom_ov_scale geom_ov_choose(int w, int h, bool compact_ok)
{
	(void)w;
	if (!compact_ok || 5 * h >= 4 * HEX_NROWS)
		return GEOM_OV_FULL;
	return GEOM_OV_COMPACT;
}

void geom_ov_follow(int hex, enum geom_ov_scale scale, int w, int h, int *ox, int *oy)
{
	int x, y, cw, ch;
	bool lower;
	geom_ov_cell(hex, scale, &x, &y, &lower);
	geom_ov_size(scale, &cw, &ch);
	int mx = w > 8 ? 2 : 0, my = h > 8 ? 2 : 0;
	if (x - mx < *ox)
		*ox = x - mx;
	if (x + GEOM_OV_W + mx > *ox + w)
		*ox = x + GEOM_OV_W + mx - w;
	if (y - my < *oy)
		*oy = y - my;
	if (y + 1 + my > *oy + h)
		*oy = y + 1 + my - h;
	*ox = clamp(*ox, 0, cw > w ? cw - w : 0);
	*oy = clamp(*oy, 0, ch > h ? ch - h : 0);
}

/* ---- glyphs ---- */

void geom_terrain_fill(int terrain, bool high, const char *out[GEOM_CELLS], char ascii[6])
{
	if (terrain < 0 || terrain >= TERRAIN_COUNT)
		terrain = TERRAIN_CLEAR;
	/* High ground is stippled in cells 0, 2 and 4 so it reads without colour. */
	const char *hi = high ? map_glyph_high.utf8 : " ";
	char hia = high ? map_glyph_high.ascii : ' ';
	for (int i = 0; i < GEOM_CELLS; i++) {
		bool t = i == 1 || i == 3;
		out[i] = t ? map_glyph_terrains[terrain].utf8 : hi;
		ascii[i] = t ? map_glyph_terrains[terrain].ascii : hia;
	}
	ascii[GEOM_CELLS] = 0;
}
