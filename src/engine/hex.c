/* hex.c — owns the geometry of the grid: validity, neighbours, distance and lines.
 * Internally a hex is converted to cube coordinates (odd columns shifted down, the
 * "odd-q" layout), where distance is the largest coordinate difference and a straight
 * line is a linear interpolation rounded to the nearest hex. */
#include "hex.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int16_t hex_index_of_id[HEX_ID_LIMIT];
int16_t hex_id_of_index[HEX_INDEX_COUNT];

/* hex_index and hex_from_index by arithmetic: the tables' contents. */
__attribute__((constructor)) static void hex_tables_build(void)
{
	for (int id = 0; id < HEX_ID_LIMIT; id++)
		hex_index_of_id[id] = (int16_t)(hex_valid_by_arithmetic(id)
			? (id / 100 - HEX_COL_MIN) * HEX_NROWS + id % 100 : -1);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		hex_id_of_index[i] = (int16_t)((i / HEX_NROWS + HEX_COL_MIN) * 100 + i % HEX_NROWS);
}

static int neighbour_compute(int id, enum hex_dir d)
{
	int c = hex_col(id), r = hex_row(id);
	int odd = c & 1;
	int nc = c, nr = r;
	switch (d) {
	case HEX_N: nr = r - 1; break;
	case HEX_S: nr = r + 1; break;
	case HEX_NE: nc = c + 1; nr = odd ? r : r - 1; break;
	case HEX_SE: nc = c + 1; nr = odd ? r + 1 : r; break;
	case HEX_SW: nc = c - 1; nr = odd ? r + 1 : r; break;
	case HEX_NW: nc = c - 1; nr = odd ? r : r - 1; break;
	default: return HEX_NONE;
	}
	if (nr < 0 || nc < HEX_COL_MIN || nc > HEX_COL_MAX)
		return HEX_NONE;
	int n = nc * 100 + nr;
	return hex_valid(n) ? n : HEX_NONE;
}

/* The neighbours of every hex, computed once: movement searches ask millions of times. Ids
 * for hex_neighbour, dense indices (-1 off the map) for hex_spread. */
int16_t hex_neighbour_ids[HEX_INDEX_COUNT][HEX_NDIRS];
static int16_t neighbour_index[HEX_INDEX_COUNT][HEX_NDIRS];
bool hex_neighbours_ready;

void hex_neighbours_build(void)
{
	for (int k = 0; k < HEX_INDEX_COUNT; k++)
		for (int e = 0; e < HEX_NDIRS; e++) {
			int n = hex_valid(hex_from_index(k))
				? neighbour_compute(hex_from_index(k), (enum hex_dir)e) : HEX_NONE;
			hex_neighbour_ids[k][e] = (int16_t)n;
			neighbour_index[k][e] = (int16_t)(n == HEX_NONE ? -1 : hex_index(n));
		}
	hex_neighbours_ready = true;
}

const int16_t (*hex_neighbour_table(void))[HEX_NDIRS]
{
	if (!hex_neighbours_ready)
		hex_neighbours_build();
	return (const int16_t (*)[HEX_NDIRS])neighbour_index;
}


/* Cube coordinates: x = column, z = row minus the column's downward shift. */
static void to_cube(int id, int *x, int *y, int *z)
{
	hex_cube(id, x, z);
	*y = -*x - *z;
}

static int from_cube(int x, int z)
{
	int r = z + (x - (x & 1)) / 2;
	return x * 100 + r;
}


void hex_spread(uint8_t *near, int cap)
{
	if (!hex_neighbours_ready)
		hex_neighbours_build();
	int16_t queue[HEX_INDEX_COUNT]; /* dense indices, each queued once */
	int qh = 0, qt = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		if (near[i] == 0 && hex_valid(hex_from_index(i)))
			queue[qt++] = (int16_t)i;
	while (qh < qt) {
		int i = queue[qh++], dist = near[i] + 1;
		if (dist >= cap)
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = neighbour_index[i][d];
			if (n >= 0 && near[n] > dist) {
				near[n] = (uint8_t)dist;
				queue[qt++] = (int16_t)n;
			}
		}
	}
}

bool hex_parse(const char *s, int *id)
{
	if (!s || strlen(s) != 4)
		return false;
	int v = 0;
	for (int i = 0; i < 4; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	if (!hex_valid(v))
		return false;
	*id = v;
	return true;
}

bool hex_parse_side(const char *s, int *a, int *b)
{
	char buf[5];
	if (!s || strlen(s) != 9 || s[4] != '/')
		return false;
	memcpy(buf, s, 4);
	buf[4] = 0;
	if (!hex_parse(buf, a) || !hex_parse(s + 5, b))
		return false;
	return hex_adjacent(*a, *b);
}

void hex_centre(int id, double *x, double *y)
{
	int c = hex_col(id), r = hex_row(id);
	*x = c * (sqrt(3.0) / 2.0);
	*y = r + ((c & 1) ? 0.5 : 0.0);
}

/* The line is drawn in exact integer arithmetic, as the linear interpolation rounded to the
 * nearest hex it always was (a/b/c below are cube coordinates, n the distance): at step i a
 * coordinate is N/n with N = a*n + (b - a)*i, and the two copies of the line are nudged to
 * either side by (1, 2, -3) and (-1, -2, 3) millionths. With n at most HEX_LINE_MAX a nudge
 * decides a tie (N/n exactly halfway between two integers) and never the order of the
 * three rounding errors, which are never equal (two would need a sum or difference of the
 * nudges, a few millionths, to be a whole multiple of 1/n). So the hexes are
 * those the earlier floating-point version (round(), fabs(); kept in tests/test_hex.c and
 * compared there) found, without a call to the maths library on each of three coordinates
 * twice a step: the line of sight and fire draw millions of lines a game. */
#define LINE_NUDGE 1000000 /* a millionth */

/* round(N/n + e/LINE_NUDGE) for n > 0 and |e| small: the nearest integer, a tie going the
 * nudge's way. */
static inline int line_round(int num, int n, int e)
{
	int twice = 2 * num + n, den = 2 * n;
	int q = twice / den, rem = twice % den;
	if (rem < 0) {
		q--;
		rem += den;
	}
	if (rem == 0 && e < 0)
		q--;
	return q;
}

/* The rounding error |r - (N/n + e/LINE_NUDGE)| scaled by n * LINE_NUDGE: |r*n - N| is at
 * most n/2, so the product stays well inside an int. */
static inline int line_error(int r, int num, int n, int e)
{
	int v = (r * n - num) * LINE_NUDGE - e * n;
	return v < 0 ? -v : v;
}

/* The hex at N/n (three cube coordinates) nudged by e[3], as its cube x and z: the coordinate with the largest
 * rounding error is the one the other two decide. */
static void line_hex(const int num[3], int n, const int e[3], int *x, int *z)
{
	int rx = line_round(num[0], n, e[0]), ry = line_round(num[1], n, e[1]);
	int rz = line_round(num[2], n, e[2]);
	int ex = line_error(rx, num[0], n, e[0]), ey = line_error(ry, num[1], n, e[1]);
	int ez = line_error(rz, num[2], n, e[2]);
	if (ex > ey && ex > ez)
		rx = -ry - rz;
	else if (!(ey > ez))
		rz = -rx - ry;
	*x = rx;
	*z = rz;
}

/* The two hexes (p, q: equal off a hexside) of step i of the line from a to b, in cube
 * coordinates. */
static void line_step(int ax, int ay, int az, int bx, int by, int bz, int n, int i, int *px,
		      int *pz, int *qx, int *qz)
{
	int den = n ? n : 1; /* a line of one hex: N/1 is the hex itself */
	/* Two copies of the line nudged to either side by a hair: where they round to
	 * different hexes the true line runs exactly along the hexside between them. */
	static const int e_p[3] = {1, 2, -3}, e_q[3] = {-1, -2, 3};
	int num[3] = {ax * den + (bx - ax) * i, ay * den + (by - ay) * i, az * den + (bz - az) * i};
	line_hex(num, den, e_p, px, pz);
	line_hex(num, den, e_q, qx, qz);
}

/* A line depends only on where b lies from a: N/n = a + (b - a)*i/n, and a whole a leaves
 * the rounding, its ties and its errors as they are. So the lines up to LINE_TABLE_MAX long
 * (every fire, and sight up to 20 hexes) are worked out once for each (dx, dz) from a, the
 * first time one is drawn, as cube offsets from a (at most 141 KB, only the rows of the
 * lines drawn touched); longer ones step by step. */
#define LINE_TABLE_MAX 20
#define LINE_TABLE_SIDE (2 * LINE_TABLE_MAX + 1)
struct line_offset {
	int8_t px, pz, qx, qz;
};
static struct line_offset line_table[LINE_TABLE_SIDE * LINE_TABLE_SIDE][LINE_TABLE_MAX + 1];
static bool line_ready[LINE_TABLE_SIDE * LINE_TABLE_SIDE];

static const struct line_offset *line_offsets(int dx, int dz, int n)
{
	int k = (dx + LINE_TABLE_MAX) * LINE_TABLE_SIDE + dz + LINE_TABLE_MAX;
	struct line_offset *o = line_table[k];
	if (!line_ready[k]) {
		for (int i = 0; i <= n; i++) {
			int px, pz, qx, qz;
			line_step(0, 0, 0, dx, -dx - dz, dz, n, i, &px, &pz, &qx, &qz);
			o[i] = (struct line_offset){(int8_t)px, (int8_t)pz, (int8_t)qx, (int8_t)qz};
		}
		line_ready[k] = true;
	}
	return o;
}

/* The step's two hexes as ids; along the map's own edge the second hex is off the map: only
 * one hex is crossed. */
static void line_put(struct hex_step *st, int px, int pz, int qx, int qz)
{
	int p = from_cube(px, pz), q = from_cube(qx, qz);
	if (!hex_valid(p))
		p = q;
	if (!hex_valid(q))
		q = p;
	st->hex = p;
	st->other = (p != q) ? q : HEX_NONE;
	st->edge = p != q;
}

int hex_line(int a, int b, struct hex_step *steps)
{
	int ax, ay, az, bx, by, bz;
	to_cube(a, &ax, &ay, &az);
	to_cube(b, &bx, &by, &bz);
	int n = hex_distance(a, b);
	if (n + 1 > HEX_LINE_MAX)
		n = HEX_LINE_MAX - 1;
	if (n <= LINE_TABLE_MAX) {
		const struct line_offset *o = line_offsets(bx - ax, bz - az, n);
		for (int i = 0; i <= n; i++)
			line_put(&steps[i], ax + o[i].px, az + o[i].pz, ax + o[i].qx, az + o[i].qz);
		return n + 1;
	}
	for (int i = 0; i <= n; i++) {
		int px, pz, qx, qz;
		line_step(ax, ay, az, bx, by, bz, n, i, &px, &pz, &qx, &qz);
		line_put(&steps[i], px, pz, qx, qz);
	}
	return n + 1;
}
