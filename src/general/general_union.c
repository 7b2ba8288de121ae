/* general_union.c — owns the computer general's plan for the Union under the two-player
 * rules (general_union.h): the worth of each objective hex under 3.2's awards as control
 * would be updated now (3.3A), and which corps fight when, after the designer's notes for the
 * Union player (24.2): XII Corps committed with I Corps on turn 1 (13.7C; not IX, 24.2G-H),
 * IX only once II has entered the fight (24.2H), VI held fresh to turn 7 (24.2F) while another
 * fresh corps can go in; a Committed corps withdrawn (13.5) when its casualties reach what
 * its size plans for (24.2B: a large corps three turns, a small one two) and a fresh corps
 * waits, the fresh one nearest what is left to take committed in its place (13.1–13.2: only
 * two Committed at a time). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "commit.h"
#include "general_union.h"
#include "tables.h"
#include "victory.h"
#include "zoc.h"

void gu_objectives(const struct game *g, struct gu_objectives *o)
{
	const struct tables *t = &g->scn->tables;
	const struct map *m = &g->scn->map;
	/* only the first n of each array are set (the general asks this of every position it
	 * looks at: no 18 KB memset) */
	o->m = m;
	o->n = 0;
	o->vp = 0;
	int first[TABLES_VP_MAX + 1];
	for (int i = 0; i < t->nvp; i++) {
		first[i] = o->n;
		const struct map_objective *ob = map_objective(m, t->vp[i].key);
		for (int k = 0; ob && k < ob->nhexes && o->n < GU_HEXES; k++)
			o->hex[o->n++] = ob->hexes[k];
	}
	first[t->nvp] = o->n;
	memset(o->gain, 0, sizeof o->gain[0] * (size_t)o->n);
	memset(o->keep, 0, sizeof o->keep[0] * (size_t)o->n);
	victory_control_now_hexes(g, o->hex, o->n, o->now);
	for (int i = 0; i < t->nvp; i++) {
		const struct vp_objective *v = &t->vp[i];
		int n = first[i + 1] - first[i], held = 0;
		for (int k = first[i]; k < first[i + 1]; k++)
			held += o->now[k] == SIDE_UNION;
		int have = tables_vp_award2(v, held, n);
		o->vp += have / 2.0;
		for (int k = first[i]; k < first[i + 1]; k++) {
			if (o->now[k] == SIDE_UNION) {
				/* what losing it costs: the whole award when it is the only one
				 * held of an "any" objective, else the full award spread */
				o->keep[k] = v->rule == VP_RULE_ANY
						     ? (held == 1 ? v->full2 / 2.0 : 0)
						     : (have - tables_vp_award2(v, held - 1, n)) / 2.0 +
							       (held == n ? 0 : v->full2 / 2.0 / n);
			} else if (v->rule == VP_RULE_ANY) {
				o->gain[k] = held ? 0 : v->full2 / 2.0;
			} else {
				/* what is left of the award, spread over the hexes still to take */
				o->gain[k] = (v->full2 - have) / 2.0 / (n - held);
			}
		}
	}
}

/* 8.7.6's ground: for each target hex asked, the hexes to cross from every hex to it with
 * Antietam Creek crossed only at its bridges and fords (one hex a hexside, whatever it
 * costs), worked out once a thread and map (the map is the scenario's, fixed while loaded:
 * the cache is keyed by its address and ground version, and filled again for another). */
#define GROUND_FIELDS 64
#define GROUND_FAR 255
static _Thread_local struct {
	const struct map *m;
	int ground, n;
	uint8_t slot[HEX_INDEX_COUNT]; /* 0: no field yet; k + 1: field k */
	uint8_t d[GROUND_FIELDS][HEX_INDEX_COUNT];
} ground;

static void ground_field(const struct map *m, int target, uint8_t *d)
{
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	int16_t queue[HEX_INDEX_COUNT];
	int head = 0, tail = 0, t = hex_index(target);
	memset(d, GROUND_FAR, HEX_INDEX_COUNT);
	d[t] = 0;
	queue[tail++] = (int16_t)t;
	while (head < tail) {
		int x = queue[head++];
		for (int k = 0; k < HEX_NDIRS; k++) {
			int y = nb[x][k];
			if (y < 0 || d[y] != GROUND_FAR || !zoc_features_passable(m->hex[x].side[k]))
				continue;
			d[y] = (uint8_t)(d[x] + 1 < GROUND_FAR ? d[x] + 1 : GROUND_FAR - 1);
			queue[tail++] = (int16_t)y;
		}
	}
}

int gu_ground_distance(const struct map *m, int from, int to)
{
	int f = hex_index(from), t = hex_index(to);
	if (f < 0 || t < 0)
		return GU_GROUND_FAR;
	if (ground.m != m || ground.ground != m->ground) {
		memset(ground.slot, 0, sizeof ground.slot);
		ground.m = m;
		ground.ground = m->ground;
		ground.n = 0;
	}
	if (!ground.slot[t]) {
		if (ground.n == GROUND_FIELDS) /* more targets than kept: as the crow flies */
			return hex_distance(from, to);
		ground_field(m, to, ground.d[ground.n]);
		ground.slot[t] = (uint8_t)++ground.n;
	}
	int d = ground.d[ground.slot[t] - 1][f];
	return d == GROUND_FAR ? GU_GROUND_FAR : d;
}

/* Steps a corps has left (units not eliminated, on the map or still to enter) and had. */
static void corps_steps(const struct game *g, enum corps c, int *now, int *full)
{
	*now = *full = 0;
	for (int u = 0; u < ROSTER_UNION; u++) {
		const struct unit_def *d = unit_def(g, u);
		if (d->corps != c || (g->unit[u].flags & UF_REMOVED))
			continue;
		*full += d->steps;
		*now += g->unit[u].steps > 0 ? g->unit[u].steps : 0;
	}
}

static double share(const struct game *g, enum corps c)
{
	int now, full;
	corps_steps(g, c, &now, &full);
	return full ? (double)now / full : 0;
}

/* The mean range from a corps' infantry on the map to the nearest hex worth taking, over
 * the ground (8.7.6: the creek crossed at its bridges and fords; 30 when none is on the map
 * yet). */
static double corps_distance(const struct game *g, enum corps c, const struct gu_objectives *o)
{
	double sum = 0;
	int k = 0;
	for (int u = 0; u < ROSTER_UNION; u++) {
		const struct unit_def *d = unit_def(g, u);
		if (d->corps != c || d->type != UNIT_INFANTRY || !unit_on_map(g, u))
			continue;
		int best = 40;
		for (int i = 0; i < o->n; i++)
			if (o->gain[i] > 0) {
				int r = gu_ground_distance(o->m, g->unit[u].hex, o->hex[i]);
				if (r < best)
					best = r;
			}
		sum += best;
		k++;
	}
	return k ? sum / k : 30;
}

static bool legal_has(const struct action *legal, int n, enum action_type t, enum corps c)
{
	for (int i = 0; i < n; i++)
		if (legal[i].type == t && legal[i].target == (int)c)
			return true;
	return false;
}

/* 24.2H: corps c has entered the fight: Committed and has fought `turns` turns since (13.1;
 * a corps whose turn is not known, a scenario's start, counts as having fought them), or,
 * not Committed now, has lost steps (it has fought and been withdrawn). */
static bool entered(const struct game *g, enum corps c, int turns)
{
	if (g->corps[c] == CORPS_COMMITTED) {
		int fought = gu_turns_fought(g, c);
		return fought < 0 || fought >= turns;
	}
	return share(g, c) < 1;
}

/* Why the plan holds corps c back now (NULL: it does not): IX until II has entered the
 * fight (24.2H), VI fresh to turn 7 (24.2F). */
static const char *held_back(const struct game *g, const struct general_union_plan *p, enum corps c)
{
	if (c == p->follow && !entered(g, p->lead, p->follow_after))
		return "24.2H: it goes in after the lead corps has entered the fight";
	if (c == p->reserve && g->turn < p->reserve_until)
		return "24.2F: the good corps held fresh";
	return NULL;
}

/* 24.2B: corps c by the plan's sizes: 2 large, 1 middling, 0 small. */
static int size_class(const struct general_union_plan *p, enum corps c)
{
	return p->large >> c & 1 ? 2 : p->small >> c & 1 ? 0 : 1;
}

double gu_spent_share(const struct general_union_plan *p, enum corps c)
{
	const double by_size[3] = { p->spent_small, p->spent, p->spent_large };
	return by_size[size_class(p, c)];
}

int gu_planned_turns(const struct game *g, const struct general_union_plan *p, enum corps c)
{
	const int by_size[3] = { p->turns_small, p->turns, p->turns_large };
	int k = size_class(p, c), n = by_size[k];
	/* 24.2B: "I and IX two or three, depending on casualties" */
	return k == 1 && share(g, c) < p->fresh && n > 1 ? n - 1 : n;
}

int gu_turns_fought(const struct game *g, enum corps c)
{
	int since = commit_committed_turn(g, c);
	return since ? g->turn - since : -1;
}

/* The Available corps nearest what is left to take with the most steps, among the legal
 * commitments of corps that keep at least `fresh` of their steps (and, with `plan`, that the
 * plan does not hold back). */
static enum corps best_fresh(const struct game *g, const struct general_union_plan *p,
			     const struct action *legal, int n, const struct gu_objectives *o,
			     double fresh, bool plan)
{
	enum corps best = CORPS_NONE;
	double bv = 0;
	for (int c = 0; c < CORPS_COUNT; c++) {
		if (!legal_has(legal, n, ACT_COMMIT, (enum corps)c) || share(g, (enum corps)c) < fresh ||
		    (plan && held_back(g, p, (enum corps)c)))
			continue;
		int now, full;
		corps_steps(g, (enum corps)c, &now, &full);
		double v = now / (4.0 + corps_distance(g, (enum corps)c, o));
		if (v > bv)
			bv = v, best = (enum corps)c;
	}
	return best;
}

enum corps gu_commit_choice(const struct game *g, const struct general_union_plan *p,
			    const struct action *legal, int n, char *why, size_t whylen)
{
	int committed = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		committed += g->corps[c] == CORPS_COMMITTED;
	if (committed >= 2)
		return CORPS_NONE;
	if (g->turn == 1 && legal_has(legal, n, ACT_COMMIT, p->first)) {
		snprintf(why, whylen, "beside I Corps on turn 1, to batter the Confederate left and "
			 "cover its flank (13.7C, 24.2H)");
		return p->first;
	}
	struct gu_objectives o;
	gu_objectives(g, &o);
	const char *how = "fresh";
	enum corps c = best_fresh(g, p, legal, n, &o, p->fresh, true);
	if (c == CORPS_NONE) { /* only a corps the plan holds back is fresh: it goes in */
		c = best_fresh(g, p, legal, n, &o, p->fresh, false);
		how = "the only fresh corps";
	}
	if (c == CORPS_NONE) { /* none fresh: the best of the rest */
		c = best_fresh(g, p, legal, n, &o, 0, false);
		how = "none is fresh";
	}
	if (c != CORPS_NONE)
		snprintf(why, whylen, "%s, %.0f%% of its steps, %.1f hexes from what is left to take "
			 "(13.1)", how, 100 * share(g, c), corps_distance(g, c, &o));
	return c;
}

enum corps gu_withdraw_choice(const struct game *g, const struct general_union_plan *p,
			      const struct action *legal, int n, char *why, size_t whylen)
{
	if (g->turn < p->withdraw_from || g->turn > p->withdraw_until)
		return CORPS_NONE;
	/* one at a time: only while both Committed places are taken (13.2B) */
	int committed = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		committed += g->corps[c] == CORPS_COMMITTED;
	if (committed < 2)
		return CORPS_NONE;
	/* a fresh corps to bring in: Available now (13.3A), most of its steps left, and one the
	 * plan would commit now (24.2F: not VI before turn 7 to relieve a spent corps) */
	bool fresh = false;
	for (int c = 0; c < CORPS_COUNT; c++)
		fresh |= g->corps[c] == CORPS_AVAILABLE && share(g, (enum corps)c) >= p->fresh &&
			 !held_back(g, p, (enum corps)c);
	if (!fresh)
		return CORPS_NONE;
	/* 24.2B: the one longest past the turns its size plans for (13.1: counted from the turn
	 * it was committed), else the one furthest below the steps its size plans to spend */
	enum corps worst = CORPS_NONE;
	double wd = 0, ws = 0;
	int wover = 0;
	for (int c = 0; c < CORPS_COUNT; c++) {
		if (!legal_has(legal, n, ACT_WITHDRAW, (enum corps)c))
			continue;
		int fought = gu_turns_fought(g, (enum corps)c);
		int over = fought < 0 ? 0 : fought - gu_planned_turns(g, p, (enum corps)c) + 1;
		double s = share(g, (enum corps)c), d = s - gu_spent_share(p, (enum corps)c);
		if (over > wover || (over == wover && d < wd && (over > 0 || d < 0)))
			wover = over > 0 ? over : 0, wd = d, ws = s, worst = (enum corps)c;
	}
	const char *size = (const char *[]){ "small", "middling", "large" }[size_class(p, worst < 0 ? 0 : worst)];
	if (worst != CORPS_NONE && wover > 0)
		snprintf(why, whylen, "it has fought %d turns, what a %s corps is planned for, "
			 "%.0f%% of its steps left, and a fresh corps waits (24.2B, 13.1, 13.5)",
			 gu_turns_fought(g, worst), size, 100 * ws);
	else if (worst != CORPS_NONE)
		snprintf(why, whylen, "%.0f%% of its steps left, what a %s corps is planned to spend, "
			 "and a fresh corps waits (24.2B, 13.5)", 100 * ws, size);
	return worst;
}
