/* print_map.c — `antietam --print-map`: the whole map as text, hex outlines drawn with
 * their hexside features, for a person checking data/map.txt. The frame is composed in a
 * character grid (one glyph and one colour per cell) and written once; ANSI colour only
 * when asked for (a terminal), plain glyphs otherwise.
 *
 * Layout: flat-topped hexes three characters apart, odd columns one line lower:
 *      __          row y:    N side       (x+1, x+2)
 *     /ab\         row y+1:  NW side (x), interior a b, NE side (x+3)
 *     \__/         row y+2:  SW side (x), S side (x+1, x+2), SE side (x+3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hex.h"
#include "map.h"
#include "map_glyph.h"
#include "paths.h"
#include "scenario.h"

#define LEFT 4  /* row labels */
#define TOP 2   /* column labels */
#define WIDTH (LEFT + 3 * HEX_NCOLS + 1 + 4)
#define HEIGHT (TOP + 2 * HEX_NROWS + 2)

enum colour {
	C_NONE, C_OUTLINE, C_CREEK, C_CROSSING, C_PRIMARY, C_SECONDARY, C_SUNKEN, C_RUN,
	C_CREST, C_SLOPE, C_WOODS, C_ORCHARD, C_CORN, C_TOWN, C_HIGH, C_LABEL, C_COUNT
};
/* ANSI SGR parameters of each colour. */
static const char *const sgr[C_COUNT] = {
	[C_NONE] = "0", [C_OUTLINE] = "2;37", [C_CREEK] = "1;34", [C_CROSSING] = "1;97;44",
	[C_PRIMARY] = "1;31", [C_SECONDARY] = "1;33", [C_SUNKEN] = "1;35", [C_RUN] = "36",
	[C_CREST] = "1;97", [C_SLOPE] = "33", [C_WOODS] = "30;42", [C_ORCHARD] = "30;102",
	[C_CORN] = "30;43", [C_TOWN] = "30;47", [C_HIGH] = "1;33", [C_LABEL] = "2",
};

/* The colour of each glyph role (map_glyph.h: the glyphs are the terminal game's ASCII ones). */
static const enum colour role_colour[ROLE_COUNT] = {
	[ROLE_OUTLINE] = C_OUTLINE, [ROLE_CREEK] = C_CREEK, [ROLE_BRIDGE] = C_CROSSING,
	[ROLE_FORD] = C_CROSSING, [ROLE_RUN] = C_RUN, [ROLE_SUNKEN] = C_SUNKEN,
	[ROLE_CREST] = C_CREST, [ROLE_SLOPE] = C_SLOPE, [ROLE_ROAD_PRIMARY] = C_PRIMARY,
	[ROLE_ROAD_SECONDARY] = C_SECONDARY,
};

struct frame {
	char ch[HEIGHT][WIDTH];
	unsigned char col[HEIGHT][WIDTH];
};

static void put(struct frame *f, int y, int x, char ch, enum colour c)
{
	if (y < 0 || y >= HEIGHT || x < 0 || x >= WIDTH)
		return;
	f->ch[y][x] = ch;
	f->col[y][x] = (unsigned char)c;
}

/* Draw the side of hex id in direction d (only N, NE, SE, S, SW, NW cells of this hex). */
static void draw_side(struct frame *f, const struct map *m, int id, int d, int x, int y)
{
	static const char plain[HEX_NDIRS] = { '_', '\\', '/', '_', '\\', '/' };
	/* every cell of a side here is its middle: roads are drawn on all of them */
	struct glyph gl = map_glyph_side(map_hex(m, id)->side[d], d == HEX_N || d == HEX_S,
					 plain[d], true);
	char g = gl.ascii;
	enum colour c = role_colour[gl.role];
	/* A side between two hexes is drawn by both: an unmarked outline never overwrites a
	 * feature drawn by the neighbour. */
	int cells[2][2];
	int n = 1;
	switch (d) {
	case HEX_N: cells[0][0] = y, cells[0][1] = x + 1, cells[1][0] = y, cells[1][1] = x + 2, n = 2; break;
	case HEX_S: cells[0][0] = y + 2, cells[0][1] = x + 1, cells[1][0] = y + 2, cells[1][1] = x + 2, n = 2; break;
	case HEX_NE: cells[0][0] = y + 1, cells[0][1] = x + 3; break;
	case HEX_SE: cells[0][0] = y + 2, cells[0][1] = x + 3; break;
	case HEX_SW: cells[0][0] = y + 2, cells[0][1] = x; break;
	default: cells[0][0] = y + 1, cells[0][1] = x; break;
	}
	for (int i = 0; i < n; i++) {
		int cy = cells[i][0], cx = cells[i][1];
		if (c == C_OUTLINE && f->col[cy][cx] != C_NONE && f->col[cy][cx] != C_OUTLINE)
			continue;
		put(f, cy, cx, g, c);
	}
}

static void draw(struct frame *f, const struct map *m)
{
	memset(f->ch, ' ', sizeof f->ch);
	memset(f->col, C_NONE, sizeof f->col);
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++) {
		int x = LEFT + 3 * (c - HEX_COL_MIN);
		put(f, 0, x + 1, (char)('0' + c / 10), C_LABEL);
		put(f, 0, x + 2, (char)('0' + c % 10), C_LABEL);
	}
	for (int r = 0; r <= HEX_ROW_MAX; r++) {
		char lab[8];
		snprintf(lab, sizeof lab, "%02d", r);
		put(f, TOP + 2 * r + 1, 0, lab[0], C_LABEL);
		put(f, TOP + 2 * r + 1, 1, lab[1], C_LABEL);
	}
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
		for (int r = 0; r <= HEX_ROW_MAX; r++) {
			int id = c * 100 + r;
			if (!hex_valid(id))
				continue;
			int x = LEFT + 3 * (c - HEX_COL_MIN), y = TOP + 2 * r + (c & 1);
			const struct map_hex *h = map_hex(m, id);
			static const enum colour tcol[TERRAIN_COUNT] = { C_NONE, C_WOODS, C_ORCHARD,
									 C_CORN, C_TOWN };
			enum colour bg = tcol[h->terrain];
			put(f, y + 1, x + 1, map_glyph_terrains[h->terrain].ascii, bg);
			put(f, y + 1, x + 2, h->high ? map_glyph_high.ascii : ' ',
			    h->high && bg == C_NONE ? C_HIGH : bg);
			for (int d = 0; d < HEX_NDIRS; d++)
				draw_side(f, m, id, d, x, y);
			/* the plain bottom of a hex takes its terrain colour: a 2x2 block reads better */
			for (int k = 1; k <= 2; k++)
				if (bg != C_NONE && f->col[y + 2][x + k] == C_OUTLINE)
					f->col[y + 2][x + k] = (unsigned char)bg;
		}
}

static void emit(const struct frame *f, FILE *out, bool colour)
{
	for (int y = 0; y < HEIGHT; y++) {
		int end = WIDTH;
		while (end > 0 && f->ch[y][end - 1] == ' ')
			end--;
		int cur = C_NONE;
		for (int x = 0; x < end; x++) {
			if (colour && f->col[y][x] != cur) {
				cur = f->col[y][x];
				fprintf(out, "\033[0;%sm", sgr[cur]);
			}
			putc(f->ch[y][x], out);
		}
		if (colour && cur != C_NONE)
			fputs("\033[0m", out);
		putc('\n', out);
	}
}

/* One character a hex, as the grids of map.txt: the quick set-up zones (4.2A) and the
 * objective hexes, for checking them at a glance. */
static void zones_overview(const struct map *m, FILE *out)
{
	/* the letter of each formation that has a zone, the names from names.h */
	static const char corps_ch[CORPS_COUNT] = {
		[CORPS_I] = '1', [CORPS_II] = '2', [CORPS_V] = '5', [CORPS_IX] = '9', [CORPS_XII] = 'X',
	};
	static const char confederate_ch[CONFEDERATE_FORMATIONS] = {
		[CONFEDERATE_JACKSON] = 'j', [CONFEDERATE_EWELL] = 'e', [CONFEDERATE_DH_HILL] = 'd',
		[CONFEDERATE_CAVALRY] = 'c', [CONFEDERATE_EVANS] = 'v', [CONFEDERATE_HOOD] = 'h',
		[CONFEDERATE_JONES] = 'o', [CONFEDERATE_WALKER] = 'w', [CONFEDERATE_MCLAWS] = 'm',
		[CONFEDERATE_ANDERSON] = 'a',
	};
	struct { bool confederate; const char *formation; char ch; } key[CORPS_COUNT + CONFEDERATE_FORMATIONS];
	size_t nkey = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		if (corps_ch[c])
			key[nkey].confederate = false, key[nkey].formation = names_corps[c],
			key[nkey++].ch = corps_ch[c];
	for (int f = 0; f < CONFEDERATE_FORMATIONS; f++)
		if (confederate_ch[f])
			key[nkey].confederate = true, key[nkey].formation = names_confederate_formation[f],
			key[nkey++].ch = confederate_ch[f];
	fputs("\nquick set-up zones (4.2A), one character a hex, columns 10-42 as in map.txt:\n", out);
	for (size_t k = 0; k < nkey; k++)
		fprintf(out, "%s%c %s", k ? ", " : "  ", key[k].ch, key[k].formation);
	fputs("; * objective hex outside the zones\n     ", out);
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
		putc('0' + c / 10, out);
	fputs("\n     ", out);
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
		putc('0' + c % 10, out);
	for (int r = 0; r <= HEX_ROW_MAX; r++) {
		fprintf(out, "\n  %02d ", r);
		for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++) {
			int id = c * 100 + r;
			char ch = hex_valid(id) ? '.' : ' ';
			for (size_t k = 0; hex_valid(id) && k < nkey; k++)
				if (map_in_zone(map_zone_side(m, key[k].confederate, key[k].formation), id))
					ch = key[k].ch;
			for (int o = 0; ch == '.' && o < m->nobjectives; o++)
				if (map_in_objective(&m->objective[o], id))
					ch = '*';
			putc(ch, out);
		}
	}
	putc('\n', out);
}

static void legend(const struct map *m, FILE *out)
{
	fputs("\nin-hex:", out);
	for (int t = TERRAIN_CLEAR + 1; t < TERRAIN_COUNT; t++)
		fprintf(out, " %c %s,", map_glyph_terrains[t].ascii, map_glyph_terrains[t].meaning);
	fprintf(out, " %c %s (blank: clear, low)\nhexsides:", map_glyph_high.ascii,
		map_glyph_high.meaning);
	for (size_t i = 0; i < map_glyph_nsides; i++)
		fprintf(out, "%s %c %s", i ? "," : "", map_glyph_sides[i].g.ascii,
			map_glyph_sides[i].meaning);
	fputs("\n\nnames:\n", out);
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
		for (int r = 0; r <= HEX_ROW_MAX; r++) {
			const char *name = map_hex_name(m, c * 100 + r);
			if (name)
				fprintf(out, "  %04d %s\n", c * 100 + r, name);
		}
	fputs("objectives:\n", out);
	for (int i = 0; i < m->nobjectives; i++) {
		fprintf(out, "  %-20s", m->objective[i].key);
		for (int j = 0; j < m->objective[i].nhexes; j++)
			fprintf(out, " %04d", m->objective[i].hexes[j]);
		putc('\n', out);
	}
}

int cli_print_map(const char *datadir, FILE *out, bool colour)
{
	char dir[1024], path[1100], err[1024];
	if (!paths_data_dir(datadir, dir, sizeof dir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	snprintf(path, sizeof path, "%s/map.txt", dir);
	struct map *m = malloc(sizeof *m);
	struct frame *f = malloc(sizeof *f);
	int rc = 2;
	if (!m || !f) {
		fputs("antietam: out of memory\n", stderr);
	} else if (!map_load(m, path, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
	} else {
		draw(f, m);
		emit(f, out, colour);
		legend(m, out);
		zones_overview(m, out);
		rc = 0;
	}
	free(f);
	free(m);
	return rc;
}
