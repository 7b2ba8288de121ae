/* fire.c — owns artillery fire (10.0): which gun may fire at which target (LOS, range,
 * Moved markers, the two-guns-per-target limit, corps and turn-1 restrictions), the DRMs of
 * 20.3 with their rules, resolving a shot on the Artillery Fire Table, the artillery fire
 * phase as a decision point, and the defensive fire of 11.5B (called from combat.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "combat_internal.h"
#include "commit.h"
#include "los.h"

bool fire_gun_may_fire(const struct game *g, int gun, int target, char *err, size_t errlen)
{
	const struct unit_def *d = cdef(g, gun);
	if (d->side == SIDE_UNION && d->corps != CORPS_NONE &&
	    !commit_unit_may_fire(g, gun, target))
		return names_refusal(err, errlen, "13.4B: %s belongs to Unavailable %s Corps and may fire "
			             "only at a Confederate unit that moved adjacent to that corps (13.4C)",
			             d->id, d->formation);
	if (unit_hood_held(g, gun))
		return names_refusal(err, errlen, "4.5C: Hood's division may not fire on turn 1 until a Union "
			             "unit moves adjacent to it");
	return true;
}

static void add_mod(struct fire_odds *o, int value, enum modifier id)
{
	odds_add_drm(o->mod, &o->nmods, &o->drm, value, id, 0, 0);
}

/* 10.4: the hexside features the fire crosses as it enters the target's hex (both sides of
 * the vertex when the line arrives along an edge). */
static unsigned sides_of_line(const struct map *m, int to, const struct hex_step *st, int n)
{
	if (n < 2)
		return 0;
	const struct hex_step *p = &st[n - 2];
	unsigned f = hex_adjacent(p->hex, to) ? map_side(m, p->hex, to) : 0;
	if (p->edge && p->other != HEX_NONE && hex_adjacent(p->other, to))
		f |= map_side(m, p->other, to);
	return f;
}

static unsigned entering_sides(const struct map *m, int from, int to)
{
	struct hex_step st[HEX_LINE_MAX];
	return sides_of_line(m, to, st, hex_line(from, to, st));
}

/* The line from..to drawn once for both questions (two valid hexes, not the same). */
static struct fire_sight sight_of_line(const struct map *m, int from, int to)
{
	struct hex_step st[HEX_LINE_MAX];
	int n = hex_line(from, to, st);
	return (struct fire_sight){ .clear = los_clear_line(m, from, to, st, n),
				    .sides = sides_of_line(m, to, st, n) };
}

struct fire_sight fire_sight(const struct map *m, int from, int to)
{
	if (hex_valid(from) && hex_valid(to) && from != to)
		return sight_of_line(m, from, to);
	return (struct fire_sight){ .clear = los_clear(m, from, to),
				    .sides = entering_sides(m, from, to) };
}

bool fire_check(const struct game *g, int gun, int target, bool defensive,
		struct fire_odds *o, char *err, size_t errlen)
{
	return fire_check_sight(g, gun, target, defensive, NULL, o, err, errlen);
}

/* fire_check_sight, and with odds false only whether the fire may go ahead: nothing after
 * the line of sight refuses, so fire_legal stops there (o->range set, no DRMs, no table). */
static bool check_fire(const struct game *g, int gun, int target, bool defensive,
		       const struct fire_sight *sight, struct fire_odds *o, bool odds, char *err,
		       size_t errlen)
{
	memset(o, 0, sizeof *o);
	if (gun < 0 || gun >= ROSTER_UNITS || !unit_on_map(g, gun))
		return names_refusal(err, errlen, "10.2A: the firing unit is not on the map");
	const struct unit_def *d = cdef(g, gun);
	if (d->type != UNIT_ARTILLERY)
		return names_refusal(err, errlen, "10.1A: %s is infantry; only artillery fires", d->id);
	if (target < 0 || target >= ROSTER_UNITS || !unit_on_map(g, target))
		return names_refusal(err, errlen, "10.7C: the target is not a unit on the map");
	const struct unit_def *td = cdef(g, target);
	if (td->side == d->side)
		return names_refusal(err, errlen, "10.2A: %s is not an enemy unit", td->id);
	uint32_t fl = g->unit[gun].flags;
	if (defensive) {
		if (fl & UF_DEF_FIRED)
			return names_refusal(err, errlen, "11.5B: %s has fired defensively this turn", d->id);
	} else {
		if (fl & UF_FIRED)
			return names_refusal(err, errlen, "10.2E: %s has fired this phase", d->id);
		if (fl & UF_ART_MOVED)
			return names_refusal(err, errlen, "10.8A: %s has a Moved marker and may not fire this "
				             "phase", d->id);
		if (g->fired_at[target] >= 2)
			return names_refusal(err, errlen, "10.7D: %s has been fired at by two guns this phase",
				             td->id);
	}
	if (!fire_gun_may_fire(g, gun, target, err, errlen))
		return false;

	const struct tables *t = &g->scn->tables;
	int from = g->unit[gun].hex, to = g->unit[target].hex;
	o->range = hex_distance(from, to);
	bool parrott = d->side == SIDE_UNION && tables_is_parrott(t, d->number);
	int rdrm = 0;
	if (o->range > d->range || !tables_range_drm(t, o->range, parrott, &rdrm))
		return names_refusal(err, errlen, "10.3A: %s at range %d is beyond %s's range of %d", td->id,
			             o->range, d->id, d->range);
	/* without a sight given, the line only for fire that needs it, the sides only once the
	 * fire may go ahead (fire_legal asks of every gun and target) */
	struct hex_step line[HEX_LINE_MAX];
	int nline = -1; /* the line from..to, once drawn: for the sight and the sides */
	bool clear = true;
	if (sight) {
		clear = sight->clear;
	} else if (!defensive && from != to) {
		nline = hex_line(from, to, line);
		clear = los_clear_line(&g->scn->map, from, to, line, nline);
	} else if (!defensive) {
		clear = los_clear(&g->scn->map, from, to);
	}
	if (!defensive && !clear)
		return names_refusal(err, errlen, "10.2A: %s in %04d has no line of sight to %04d", d->id, from,
			             to);
	if (!odds)
		return true;
	o->fire_value = unit_cv(g, gun);

	/* 20.3 DRMs, cumulative */
	const struct map_hex *th = chex(g, to);
	if (td->type == UNIT_INFANTRY)
		add_mod(o, tables_fire_drm(t, FIRE_DRM_INFANTRY), MOD_FIRE_INFANTRY);
	if (th->terrain == TERRAIN_WOODS || th->terrain == TERRAIN_ORCHARD ||
	    th->terrain == TERRAIN_CORNFIELD)
		add_mod(o, tables_fire_drm(t, FIRE_DRM_COVER), MOD_FIRE_COVER);
	if (th->terrain == TERRAIN_TOWN)
		add_mod(o, tables_fire_drm(t, FIRE_DRM_TOWN), MOD_FIRE_TOWN);
	unsigned sides = sight ? sight->sides
			       : nline >= 0 ? sides_of_line(&g->scn->map, to, line, nline)
					    : entering_sides(&g->scn->map, from, to);
	if (th->sunken_road && (sides & SIDE_SUNKEN))
		add_mod(o, tables_fire_drm(t, FIRE_DRM_SUNKEN), MOD_FIRE_SUNKEN_ROAD);
	if (sides & SIDE_CREST)
		add_mod(o, tables_fire_drm(t, FIRE_DRM_CREST), MOD_FIRE_CREST);
	odds_add_drm(o->mod, &o->nmods, &o->drm, rdrm, MOD_RANGE, o->range, 0);

	for (int die = 1; die <= 6; die++) {
		enum fire_result r = tables_fire_result(t, o->fire_value, die + o->drm);
		o->steps[die] = (int8_t)tables_fire_steps(r, td->type == UNIT_ARTILLERY,
							  g->unit[target].steps);
	}
	return true;
}

bool fire_check_sight(const struct game *g, int gun, int target, bool defensive,
		      const struct fire_sight *sight, struct fire_odds *o, char *err,
		      size_t errlen)
{
	return check_fire(g, gun, target, defensive, sight, o, true, err, errlen);
}

void fire_resolve(struct game *g, int gun, int target, bool defensive)
{
	struct fire_odds o;
	char err[160];
	if (!fire_check(g, gun, target, defensive, &o, err, sizeof err))
		return;
	int roll = dice_roll(g, defensive ? EVENT_WHY_DEFENSIVE_FIRE : EVENT_WHY_ARTILLERY_FIRE);
	int steps = o.steps[roll];
	struct game_event *e = event_new(g, EVENT_FIRE);
	e->unit = (int16_t)gun;
	e->target = (int16_t)target;
	e->to = g->unit[target].hex; /* where it stood when fired at */
	e->column = (int8_t)o.fire_value;
	e->die = (int8_t)roll;
	e->drm = (int8_t)o.drm;
	e->steps = (int8_t)steps;
	e->defensive = defensive;
	e->n = (uint8_t)o.nmods; /* the DRMs (10.3B, 10.4, 20.3) with their rules */
	memcpy(e->mod, o.mod, (size_t)o.nmods * sizeof *o.mod);
	if (defensive) {
		g->unit[gun].flags |= UF_DEF_FIRED;
	} else {
		g->unit[gun].flags |= UF_FIRED;
		g->fired_at[target]++; /* 10.7D; defensive fire does not count */
	}
	for (int i = 0; i < steps && unit_on_map(g, target); i++)
		unit_lose_step(g, target,
			       defensive ? EVENT_WHY_DEFENSIVE_FIRE_LOSS : EVENT_WHY_FIRE_LOSS);
}

/* ---- the artillery fire phase ---- */

void fire_phase_begin(struct game *g)
{
	for (int u = 0; u < ROSTER_UNITS; u++)
		g->unit[u].flags &= ~(uint32_t)UF_FIRED;
	memset(g->fired_at, 0, sizeof g->fired_at);
	pending_set(g, g->side, DECISION_ARTILLERY, -1);
}

/* A gun of the phasing side fires (10.2A), the checks first; false with err. */
static bool apply_fire(struct game *g, const struct action *a, char *err, size_t errlen)
{
	struct fire_odds o;
	if (a->unit < 0 || a->unit >= ROSTER_UNITS)
		return names_refusal(err, errlen, "10.2A: no such gun");
	if (cdef(g, a->unit)->side != g->side)
		return names_refusal(err, errlen, "10.1A: only the phasing side fires in its artillery "
			             "fire phase");
	if (!fire_check(g, a->unit, a->target, false, &o, err, errlen))
		return false;
	fire_resolve(g, a->unit, a->target, false);
	return true;
}

enum phase_result fire_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	if (g->pending.what != DECISION_ARTILLERY) {
		names_refusal(err, errlen, "10.2: not the artillery fire phase");
		return PHASE_REFUSED;
	}
	switch (a->type) {
	case ACT_END:
		return PHASE_OVER;
	case ACT_FIRE:
		return apply_fire(g, a, err, errlen) ? PHASE_GOES_ON : PHASE_REFUSED;
	default:
		names_refusal(err, errlen, "10.2: in the artillery fire phase a gun fires or the phase ends");
		return PHASE_REFUSED;
	}
}

void fire_legal(const struct game *g, struct action_list *l)
{
	if (g->pending.what != DECISION_ARTILLERY)
		return;
	for (int gun = 0; gun < ROSTER_UNITS; gun++) {
		if (!unit_on_map(g, gun) || cdef(g, gun)->side != g->side ||
		    cdef(g, gun)->type != UNIT_ARTILLERY)
			continue;
		/* what check_fire refuses for every target, asked once a gun (10.2E, 10.8A) and,
		 * before the rest, once a target (10.3A: beyond the gun's range) */
		if (g->unit[gun].flags & (UF_FIRED | UF_ART_MOVED))
			continue;
		int from = g->unit[gun].hex, range = cdef(g, gun)->range;
		for (int t = 0; t < ROSTER_UNITS; t++) {
			struct fire_odds o;
			if (cdef(g, t)->side == g->side || !unit_on_map(g, t) ||
			    !hex_within(from, g->unit[t].hex, range))
				continue;
			if (!check_fire(g, gun, t, false, NULL, &o, false, NULL, 0))
				continue;
			action_list_add(l, ACT_FIRE, gun, t);
		}
	}
	action_list_add(l, ACT_END, -1, 0);
}
