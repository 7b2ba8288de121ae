/* test_tui_geom.c — the curses-free geometry of the ncurses front-end (src/tui/geom.c):
 * the canvas drawing of the hex grid agrees with hex.h's neighbours, screen cells map back
 * to their hexes, the layout fits 80x24 and larger terminals, the view follows the cursor,
 * and the glyph tables tell every hexside feature apart without colour. The front-end file
 * is in the curses-free libtui.a, so the test needs no curses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../src/tui/geom.h"
#include "map.h"

static void test_origin(void **state)
{
	(void)state;
	int x, y;
	geom_hex_origin(1000, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, 0);
	geom_hex_origin(1100, &x, &y); /* odd columns half a hex lower */
	assert_int_equal(x, 6);
	assert_int_equal(y, 1);
	geom_hex_origin(1916, &x, &y);
	assert_int_equal(x, 54);
	assert_int_equal(y, 33);
	geom_hex_origin(4244, &x, &y); /* the last hex fits the canvas */
	assert_true(x + GEOM_HEX_W < GEOM_CANVAS_W);
	assert_true(y + 2 < GEOM_CANVAS_H);
}

static int opposite(int d)
{
	return (d + 3) % HEX_NDIRS;
}

/* A shared hexside is the same cells seen from either hex: the drawing agrees with hex.h. */
static void test_sides_shared(void **state)
{
	(void)state;
	int checked = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		if (!hex_valid(h))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int nb = hex_neighbour(h, d);
			if (nb == HEX_NONE)
				continue;
			int x1, y1, n1, x2, y2, n2;
			geom_side_cells(h, d, &x1, &y1, &n1);
			geom_side_cells(nb, opposite(d), &x2, &y2, &n2);
			assert_int_equal(x1, x2);
			assert_int_equal(y1, y2);
			assert_int_equal(n1, n2);
			checked++;
		}
	}
	assert_true(checked > 5000);
}

/* Every interior cell maps back to its hex; every outline cell to one of the hexes it
 * borders; nothing outside the grid maps to a hex. */
static void test_hex_at(void **state)
{
	(void)state;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		if (!hex_valid(h))
			continue;
		int x0, y0;
		geom_hex_origin(h, &x0, &y0);
		for (int k = 1; k <= GEOM_CELLS; k++) {
			assert_int_equal(geom_hex_at(x0 + k, y0 + 1), h);
			assert_int_equal(geom_hex_at(x0 + k, y0 + 2), h);
		}
		for (int d = 0; d < HEX_NDIRS; d++) {
			int x, y, n;
			geom_side_cells(h, d, &x, &y, &n);
			int at = geom_hex_at(x, y);
			int nb = hex_neighbour(h, d);
			assert_true(at == h || (nb != HEX_NONE && at == nb) || d == HEX_N || d == HEX_S ||
				    hex_adjacent(at, h));
		}
	}
	assert_int_equal(geom_hex_at(-1, 5), HEX_NONE);
	assert_int_equal(geom_hex_at(5, GEOM_CANVAS_H + 3), HEX_NONE);
	assert_int_equal(geom_hex_at(GEOM_CANVAS_W, 10), HEX_NONE);
	/* below the last hex of an odd column (row 43) there is no row 44 */
	int x0, y0;
	geom_hex_origin(1143, &x0, &y0);
	assert_int_equal(geom_hex_at(x0 + 3, y0 + 3), HEX_NONE);
}

static void check_layout(int cols, int lines)
{
	struct geom_layout l;
	geom_layout(&l, cols, lines);
	assert_false(l.too_small);
	/* the parts tile the screen without overlapping */
	assert_int_equal(l.status_y, 0);
	assert_int_equal(l.msg_y, lines - 1);
	assert_int_equal(l.panel_x + l.panel_w, cols);
	assert_true(l.map_x + l.map_w < l.panel_x);
	assert_int_equal(l.map_y, 1);
	assert_true(l.map_y + l.map_h <= l.log_y);
	assert_int_equal(l.log_y + l.log_h, lines - 1);
	assert_true(l.log_x + l.log_w < l.panel_x);
	assert_true(l.panel_y + l.panel_h <= lines - 1);
	/* room for the panel's unit lines and at least 7 columns x 7 rows of hexes */
	assert_true(l.panel_w >= 26);
	assert_true(l.map_w >= 7 * GEOM_HEX_W + 1);
	assert_true(l.map_h >= 15);
	assert_true(l.log_h >= 3);
}

static void test_layout(void **state)
{
	(void)state;
	check_layout(80, 24);
	check_layout(100, 30);
	check_layout(120, 40);
	check_layout(200, 60);
	check_layout(400, 120);
	struct geom_layout small, big;
	geom_layout(&small, 80, 24);
	geom_layout(&big, 160, 50);
	assert_true(big.map_w > small.map_w && big.map_h > small.map_h && big.panel_w > small.panel_w);
	/* a terminal larger than the whole map gives the rest to the panel and the log */
	geom_layout(&big, 400, 120);
	assert_int_equal(big.map_w, GEOM_CANVAS_W);
	assert_int_equal(big.map_h, GEOM_CANVAS_H);
	assert_int_equal(big.panel_x, GEOM_CANVAS_W + 1);
	assert_int_equal(big.log_h, 120 - 2 - GEOM_CANVAS_H);
	geom_layout(&small, 59, 30);
	assert_true(small.too_small);
	geom_layout(&small, 80, 15);
	assert_true(small.too_small);
}

/* The view keeps the cursor hex fully visible wherever it goes, and stays on the canvas. */
static void test_follow(void **state)
{
	(void)state;
	struct geom_layout l;
	geom_layout(&l, 80, 24);
	int vx = 0, vy = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		if (!hex_valid(h))
			continue;
		geom_follow(h, l.map_w, l.map_h, &vx, &vy);
		int x0, y0;
		geom_hex_origin(h, &x0, &y0);
		assert_true(x0 >= vx && x0 + GEOM_HEX_W < vx + l.map_w);
		assert_true(y0 >= vy && y0 + 2 < vy + l.map_h);
		assert_true(vx >= 0 && vx + l.map_w <= GEOM_CANVAS_W);
		assert_true(vy >= 0 && vy + l.map_h <= GEOM_CANVAS_H);
	}
	/* a view larger than the canvas sits at the origin */
	vx = vy = 7;
	geom_follow(1916, 1000, 1000, &vx, &vy);
	assert_int_equal(vx, 0);
	assert_int_equal(vy, 0);
}

/* Centring (issue 34: a jump centres the view): the hex at the middle of the view unless
 * the canvas's edge stops it, always whole and on the canvas. */
static void test_centre(void **state)
{
	(void)state;
	struct geom_layout l;
	geom_layout(&l, 80, 24);
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		if (!hex_valid(h))
			continue;
		int vx = 3, vy = 3, x0, y0;
		geom_centre(h, l.map_w, l.map_h, &vx, &vy);
		geom_hex_origin(h, &x0, &y0);
		assert_true(vx >= 0 && vx + l.map_w <= GEOM_CANVAS_W);
		assert_true(vy >= 0 && vy + l.map_h <= GEOM_CANVAS_H);
		assert_true(x0 >= vx && x0 + GEOM_HEX_W < vx + l.map_w);
		assert_true(y0 >= vy && y0 + 2 < vy + l.map_h);
		int cx = x0 + GEOM_HEX_W / 2 - vx, cy = y0 + 1 - vy;
		if (vx > 0 && vx + l.map_w < GEOM_CANVAS_W)
			assert_true(cx == l.map_w / 2);
		if (vy > 0 && vy + l.map_h < GEOM_CANVAS_H)
			assert_true(cy == l.map_h / 2);
	}
	/* the Dunker Church, far from every edge: in the middle */
	int vx = 0, vy = 0, x0, y0;
	geom_centre(1916, l.map_w, l.map_h, &vx, &vy);
	geom_hex_origin(1916, &x0, &y0);
	assert_int_equal(x0 + GEOM_HEX_W / 2 - vx, l.map_w / 2);
	assert_int_equal(y0 + 1 - vy, l.map_h / 2);
}

static void test_step(void **state)
{
	(void)state;
	assert_int_equal(geom_step(1916, 0, -1), 1915);
	assert_int_equal(geom_step(1916, 0, 1), 1917);
	assert_int_equal(geom_step(1916, 1, 0), 2016);
	assert_int_equal(geom_step(1916, -1, 0), 1816);
	assert_int_equal(geom_step(1916, 1, -1), hex_neighbour(1916, HEX_NE));
	assert_int_equal(geom_step(1916, -1, 1), hex_neighbour(1916, HEX_SW));
	assert_int_equal(geom_step(1000, 0, -1), 1000);  /* the map edge holds the cursor */
	assert_int_equal(geom_step(1000, -1, 0), 1000);
	assert_int_equal(geom_step(4244, 1, 0), 4244);
	assert_int_equal(geom_step(1044, 1, 0), 1143);   /* no 1144: up the zig-zag */
}

/* Without colour every feature still has its own glyph, in both glyph sets. */
static void test_glyphs(void **state)
{
	(void)state;
	static const unsigned features[] = { SIDE_BRIDGE, SIDE_FORD, SIDE_CREEK, SIDE_SUNKEN,
		SIDE_PRIMARY, SIDE_SECONDARY, SIDE_RUN, SIDE_CREST, SIDE_SLOPE };
	const size_t n = sizeof features / sizeof features[0];
	struct glyph g[16];
	for (size_t i = 0; i < n; i++) {
		g[i] = map_glyph_side(features[i], false, '/', true);
		assert_int_not_equal(g[i].role, ROLE_OUTLINE);
		assert_int_not_equal(g[i].ascii, '/');
		assert_int_not_equal(g[i].ascii, '_');
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++) {
			assert_int_not_equal(g[i].ascii, g[k].ascii);
			assert_string_not_equal(g[i].utf8, g[k].utf8);
			assert_int_not_equal(g[i].role, g[k].role);
		}
	/* priority: a bridged creek side with its road draws the bridge */
	struct glyph b = map_glyph_side(SIDE_CREEK | SIDE_BRIDGE | SIDE_PRIMARY, true, '_', false);
	assert_int_equal(b.role, ROLE_BRIDGE);
	/* a road crossing a horizontal side shows in the middle cell only */
	assert_int_equal(map_glyph_side(SIDE_PRIMARY, true, '_', false).ascii, '_');
	assert_int_equal(map_glyph_side(SIDE_PRIMARY, true, '_', true).role, ROLE_ROAD_PRIMARY);
	assert_int_equal(map_glyph_side(SIDE_PRIMARY | SIDE_SLOPE, true, '_', false).role, ROLE_SLOPE);
	assert_int_equal(map_glyph_side(0, false, '\\', true).ascii, '\\');
	/* terrain fills differ by glyph, and high ground differs from low */
	const char *u[GEOM_CELLS];
	char a[TERRAIN_COUNT][2][6];
	for (int t = 0; t < TERRAIN_COUNT; t++)
		for (int h = 0; h < 2; h++)
			geom_terrain_fill(t, h, u, a[t][h]);
	for (int t = 0; t < TERRAIN_COUNT; t++) {
		assert_string_not_equal(a[t][0], a[t][1]);
		for (int k = t + 1; k < TERRAIN_COUNT; k++)
			assert_string_not_equal(a[t][0], a[k][0]);
	}
}

/* The overview: every hex has its own cell(s) and reads back from them; the FULL overview
 * of the whole map fits the map area at 100x50 (no log pane), the overview at 80x24 shows
 * most of the map (COMPACT, two rows a line), and following keeps the hex inside. */
static void test_overview(void **state)
{
	(void)state;
	for (int scale = GEOM_OV_FULL; scale <= GEOM_OV_COMPACT; scale++) {
		int w, h, n = 0;
		geom_ov_size(scale, &w, &h);
		static int seen[200][100];
		memset(seen, 0, sizeof seen);
		for (int i = 0; i < HEX_INDEX_COUNT; i++) {
			int hex = hex_from_index(i);
			if (!hex_valid(hex))
				continue;
			int x, y;
			bool lower;
			geom_ov_cell(hex, scale, &x, &y, &lower);
			assert_true(x >= 0 && y >= 0 && x < w && y < h);
			assert_true(++seen[x][2 * y + lower] == 1); /* no two hexes share a cell */
			if (!lower)
				assert_int_equal(geom_ov_hex_at(x, y, scale), hex);
			n++;
		}
		assert_int_equal(n, HEX_NCOLS * HEX_NROWS - HEX_NCOLS / 2); /* no row 44 in odd columns */
		assert_int_equal(geom_ov_hex_at(-1, 0, scale), HEX_NONE);
		assert_int_equal(geom_ov_hex_at(w, 0, scale), HEX_NONE);
	}
	struct geom_layout l;
	geom_layout_overview(&l, 100, 50);
	int w, h;
	geom_ov_size(GEOM_OV_FULL, &w, &h);
	assert_int_equal(l.log_h, 0);
	assert_true(l.map_w >= w && l.map_h >= h); /* the whole map at 100x50 */
	assert_int_equal(geom_ov_choose(l.map_w, l.map_h, true), GEOM_OV_FULL);
	geom_layout_overview(&l, 80, 24);
	assert_int_equal(geom_ov_choose(l.map_w, l.map_h, true), GEOM_OV_COMPACT);
	geom_ov_size(GEOM_OV_COMPACT, &w, &h);
	assert_true(l.map_w >= w && 10 * l.map_h >= 9 * h); /* most of it at 80x24 */
	assert_int_equal(geom_ov_choose(l.map_w, l.map_h, false), GEOM_OV_FULL);
	int ox = 0, oy = 0;
	geom_ov_follow(4244, GEOM_OV_FULL, 40, 20, &ox, &oy);
	int x, y;
	bool lower;
	geom_ov_cell(4244, GEOM_OV_FULL, &x, &y, &lower);
	assert_true(x >= ox && x + GEOM_OV_W <= ox + 40 && y >= oy && y < oy + 20);
	geom_ov_follow(1000, GEOM_OV_FULL, 40, 20, &ox, &oy);
	assert_int_equal(ox, 0);
	assert_int_equal(oy, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_sides_shared),
		cmocka_unit_test(test_hex_at),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_follow),
		cmocka_unit_test(test_centre),
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_glyphs),
		cmocka_unit_test(test_overview),
	};
	return cmocka_run_group_tests_name("tui_geom", tests, NULL, NULL);
}
