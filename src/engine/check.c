/* check.c — owns the position's invariants: what must hold after every action whatever
 * the rules decided. Used by tests and the soak; cheap enough to run after every action. */
#include "check.h"
#include "names.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}

/* Stacking is checked at every decision point: a retreat through an overstacked hex is one
 * action (its whole path), so no decision is ever pending in the middle of one (7.1B). */
bool check_game(const struct game *g, char *err, size_t errlen)
{
	const struct roster *r = &g->scn->roster;
	if (g->turn < 1 || g->turn > GAME_TURNS)
		return fail(err, errlen, "%sturn %d out of range", "", g->turn);
	for (int c = 0; c < CORPS_COUNT; c++) {
		/* 13.1: a corps' committed turn is past (it is read only while the corps is
		 * Committed: commit_committed_turn) */
		if (g->corps_committed[c] < 0 || g->corps_committed[c] > g->turn)
			return fail(err, errlen, "corps %s noted as committed on turn %d, after turn %d (13.1)",
				    names_corps[c], g->corps_committed[c], g->turn);
	}
	if (g->pending.what < 0 || g->pending.what >= DECISION_COUNT)
		return fail(err, errlen, "%spending decision %d unknown", "", g->pending.what);
	if (g->phase < PHASE_MOVEMENT || g->phase > PHASE_COMBAT)
		return fail(err, errlen, "%sphase %d unknown", "", (int)g->phase);
	if (g->side != SIDE_UNION && g->side != SIDE_CONFEDERATE)
		return fail(err, errlen, "%sphasing side %d is no side", "", (int)g->side);
	if (g->pending.side < SIDE_UNION || g->pending.side > SIDE_NONE)
		return fail(err, errlen, "%spending side %d is no side", "", (int)g->pending.side);
	if (g->pending.subject < -1 || g->pending.subject >= ROSTER_UNITS)
		return fail(err, errlen, "%spending subject %d is no unit", "", g->pending.subject);
	if (g->pending.subject >= 0) {
		/* the unit a decision is about (SEQUENCE.md: the one to withdraw, retreat,
		 * advance, support, the gun that may fire) is the deciding side's, on the map */
		const struct unit_def *d = &r->unit[g->pending.subject];
		if (d->side != g->pending.side)
			return fail(err, errlen, "pending subject %s is not of the deciding side (%d)",
				    d->id, (int)g->pending.side);
		if (g->unit[g->pending.subject].hex == HEX_NONE)
			return fail(err, errlen, "pending subject %s is off the map (hex %d)", d->id,
				    HEX_NONE);
	}
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
		if (nat[i] > 1 && !roster_may_stack(r, at[i], nat[i], why, sizeof why)) {
			snprintf(err, errlen, "hex %04d: %s", hex_from_index(i), why);
			return false;
		}
	}
	return true;
}
