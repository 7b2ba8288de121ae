/* odds.c — owns how an attack is figured (11.5C, 11.7–11.14): who may attack what, the
 * combat factors after halving, the CRT column, every die roll modifier with its rule, and
 * the CRT result for each die, and the corps restrictions on attacking (13.3–13.4) the
 * combat modules share. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "combat_internal.h"
#include "commit.h"

/* ---- shared queries ---- */

bool odds_corps_may_attack(const struct game *g, int u, int c)
{
	const struct unit_def *d = cdef(g, u);
	if (d->side != SIDE_UNION || d->corps == CORPS_NONE)
		return true;
	/* 8.12A, 13.2A, 13.3F, 13.4C; 8.12B and the 13.0 option lift it all */
	return commit_unit_may_fight(g, u, c);
}

/* ---- who may attack what ---- */

bool odds_can_attack(const struct game *g, int a, const int *defhex, int ndefhex, char *err,
		       size_t errlen)
{
	if (a < 0 || a >= ROSTER_UNITS || !unit_on_map(g, a)) {
		snprintf(err, errlen, "11.1A: the attacker is not on the map");
		return false;
	}
	const struct unit_def *d = cdef(g, a);
	if (d->type != UNIT_INFANTRY) {
		snprintf(err, errlen, "11.1A: %s is artillery; only infantry attacks", d->id);
		return false;
	}
	if (g->unit[a].steps <= 1) {
		snprintf(err, errlen, "11.2B: %s is shot to ribbons and may not attack", d->id);
		return false;
	}
	if (ndefhex < 1 || ndefhex > COMBAT_DEFHEX_MAX) {
		snprintf(err, errlen, "11.3B: one to %d defending hexes", COMBAT_DEFHEX_MAX);
		return false;
	}
	if (!commit_vi_may_fight(g, a)) {
		snprintf(err, errlen, "9.3D: on turn 6 VI Corps in combat counts toward the two-corps "
			 "allotment, and two other corps have moved or attacked this turn");
		return false;
	}
	int from = g->unit[a].hex;
	enum side foe = enemy_of(d->side);
	for (int i = 0; i < ndefhex; i++) {
		int h = defhex[i];
		for (int j = 0; j < i; j++)
			if (defhex[j] == h) {
				snprintf(err, errlen, "11.3B: hex %04d named twice", h);
				return false;
			}
		int foes[8];
		int nf = unit_side_in_hex(g, h, foe, foes, 8);
		if (nf == 0) {
			snprintf(err, errlen, "11.1A: no enemy unit in %04d", h);
			return false;
		}
		if (!hex_adjacent(from, h)) {
			snprintf(err, errlen, "%s: %s in %04d is not adjacent to %04d",
				 ndefhex > 1 ? "11.3B" : "11.1A", d->id, from, h);
			return false;
		}
		unsigned f = map_side(&g->scn->map, from, h);
		if ((f & SIDE_CREEK) && !(f & (SIDE_BRIDGE | SIDE_FORD))) {
			snprintf(err, errlen, "11.12B: %s may not attack across Antietam Creek "
				 "%04d/%04d", d->id, from, h);
			return false;
		}
		for (int k = 0; k < nf; k++)
			if (!odds_corps_may_attack(g, a, foes[k])) {
				bool unav = g->corps[d->corps] == CORPS_UNAVAILABLE;
				snprintf(err, errlen, "%s: %s of %s %s Corps may attack only enemy units "
					 "that moved adjacent to the corps; %s did not",
					 unav ? "13.4C" : "13.3F", d->id,
					 unav ? "Unavailable" : "Available", d->formation,
					 cdef(g, foes[k])->id);
				return false;
			}
	}
	return true;
}

/* ---- the odds ---- */

void odds_add_drm(struct combat_mod *mod, int *nmods, int *drm, int value, enum modifier id,
		  int a, int b)
{
	if (value == 0 || *nmods >= COMBAT_DRMS_MAX)
		return;
	mod[(*nmods)++] = (struct combat_mod){ .id = (int8_t)id, .value = (int8_t)value,
					       .a = (int8_t)a, .b = (int8_t)b };
	*drm += value;
}

static void add_mod(struct combat_odds *o, int value, enum modifier id)
{
	odds_add_drm(o->mod, &o->nmods, &o->drm, value, id, 0, 0);
}

/* 11.9A: every neighbour of defending hex h holds a designated attacker or lies in the ZOC
 * of one. Neighbours off the map are not escape routes (11.17.3D) and do not count. */
static bool encircled(const struct game *g, int h, const int *des, int ndes)
{
	for (int dir = 0; dir < HEX_NDIRS; dir++) {
		int n = hex_neighbour(h, (enum hex_dir)dir);
		if (n == HEX_NONE)
			continue;
		bool covered = false;
		for (int i = 0; i < ndes && !covered; i++) {
			int at = g->unit[des[i]].hex;
			covered = at == n || zoc_side_passable(g, at, n);
		}
		if (!covered)
			return false;
	}
	return true;
}

/* The 11.14 terrain DRMs of an attack from `from` into defending hex h, summed. */
static int terrain_sum(const struct game *g, int from, int h, struct combat_odds *o)
{
	const struct tables *t = &g->scn->tables;
	const struct map_hex *dh = chex(g, h), *ah = chex(g, from);
	unsigned f = map_side(&g->scn->map, from, h);
	int sum = 0;
	/* 11.14A / 20.1: one hexside, one terrain DRM, the worst of slope, crest and ford
	 * (rules-notes.md, Charts) */
	int side = 0;
	enum modifier sid = MOD_UP_SLOPE; /* noted only when side is not 0 */
	if (dh->high && (f & SIDE_SLOPE) && tables_combat_drm(t, COMBAT_DRM_UP_SLOPE) < side) {
		side = tables_combat_drm(t, COMBAT_DRM_UP_SLOPE);
		sid = MOD_UP_SLOPE;
	}
	if (dh->high && (f & SIDE_CREST) && tables_combat_drm(t, COMBAT_DRM_UP_CREST) < side) {
		side = tables_combat_drm(t, COMBAT_DRM_UP_CREST);
		sid = MOD_UP_CREST;
	}
	if ((f & SIDE_FORD) && tables_combat_drm(t, COMBAT_DRM_FORD) < side) {
		side = tables_combat_drm(t, COMBAT_DRM_FORD);
		sid = MOD_FORD;
	}
	sum += side;
	add_mod(o, side, sid);
	if (dh->sunken_road && !ah->sunken_road && (f & SIDE_SUNKEN)) {
		sum += tables_combat_drm(t, COMBAT_DRM_SUNKEN);
		add_mod(o, tables_combat_drm(t, COMBAT_DRM_SUNKEN), MOD_SUNKEN_ROAD);
	}
	if (dh->terrain == TERRAIN_WOODS || dh->terrain == TERRAIN_ORCHARD ||
	    dh->terrain == TERRAIN_CORNFIELD) {
		sum += tables_combat_drm(t, COMBAT_DRM_COVER);
		add_mod(o, tables_combat_drm(t, COMBAT_DRM_COVER),
			dh->terrain == TERRAIN_WOODS ? MOD_WOODS :
			dh->terrain == TERRAIN_ORCHARD ? MOD_ORCHARD : MOD_CORNFIELD);
	}
	return sum;
}

bool odds_attack(const struct game *g, int a, const int *defhex, int ndefhex,
		 const int *designated, int ndesignated, struct combat_odds *o, char *err,
		 size_t errlen)
{
	memset(o, 0, sizeof *o);
	if (a < 0 || a >= ROSTER_UNITS || !unit_on_map(g, a) || !is_infantry(g, a)) {
		snprintf(err, errlen, "11.1A: only infantry on the map attacks");
		return false;
	}
	const struct unit_def *d = cdef(g, a);
	if (ndefhex < 1 || ndefhex > COMBAT_DEFHEX_MAX) {
		snprintf(err, errlen, "11.3B: one to %d defending hexes", COMBAT_DEFHEX_MAX);
		return false;
	}
	int from = g->unit[a].hex;
	enum side foe = enemy_of(d->side);
	const struct tables *t = &g->scn->tables;

	/* 11.12A, 11.13: halvings of the attacker, cumulative (11.8A), rounded down (11.8C) */
	o->attack_printed = unit_cv(g, a);
	o->attack = o->attack_printed;
	bool bridge = false, town = chex(g, from)->terrain == TERRAIN_TOWN;
	for (int i = 0; i < ndefhex; i++) {
		if (!hex_valid(defhex[i]) || !hex_adjacent(from, defhex[i])) {
			snprintf(err, errlen, "11.1A: %s is not adjacent to %04d", d->id, defhex[i]);
			return false;
		}
		unsigned f = map_side(&g->scn->map, from, defhex[i]);
		if ((f & SIDE_CREEK) && !(f & (SIDE_BRIDGE | SIDE_FORD))) {
			snprintf(err, errlen, "11.12B: %s may not attack across Antietam Creek",
				 d->id);
			return false;
		}
		bridge |= (f & SIDE_BRIDGE) != 0;
		town |= chex(g, defhex[i])->terrain == TERRAIN_TOWN;
	}
	if (bridge) {
		o->attack /= 2;
		o->halvings++;
	}
	if (town) {
		o->attack /= 2;
		o->halvings++;
	}

	/* 11.5C defence: infantry at its combat value; artillery alone in its hex at 1 (11.7A);
	 * artillery stacked with infantry adds nothing (rules-notes.md, Combat) */
	int best_morale = INT_MIN;
	for (int i = 0; i < ndefhex; i++) {
		int units[8];
		int n = unit_side_in_hex(g, defhex[i], foe, units, 8);
		if (n == 0) {
			snprintf(err, errlen, "11.1A: no enemy unit in %04d", defhex[i]);
			return false;
		}
		bool infantry = is_infantry(g, units[0]);
		for (int k = 0; k < n; k++) {
			if (is_infantry(g, units[k])) {
				o->defence += unit_cv(g, units[k]);
				int m = unit_morale(g, units[k]);
				if (m > best_morale)
					best_morale = m;
			} else if (!infantry) {
				o->defence += 1;
			}
		}
	}
	o->column = (int)tables_crt_column(o->attack, o->defence);

	/* 11.9 encirclement: every defending hex surrounded */
	int nadj = 0;
	bool enc = true;
	for (int i = 0; i < ndefhex; i++)
		enc = enc && encircled(g, defhex[i], designated, ndesignated);
	for (int i = 0; i < ndesignated; i++) {
		bool adj = false;
		for (int k = 0; k < ndefhex; k++)
			adj |= hex_adjacent(g->unit[designated[i]].hex, defhex[k]);
		nadj += adj;
	}
	if (enc && nadj > 2)
		add_mod(o, tables_combat_drm(t, COMBAT_DRM_ENCIRCLED_3), MOD_ENCIRCLED_3);
	else if (enc && nadj == 2)
		add_mod(o, tables_combat_drm(t, COMBAT_DRM_ENCIRCLED_2), MOD_ENCIRCLED_2);

	/* 11.10: morale difference; ignored against lone artillery (11.7B, 11.10C) */
	if (best_morale != INT_MIN) {
		int diff = unit_morale(g, a) - best_morale;
		odds_add_drm(o->mod, &o->nmods, &o->drm, diff, MOD_MORALE, unit_morale(g, a),
			     best_morale);
	}
	/* 11.11 élan */
	if (d->side == SIDE_CONFEDERATE)
		add_mod(o, tables_combat_drm(t, COMBAT_DRM_CONFEDERATE), MOD_ELAN);

	/* 11.14 terrain: with several defending hexes the one best for the defender */
	int best = INT_MAX, besti = 0;
	for (int i = 0; i < ndefhex; i++) {
		struct combat_odds scratch;
		memset(&scratch, 0, sizeof scratch);
		int s = terrain_sum(g, from, defhex[i], &scratch);
		if (s < best) {
			best = s;
			besti = i;
		}
	}
	terrain_sum(g, from, defhex[besti], o);

	for (int die = 1; die <= 6; die++) {
		struct crt_result r = tables_crt_result(t, (enum crt_column)o->column, die + o->drm);
		o->att_loss[die] = r.attacker;
		o->def_loss[die] = r.defender;
		o->def_retreat[die] = r.retreat;
	}
	return true;
}

int odds_chances(const struct combat_odds *o, struct crt_chance *out)
{
	int n = 0;
	for (int die = 1; die <= 6; die++) {
		int k = 0;
		while (k < n && !(out[k].attacker == o->att_loss[die] &&
				  out[k].defender == o->def_loss[die] &&
				  out[k].retreat == o->def_retreat[die]))
			k++;
		if (k == n) {
			out[n].attacker = o->att_loss[die];
			out[n].defender = o->def_loss[die];
			out[n].retreat = o->def_retreat[die];
			out[n].sixths = 0;
			n++;
		}
		out[k].sixths++;
	}
	return n;
}
