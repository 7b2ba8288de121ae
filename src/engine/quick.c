/* quick.c — owns the quick set-up decision (4.2, DECISION_SETUP): which placements are
 * legal, the `place`, `remove` and `end` actions while a side sets up, and the hand-over
 * from the Union's set-up to the Confederate's and from that to turn 1 (game.c). The zones
 * themselves are data (data/map.txt `zone` records); stacking is 7.0's one rule
 * (stack_why). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "quick.h"

#define EVANS_HEX 2127 /* 4.2D */

static bool mine(const struct game *g, int u)
{
	return unit_side(u) == g->pending.side;
}

/* 4.2C: the Reserve artillery (C19, C20) and the corps artillery (C21). */
static bool non_divisional(const struct game *g, int u)
{
	const struct unit_def *d = unit_def(g, u);
	return d->side == SIDE_CONFEDERATE && d->type == UNIT_ARTILLERY &&
	       (!strcmp(d->formation, "Res") || !strcmp(d->formation, "I"));
}

const struct map_zone *quick_zone(const struct game *g, int u)
{
	if (unit_is_reinforcement(g, u))
		return NULL;
	const struct unit_def *d = unit_def(g, u);
	return map_zone_side(&g->scn->map, d->side == SIDE_CONFEDERATE, d->formation);
}

static bool confederate_infantry_in(const struct game *g, int hex)
{
	int at[8];
	int n = unit_in_hex(g, hex, at, 8);
	for (int i = 0; i < n; i++)
		if (unit_side(at[i]) == SIDE_CONFEDERATE &&
		    unit_def(g, at[i])->type == UNIT_INFANTRY)
			return true;
	return false;
}

bool quick_place_why(const struct game *g, int u, int hex, char *why, size_t whylen)
{
	const struct unit_def *d = unit_def(g, u);
	if (g->pending.what != DECISION_SETUP) {
		snprintf(why, whylen, "4.2: the set-up is over");
		return false;
	}
	if (!mine(g, u)) {
		snprintf(why, whylen, "4.2: %s is not a %s unit", d->id, names_of_side(g->pending.side));
		return false;
	}
	if (unit_is_reinforcement(g, u)) {
		snprintf(why, whylen, "4.1B: %s is a reinforcement and enters during play (9.0)", d->id);
		return false;
	}
	if (g->unit[u].hex != HEX_NONE) {
		snprintf(why, whylen, "4.2: %s is already placed (remove it first)", d->id);
		return false;
	}
	if (!hex_valid(hex)) {
		snprintf(why, whylen, "%d is not a hex on the map", hex);
		return false;
	}
	if (!strcmp(d->formation, "Evn") && d->side == SIDE_CONFEDERATE && hex != EVANS_HEX) {
		snprintf(why, whylen, "4.2D: %s (Evans) sets up in %04d", d->id, EVANS_HEX);
		return false;
	}
	const struct map_zone *z = quick_zone(g, u);
	if (!map_in_zone(z, hex)) {
		snprintf(why, whylen, "4.2A: %04d is not in %s's set-up zone (%s)", hex, d->id,
			 d->formation);
		return false;
	}
	if (non_divisional(g, u) && !confederate_infantry_in(g, hex)) {
		snprintf(why, whylen, "4.2C: %s sets up with Confederate infantry; %04d has none",
			 d->id, hex);
		return false;
	}
	char stack[128];
	if (!stack_why(g, hex, u, stack, sizeof stack)) {
		snprintf(why, whylen, "4.2B: %s", stack);
		return false;
	}
	return true;
}

bool quick_side_complete(const struct game *g, enum side side)
{
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_side(u) == side && !unit_is_reinforcement(g, u) &&
		    g->unit[u].hex == HEX_NONE)
			return false;
	return true;
}

static int unplaced(const struct game *g, int *first)
{
	int n = 0;
	*first = -1;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (mine(g, u) && !unit_is_reinforcement(g, u) && g->unit[u].hex == HEX_NONE) {
			if (*first < 0)
				*first = u;
			n++;
		}
	return n;
}

/* 4.2C: a gun of the Reserve or corps artillery that would be left without infantry. */
static int stranded_gun(const struct game *g, int hex, int leaving)
{
	int at[8];
	int n = unit_in_hex(g, hex, at, 8);
	bool infantry = false;
	int gun = -1;
	for (int i = 0; i < n; i++) {
		if (at[i] == leaving || unit_side(at[i]) != SIDE_CONFEDERATE)
			continue;
		if (unit_def(g, at[i])->type == UNIT_INFANTRY)
			infantry = true;
		else if (non_divisional(g, at[i]))
			gun = at[i];
	}
	return infantry ? -1 : gun;
}

enum phase_result quick_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	switch (a->type) {
	case ACT_PLACE: {
		int full = unit_def(g, a->unit)->steps;
		if (a->value && a->value != full) {
			snprintf(err, errlen, "4.1B: %s begins at full strength (%d steps)",
				 names_of_unit(a->unit), full);
			return PHASE_REFUSED;
		}
		if (!quick_place_why(g, a->unit, a->target, err, errlen))
			return PHASE_REFUSED;
		g->unit[a->unit].hex = (int16_t)a->target;
		g->unit[a->unit].steps = (int8_t)full;
		g->unit[a->unit].flags = 0;
		return PHASE_GOES_ON;
	}
	case ACT_REMOVE: {
		int u = a->unit, hex = g->unit[u].hex;
		if (!mine(g, u) || hex == HEX_NONE) {
			snprintf(err, errlen, "4.2: %s is not a placed %s unit", names_of_unit(u),
				 names_of_side(g->pending.side));
			return PHASE_REFUSED;
		}
		g->unit[u].hex = HEX_NONE;
		int gun = stranded_gun(g, hex, u);
		if (gun >= 0) {
			snprintf(err, errlen, "4.2C: %s would be left without infantry in %04d (remove it first)",
				 names_of_unit(gun), hex);
			return PHASE_REFUSED;
		}
		return PHASE_GOES_ON;
	}
	case ACT_END: {
		int first;
		int n = unplaced(g, &first);
		if (n > 0) {
			snprintf(err, errlen, "4.1B: %d %s unit%s still to place (%s first)", n,
				 names_of_side(g->pending.side), n == 1 ? "" : "s", names_of_unit(first));
			return PHASE_REFUSED;
		}
		event_new(g, EVENT_SETUP_DONE)->side = (int8_t)g->pending.side;
		if (g->pending.side == SIDE_UNION) {
			g->side = SIDE_CONFEDERATE;
			pending_set(g, SIDE_CONFEDERATE, DECISION_SETUP, -1);
			return PHASE_GOES_ON;
		}
		return PHASE_OVER; /* the sequence begins turn 1 */
	}
	default:
		snprintf(err, errlen, "4.2: during the set-up only place, remove and end");
		return PHASE_REFUSED;
	}
}

int quick_historical(const struct game *g, struct action *out, int max)
{
	int n = 0;
	if (g->pending.what != DECISION_SETUP)
		return 0;
	/* each placement judged after the ones before it (4.2C: the guns after the infantry) */
	struct game *probe = malloc(sizeof *probe);
	if (!probe)
		return 0;
	*probe = *g;
	probe->events = NULL; /* a what-if: its events go nowhere */
	char why[160];
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < ROSTER_UNITS && n < max; u++) {
			const struct unit_def *d = unit_def(g, u);
			if (!mine(g, u) || unit_is_reinforcement(g, u) || g->unit[u].hex != HEX_NONE ||
			    (d->type == UNIT_INFANTRY) != (pass == 0))
				continue;
			/* its 4.3 hex; when units placed elsewhere by hand forbid it (issue 33: the
			 * bot and the general placed into a refusal for ever), the first hex of its
			 * zone it may take; when none, a unit the hand placed off its 4.3 hex goes
			 * back first */
			int hex = g->scn->roster.historical_hex[u];
			const struct map_zone *z = quick_zone(g, u);
			for (int i = 0; !quick_place_why(probe, u, hex, why, sizeof why) && z &&
					i < z->nhexes;
			     i++)
				hex = z->hexes[i];
			struct action a = { .type = ACT_PLACE, .unit = u, .target = hex };
			if (quick_place_why(probe, u, hex, why, sizeof why) &&
			    quick_apply(probe, &a, why, sizeof why) != PHASE_REFUSED) {
				out[n++] = a;
				continue;
			}
			for (int v = 0; v < ROSTER_UNITS && n == 0; v++)
				if (mine(g, v) && hex_valid(g->unit[v].hex) &&
				    g->unit[v].hex != g->scn->roster.historical_hex[v])
					out[n++] = (struct action){ .type = ACT_REMOVE, .unit = v, .target = -1 };
			free(probe);
			return n;
		}
	free(probe);
	return n;
}

void quick_legal(const struct game *g, struct action_list *l)
{
	int first;
	if (unplaced(g, &first) == 0)
		action_list_add(l, ACT_END, -1, 0);
	char why[160];
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!mine(g, u) || unit_is_reinforcement(g, u))
			continue;
		if (g->unit[u].hex != HEX_NONE) {
			struct game probe = *g;
			probe.events = NULL; /* a what-if: its events go nowhere */
			char e[160];
			struct action r = { .type = ACT_REMOVE, .unit = u, .target = -1 };
			if (quick_apply(&probe, &r, e, sizeof e) != PHASE_REFUSED)
				action_list_add(l, ACT_REMOVE, u, -1);
			continue;
		}
		const struct map_zone *z = quick_zone(g, u);
		for (int i = 0; z && i < z->nhexes; i++)
			if (quick_place_why(g, u, z->hexes[i], why, sizeof why))
				action_list_add(l, ACT_PLACE, u, z->hexes[i]);
	}
}
