/* geom.h — the curses-free arithmetic of the ncurses front-end: where each hex sits on the
 * drawn map (the "canvas"), which hex a screen cell belongs to, how the screen is divided
 * between map, side panel, status line and log at a given terminal size, how the view
 * scrolls to follow the cursor, and the glyph tables that draw terrain and hexside features.
 * Kept apart from curses so tests/test_tui_geom.c can check it without a terminal.
 *
 * The canvas: hexes are flat-topped, columns vertical, odd columns half a hex lower (hex.h).
 * A hex with column index ci = col - 10 and row r has its outline origin at
 * x0 = 6*ci, y0 = 2*r + (col odd); it is drawn as
 *
 *      _____        line y0   : top edge (the N side; it is the line B of the hex above)
 *     /AAAAA\       line y0+1 : line A, 5 cells x0+1..x0+5 (units or terrain fill)
 *     \BBBBB/       line y0+2 : line B, the S side drawn as underlined cells (stack, marks)
 *
 * so a diagonal side is one cell shared with the neighbour, and a horizontal side is the
 * five cells of the upper hex's line B. */
#ifndef ANTIETAM_TUI_GEOM_H
#define ANTIETAM_TUI_GEOM_H

#include <stdbool.h>

#include "hex.h"
#include "map_glyph.h"

#define GEOM_HEX_W 6      /* column pitch in cells */
#define GEOM_CELLS 5      /* cells of line A and line B */
#define GEOM_CANVAS_W (HEX_NCOLS * GEOM_HEX_W + 1)
#define GEOM_CANVAS_H (2 * HEX_NROWS + 1)

/* Outline origin of a valid hex on the canvas. */
void geom_hex_origin(int hex, int *x0, int *y0);
/* The hex whose drawing holds canvas cell (x, y) — interior cells exactly, outline cells by
 * the nearest centre — or HEX_NONE when the cell is outside the map. */
int geom_hex_at(int x, int y);
/* Canvas cell of hexside `dir` of hex: the first cell and the number of cells (1 or 5). */
void geom_side_cells(int hex, enum hex_dir dir, int *x, int *y, int *ncells);

/* The screen split at a terminal size. Rectangles are x, y, w, h in screen cells. */
/* The smallest terminal the game is drawn in; below it only the guard is (draw_guard). */
#define GEOM_MIN_COLS 60
#define GEOM_MIN_LINES 16

struct geom_layout {
	bool too_small;           /* below GEOM_MIN_COLS x GEOM_MIN_LINES: only a message is drawn */
	int cols, lines;
	int status_y;             /* the status line */
	int map_x, map_y, map_w, map_h;
	int panel_x, panel_y, panel_w, panel_h;
	int log_x, log_y, log_w, log_h;
	int msg_y;                /* the message / prompt line */
};

/* Divide a cols x lines terminal; usable at 80x24 and growing every part with the size. */
void geom_layout(struct geom_layout *l, int cols, int lines);
/* The overview's split: the log pane's lines go to the map. */
void geom_layout_overview(struct geom_layout *l, int cols, int lines);

/* Scroll origin (*vx, *vy) of a view w x h so hex is fully inside with a margin when the
 * canvas allows; the origin stays within the canvas. */
void geom_follow(int hex, int w, int h, int *vx, int *vy);
/* Scroll origin (*vx, *vy) of a view w x h with hex at its centre, as near as the canvas
 * allows (the origin stays within it). */
void geom_centre(int hex, int w, int h, int *vx, int *vy);

/* Cursor movement: the hex reached from `hex` by a key direction. dx/dy is the arrow
 * (left/right keep the row, so the cursor walks straight across the zig-zag of columns);
 * returns hex itself when the step leaves the map. */
int geom_step(int hex, int dx, int dy);

/* ---- the overview map ----
 * A zoomed-out canvas of the whole map, a grid of hexes by column and row (the half-hex
 * offset of odd columns is not drawn): FULL gives a hex two cells of one line (66 x 45
 * cells); COMPACT one cell of half a line, two rows a line drawn with a half block
 * (33 x 23 cells, colour only). */
enum geom_ov_scale { GEOM_OV_FULL, GEOM_OV_COMPACT };
#define GEOM_OV_W 2       /* cells of a hex in the FULL overview */

/* The size of the overview canvas at a scale. */
void geom_ov_size(enum geom_ov_scale scale, int *w, int *h);
/* The first canvas cell of a valid hex (COMPACT: *lower says it is the lower half). */
void geom_ov_cell(int hex, enum geom_ov_scale scale, int *x, int *y, bool *lower);
/* The hex at canvas cell (x, y) (COMPACT: the upper hex of the cell), or HEX_NONE. */
int geom_ov_hex_at(int x, int y, enum geom_ov_scale scale);
/* The scale for a map area w x h: FULL when it shows at least four rows in five of the map
 * or the terminal cannot draw COMPACT (no colour or no UTF-8), else COMPACT. */
enum geom_ov_scale geom_ov_choose(int w, int h, bool compact_ok);
/* Scroll origin of an overview w x h so hex is inside it, clamped to the canvas. */
void geom_ov_follow(int hex, enum geom_ov_scale scale, int w, int h, int *ox, int *oy);

/* ---- glyphs ---- */

/* The glyphs of hexside features and terrain: include/map_glyph.h, shared with --print-map. */
/* The fill of an empty hex's line A for in-hex terrain (enum terrain) and high ground:
 * five cells, written into out (utf8 strings of the pattern) and as ASCII into ascii[6]. */
void geom_terrain_fill(int terrain, bool high, const char *out[GEOM_CELLS], char ascii[6]);

#endif
