/* charts.c — owns the game's charts as `?` shows them (issue 34: the reference inside the
 * game): the Combat Results Table with its column rules and die roll modifiers (20.1), the
 * Artillery Fire Table with its modifiers, range effects and the Artillery Retreat Table
 * (20.3, 20.4), and the terrain chart, movement costs and the terrain's DRMs (20.2, 8.7).
 * Every number is read from the charts the game loaded (data/tables.txt, tables.h), none
 * typed here: a refitted chart shows as it plays. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "event_text.h"
#include "modifier.h"
#include "tables.h"
#include "tui_internal.h"

#define CHART_LINES 96

static char chart_buf[CHART_LINES][160];
static const char *chart_line[CHART_LINES];
static int nchart;

static void cl(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void cl(const char *fmt, ...)
{
	if (nchart >= CHART_LINES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(chart_buf[nchart], sizeof chart_buf[nchart], fmt, ap);
	va_end(ap);
	chart_line[nchart] = chart_buf[nchart];
	nchart++;
}

/* A chart's DRM as the modifier the odds and the events name (its rule and English). */
static void drm_line(int value, enum modifier m)
{
	char what[64];
	struct combat_mod mod = { .id = (int8_t)m, .value = (int8_t)value };
	modifier_text(&mod, what, sizeof what);
	cl("  %+d  %-7s %s", value, modifier_rule(m), what);
}

/* The modifier each 20.1 die roll modifier of the charts is (enum combat_drm order). */
static const enum modifier combat_drm_mod[COMBAT_DRM_COUNT] = {
	[COMBAT_DRM_ENCIRCLED_2] = MOD_ENCIRCLED_2, [COMBAT_DRM_ENCIRCLED_3] = MOD_ENCIRCLED_3,
	[COMBAT_DRM_CONFEDERATE] = MOD_ELAN, [COMBAT_DRM_UP_SLOPE] = MOD_UP_SLOPE,
	[COMBAT_DRM_UP_CREST] = MOD_UP_CREST, [COMBAT_DRM_FORD] = MOD_FORD,
	[COMBAT_DRM_SUNKEN] = MOD_SUNKEN_ROAD, [COMBAT_DRM_COVER] = MOD_WOODS,
};
/* And each 20.3 fire DRM (enum fire_drm order). */
static const enum modifier fire_drm_mod[FIRE_DRM_COUNT] = {
	[FIRE_DRM_INFANTRY] = MOD_FIRE_INFANTRY, [FIRE_DRM_COVER] = MOD_FIRE_COVER,
	[FIRE_DRM_SUNKEN] = MOD_FIRE_SUNKEN_ROAD, [FIRE_DRM_TOWN] = MOD_FIRE_TOWN,
	[FIRE_DRM_CREST] = MOD_FIRE_CREST,
};

static void chart_crt(const struct tables *t)
{
	cl("COMBAT RESULTS TABLE (20.1): steps lost, attacker/defender (11.15)");
	cl("  * the defender retreats three hexes (11.17.1B)");
	cl("  the column: the rightmost the combat factors allow (11.5C)");
	cl("%s", "");
	char row[160];
	int n = snprintf(row, sizeof row, "  die+DRM |");
	for (int c = 0; c < CRT_COLS; c++)
		n += snprintf(row + n, sizeof row - (size_t)n, " %6s", tables_crt_column_name(c));
	cl("%s", row);
	cl("  --------+%.*s", 7 * CRT_COLS, "--------------------------------------------------");
	for (int r = CRT_ROW_MIN; r <= CRT_ROW_MAX; r++) {
		n = snprintf(row, sizeof row, "  %s%-5d |", r == CRT_ROW_MIN ? "<=" :
			     r == CRT_ROW_MAX ? ">=" : "  ", r);
		for (int c = 0; c < CRT_COLS; c++) {
			struct crt_result x = tables_crt_result(t, (enum crt_column)c, r);
			char cell[16];
			snprintf(cell, sizeof cell, "%d/%d%s", x.attacker, x.defender, x.retreat ? "*" : "");
			n += snprintf(row + n, sizeof row - (size_t)n, " %6s", cell);
		}
		cl("%s", row);
	}
	n = snprintf(row, sizeof row, "  column identifying number (16.3.5B):");
	for (int c = 0; c < CRT_COLS; c++)
		n += snprintf(row + n, sizeof row - (size_t)n, " %s:%d", tables_crt_column_name(c),
			      tables_crt_ci(t, (enum crt_column)c));
	cl("%s", row);
	cl("%s", "");
	cl("Die roll modifiers (20.1; cumulative, 11.8A):");
	for (int d = 0; d < COMBAT_DRM_COUNT; d++)
		drm_line(tables_combat_drm(t, (enum combat_drm)d), combat_drm_mod[d]);
	cl("  the difference of the morales, for the higher (11.10B; not against lone guns, 11.10C)");
	cl("Combat factors halved (11.8C rounds down): attacking across a bridge (11.12A), into or");
	cl("  out of a Sharpsburg hex (11.13). Lone artillery defends at 1 (11.7A).");
}

static void chart_aft(const struct tables *t)
{
	cl("ARTILLERY FIRE TABLE (20.3): the steps the target loses");
	cl("  1+: only from infantry of more than 3 steps, or artillery (the dagger)");
	cl("%s", "");
	char row[160];
	int n = snprintf(row, sizeof row, "  die+DRM | fire value");
	cl("%s", row);
	n = snprintf(row, sizeof row, "          |");
	for (int f = 1; f <= AFT_FIRE_MAX; f++)
		n += snprintf(row + n, sizeof row - (size_t)n, " %3d", f);
	cl("%s", row);
	cl("  --------+%.*s", 4 * AFT_FIRE_MAX, "----------------------------------------");
	for (int r = AFT_ROW_MIN; r <= AFT_ROW_MAX; r++) {
		n = snprintf(row, sizeof row, "  %s%-5d |", r == AFT_ROW_MIN ? "<=" :
			     r == AFT_ROW_MAX ? ">=" : "  ", r);
		for (int f = 1; f <= AFT_FIRE_MAX; f++) {
			enum fire_result x = tables_fire_result(t, f, r);
			n += snprintf(row + n, sizeof row - (size_t)n, " %3s",
				      x == FIRE_STEP ? "1" : x == FIRE_DAGGER ? "1+" : "-");
		}
		cl("%s", row);
	}
	cl("%s", "");
	cl("Die roll modifiers (20.3; cumulative):");
	for (int d = 0; d < FIRE_DRM_COUNT; d++)
		drm_line(tables_fire_drm(t, (enum fire_drm)d), fire_drm_mod[d]);
	cl("Range effects (10.3B; Parrott guns only at the longest, 10.3A):");
	for (int i = 0; i < t->nranges; i++) {
		char span[24];
		if (t->range[i].lo == t->range[i].hi)
			snprintf(span, sizeof span, "%d", t->range[i].lo);
		else
			snprintf(span, sizeof span, "%d-%d", t->range[i].lo, t->range[i].hi);
		cl("  range %-5s  %+d%s", span, t->range[i].drm,
		   t->range[i].parrott_only ? "  (Parrott guns only)" : "");
	}
	char ar[160];
	n = snprintf(ar, sizeof ar, "ARTILLERY RETREAT TABLE (20.4), a gun's mandatory retreat:");
	for (int d = 1; d <= 6; d++) {
		enum art_retreat x = tables_art_retreat(t, d);
		n += snprintf(ar + n, sizeof ar - (size_t)n, " %d:%s", d,
			      x == ART_RETREAT_OK ? "retreats" : x == ART_RETREAT_STEP ? "-1 step" :
										"eliminated");
	}
	cl("%s", "");
	cl("%s", ar);
}

static void chart_terrain(const struct tables *t)
{
	cl("TERRAIN EFFECTS (20.2): the MPs to enter (8.7), the DRMs of combat and fire");
	cl("%s", "");
	cl("  in the hex      MP   combat DRM (11.14C)   fire DRM (20.3)");
	for (int k = 0; k < TERRAIN_COUNT; k++) {
		enum terrain ter = (enum terrain)k;
		bool cover = ter == TERRAIN_WOODS || ter == TERRAIN_ORCHARD || ter == TERRAIN_CORNFIELD;
		char c[16] = "-", f[48] = "-";
		if (cover) {
			snprintf(c, sizeof c, "%+d", tables_combat_drm(t, COMBAT_DRM_COVER));
			snprintf(f, sizeof f, "%+d", tables_fire_drm(t, FIRE_DRM_COVER));
		} else if (ter == TERRAIN_TOWN) {
			snprintf(f, sizeof f, "%+d (and attacks halved, 11.13)",
				 tables_fire_drm(t, FIRE_DRM_TOWN));
		}
		cl("  %-14s %3d   %-21s %s", map_terrain_name(ter), tables_move_hex_cost(t, ter), c, f);
	}
	cl("  %-14s %3d   (8.8.1A: through a road hexside, whatever the terrain)", "along a road",
	   tables_move_road_cost(t));
	cl("%s", "");
	cl("  hexside         MP added (8.7.4-8.7.6; X: may not be crossed)");
	for (int b = 0; b < SIDE_FEATURE_COUNT; b++) {
		int mp = t->move_side[b];
		char v[8];
		snprintf(v, sizeof v, mp < 0 ? "X" : "+%d", mp);
		cl("  %-14s %4s", map_feature_name(1u << b), v);
	}
	cl("  (a bridge or a ford is where the creek may be crossed, 8.7.6)");
	cl("%s", "");
	cl("  high ground: attacked up a slope %+d, through a crest %+d, through a ford %+d (11.14A,",
	   tables_combat_drm(t, COMBAT_DRM_UP_SLOPE), tables_combat_drm(t, COMBAT_DRM_UP_CREST),
	   tables_combat_drm(t, COMBAT_DRM_FORD));
	cl("    20.1: the worst one); the Sunken Road %+d unless attacked from it (11.14B)",
	   tables_combat_drm(t, COMBAT_DRM_SUNKEN));
	cl("  fire at a target behind a crest %+d, a Sunken Road side %+d (10.4)",
	   tables_fire_drm(t, FIRE_DRM_CREST), tables_fire_drm(t, FIRE_DRM_SUNKEN));
}

const char *charts_title(enum chart c)
{
	static const char *const title[CHART_COUNT] = {
		[CHART_CRT] = "Chart: Combat Results Table, with its DRMs (20.1)",
		[CHART_AFT] = "Chart: Artillery Fire Table, ranges, retreats (20.3, 20.4)",
		[CHART_TERRAIN] = "Chart: Terrain effects and movement costs (20.2, 8.7)",
	};
	return (unsigned)c < CHART_COUNT ? title[c] : "?";
}

int charts_build(const struct tables *t, enum chart c, const char *const **lines)
{
	nchart = 0;
	if (c == CHART_CRT)
		chart_crt(t);
	else if (c == CHART_AFT)
		chart_aft(t);
	else if (c == CHART_TERRAIN)
		chart_terrain(t);
	*lines = chart_line;
	return nchart;
}

void charts_show(struct tui *t, enum chart c)
{
	const char *const *lines;
	int n = charts_build(t->g ? &t->g->scn->tables : &t->scn->tables, c, &lines);
	dialog_text(t, charts_title(c), lines, n);
}
