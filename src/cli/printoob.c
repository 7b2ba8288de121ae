/* printoob.c — `antietam --print-oob`: the order of battle as loaded from data/units.txt and
 * data/setup-historical.txt, army by corps (Union) or division (Confederate), every unit with
 * its values at each step level, and the totals of steps, counters (2.13) and combat value per
 * formation and army and of both armies, so the data can be read and checked at a glance. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "hex.h"
#include "paths.h"
#include "roster.h"
#include "scenario.h"

struct totals {
	int units, steps, counters, cv, product;
};

static void add(struct totals *t, const struct unit_def *u)
{
	t->units++;
	t->steps += u->steps;
	t->counters += roster_counters(u);
	t->cv += u->cv[u->steps];
	t->product += u->steps * u->cv[u->steps];
}

static void print_totals(FILE *out, const char *indent, const char *what, const struct totals *t)
{
	fprintf(out, "%s%s: %d units, %d steps on %d counters, combat value %d, steps x cv %d\n",
		indent, what, t->units, t->steps, t->counters, t->cv, t->product);
}

static void print_list(FILE *out, const char *label, const int *v, int n)
{
	fprintf(out, " %s", label);
	for (int s = 1; s <= n; s++)
		fprintf(out, "%s%+d", s == 1 ? " " : "/", v[s]);
}

static void print_unit(FILE *out, const struct roster *r, int i)
{
	const struct unit_def *u = &r->unit[i];
	char where[8];
	if (r->historical_hex[i] == HEX_NONE)
		snprintf(where, sizeof where, "off");
	else
		snprintf(where, sizeof where, "%04d", r->historical_hex[i]);
	fprintf(out, "    %-4s %-18s %-9s %s %5d  steps %d  ma %-2d  set-up %-4s ", u->id,
		u->commander, roster_type_name(u->type),
		u->type == UNIT_ARTILLERY ? "guns" : "men ", u->strength, u->steps, u->ma, where);
	if (u->type == UNIT_ARTILLERY) {
		fprintf(out, " fire");
		for (int s = 1; s <= u->steps; s++)
			fprintf(out, "%s%d", s == 1 ? " " : "/", u->cv[s]);
		fprintf(out, "  range %d", u->range);
	} else {
		fprintf(out, " cv");
		for (int s = 1; s <= u->steps; s++)
			fprintf(out, "%s%d", s == 1 ? " " : "/", u->cv[s]);
		print_list(out, " morale", u->morale, u->steps);
	}
	if (u->cavalry)
		fprintf(out, "  cavalry (8.10)");
	fputc('\n', out);
}

/* The Union by corps in id order, each corps by division in order of first appearance (the
 * divisional artillery of V Corps follows the Artillery Reserve in the ids). */
static void print_union(FILE *out, const struct roster *r)
{
	struct totals army = { 0 };
	bool done_corps[CORPS_COUNT] = { false };
	fprintf(out, "UNION: Army of the Potomac (McClellan)\n");
	for (int i = 0; i < ROSTER_UNION; i++) {
		enum corps c = r->unit[i].corps;
		if (c < 0 || done_corps[c])
			continue;
		done_corps[c] = true;
		struct totals corps = { 0 };
		bool done_div[5] = { false };
		fprintf(out, "  %s Corps\n", names_of_corps(c));
		for (int j = i; j < ROSTER_UNION; j++) {
			int d = r->unit[j].division;
			if (r->unit[j].corps != c || done_div[d])
				continue;
			done_div[d] = true;
			struct totals div = { 0 };
			fprintf(out, "   %s\n", r->unit[j].division_name);
			for (int k = j; k < ROSTER_UNION; k++) {
				const struct unit_def *u = &r->unit[k];
				if (u->corps != c || u->division != d)
					continue;
				print_unit(out, r, k);
				add(&div, u);
				add(&corps, u);
				add(&army, u);
			}
			print_totals(out, "    ", "division", &div);
		}
		print_totals(out, "  ", "corps", &corps);
	}
	print_totals(out, "", "army", &army);
}

/* The Confederates by division (formation) in id order. */
static void print_confederate(FILE *out, const struct roster *r)
{
	struct totals army = { 0 }, div = { 0 };
	fprintf(out, "CONFEDERATE: Army of Northern Virginia (Lee)\n");
	for (int i = ROSTER_UNION; i < ROSTER_UNITS; i++) {
		const struct unit_def *u = &r->unit[i];
		if (i == ROSTER_UNION || strcmp(r->unit[i - 1].formation, u->formation)) {
			if (i > ROSTER_UNION)
				print_totals(out, "  ", "division", &div);
			memset(&div, 0, sizeof div);
			fprintf(out, "  %s (%s)\n", u->division_name, u->formation);
		}
		print_unit(out, r, i);
		add(&div, u);
		add(&army, u);
	}
	print_totals(out, "  ", "division", &div);
	print_totals(out, "", "army", &army);
}

/* Both armies: the counter total the counter mix of 2.3A bounds (RECONSTRUCTION.md). */
static void print_both(FILE *out, const struct roster *r)
{
	struct totals t = { 0 };
	for (int i = 0; i < ROSTER_UNITS; i++)
		add(&t, &r->unit[i]);
	fprintf(out, "both armies (order of battle %d): %d units, %d steps on %d counters "
		"(2.13: up to two steps a counter; 2.3A: 283 counters with the markers)\n",
		r->version, t.units, t.steps, t.counters);
}

void cli_print_oob(FILE *out, const struct roster *r)
{
	print_union(out, r);
	fputc('\n', out);
	print_confederate(out, r);
	fputc('\n', out);
	print_both(out, r);
}

int cli_print_oob_main(const char *datadir)
{
	char dir[PATH_MAX], err[1024], units[PATH_MAX + 16], setup[PATH_MAX + 32];
	if (!paths_data_dir(datadir, dir, sizeof dir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	snprintf(units, sizeof units, "%s/units.txt", dir);
	snprintf(setup, sizeof setup, "%s/setup-historical.txt", dir);
	struct roster *r = malloc(sizeof *r);
	if (!r) {
		fprintf(stderr, "antietam: out of memory\n");
		return 2;
	}
	int rc = 0;
	if (roster_load(r, units, setup, err, sizeof err)) {
		cli_print_oob(stdout, r);
	} else {
		fprintf(stderr, "antietam: %s\n", err);
		rc = 2;
	}
	free(r);
	return rc;
}
