/* hex.h — the map grid of rule 2.1: hex ids CCRR, neighbours, range (10.3C) and the
 * straight line between two hex centres (10.6).
 *
 * Columns 10–42 run west→east, rows 00–44 north→south; odd columns sit half a hex
 * lower than even ones, so even columns hold rows 00–44 and odd columns rows 00–43.
 * A hex is passed around as its plain integer id (1916 = column 19, row 16). */
#ifndef ANTIETAM_HEX_H
#define ANTIETAM_HEX_H

#include <stdbool.h>
#include <stdint.h>

#define HEX_COL_MIN 10
#define HEX_COL_MAX 42
#define HEX_ROW_MAX 44
#define HEX_NCOLS (HEX_COL_MAX - HEX_COL_MIN + 1)
#define HEX_NROWS (HEX_ROW_MAX + 1)
/* Size of a dense array indexed by hex_index(); a few slots (odd column, row 44) are unused. */
#define HEX_INDEX_COUNT (HEX_NCOLS * HEX_NROWS)
#define HEX_NONE (-1)

/* The six directions, clockwise from north; the order of PROTOCOL.md's `sides` line. */
enum hex_dir { HEX_N, HEX_NE, HEX_SE, HEX_S, HEX_SW, HEX_NW, HEX_NDIRS };

/* Column and row of an id (no validity check). */
static inline int hex_col(int id) { return id / 100; }
static inline int hex_row(int id) { return id % 100; }
/* Every id below HEX_ID_LIMIT with its dense index (-1 where it names no hex), and every
 * dense index with its id: tables filled before main (hex.c), so that the three below are a
 * load each, not a division by 100 twice (they are asked hundreds of millions of times a
 * game of the computer general's). */
#define HEX_ID_LIMIT (HEX_COL_MAX * 100 + HEX_ROW_MAX + 1)
extern int16_t hex_index_of_id[HEX_ID_LIMIT];
extern int16_t hex_id_of_index[HEX_INDEX_COUNT];
/* hex_valid by arithmetic (what the tables hold; hex_direction, which works out the column
 * and row anyway, and the compiler's constant ids). */
static inline bool hex_valid_by_arithmetic(int id)
{
	int c = id / 100, r = id % 100;
	return id >= 0 && c >= HEX_COL_MIN && c <= HEX_COL_MAX && r <= HEX_ROW_MAX - (c & 1);
}
/* True when id names a hex on the map. */
static inline bool hex_valid(int id)
{
	return (unsigned)id < HEX_ID_LIMIT && hex_index_of_id[id] >= 0;
}
/* Dense index 0..HEX_INDEX_COUNT-1 of a valid hex, or -1. */
static inline int hex_index(int id)
{
	return (unsigned)id < HEX_ID_LIMIT ? hex_index_of_id[id] : -1;
}
/* The id at a dense index (inverse of hex_index). */
static inline int hex_from_index(int index)
{
	if ((unsigned)index < HEX_INDEX_COUNT)
		return hex_id_of_index[index];
	return (index / HEX_NROWS + HEX_COL_MIN) * 100 + index % HEX_NROWS;
}
/* The neighbours of every hex as ids (HEX_NONE off the map), indexed by hex_index() and
 * direction, built once by hex_neighbours_build (hex.c): hex_neighbour's table. */
extern int16_t hex_neighbour_ids[HEX_INDEX_COUNT][HEX_NDIRS];
extern bool hex_neighbours_ready;
void hex_neighbours_build(void);
/* The neighbour of id in direction d, or HEX_NONE when it is off the map. Inline: the bot
 * and the rules ask it millions of times a game. */
static inline int hex_neighbour(int id, enum hex_dir d)
{
	int i = hex_index(id);
	if (i < 0 || (unsigned)d >= HEX_NDIRS)
		return HEX_NONE;
	if (!hex_neighbours_ready)
		hex_neighbours_build();
	return hex_neighbour_ids[i][d];
}
/* The neighbours of every hex as dense indices, indexed by hex_index() and direction (-1
 * off the map): the table the movement searches walk instead of calling hex_neighbour. */
const int16_t (*hex_neighbour_table(void))[HEX_NDIRS];
/* Direction from a to its neighbour b, or -1 when they are not adjacent. Inline (with
 * hex_adjacent): the ZOC, the creek and the bot ask it millions of times a game. */
static inline int hex_direction(int a, int b)
{
	if (!hex_valid_by_arithmetic(a) || !hex_valid_by_arithmetic(b))
		return -1;
	int dc = hex_col(b) - hex_col(a), dr = hex_row(b) - hex_row(a);
	if (dc == 0)
		return dr == -1 ? HEX_N : dr == 1 ? HEX_S : -1;
	if (dc != 1 && dc != -1)
		return -1;
	/* the row offset of the upper of the two diagonal neighbours: odd columns sit lower */
	int up = (hex_col(a) & 1) ? 0 : -1;
	if (dr == up)
		return dc > 0 ? HEX_NE : HEX_NW;
	if (dr == up + 1)
		return dc > 0 ? HEX_SE : HEX_SW;
	return -1;
}
/* True when a and b are distinct adjacent hexes. */
static inline bool hex_adjacent(int a, int b) { return hex_direction(a, b) >= 0; }
/* Cube coordinates of a hex: x = column, z = row minus the column's downward shift (the
 * third, y, is -x - z). */
static inline void hex_cube(int id, int *x, int *z)
{
	int c = hex_col(id);
	*x = c;
	*z = hex_row(id) - (c - (c & 1)) / 2;
}
/* The distance between two hexes given in cube coordinates. */
static inline int hex_cube_distance(int ax, int az, int bx, int bz)
{
	int dx = ax - bx, dz = az - bz, dy = dx + dz;
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	dz = dz < 0 ? -dz : dz;
	int m = dx > dy ? dx : dy;
	return m > dz ? m : dz;
}
/* Range in hexes (10.3C): the target's hex counts, the firer's does not. Inline: the bot
 * and the rules ask it millions of times a game. */
static inline int hex_distance(int a, int b)
{
	int ax, az, bx, bz;
	hex_cube(a, &ax, &az);
	hex_cube(b, &bx, &bz);
	return hex_cube_distance(ax, az, bx, bz);
}
/* hex_distance(a, b) <= n, rejecting far pairs without it: n steps change the column and the
 * row by n at most. */
static inline bool hex_within(int a, int b, int n)
{
	int dc = hex_col(a) - hex_col(b), dr = hex_row(a) - hex_row(b);
	if (dc > n || dc < -n || dr > n || dr < -n)
		return false;
	return hex_distance(a, b) <= n;
}
/* Breadth-first spread over the grid, on an array indexed by hex_index(): on entry near[i] is
 * 0 at the sources and `cap` (at most 255) elsewhere; on return it is the number of steps from
 * hex i to the nearest source, the count hex_distance gives (test_hex), or cap if farther. */
void hex_spread(uint8_t *near, int cap);
/* Parse exactly four digits naming a valid hex; false otherwise. */
bool hex_parse(const char *s, int *id);
/* Parse "CCRR/CCRR" naming two adjacent valid hexes. */
bool hex_parse_side(const char *s, int *a, int *b);
/* Centre of a hex in a plane where adjacent centres are 1 apart (x east, y south). */
void hex_centre(int id, double *x, double *y);

/* One step of a line: the hex the line passes through, or — when the line runs exactly
 * along a hexside — both hexes of that side (edge = true, other = the second hex). */
struct hex_step {
	int hex;
	int other;
	bool edge;
};
#define HEX_LINE_MAX 96

/* The hexes crossed by the straight line from the centre of a to the centre of b, a first
 * and b last, at most HEX_LINE_MAX steps; returns the number of steps. */
int hex_line(int a, int b, struct hex_step *steps);

#endif
