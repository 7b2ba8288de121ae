/* test_map.c — data/map.txt against the rulebook: every fact the rules fix about the map
 * (docs RECONSTRUCTION.md's table), the structure of the creek, roads and hexsides, the
 * loader's refusal of broken files (tests/data/map-*.txt) with the line at fault, and the
 * fixed answer format of the `hex` command. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/cli/cli.h"
#include "hex.h"
#include "map.h"
#include "map_glyph.h"
#include "roster.h"

static struct map *M; /* the shipped map (fixture.h) */

static int setup(void **state)
{
	(void)state;
	M = fx_map_load(FX_REAL_DATA "/map.txt");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(M);
	return 0;
}

static const struct map_hex *H(int id)
{
	const struct map_hex *h = map_hex(M, id);
	if (!h)
		fail_msg("hex %04d is not on the map", id);
	return h;
}

static void assert_terrain(int id, enum terrain t)
{
	if (H(id)->terrain != t)
		fail_msg("hex %04d is %s, want %s", id, map_terrain_name((enum terrain)H(id)->terrain),
			 map_terrain_name(t));
}

static void assert_high(int id, bool high)
{
	if (H(id)->high != high)
		fail_msg("hex %04d should be %s ground", id, high ? "high" : "low");
}

static const struct map_objective *objective(const char *key)
{
	const struct map_objective *o = map_objective(M, key);
	if (!o)
		fail_msg("no objective '%s'", key);
	return o;
}

static void assert_objective_exactly(const char *key, const int *hexes, int n)
{
	const struct map_objective *o = objective(key);
	assert_int_equal(o->nhexes, n);
	for (int i = 0; i < n; i++)
		if (!map_in_objective(o, hexes[i]))
			fail_msg("objective %s lacks %04d", key, hexes[i]);
}

static void assert_objective_has(const char *key, int id)
{
	if (!map_in_objective(objective(key), id))
		fail_msg("objective %s lacks %04d", key, id);
}

/* ------------------------------------------------------------------ banks of the creek */

static bool west[HEX_INDEX_COUNT];

/* Some hexside of hex id has one of the feature bits. */
static bool some_side(int id, unsigned bits)
{
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(id, (enum hex_dir)d);
		if (n != HEX_NONE && (map_side(M, id, n) & bits))
			return true;
	}
	return false;
}

static bool on_west_bank(int id)
{
	static bool done;
	if (!done) {
		fx_map_bank(M, 1010, west);
		done = true;
	}
	return west[hex_index(id)];
}

/* 4.3: the historical set-up of the Union corps east of the creek (II, V, IX). */
static const int union_east_setup[] = {
	4117, 4118, 4119, 4021, 4017, 4213, 4113, 4114, 4115, 4014, 4214, 4215, 4216, 4116,
	4121, 4221, 4222, 4023, 3924, 3926, 4122, 3925,
	3934, 3935, 3633, 3733, 3334, 3336, 3736, 3735,
};
#define N_UNION_EAST (sizeof union_east_setup / sizeof union_east_setup[0])

static const char *const confederate_zones[] = { "Ja", "Ew", "DH", "Cav", "Res", "I", "Evn",
						 "Hd", "Jo", "Wa", "McL", "And" };
#define N_CONF_ZONES (sizeof confederate_zones / sizeof confederate_zones[0])

/* ------------------------------------------------------------------ rulebook facts */

/* 2.1D: the Dunker Church is 1916. */
static void test_dunker_church(void **state)
{
	(void)state;
	assert_string_equal(map_hex_name(M, 1916), "Dunker Church");
	static const int church[] = { 1916 };
	assert_objective_exactly("dunker-church", church, 1);
}

/* 3.2: the objective hexes of the victory table and its footnotes. */
static void test_victory_objectives(void **state)
{
	(void)state;
	static const int nicodemus[] = { 1008, 1009, 1010, 1108, 1109 };
	assert_objective_exactly("nicodemus-hill", nicodemus, 5);
	assert_objective_has("miller-cornfield", 1911);
	assert_objective_has("west-wood", 1716);
	assert_objective_has("north-wood", 1707);
	assert_objective_has("east-wood", 2413);
	assert_objective_has("sunken-road", 2520);
	static const int h1943[] = { 1943 };
	assert_objective_exactly("hex-1943", h1943, 1);
	static const int bridge[] = { 2836, 2935 };
	assert_objective_exactly("lower-bridge", bridge, 2);
	static const int middle[] = { 3324 };
	assert_objective_exactly("middle-bridge", middle, 1);
	static const int h1032[] = { 1032 };
	assert_objective_exactly("hex-1032", h1032, 1);
	/* The woods objectives are woods, the cornfield a cornfield. */
	static const char *const woods[] = { "west-wood", "north-wood", "east-wood" };
	for (int w = 0; w < 3; w++) {
		const struct map_objective *o = objective(woods[w]);
		for (int i = 0; i < o->nhexes; i++)
			assert_terrain(o->hexes[i], TERRAIN_WOODS);
	}
	const struct map_objective *corn = objective("miller-cornfield");
	for (int i = 0; i < corn->nhexes; i++)
		assert_terrain(corn->hexes[i], TERRAIN_CORNFIELD);
}

/* 3.2 fn 2: Sharpsburg's VP hexes are town hexes, flagged town_vp, and only they. */
static void test_sharpsburg(void **state)
{
	(void)state;
	const struct map_objective *o = objective("sharpsburg");
	assert_true(o->nhexes >= 6);
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		assert_int_equal(H(id)->town_vp, map_in_objective(o, id));
		if (H(id)->town_vp)
			assert_terrain(id, TERRAIN_TOWN);
	}
}

/* True when a and b are joined by a road hexside. */
static bool road_between(int a, int b)
{
	return (map_side(M, a, b) & (SIDE_PRIMARY | SIDE_SECONDARY)) != 0;
}

/* The objective's hexes in order form a road path (consecutive hexes joined by road). */
static void assert_road_path(const char *key)
{
	const struct map_objective *o = objective(key);
	for (int i = 0; i + 1 < o->nhexes; i++)
		if (!road_between(o->hexes[i], o->hexes[i + 1]))
			fail_msg("%s: no road between %04d and %04d", key, o->hexes[i], o->hexes[i + 1]);
}

/* True when some road hexside joins id to a Sharpsburg VP hex. */
static bool road_to_town(int id)
{
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(id, (enum hex_dir)d);
		if (n != HEX_NONE && H(n)->town_vp && road_between(id, n))
			return true;
	}
	return false;
}

/* 19.0, 3.2 fn 3: the Harpers Ferry Road 1831-1943, the Hagerstown Road from the church to
 * Sharpsburg and the road from 1032 to Sharpsburg are road paths ending in town. */
static void test_roads_of_the_objectives(void **state)
{
	(void)state;
	const struct map_objective *hfr = objective("harpers-ferry-road");
	assert_int_equal(hfr->hexes[0], 1831);
	assert_int_equal(hfr->hexes[hfr->nhexes - 1], 1943);
	assert_road_path("harpers-ferry-road");
	assert_true(road_to_town(1831));

	const struct map_objective *hag = objective("hagerstown-road");
	assert_true(road_between(1916, hag->hexes[0]));
	assert_road_path("hagerstown-road");
	assert_true(road_to_town(hag->hexes[hag->nhexes - 1]));

	const struct map_objective *r = objective("road-1032");
	assert_int_equal(r->hexes[0], 1032);
	assert_road_path("road-1032");
	assert_true(road_to_town(r->hexes[r->nhexes - 1]));
	assert_int_equal(hex_col(1032), HEX_COL_MIN); /* the west edge: the line of retreat */
}

/* 3.2 fn 4, 8.7.6: the Lower Bridge is the hexside 2836/2935; the Middle Bridge at 3324. */
static void test_bridges(void **state)
{
	(void)state;
	unsigned f = map_side(M, 2836, 2935);
	assert_true(f & SIDE_CREEK);
	assert_true(f & SIDE_BRIDGE);
	assert_true(some_side(3324, SIDE_BRIDGE)); /* the Middle Bridge */
	/* Three bridges (Upper, Middle, Lower) and fords (Pry's, Snavely's, ...). */
	int bridges = 0, fords = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(id, (enum hex_dir)d);
			if (n == HEX_NONE || n < id)
				continue;
			bridges += (map_side(M, id, n) & SIDE_BRIDGE) != 0;
			fords += (map_side(M, id, n) & SIDE_FORD) != 0;
		}
	}
	assert_int_equal(bridges, 3);
	assert_true(fords >= 2);
}

/* 8.8.3: the Sunken Road is 2319..2721, a secondary road, and its hexes only are flagged. */
static void test_sunken_road(void **state)
{
	(void)state;
	const struct map_objective *o = objective("sunken-road");
	assert_int_equal(o->hexes[0], 2319);
	assert_int_equal(o->hexes[o->nhexes - 1], 2721);
	for (int i = 0; i + 1 < o->nhexes; i++)
		assert_true(map_side(M, o->hexes[i], o->hexes[i + 1]) & SIDE_SECONDARY);
	int flagged = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (hex_valid(id) && H(id)->sunken_road) {
			flagged++;
			assert_true(map_in_objective(o, id));
		}
	}
	assert_int_equal(flagged, o->nhexes);
	/* 11.14B: a side towards a non-Sunken Road hex is protected, one along the lane is not. */
	assert_true(map_side(M, 2520, 2519) & SIDE_SUNKEN);
	assert_false(map_side(M, 2520, 2420) & SIDE_SUNKEN);
}

/* 10.5B: 1108, 1916 and 2540 are high ground. */
static void test_high_ground_examples(void **state)
{
	(void)state;
	assert_high(1108, true);
	assert_high(1916, true);
	assert_high(2540, true);
}

/* 10.6.7: the hexes of the LOS examples. */
static void test_los_example_terrain(void **state)
{
	(void)state;
	assert_terrain(3210, TERRAIN_WOODS);
	assert_terrain(3222, TERRAIN_WOODS);
	assert_terrain(3426, TERRAIN_WOODS);
	assert_high(3526, true);
	assert_high(3418, true);
	assert_high(3719, true);
	static const int low[] = { 3820, 3720, 3620, 3619, 3518, 3309, 3110, 3423, 3121, 3021, 3225 };
	for (size_t i = 0; i < sizeof low / sizeof low[0]; i++)
		assert_high(low[i], false);
	assert_true(map_side(M, 3619, 3719) & SIDE_SLOPE);
}

/* A small LOS judge (10.6.1-10.6.4, with docs/rules-notes.md's reading of 10.6.1A: an
 * intervening high hex blocks a low-to-low line, a low hex bordering a slope does not), enough
 * to show that the map makes the five examples of 10.6.7 come out as printed. */
static bool obstacle(int id)
{
	int t = H(id)->terrain;
	return t == TERRAIN_WOODS || t == TERRAIN_ORCHARD || t == TERRAIN_TOWN;
}

static bool step_blocks(const struct hex_step *s, bool (*blocks)(int, int, int), int a, int b)
{
	if (s->edge) /* 10.6.4: along an edge, blocked only between two blocking hexes */
		return blocks(s->hex, a, b) && blocks(s->other, a, b);
	return blocks(s->hex, a, b);
}

static bool block_low_low(int id, int a, int b)
{
	(void)a, (void)b;
	return obstacle(id) || H(id)->high;
}

static bool block_high_low(int id, int a, int b)
{
	int low = H(a)->high ? b : a, high = H(a)->high ? a : b;
	return obstacle(id) && hex_distance(id, low) < hex_distance(id, high);
}

static bool block_high_high(int id, int a, int b)
{
	(void)a, (void)b;
	return H(id)->high && obstacle(id);
}

static bool los_clear(int a, int b)
{
	struct hex_step s[HEX_LINE_MAX];
	int n = hex_line(a, b, s);
	bool ha = H(a)->high, hb = H(b)->high;
	bool (*blocks)(int, int, int) = ha && hb ? block_high_high
				       : ha || hb ? block_high_low : block_low_low;
	for (int i = 1; i < n - 1; i++)
		if (step_blocks(&s[i], blocks, a, b))
			return false;
	if (ha != hb) { /* 10.6.2B: crests, except one of the high unit's hex */
		int high = ha ? a : b;
		for (int i = 0; i + 1 < n; i++) {
			if (s[i].edge || s[i + 1].edge)
				continue;
			int x = s[i].hex, y = s[i + 1].hex;
			if (x != high && y != high && (map_side(M, x, y) & SIDE_CREST))
				return false;
		}
	}
	return true;
}

static bool line_passes(int a, int b, int via)
{
	struct hex_step s[HEX_LINE_MAX];
	int n = hex_line(a, b, s);
	for (int i = 0; i < n; i++)
		if (s[i].hex == via || (s[i].edge && s[i].other == via))
			return true;
	return false;
}

static void test_los_examples(void **state)
{
	(void)state;
	/* A */
	assert_true(line_passes(3309, 3110, 3210));
	assert_false(los_clear(3309, 3110));
	/* B */
	assert_true(line_passes(3423, 3121, 3222));
	assert_true(line_passes(3423, 3021, 3222));
	assert_false(los_clear(3423, 3121));
	assert_false(los_clear(3423, 3021));
	/* C */
	assert_true(line_passes(3526, 3225, 3426));
	assert_true(los_clear(3526, 3225));
	/* D */
	assert_true(line_passes(3820, 3518, 3719));
	assert_false(los_clear(3820, 3518));
	assert_true(los_clear(3820, 3418));
	/* E */
	assert_true(line_passes(3720, 3518, 3619));
	assert_true(los_clear(3720, 3518));
}

/* ------------------------------------------------------------------ the ground (issue 17)
 * Not rulebook facts: the relief rebuilt from the accounts (docs/provenance-map.md,
 * "Elevation"), pinned so that an edit that flattens it again fails. */

/* The high hexes reachable from `from` through high hexes only. */
static void high_region(int from, bool *in)
{
	memset(in, 0, HEX_INDEX_COUNT * sizeof *in);
	int queue[HEX_INDEX_COUNT], head = 0, tail = 0;
	if (!H(from)->high)
		fail_msg("hex %04d is not high ground", from);
	in[hex_index(from)] = true;
	queue[tail++] = from;
	while (head < tail) {
		int h = queue[head++];
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && H(n)->high && !in[hex_index(n)]) {
				in[hex_index(n)] = true;
				queue[tail++] = n;
			}
		}
	}
}

static void assert_name(int id, const char *want)
{
	const char *name = map_hex_name(M, id);
	if (!name || strcmp(name, want) != 0)
		fail_msg("hex %04d is named '%s', want '%s'", id, name ? name : "(none)", want);
}

static int high_neighbours(int id)
{
	int k = 0;
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(id, (enum hex_dir)d);
		k += n != HEX_NONE && H(n)->high;
	}
	return k;
}

/* Ridges have width: no high hex stands alone or in a one-hex string (every high hex has at
 * least two high neighbours), and the map has real relief (more than a sixth of it high). */
static void test_ridges_have_width(void **state)
{
	(void)state;
	int high = 0, all = 0;
	for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
		for (int id = c * 100; id <= c * 100 + HEX_ROW_MAX; id++) {
			if (!hex_valid(id))
				continue;
			all++;
			if (!H(id)->high)
				continue;
			high++;
			if (high_neighbours(id) < 2)
				fail_msg("high hex %04d has %d high neighbours: a ridge needs width", id,
					 high_neighbours(id));
		}
	assert_true(high * 6 > all);
}

/* The Sunken Road lies in a fold: the lane is low, the ground rises north of it (the ridge
 * the Union came over, with its crest) and south of it toward the Piper farm, so its
 * defenders never get 11.14A's high-ground DRM, from either side. */
static void test_sunken_road_fold(void **state)
{
	(void)state;
	static const int lane[] = { 2319, 2420, 2520, 2621, 2721 };
	static const int north[] = { 2318, 2419, 2519, 2620, 2720 };
	static const int south[] = { 2320, 2421, 2521, 2622 };
	for (int i = 0; i < 5; i++) {
		assert_high(lane[i], false);
		assert_high(north[i], true);
		assert_true(map_side(M, north[i], lane[i]) & SIDE_CREST);
	}
	for (int i = 0; i < 4; i++)
		assert_high(south[i], true);
	assert_high(2121, true); /* the Piper farm */
}

/* The Sharpsburg ridge: the Hagerstown Pike from the church to the town runs on high ground
 * at least two hexes wide, joined to the church plateau and to Cemetery Hill. */
static void test_sharpsburg_ridge(void **state)
{
	(void)state;
	const struct map_objective *pike = objective("hagerstown-road");
	static bool ridge[HEX_INDEX_COUNT];
	high_region(1916, ridge);
	for (int i = 0; i < pike->nhexes; i++) {
		int h = pike->hexes[i];
		assert_high(h, true);
		assert_true(ridge[hex_index(h)]);
		bool wide = false;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			wide |= n != HEX_NONE && H(n)->high && !map_in_objective(pike, n);
		}
		if (!wide)
			fail_msg("the pike's hex %04d is a one-hex ridge", h);
	}
	assert_true(ridge[hex_index(2127)]); /* Cemetery Hill (4.2D: Evans) */
}

/* The Harpers Ferry Road heights: the road south of the town runs on high ground, and the hex
 * named for that ridge (2443, a 15.6C objective) is on it, as are the heights above
 * Snavely's Ford (10.5B: 2540) and D.R. Jones' ridge (the final attack, 2433). */
static void test_harpers_ferry_road_heights(void **state)
{
	(void)state;
	const struct map_objective *hfr = objective("harpers-ferry-road");
	static bool ridge[HEX_INDEX_COUNT];
	high_region(1943, ridge);
	for (int i = 1; i < hfr->nhexes; i++) /* 1831 is the town's edge */
		if (!ridge[hex_index(hfr->hexes[i])])
			fail_msg("the Harpers Ferry Road's hex %04d is off the heights", hfr->hexes[i]);
	assert_name(2443, "Harpers Ferry Road ridge");
	assert_true(ridge[hex_index(2443)]);
	assert_true(ridge[hex_index(2540)]);
	assert_true(ridge[hex_index(2433)]);
}

/* Hauser Ridge runs south from Nicodemus Heights through the Hauser farm to Reel Ridge, two
 * to four hexes wide along its length. */
static void test_hauser_ridge(void **state)
{
	(void)state;
	static bool ridge[HEX_INDEX_COUNT];
	high_region(1108, ridge);
	assert_name(1016, "Hauser farm");
	assert_true(ridge[hex_index(1016)]);
	assert_true(ridge[hex_index(1523)]); /* Reel Ridge */
	for (int r = 11; r <= 18; r++) {
		int wide = 0;
		for (int c = 10; c <= 13; c++)
			wide += H(c * 100 + r)->high;
		if (wide < 2 || wide > 4)
			fail_msg("Hauser Ridge is %d hexes wide in row %02d", wide, r);
	}
}

/* The creek's bluffs at the Lower Bridge: the Georgians' wooded bluff right over the bridge
 * on the west bank; on the east bank the hills the IX Corps lay behind, either side of an
 * open approach (the road down to the bridge stays low). */
static void test_lower_bridge_bluffs(void **state)
{
	(void)state;
	assert_high(2835, true);
	assert_terrain(2835, TERRAIN_WOODS);
	assert_true(map_side(M, 2835, 2836) & SIDE_SLOPE); /* the bridge lies under the bluff */
	static const int approach[] = { 2935, 3034, 3133, 3234, 3333 };
	for (int i = 0; i < 5; i++) {
		assert_false(on_west_bank(approach[i]));
		assert_high(approach[i], false);
		assert_true(some_side(approach[i], SIDE_SECONDARY)); /* the Rohrersville road */
	}
	static const int hills[] = { 3131, 3132, 3231, 3135, 3136, 3235 };
	for (int i = 0; i < 6; i++) {
		assert_false(on_west_bank(hills[i]));
		assert_high(hills[i], true);
	}
}

/* The woods by the pike: the North Woods were about 19 acres (issue 28's historian; a hex is
 * about 11.2 acres at 250 yards across its flats), so two hexes: the north-edge tablet's 1707
 * (3.2: "around 1707") and the pike hex 1708 beside it (Henderson: the wood "extended across
 * the pike"), with the Joseph Poffenberger farm north of it in the open; the North Wood
 * objective is exactly the wood. The West Woods reach the pike (the Starke cannon, 1815). */
static void test_woods_and_the_pike(void **state)
{
	(void)state;
	assert_terrain(1707, TERRAIN_WOODS);
	assert_terrain(1708, TERRAIN_WOODS);
	assert_true(some_side(1708, SIDE_PRIMARY));
	static const int open[] = { 1607, 1608, 1706, 1806, 1807, 1808, 1907 };
	for (size_t i = 0; i < sizeof open / sizeof *open; i++)
		assert_terrain(open[i], TERRAIN_CLEAR);
	const struct map_objective *o = objective("north-wood");
	assert_int_equal(o->nhexes, 2);
	assert_true(map_in_objective(o, 1707) && map_in_objective(o, 1708));
	assert_terrain(1815, TERRAIN_WOODS);
	assert_true(hex_adjacent(1815, 1914) && (map_side(M, 1914, 1915) & SIDE_PRIMARY));
	assert_name(1806, "Joseph Poffenberger farm");
}

/* 11.14B with RECONSTRUCTION.md's decided reading: the Sunken Road's protected sides face north
 * and east only. Every lane hex has its north side protected; no protected side faces south or
 * south-west (the Union came from the north and north-east; None but Heroes 1.1a), and none
 * lies between two lane hexes. */
static void test_sunken_road_faces_north_and_east(void **state)
{
	(void)state;
	static const int lane[] = { 2319, 2420, 2520, 2621, 2721 };
	int protected = 0;
	for (int i = 0; i < 5; i++) {
		assert_true(map_side(M, lane[i], hex_neighbour(lane[i], HEX_N)) & SIDE_SUNKEN);
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(lane[i], (enum hex_dir)d);
			if (n == HEX_NONE || !(map_side(M, lane[i], n) & SIDE_SUNKEN))
				continue;
			protected++;
			if (d == HEX_S || d == HEX_SW)
				fail_msg("the Sunken Road's side %04d/%04d faces south or south-west", lane[i], n);
			assert_false(H(n)->sunken_road);
		}
	}
	assert_int_equal(protected, 12);
}

/* The historian's corrections to the ground (docs/provenance-map.md, "Corrections of issue
 * 28"): the Piper farm hill north of the Boonsboro Pike opposite Cemetery Hill; 3222 low woods,
 * so the 20-pdr battery on the V Corps ridge (3925) sees the Dunker Church plateau S.D. Lee
 * says was enfiladed from across the creek; the bluff below the Lower Bridge and the wooded
 * hill in the creek's bend high on the west bank; the Cornfield's undulation as crest sides
 * across the corn (None but Heroes 1.1h: its LOS came "from the lay of the ground", recorded
 * as crests), on low ground, so they block artillery's high-to-low lines (10.6.2B) and give
 * fire's crest DRM (10.4) without 11.14A's high-ground DRM or a crossing cost (8.7.4C). */
static void test_ground_corrections(void **state)
{
	(void)state;
	static const int piper[] = { 2023, 2024, 2025, 2123, 2124, 2125, 2223, 2224, 2225, 2323, 2324 };
	for (size_t i = 0; i < sizeof piper / sizeof *piper; i++)
		assert_high(piper[i], true);
	assert_terrain(3222, TERRAIN_WOODS);
	assert_high(3222, false);
	static const int bluff[] = { 2835, 2936, 2937, 2938, 3039, 3040, 3041 };
	for (size_t i = 0; i < sizeof bluff / sizeof *bluff; i++) {
		assert_high(bluff[i], true);
		assert_true(on_west_bank(bluff[i]));
	}
	assert_high(2836, false); /* the bridge's west end lies under the bluff */
	static const int corn[] = { 1811, 1812, 1911, 1912, 2011, 2012, 2111 };
	int crests = 0;
	for (size_t i = 0; i < sizeof corn / sizeof *corn; i++) {
		assert_terrain(corn[i], TERRAIN_CORNFIELD);
		assert_high(corn[i], false);
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(corn[i], (enum hex_dir)d);
			crests += n != HEX_NONE && (map_side(M, corn[i], n) & SIDE_CREST);
		}
	}
	assert_true(crests >= 2 * 4); /* each crest side counted from both of its corn hexes */
}

/* 15.6C: the IX Corps objective hexes: the Lower Bridge's west end, a hex at Snavely's
 * Ford and a hex beyond, all across the creek from IX Corps' set-up. */
static void test_ix_corps_objectives(void **state)
{
	(void)state;
	static const int obj[] = { 2836, 2443, 2942 };
	for (int i = 0; i < 3; i++)
		assert_true(on_west_bank(obj[i]));
	assert_false(on_west_bank(3334));
	assert_true(some_side(2942, SIDE_FORD));
}

/* 9.2A, 9.3B: the entry edges, exactly. */
static void test_entry_edges(void **state)
{
	(void)state;
	assert_int_equal(M->n_ap_hill_edge, 14);
	for (int c = 10, i = 0; c <= 23; c++, i++) {
		int id = c * 100 + ((c & 1) ? 43 : 44);
		assert_int_equal(M->ap_hill_edge[i], id);
		assert_true(on_west_bank(id));
	}
	assert_int_equal(M->n_vi_corps_edge, 15);
	for (int r = 10, i = 0; r <= 24; r++, i++) {
		assert_int_equal(M->vi_corps_edge[i], 4200 + r);
		assert_false(on_west_bank(4200 + r));
	}
}

/* 4.3 (Union historical set-up) inside 4.2A's zones, with room for 7.0's stacking. */
static const struct { const char *corps; int n; int hexes[16]; } union_setup[] = {
	{ "I", 13, { 1803, 1604, 1605, 1804, 1605, 2306, 2305, 2307, 2208, 2209, 2007, 1706, 1906 } },
	{ "II", 15, { 4117, 4118, 4119, 4021, 4017, 4213, 4113, 4114, 4115, 4014, 4214, 4215, 4216,
		      4116, 4214 } },
	{ "XII", 9, { 2900, 3001, 3000, 3100, 3101, 3202, 3201, 2800, 2801 } },
	{ "V", 10, { 4121, 4221, 4222, 4023, 3924, 3926, 4122, 3925, 4121, 3924 } },
	{ "IX", 13, { 3934, 3934, 3935, 3935, 3633, 3733, 3633, 3334, 3336, 3334, 3736, 3735, 3736 } },
};

static void test_union_setup_zones(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof union_setup / sizeof union_setup[0]; c++) {
		const struct map_zone *z = map_zone_side(M, false, union_setup[c].corps);
		if (!z)
			fail_msg("no zone for %s Corps", union_setup[c].corps);
		for (int i = 0; i < union_setup[c].n; i++) {
			if (!map_in_zone(z, union_setup[c].hexes[i]))
				fail_msg("%s Corps zone lacks its 4.3 hex %04d", z->formation,
					 union_setup[c].hexes[i]);
		}
		/* 7.0: one infantry and one artillery unit a hex, so a zone of n hexes holds
		 * every unit of a formation of at most n infantry units. */
		assert_true(z->nhexes >= union_setup[c].n);
	}
}

static void test_confederate_setup_zones(void **state)
{
	(void)state;
	static const int ja[] = { 1714, 1614, 1814, 1815 };
	const struct map_zone *z = map_zone_side(M, true, "Ja");
	assert_non_null(z);
	for (int i = 0; i < 4; i++)
		assert_true(map_in_zone(z, ja[i]));
	/* 4.2D: Evans in 2127. */
	z = map_zone_side(M, true, "Evn");
	assert_non_null(z);
	assert_int_equal(z->nhexes, 1);
	assert_int_equal(z->hexes[0], 2127);
	/* The Confederate corps artillery "I" is not the Union I Corps. */
	assert_ptr_not_equal(map_zone_side(M, true, "I"), map_zone_side(M, false, "I"));
	assert_ptr_equal(map_zone(M, "I"), map_zone_side(M, false, "I"));
	for (size_t k = 0; k < N_CONF_ZONES; k++) {
		z = map_zone_side(M, true, confederate_zones[k]);
		if (!z)
			fail_msg("no zone for %s", confederate_zones[k]);
		for (int i = 0; i < z->nhexes; i++) {
			/* 4.6: nothing within two hexes of the Middle Bridge. */
			if (hex_distance(z->hexes[i], 3324) <= 2)
				fail_msg("%s zone hex %04d within 2 of 3324", z->formation, z->hexes[i]);
			/* 8.7.6: all west of the creek. */
			if (!on_west_bank(z->hexes[i]))
				fail_msg("%s zone hex %04d east of the creek", z->formation, z->hexes[i]);
		}
	}
	/* 4.2C: Res and I may set up with any Confederate infantry. */
	const struct map_zone *res = map_zone_side(M, true, "Res");
	for (size_t k = 0; k < N_CONF_ZONES; k++) {
		z = map_zone_side(M, true, confederate_zones[k]);
		for (int i = 0; i < z->nhexes; i++)
			assert_true(map_in_zone(res, z->hexes[i]));
	}
}

/* 4.2A, 4.3: every unit's historical set-up hex (data/setup-historical.txt) lies in the
 * quick set-up zone of its corps or division, so the historical set-up is also a legal quick
 * one and the zones sit where the armies stood at dawn. */
static void test_historical_setup_in_zones(void **state)
{
	(void)state;
	static struct roster r;
	char err[512] = "";
	if (!roster_load(&r, "data/units.txt", "data/setup-historical.txt", err, sizeof err))
		fail_msg("%s", err);
	int placed = 0;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		int h = r.historical_hex[i];
		if (h == HEX_NONE)
			continue;
		bool confederate = r.unit[i].side == SIDE_CONFEDERATE;
		const struct map_zone *z = map_zone_side(M, confederate, r.unit[i].formation);
		if (!z)
			fail_msg("%s: no zone for formation %s", r.unit[i].id, r.unit[i].formation);
		if (!map_in_zone(z, h))
			fail_msg("%s (%s) sets up in %04d, outside its zone", r.unit[i].id,
				 r.unit[i].formation, h);
		placed++;
	}
	assert_int_equal(placed, ROSTER_UNITS - 9 - 6); /* 4.1B: VI Corps and A.P. Hill enter later */
	/* 7.0: each zone has a hex for every infantry unit of its formation that sets up. */
	for (int k = 0; k < M->nzones; k++) {
		const struct map_zone *z = &M->zone[k];
		int infantry = 0;
		for (int i = 0; i < ROSTER_UNITS; i++)
			if (r.historical_hex[i] != HEX_NONE && r.unit[i].type == UNIT_INFANTRY &&
			    (r.unit[i].side == SIDE_CONFEDERATE) == z->confederate &&
			    !strcmp(r.unit[i].formation, z->formation))
				infantry++;
		if (z->nhexes < infantry)
			fail_msg("zone %s: %d hexes for %d infantry units", z->formation, z->nhexes,
				 infantry);
	}
}

/* ------------------------------------------------------------------ structure */

/* 8.7.6: the creek separates every Union east-bank set-up hex from every Confederate zone. */
static void test_creek_separates(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_UNION_EAST; i++)
		if (on_west_bank(union_east_setup[i]))
			fail_msg("Union set-up hex %04d is on the Confederate bank", union_east_setup[i]);
	/* Exactly two banks: everything not west is reachable from one east hex. */
	assert_true(on_west_bank(1010));
	static bool east[HEX_INDEX_COUNT];
	fx_map_bank(M, 4117, east);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		if (hex_valid(hex_from_index(i)))
			assert_true(east[i] != west[i]);
}

/* Corner k (0 = east, counter-clockwise... any fixed order) of a hex, in doubled units so
 * shared corners compare equal as integers. */
static void corner(int id, int k, long *x, long *y)
{
	double cx, cy;
	hex_centre(id, &cx, &cy);
	static const double dx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double dy[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254 };
	/* hex_centre puts adjacent centres 1 apart: the corner radius is 1/sqrt(3). */
	double r = 0.57735027;
	*x = lround((cx + dx[k] * r) * 1000);
	*y = lround((cy + dy[k] * r) * 1000);
}

struct vertex {
	long x, y;
	int degree;
	int hexes; /* map hexes that have this corner */
};

static int find_vertex(struct vertex *v, int *nv, long x, long y)
{
	for (int i = 0; i < *nv; i++)
		if (labs(v[i].x - x) <= 2 && labs(v[i].y - y) <= 2)
			return i;
	v[*nv] = (struct vertex){ x, y, 0, 0 };
	return (*nv)++;
}

/* The two corners shared by a and its neighbour b. */
static void side_ends(int a, int b, long e[2][2])
{
	long bx[6], by[6];
	int found = 0;
	for (int k = 0; k < 6; k++)
		corner(b, k, &bx[k], &by[k]);
	for (int k = 0; k < 6 && found < 2; k++) {
		long x, y;
		corner(a, k, &x, &y);
		for (int j = 0; j < 6; j++)
			if (labs(bx[j] - x) <= 2 && labs(by[j] - y) <= 2) {
				e[found][0] = x, e[found][1] = y;
				found++;
				break;
			}
	}
	assert_int_equal(found, 2);
}

/* 8.7.6: the creek is one unbroken line of hexsides from map edge to map edge: every corner
 * it touches has degree 2 but its two ends, and the ends lie on the map's rim. */
static void test_creek_is_one_line(void **state)
{
	(void)state;
	static struct vertex v[HEX_INDEX_COUNT * 3];
	int nv = 0;
	/* every corner of every map hex, counting the hexes sharing it */
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int k = 0; k < 6; k++) {
			long x, y;
			corner(id, k, &x, &y);
			v[find_vertex(v, &nv, x, y)].hexes++;
		}
	}
	int nsides = 0;
	int adjl[HEX_INDEX_COUNT][2];
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(id, (enum hex_dir)d);
			if (n == HEX_NONE || n < id || !(map_side(M, id, n) & SIDE_CREEK))
				continue;
			long e[2][2];
			side_ends(id, n, e);
			int a = find_vertex(v, &nv, e[0][0], e[0][1]);
			int b = find_vertex(v, &nv, e[1][0], e[1][1]);
			v[a].degree++, v[b].degree++;
			adjl[nsides][0] = a, adjl[nsides][1] = b;
			nsides++;
		}
	}
	assert_true(nsides > 40);
	int ends[2], nends = 0;
	for (int i = 0; i < nv; i++) {
		if (v[i].degree > 2)
			fail_msg("the creek branches at a corner (degree %d)", v[i].degree);
		if (v[i].degree == 1) {
			if (nends == 2)
				fail_msg("the creek has more than two ends");
			ends[nends++] = i;
		}
	}
	assert_int_equal(nends, 2);
	for (int i = 0; i < 2; i++)
		if (v[ends[i]].hexes >= 3)
			fail_msg("the creek ends inside the map");
	/* connected: walk from one end and count the sides */
	static bool used[HEX_INDEX_COUNT];
	memset(used, 0, sizeof used);
	int at = ends[0], walked = 0;
	for (;;) {
		int next = -1;
		for (int s = 0; s < nsides; s++)
			if (!used[s] && (adjl[s][0] == at || adjl[s][1] == at)) {
				used[s] = true;
				next = adjl[s][0] == at ? adjl[s][1] : adjl[s][0];
				break;
			}
		if (next < 0)
			break;
		walked++;
		at = next;
	}
	assert_int_equal(at, ends[1]);
	assert_int_equal(walked, nsides);
}

/* No hexside carries contradictory features; both hexes see the same side; slopes are
 * exactly the sides where high meets low. */
static void test_sides_consistent(void **state)
{
	(void)state;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(id, (enum hex_dir)d);
			if (n == HEX_NONE) {
				assert_int_equal(H(id)->side[d], 0);
				continue;
			}
			unsigned f = map_side(M, id, n);
			assert_int_equal(f, map_side(M, n, id));
			if ((f & (SIDE_BRIDGE | SIDE_FORD)) && !(f & SIDE_CREEK))
				fail_msg("%04d/%04d: crossing off the creek", id, n);
			assert_false((f & SIDE_BRIDGE) && (f & SIDE_FORD));
			assert_false((f & SIDE_RUN) && (f & SIDE_CREEK));
			assert_false((f & SIDE_PRIMARY) && (f & SIDE_SECONDARY));
			if ((f & (SIDE_PRIMARY | SIDE_SECONDARY)) && (f & SIDE_CREEK) && !(f & SIDE_BRIDGE))
				fail_msg("%04d/%04d: road over the creek without a bridge", id, n);
			if (f & SIDE_SUNKEN)
				assert_true(H(id)->sunken_road != H(n)->sunken_road);
			bool slope = (f & SIDE_SLOPE) != 0;
			if (slope != (H(id)->high != H(n)->high))
				fail_msg("%04d/%04d: slope %d but high %d/%d", id, n, slope, H(id)->high,
					 H(n)->high);
		}
	}
}

/* Roads: the network of road hexsides is one connected whole reaching the map edges. */
static void test_roads_connected(void **state)
{
	(void)state;
	static bool on_road[HEX_INDEX_COUNT], seen[HEX_INDEX_COUNT];
	int start = HEX_NONE, nroad = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (!hex_valid(id))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++)
			if (H(id)->side[d] & (SIDE_PRIMARY | SIDE_SECONDARY))
				on_road[i] = true;
		if (on_road[i]) {
			nroad++;
			start = id;
		}
	}
	int queue[HEX_INDEX_COUNT], head = 0, tail = 0, reached = 1;
	seen[hex_index(start)] = true;
	queue[tail++] = start;
	while (head < tail) {
		int h = queue[head++];
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n == HEX_NONE || seen[hex_index(n)] || !road_between(h, n))
				continue;
			seen[hex_index(n)] = true;
			queue[tail++] = n;
			reached++;
		}
	}
	assert_int_equal(reached, nroad);
	/* The crossings the battle turned on carry a road: the three bridges. */
	assert_true(road_between(2836, 2935));
}

/* ------------------------------------------------------------------ loader errors */

static void assert_load_fails(const char *path, const char *want)
{
	static struct map m;
	char err[512] = "";
	if (map_load(&m, path, err, sizeof err))
		fail_msg("%s loaded", path);
	if (!strstr(err, want))
		fail_msg("%s: got '%s', want '%s'", path, err, want);
}

/* The words of terrains and hexside features are one list each (list-terrain.h,
 * list-features.h): every word parses back to its terrain or bit, the grid characters of
 * data/map.txt are distinct, and what is no word is refused. */
static void test_terrain_and_feature_words(void **state)
{
	(void)state;
	for (int t = 0; t < TERRAIN_COUNT; t++) {
		assert_int_equal(map_terrain_parse(map_terrain_name((enum terrain)t)), t);
		assert_true(map_terrain_grid((enum terrain)t) != 0);
		for (int u = 0; u < t; u++)
			assert_true(map_terrain_grid((enum terrain)t) != map_terrain_grid((enum terrain)u));
	}
	assert_string_equal(map_terrain_name(TERRAIN_CORNFIELD), "cornfield");
	assert_int_equal(map_terrain_grid(TERRAIN_TOWN), 't');
	assert_int_equal(map_terrain_grid(TERRAIN_COUNT), 0);
	assert_string_equal(map_terrain_name(TERRAIN_COUNT), "?");
	assert_int_equal(map_terrain_parse("swamp"), -1);
	for (int b = 0; b < SIDE_FEATURE_COUNT; b++)
		assert_int_equal(map_feature_parse(map_feature_name(1u << b)), b);
	assert_int_equal(1u << map_feature_parse("ford"), SIDE_FORD);
	assert_int_equal(1u << map_feature_parse("sunken"), SIDE_SUNKEN);
	assert_string_equal(map_feature_name(SIDE_CREST), "crest");
	assert_string_equal(map_feature_name(SIDE_CREEK | SIDE_FORD), "?"); /* one bit only */
	assert_int_equal(map_feature_parse("river"), -1);
}

static void test_loader_errors(void **state)
{
	(void)state;
	static struct map m;
	char err[512] = "";
	if (!map_load(&m, "tests/data/map-ok.txt", err, sizeof err))
		fail_msg("%s", err);
	assert_load_fails("tests/data/map-missing.txt", "cannot open");
	assert_load_fails("tests/data/map-bad-version.txt", "map-bad-version.txt:1:");
	assert_load_fails("tests/data/map-bad-kind.txt", "map-bad-kind.txt:95: unknown record kind 'river'");
	assert_load_fails("tests/data/map-bad-terrain.txt", "map-bad-terrain.txt:4: hex 1101: unknown terrain 'x' (one of . w o c t)");
	assert_load_fails("tests/data/map-bad-row.txt", "map-bad-row.txt:7: terrain row 04 has 32 characters");
	assert_load_fails("tests/data/map-missing-row.txt", "terrain row 44 missing");
	assert_load_fails("tests/data/map-not-adjacent.txt", "map-not-adjacent.txt:95: '1010/1012': 1010 and 1012 are not adjacent");
	assert_load_fails("tests/data/map-road-gap.txt", "map-road-gap.txt:95: 1010 and 1012 are not adjacent");
	assert_load_fails("tests/data/map-bridge-no-creek.txt", "map-bridge-no-creek.txt:96: 8.7.4: bridge not on Antietam Creek at 1010/1011");
	assert_load_fails("tests/data/map-road-over-creek.txt", "map-road-over-creek.txt:96: 8.7.6: road crosses Antietam Creek without a bridge at 1010/1011");
	assert_load_fails("tests/data/map-flat-slope.txt", "map-flat-slope.txt:95: 10.5B: a slope must separate high from low ground at 1010/1011");
	assert_load_fails("tests/data/map-ford-bridge.txt", "map-ford-bridge.txt:97: a hexside cannot be both a bridge and a ford");
	assert_load_fails("tests/data/map-duplicate.txt", "map-duplicate.txt:96: hexside 1010/1011 already has creek (line 95)");
	assert_load_fails("tests/data/map-town-objective.txt", "3.2 fn 2: Sharpsburg objective hex 1010 is not a town hex");
	assert_load_fails("tests/data/map-bad-edge.txt", "map-bad-edge.txt:95: 9.2-9.3: entry hex 1212 is not on the map edge");
	assert_load_fails("tests/data/map-bad-label.txt", "map-bad-label.txt:95: unknown label kind 'river'");
	assert_load_fails("tests/data/map-bad-angle.txt", "map-bad-angle.txt:95:");
	/* the ground's version (docs/formats.md, "Versions of the data"): 1 when left out, once,
	 * 1..99 */
	assert_int_equal(m.ground, 1);
	size_t len;
	char *ok_text = fx_read_file("tests/data/map-ok.txt", &len);
	static const struct { const char *add, *want; int ground; } versions[] = {
		{ "ground 4\n", NULL, 4 },
		{ "ground 2\nground 3\n", "ground: given twice", 0 },
		{ "ground 0\n", "0 out of range 1..99", 0 },
		{ "ground\n", "", 0 },
	};
	for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
		char *text = malloc(len + 64);
		assert_non_null(text);
		snprintf(text, len + 64, "%s%s", ok_text, versions[i].add);
		FILE *f = fmemopen(text, strlen(text), "r");
		assert_non_null(f);
		static struct map v;
		bool loaded = map_load_stream(&v, f, "v.txt", err, sizeof err);
		fclose(f);
		free(text);
		if (versions[i].want) {
			assert_false(loaded);
			if (!strstr(err, versions[i].want) || strncmp(err, "v.txt:", 6))
				fail_msg("'%s': %s", versions[i].add, err);
		} else {
			assert_true(loaded);
			assert_int_equal(v.ground, versions[i].ground);
		}
	}
	free(ok_text);
	/* all or nothing: a failed load leaves the caller's map untouched */
	m.nobjectives = 77;
	assert_false(map_load(&m, "tests/data/map-duplicate.txt", err, sizeof err));
	assert_int_equal(m.nobjectives, 77);
}

/* ------------------------------------------------------------------ the `hex` command */

static const char *const want_1916 =
	"= 1916 clear high\n"
	"sides 1915:primary 2016:secondary 2017:none 1917:primary 1817:none 1816:none\n";

static void test_hex_command_in_process(void **state)
{
	(void)state;
	char err[256];
	struct cli *c = cli_new("data", err, sizeof err);
	assert_non_null(c);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	cli_exec(c, "hex 1916", out);
	cli_exec(c, "hex 4244", out);
	cli_exec(c, "hex 4245", out);
	fclose(out);
	cli_free(c);
	/* the fixed lines, then free-form lines, then the blank line */
	assert_true(strncmp(text, want_1916, strlen(want_1916)) == 0);
	assert_non_null(strstr(text, "name Dunker Church\n"));
	assert_non_null(strstr(text, "\n\n= 4244 clear low\nsides 4243:none 4143:none\n"));
	assert_non_null(strstr(text, "\n\n? '4245' is not a hex on the map\n\n"));
	free(text);
}

static void test_hex_command_batch(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "printf 'hex 1916\\nhex 2836\\n' | %s --data data --batch",
		 fx_program_path());
	int rc;
	char *buf = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	size_t n = strlen(buf);
	assert_true(strncmp(buf, want_1916, strlen(want_1916)) == 0);
	const char *want_2836 =
		"\n\n= 2836 clear low\n"
		"sides 2835:secondary+slope 2935:secondary+creek+bridge 2936:slope 2837:slope 2736:slope "
		"2735:slope\n";
	assert_non_null(strstr(buf, want_2836));
	assert_true(n >= 2 && buf[n - 1] == '\n' && buf[n - 2] == '\n');
	free(buf);
}

/* --print-map on a pipe: plain text (no escapes), the creek's crossings drawn on the
 * outline at their hexsides (2836's NE side is the Lower Bridge), the legend after it. */
static void test_print_map(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s --data data --print-map", fx_program_path());
	int rc;
	char *text = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	assert_null(strchr(text, '\033'));
	/* line 2*36+2+1 (0-based 75) holds the middle line of the even column's row-36 hex;
	 * hex 2836 starts at x = 4 + 3*18 = 58, its NE side at x+3. */
	const char *line = text;
	for (int i = 0; i < 75 && line; i++) {
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	assert_non_null(line);
	assert_int_equal(line[61], '#');
	/* one glyph table with the terminal game (map_glyph.h): its ASCII bridge and legend */
	assert_int_equal(map_glyph_side(SIDE_BRIDGE | SIDE_PRIMARY, false, '/', true).ascii, '#');
	assert_non_null(strstr(text, "# bridge over Antietam Creek"));
	assert_non_null(strstr(text, "H primary road crosses the side"));
	for (size_t i = 0; i < map_glyph_nsides; i++) {
		char entry[80];
		snprintf(entry, sizeof entry, " %c %s", map_glyph_sides[i].g.ascii, map_glyph_sides[i].meaning);
		if (!strstr(text, entry))
			fail_msg("--print-map's legend lacks '%s'", entry);
	}
	assert_non_null(strstr(text, "T woods, o orchard, Y cornfield, + town (Sharpsburg), . high ground"));
	assert_non_null(strstr(text, "  1916 Dunker Church\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terrain_and_feature_words),
		cmocka_unit_test(test_dunker_church),
		cmocka_unit_test(test_victory_objectives),
		cmocka_unit_test(test_sharpsburg),
		cmocka_unit_test(test_roads_of_the_objectives),
		cmocka_unit_test(test_bridges),
		cmocka_unit_test(test_sunken_road),
		cmocka_unit_test(test_high_ground_examples),
		cmocka_unit_test(test_los_example_terrain),
		cmocka_unit_test(test_los_examples),
		cmocka_unit_test(test_ix_corps_objectives),
		cmocka_unit_test(test_ridges_have_width),
		cmocka_unit_test(test_sunken_road_fold),
		cmocka_unit_test(test_sharpsburg_ridge),
		cmocka_unit_test(test_harpers_ferry_road_heights),
		cmocka_unit_test(test_hauser_ridge),
		cmocka_unit_test(test_lower_bridge_bluffs),
		cmocka_unit_test(test_woods_and_the_pike),
		cmocka_unit_test(test_sunken_road_faces_north_and_east),
		cmocka_unit_test(test_ground_corrections),
		cmocka_unit_test(test_entry_edges),
		cmocka_unit_test(test_union_setup_zones),
		cmocka_unit_test(test_confederate_setup_zones),
		cmocka_unit_test(test_historical_setup_in_zones),
		cmocka_unit_test(test_creek_separates),
		cmocka_unit_test(test_creek_is_one_line),
		cmocka_unit_test(test_sides_consistent),
		cmocka_unit_test(test_roads_connected),
		cmocka_unit_test(test_loader_errors),
		cmocka_unit_test(test_hex_command_in_process),
		cmocka_unit_test(test_hex_command_batch),
		cmocka_unit_test(test_print_map),
	};
	return cmocka_run_group_tests_name("map", tests, setup, teardown);
}
