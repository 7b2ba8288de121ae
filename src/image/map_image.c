/* map_image.c — `antietam --map-image FILE`: the whole map drawn with cairo, for print and for
 * a person checking the ground of data/map.txt against the accounts of the battle.
 *
 * One drawing in "hex units" (adjacent hex centres 1 apart, hex_centre's plane: flat-topped
 * hexes, odd columns half a hex lower) serves every format: a PNG scaled to
 * MAP_IMAGE_PNG_SCALE pixels a hex, an SVG or PDF in points. Layers, bottom to top: ground
 * (low or high, 10.5) and in-hex terrain (2.2), hex outlines, slopes (hachures on the high
 * side, pointing down) and crests, runs and the creek, roads, bridges and fords, objectives,
 * ids and names, the set-up (4.3) when asked, then the frame's labels and the legend.
 *
 * The file is written through the program's one writer (store_write: a temporary file beside
 * the target renamed over it when complete), so a failed write loses nothing; the temporaries
 * (FILE.XXXXXX) that the writer before it left when killed go too.
 *
 * cairo is loaded when a picture is first drawn (dlopen of libcairo.so.2), not linked: linked,
 * it and the twenty libraries under it (pixman, X11, xcb, freetype, fontconfig, png …) were
 * mapped into every run of the terminal game, about 1.8 MB of its resident memory
 * (docs/performance.md, "The terminal game's memory"). Its header still gives every type and
 * every function's prototype: the table below is declared from them. */
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hex.h"
#include "map.h"
#include "map_image.h"
#include "paths.h"
#include "position.h"
#include "roster.h"
#include "scenario.h"
#include "../sim/sim_hours.h"
#include "start.h"

/* ------------------------------------------------------------------ cairo, loaded */

/* Every cairo function this file calls, called as cairo.NAME: one list, so the table, its
 * loading and the calls cannot drift apart. */
#define CAIRO_FUNCTIONS(X) \
	X(arc) X(close_path) X(create) X(debug_reset_static_data) X(destroy) X(fill) \
	X(fill_preserve) X(image_surface_create) X(line_to) X(move_to) X(new_sub_path) X(paint) \
	X(pdf_surface_create_for_stream) X(rectangle) X(restore) X(save) X(scale) \
	X(select_font_face) X(set_dash) X(set_font_size) X(set_line_cap) X(set_line_join) \
	X(set_line_width) X(set_source_rgb) X(set_source_rgba) X(show_text) X(status) \
	X(status_to_string) X(stroke) X(stroke_preserve) X(surface_destroy) X(surface_finish) \
	X(surface_status) X(surface_write_to_png_stream) X(svg_surface_create_for_stream) \
	X(text_extents) X(text_path) X(rotate) X(translate)

struct cairo_table {
	bool loaded;
#define CAIRO_MEMBER(name) __typeof__(cairo_##name) *name;
	CAIRO_FUNCTIONS(CAIRO_MEMBER)
#undef CAIRO_MEMBER
};
static struct cairo_table cairo;

bool map_image_load_cairo(const char *soname, char *err, size_t errlen)
{
	if (!soname) {
		if (cairo.loaded)
			return true;
		soname = MAP_IMAGE_CAIRO;
	}
	/* The library stays loaded for the life of the process (fontconfig under cairo keeps
	 * caches that outlive any surface). */
	void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(err, errlen,
			 "pictures need the cairo library, which cannot be loaded (%s); on Debian or "
			 "Ubuntu: sudo apt-get install libcairo2", dlerror());
		return false;
	}
	struct cairo_table t = { .loaded = true };
	const char *missing = NULL;
#define CAIRO_LOAD(name) \
	if (!(t.name = (__typeof__(t.name))dlsym(lib, "cairo_" #name)) && !missing) \
		missing = "cairo_" #name;
	CAIRO_FUNCTIONS(CAIRO_LOAD)
#undef CAIRO_LOAD
	if (missing) {
		snprintf(err, errlen, "%s has no %s: not a cairo library with PNG, SVG and PDF "
			 "surfaces (1.10 or later)", soname, missing);
		dlclose(lib);
		return false;
	}
	cairo = t;
	return true;
}

#define HEX_R (1.0 / sqrt(3.0))           /* circumradius: adjacent centres are 1 apart */
#define COL_DX (sqrt(3.0) / 2.0)          /* distance between columns */
#define MARGIN_L 1.0
#define MARGIN_T 2.0                      /* the title and the column labels */
#define MAP_W (2 * HEX_R + (HEX_NCOLS - 1) * COL_DX)
#define MAP_H (HEX_NROWS + 0.5)
#define LEGEND_H 5.2
#define PAGE_W (MARGIN_L + MAP_W + 1.0)
#define PAGE_H (MARGIN_T + MAP_H + 0.8 + LEGEND_H)
#define FONT "DejaVu Sans"

struct rgb {
	double r, g, b;
};
#define RGB(hex) { ((hex) >> 16 & 255) / 255.0, ((hex) >> 8 & 255) / 255.0, ((hex) & 255) / 255.0 }

/* ------------------------------------------------------------------ palette */

static const struct rgb col_low = RGB(0xf4efdc), col_high = RGB(0xd5b473);
static const struct rgb col_terrain[TERRAIN_COUNT] = {
	[TERRAIN_CLEAR] = RGB(0xffffff), [TERRAIN_WOODS] = RGB(0x3d7a36),
	[TERRAIN_ORCHARD] = RGB(0x8fbf5a), [TERRAIN_CORNFIELD] = RGB(0xe8c840),
	[TERRAIN_TOWN] = RGB(0x8c8c8c),
};
static const double alpha_terrain[TERRAIN_COUNT] = { 0, 0.55, 0.45, 0.55, 0.7 };
static const struct rgb col_outline = RGB(0x8a8470), col_slope = RGB(0x8a5222),
	col_crest = RGB(0x4a2608), col_creek = RGB(0x1d5fc4), col_run = RGB(0x4a8fe0),
	col_primary = RGB(0xc0281e), col_secondary = RGB(0x7a4a10), col_sunken = RGB(0x7b2d8e),
	col_bridge = RGB(0x3a2a1a), col_ford = RGB(0xffffff), col_objective = RGB(0xd0101a),
	col_union = RGB(0x27509a), col_confed = RGB(0x6e6e6e), col_text = RGB(0x111111),
	col_id = RGB(0x5a5648), col_white = RGB(0xffffff);

static void set(cairo_t *cr, struct rgb c, double alpha)
{
	cairo.set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

/* ------------------------------------------------------------------ geometry */

static void centre(int id, double *x, double *y)
{
	*x = MARGIN_L + HEX_R + (hex_col(id) - HEX_COL_MIN) * COL_DX;
	*y = MARGIN_T + 0.5 + hex_row(id) + ((hex_col(id) & 1) ? 0.5 : 0.0);
}

/* Vertex k (0 east, then clockwise in 60° steps: y grows southward) of a hex of radius
 * r·HEX_R around (x, y). */
static void vertex(double x, double y, int k, double r, double *vx, double *vy)
{
	double a = k * M_PI / 3.0;
	*vx = x + r * HEX_R * cos(a);
	*vy = y + r * HEX_R * sin(a);
}

/* The ends of side d (enum hex_dir) of the hex centred at (x, y): vertices 4+d and 5+d. */
static void side_ends(double x, double y, int d, double *ax, double *ay, double *bx, double *by)
{
	vertex(x, y, (4 + d) % 6, 1.0, ax, ay);
	vertex(x, y, (5 + d) % 6, 1.0, bx, by);
}

static void hex_path(cairo_t *cr, double x, double y, double r)
{
	for (int k = 0; k < 6; k++) {
		double vx, vy;
		vertex(x, y, k, r, &vx, &vy);
		if (k == 0)
			cairo.move_to(cr, vx, vy);
		else
			cairo.line_to(cr, vx, vy);
	}
	cairo.close_path(cr);
}

void map_image_hex_point(int id, double *x, double *y)
{
	centre(id, x, y);
	*x *= MAP_IMAGE_PNG_SCALE;
	*y *= MAP_IMAGE_PNG_SCALE;
}

/* Every map hex, column by column. */
#define FOR_EACH_HEX(id)                                                                  \
	for (int id##_c = HEX_COL_MIN; id##_c <= HEX_COL_MAX; id##_c++)                      \
		for (int id = id##_c * 100; id <= id##_c * 100 + HEX_ROW_MAX; id++)         \
			if (hex_valid(id))

/* ------------------------------------------------------------------ ground */

/* Small signs inside a hex for its terrain, so woods and fields read in grey print too. */
static void terrain_signs(cairo_t *cr, enum terrain t, double x, double y)
{
	static const double trees[][2] = { { -0.2, -0.12 }, { 0.18, -0.16 }, { -0.02, 0.1 },
					   { 0.24, 0.14 }, { -0.26, 0.2 } };
	cairo.save(cr);
	switch (t) {
	case TERRAIN_WOODS:
		cairo.set_source_rgba(cr, 0.1, 0.3, 0.08, 0.8);
		cairo.set_line_width(cr, 0.025);
		for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
			cairo.new_sub_path(cr);
			cairo.arc(cr, x + trees[i][0], y + trees[i][1], 0.075, 0, 2 * M_PI);
		}
		cairo.stroke(cr);
		break;
	case TERRAIN_ORCHARD:
		cairo.set_source_rgba(cr, 0.15, 0.4, 0.1, 0.85);
		for (int i = -1; i <= 1; i++)
			for (int j = -1; j <= 1; j++) {
				cairo.new_sub_path(cr);
				cairo.arc(cr, x + 0.17 * i, y + 0.15 * j + 0.04, 0.035, 0, 2 * M_PI);
			}
		cairo.fill(cr);
		break;
	case TERRAIN_CORNFIELD:
		cairo.set_source_rgba(cr, 0.55, 0.42, 0.0, 0.8);
		cairo.set_line_width(cr, 0.025);
		for (int i = -2; i <= 2; i++) {
			cairo.move_to(cr, x + 0.12 * i - 0.08, y + 0.28);
			cairo.line_to(cr, x + 0.12 * i + 0.08, y - 0.08);
		}
		cairo.stroke(cr);
		break;
	case TERRAIN_TOWN:
		cairo.set_source_rgba(cr, 0.25, 0.25, 0.25, 0.9);
		cairo.rectangle(cr, x - 0.26, y + 0.02, 0.18, 0.14);
		cairo.rectangle(cr, x + 0.06, y + 0.06, 0.2, 0.16);
		cairo.rectangle(cr, x - 0.08, y + 0.24, 0.16, 0.1);
		cairo.fill(cr);
		break;
	default:
		break;
	}
	cairo.restore(cr);
}

/* 10.5: the ground colour (high or low), then the in-hex terrain over it. */
static void draw_ground(cairo_t *cr, const struct map *m)
{
	FOR_EACH_HEX(id) {
		const struct map_hex *h = map_hex(m, id);
		double x, y;
		centre(id, &x, &y);
		hex_path(cr, x, y, 1.0);
		set(cr, h->high ? col_high : col_low, 1.0);
		cairo.fill_preserve(cr);
		set(cr, col_terrain[h->terrain], alpha_terrain[h->terrain]);
		cairo.fill(cr);
		terrain_signs(cr, (enum terrain)h->terrain, x, y);
	}
	cairo.set_line_width(cr, 0.018);
	set(cr, col_outline, 0.7);
	FOR_EACH_HEX(id) {
		double x, y;
		centre(id, &x, &y);
		hex_path(cr, x, y, 1.0);
	}
	cairo.stroke(cr);
}

/* ------------------------------------------------------------------ hexsides */

/* Calls fn once for every hexside between two map hexes: from the hex a through its N, NE
 * and SE sides (every side is one of those of exactly one of its hexes). */
typedef void (*side_fn)(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat);
static void each_side(cairo_t *cr, const struct map *m, side_fn fn)
{
	FOR_EACH_HEX(a) {
		for (int d = HEX_N; d <= HEX_SE; d++) {
			int b = hex_neighbour(a, (enum hex_dir)d);
			if (b != HEX_NONE)
				fn(cr, m, a, b, d, map_hex(m, a)->side[d]);
		}
	}
}

/* A crest (2.2) along a hexside, as the map and the legend draw it: a dashed line. */
static void crest_line(cairo_t *cr, double ax, double ay, double bx, double by)
{
	static const double dash[] = { 0.1, 0.05 };
	set(cr, col_crest, 1.0);
	cairo.set_line_width(cr, 0.085);
	cairo.set_dash(cr, dash, 2, 0);
	cairo.move_to(cr, ax, ay);
	cairo.line_to(cr, bx, by);
	cairo.stroke(cr);
	cairo.set_dash(cr, NULL, 0, 0);
}

/* 10.5B: a slope is drawn as hachures hanging from the edge of the high ground toward the
 * low hex; a crest as a heavy dashed line along the side. */
static void side_relief(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat)
{
	double x, y, ax, ay, bx, by;
	centre(a, &x, &y);
	side_ends(x, y, d, &ax, &ay, &bx, &by);
	if (feat & SIDE_SLOPE) {
		bool a_high = map_hex(m, a)->high;
		double hx, hy, lx, ly; /* centres of the high and the low hex */
		centre(a_high ? a : b, &hx, &hy);
		centre(a_high ? b : a, &lx, &ly);
		double nx = lx - hx, ny = ly - hy; /* unit length: centres are 1 apart */
		set(cr, col_slope, 0.95);
		cairo.set_line_width(cr, 0.03);
		for (int i = 1; i <= 5; i++) {
			double t = i / 6.0, px = ax + (bx - ax) * t, py = ay + (by - ay) * t;
			cairo.move_to(cr, px - 0.17 * nx, py - 0.17 * ny);
			cairo.line_to(cr, px, py);
		}
		cairo.stroke(cr);
		cairo.set_line_width(cr, 0.03);
		cairo.move_to(cr, ax, ay);
		cairo.line_to(cr, bx, by);
		cairo.stroke(cr);
	}
	if (feat & SIDE_CREST)
		crest_line(cr, ax, ay, bx, by);
}

/* Antietam Creek (8.7.6) and the runs (2.2) along their hexsides. */
static void side_water(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat)
{
	(void)m, (void)b;
	if (!(feat & (SIDE_CREEK | SIDE_RUN)))
		return;
	double x, y, ax, ay, bx, by;
	centre(a, &x, &y);
	side_ends(x, y, d, &ax, &ay, &bx, &by);
	set(cr, (feat & SIDE_CREEK) ? col_creek : col_run, 1.0);
	cairo.set_line_width(cr, (feat & SIDE_CREEK) ? 0.16 : 0.06);
	cairo.set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo.move_to(cr, ax, ay);
	cairo.line_to(cr, bx, by);
	cairo.stroke(cr);
}

/* 10.4: the protected sides of a Sunken Road hex, a band just inside that hex. */
static void side_sunken(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat)
{
	if (!(feat & SIDE_SUNKEN))
		return;
	int lane = map_hex(m, a)->sunken_road ? a : b;
	double x, y, ax, ay, bx, by;
	centre(lane, &x, &y);
	side_ends(x, y, lane == a ? d : (d + 3) % 6, &ax, &ay, &bx, &by);
	double mx = (ax + bx) / 2, my = (ay + by) / 2, ix = (x - mx) * 0.12, iy = (y - my) * 0.12;
	set(cr, col_sunken, 0.85);
	cairo.set_line_width(cr, 0.05);
	cairo.move_to(cr, ax + ix, ay + iy);
	cairo.line_to(cr, bx + ix, by + iy);
	cairo.stroke(cr);
}

/* 8.8: roads from hex centre to hex centre across the sides that carry them; the Sunken
 * Road's own sides in its colour. Primary roads are cased so they read over any ground. */
static void side_road(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat)
{
	(void)d;
	if (!(feat & (SIDE_PRIMARY | SIDE_SECONDARY)))
		return;
	double x0, y0, x1, y1;
	centre(a, &x0, &y0);
	centre(b, &x1, &y1);
	cairo.set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	if (feat & SIDE_PRIMARY) {
		set(cr, col_white, 1.0);
		cairo.set_line_width(cr, 0.17);
		cairo.move_to(cr, x0, y0);
		cairo.line_to(cr, x1, y1);
		cairo.stroke(cr);
	}
	bool lane = map_hex(m, a)->sunken_road && map_hex(m, b)->sunken_road;
	set(cr, (feat & SIDE_PRIMARY) ? col_primary : lane ? col_sunken : col_secondary, 1.0);
	cairo.set_line_width(cr, (feat & SIDE_PRIMARY) ? 0.11 : lane ? 0.1 : 0.065);
	cairo.move_to(cr, x0, y0);
	cairo.line_to(cr, x1, y1);
	cairo.stroke(cr);
}

/* 8.7.4–8.7.5: a bridge as a deck across the side, a ford as a pale dashed crossing. */
static void side_crossing(cairo_t *cr, const struct map *m, int a, int b, int d, unsigned feat)
{
	(void)m, (void)d;
	if (!(feat & (SIDE_BRIDGE | SIDE_FORD)))
		return;
	double x0, y0, x1, y1;
	centre(a, &x0, &y0);
	centre(b, &x1, &y1);
	double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, ux = x1 - x0, uy = y1 - y0;
	double vx = -uy, vy = ux; /* along the side */
	cairo.save(cr);
	if (feat & SIDE_BRIDGE) {
		double l = 0.26, w = 0.1;
		cairo.move_to(cr, mx - ux * l - vx * w, my - uy * l - vy * w);
		cairo.line_to(cr, mx + ux * l - vx * w, my + uy * l - vy * w);
		cairo.line_to(cr, mx + ux * l + vx * w, my + uy * l + vy * w);
		cairo.line_to(cr, mx - ux * l + vx * w, my - uy * l + vy * w);
		cairo.close_path(cr);
		set(cr, col_bridge, 1.0);
		cairo.fill_preserve(cr);
		set(cr, col_white, 1.0);
		cairo.set_line_width(cr, 0.025);
		cairo.stroke(cr);
	} else {
		static const double dash[] = { 0.05, 0.04 };
		set(cr, col_ford, 1.0);
		cairo.set_line_width(cr, 0.07);
		cairo.set_dash(cr, dash, 2, 0);
		for (int k = -1; k <= 1; k += 2) {
			cairo.move_to(cr, mx - ux * 0.28 + vx * 0.06 * k, my - uy * 0.28 + vy * 0.06 * k);
			cairo.line_to(cr, mx + ux * 0.28 + vx * 0.06 * k, my + uy * 0.28 + vy * 0.06 * k);
		}
		cairo.stroke(cr);
	}
	cairo.restore(cr);
}

/* ------------------------------------------------------------------ text and its layout */

/* Every text the picture writes is a rectangle (centre, half sizes, angle) in a layout: the
 * hex ids first, then each name and label at the first of its candidate places where it
 * overlaps nothing placed before it (issue 28: labels do not overlap hex numbers). A text
 * with no free place is written at its first place and counted in overlaps. */
#define LAYOUT_MAX 2048
struct rect {
	double cx, cy, hw, hh, angle; /* angle in radians, clockwise */
};
struct layout {
	struct rect r[LAYOUT_MAX];
	int n, overlaps;
};

/* Separating axes: two rectangles overlap unless one of their four edge normals separates
 * their projections. */
static bool rects_overlap(const struct rect *a, const struct rect *b)
{
	const struct rect *rs[2] = { a, b };
	double dx = b->cx - a->cx, dy = b->cy - a->cy;
	for (int k = 0; k < 4; k++) {
		const struct rect *o = rs[k / 2];
		double t = o->angle + (k % 2 ? M_PI / 2 : 0), ux = cos(t), uy = sin(t);
		double ra = a->hw * fabs(cos(a->angle) * ux + sin(a->angle) * uy) +
			    a->hh * fabs(-sin(a->angle) * ux + cos(a->angle) * uy);
		double rb = b->hw * fabs(cos(b->angle) * ux + sin(b->angle) * uy) +
			    b->hh * fabs(-sin(b->angle) * ux + cos(b->angle) * uy);
		if (fabs(dx * ux + dy * uy) >= ra + rb)
			return false;
	}
	return true;
}

static bool layout_free(const struct layout *lo, const struct rect *r, int n)
{
	for (int i = 0; i < n; i++) {
		/* inside the map's frame: the margins hold the row and column numbers */
		double ex = r[i].hw * fabs(cos(r[i].angle)) + r[i].hh * fabs(sin(r[i].angle));
		double ey = r[i].hw * fabs(sin(r[i].angle)) + r[i].hh * fabs(cos(r[i].angle));
		if (r[i].cx - ex < MARGIN_L || r[i].cx + ex > MARGIN_L + MAP_W ||
		    r[i].cy - ey < MARGIN_T || r[i].cy + ey > MARGIN_T + MAP_H)
			return false;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < lo->n; j++)
			if (rects_overlap(&r[i], &lo->r[j]))
				return false;
	return true;
}

static void layout_add(struct layout *lo, const struct rect *r, int n)
{
	for (int i = 0; i < n && lo->n < LAYOUT_MAX; i++)
		lo->r[lo->n++] = r[i];
}

static void font(cairo_t *cr, double size, bool bold, bool italic)
{
	cairo.select_font_face(cr, FONT, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo.set_font_size(cr, size);
}

/* The rectangle text s takes centred on (x, y) at angle, in the font set. */
static struct rect text_rect(cairo_t *cr, const char *s, double x, double y, double angle)
{
	cairo_text_extents_t e;
	cairo.text_extents(cr, s, &e);
	return (struct rect){ x, y, e.width / 2 + 0.01, e.height / 2 + 0.01, angle };
}

/* Text centred on (x, y) (its middle), turned by angle, with a white halo when halo is true,
 * in the font set. */
static void text_at(cairo_t *cr, const char *s, double x, double y, double angle, struct rgb c,
		    double halo)
{
	cairo_text_extents_t e;
	cairo.text_extents(cr, s, &e);
	cairo.save(cr);
	cairo.translate(cr, x, y);
	cairo.rotate(cr, angle);
	cairo.move_to(cr, -e.width / 2 - e.x_bearing, -e.height / 2 - e.y_bearing);
	cairo.text_path(cr, s);
	if (halo > 0) {
		set(cr, col_white, 0.85);
		cairo.set_line_width(cr, halo);
		cairo.set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo.stroke_preserve(cr);
	}
	set(cr, c, 1.0);
	cairo.fill(cr);
	cairo.restore(cr);
}

/* Text centred on (x, y) (its middle), with a white halo when halo is true. */
static void text_centred(cairo_t *cr, const char *s, double x, double y, double size,
			 struct rgb c, bool bold, bool halo)
{
	font(cr, size, bold, false);
	text_at(cr, s, x, y, 0, c, halo ? size * 0.28 : 0);
}

/* Up to three lines of s, each at most width wide in the font set, broken at blanks. */
static int wrap(cairo_t *cr, const char *s, double width, char lines[3][MAP_NAME_MAX])
{
	int n = 0;
	const char *p = s;
	while (*p && n < 3) {
		size_t len = strlen(p), cut = len;
		if (n < 2) {
			/* the longest run of whole words that fits, or the first word */
			size_t best = 0;
			for (size_t i = 1; i <= len; i++) {
				if (i < len && p[i] != ' ')
					continue;
				char t[MAP_NAME_MAX];
				snprintf(t, sizeof t, "%.*s", (int)i, p);
				cairo_text_extents_t e;
				cairo.text_extents(cr, t, &e);
				if (best == 0 || e.width <= width)
					best = i;
				if (e.width > width)
					break;
			}
			cut = best;
		}
		snprintf(lines[n++], MAP_NAME_MAX, "%.*s", (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
	return n;
}

/* A landmark name or a headquarters' label: a few lines near (x, y), each a bold line with a
 * halo, at the first size and place (below the hex id, a little lower, a little higher) that
 * leaves every text placed before it clear; the smallest size at the first place otherwise. */
static void place_lines(cairo_t *cr, struct layout *lo, const char *s, double x, double y,
			struct rgb c)
{
	static const double sizes[] = { 0.17, 0.15, 0.13, 0.115 };
	static const double dys[] = { 0, 0.1, -0.06, 0.2, 0.35, -0.25, 0.5, -0.45 };
	static const double dxs[] = { 0, 0.45, -0.45, 0.9, -0.9 };
	char lines[3][MAP_NAME_MAX];
	struct rect r[3];
	int n = 0;
	double size = 0, lx = x, ly = 0;
	bool found = false;
	for (size_t h = 0; h < sizeof dxs / sizeof *dxs && !found; h++)
		for (size_t k = 0; k < sizeof dys / sizeof *dys && !found; k++)
			for (size_t i = 0; i < sizeof sizes / sizeof *sizes && !found; i++) {
				size = sizes[i];
				font(cr, size, true, false);
				n = wrap(cr, s, 1.0, lines);
				lx = x + dxs[h];
				ly = y + dys[k] - (n - 1) * size * 0.6;
				for (int j = 0; j < n; j++)
					r[j] = text_rect(cr, lines[j], lx, ly + j * size * 1.2, 0);
				found = layout_free(lo, r, n);
			}
	if (!found) {
		lo->overlaps++;
		size = sizes[0];
		font(cr, size, true, false);
		n = wrap(cr, s, 1.0, lines);
		lx = x;
		ly = y - (n - 1) * size * 0.6;
		for (int j = 0; j < n; j++)
			r[j] = text_rect(cr, lines[j], lx, ly + j * size * 1.2, 0);
	}
	for (int j = 0; j < n; j++)
		text_at(cr, lines[j], lx, ly + j * size * 1.2, 0, c, size * 0.28);
	layout_add(lo, r, n);
}

/* 3.2, 19.0, 20.5: a red ring inside every objective hex; then every hex's id along its top
 * edge and the landmark names. */
static void draw_labels(cairo_t *cr, const struct map *m, struct layout *lo)
{
	set(cr, col_objective, 0.85);
	cairo.set_line_width(cr, 0.05);
	FOR_EACH_HEX(id) {
		bool objective = false;
		for (int o = 0; o < m->nobjectives && !objective; o++)
			objective = map_in_objective(&m->objective[o], id);
		if (objective) {
			double x, y;
			centre(id, &x, &y);
			hex_path(cr, x, y, 0.84);
		}
	}
	cairo.stroke(cr);
	font(cr, 0.13, false, false);
	FOR_EACH_HEX(id) {
		char s[8];
		double x, y;
		centre(id, &x, &y);
		snprintf(s, sizeof s, "%04d", id);
		struct rect r = text_rect(cr, s, x, y - 0.34, 0);
		text_at(cr, s, x, y - 0.34, 0, col_id, 0);
		layout_add(lo, &r, 1);
	}
	FOR_EACH_HEX(id) {
		const char *name = map_hex_name(m, id);
		double x, y;
		centre(id, &x, &y);
		if (name)
			place_lines(cr, lo, name, x, y + 0.02, col_text);
	}
}

/* A road's or the creek's name along it: italic, in the feature's colour, at the first of a
 * few places across and along the line that leaves every text placed before it clear. */
static void place_along(cairo_t *cr, struct layout *lo, const struct map_label *l)
{
	static const double across[] = { 0, 0.28, -0.28, 0.5, -0.5 };
	static const double along[] = { 0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2 };
	double x, y, a = l->angle * M_PI / 180;
	centre(l->hex, &x, &y);
	font(cr, 0.17, true, true);
	struct rect r = { 0 };
	bool found = false;
	for (size_t i = 0; i < sizeof along / sizeof *along && !found; i++)
		for (size_t j = 0; j < sizeof across / sizeof *across && !found; j++) {
			double px = x + along[i] * cos(a) - across[j] * sin(a);
			double py = y + along[i] * sin(a) + across[j] * cos(a);
			r = text_rect(cr, l->text, px, py, a);
			found = layout_free(lo, &r, 1);
		}
	if (!found) {
		lo->overlaps++;
		r = text_rect(cr, l->text, x, y, a);
	}
	text_at(cr, l->text, r.cx, r.cy, a, l->kind == MAP_LABEL_CREEK ? col_creek : col_secondary,
		0.05);
	layout_add(lo, &r, 1);
}

/* A headquarters flag (a pole and a pennant in the side's colour) on the hex's left. */
static void hq_flag(cairo_t *cr, double x, double y, struct rgb c)
{
	set(cr, col_text, 1.0);
	cairo.set_line_width(cr, 0.03);
	cairo.move_to(cr, x, y + 0.22);
	cairo.line_to(cr, x, y - 0.22);
	cairo.stroke(cr);
	cairo.move_to(cr, x, y - 0.22);
	cairo.line_to(cr, x + 0.26, y - 0.14);
	cairo.line_to(cr, x, y - 0.06);
	cairo.close_path(cr);
	set(cr, c, 1.0);
	cairo.fill_preserve(cr);
	set(cr, col_white, 1.0);
	cairo.set_line_width(cr, 0.015);
	cairo.stroke(cr);
}

/* 9.2-9.3: the reinforcements' entry hexes, a band along their sides off the map. */
static void entry_band(cairo_t *cr, struct layout *lo, const int *hexes, int n, struct rgb c)
{
	set(cr, c, 0.8);
	cairo.set_line_width(cr, 0.16);
	cairo.set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (int i = 0; i < n; i++) {
		double x, y;
		centre(hexes[i], &x, &y);
		for (int d = 0; d < HEX_NDIRS; d++) {
			if (hex_neighbour(hexes[i], (enum hex_dir)d) != HEX_NONE)
				continue;
			double ax, ay, bx, by;
			side_ends(x, y, d, &ax, &ay, &bx, &by);
			cairo.move_to(cr, ax, ay);
			cairo.line_to(cr, bx, by);
			struct rect band = { (ax + bx) / 2, (ay + by) / 2, HEX_R / 2 + 0.08, 0.09,
					     atan2(by - ay, bx - ax) };
			layout_add(lo, &band, 1);
		}
	}
	cairo.stroke(cr);
	cairo.set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

/* The lettering of data/map.txt (roads, creek, headquarters) and the entry edges with what
 * enters there. */
static void draw_lettering(cairo_t *cr, const struct map *m, struct layout *lo)
{
	entry_band(cr, lo, m->ap_hill_edge, m->n_ap_hill_edge, col_confed);
	entry_band(cr, lo, m->vi_corps_edge, m->n_vi_corps_edge, col_union);
	for (int i = 0; i < m->nlabels; i++) {
		const struct map_label *l = &m->label[i];
		if (l->kind == MAP_LABEL_ROAD || l->kind == MAP_LABEL_CREEK) {
			place_along(cr, lo, l);
			continue;
		}
		double x, y;
		centre(l->hex, &x, &y);
		struct rgb c = l->kind == MAP_LABEL_HQ_UNION ? col_union : col_confed;
		hq_flag(cr, x - 0.3, y, c);
		struct rect flag = { x - 0.17, y, 0.15, 0.23, 0 };
		layout_add(lo, &flag, 1);
		place_lines(cr, lo, l->text, x, y + 0.36, c);
	}
	struct { const int *hexes; int n; const char *text; struct rgb c; } edge[] = {
		{ m->ap_hill_edge, m->n_ap_hill_edge, "A.P. Hill from Harpers Ferry (9.1-9.2)", col_confed },
		{ m->vi_corps_edge, m->n_vi_corps_edge, "VI Corps enters, turn 6 (9.3)", col_union },
	};
	for (size_t k = 0; k < sizeof edge / sizeof *edge; k++) {
		if (edge[k].n == 0)
			continue;
		int mid = edge[k].hexes[edge[k].n / 2];
		struct map_label l = { .kind = MAP_LABEL_ROAD, .hex = mid, .angle = 0 };
		snprintf(l.text, sizeof l.text, "%s", edge[k].text);
		double x, y;
		centre(mid, &x, &y);
		bool east = hex_col(mid) == HEX_COL_MAX;
		font(cr, 0.17, true, false);
		cairo_text_extents_t e;
		cairo.text_extents(cr, l.text, &e);
		/* beside its edge: along the south edge, or ending at the east edge */
		static const double shift[] = { 0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2, 3, -3 };
		static const double across[] = { 0.05, 0.2, -0.1, 0.33, -0.4 };
		struct rect r = { 0 };
		bool found = false;
		for (size_t j = 0; j < sizeof across / sizeof *across && !found; j++)
			for (size_t i = 0; i < sizeof shift / sizeof *shift && !found; i++) {
				double px = east ? x - e.width / 2 - 0.1 - across[j] : x + shift[i];
				double py = east ? y + shift[i] : y + across[j];
				r = text_rect(cr, l.text, px, py, 0);
				found = layout_free(lo, &r, 1);
			}
		if (!found)
			lo->overlaps++;
		text_at(cr, l.text, r.cx, r.cy, r.angle, edge[k].c, 0.05);
		layout_add(lo, &r, 1);
	}
}

/* ------------------------------------------------------------------ set-up (4.3) */

/* Every unit on its hex (hexes[u]): a counter of its side's colour with its id, a white disc
 * in the corner for artillery, the stack side by side along the hex's lower half; a ghost of
 * 1862 (issue 31) hollow, its id in its side's colour, along the upper half. */
static void draw_units(cairo_t *cr, const struct roster *r, const int *hexes, bool ghost)
{
	FOR_EACH_HEX(id) {
		int stack[ROSTER_UNITS], n = 0;
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (hexes[u] == id)
				stack[n++] = u;
		if (n == 0)
			continue;
		double x, y;
		centre(id, &x, &y);
		double w = fmin(0.34, 0.8 / n), h = 0.26, x0 = x - w * n / 2;
		double top = ghost ? y - 0.40 : y + 0.14;
		for (int i = 0; i < n; i++) {
			const struct unit_def *u = &r->unit[stack[i]];
			struct rgb c = u->side == SIDE_UNION ? col_union : col_confed;
			double cx = x0 + i * w;
			cairo.rectangle(cr, cx + 0.01, top, w - 0.02, h);
			set(cr, ghost ? col_white : c, ghost ? 0.8 : 1.0);
			cairo.fill_preserve(cr);
			set(cr, ghost ? c : col_white, 1.0);
			cairo.set_line_width(cr, ghost ? 0.025 : 0.015);
			cairo.stroke(cr);
			if (u->type == UNIT_ARTILLERY && !ghost) {
				cairo.arc(cr, cx + w - 0.06, top + h - 0.05, 0.03, 0, 2 * M_PI);
				cairo.fill(cr);
			}
			text_centred(cr, u->id, cx + w / 2, top + h / 2, n > 2 ? 0.09 : 0.11,
				     ghost ? c : col_white, true, ghost);
		}
	}
}

/* The counters' places in the layout, so that names and lettering keep clear of them. */
static void reserve_units(const int *hexes, struct layout *lo)
{
	FOR_EACH_HEX(id) {
		int n = 0;
		for (int u = 0; u < ROSTER_UNITS; u++)
			n += hexes[u] == id;
		if (n == 0)
			continue;
		double x, y;
		centre(id, &x, &y);
		double w = fmin(0.34, 0.8 / n);
		struct rect box = { x, y + 0.27, w * n / 2, 0.13, 0 };
		layout_add(lo, &box, 1);
	}
}

/* 1862's ghost: a dashed trail from where each unit stood at the moment before, then its
 * hollow counters (draw_units) in the hex's upper half (the game's own are in the lower). */
static void draw_ghost(cairo_t *cr, const struct roster *r, const struct map_ghost *gh)
{
	const double dash[] = { 0.08, 0.06 };
	cairo.set_line_width(cr, 0.035);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!hex_valid(gh->hex[u]) || !hex_valid(gh->from[u]) || gh->from[u] == gh->hex[u])
			continue;
		double ax, ay, bx, by;
		centre(gh->from[u], &ax, &ay);
		centre(gh->hex[u], &bx, &by);
		set(cr, r->unit[u].side == SIDE_UNION ? col_union : col_confed, 0.7);
		cairo.set_dash(cr, dash, 2, 0);
		cairo.move_to(cr, ax, ay - 0.27);
		cairo.line_to(cr, bx, by - 0.27);
		cairo.stroke(cr);
		cairo.set_dash(cr, dash, 0, 0);
		cairo.arc(cr, ax, ay - 0.27, 0.04, 0, 2 * M_PI);
		cairo.fill(cr);
	}
	draw_units(cr, r, gh->hex, true);
}

/* ------------------------------------------------------------------ frame and legend */

static void draw_frame(cairo_t *cr, bool units, const struct map_ghost *gh)
{
	char title[160];
	if (gh)
		snprintf(title, sizeof title, "Antietam: Burnished Rows of Steel \xe2\x80\x94 %s, "
			 "and 1862 at %s", units ? (gh->units ? "the scenario" : "the set-up (4.3)")
			 : "the map", gh->label);
	else
		snprintf(title, sizeof title, "Antietam: Burnished Rows of Steel \xe2\x80\x94 %s",
			 units ? "the map and the historical set-up (4.3)" : "the map (data/map.txt)");
	text_centred(cr, title, PAGE_W / 2, 0.6, 0.45, col_text, true, false);
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++) {
		char s[4];
		double x, y;
		centre(c * 100, &x, &y);
		snprintf(s, sizeof s, "%02d", c);
		text_centred(cr, s, x, MARGIN_T - 0.35, 0.22, col_text, false, false);
		text_centred(cr, s, x, MARGIN_T + MAP_H + 0.35, 0.22, col_text, false, false);
	}
	for (int r = 0; r <= HEX_ROW_MAX; r += 2) {
		char s[4];
		double x, y;
		centre(HEX_COL_MIN * 100 + r, &x, &y);
		snprintf(s, sizeof s, "%02d", r);
		text_centred(cr, s, MARGIN_L / 2 - 0.05, y, 0.22, col_text, false, false);
		text_centred(cr, s, PAGE_W - 0.5, y, 0.22, col_text, false, false);
	}
}

enum swatch { SW_FILL, SW_SIGN, SW_LINE, SW_HACHURE, SW_CREST, SW_CROSS, SW_RING, SW_COUNTER,
	      SW_GUN, SW_STACK, SW_EDGE, SW_HQ };
struct legend_item {
	enum swatch kind;
	const char *text;
	int value; /* a terrain, a side feature or a side */
};

static void legend_swatch(cairo_t *cr, const struct legend_item *it, double x, double y)
{
	double ax = x - 0.3, bx = x + 0.3;
	switch (it->kind) {
	case SW_FILL:
		hex_path(cr, x, y, 0.75);
		set(cr, it->value ? col_high : col_low, 1.0);
		cairo.fill_preserve(cr);
		set(cr, col_outline, 1.0);
		cairo.set_line_width(cr, 0.018);
		cairo.stroke(cr);
		break;
	case SW_SIGN:
		hex_path(cr, x, y, 0.75);
		set(cr, col_low, 1.0);
		cairo.fill_preserve(cr);
		set(cr, col_terrain[it->value], alpha_terrain[it->value]);
		cairo.fill(cr);
		terrain_signs(cr, (enum terrain)it->value, x, y - 0.05);
		break;
	case SW_LINE: {
		struct rgb c = it->value == SIDE_PRIMARY ? col_primary : it->value == SIDE_SECONDARY ? col_secondary
			     : it->value == SIDE_SUNKEN ? col_sunken : it->value == SIDE_CREEK ? col_creek : col_run;
		double w = it->value == SIDE_PRIMARY ? 0.11 : it->value == SIDE_CREEK ? 0.16
			 : it->value == SIDE_SUNKEN ? 0.1 : 0.065;
		set(cr, c, 1.0);
		cairo.set_line_width(cr, w);
		cairo.move_to(cr, ax, y);
		cairo.line_to(cr, bx, y);
		cairo.stroke(cr);
		break;
	}
	case SW_HACHURE:
		set(cr, col_slope, 1.0);
		cairo.set_line_width(cr, 0.03);
		cairo.move_to(cr, ax, y - 0.08);
		cairo.line_to(cr, bx, y - 0.08);
		for (int i = 0; i < 5; i++) {
			cairo.move_to(cr, ax + 0.1 + 0.1 * i, y - 0.08);
			cairo.line_to(cr, ax + 0.1 + 0.1 * i, y + 0.09);
		}
		cairo.stroke(cr);
		break;
	case SW_CREST:
		crest_line(cr, ax, y, bx, y);
		break;
	case SW_CROSS:
		/* a crossing of a creek running down the swatch */
		set(cr, col_creek, 1.0);
		cairo.set_line_width(cr, 0.16);
		cairo.move_to(cr, x, y - 0.3);
		cairo.line_to(cr, x, y + 0.3);
		cairo.stroke(cr);
		if (it->value == SIDE_BRIDGE) {
			cairo.rectangle(cr, x - 0.26, y - 0.1, 0.52, 0.2);
			set(cr, col_bridge, 1.0);
			cairo.fill(cr);
		} else {
			static const double dash[] = { 0.05, 0.04 };
			set(cr, col_ford, 1.0);
			cairo.set_line_width(cr, 0.07);
			cairo.set_dash(cr, dash, 2, 0);
			for (int k = -1; k <= 1; k += 2) {
				cairo.move_to(cr, x - 0.28, y + 0.06 * k);
				cairo.line_to(cr, x + 0.28, y + 0.06 * k);
			}
			cairo.stroke(cr);
			cairo.set_dash(cr, NULL, 0, 0);
		}
		break;
	case SW_RING:
		hex_path(cr, x, y, 0.6);
		set(cr, col_objective, 0.85);
		cairo.set_line_width(cr, 0.05);
		cairo.stroke(cr);
		break;
	case SW_COUNTER:
	case SW_GUN:
		cairo.rectangle(cr, x - 0.17, y - 0.13, 0.34, 0.26);
		set(cr, it->value == SIDE_UNION ? col_union : col_confed, 1.0);
		cairo.fill(cr);
		text_centred(cr, it->kind == SW_GUN ? "U5" : it->value == SIDE_UNION ? "U12" : "C7", x, y,
			     0.11, col_white, true, false);
		if (it->kind == SW_GUN) {
			set(cr, col_white, 1.0);
			cairo.arc(cr, x + 0.11, y + 0.08, 0.03, 0, 2 * M_PI);
			cairo.fill(cr);
		}
		break;
	case SW_STACK:
		for (int k = 0; k < 2; k++) {
			cairo.rectangle(cr, x - 0.33 + k * 0.34, y - 0.13, 0.32, 0.26);
			set(cr, col_confed, 1.0);
			cairo.fill(cr);
			text_centred(cr, k ? "C5" : "C1", x - 0.17 + k * 0.34, y, 0.11, col_white, true, false);
		}
		set(cr, col_white, 1.0);
		cairo.arc(cr, x + 0.28, y + 0.08, 0.03, 0, 2 * M_PI);
		cairo.fill(cr);
		break;
	case SW_EDGE:
		set(cr, it->value == SIDE_UNION ? col_union : col_confed, 0.8);
		cairo.set_line_width(cr, 0.16);
		cairo.move_to(cr, ax, y);
		cairo.line_to(cr, bx, y);
		cairo.stroke(cr);
		break;
	case SW_HQ:
		hq_flag(cr, x - 0.1, y, it->value == SIDE_UNION ? col_union : col_confed);
		break;
	}
}

/* 250 yards a hex (adjacent centres, 4.0): a bar of 1,000 yards in four steps, and a north
 * arrow (north is up, RECONSTRUCTION.md). */
static void draw_scale(cairo_t *cr, double x, double y)
{
	for (int k = 0; k < 4; k++) {
		cairo.rectangle(cr, x + k, y, 1.0, 0.16);
		set(cr, k % 2 ? col_white : col_text, 1.0);
		cairo.fill_preserve(cr);
		set(cr, col_text, 1.0);
		cairo.set_line_width(cr, 0.02);
		cairo.stroke(cr);
	}
	static const char *const yards[] = { "0", "250", "500", "750", "1,000 yards" };
	for (int k = 0; k <= 4; k++) {
		font(cr, 0.2, false, false);
		cairo_text_extents_t e;
		cairo.text_extents(cr, yards[k], &e);
		double tx = k < 4 ? x + k - e.width / 2 : x + k - 0.1;
		cairo.move_to(cr, tx, y + 0.48);
		set(cr, col_text, 1.0);
		cairo.show_text(cr, yards[k]);
	}
	font(cr, 0.2, false, false);
	cairo.move_to(cr, x, y + 0.9);
	cairo.show_text(cr, "one hex: 250 yards, centre to centre; a mile: about 7 hexes");
	double nx = x + 4.6, ny = y - 0.2;
	cairo.move_to(cr, nx, ny - 0.55);
	cairo.line_to(cr, nx + 0.22, ny + 0.3);
	cairo.line_to(cr, nx, ny + 0.15);
	cairo.line_to(cr, nx - 0.22, ny + 0.3);
	cairo.close_path(cr);
	set(cr, col_text, 1.0);
	cairo.fill(cr);
	text_centred(cr, "N", nx, ny - 0.8, 0.3, col_text, true, false);
}

static void draw_legend(cairo_t *cr, bool units)
{
	static const struct legend_item items[] = {
		{ SW_FILL, "low ground", 0 },
		{ SW_FILL, "high ground (10.5)", 1 },
		{ SW_SIGN, "woods", TERRAIN_WOODS },
		{ SW_SIGN, "orchard", TERRAIN_ORCHARD },
		{ SW_SIGN, "cornfield", TERRAIN_CORNFIELD },
		{ SW_SIGN, "Sharpsburg", TERRAIN_TOWN },
		{ SW_HACHURE, "slope (hachures point down)", 0 },
		{ SW_CREST, "crest", 0 },
		{ SW_LINE, "primary road", SIDE_PRIMARY },
		{ SW_LINE, "secondary road", SIDE_SECONDARY },
		{ SW_LINE, "Sunken Road", SIDE_SUNKEN },
		{ SW_LINE, "Antietam Creek", SIDE_CREEK },
		{ SW_LINE, "run", SIDE_RUN },
		{ SW_CROSS, "bridge", SIDE_BRIDGE },
		{ SW_CROSS, "ford", SIDE_FORD },
		{ SW_RING, "objective hex (3.2, 19.0, 20.5)", 0 },
		{ SW_EDGE, "A.P. Hill's entry hexes (9.2)", SIDE_CONFEDERATE },
		{ SW_EDGE, "VI Corps' entry hexes (9.3)", SIDE_UNION },
		{ SW_HQ, "Lee's headquarters", SIDE_CONFEDERATE },
		{ SW_HQ, "McClellan's headquarters", SIDE_UNION },
		{ SW_COUNTER, "Union unit (4.3)", SIDE_UNION },
		{ SW_COUNTER, "Confederate unit (4.3)", SIDE_CONFEDERATE },
		{ SW_GUN, "artillery: the white disc", SIDE_UNION },
		{ SW_STACK, "a stack, side by side (7.1)", SIDE_CONFEDERATE },
	};
	const size_t n = sizeof items / sizeof items[0] - (units ? 0 : 4);
	const size_t per_col = 6;
	const double top = MARGIN_T + MAP_H + 1.2, colw = (PAGE_W - 1.0) / 5;
	for (size_t i = 0; i < n; i++) {
		double x = 1.0 + (double)(i / per_col) * colw, y = top + (double)(i % per_col) * 0.75;
		legend_swatch(cr, &items[i], x, y);
		font(cr, 0.22, false, false);
		set(cr, col_text, 1.0);
		cairo.move_to(cr, x + 0.5, y + 0.08);
		cairo.show_text(cr, items[i].text);
	}
	draw_scale(cr, 1.0 + 4 * colw - 0.3, top + 1.6);
}

/* Draw the whole picture; the number of texts that could not be placed clear of the others. */
static int draw(cairo_t *cr, const struct scenario *s, bool units, const struct map_ghost *gh)
{
	const int *hexes = gh && gh->units ? gh->units : s->roster.historical_hex;
	static struct layout lo;
	lo.n = lo.overlaps = 0;
	cairo.set_source_rgb(cr, 1, 1, 1);
	cairo.paint(cr);
	cairo.set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	draw_ground(cr, &s->map);
	each_side(cr, &s->map, side_relief);
	each_side(cr, &s->map, side_water);
	each_side(cr, &s->map, side_sunken);
	each_side(cr, &s->map, side_road);
	each_side(cr, &s->map, side_crossing);
	if (units)
		reserve_units(hexes, &lo);
	draw_labels(cr, &s->map, &lo);
	draw_lettering(cr, &s->map, &lo);
	if (units)
		draw_units(cr, &s->roster, hexes, false);
	if (gh)
		draw_ghost(cr, &s->roster, gh);
	draw_frame(cr, units, gh);
	draw_legend(cr, units);
	return lo.overlaps;
}

/* ------------------------------------------------------------------ output */

enum map_image_format map_image_format_of(const char *path)
{
	static const struct { const char *ext; enum map_image_format f; } ext[] = {
		{ ".png", MAP_IMAGE_PNG }, { ".svg", MAP_IMAGE_SVG }, { ".pdf", MAP_IMAGE_PDF },
	};
	size_t n = strlen(path);
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
		if (n > 4 && !strcasecmp(path + n - 4, ext[i].ext))
			return ext[i].f;
	return MAP_IMAGE_UNKNOWN;
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Draw into a surface of the format, written to f; false with err set on a cairo failure. */
static bool render(const struct scenario *s, enum map_image_format fmt, FILE *f, bool units,
		   const struct map_ghost *gh, int *overlaps, char *err, size_t errlen)
{
	double scale = fmt == MAP_IMAGE_PNG ? MAP_IMAGE_PNG_SCALE : MAP_IMAGE_PNG_SCALE / 2;
	double w = ceil(PAGE_W * scale), h = ceil(PAGE_H * scale);
	cairo_surface_t *surf;
	if (fmt == MAP_IMAGE_PNG)
		surf = cairo.image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	else if (fmt == MAP_IMAGE_SVG)
		surf = cairo.svg_surface_create_for_stream(write_stream, f, w, h);
	else
		surf = cairo.pdf_surface_create_for_stream(write_stream, f, w, h);
	cairo_t *cr = cairo.create(surf);
	cairo.scale(cr, scale, scale);
	int o = draw(cr, s, units, gh);
	if (overlaps)
		*overlaps = o;
	cairo_status_t st = cairo.status(cr);
	cairo.destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == MAP_IMAGE_PNG)
		st = cairo.surface_write_to_png_stream(surf, write_stream, f);
	cairo.surface_finish(surf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo.surface_status(surf);
	cairo.surface_destroy(surf);
	if (st != CAIRO_STATUS_SUCCESS)
		snprintf(err, errlen, "%s", cairo.status_to_string(st));
	return st == CAIRO_STATUS_SUCCESS;
}

/* What store_write's writer draws: the picture, and why cairo failed. */
struct picture {
	const struct scenario *s;
	enum map_image_format fmt;
	bool units;
	const struct map_ghost *ghost;
	char why[512];
};

static bool render_to(void *arg, FILE *f)
{
	struct picture *p = arg;
	return render(p->s, p->fmt, f, p->units, p->ghost, NULL, p->why, sizeof p->why);
}

/* Remove the temporaries the program's writer before store_write left beside path when it was
 * killed: PATH.XXXXXX (mkstemp's six letters and digits, not all small letters: a
 * 'map.png.backup' is not one), a regular file of the user's with one link, empty or begun
 * as a picture of fmt is. How many went (issue 33). */
static int remove_old_temporaries(const char *path, enum map_image_format fmt)
{
	static const char *const magic[] = {
		[MAP_IMAGE_PNG] = "\x89PNG\r\n\x1a\n", [MAP_IMAGE_SVG] = "<?xml", [MAP_IMAGE_PDF] = "%PDF-",
	};
	char dir[POSITION_PATH_MAX], full[POSITION_PATH_MAX + 300];
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	if (slash)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) + (slash == path), path);
	else
		snprintf(dir, sizeof dir, ".");
	size_t bn = strlen(base);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));) {
		const char *x = e->d_name + bn + 1;
		if (strlen(e->d_name) != bn + 7 || strncmp(e->d_name, base, bn) || x[-1] != '.')
			continue;
		bool small = true, ok = true;
		for (int i = 0; i < 6; i++) {
			unsigned char c = (unsigned char)x[i];
			ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
			small = small && c >= 'a' && c <= 'z';
		}
		if (!ok || small)
			continue;
		snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
		struct stat st;
		if (lstat(full, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
		    st.st_nlink != 1)
			continue;
		char head[8] = "";
		FILE *f = fopen(full, "rb");
		size_t k = f ? fread(head, 1, sizeof head, f) : 0;
		if (f)
			fclose(f);
		size_t m = strlen(magic[fmt]);
		if (f && (k == 0 || (k >= m && !memcmp(head, magic[fmt], m))) && unlink(full) == 0)
			n++;
	}
	closedir(d);
	return n;
}

bool map_image_write(const struct scenario *s, const char *path, bool units, char *err,
		     size_t errlen)
{
	return map_image_write_ghost(s, path, units, NULL, err, errlen);
}

bool map_image_write_ghost(const struct scenario *s, const char *path, bool units,
			   const struct map_ghost *ghost, char *err, size_t errlen)
{
	enum map_image_format fmt = map_image_format_of(path);
	if (fmt == MAP_IMAGE_UNKNOWN) {
		snprintf(err, errlen, "%s: unknown picture format (the name must end in .png, .svg or .pdf)",
			 path);
		return false;
	}
	char why[512];
	if (!map_image_load_cairo(NULL, why, sizeof why)) {
		snprintf(err, errlen, "%s: %s", path, why);
		return false;
	}
	/* through the program's one writer (store_write): a temporary beside the file renamed
	 * over it; a link followed, its mode kept, a FIFO or device refused (issue 33) */
	struct picture pic = { s, fmt, units, ghost, "" };
	remove_old_temporaries(path, fmt);
	bool ok = store_write(path, render_to, &pic, err, errlen);
	if (!ok && pic.why[0])
		snprintf(err, errlen, "%s: cairo: %s", path, pic.why);
	return ok;
}

int map_image_overlaps(const struct scenario *s, bool units, enum map_image_format fmt, char *err,
		       size_t errlen)
{
	char why[512];
	if (!map_image_load_cairo(NULL, why, sizeof why)) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	FILE *f = tmpfile();
	if (!f) {
		snprintf(err, errlen, "a temporary file: %s", strerror(errno));
		return -1;
	}
	int overlaps = -1;
	if (!render(s, fmt, f, units, NULL, &overlaps, why, sizeof why)) {
		snprintf(err, errlen, "cairo: %s", why);
		overlaps = -1;
	}
	fclose(f);
	return overlaps;
}

/* The ghost of 1862 at the moment nearest turn into gh (data/history-hours.txt on
 * data/nbh-grid.txt of dir), with scenario st's units as the game's own when st is not NULL. */
static bool load_ghost(const struct scenario *s, const char *dir, int turn, const struct start *st,
		       struct map_ghost *gh, char *err, size_t errlen)
{
	static struct sim_hours h;
	static int own[ROSTER_UNITS];
	char grid[1100], hours[1100];
	snprintf(grid, sizeof grid, "%s/nbh-grid.txt", dir);
	snprintf(hours, sizeof hours, "%s/history-hours.txt", dir);
	if (!sim_hours_load(&h, s, grid, hours, err, errlen))
		return false;
	int m = sim_hours_ghost(&h, turn, gh->hex, gh->from);
	if (m < 0) {
		snprintf(err, errlen, "%s: no moment", hours);
		return false;
	}
	snprintf(gh->label, sizeof gh->label, "%s (None but Heroes, turn %d)", h.m[m].time,
		 h.m[m].turn);
	gh->units = NULL;
	if (st) {
		for (int u = 0; u < ROSTER_UNITS; u++)
			own[u] = st->unit[u].place == START_ON_MAP ? st->unit[u].hex : HEX_NONE;
		gh->units = own;
	}
	return true;
}

int map_image_main(const char *datadir, const char *path, bool units, const char *scenario,
		   int ghost_turn)
{
	char dir[1024], err[1200];
	if (map_image_format_of(path) == MAP_IMAGE_UNKNOWN) {
		fprintf(stderr, "antietam: %s: unknown picture format (the name must end in .png, .svg or .pdf)\n",
			path);
		return 2;
	}
	if (!paths_data_dir(datadir, dir, sizeof dir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	struct scenario *s = malloc(sizeof *s);
	static struct map_ghost gh;
	int rc = 2;
	const struct start *st = NULL;
	if (!s) {
		fputs("antietam: out of memory\n", stderr);
	} else if (!scenario_load(s, dir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
	} else if (scenario && !(st = start_of(s, start_find(s, scenario)))) {
		fprintf(stderr, "antietam: --scenario %s: not one of data/scenarios/\n", scenario);
	} else if ((ghost_turn = ghost_turn > 0 ? ghost_turn : st ? st->first_turn : 0) > 0 &&
		   !load_ghost(s, dir, ghost_turn, st, &gh, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
	} else if (!map_image_write_ghost(s, path, units, ghost_turn > 0 ? &gh : NULL, err,
					  sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
	} else {
		rc = 0;
	}
	scenario_free(s);
	free(s);
	/* cairo's font caches, so that a leak checker sees only the program's own memory */
	if (cairo.loaded)
		cairo.debug_reset_static_data();
	return rc;
}
