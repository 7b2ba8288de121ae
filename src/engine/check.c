/* check.c — owns the position's invariants: what must hold after every action whatever
 * the rules decided. Used by tests and the soak; cheap enough to run after every action. */
#include "check.h"

#include <stdio.h>
#include <string.h>

static bool fail(char *err, size_t errlen, const char *fmt, const char *a, int b)
{
	snprintf(err, errlen, fmt, a, b);
	return false;
}

bool check_stacking(const struct game *g, const int *units, int n, char *why, size_t whylen)
{
	const struct roster *r = &g->scn->roster;
	int inf[2] = { 0, 0 }, art[2] = { 0, 0 };
	int corps = -2, ixdiv = -1;
	for (int i = 0; i < n; i++) {
		const struct unit_def *d = &r->unit[units[i]];
		if (d->type == UNIT_INFANTRY)
			inf[d->side]++;
		else
			art[d->side]++;
		if (d->side != SIDE_UNION)
			continue;
		/* 7.2A: units of different Union corps never stack together */
		if (corps != -2 && corps != (int)d->corps) {
			if (why)
				snprintf(why, whylen, "7.2A: units of different Union corps may not stack");
			return false;
		}
		corps = d->corps;
		/* 7.2B: within IX Corps only one division per hex; U57 (corps artillery, division 0)
		 * stacks with any IX infantry */
		if (d->corps == CORPS_IX && d->division > 0) {
			if (ixdiv >= 0 && ixdiv != d->division) {
				if (why)
					snprintf(why, whylen, "7.2B: IX Corps units of different divisions may not stack");
				return false;
			}
			ixdiv = d->division;
		}
	}
	for (int s = 0; s < 2; s++) {
		if (inf[s] > 1 || art[s] > 1) {
			if (why)
				snprintf(why, whylen, "7.1A: at most one infantry and one artillery unit a hex");
			return false;
		}
	}
	if ((inf[0] + art[0]) && (inf[1] + art[1])) {
		if (why)
			snprintf(why, whylen, "8.4: units of both sides in one hex");
		return false;
	}
	return true;
}

/* Stacking is checked at every decision point: a retreat through an overstacked hex is one
 * action (its whole path), so no decision is ever pending in the middle of one (7.1B). */
bool game_check(const struct game *g, char *err, size_t errlen)
{
	const struct roster *r = &g->scn->roster;
	if (g->turn < 1 || g->turn > GAME_TURNS)
		return fail(err, errlen, "%sturn %d out of range", "", g->turn);
	if (g->pending.what < 0 || g->pending.what >= DECISION_COUNT)
		return fail(err, errlen, "%spending decision %d unknown", "", g->pending.what);
	if (g->pending.subject >= ROSTER_UNITS)
		return fail(err, errlen, "%spending subject %d is no unit", "", g->pending.subject);
	int at[HEX_INDEX_COUNT][4];
	int nat[HEX_INDEX_COUNT] = { 0 };
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_state *s = &g->unit[u];
		const struct unit_def *d = &r->unit[u];
		if (s->steps < 0 || s->steps > d->steps)
			return fail(err, errlen, "%s has %d steps", d->id, s->steps);
		if (s->hex == HEX_NONE)
			continue;
		if (s->steps == 0)
			return fail(err, errlen, "%s is eliminated but stands in hex %d", d->id, s->hex);
		int i = hex_index(s->hex);
		if (i < 0)
			return fail(err, errlen, "%s stands in hex %d, which is not on the map", d->id, s->hex);
		if (nat[i] == 4)
			return fail(err, errlen, "%s: more than four units in hex %d", d->id, s->hex);
		at[i][nat[i]++] = u;
	}
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		char why[128];
		if (nat[i] > 1 && !check_stacking(g, at[i], nat[i], why, sizeof why)) {
			snprintf(err, errlen, "hex %04d: %s", hex_from_index(i), why);
			return false;
		}
	}
	return true;
}
