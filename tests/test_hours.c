/* test_hours.c — 1862 by the hour (issue 31): data/nbh-grid.txt and data/history-hours.txt
 * load; a few brigades checked by hand against the lines of seed 002 quoted here (their hexes
 * through the fitted grid, their losses at data/units.txt's men); every unit given at every
 * moment, the absent ones those the seed's Order of Arrival brings later; the loader's errors. */
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
#include "hex.h"
#include "scenario.h"
#include "../src/sim/sim_hours.h"

#define GRID "data/nbh-grid.txt"
#define HOURS "data/history-hours.txt"

static struct sim_hours H;

static int setup(void **st)
{
	if (fx_real_setup(st) != 0)
		return -1;
	char err[512];
	if (!sim_hours_load(&H, S, GRID, HOURS, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static const struct hours_unit *at(const char *moment, const char *unit)
{
	const struct hours_moment *m = sim_hours_moment(&H, moment);
	assert_non_null(m);
	return &m->unit[fx_u(unit)];
}

/* The hex of the centroid of seed hexes (one a regiment) through the fitted grid. */
static int centroid(const char *const *hexes, int n)
{
	double sx = 0, sy = 0;
	for (int i = 0; i < n; i++) {
		double x, y;
		assert_true(sim_hours_place(&H.grid, hexes[i], &x, &y));
		sx += x;
		sy += y;
	}
	return sim_hours_snap(sx / n, sy / n);
}

/* What a unit of nreg regiments lost when those listed have the strengths sp (-1: full,
 * -2: not listed at a campaign moment): its share of the unit's men less sp strength points. */
static int expected_loss(const char *unit, int nreg, const int *sp, int n)
{
	const struct unit_def *d = &S->roster.unit[fx_u(unit)];
	double share = (double)d->strength / nreg, per = d->type == UNIT_INFANTRY ? H.men_per_sp
									       : H.guns_per_sp;
	double lost = 0;
	for (int i = 0; i < n; i++)
		lost += sp[i] == -2 ? share : sp[i] < 0 ? 0 : fmax(0, share - sp[i] * per);
	return (int)(lost + 0.5);
}

static int steps_left(const char *unit, int lost)
{
	const struct unit_def *d = &S->roster.unit[fx_u(unit)];
	int s = d->steps - (int)(lost / ((double)d->strength / d->steps) + 0.5);
	return s < 1 ? 1 : s;
}

static void test_moments(void **st)
{
	(void)st;
	static const char *const key[] = { "dawn", "0715", "0900", "1300", "1530", "18th" };
	static const int turn[] = { 1, 2, 4, 8, 10, 12 };
	assert_int_equal(H.n, 6);
	for (int i = 0; i < 6; i++) {
		assert_string_equal(H.m[i].key, key[i]);
		assert_int_equal(H.m[i].turn, turn[i]);
	}
	assert_int_equal(H.m[0].kind, HOURS_DAWN);
	assert_int_equal(H.m[2].kind, HOURS_CAMPAIGN);
	assert_int_equal(H.m[4].kind, HOURS_AREA);
}

/* 5.1: "A17.34: Hoffman, 7 Ind, 76 NY, 95 NY, 56 Penn (2/1/1)" — all at full strength. */
static void test_hoffman_at_dawn(void **st)
{
	(void)st;
	const struct hours_unit *u = at("dawn", "U2");
	static const char *const hexes[] = { "A17.34", "A17.34", "A17.34", "A17.34" };
	assert_int_equal(u->state, HOURS_PRESENT);
	assert_int_equal(u->regiments, 4);
	assert_int_equal(u->listed, 4);
	assert_int_equal(u->hex, centroid(hexes, 4));
	assert_int_equal(u->lost, 0);
	assert_int_equal(u->steps, S->roster.unit[fx_u("U2")].steps);
	/* I Corps' right at dawn: within two hexes of our 4.3 set-up (1604) */
	assert_true(hex_distance(u->hex, 1604) <= 2);
}

/* 5.2: "A17.26: Gibbon, 19 Ind (2), 6 Wisc (1) (Iron/1/1)", "A18.26: 2 Wisc (3), 7 Wisc (3)
 * (Iron/1/1)" — the Iron Brigade at 9 a.m., back at the North Woods after the Cornfield. */
static void test_gibbon_at_nine(void **st)
{
	(void)st;
	const struct hours_unit *u = at("0900", "U4");
	static const char *const hexes[] = { "A17.26", "A17.26", "A18.26", "A18.26" };
	static const int sp[] = { 2, 1, 3, 3 };
	assert_int_equal(u->state, HOURS_PRESENT);
	assert_int_equal(u->listed, 4);
	assert_int_equal(u->hex, centroid(hexes, 4));
	assert_int_equal(u->lost, expected_loss("U4", 4, sp, 4));
	assert_int_equal(u->steps, steps_left("U4", u->lost));
	assert_true(u->lost > 0 && u->steps < S->roster.unit[fx_u("U4")].steps);
}

/* 5.2: "B12.34: Hays, 7 La (1) (Hays/Ewell)" — of Hays's five Louisiana regiments (5.1:
 * "A17.12: Hays, 5 La, 6 La, 7 La, 8 La, 14 La") only the 7th at one strength point: the rest
 * "already destroyed" as the scenario says of a unit it does not list. */
static void test_hays_at_nine(void **st)
{
	(void)st;
	const struct hours_unit *u = at("0900", "C9");
	static const char *const hexes[] = { "B12.34" };
	static const int sp[] = { -2, -2, 1, -2, -2 };
	assert_int_equal(u->regiments, 5);
	assert_int_equal(u->listed, 1);
	assert_int_equal(u->hex, centroid(hexes, 1));
	assert_int_equal(u->lost, expected_loss("C9", 5, sp, 5));
	assert_int_equal(u->steps, 1);
}

/* 5.3: "A19.35: Anderson, 7 Penn Res (3) (2/3/1), 10 Penn Res, 11 Penn Res (3) (3/3/1)":
 * of Anderson's 9th-12th Reserves, the 10th whole, the 11th at 3, the 9th and 12th gone. */
static void test_anderson_at_one(void **st)
{
	(void)st;
	const struct hours_unit *u = at("1300", "U12");
	static const char *const hexes[] = { "A19.35", "A19.35" };
	static const int sp[] = { -2, 3, -2, -1 };
	assert_int_equal(u->listed, 2);
	assert_int_equal(u->hex, centroid(hexes, 2));
	assert_int_equal(u->lost, expected_loss("U12", 4, sp, 4));
}

/* 5.4: "A26.20: 27 Ind (4) (3/1/12)", "A26.19: Gordon (commands 1/12), Repl (3/1/12), 2 Mass
 * (8) (3/1/12)", "A29.21: 3 Wisc (3) (3/1/12)": our U31 (2 MA, 3 WI, 27 IN) on the 18th. */
static void test_gordon_next_day(void **st)
{
	(void)st;
	const struct hours_unit *u = at("18th", "U31");
	static const char *const hexes[] = { "A26.20", "A26.19", "A29.21" };
	static const int sp[] = { 4, 8, 3 };
	assert_int_equal(u->listed, 3);
	assert_int_equal(u->hex, centroid(hexes, 3));
	assert_int_equal(u->lost, expected_loss("U31", 3, sp, 3));
}

/* At dawn every unit is on the field at full strength or not yet come; the late ones are
 * those the seed's Order of Arrival brings (XII Corps 6:30-8:15, V Corps' Morell 8:30, VI
 * Corps 9:45 and 11:00; McLaws 6:00, R.H. Anderson 8:30-9:00, A.P. Hill 15:15-16:00). */
static void test_dawn(void **st)
{
	(void)st;
	static const char *const late[] = {
		"U29", "U30", "U31", "U32", "U33", "U34", "U35", "U36", "U38", "U39", "U40", "U46",
		"U48", "U49", "U50", "U51", "U52", "U53", "U54", "U55", "U56", "C35", "C36", "C37",
		"C38", "C39", "C40", "C41", "C42", "C43", "C44", "C45", "C46", "C47", "C48", "C49",
		"C50", "C51", "C52", "C53",
	};
	const struct hours_moment *m = sim_hours_moment(&H, "dawn");
	int present = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		bool is_late = false;
		for (size_t i = 0; i < sizeof late / sizeof *late; i++)
			is_late |= fx_u(late[i]) == u;
		assert_int_equal(m->unit[u].state == HOURS_ABSENT, is_late);
		if (m->unit[u].state == HOURS_PRESENT) {
			present++;
			assert_int_equal(m->unit[u].lost, 0);
			assert_true(hex_valid(m->unit[u].hex));
		}
	}
	/* the transcription of 5.1 gives I Corps, French, Jackson, Ewell, Hood, Ripley, Stuart */
	assert_true(present >= 30);
	/* nobody is absent on the 18th */
	m = sim_hours_moment(&H, "18th");
	for (int u = 0; u < ROSTER_UNITS; u++)
		assert_int_not_equal(m->unit[u].state, HOURS_ABSENT);
}

/* Every hex stated is on our map; every present unit has a regiment listed. */
static void test_hexes_legal(void **st)
{
	(void)st;
	for (int i = 0; i < H.n; i++)
		for (int u = 0; u < ROSTER_UNITS; u++) {
			const struct hours_unit *hu = &H.m[i].unit[u];
			assert_int_not_equal(hu->state, HOURS_UNGIVEN);
			if (hu->state != HOURS_PRESENT)
				continue;
			assert_true(hex_valid(hu->hex));
			assert_true(hu->listed >= 1 && hu->listed <= hu->regiments);
			assert_true(hu->steps >= 1 && hu->steps <= S->roster.unit[u].steps);
		}
}

/* The fit is the set-up's: every dawn control point of data/nbh-grid.txt names our unit's hex
 * as data/setup-historical.txt has it now (a set-up change asks for tools/nbh-grid again). */
static void test_grid_is_the_setups(void **st)
{
	(void)st;
	FILE *f = fopen(GRID, "r");
	assert_non_null(f);
	char line[1024];
	int points = 0;
	while (fgets(line, sizeof line, f)) {
		char src[16], unit[16], hexes[512];
		int ours;
		if (sscanf(line, "point %15s %15s %511s %d", src, unit, hexes, &ours) != 4 ||
		    (unit[0] != 'U' && unit[0] != 'C'))
			continue;
		int want = S->roster.historical_hex[fx_u(unit)];
		if (want != ours)
			fail_msg("%s: %s's point is on %04d, the set-up has %04d: remake the file "
				 "(tools/nbh-grid, docs/provenance-hours.md)", GRID, unit, ours, want);
		points++;
	}
	fclose(f);
	assert_true(points >= 30);
}

/* ---- errors ---- */

static void hours_error(const char *grid, const char *text, const char *want)
{
	char gpath[] = "/tmp/antietam-grid-XXXXXX", hpath[] = "/tmp/antietam-hours-XXXXXX";
	int gfd = mkstemp(gpath), hfd = mkstemp(hpath);
	assert_true(gfd >= 0 && hfd >= 0);
	assert_true(write(gfd, grid, strlen(grid)) == (ssize_t)strlen(grid));
	assert_true(write(hfd, text, strlen(text)) == (ssize_t)strlen(text));
	close(gfd);
	close(hfd);
	static struct sim_hours h;
	char err[512] = "";
	bool ok = sim_hours_load(&h, S, gpath, hpath, err, sizeof err);
	unlink(gpath);
	unlink(hpath);
	assert_false(ok);
	if (!strstr(err, want))
		fail_msg("'%s' does not say '%s'", err, want);
}

#define GRID_OK "antietam-nbh-grid 1\nstagger -1\nb-offset 33\ntransform 0.6 0 10 0 0.6 40\n"
#define HEAD "antietam-history-hours 1\nmen-per-sp 50\nguns-per-sp 1\n" \
	     "moment dawn 5:45 1 dawn 5.1\nroster U2 7_Ind 76_NY\n"

static void test_errors(void **st)
{
	(void)st;
	/* the grid's own points must be the transform's: A0.0 lands on (10, 40), hex 0622's
	 * neighbourhood, not 1604's */
	hours_error(GRID_OK "point 5.1 U2 A17.34 1604 1604 residual=0.50 inlier\n", HEAD,
		    ":5: U2: the transform puts it");
	hours_error("antietam-nbh-grid 1\nstagger 2\n", HEAD, ":2: stagger is +1 or -1");
	hours_error(GRID_OK, HEAD "at dawn U2 present 1604 7_Ind@A17.34 76_NY@A17.34\n",
		    ":6: U2 at dawn: its regiments' centroid is in");
	hours_error(GRID_OK, HEAD "at dawn U2 present 1604 7_Ind@gone 76_NY@A17.34\n",
		    "'gone' only where");
	hours_error(GRID_OK, HEAD "at dawn U2 present 1604 76_NY@A17.34 7_Ind@A17.34\n",
		    "the roster's regiment 1 is 7_Ind");
	hours_error(GRID_OK, HEAD "at dawn U2 present 1604 7_Ind@A17.34\n", "in its roster");
	hours_error(GRID_OK, HEAD "at dawn U2 absent\nat dawn U2 unlisted\n", ":7: U2 at dawn is "
		    "given twice");
	hours_error(GRID_OK, HEAD "at dawn U2 absent\n", "does not give U1 at dawn");
	hours_error(GRID_OK, HEAD "at noon U2 absent\n", "'noon' is not a moment");
	hours_error(GRID_OK, "antietam-history-hours 1\nat dawn U2 absent\n",
		    "men-per-sp and guns-per-sp come before");
	hours_error(GRID_OK, HEAD "moment dawn 6:00 1 dawn 5.1\n", "moment dawn is given twice");
	hours_error(GRID_OK, HEAD "roster U2 a b\n", "the roster of U2 is given twice");
	hours_error(GRID_OK, "antietam-history-hours 2\n", ":1:");
}

/* The ghost on the map (issue 31): the moment nearest a turn (a tie: the earlier), each unit's
 * hex there and the hex of the latest earlier moment that places it. */
static void test_ghost(void **state)
{
	(void)state;
	int hex[ROSTER_UNITS], from[ROSTER_UNITS];
	int m = sim_hours_ghost(&H, 4, hex, from);
	assert_string_equal(H.m[m].key, "0900");
	assert_string_equal(H.m[sim_hours_ghost(&H, 3, hex, from)].key, "0715"); /* 2 and 4: 2 */
	assert_string_equal(H.m[sim_hours_ghost(&H, 6, hex, from)].key, "0900");
	assert_string_equal(H.m[sim_hours_ghost(&H, 11, hex, from)].key, "1530");
	m = sim_hours_ghost(&H, 4, hex, from);
	int u2 = fx_u("U2"), c48 = fx_u("C48");
	assert_int_equal(hex[u2], at("0900", "U2")->hex);
	/* Hoffman is not in 4.1's box at 7:15: the trail starts at dawn */
	assert_int_not_equal(at("0715", "U2")->state, HOURS_PRESENT);
	assert_int_equal(from[u2], at("dawn", "U2")->hex);
	assert_int_equal(hex[c48], HEX_NONE); /* A.P. Hill: on the road */
	assert_int_equal(from[c48], HEX_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moments),
		cmocka_unit_test(test_hoffman_at_dawn),
		cmocka_unit_test(test_gibbon_at_nine),
		cmocka_unit_test(test_hays_at_nine),
		cmocka_unit_test(test_anderson_at_one),
		cmocka_unit_test(test_gordon_next_day),
		cmocka_unit_test(test_dawn),
		cmocka_unit_test(test_hexes_legal),
		cmocka_unit_test(test_grid_is_the_setups),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_ghost),
	};
	return cmocka_run_group_tests(tests, setup, fx_teardown);
}
