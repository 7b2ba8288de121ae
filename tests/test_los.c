/* test_los.c — artillery line of sight (10.5–10.6): the five examples of 10.6.7 on a small
 * hand-made map holding exactly the facts RECONSTRUCTION.md lists for them, each reading of
 * docs/rules-notes.md ("Line of sight") on its own tiny map built in code, the examples again
 * through the map loader (tests/data/los-map.txt) and on the real data/map.txt, and the
 * `los` command of --batch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"

#include "los.h"

static struct map *M;

/* ---- a map built in code: everything low clear ground unless set -------------------- */

static void map_reset(void)
{
	memset(M, 0, sizeof *M);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		M->hex[i].name = -1;
}

static struct map_hex *at(int id)
{
	int i = hex_index(id);
	assert_true(i >= 0);
	return &M->hex[i];
}

static void set_terrain(int id, enum terrain t)
{
	at(id)->terrain = (uint8_t)t;
}

static void set_side(int a, int b, unsigned bits)
{
	int d = hex_direction(a, b), e = hex_direction(b, a);
	assert_true(d >= 0 && e >= 0);
	at(a)->side[d] |= (uint16_t)bits;
	at(b)->side[e] |= (uint16_t)bits;
}

/* Make a hex high ground, with a slope on every side it shares with low ground (10.5B). */
static void set_high(int id)
{
	at(id)->high = true;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(id, (enum hex_dir)d);
		if (n == HEX_NONE)
			continue;
		int e = hex_direction(n, id);
		if (at(n)->high) {
			at(id)->side[d] &= (uint16_t)~SIDE_SLOPE;
			at(n)->side[e] &= (uint16_t)~SIDE_SLOPE;
		} else {
			at(id)->side[d] |= SIDE_SLOPE;
			at(n)->side[e] |= SIDE_SLOPE;
		}
	}
}

static int setup(void **state)
{
	(void)state;
	M = malloc(sizeof *M);
	return M ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(M);
	return 0;
}

static void expect_los(const struct map *m, int from, int to, bool clear, int block_hex)
{
	struct los_result r;
	bool got = los_trace(m, from, to, &r);
	if (got != clear || los_clear(m, from, to) != clear)
		fail_msg("LOS %04d -> %04d: got %s (%s), want %s", from, to,
			 got ? "clear" : "blocked", r.why, clear ? "clear" : "blocked");
	if (!clear && block_hex != HEX_NONE && r.hex != block_hex && r.other != block_hex)
		fail_msg("LOS %04d -> %04d: blocked by %s, want %04d", from, to, r.why, block_hex);
}

/* Both directions: line of sight is reciprocal. */
static void expect_both(const struct map *m, int a, int b, bool clear, int block_hex)
{
	expect_los(m, a, b, clear, block_hex);
	expect_los(m, b, a, clear, block_hex);
}

/* ---- 10.6.7 ---------------------------------------------------------------------------- */

/* The facts of RECONSTRUCTION.md for 10.6.7: 3210, 3222 and 3426 woods; 3526, 3719 and 3418
 * high ground (3619/3719 a slope, 3719 the high side); the rest low. */
static void build_example_map(void)
{
	map_reset();
	set_terrain(3210, TERRAIN_WOODS);
	set_terrain(3222, TERRAIN_WOODS);
	set_terrain(3426, TERRAIN_WOODS);
	set_high(3526);
	set_high(3719);
	set_high(3418);
}

static void run_examples(const struct map *m)
{
	expect_both(m, 3309, 3110, false, 3210);  /* A */
	expect_both(m, 3423, 3121, false, 3222);  /* B */
	expect_both(m, 3423, 3021, false, 3222);  /* B */
	expect_both(m, 3526, 3225, true, HEX_NONE);  /* C: 3526 is high ground */
	expect_both(m, 3820, 3518, false, 3719);  /* D: the slope 3619/3719 */
	expect_both(m, 3820, 3418, true, HEX_NONE);  /* D: 3418 is high ground */
	expect_both(m, 3720, 3518, true, HEX_NONE);  /* E */
}

static void test_examples_10_6_7(void **state)
{
	(void)state;
	build_example_map();
	assert_true(at(3719)->side[hex_direction(3719, 3619)] & SIDE_SLOPE);
	run_examples(M);
	struct los_result r;
	assert_false(los_trace(M, 3309, 3110, &r));
	assert_int_equal(r.block, LOS_BLOCKED_HEX);
	assert_string_equal(r.why, "10.6.1A: woods in 3210");
	assert_false(los_trace(M, 3820, 3518, &r));
	assert_string_equal(r.why, "10.6.1A: high ground in 3719");
	assert_true(los_trace(M, 3720, 3518, &r));
	assert_string_equal(r.why, "clear");
}

/* The same facts written as a map file (tests/data/los-map.txt) through the map loader, with
 * its slopes derived from the elevation and a crest read from a side record. */
static void test_examples_on_test_map_file(void **state)
{
	(void)state;
	struct map *m = fx_map_load("tests/data/los-map.txt");
	run_examples(m);
	expect_both(m, 2010, 2014, false, 2011);  /* 10.6.2B: crest 2011/2012 */
	expect_both(m, 2011, 2014, true, HEX_NONE); /* a side of the high unit's hex */
	free(m);
}

/* The real map must hold the same five facts. */
static void test_examples_on_data_map(void **state)
{
	(void)state;
	struct map *m = fx_map_load("data/map.txt");
	run_examples(m);
	free(m);
}

/* ---- the readings (docs/rules-notes.md, "Line of sight") -------------------------------- */

/* 10.6.1: low–low is blocked by woods, orchard, town and high ground between; cornfields and
 * clear never block, nor a low hex that merely borders a slope (10.6.7E). */
static void test_low_low(void **state)
{
	(void)state;
	static const enum terrain blocks[] = { TERRAIN_WOODS, TERRAIN_ORCHARD, TERRAIN_TOWN };
	for (size_t i = 0; i < 3; i++) {
		map_reset();
		set_terrain(2015, blocks[i]);
		expect_both(M, 2014, 2017, false, 2015);
	}
	map_reset();
	set_terrain(2015, TERRAIN_CORNFIELD);
	expect_both(M, 2014, 2017, true, HEX_NONE);
	map_reset();
	set_high(2115);   /* 2015 borders the slope 2015/2115 but stays low */
	expect_both(M, 2014, 2017, true, HEX_NONE);
	set_high(2015);
	expect_both(M, 2014, 2017, false, 2015);
	/* The end hexes never block (10.6.5 is about whole intervening hexes). */
	map_reset();
	set_terrain(2014, TERRAIN_WOODS);
	set_terrain(2017, TERRAIN_TOWN);
	expect_both(M, 2014, 2017, true, HEX_NONE);
	/* Adjacent hexes and the hex itself: nothing between. */
	map_reset();
	set_high(2015);
	expect_both(M, 2014, 2015, true, HEX_NONE);
	expect_both(M, 2014, 2014, true, HEX_NONE);
}

/* 10.6.2A: woods, orchard or town block high–low only nearer the low end; the midpoint of an
 * even line is nearer neither and does not block. Slopes and plain high ground between never
 * block (10.6.2C). */
static void test_high_low(void **state)
{
	(void)state;
	map_reset();
	set_high(2010);             /* line 2010 2011 2012 2013 2014, 2014 low */
	set_terrain(2013, TERRAIN_WOODS);
	expect_both(M, 2010, 2014, false, 2013);
	map_reset();
	set_high(2010);
	set_terrain(2011, TERRAIN_ORCHARD);
	expect_both(M, 2010, 2014, true, HEX_NONE);
	map_reset();
	set_high(2010);
	set_terrain(2012, TERRAIN_TOWN); /* the middle of a 4-hex line */
	expect_both(M, 2010, 2014, true, HEX_NONE);
	map_reset();
	set_high(2010);
	set_high(2011);
	set_high(2012);             /* slope 2012/2013 crossed, high ground between */
	expect_both(M, 2010, 2014, true, HEX_NONE);
	/* The same woods nearer the low end block whichever end fires. */
	map_reset();
	set_high(2014);
	set_terrain(2011, TERRAIN_WOODS);
	expect_both(M, 2010, 2014, false, 2011);
}

/* 10.6.2B: a crest crossed blocks high–low, except a side of the high unit's hex. */
static void test_crests(void **state)
{
	(void)state;
	map_reset();
	set_high(2010);
	set_high(2011);
	set_side(2011, 2012, SIDE_CREST);
	expect_both(M, 2010, 2014, false, 2011);
	struct los_result r;
	assert_false(los_trace(M, 2010, 2014, &r));
	assert_int_equal(r.block, LOS_BLOCKED_CREST);
	assert_string_equal(r.why, "10.6.2B: crest 2011/2012");
	map_reset();
	set_high(2010);
	set_side(2010, 2011, SIDE_CREST);   /* part of the high unit's hex */
	expect_both(M, 2010, 2014, true, HEX_NONE);
	map_reset();
	set_high(2014);
	set_side(2013, 2014, SIDE_CREST);   /* the high end is the target */
	expect_both(M, 2010, 2014, true, HEX_NONE);
	/* High–high: a crest between blocks, one of either end's hex does not. */
	map_reset();
	set_high(2010);
	set_high(2014);
	set_side(2012, 2013, SIDE_CREST);
	expect_both(M, 2010, 2014, false, 2012);
	map_reset();
	set_high(2010);
	set_high(2014);
	set_side(2013, 2014, SIDE_CREST);
	set_side(2010, 2011, SIDE_CREST);
	expect_both(M, 2010, 2014, true, HEX_NONE);
	/* Low–low: any crest crossed is a high-ground obstacle. */
	map_reset();
	set_side(2012, 2013, SIDE_CREST);
	expect_both(M, 2010, 2014, false, 2012);
}

/* 10.6.3: high–high ignores everything on low ground; woods, orchard and town on high
 * ground block. */
static void test_high_high(void **state)
{
	(void)state;
	map_reset();
	set_high(2010);
	set_high(2014);
	set_terrain(2012, TERRAIN_WOODS);
	set_terrain(2013, TERRAIN_TOWN);
	expect_both(M, 2010, 2014, true, HEX_NONE);
	set_high(2012);
	expect_both(M, 2010, 2014, false, 2012);
	map_reset();
	set_high(2010);
	set_high(2014);
	set_high(2012);             /* clear high ground between: no obstacle */
	expect_both(M, 2010, 2014, true, HEX_NONE);
}

/* 10.6.4: a line exactly along a hexside is blocked only when both hexes block. The line
 * 3010 → 2810 runs along the side 2909/2910. */
static void test_hex_edges(void **state)
{
	(void)state;
	struct hex_step steps[HEX_LINE_MAX];
	assert_int_equal(hex_line(3010, 2810, steps), 3);
	assert_true(steps[1].edge);
	map_reset();
	set_terrain(2909, TERRAIN_WOODS);
	expect_both(M, 3010, 2810, true, HEX_NONE);
	map_reset();
	set_terrain(2910, TERRAIN_ORCHARD);
	expect_both(M, 3010, 2810, true, HEX_NONE);
	set_terrain(2909, TERRAIN_WOODS);
	expect_both(M, 3010, 2810, false, 2909);
	struct los_result r;
	assert_false(los_trace(M, 3010, 2810, &r));
	assert_int_equal(r.block, LOS_BLOCKED_EDGE);
	/* One high hex and one woods hex are both blocking on a low–low line. */
	map_reset();
	set_high(2909);
	set_terrain(2910, TERRAIN_WOODS);
	expect_both(M, 3010, 2810, false, 2910);
	/* A crest meeting the line only at a corner does not block; between two crests does. */
	map_reset();
	set_high(3010);
	set_side(2810, 2909, SIDE_CREST);
	expect_both(M, 3010, 2810, true, HEX_NONE);
	set_side(2810, 2910, SIDE_CREST);
	expect_both(M, 3010, 2810, false, 2810);
}

/* 10.4: the side a target is behind — the one the line enters its hex through; at a corner
 * only what both sides share. */
static void test_target_side(void **state)
{
	(void)state;
	map_reset();
	set_side(2013, 2014, SIDE_SUNKEN | SIDE_SECONDARY);
	assert_int_equal(los_target_side(M, 2010, 2014), SIDE_SUNKEN | SIDE_SECONDARY);
	assert_int_equal(los_target_side(M, 2013, 2014), SIDE_SUNKEN | SIDE_SECONDARY);
	assert_int_equal(los_target_side(M, 2018, 2014), 0);
	assert_int_equal(los_target_side(M, 2014, 2014), 0);
	/* 3010 -> 2810 enters 2810 at the corner of its sides with 2909 and 2910. */
	set_side(2810, 2909, SIDE_CREST);
	assert_int_equal(los_target_side(M, 3010, 2810), 0);
	set_side(2810, 2910, SIDE_CREST | SIDE_RUN);
	assert_int_equal(los_target_side(M, 3010, 2810), SIDE_CREST);
}

/* ---- the `los` command of --batch (PROTOCOL.md) --------------------------------------- */

static void test_batch_los(void **state)
{
	(void)state;
	int rc;
	char *out = fx_program_run("--data data --batch 2>&1",
				   "los 3309 3110\nlos 3526 3225\nlos 3820 3518\n"
				   "los 3820 3418\nlos 3720 3518\nlos 3518 3720\n"
				   "los 3309\nlos 3309 4400\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "= blocked\n\n= clear\n\n= blocked\n\n= clear\n\n"
				 "= clear\n\n= clear\n\n"
				 "? usage: los HEX HEX\n\n"
				 "? '4400' is not a hex on the map\n\n");
	free(out);
}

static void test_invalid(void **state)
{
	(void)state;
	map_reset();
	struct los_result r;
	assert_false(los_trace(M, 3010, 4301, &r));
	assert_int_equal(r.block, LOS_INVALID);
	assert_false(los_clear(M, 999, 3010));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_examples_10_6_7),
		cmocka_unit_test(test_examples_on_test_map_file),
		cmocka_unit_test(test_examples_on_data_map),
		cmocka_unit_test(test_batch_los),
		cmocka_unit_test(test_low_low),
		cmocka_unit_test(test_high_low),
		cmocka_unit_test(test_crests),
		cmocka_unit_test(test_high_high),
		cmocka_unit_test(test_hex_edges),
		cmocka_unit_test(test_target_side),
		cmocka_unit_test(test_invalid),
	};
	return cmocka_run_group_tests_name("los", tests, setup, teardown);
}
