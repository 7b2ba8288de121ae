/* test_roster.c — the counters of data/units.txt and the historical set-up of
 * data/setup-historical.txt: counts and formations (4.1A, 2.6, 2.7), every roster fact the
 * rulebook prints (2.4, 2.7, 2.9, 2.13, 8.10, 10.3A, 4.1B, 4.2C/D, 4.3, 15.6, 20.0, 21.0), the
 * one documented method behind the values (docs/provenance-oob.md), the set-up's legality
 * (stacking 7.0, no enemies adjacent, 4.6, the creek and the ground of data/map.txt), loader
 * errors that name the line, and the --print-oob listing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"

#include "../src/cli/cli.h"
#include "hex.h"
#include "map.h"
#include "roster.h"

#define UNITS_PATH "data/units.txt"
#define SETUP_PATH "data/setup-historical.txt"

static struct roster R;

static int setup(void **state)
{
	(void)state;
	char err[512] = "";
	if (!roster_load(&R, UNITS_PATH, SETUP_PATH, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static const struct unit_def *unit(const char *id)
{
	int i = roster_find(&R, id);
	if (i < 0)
		fail_msg("no unit %s", id);
	return &R.unit[i];
}

static int hex_of(const char *id)
{
	return R.historical_hex[roster_find(&R, id)];
}

/* ---- ids, counts, formations ---- */

static void test_find_and_index(void **state)
{
	(void)state;
	assert_int_equal(roster_find(&R, "U1"), 0);
	assert_int_equal(roster_find(&R, "u12"), 11);
	assert_int_equal(roster_find(&R, "U69"), 68);
	assert_int_equal(roster_find(&R, "C1"), 69);
	assert_int_equal(roster_find(&R, "c53"), 121);
	assert_int_equal(roster_find(&R, "U70"), -1);
	assert_int_equal(roster_find(&R, "C54"), -1);
	assert_int_equal(roster_find(&R, "U0"), -1);
	assert_int_equal(roster_find(&R, "U01"), -1);
	assert_int_equal(roster_find(&R, "X1"), -1);
	assert_int_equal(roster_find(&R, "U"), -1);
	assert_int_equal(roster_find(&R, "U1x"), -1);
	assert_int_equal(roster_index(SIDE_CONFEDERATE, 7), 75);
	assert_int_equal(roster_index(SIDE_UNION, 70), -1);
	enum corps c;
	assert_true(roster_corps_parse("XII", &c));
	assert_int_equal(c, CORPS_XII);
	assert_false(roster_corps_parse("X", &c));
	assert_string_equal(names_corps[CORPS_IX], "IX");
	assert_string_equal(names_side[SIDE_CONFEDERATE], "confederate");
	assert_string_equal(roster_type_name(UNIT_ARTILLERY), "artillery");
}

/* names.h: the tables generated from include/list-*.h follow their enums and the protocol's
 * order; every counter's formation is a word of the lists. */
static void test_names_lists(void **state)
{
	(void)state;
	static const char *const corps[] = { "I", "II", "V", "VI", "IX", "XII" }; /* PROTOCOL.md */
	assert_int_equal(CORPS_COUNT, 6);
	for (int c = 0; c < CORPS_COUNT; c++)
		assert_string_equal(names_corps[c], corps[c]);
	assert_string_equal(names_side[SIDE_UNION], "union");
	assert_string_equal(names_side[SIDE_NONE], "none");
	assert_int_equal(SIDE_NONE, 2);
	assert_int_equal(SOLO_FORMATIONS, 9);
	assert_string_equal(names_solo_formation[SOLO_XII], "XII");
	assert_string_equal(names_solo_formation[SOLO_IX3], "IX/3");
	for (int f = SOLO_I; f <= SOLO_XII; f++) {
		enum corps c;
		assert_true(roster_corps_parse(names_solo_formation[f], &c));
	}
	assert_string_equal(names_confederate_formation[CONFEDERATE_AP_HILL], "AH");
	for (int i = 0; i < ROSTER_UNITS; i++) {
		const struct unit_def *d = &R.unit[i];
		if (d->side == SIDE_UNION) {
			assert_string_equal(names_corps[d->corps], d->formation);
			continue;
		}
		int f = 0;
		while (f < CONFEDERATE_FORMATIONS && strcmp(names_confederate_formation[f], d->formation))
			f++;
		if (f == CONFEDERATE_FORMATIONS)
			fail_msg("%s: formation %s is not in list-divisions.h", d->id, d->formation);
	}
}

/* 4.1A: 69 Union and 53 Confederate units, ids matching their index. */
static void test_counts(void **state)
{
	(void)state;
	int u = 0, c = 0;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		const struct unit_def *d = &R.unit[i];
		char want[8];
		snprintf(want, sizeof want, "%c%d", i < ROSTER_UNION ? 'U' : 'C',
			 i < ROSTER_UNION ? i + 1 : i - ROSTER_UNION + 1);
		assert_string_equal(d->id, want);
		if (d->side == SIDE_UNION)
			u++;
		else if (d->side == SIDE_CONFEDERATE)
			c++;
	}
	assert_int_equal(u, 69);
	assert_int_equal(c, 53);
}

struct range {
	const char *formation;
	int first, last;
};

static void check_ranges(char side, const struct range *rg, size_t n, int total)
{
	int covered = 0;
	for (size_t k = 0; k < n; k++)
		for (int i = rg[k].first; i <= rg[k].last; i++) {
			char id[8];
			snprintf(id, sizeof id, "%c%d", side, i);
			if (strcmp(unit(id)->formation, rg[k].formation))
				fail_msg("%s: formation %s, want %s", id, unit(id)->formation,
					 rg[k].formation);
			covered++;
		}
	assert_int_equal(covered, total);
}

/* 2.6, 4.1B, 4.3, 15.6: the Union corps and their id ranges; 2.7, 4.2C, 4.5C, 21.0: the
 * Confederate divisions. */
static void test_formations(void **state)
{
	(void)state;
	static const struct range uni[] = {
		{ "I", 1, 13 }, { "II", 14, 28 }, { "XII", 29, 37 }, { "V", 38, 47 },
		{ "VI", 48, 56 }, { "IX", 57, 69 },
	};
	static const struct range con[] = {
		{ "Ja", 1, 5 }, { "Ew", 6, 10 }, { "DH", 11, 16 }, { "Cav", 17, 18 },
		{ "Res", 19, 20 }, { "I", 21, 21 }, { "Evn", 22, 22 }, { "Hd", 23, 25 },
		{ "Jo", 26, 31 }, { "Wa", 32, 34 }, { "And", 35, 41 }, { "McL", 42, 47 },
		{ "AH", 48, 53 },
	};
	check_ranges('U', uni, sizeof uni / sizeof uni[0], 69);
	check_ranges('C', con, sizeof con / sizeof con[0], 53);
	for (int i = 0; i < ROSTER_UNION; i++) {
		const struct unit_def *d = &R.unit[i];
		enum corps c;
		assert_true(roster_corps_parse(d->formation, &c));
		assert_int_equal(d->corps, c);
	}
	for (int i = ROSTER_UNION; i < ROSTER_UNITS; i++) {
		assert_int_equal(R.unit[i].corps, CORPS_NONE);
		assert_int_equal(R.unit[i].division, 0);
	}
}

/* Within a Union corps each division's infantry brigades have contiguous ids (the
 * artillery may not: 20.0 makes U47 the 2/V artillery after the 20-pdr Parrotts U44-U45),
 * and every division has one name. */
static void test_divisions_contiguous(void **state)
{
	(void)state;
	int last[CORPS_COUNT][5];
	memset(last, -1, sizeof last);
	for (int i = 0; i < ROSTER_UNION; i++) {
		const struct unit_def *b = &R.unit[i];
		if (b->type != UNIT_INFANTRY)
			continue;
		int prev = last[b->corps][b->division];
		if (prev >= 0 && prev != i - 1)
			for (int j = prev + 1; j < i; j++)
				if (R.unit[j].type == UNIT_INFANTRY)
					fail_msg("%s: infantry of %d/%s not contiguous (%s between)", b->id,
						 b->division, b->formation, R.unit[j].id);
		last[b->corps][b->division] = i;
	}
	for (int i = 1; i < ROSTER_UNITS; i++) {
		const struct unit_def *a = &R.unit[i - 1], *b = &R.unit[i];
		if (a->side == b->side && !strcmp(a->formation, b->formation) &&
		    a->division == b->division && strcmp(a->division_name, b->division_name))
			fail_msg("%s/%s: one division, two names", a->id, b->id);
	}
}

/* ---- the facts the rulebook prints ---- */

/* 2.4: U1 is Phelps' brigade of 1/I: infantry, CV 5, five steps, morale 0, MA 8. */
static void test_u1(void **state)
{
	(void)state;
	const struct unit_def *u = unit("U1");
	assert_int_equal(u->type, UNIT_INFANTRY);
	assert_int_equal(u->steps, 5);
	assert_int_equal(roster_cv(u, 5), 5);
	assert_int_equal(roster_morale(u, 5), 0);
	assert_int_equal(u->ma, 8);
	assert_int_equal(u->corps, CORPS_I);
	assert_int_equal(u->division, 1);
	assert_string_equal(u->commander, "Phelps");
}

/* 2.7: C14 +1 at 4 steps, -1 at 3 (not a misprint); C38 morale 0 at 3 steps (errata). */
static void test_morale_notes(void **state)
{
	(void)state;
	const struct unit_def *c14 = unit("C14");
	assert_true(c14->steps >= 4);
	assert_int_equal(roster_morale(c14, 4), 1);
	assert_int_equal(roster_morale(c14, 3), -1);
	const struct unit_def *c38 = unit("C38");
	assert_true(c38->steps >= 3);
	assert_int_equal(roster_morale(c38, 3), 0);
	assert_string_equal(c38->commander, "Pryor");
}

static void assert_halves(const char *a, const char *b)
{
	const struct unit_def *x = unit(a), *y = unit(b);
	assert_string_equal(x->commander, y->commander);
	assert_string_equal(x->division_name, y->division_name);
	assert_string_equal(x->formation, y->formation);
	assert_int_equal(x->division, y->division);
	assert_int_equal(x->type, UNIT_INFANTRY);
	assert_int_equal(y->type, UNIT_INFANTRY);
}

/* 2.9: U54+U55 and C43+C44 are halves of one brigade each; U24+U25 are Kimball's (3/II). */
static void test_large_brigades(void **state)
{
	(void)state;
	assert_halves("U54", "U55");
	assert_halves("C43", "C44");
	assert_halves("U24", "U25");
	assert_non_null(strstr(unit("U24")->commander, "Kimball"));
	assert_int_equal(unit("U24")->corps, CORPS_II);
	assert_int_equal(unit("U24")->division, 3);
}

/* 2.13: infantry 2-6 steps, artillery 2; 10.3A: range 8, U44/U45 20; 8.6C: artillery MA
 * below infantry's; 8.10: the cavalry division's two units, C17 infantry, MA well below. */
static void test_types_steps_range_ma(void **state)
{
	(void)state;
	int min_inf_ma = 99;
	for (int i = 0; i < ROSTER_UNITS; i++)
		if (R.unit[i].type == UNIT_INFANTRY && !R.unit[i].cavalry && R.unit[i].ma < min_inf_ma)
			min_inf_ma = R.unit[i].ma;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		const struct unit_def *u = &R.unit[i];
		if (u->type == UNIT_ARTILLERY) {
			assert_int_equal(u->steps, 2);
			int want = !strcmp(u->id, "U44") || !strcmp(u->id, "U45") ? 20 : 8;
			if (u->range != want)
				fail_msg("%s: range %d, want %d (10.3A)", u->id, u->range, want);
			if (u->ma >= min_inf_ma)
				fail_msg("%s: artillery MA %d not below infantry's %d", u->id, u->ma,
					 min_inf_ma);
			for (int s = 1; s <= 2; s++)
				assert_in_range(u->cv[s], 1, 9); /* 20.3 columns */
		} else {
			assert_in_range(u->steps, 2, 6);
			assert_int_equal(u->range, 0);
		}
		for (int s = 1; s <= u->steps; s++)
			assert_true(u->cv[s] >= 1);
		bool cav = !strcmp(u->formation, "Cav");
		if (u->cavalry != cav)
			fail_msg("%s: cavalry flag %d, formation %s (8.10)", u->id, u->cavalry,
				 u->formation);
		if (cav && u->ma > min_inf_ma - 3)
			fail_msg("%s: cavalry MA %d not well below infantry's %d (8.10)", u->id, u->ma,
				 min_inf_ma);
	}
	assert_int_equal(unit("C17")->type, UNIT_INFANTRY);
	assert_int_equal(unit("C18")->type, UNIT_ARTILLERY);
}

/* 7.1 with 4.3 and 4.2C: which units are artillery. */
static void test_artillery_units(void **state)
{
	(void)state;
	static const char *const art[] = { "U5", "U28", "U46", "U47", "U57", "C5", "C19", "C20", "C21" };
	for (size_t i = 0; i < sizeof art / sizeof art[0]; i++)
		if (unit(art[i])->type != UNIT_ARTILLERY)
			fail_msg("%s should be artillery", art[i]);
	static const char *const pairs[][2] = { { "U59", "U60" }, { "U61", "U63" }, { "U64", "U66" },
						{ "U67", "U69" } };
	for (size_t i = 0; i < 4; i++) {
		int n = (unit(pairs[i][0])->type == UNIT_ARTILLERY) +
			(unit(pairs[i][1])->type == UNIT_ARTILLERY);
		if (n != 1)
			fail_msg("exactly one of %s, %s must be artillery", pairs[i][0], pairs[i][1]);
	}
	assert_int_equal(unit("C21")->formation[0], 'I');
	assert_int_equal(unit("U44")->type, UNIT_ARTILLERY);
	assert_int_equal(unit("U45")->type, UNIT_ARTILLERY);
}

/* 15.6: IX Corps is U57 (corps artillery) and four divisions of two infantry brigades and
 * one artillery unit each, U58-U69. */
static void test_ix_corps(void **state)
{
	(void)state;
	assert_int_equal(unit("U57")->division, 0);
	int inf[5] = { 0 }, art[5] = { 0 };
	for (int n = 58; n <= 69; n++) {
		const struct unit_def *u = &R.unit[roster_index(SIDE_UNION, n)];
		assert_int_equal(u->corps, CORPS_IX);
		assert_in_range(u->division, 1, 4);
		if (u->type == UNIT_ARTILLERY)
			art[u->division]++;
		else
			inf[u->division]++;
	}
	for (int d = 1; d <= 4; d++) {
		assert_int_equal(inf[d], 2);
		assert_int_equal(art[d], 1);
	}
}

struct named {
	const char *id, *commander, *formation;
	int division;
};

/* 20.0 and 21.0: the printed parts of the rosters. */
static void test_printed_rosters(void **state)
{
	(void)state;
	static const struct named names[] = {
		{ "U1", "Phelps", "I", 1 }, { "U2", "Hoffman", "I", 1 }, { "U3", "Patrick", "I", 1 },
		{ "U4", "Gibbon", "I", 1 }, { "U26", "Morris", "II", 3 }, { "U27", "Weber", "II", 3 },
		{ "U47", "Artillery", "V", 2 }, { "U48", "Torbert", "VI", 1 },
		{ "U49", "Bartlett", "VI", 1 }, { "U50", "Newton", "VI", 1 },
		{ "C1", "Starke", "Ja", 0 }, { "C2", "Jones", "Ja", 0 }, { "C3", "Winder", "Ja", 0 },
		{ "C4", "Taliaferro", "Ja", 0 }, { "C19", "Reserve Artillery", "Res", 0 },
		{ "C20", "Reserve Artillery", "Res", 0 }, { "C21", "Artillery", "I", 0 },
		{ "C22", "Evans", "Evn", 0 }, { "C37", "Armistead", "And", 0 },
		{ "C38", "Pryor", "And", 0 }, { "C39", "Featherston", "And", 0 },
		{ "C40", "Mahone", "And", 0 },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct unit_def *u = unit(names[i].id);
		if (strcmp(u->commander, names[i].commander) || strcmp(u->formation, names[i].formation) ||
		    u->division != names[i].division)
			fail_msg("%s: %s/%d/%s, 20.0-21.0 print %s/%d/%s", u->id, u->commander,
				 u->division, u->formation, names[i].commander, names[i].division,
				 names[i].formation);
	}
	assert_non_null(strstr(unit("U25")->commander, "Kimball"));
}

/* ---- the documented method (docs/provenance-oob.md) ---- */

static int round_half_up(double x)
{
	return (int)floor(x + 0.5);
}

/* Steps, combat values and morale follow from men/guns and the brigade's base morale, with the
 * two printed exceptions U1 (2.4) and C14 (2.7). */
static void test_values_follow_the_formula(void **state)
{
	(void)state;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		const struct unit_def *u = &R.unit[i];
		if (u->type == UNIT_ARTILLERY) {
			int fv = round_half_up(u->strength / 3.0);
			fv = fv < 1 ? 1 : fv > 9 ? 9 : fv;
			if (u->cv[2] != fv || u->cv[1] != (fv + 1) / 2)
				fail_msg("%s: fire %d/%d, formula %d/%d", u->id, u->cv[1], u->cv[2],
					 (fv + 1) / 2, fv);
			continue;
		}
		if (!strcmp(u->id, "U1"))
			continue; /* 2.4 prints 5 steps and CV 5 */
		int steps = round_half_up(u->strength / 200.0); /* 200 men a step */
		steps = steps < 2 ? 2 : steps > 6 ? 6 : steps;
		if (u->steps != steps)
			fail_msg("%s: %d steps, formula %d (men %d)", u->id, u->steps, steps, u->strength);
		int cvf = round_half_up(sqrt(u->strength / 50.0));
		cvf = cvf < 1 ? 1 : cvf;
		for (int s = 1; s <= steps; s++) {
			int cv = round_half_up((double)cvf * s / steps);
			cv = cv < 1 ? 1 : cv;
			if (u->cv[s] != cv)
				fail_msg("%s: cv %d at %d steps, formula %d", u->id, u->cv[s], s, cv);
		}
		if (!strcmp(u->id, "C14")) {
			/* 2.7 note: +1 from 4 steps up, -1 from 3 down */
			for (int s = 1; s <= steps; s++)
				assert_int_equal(u->morale[s], s >= 4 ? 1 : -1);
			continue;
		}
		int base = u->morale[steps];
		assert_in_range(base + 1, 0, 2); /* base -1, 0 or +1 */
		for (int s = 1; s <= steps; s++)
			if (u->morale[s] != base - (2 * s <= steps))
				fail_msg("%s: morale %d at %d steps, rule gives %d", u->id, u->morale[s], s,
					 base - (2 * s <= steps));
	}
}

/* The counter mix (RECONSTRUCTION.md): 2.3A's 283 counters less the 20-45 markers of 2.15
 * leave the 122 units 238-263 counters of up to two steps each (2.13), every infantry unit
 * 2-6 steps and all artillery 2; the Confederacy has "a lot of weak brigades (2-step and
 * 3-step)" (24.3D): a third of its infantry at least. */
static void test_counter_mix(void **state)
{
	(void)state;
	int counters = 0, weak = 0, infantry = 0;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		const struct unit_def *u = &R.unit[i];
		counters += roster_counters(u);
		assert_int_equal(roster_counters(u), (u->steps + 1) / 2);
		if (u->type == UNIT_ARTILLERY)
			assert_int_equal(u->steps, 2);
		else
			assert_in_range(u->steps, 2, 6);
		if (u->side == SIDE_CONFEDERATE && u->type == UNIT_INFANTRY) {
			infantry++;
			weak += u->steps <= 3;
		}
	}
	if (counters < 238 || counters > 263)
		fail_msg("%d counters, the counter mix wants 238-263", counters);
	if (3 * weak < infantry)
		fail_msg("%d of %d Confederate brigades of 2 or 3 steps (24.3D: a lot)", weak,
			 infantry);
}

/* The Union about twice the Confederacy in steps x combat value, as in 1862 (engaged about
 * 1.75:1 in men, 275:194 in guns). */
static void test_army_balance(void **state)
{
	(void)state;
	long sum[2] = { 0, 0 };
	for (int i = 0; i < ROSTER_UNITS; i++)
		sum[R.unit[i].side] += (long)R.unit[i].steps * R.unit[i].cv[R.unit[i].steps];
	double ratio = (double)sum[SIDE_UNION] / (double)sum[SIDE_CONFEDERATE];
	if (ratio < 1.8 || ratio > 2.4)
		fail_msg("Union:Confederate steps x cv = %ld:%ld = %.2f, want about 2", sum[0], sum[1],
			 ratio);
}

/* ---- the historical set-up ---- */

/* 4.3 as printed, and 4.1B: U48-U56 and C48-C53 are reinforcements, every other unit on the map. */
static void test_setup_union_as_printed(void **state)
{
	(void)state;
	static const int printed[ROSTER_UNION + 1] = {
		0,    1803, 1604, 1605, 1804, 1605, 2306, 2305, 2307, 2208, 2209, 2007, 1706, 1906,
		4117, 4118, 4119, 4021, 4017, 4213, 4113, 4114, 4115, 4014, 4214, 4215, 4216, 4116, 4214,
		2900, 3001, 3000, 3100, 3101, 3202, 3201, 2800, 2801,
		4121, 4221, 4222, 4023, 3924, 3926, 4122, 3925, 4121, 3924,
		-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,
		3934, 3934, 3935, 3935, 3633, 3733, 3633, 3334, 3336, 3334, 3736, 3735, 3736,
	};
	for (int n = 1; n <= ROSTER_UNION; n++) {
		int h = R.historical_hex[roster_index(SIDE_UNION, n)];
		if (h != printed[n])
			fail_msg("U%d set up in %04d, 4.3 prints %04d", n, h, printed[n]);
	}
	static const int ja[] = { 1714, 1614, 1814, 1815, 1714 };
	for (int n = 1; n <= 5; n++)
		assert_int_equal(R.historical_hex[roster_index(SIDE_CONFEDERATE, n)], ja[n - 1]);
	for (int i = ROSTER_UNION; i < ROSTER_UNITS; i++) {
		bool reinforcement = R.unit[i].number >= 48;
		if ((R.historical_hex[i] == HEX_NONE) != reinforcement)
			fail_msg("%s: %s (4.1B)", R.unit[i].id,
				 reinforcement ? "A.P. Hill must be off map" : "must be on the map");
	}
}

/* Every placed hex is on the map; 7.0 stacking; no enemy in the same or an adjacent hex;
 * 4.6 no Confederate within two hexes of 3324; 4.2C the non-divisional artillery with
 * Confederate infantry; 4.2D Evans in 2127. */
static void test_setup_legal(void **state)
{
	(void)state;
	for (int i = 0; i < ROSTER_UNITS; i++) {
		int h = R.historical_hex[i];
		if (h == HEX_NONE)
			continue;
		if (!hex_valid(h))
			fail_msg("%s: %04d is not on the map", R.unit[i].id, h);
		int inf = 0, art = 0;
		for (int j = 0; j < ROSTER_UNITS; j++) {
			int g = R.historical_hex[j];
			if (g == HEX_NONE || j == i)
				continue;
			if (R.unit[j].side != R.unit[i].side) {
				if (g == h || hex_adjacent(g, h))
					fail_msg("%s in %04d next to enemy %s in %04d", R.unit[i].id, h,
						 R.unit[j].id, g);
			} else if (g == h) {
				if (!roster_may_stack(&R, (int[]){ i, j }, 2, NULL, 0))
					fail_msg("%s and %s may not stack in %04d (7.0)", R.unit[i].id,
						 R.unit[j].id, h);
				if (R.unit[j].type == UNIT_ARTILLERY)
					art++;
				else
					inf++;
			}
		}
		assert_true(inf + art <= 1);
		if (R.unit[i].side == SIDE_CONFEDERATE && hex_distance(h, 3324) <= 2)
			fail_msg("%s in %04d within two hexes of the Middle Bridge (4.6)", R.unit[i].id, h);
	}
	static const char *const nondiv[] = { "C19", "C20", "C21" };
	for (int k = 0; k < 3; k++) {
		int h = hex_of(nondiv[k]);
		bool with_infantry = false;
		for (int j = ROSTER_UNION; j < ROSTER_UNITS; j++)
			if (R.historical_hex[j] == h && R.unit[j].type == UNIT_INFANTRY)
				with_infantry = true;
		if (!with_infantry)
			fail_msg("%s must set up with Confederate infantry (4.2C)", nondiv[k]);
	}
	assert_int_equal(hex_of("C22"), 2127);
}

/* The Confederate dawn positions named in RECONSTRUCTION.md. */
static void test_setup_confederate_history(void **state)
{
	(void)state;
	for (int n = 23; n <= 25; n++) /* Hood in reserve by the Dunker Church */
		assert_true(hex_distance(R.historical_hex[roster_index(SIDE_CONFEDERATE, n)], 1916) <= 2);
	static const int nicodemus[] = { 1008, 1009, 1010, 1108, 1109 };
	for (int n = 17; n <= 18; n++) {
		int h = R.historical_hex[roster_index(SIDE_CONFEDERATE, n)];
		bool on = false;
		for (int k = 0; k < 5; k++)
			on |= h == nicodemus[k];
		if (!on)
			fail_msg("C%d in %04d, not on Nicodemus Heights (3.2)", n, h);
	}
	static const int sunken[] = { 2319, 2420, 2520, 2621, 2721 };
	int on_road = 0;
	for (int n = 11; n <= 16; n++)
		for (int k = 0; k < 5; k++)
			on_road += R.historical_hex[roster_index(SIDE_CONFEDERATE, n)] == sunken[k];
	assert_true(on_road >= 3);
	/* Garland's brigade (McRae) at the lane's west end by the Hagerstown road (McRae's report,
	 * OR 19/1 p. 1043), not in the Sunken Road; Hays behind Early, west of the woods (OR 19/1
	 * pp. 978-979), not on the church plateau, where S.D. Lee's guns stand with Trimble's. */
	assert_true(hex_distance(hex_of("C13"), 1820) <= 1);
	assert_true(hex_distance(hex_of("C9"), hex_of("C7")) <= 1 && hex_col(hex_of("C9")) <= 15);
	assert_int_equal(hex_of("C21"), hex_of("C8"));
	assert_true(hex_distance(hex_of("C21"), 1916) <= 1);
	assert_true(hex_distance(hex_of("C26"), 2836) <= 1); /* Toombs at the Lower Bridge */
	for (int n = 32; n <= 34; n++) /* Walker toward Snavely's Ford */
		assert_true(hex_distance(R.historical_hex[roster_index(SIDE_CONFEDERATE, n)], 2942) <= 4);
	for (int n = 35; n <= 47; n++) { /* McLaws and Anderson west of town (column 15 and less) */
		int h = R.historical_hex[roster_index(SIDE_CONFEDERATE, n)];
		assert_true(hex_col(h) <= 14);
		assert_in_range(hex_row(h), 24, 36);
	}
}

/* 7.1-7.3 and 8.4 as roster_may_stack applies them, with the rule it cites. */
static bool may_stack(const char *rule, int n, ...)
{
	int units[4];
	char why[128] = "";
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		units[i] = roster_find(&R, va_arg(ap, const char *));
	va_end(ap);
	bool ok = roster_may_stack(&R, units, n, why, sizeof why);
	if (ok)
		assert_string_equal(why, "");
	else if (strncmp(why, rule, strlen(rule)))
		fail_msg("refused with '%s', not %s", why, rule);
	return ok;
}

static void test_may_stack(void **state)
{
	(void)state;
	assert_true(may_stack("", 2, "U3", "U5"));            /* 1/I infantry + artillery */
	assert_false(may_stack("7.1A", 2, "U2", "U3"));       /* two infantry */
	assert_false(may_stack("7.1A", 2, "U5", "U13"));      /* two artillery */
	assert_false(may_stack("7.2A", 2, "U14", "U5"));      /* corps never mix */
	assert_true(may_stack("", 2, "U58", "U57"));          /* 7.2B corps artillery */
	assert_true(may_stack("", 2, "U68", "U57"));
	assert_false(may_stack("7.2B", 2, "U61", "U60"));     /* other IX division */
	assert_true(may_stack("", 2, "C1", "C19"));           /* 7.3 */
	assert_false(may_stack("8.4", 2, "C1", "U5"));
	assert_false(may_stack("7.1A", 3, "U3", "U5", "U2")); /* a third unit */
	assert_true(may_stack("", 1, "U2"));
}

/* The creek (8.7.6): with data/map.txt, the Confederates and the Union I and XII Corps are
 * on the west bank (the side of the Dunker Church), II, V and IX Corps on the east bank. */
static void test_setup_creek(void **state)
{
	(void)state;
	struct map *m = fx_map_shipped();
	static bool west[HEX_INDEX_COUNT];
	fx_map_bank(m, 1916, west); /* the Dunker Church's bank */
	for (int i = 0; i < ROSTER_UNITS; i++) {
		int h = R.historical_hex[i];
		if (h == HEX_NONE)
			continue;
		const struct unit_def *u = &R.unit[i];
		bool want_west = u->side == SIDE_CONFEDERATE || u->corps == CORPS_I ||
				 u->corps == CORPS_XII;
		if (west[hex_index(h)] != want_west)
			fail_msg("%s in %04d is on the %s bank of the creek", u->id, h,
				 west[hex_index(h)] ? "west" : "east");
	}
	free(m);
}

/* The ground of the set-up: at dawn no brigade stood in Sharpsburg itself (the town hexes);
 * Pelham's guns (1108) and Hood's reserve at the church (1916) are on high ground (10.5B). */
static void test_setup_terrain(void **state)
{
	(void)state;
	struct map *m = fx_map_shipped();
	for (int i = 0; i < ROSTER_UNITS; i++) {
		int h = R.historical_hex[i];
		if (h == HEX_NONE)
			continue;
		const struct map_hex *mh = map_hex(m, h);
		assert_non_null(mh);
		if (mh->terrain == TERRAIN_TOWN)
			fail_msg("%s sets up in the town hex %04d", R.unit[i].id, h);
	}
	assert_true(map_hex(m, hex_of("C18"))->high);
	assert_true(map_hex(m, hex_of("C24"))->high);
	free(m);
}

/* The Confederate set-up on its ground (issue 17, docs/provenance-oob.md): Toombs on the
 * wooded bluff right over the Lower Bridge (high woods next to its west end, 2836); no gun
 * inside the Sunken Road (D.H. Hill's and the reserve's batteries stood behind it); Hood in
 * reserve in the woods by the church, next to 1916 but not in it. */
static void test_setup_confederate_ground(void **state)
{
	(void)state;
	struct map *m = fx_map_shipped();
	const struct map_hex *toombs = map_hex(m, hex_of("C26"));
	assert_true(toombs->high);
	assert_int_equal(toombs->terrain, TERRAIN_WOODS);
	assert_true(hex_adjacent(hex_of("C26"), 2836));
	for (int i = 0; i < ROSTER_UNITS; i++) {
		int h = R.historical_hex[i];
		if (h != HEX_NONE && R.unit[i].type == UNIT_ARTILLERY && map_hex(m, h)->sunken_road)
			fail_msg("%s sets up in the Sunken Road (%04d)", R.unit[i].id, h);
	}
	static const char *const hood[] = { "C23", "C24", "C25" };
	for (int k = 0; k < 3; k++) {
		assert_true(hex_adjacent(hex_of(hood[k]), 1916));
		assert_int_equal(map_hex(m, hex_of(hood[k]))->terrain, TERRAIN_WOODS);
	}
	free(m);
}

/* Every Confederate set-up line of data/setup-historical.txt says why the unit stands there
 * (a `#` comment; 4.3 prints only Jackson's division). */
static void test_setup_reasons(void **state)
{
	(void)state;
	FILE *f = fopen("data/setup-historical.txt", "r");
	assert_non_null(f);
	char line[512];
	int n = 0, lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char id[8], where[8];
		if (line[0] != 'C' || sscanf(line, "%7s %7s", id, where) != 2 || !strcmp(where, "off"))
			continue;
		n++;
		const char *why = strchr(line, '#');
		if (!why || strlen(why) < 12)
			fail_msg("data/setup-historical.txt:%d: no reason for the set-up hex", lineno);
	}
	fclose(f);
	assert_int_equal(n, ROSTER_CONFEDERATE - 6); /* A.P. Hill's six arrive later (4.1B) */
}

/* `antietam --print-oob` runs on the shipped data and prints both armies. */
static void test_print_oob_program(void **state)
{
	(void)state;
	if (!getenv("ANTIETAM_PROGRAM") || access("data/map.txt", R_OK) != 0)
		skip();
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s --data data --print-oob", fx_program_path());
	int rc;
	char *out = fx_program_output(cmd, &rc);
	int armies = 0, lines = 0;
	for (const char *line = out; *line;) {
		lines++;
		armies += !strncmp(line, "army: ", 6);
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	free(out);
	assert_int_equal(rc, 0);
	assert_int_equal(armies, 2);
	assert_true(lines > ROSTER_UNITS);
	snprintf(cmd, sizeof cmd, "%s --data tests/data --print-oob 2>/dev/null", fx_program_path());
	free(fx_program_output(cmd, &rc));
	assert_int_not_equal(rc, 0); /* no units in tests/data: an error, not a listing */
}

/* ---- loader errors name the line ---- */

static void expect_error(const char *units, const char *setup_file, const char *want)
{
	struct roster *r = malloc(sizeof *r);
	assert_non_null(r);
	r->unit[0].steps = 42;
	char err[512] = "";
	bool ok = roster_load(r, units, setup_file, err, sizeof err);
	if (ok || !strstr(err, want))
		fail_msg("%s + %s: got '%s', want '%s'", units, setup_file, ok ? "success" : err, want);
	assert_int_equal(r->unit[0].steps, 42); /* all or nothing */
	free(r);
}

static void test_loader_errors(void **state)
{
	(void)state;
	expect_error("tests/data/units-bad-version.txt", SETUP_PATH,
		     "tests/data/units-bad-version.txt:1: unsupported units format version");
	expect_error("tests/data/units-bad-key.txt", SETUP_PATH,
		     "tests/data/units-bad-key.txt:4: U2: unknown key 'colour'");
	expect_error("tests/data/units-missing.txt", SETUP_PATH,
		     "tests/data/units-missing.txt:3: unit U2 missing");
	expect_error("tests/data/units-art-steps.txt", SETUP_PATH,
		     "tests/data/units-art-steps.txt:3: U5: 2.13C: artillery has 2 steps, cv gives 3");
	expect_error("tests/data/units-morale-count.txt", SETUP_PATH,
		     "tests/data/units-morale-count.txt:2: U1: morale has 4 values, cv has 5 steps");
	expect_error("tests/data/units-empty-list.txt", SETUP_PATH,
		     "tests/data/units-empty-list.txt:3: U1: cv '' is not a list");
	expect_error("tests/data/units-twice.txt", SETUP_PATH,
		     "tests/data/units-twice.txt:3: U1 given twice");
	/* the order of battle's version (docs/formats.md): once, before the units, 1..99 */
	expect_error("tests/data/units-version-late.txt", SETUP_PATH,
		     "tests/data/units-version-late.txt:3: order-of-battle: once, before the units");
	expect_error("tests/data/units-version-zero.txt", SETUP_PATH,
		     "tests/data/units-version-zero.txt:2: 0 out of range 1..99");
	/* the set-up's ground (its map's): once, before the units */
	expect_error(UNITS_PATH, "tests/data/setup-ground-late.txt",
		     "tests/data/setup-ground-late.txt:3: ground: once, before the units");
	expect_error("tests/data/units-bad-formation.txt", SETUP_PATH,
		     "tests/data/units-bad-formation.txt:2: C1: unknown Confederate division 'Jx'");
	expect_error("tests/data/units-bad-id.txt", SETUP_PATH,
		     "tests/data/units-bad-id.txt:2: 'U70' is not a unit id");
	expect_error(UNITS_PATH, "tests/data/setup-bad-hex.txt",
		     "tests/data/setup-bad-hex.txt:3: '1145' is not a hex on the map");
	expect_error(UNITS_PATH, "tests/data/setup-twice.txt",
		     "tests/data/setup-twice.txt:4: U1 placed twice");
	expect_error(UNITS_PATH, "tests/data/setup-missing.txt",
		     "tests/data/setup-missing.txt:2: U2 has no set-up line");
	expect_error("tests/data/no-such-file.txt", SETUP_PATH,
		     "tests/data/no-such-file.txt: cannot open");
}

/* ---- --print-oob ---- */

static void test_print_oob(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	cli_print_oob(f, &R);
	fclose(f);
	assert_non_null(strstr(buf, "army: 69 units"));
	assert_non_null(strstr(buf, "army: 53 units"));
	assert_non_null(strstr(buf, "U1   Phelps"));
	assert_non_null(strstr(buf, "  IX Corps\n"));
	assert_non_null(strstr(buf, "C53"));
	/* one "corps:" total per Union corps, one "division:" total per division */
	int corps = 0, divisions = 0;
	for (char *p = buf; (p = strstr(p, "\n  corps: ")); p++)
		corps++;
	for (char *p = buf; (p = strstr(p, "division: ")); p++)
		divisions++;
	assert_int_equal(corps, 6);
	/* Union: I 3, II 3, XII 2 + corps artillery, V 2 + Artillery Reserve, VI 2, IX 4 + corps
	 * artillery = 19; Confederate divisions 13 */
	assert_int_equal(divisions, 19 + 13);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_and_index),
		cmocka_unit_test(test_names_lists),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_formations),
		cmocka_unit_test(test_divisions_contiguous),
		cmocka_unit_test(test_u1),
		cmocka_unit_test(test_morale_notes),
		cmocka_unit_test(test_large_brigades),
		cmocka_unit_test(test_types_steps_range_ma),
		cmocka_unit_test(test_artillery_units),
		cmocka_unit_test(test_ix_corps),
		cmocka_unit_test(test_printed_rosters),
		cmocka_unit_test(test_values_follow_the_formula),
		cmocka_unit_test(test_counter_mix),
		cmocka_unit_test(test_army_balance),
		cmocka_unit_test(test_setup_union_as_printed),
		cmocka_unit_test(test_setup_legal),
		cmocka_unit_test(test_setup_confederate_history),
		cmocka_unit_test(test_may_stack),
		cmocka_unit_test(test_setup_creek),
		cmocka_unit_test(test_setup_terrain),
		cmocka_unit_test(test_setup_confederate_ground),
		cmocka_unit_test(test_setup_reasons),
		cmocka_unit_test(test_print_oob_program),
		cmocka_unit_test(test_loader_errors),
		cmocka_unit_test(test_print_oob),
	};
	return cmocka_run_group_tests_name("roster", tests, setup, NULL);
}
