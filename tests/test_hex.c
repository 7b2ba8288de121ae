/* test_hex.c — the grid of DESIGN.md: validity, neighbours, range and lines (10.3C, 10.6). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "hex.h"

static void test_validity(void **state)
{
	(void)state;
	assert_true(hex_valid(1000));
	assert_true(hex_valid(1044));  /* even column runs to row 44 (9.2A) */
	assert_true(hex_valid(2343));  /* odd column to row 43 */
	assert_false(hex_valid(2344));
	assert_false(hex_valid(1045));
	assert_true(hex_valid(4224));
	assert_false(hex_valid(4300));
	assert_false(hex_valid(900));
	assert_false(hex_valid(-1));
	int id;
	assert_true(hex_parse("1916", &id));
	assert_int_equal(id, 1916);
	assert_false(hex_parse("916", &id));
	assert_false(hex_parse("19160", &id));
	assert_false(hex_parse("19a6", &id));
	assert_false(hex_parse("4300", &id));
	int a, b;
	assert_true(hex_parse_side("2836/2935", &a, &b));
	assert_int_equal(a, 2836);
	assert_int_equal(b, 2935);
	assert_false(hex_parse_side("2836/2937", &a, &b));
}

static void test_index_roundtrip(void **state)
{
	(void)state;
	int n = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		assert_int_equal(hex_index(id), i);
		n++;
	}
	/* 17 even columns of 45 rows, 16 odd columns of 44 rows */
	assert_int_equal(n, 17 * 45 + 16 * 44);
}

static void test_neighbours(void **state)
{
	(void)state;
	/* DESIGN.md: the hexsides fixed by the rulebook */
	assert_true(hex_adjacent(2836, 2935));
	assert_true(hex_adjacent(3619, 3719));
	assert_int_equal(hex_neighbour(2836, HEX_NE), 2935);
	assert_int_equal(hex_neighbour(2935, HEX_SW), 2836);
	assert_int_equal(hex_neighbour(3619, HEX_SE), 3719);
	/* odd column: neighbours (c±1, r) and (c±1, r+1) */
	assert_int_equal(hex_neighbour(1915, HEX_N), 1914);
	assert_int_equal(hex_neighbour(1915, HEX_NE), 2015);
	assert_int_equal(hex_neighbour(1915, HEX_SE), 2016);
	assert_int_equal(hex_neighbour(1915, HEX_S), 1916);
	assert_int_equal(hex_neighbour(1915, HEX_SW), 1816);
	assert_int_equal(hex_neighbour(1915, HEX_NW), 1815);
	/* even column: (c±1, r−1) and (c±1, r) */
	assert_int_equal(hex_neighbour(2016, HEX_NE), 2115);
	assert_int_equal(hex_neighbour(2016, HEX_SE), 2116);
	assert_int_equal(hex_neighbour(2016, HEX_SW), 1916);
	assert_int_equal(hex_neighbour(2016, HEX_NW), 1915);
	/* corners and edges */
	assert_int_equal(hex_neighbour(1000, HEX_N), HEX_NONE);
	assert_int_equal(hex_neighbour(1000, HEX_NW), HEX_NONE);
	assert_int_equal(hex_neighbour(1000, HEX_SW), HEX_NONE);
	assert_int_equal(hex_neighbour(1000, HEX_NE), HEX_NONE); /* (11,-1) */
	assert_int_equal(hex_neighbour(1000, HEX_SE), 1100);
	assert_int_equal(hex_neighbour(2343, HEX_S), HEX_NONE);
	assert_int_equal(hex_neighbour(2343, HEX_SE), 2444); /* even column row 44 */
	assert_int_equal(hex_neighbour(2444, HEX_S), HEX_NONE);
	assert_int_equal(hex_neighbour(2444, HEX_SE), HEX_NONE);
	assert_int_equal(hex_neighbour(4224, HEX_NE), HEX_NONE);
	/* symmetry everywhere */
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(id, (enum hex_dir)d);
			if (n == HEX_NONE)
				continue;
			assert_int_equal(hex_neighbour(n, (enum hex_dir)((d + 3) % 6)), id);
			assert_int_equal(hex_distance(id, n), 1);
		}
	}
}

static void test_range(void **state)
{
	(void)state;
	assert_int_equal(hex_distance(1916, 1916), 0);
	assert_int_equal(hex_distance(1916, 1917), 1);
	assert_int_equal(hex_distance(1916, 2016), 1);
	assert_int_equal(hex_distance(3820, 3518), 3);
	assert_int_equal(hex_distance(1000, 1008), 8);
	assert_int_equal(hex_distance(1000, 1800), 8);  /* zig-zag along a row */
	assert_int_equal(hex_distance(1010, 1210), 2);
	assert_int_equal(hex_distance(1010, 1211), 2);
	assert_int_equal(hex_distance(1010, 1212), 3);
	assert_int_equal(hex_distance(3324, 3122), 3);
}

static bool line_has(const struct hex_step *s, int n, int hex)
{
	for (int i = 1; i < n - 1; i++)
		if (s[i].hex == hex || (s[i].edge && s[i].other == hex))
			return true;
	return false;
}

/* Steps over the grid from hex to neighbour count hexes exactly as hex_distance does, also
 * along the map edges (no shortest way leaves the map): the engine spreads distances to the
 * nearest enemy breadth-first (hex_spread, used by move.c, commit.c and the bot) and relies
 * on it. Checked between every two hexes of the map, with hex_within's quick reject. */
static void test_grid_steps_are_hex_distance(void **state)
{
	(void)state;
	static uint8_t near[HEX_INDEX_COUNT];
	int checked = 0;
	for (int a = 0; a < HEX_INDEX_COUNT; a++) {
		int ha = hex_from_index(a);
		if (!hex_valid(ha))
			continue;
		memset(near, 255, sizeof near);
		near[a] = 0;
		hex_spread(near, 255);
		for (int b = 0; b < HEX_INDEX_COUNT; b++) {
			int hb = hex_from_index(b);
			if (!hex_valid(hb))
				continue;
			int dist = hex_distance(ha, hb);
			if (near[b] != dist)
				fail_msg("%04d to %04d: %d steps, hex_distance %d", ha, hb, near[b], dist);
			for (int n = 0; n <= 6; n++) /* hex_within's quick reject is exact */
				if (hex_within(ha, hb, n) != (dist <= n))
					fail_msg("hex_within(%04d, %04d, %d) but distance %d", ha, hb, n, dist);
			checked++;
		}
	}
	assert_true(checked > 1000000);
	/* capped: nothing past the cap, the cap itself where farther */
	memset(near, 3, sizeof near);
	near[hex_index(2011)] = 0;
	hex_spread(near, 3);
	assert_int_equal(near[hex_index(2013)], 2);
	assert_int_equal(near[hex_index(2015)], 3);
}

/* DESIGN.md: the five LOS lines of 10.6.7 cross exactly these hexes. */
static void test_lines_of_10_6_7(void **state)
{
	(void)state;
	struct hex_step s[HEX_LINE_MAX];
	int n = hex_line(3309, 3110, s);
	assert_int_equal(n, 3);
	assert_int_equal(s[0].hex, 3309);
	assert_int_equal(s[1].hex, 3210);
	assert_int_equal(s[2].hex, 3110);
	n = hex_line(3423, 3121, s);
	assert_true(line_has(s, n, 3222));
	n = hex_line(3423, 3021, s);
	assert_true(line_has(s, n, 3222));
	n = hex_line(3526, 3225, s);
	assert_true(line_has(s, n, 3426));
	n = hex_line(3820, 3518, s);
	assert_int_equal(n, 4);
	assert_int_equal(s[1].hex, 3719);
	assert_int_equal(s[2].hex, 3619);
	assert_false(s[1].edge);
	n = hex_line(3720, 3518, s);
	assert_true(line_has(s, n, 3620));
	assert_true(line_has(s, n, 3619));
	/* a line along a hexside reports both hexes of that side */
	n = hex_line(1010, 1210, s);
	assert_int_equal(n, 3);
	assert_true(s[1].edge);
	assert_true((s[1].hex == 1109 && s[1].other == 1110) ||
		    (s[1].hex == 1110 && s[1].other == 1109));
	/* and a line through hex centres does not */
	n = hex_line(1010, 1211, s);
	assert_int_equal(n, 3);
	assert_false(s[1].edge);
	assert_int_equal(s[1].hex, 1110);
	/* a line along the north edge never names a hex off the map */
	n = hex_line(2000, 1400, s);
	for (int i = 0; i < n; i++) {
		assert_true(hex_valid(s[i].hex));
		assert_true(!s[i].edge || hex_valid(s[i].other));
	}
	for (int a = 1000; a <= 4244; a += 1) {
		if (!hex_valid(a) || (hex_row(a) != 0 && hex_row(a) < 43 && hex_col(a) != 10 && hex_col(a) != 42))
			continue;
		for (int b = 1000; b <= 4244; b += 7) {
			if (!hex_valid(b))
				continue;
			n = hex_line(a, b, s);
			for (int i = 0; i < n; i++)
				assert_true(hex_valid(s[i].hex) && (!s[i].edge || hex_valid(s[i].other)));
		}
	}
	/* consecutive hexes of a line are adjacent */
	for (int a = 1000; a <= 4200; a += 317) {
		if (!hex_valid(a))
			continue;
		n = hex_line(a, 2622, s);
		for (int i = 1; i < n; i++)
			assert_true(hex_adjacent(s[i - 1].hex, s[i].hex) || s[i - 1].hex == s[i].hex ||
				    (s[i - 1].edge && hex_adjacent(s[i - 1].other, s[i].hex)));
	}
}

/* The line as hex.c drew it before its integer arithmetic: rounding in floating point, both
 * copies nudged by (1, 2, -3) millionths either way. hex_line must cross the same hexes. */
static int ref_cube_round(double fx, double fy, double fz)
{
	double rx = round(fx), ry = round(fy), rz = round(fz);
	double ex = fabs(rx - fx), ey = fabs(ry - fy), ez = fabs(rz - fz);
	if (ex > ey && ex > ez)
		rx = -ry - rz;
	else if (ey > ez)
		ry = -rx - rz;
	else
		rz = -rx - ry;
	int x = (int)rx, z = (int)rz;
	return x * 100 + z + (x - (x & 1)) / 2;
}

static int ref_hex_line(int a, int b, struct hex_step *steps)
{
	int ax, az, bx, bz;
	hex_cube(a, &ax, &az);
	hex_cube(b, &bx, &bz);
	int ay = -ax - az, by = -bx - bz;
	int n = hex_distance(a, b);
	if (n + 1 > HEX_LINE_MAX)
		n = HEX_LINE_MAX - 1;
	const double e1 = 1e-6, e2 = 2e-6, e3 = -3e-6;
	for (int i = 0; i <= n; i++) {
		double t = n ? (double)i / n : 0.0;
		double fx = ax + (bx - ax) * t, fy = ay + (by - ay) * t, fz = az + (bz - az) * t;
		int p = ref_cube_round(fx + e1, fy + e2, fz + e3);
		int q = ref_cube_round(fx - e1, fy - e2, fz - e3);
		if (!hex_valid(p))
			p = q;
		if (!hex_valid(q))
			q = p;
		steps[i].hex = p;
		steps[i].other = (p != q) ? q : HEX_NONE;
		steps[i].edge = p != q;
	}
	return n + 1;
}

static void assert_same_line(int a, int b)
{
	struct hex_step s[HEX_LINE_MAX], r[HEX_LINE_MAX];
	int n = hex_line(a, b, s);
	assert_int_equal(n, ref_hex_line(a, b, r));
	for (int i = 0; i < n; i++) {
		if (s[i].hex != r[i].hex || s[i].other != r[i].other || s[i].edge != r[i].edge)
			fail_msg("hex_line %04d-%04d step %d: %04d/%d, reference %04d/%d", a, b, i,
				 s[i].hex, s[i].other, r[i].hex, r[i].other);
	}
}

/* The integer line against the floating-point one: every pair of hexes up to 21 apart (the
 * ranges of fire and sight, each tie and hexside of them, and every line of hex.c's table
 * of short lines and the first drawn step by step past it), and every hex to and from every
 * 13th hex of the map (the long lines). The whole map, every pair, agreed when it was
 * written (2.2 million lines). */
static void test_line_matches_floating_point(void **state)
{
	(void)state;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int a = hex_from_index(i);
		if (!hex_valid(a))
			continue;
		for (int j = 0; j < HEX_INDEX_COUNT; j++) {
			int b = hex_from_index(j);
			if (hex_valid(b) && (hex_within(a, b, 21) || i % 13 == 0 || j % 13 == 0))
				assert_same_line(a, b);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_validity),
		cmocka_unit_test(test_index_roundtrip),
		cmocka_unit_test(test_neighbours),
		cmocka_unit_test(test_range),
		cmocka_unit_test(test_grid_steps_are_hex_distance),
		cmocka_unit_test(test_lines_of_10_6_7),
		cmocka_unit_test(test_line_matches_floating_point),
	};
	return cmocka_run_group_tests_name("hex", tests, NULL, NULL);
}
