/* general.c — owns the computer general (include/general.h): the evaluation of a position for
 * one side, and the choice at every decision point of SEQUENCE.md.
 *
 * How it chooses (docs/general.md):
 *   - movement: unit by unit (those nearest the enemy first), a few destinations each picked
 *     by a cheap score (nearer the objectives its side lacks, next to weak enemies, stacked
 *     with friends), each then tried on a copy of the game and the evaluation kept; staying
 *     put is always a candidate;
 *   - attack declarations: every legal declaration scored by the CRT's expected outcome
 *     (odds_chances: steps each side loses and the defender's retreat, weighted by
 *     the evaluation's values), the best declared while it is worth it; 11.1B chains closed;
 *   - every other decision (fire, defensive fire, resolve order, retreats, advances, support,
 *     break-off, loss allocation, mishap, commitment, withdrawal): each legal action applied
 *     to copies of the game, each copy with its own dice (the level's number of samples),
 *     and the mean evaluation compared.
 * The dice of the samples come from the decision itself, never the game's dice state (the
 * general does not see the dice the game will roll), so a level is deterministic. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "general.h"
#include "action_text.h"
#include "general_union.h"
#include "general_conf.h"
#include "commit.h"
#include "general_internal.h"
#include "move.h"
#include "quick.h"
#include "solitaire.h"
#include "start.h"
#include "tables.h"
#include "victory.h"

#define LEGAL_MAX 8192
#define GUARD 6000
#define DESTS_MAX 1024
#define CHAIN_MAX 2048
#define FOLLOW_MAX 512 /* the retreat paths of one unit (11.17) */

const struct general_weights *general_weights_of(const struct game *g, enum side me)
{
	return &g->scn->general.weights[me];
}

/* What the position a decision starts from gives each of its candidates, worked out once a
 * decision (pure speed, issue 29): the 3.2 hexes worth taking and pull_best of each hex once
 * asked; dest_score's range to the nearest objective hex wanted, once a hex asked; the
 * enemy's units in each hex and the weak ones among them. */
struct eval_ref {
	struct gu_objectives o;
	double pull[HEX_INDEX_COUNT];
	uint8_t known[HEX_INDEX_COUNT];
	double near[HEX_INDEX_COUNT];
	uint8_t near_known[HEX_INDEX_COUNT];
	uint8_t foes[HEX_INDEX_COUNT], weak[HEX_INDEX_COUNT];
};

struct general {
	const struct bot_port *port;
	const struct game *g;
	const struct scenario *s;
	const struct general_weights *w;
	const struct general_level *lv; /* the level's spending (data/general.txt) */
	const struct general_union_plan *plan; /* the Union's (general_union.c) */
	int level;
	enum side me;
	int applied;
	char *err;
	size_t errlen;
	uint64_t banned[2];       /* 11.1B: attackers kept out of this combat phase */
	uint8_t moved[ROSTER_UNITS]; /* units already decided this movement phase */
	int move_turn, move_side;
	struct gc_plan conf_plan;    /* the Confederacy's movement plan (solitaire, general_conf.c) */
	int conf_next;               /* its next move to make */
	bool setup_planned;          /* conf_plan is the Confederacy's quick set-up (4.2) */
	int ref_at;                  /* gen->applied when ref was filled (-1: never) */
	/* scratch, from here on written before it is read: general_play zeroes only what is
	 * above (a calloc of the whole 1.6 MB was a tenth of a nested general's time) */
	struct action legal[LEGAL_MAX];
	struct action chain[CHAIN_MAX]; /* the attacks left after a declaration (11.1B) */
	struct eval_ref ref;            /* of *g, filled when gen->applied was ref_at */
	struct game copy;
	struct game follow_copy;          /* a retreat path tried after a candidate (follow_retreats) */
	struct action follow[FOLLOW_MAX];
	struct move_dest dest[DESTS_MAX];
};

/* ---- the evaluation ---- */

static enum side enemy_of(enum side s)
{
	return s == SIDE_UNION ? SIDE_CONFEDERATE : SIDE_UNION;
}

/* The VP an objective is worth under the rules in force (half points / 2). */
static double objective_value(const struct game *g, const struct map_objective *o)
{
	const struct vp_objective *v = tables_vp_objective(&g->scn->tables, o->key);
	if (!v)
		return 1.0;
	return v->full2 / 2.0;
}

static bool is_infantry(const struct game *g, int u)
{
	return unit_def(g, u)->type == UNIT_INFANTRY;
}

static int side_lo(enum side s) { return s == SIDE_UNION ? 0 : ROSTER_UNION; }
static int side_hi(enum side s) { return s == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS; }

/* Range from hex to the nearest infantry unit of side s on the map (99: none). */
static int nearest_infantry(const struct game *g, int hex, enum side s)
{
	int best = 99;
	for (int u = side_lo(s); u < side_hi(s); u++)
		if (unit_on_map(g, u) && is_infantry(g, u)) {
			int d = hex_distance(hex, g->unit[u].hex);
			if (d < best)
				best = d;
		}
	return best;
}

/* What the evaluation asks of a position's units, gathered once a position (pure speed,
 * issue 29): the steps of each side's infantry on the map in every hex, so that "infantry of
 * side s within a hex" and "the enemy's infantry steps next to a unit" read a hex and its six
 * neighbours instead of every unit of a side. Filled and emptied by evaluate (the hexes of
 * the units only); nothing else writes it. */
static _Thread_local uint8_t eval_inf[2][HEX_INDEX_COUNT];

static void eval_inf_set(const struct game *g, bool fill)
{
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_on_map(g, u) && is_infantry(g, u)) {
			uint8_t *x = &eval_inf[unit_side(u)][hex_index(g->unit[u].hex)];
			*x = fill ? (uint8_t)(*x + g->unit[u].steps) : 0;
		}
}

/* The steps of side s's infantry in the six hexes next to hex (eval_inf filled). */
static int eval_inf_adjacent(int hex, enum side s)
{
	const int16_t *nb = hex_neighbour_table()[hex_index(hex)];
	int n = 0;
	for (int d = 0; d < HEX_NDIRS; d++)
		if (nb[d] >= 0)
			n += eval_inf[s][nb[d]];
	return n;
}

/* nearest_infantry(g, hex, s) <= 1, read from eval_inf. */
static bool eval_inf_near(int hex, enum side s)
{
	int x = hex_index(hex);
	return (x >= 0 && eval_inf[s][x]) || eval_inf_adjacent(hex, s);
}

/* The objectives in the solitaire game: each hex held now (3.3A, as control would be
 * updated) and threatened, worth its share of the objective's VP; the Union's infantry pulled
 * to the nearest it lacks, more as the turns pass. */
static double objectives_solitaire(const struct game *g, enum side me,
				   const struct general_weights *w)
{
	enum side them = enemy_of(me);
	double score = 0;
	/* objectives: held now (3.3A, as control would be updated: every objective hex's at
	 * once) and threatened */
	const struct map *m = &g->scn->map;
	int all[MAP_OBJ_MAX * MAP_OBJ_HEXES], nall = 0;
	enum side now[MAP_OBJ_MAX * MAP_OBJ_HEXES];
	for (int i = 0; i < m->nobjectives; i++)
		for (int k = 0; k < m->objective[i].nhexes; k++)
			all[nall++] = m->objective[i].hexes[k];
	if (nall)
		victory_control_now_hexes(g, all, nall, now);
	for (int i = 0, at = 0; i < m->nobjectives; i++) {
		const struct map_objective *o = &m->objective[i];
		double per = objective_value(g, o) / (o->nhexes > 0 ? o->nhexes : 1);
		for (int k = 0; k < o->nhexes; k++) {
			int h = o->hexes[k];
			enum side c = now[at++];
			if (c == me)
				score += w->objective * per;
			else if (c == them)
				score -= w->objective * per;
			bool nm = eval_inf_near(h, me), nt = eval_inf_near(h, them);
			if (nt && !nm)
				score -= w->threat * per;
			else if (nm && !nt)
				score += w->threat * per;
		}
	}
	/* the attacker's infantry closes in on the objective hexes it lacks, each unit on the
	 * nearest (time presses: more as turns pass) */
	int lack[MAP_OBJ_MAX * MAP_OBJ_HEXES], nlack = 0;
	for (int i = 0; i < nall; i++)
		if (now[i] != SIDE_UNION)
			lack[nlack++] = all[i];
	double pull = w->approach * (1.0 + g->turn / 4.0) * (me == SIDE_UNION ? -1 : 1);
	for (int u = 0; nlack && u < ROSTER_UNION; u++) {
		if (!unit_on_map(g, u) || !is_infantry(g, u))
			continue;
		int best = 12;
		for (int i = 0; i < nlack; i++) {
			int d = hex_distance(g->unit[u].hex, lack[i]);
			if (d < best)
				best = d;
		}
		score += pull * best;
	}
	return score;
}

/* The range from hex to the nearest hex of r still worth taking, over the ground (8.7.6: the
 * creek crossed at its bridges and fords, gu_ground_distance: a brigade on the east bank is
 * drawn to a crossing, not to the bank opposite its objective), a VP of gain worth a hex of
 * range (road-1032's 6 VP for any hex draws from farther than a hex of the North Wood's); 99
 * when none is nearer. */
static double pull_best(const struct gu_objectives *r, int hex)
{
	double best = 99;
	for (int i = 0; i < r->n; i++)
		if (r->gain[i] > 0) {
			double d = gu_ground_distance(r->m, hex, r->hex[i]) - GU_GAIN_HEXES * r->gain[i];
			if (d < best)
				best = d;
		}
	return best;
}

static void eval_ref_fill(struct eval_ref *e, const struct game *ref, enum side me)
{
	gu_objectives(ref, &e->o);
	memset(e->known, 0, sizeof e->known);
	memset(e->near_known, 0, sizeof e->near_known);
	memset(e->foes, 0, sizeof e->foes);
	memset(e->weak, 0, sizeof e->weak);
	for (int u = side_lo(enemy_of(me)); u < side_hi(enemy_of(me)); u++)
		if (unit_on_map(ref, u)) {
			int x = hex_index(ref->unit[u].hex);
			e->foes[x]++;
			e->weak[x] = (uint8_t)(e->weak[x] + (ref->unit[u].steps <= 2 || !is_infantry(ref, u)));
		}
}

/* pull_best of hex for the decision's position, asked once */
static double eval_ref_pull(struct eval_ref *ref, int hex)
{
	int x = hex_index(hex);
	if (!ref->known[x]) {
		ref->pull[x] = pull_best(&ref->o, hex);
		ref->known[x] = 1;
	}
	return ref->pull[x];
}

/* The enemy's units, and weak ones (eval_ref's weak), in the six hexes next to hex. */
static int eval_ref_foes(const struct eval_ref *ref, int hex, int *weak)
{
	const int16_t *nb = hex_neighbour_table()[hex_index(hex)];
	int n = 0, w = 0;
	for (int d = 0; d < HEX_NDIRS; d++)
		if (nb[d] >= 0) {
			n += ref->foes[nb[d]];
			w += ref->weak[nb[d]];
		}
	if (weak)
		*weak = w;
	return n;
}

/* The objectives in the two-player game (3.2, general_union.c): the Union's objective VP as
 * control would be updated now; a hex the Union holds next to Confederate infantry and none
 * of its own (threatened), worth what losing it costs, and one it lacks next to its infantry
 * and no Confederate infantry, worth what taking it gains; the Union's infantry pulled to the
 * nearest hex still worth taking, more as the turns pass (the attacker's time). The hexes
 * worth taking are those of `ref`, the position the decision starts from (NULL: g itself;
 * eval_ref_fill's of it): a unit that takes one is then on it, not drawn on to the next, so
 * that taking a hex never scores worse than standing next to it. */
static double objectives_two_player(const struct game *g, enum side me,
				    const struct general_weights *w, struct eval_ref *ref)
{
	struct gu_objectives o;
	gu_objectives(g, &o);
	double score = 2 * w->objective * o.vp;
	for (int i = 0; i < o.n; i++) {
		bool nu = eval_inf_near(o.hex[i], SIDE_UNION);
		bool nc = eval_inf_near(o.hex[i], SIDE_CONFEDERATE);
		if (o.now[i] == SIDE_UNION && nc && !nu)
			score -= w->threat * o.keep[i];
		else if (o.now[i] != SIDE_UNION && nu && !nc)
			score += w->threat * o.gain[i];
	}
	double pull = w->approach * (1.0 + g->turn / 4.0);
	for (int u = 0; u < ROSTER_UNION; u++) {
		if (!unit_on_map(g, u) || !is_infantry(g, u))
			continue;
		/* the nearest */
		int hex = g->unit[u].hex;
		double best = ref ? eval_ref_pull(ref, hex) : pull_best(&o, hex);
		if (best < 99)
			score -= pull * (best < GU_PULL_RANGE ? best : GU_PULL_RANGE);
	}
	return me == SIDE_UNION ? score : -score;
}

/* 3.4: the VP a unit of side s is worth when eliminated (two-player rules). */
static double unit_vp(const struct game *g, enum side s)
{
	return abs(tables_vp_eliminated2(&g->scn->tables, s == SIDE_CONFEDERATE)) / 2.0;
}

/* A rough chance that a unit of `steps` steps next to `adj` enemy infantry steps loses them
 * all before it can move away: a bloody CRT (11.15) takes one or two steps an attack. */
static double elimination_chance(int steps, int adj)
{
	static const double by_steps[] = { 0, 0.8, 0.5, 0.25, 0.1 };
	double p = by_steps[steps < 4 ? steps : 4];
	return adj >= 2 * steps ? p : p * 0.6;
}

/* The steps the enemy's infantry next to unit u can expect to take from its hex in its next
 * combat phase: each adjacent enemy that may attack (11.2: not shot to ribbons) attacking
 * the hex alone, by the CRT's expected outcome (odds_attack: terrain, morale, elan). */
static double reply_loss(const struct game *g, int u)
{
	int hex = g->unit[u].hex;
	enum side foe = enemy_of(unit_side(u));
	double sum = 0;
	for (int e = side_lo(foe); e < side_hi(foe); e++) {
		if (!unit_on_map(g, e) || !is_infantry(g, e) || g->unit[e].steps < 2 ||
		    hex_distance(hex, g->unit[e].hex) != 1)
			continue;
		struct combat_odds o;
		struct crt_chance ch[6];
		if (!odds_attack(g, e, &hex, 1, &e, 1, &o, NULL, 0))
			continue;
		int k = odds_chances(&o, ch);
		for (int i = 0; i < k; i++)
			sum += ch[i].defender * ch[i].sixths / 6.0;
	}
	return sum;
}

/* The evaluation of g for side me, the objectives worth taking those of ref (NULL: g's;
 * else eval_ref_fill's of the position the decision starts from). */
static double evaluate(const struct game *g, enum side me, const struct general_weights *w,
		       struct eval_ref *ref)
{
	general_npositions++;
	if (!w)
		w = general_weights_of(g, me);
	eval_inf_set(g, true);
	double score = 0;
	if (g->opt.solitaire)
		score += objectives_solitaire(g, me, w);
	else
		score += objectives_two_player(g, me, w, ref);
	/* material: steps on the map, guns in danger, weak units within reach of the enemy */
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_def *d = unit_def(g, u);
		enum side side = unit_side(u);
		double sign = side == me ? 1 : -1;
		const struct unit_state *us = &g->unit[u];
		if ((us->flags & UF_REMOVED) || us->steps == 0 || us->hex == HEX_NONE)
			continue; /* eliminated units count in the VP below; others have not arrived */
		score += sign * us->steps * (d->type == UNIT_INFANTRY ? w->step : w->gun_step);
		int adj = eval_inf_adjacent(us->hex, enemy_of(side));
		if (adj && !g->opt.solitaire && side == me) {
			/* two-player: what the enemy's attacks next may take (its steps, its 3.4
			 * VP by the chance of losing them all) */
			double e = reply_loss(g, u);
			score -= w->eliminated * unit_vp(g, side) * fmin(1.0, e / us->steps) +
				 w->step * fmin(e, us->steps);
		} else if (adj && !g->opt.solitaire) { /* the enemy's: our chance at its VP */
			score -= sign * w->eliminated * unit_vp(g, side) *
				 elimination_chance(us->steps, adj);
		}
		if (d->type == UNIT_ARTILLERY && adj)
			score -= sign * w->exposed_gun;
		else if (adj) /* ours by their cost, theirs by what we gain (an aggression below
			       * 1: the Confederacy's 19.0A, a Union unit +1/2 VP, ours -1) */
			score -= sign * w->eliminated * (side == me ? 1.0 : fmin(1.0, w->aggression)) *
				 adj / (double)(adj + 3 * us->steps);
	}
	eval_inf_set(g, false);
	/* the victory points as counted now (eliminated units 3.4 / 19.0A; objectives by the
	 * control of the last update, 3.3) */
	struct victory_count vc;
	if (g->opt.solitaire) {
		victory_solitaire(g, &vc); /* the Confederate count */
		score += (me == SIDE_CONFEDERATE ? 1 : -1) * vc.vp2 / 2.0;
	} else {
		victory_two_player(g, &vc); /* the Union count */
		score += (me == SIDE_UNION ? 1 : -1) * vc.vp2 / 2.0;
	}
	return score;
}

double general_evaluate(const struct game *g, enum side me, const struct general_weights *w)
{
	return evaluate(g, me, w, NULL);
}

_Thread_local unsigned long long general_npositions;

unsigned long long general_positions(void)
{
	return general_npositions;
}

/* ---- choosing and applying ---- */

static bool apply(struct general *gen, const struct action *a, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool apply(struct general *gen, const struct action *a, const char *fmt, ...)
{
	char note[256] = "", why[sizeof note - sizeof "general: " + 1];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (!bot_port_apply(gen->port, a, note, sizeof note, "general", why, gen->err, gen->errlen))
		return false;
	gen->applied++;
	return true;
}

static bool apply_type(struct general *gen, enum action_type t, const char *why)
{
	struct action a;
	memset(&a, 0, sizeof a);
	a.type = t;
	a.unit = a.target = -1;
	return apply(gen, &a, "%s", why);
}

/* gen->ref for the position gen->g stands at now. */
static struct eval_ref *decision_ref(struct general *gen)
{
	if (gen->ref_at != gen->applied) {
		eval_ref_fill(&gen->ref, gen->g, gen->me);
		gen->ref_at = gen->applied;
	}
	return &gen->ref;
}

/* The value of g for the side deciding: the Confederacy in the solitaire game by the 19.0
 * count of its movement plan (general_conf.c), else the evaluation; the Union's with the
 * hexes worth taking as they were when the decision began (the game being decided). */
static double value(struct general *gen, const struct game *g)
{
	if (gen->me == SIDE_CONFEDERATE && g->opt.solitaire)
		return gc_value(g);
	if (gen->me != SIDE_UNION || g == gen->g)
		return evaluate(g, gen->me, gen->w, NULL);
	return evaluate(g, gen->me, gen->w, decision_ref(gen));
}

/* The retreats a candidate leaves the deciding side to make (11.5E: a break-off retreats
 * every unit of that combat; 11.17) made on gen->copy, each unit by the path the evaluation
 * likes best, so that a candidate is valued with what it costs: a break-off valued before its
 * retreats looked as good as fighting on, and won the tie. */
static void follow_retreats(struct general *gen)
{
	char err[160];
	for (int k = 0; k < ROSTER_UNITS && gen->copy.pending.what == DECISION_RETREAT &&
			gen->copy.pending.side == gen->me; k++) {
		int n = game_legal_first(&gen->copy, gen->follow, FOLLOW_MAX), best = -1;
		double bv = -INFINITY;
		for (int i = 0; i < n; i++) {
			gen->follow_copy = gen->copy;
			if (!game_apply(&gen->follow_copy, &gen->follow[i], err, sizeof err))
				continue;
			double v = value(gen, &gen->follow_copy);
			if (v > bv)
				bv = v, best = i;
		}
		if (best < 0 || !game_apply(&gen->copy, &gen->follow[best], err, sizeof err))
			return;
	}
}

/* What a decision is expected to bring, for its note: the deciding side's VP under the rules
 * in force as if control were updated now (3.3A; 3.2–3.4 or 19.0), and the steps on the map
 * of each side. */
struct outlook {
	double vp, ours, theirs;
};

static struct outlook outlook_of(struct general *gen, const struct game *g)
{
	struct outlook o = { 0, 0, 0 };
	gen->follow_copy = *g;
	victory_control_update(&gen->follow_copy);
	struct victory_count vc;
	if (g->opt.solitaire) {
		victory_solitaire(&gen->follow_copy, &vc); /* the Confederacy's count (19.0) */
		o.vp = gen->me == SIDE_CONFEDERATE ? vc.vp2 / 2.0 : -vc.vp2 / 2.0;
	} else {
		victory_two_player(&gen->follow_copy, &vc); /* the Union's count (3.2–3.4) */
		o.vp = gen->me == SIDE_UNION ? vc.vp2 / 2.0 : -vc.vp2 / 2.0;
	}
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_on_map(g, u))
			*(unit_side(u) == gen->me ? &o.ours : &o.theirs) += g->unit[u].steps;
	return o;
}

/* "expects to lose 1.3 steps and take 1.0, VP +4.8": what after holds against now, the
 * terms too small to show left out. */
static void outlook_say(struct outlook now, struct outlook after, char *buf, size_t len)
{
	double lose = now.ours - after.ours, take = now.theirs - after.theirs;
	double vp = after.vp - now.vp;
	bool l = lose >= 0.05, t = take >= 0.05, v = fabs(vp) >= 0.05;
	int k = snprintf(buf, len, "expects");
	if (l && t)
		k += snprintf(buf + k, len - (size_t)k, " to lose %.1f steps and take %.1f", lose, take);
	else if (l || t)
		k += snprintf(buf + k, len - (size_t)k, " to %s %.1f steps", l ? "lose" : "take",
			      l ? lose : take);
	if (v)
		k += snprintf(buf + k, len - (size_t)k, "%s VP %+.1f", l || t ? "," : "", vp);
	if (!l && !t && !v)
		snprintf(buf + k, len - (size_t)k, " no change");
}

/* The mean evaluation after a on samples copies, each with dice of its own, the retreats it
 * leaves the deciding side made (follow_retreats); *out (may be NULL) the mean outlook. */
static double try_action(struct general *gen, const struct action *a, int samples,
			 struct outlook *out)
{
	double sum = 0;
	struct outlook mean = { 0, 0, 0 };
	int ok = 0;
	char err[160];
	uint64_t key = general_decision_key(gen->g);
	for (int k = 0; k < samples; k++) {
		gen->copy = *gen->g;
		general_own_dice(&gen->copy, key, 1, k); /* never the game's dice */
		if (!game_apply(&gen->copy, a, err, sizeof err))
			return -INFINITY;
		follow_retreats(gen);
		sum += value(gen, &gen->copy);
		if (out) {
			struct outlook o = outlook_of(gen, &gen->copy);
			mean.vp += o.vp, mean.ours += o.ours, mean.theirs += o.theirs;
		}
		ok++;
	}
	if (out && ok)
		*out = (struct outlook){ mean.vp / ok, mean.ours / ok, mean.theirs / ok };
	return ok ? sum / ok : -INFINITY;
}

/* Any decision: every legal action (up to the level's number) tried on sampled copies; the
 * best applied, its note saying what it is expected to cost and gain against now. */
static bool decide_by_trial(struct general *gen, const char *what)
{
	int n = game_legal_first(gen->g, gen->legal, LEGAL_MAX);
	if (n <= 0)
		return false;
	if (n > gen->lv->candidates)
		n = gen->lv->candidates;
	int best = -1;
	double bv = -INFINITY;
	for (int i = 0; i < n; i++) {
		double v = try_action(gen, &gen->legal[i], gen->lv->samples, NULL);
		if (v > bv)
			bv = v, best = i;
	}
	if (best < 0)
		return false;
	/* the note's outlook, once a decision: the best tried again on the same sampled copies
	 * (try_action is a function of the game and the action alone) */
	struct outlook now = outlook_of(gen, gen->g), bo;
	try_action(gen, &gen->legal[best], gen->lv->samples, &bo);
	struct action a = gen->legal[best];
	char cmd[160], choices[32] = "", expects[96];
	action_format(gen->s, &a, cmd, sizeof cmd);
	if (n > 1)
		snprintf(choices, sizeof choices, ", the best of %d", n);
	outlook_say(now, bo, expects, sizeof expects);
	/* "fire C10 U22" says what it decides; "end", "decline" and a move (13.6, 8.14) need the
	 * decision named */
	bool named = a.type != ACT_END && a.type != ACT_DECLINE && a.type != ACT_MOVE;
	return apply(gen, &a, "%s%s%s%s: %s", named ? "" : what, named ? "" : ": ", cmd, choices,
		     expects);
}

/* ---- movement ---- */

/* A cheap score of unit u standing in hex: nearer the objectives its side lacks (the
 * Union; under the two-player rules the 3.2 hexes still worth taking, `o`, a VP of gain
 * counting as a hex of range as in the evaluation) or holds (the Confederacy), next to weak
 * enemy units, with friends. */
static double dest_score(struct general *gen, int u, int hex, bool two)
{
	const struct game *g = gen->g;
	const struct map *m = &g->scn->map;
	struct eval_ref *ref = decision_ref(gen);
	int x = hex_index(hex);
	double best = 99;
	if (two) {
		best = eval_ref_pull(ref, hex);
	} else if (ref->near_known[x]) {
		best = ref->near[x];
	} else {
		for (int i = 0; i < m->nobjectives; i++)
			for (int k = 0; k < m->objective[i].nhexes; k++) {
				int h = m->objective[i].hexes[k];
				bool want = gen->me == SIDE_UNION ? g->control[hex_index(h)] != SIDE_UNION
								  : true;
				if (want) {
					int d = hex_distance(hex, h);
					if (d < best)
						best = d;
				}
			}
		ref->near[x] = best;
		ref->near_known[x] = 1;
	}
	double v = -best;
	int weak = 0, them_adj = eval_ref_foes(ref, hex, &weak);
	if (gen->me == SIDE_CONFEDERATE)
		v -= gen->w->keep_away * them_adj; /* the defender waits to be attacked */
	else if (is_infantry(g, u))
		v += 1.5 * weak - gen->w->keep_away * (them_adj - weak);
	else
		v -= 3.0 * them_adj; /* guns stay out of reach of infantry */
	return v;
}

static int cmp_score(const void *a, const void *b)
{
	const double *x = a, *y = b;
	return (x[0] < y[0]) - (x[0] > y[0]);
}

/* What a move is for, in a wargamer's words: the objective hex it goes for (the Union under
 * the two-player rules: the nearest 3.2 hex still worth taking, o; otherwise the nearest
 * objective hex its side lacks or, the Confederacy, holds) and the enemy units it will stand
 * next to. */
static void move_say(const struct general *gen, int hex, const struct gu_objectives *o,
		     char *buf, size_t len)
{
	const struct game *g = gen->g;
	const struct map *m = &g->scn->map;
	int best = INT_MAX, at = -1;
	for (int i = 0; i < m->nobjectives; i++)
		for (int k = 0; k < m->objective[i].nhexes; k++) {
			int h = m->objective[i].hexes[k], j = 0;
			if (o) { /* only the 3.2 hexes the Union still gains by taking */
				while (j < o->n && o->hex[j] != h)
					j++;
				if (j == o->n || o->gain[j] <= 0)
					continue;
			} else if (gen->me == SIDE_UNION && g->control[hex_index(h)] == SIDE_UNION) {
				continue;
			}
			int d = hex_distance(hex, h);
			if (d < best)
				best = d, at = i;
		}
	int n = 0;
	if (at < 0)
		n = snprintf(buf, len, "no objective left to go for");
	else if (best == 0)
		n = snprintf(buf, len, "on %s", m->objective[at].name);
	else
		n = snprintf(buf, len, "%d hex%s from %s", best, best == 1 ? "" : "es",
			     m->objective[at].name);
	int adj = 0;
	for (int e = side_lo(enemy_of(gen->me)); e < side_hi(enemy_of(gen->me)); e++)
		adj += unit_on_map(g, e) && hex_distance(hex, g->unit[e].hex) == 1;
	if (adj && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", next to %d enemy unit%s", adj, adj == 1 ? "" : "s");
}

/* The best move of unit u (or none: stays, unless it must move: 9.1C's entry), applied; false
 * when nothing was applied. */
static bool move_unit(struct general *gen, int u, bool must)
{
	const struct game *g = gen->g;
	int n = move_reachable(g, u, gen->dest, DESTS_MAX, NULL, 0);
	if (n <= 0)
		return false;
	double (*sc)[2] = malloc(sizeof *sc * (size_t)n);
	if (!sc)
		return false;
	/* the Union's 3.2 hexes worth taking (two-player rules): decision_ref's */
	bool two = gen->me == SIDE_UNION && !g->opt.solitaire;
	const struct eval_ref *ref = decision_ref(gen);
	for (int i = 0; i < n; i++) {
		sc[i][0] = dest_score(gen, u, gen->dest[i].hex, two);
		sc[i][1] = i;
	}
	qsort(sc, (size_t)n, sizeof *sc, cmp_score);
	double stay = must ? -INFINITY : value(gen, g), bv = stay;
	int best = -1, tries = n < gen->lv->dests ? n : gen->lv->dests;
	/* the best hex out of every enemy's reach is always a candidate (a weak unit's way out
	 * of the enemy's next attack) */
	bool safe = false;
	for (int k = 0; k < tries && !safe; k++)
		safe = !eval_ref_foes(ref, gen->dest[(int)sc[k][1]].hex, NULL);
	for (int k = tries; k < n && !safe; k++)
		if (!eval_ref_foes(ref, gen->dest[(int)sc[k][1]].hex, NULL)) {
			sc[tries - 1][0] = sc[k][0];
			sc[tries - 1][1] = sc[k][1];
			safe = true;
		}
	for (int k = 0; k < tries; k++) {
		struct action a = action_move_to(u, gen->dest[(int)sc[k][1]].hex);
		double v = try_action(gen, &a, 1, NULL);
		if (v > bv + 1e-9)
			bv = v, best = (int)sc[k][1];
	}
	free(sc);
	if (best < 0)
		return false;
	struct action a = action_move_to(u, gen->dest[best].hex);
	char why[160];
	move_say(gen, a.hex[0], two ? &ref->o : NULL, why, sizeof why);
	return apply(gen, &a, "%s to %04d, the best of %d: %s", names_of_unit(u), a.hex[0],
		     tries, why);
}

/* The Confederacy: the whole phase planned at once against the reply (general_conf.c: the
 * bot's in the solitaire game, the Union general's under the two-player rules), its moves
 * made in order (one the engine refuses now is left). */
static bool conf_movement(struct general *gen, bool fresh)
{
	const struct game *g = gen->g;
	struct gc_plan *p = &gen->conf_plan;
	if (fresh) {
		gc_plan_movement(g, gen->level, p);
		gen->conf_next = 0;
	}
	while (gen->conf_next < p->nmoves) {
		const struct gc_move *m = &p->move[gen->conf_next++];
		if (!move_unit_may_move(g, m->unit, NULL, 0))
			continue;
		struct action a = action_move_to(m->unit, m->hex);
		char err[160];
		struct game *w = &gen->copy;
		*w = *g;
		if (!game_apply(w, &a, err, sizeof err))
			continue;
		if (apply(gen, &a, "%s to %04d: %s (the plan kept of %d played out through the "
			  "%s reply: %+.2f VP against holding)", names_of_unit(m->unit), m->hex,
			  m->script, p->playouts, g->opt.solitaire ? "bot's" : "Union's",
			  p->value - p->stay_value))
			return true;
	}
	if (apply_type(gen, ACT_END, "the movement phase is over: the plan is made"))
		return true;
	/* 9.1C: A.P. Hill's division must enter (the plan's hex for a unit taken by another):
	 * the units still off the map enter, each at its best hex; before, the first legal
	 * actions were tried, which moved the whole army, unit after unit, to the lowest-numbered
	 * hexes it could reach (the map's west edge) until the division had entered */
	for (int u = ROSTER_UNION; u < ROSTER_UNITS; u++)
		if (gc_must_enter(g, u) && move_unit(gen, u, true))
			return true;
	return decide_by_trial(gen, "movement");
}

/* The Confederacy's quick set-up (4.2): planned once against the Union's first player-turn
 * (gc_plan_setup), its placements made in order; false when it has none left to make. */
static bool conf_setup(struct general *gen)
{
	const struct game *g = gen->g;
	struct gc_plan *p = &gen->conf_plan;
	if (!gen->setup_planned) {
		gen->setup_planned = true;
		gc_plan_setup(g, gen->level, p);
		gen->conf_next = 0;
	}
	while (gen->conf_next < p->nmoves) {
		const struct gc_move *m = &p->move[gen->conf_next++];
		if (g->unit[m->unit].hex != HEX_NONE)
			continue;
		struct action a = { .type = ACT_PLACE, .unit = m->unit, .target = m->hex };
		int h43 = gen->s->roster.historical_hex[m->unit];
		char why[96] = "its 4.3 hex";
		if (m->hex != h43)
			snprintf(why, sizeof why, "not its 4.3 hex %04d: the best of %d set-ups against "
				 "the Union's turn 1, %+.2f VP", h43, p->playouts, p->value - p->stay_value);
		if (apply(gen, &a, "4.2: %s to %04d, %s", names_of_unit(m->unit), m->hex, why))
			return true;
	}
	return false;
}

/* The order the Union's units move in (8.13: all of a corps' units move before any of
 * another, so a corps left for another's move has finished moving): the corps moving now
 * first, then the Committed corps before the Available (13.2A: they fight), each corps by
 * its unit nearest the enemy, and within a corps its units nearest the enemy first (before,
 * the army's units went nearest-first whatever their corps, so that one brigade of another
 * corps ended a corps' movement: II Corps, committed on turn 3, often moved one brigade of
 * twelve). key[u] of each unit in order[] is its range to the enemy; rewritten to the order. */
static void union_corps_order(const struct game *g, const int *order, int n, double *key)
{
	double near[CORPS_COUNT];
	for (int c = 0; c < CORPS_COUNT; c++)
		near[c] = 99;
	for (int i = 0; i < n; i++) {
		int c = unit_def(g, order[i])->corps;
		if (c >= 0 && c < CORPS_COUNT && key[order[i]] < near[c])
			near[c] = key[order[i]];
	}
	for (int i = 0; i < n; i++) {
		int u = order[i], c = unit_def(g, u)->corps;
		if (c < 0 || c >= CORPS_COUNT)
			continue;
		int rank = c == g->corps_moving ? 0 : commit_unit_status(g, u) == CORPS_COMMITTED ? 1 : 2;
		key[u] = rank * 1e4 + near[c] * 100 + c + key[u] / 100;
	}
}

/* Units of my side in the order they move: those nearest the enemy first (the Union's by
 * corps, union_corps_order). */
static bool movement(struct general *gen)
{
	const struct game *g = gen->g;
	bool fresh = false;
	if (gen->move_turn != g->turn || gen->move_side != (int)g->side) {
		memset(gen->moved, 0, sizeof gen->moved);
		gen->move_turn = g->turn;
		gen->move_side = (int)g->side;
		fresh = true;
	}
	if (gen->me == SIDE_CONFEDERATE)
		return conf_movement(gen, fresh);
	int order[ROSTER_UNITS], n = 0;
	double key[ROSTER_UNITS];
	for (int u = side_lo(gen->me); u < side_hi(gen->me); u++) {
		if (gen->moved[u] || !move_unit_may_move(g, u, NULL, 0))
			continue;
		int at = g->unit[u].hex;
		key[u] = at == HEX_NONE ? 50 : nearest_infantry(g, at, enemy_of(gen->me));
		order[n++] = u;
	}
	if (gen->me == SIDE_UNION && !g->opt.unleashed)
		union_corps_order(g, order, n, key);
	for (int k = 1; k < n; k++) { /* stable: equal keys keep the roster's order */
		int u = order[k], i = k;
		while (i > 0 && key[order[i - 1]] > key[u]) {
			order[i] = order[i - 1];
			i--;
		}
		order[i] = u;
	}
	for (int i = 0; i < n; i++) {
		gen->moved[order[i]] = 1;
		if (move_unit(gen, order[i], false))
			return true;
	}
	if (apply_type(gen, ACT_END, "the movement phase is over"))
		return true;
	/* `end` refused (9.1C: reinforcements must enter): the best legal action */
	return decide_by_trial(gen, "movement");
}

/* ---- attack declarations ---- */

static bool banned(const struct general *gen, int u)
{
	return gen->banned[u / 64] >> (u % 64) & 1;
}

/* What declaring a is worth by the CRT's expected outcome; -INFINITY when it cannot be
 * scored. */
static double attack_value(const struct general *gen, const struct action *a, double *exp_def,
			   double *exp_att, char *col, size_t collen)
{
	const struct game *g = gen->g;
	int defhex[8], nd = 0, att[8 + COMBAT_ATTACKERS_MAX], ndes = 0;
	if (a->n == 0)
		defhex[nd++] = a->target;
	for (int i = 0; i < a->n && nd < 8; i++)
		defhex[nd++] = a->hex[i];
	for (int i = 0; i < a->nunits && i < 8; i++)
		att[ndes++] = a->units[i];
	/* 11.9A: the attackers already declared on the hex count toward its encirclement */
	const struct combat_state *cs = &g->combat;
	for (int i = 0; i < cs->ndecl; i++)
		if (cs->decl[i].defhex[0] == defhex[0])
			for (int k = 0; k < cs->decl[i].nattackers; k++)
				att[ndes++] = cs->decl[i].attacker[k];
	struct combat_odds o;
	char err[160];
	if (a->nunits < 1 || !odds_attack(g, att[0], defhex, nd, att, ndes, &o, err, sizeof err))
		return -INFINITY;
	struct crt_chance ch[6];
	int k = odds_chances(&o, ch);
	/* the units each side would lose outright (3.4: each a VP, the Union's half a VP): the
	 * defenders when the loss is all their steps, the attackers likewise */
	int dsteps = 0, dunits = 0, asteps = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		for (int d = 0; d < nd; d++)
			if (unit_on_map(g, u) && g->unit[u].hex == defhex[d])
				dsteps += g->unit[u].steps, dunits++;
	for (int i = 0; i < a->nunits; i++)
		asteps += g->unit[att[i]].steps;
	double ed = 0, ea = 0, er = 0, edu = 0, eau = 0;
	for (int i = 0; i < k; i++) {
		ed += ch[i].defender * ch[i].sixths / 6.0;
		ea += ch[i].attacker * ch[i].sixths / 6.0;
		er += ch[i].retreat * ch[i].sixths / 6.0;
		edu += (ch[i].defender >= dsteps ? dunits : 0) * ch[i].sixths / 6.0;
		eau += (ch[i].attacker >= asteps ? a->nunits : 0) * ch[i].sixths / 6.0;
	}
	double units = 0; /* two-player only: the solitaire count is the Confederate general's */
	if (!g->opt.solitaire) {
		const struct tables *t = &g->scn->tables;
		bool conf = gen->me == SIDE_CONFEDERATE;
		units = edu * abs(tables_vp_eliminated2(t, !conf)) / 2.0 -
			eau * abs(tables_vp_eliminated2(t, conf)) / 2.0;
	}
	*exp_def = ed;
	*exp_att = ea;
	snprintf(col, collen, "%s", tables_crt_column_name((enum crt_column)o.column));
	/* a defender on an objective that retreats gives it up */
	double obj = 0;
	const struct map *m = &g->scn->map;
	if (!g->opt.solitaire && gen->me == SIDE_UNION) {
		/* two-player: the hexes the Union takes when the defenders go (11.5D: the
		 * attacker advances into a cleared hex), each worth its 3.2 gain */
		struct gu_objectives go;
		gu_objectives(g, &go);
		for (int i = 0; i < go.n; i++)
			for (int d = 0; d < nd; d++)
				if (go.hex[i] == defhex[d])
					obj += go.gain[i];
		double clear = fmax(er, dunits ? edu / dunits : 0);
		return gen->w->aggression * ed * gen->w->step - ea * gen->w->step +
		       er * 0.3 * gen->w->objective + clear * obj + units;
	}
	for (int i = 0; i < m->nobjectives; i++)
		for (int h = 0; h < m->objective[i].nhexes; h++)
			for (int d = 0; d < nd; d++)
				if (m->objective[i].hexes[h] == defhex[d])
					obj += objective_value(g, &m->objective[i]) /
					       m->objective[i].nhexes;
	return gen->w->aggression * ed * gen->w->step - ea * gen->w->step +
	       er * (0.3 + 0.5 * obj) * gen->w->objective + units;
}

/* 11.1B: declare the attack the engine says is missing, else withdraw the one that began
 * the chain and keep its attacker out of this combat phase. */
static bool close_chain(struct general *gen)
{
	const struct game *g = gen->g;
	int a = -1;
	int e = combat_missing_attack(g, &a);
	if (e < 0)
		return false;
	int eh = g->unit[e].hex;
	int n = game_legal_first(g, gen->legal, LEGAL_MAX);
	for (int x = 0; x < n; x++) {
		const struct action *act = &gen->legal[x];
		if (act->type != ACT_ATTACK || act->nunits < 1 || banned(gen, act->units[0]))
			continue;
		bool covers = act->n == 0 && act->target == eh;
		for (int h = 0; h < act->n; h++)
			covers |= act->hex[h] == eh;
		if (covers && apply(gen, act, "11.1B: %s in %04d has an attacker in its ZOC",
				    names_of_unit(e), eh))
			return true;
	}
	const struct combat_state *cs = &g->combat;
	for (int i = 0; i < cs->ndecl; i++)
		for (int k = 0; k < cs->decl[i].nattackers; k++)
			if (cs->decl[i].attacker[k] == a) {
				gen->banned[a / 64] |= 1ull << (a % 64);
				struct action d;
				memset(&d, 0, sizeof d);
				d.type = ACT_DECLINE;
				d.unit = -1;
				d.target = cs->decl[i].defhex[0];
				return apply(gen, &d, "11.1B: the attack of %s cannot be followed "
					     "through: withdrawn", names_of_unit(a));
			}
	return false;
}

/* 11.1B: whether declaring a leaves a chain another legal attack can close (or none): an
 * attack whose attacker has an enemy in its ZOC no one may attack would be withdrawn. */
static bool closable(struct general *gen, const struct action *a)
{
	char err[160];
	gen->copy = *gen->g;
	if (!game_apply(&gen->copy, a, err, sizeof err))
		return false;
	int att = -1, e = combat_missing_attack(&gen->copy, &att);
	if (e < 0)
		return true;
	int eh = gen->copy.unit[e].hex;
	int n = game_legal_first(&gen->copy, gen->chain, CHAIN_MAX);
	for (int x = 0; x < n; x++) {
		const struct action *c = &gen->chain[x];
		if (c->type != ACT_ATTACK || c->nunits < 1 || banned(gen, c->units[0]))
			continue;
		if (c->n == 0 && c->target == eh)
			return true;
		for (int h = 0; h < c->n; h++)
			if (c->hex[h] == eh)
				return true;
	}
	return false;
}

static int cmp_value(const void *a, const void *b)
{
	const double *x = a, *y = b;
	return (x[0] < y[0]) - (x[0] > y[0]);
}

/* The legal attack declarations of gen->legal[0..n) worth trying, best first by the CRT's
 * expectation (attack_value), as pairs (value, index) into *out (to free): the Confederacy's
 * counterattacks (counter) those expected to take counter_ratio times the steps they lose
 * (data/general.txt), else those above the side's attack_min. -1 when out of memory. */
/* The last turn (5.3) with `counter last` set: Lee's attacks at any odds. */
static bool last_counter(const struct general *gen)
{
	return gen->s->general.counter_last > 0 && gen->g->turn >= start_last_turn(gen->g);
}

static int ranked_attacks(struct general *gen, int n, bool counter, double (**out)[2])
{
	double (*val)[2] = malloc(sizeof *val * (size_t)(n > 0 ? n : 1));
	if (!val)
		return -1;
	int nv = 0;
	double ratio = gen->s->general.counter_ratio;
	/* 5.3: on the last turn a step lost costs nothing (units lost do, 19.0A): every attack
	 * is a candidate, the playout to the game's end judges it */
	bool any = counter && last_counter(gen);
	for (int i = 0; i < n; i++) {
		const struct action *a = &gen->legal[i];
		if (a->type != ACT_ATTACK || a->nunits < 1 || banned(gen, a->units[0]))
			continue;
		double ed = 0, ea = 0;
		char col[16];
		double v = attack_value(gen, a, &ed, &ea, col, sizeof col);
		if (counter ? any || (ed > 0.3 && ed >= ratio * ea) : v > gen->w->attack_min) {
			val[nv][0] = v;
			val[nv++][1] = i;
		}
	}
	qsort(val, (size_t)nv, sizeof *val, cmp_value);
	*out = val;
	return nv;
}

/* "II Corps has lost half its steps: -2 on its withdrawal roll (14.2C)": what hitting the
 * defenders of hex does to their corps' 14.2 roll, or "" when nothing. */
static void corps_say(const struct game *g, int hex, char *buf, size_t len)
{
	buf[0] = 0;
	for (int e = 0; e < ROSTER_UNION; e++) {
		if (!unit_on_map(g, e) || g->unit[e].hex != hex)
			continue;
		enum corps c = (enum corps)unit_def(g, e)->corps;
		int elim, lost, start;
		int drm = solitaire_withdrawal_drm(g, c, &elim, &lost, &start);
		if (drm < 0)
			snprintf(buf, len, "; %s Corps has %s: %d on its withdrawal roll (14.2)",
				 names_of_corps(c), drm <= -2 ? "lost half its steps" :
				 "three brigades gone", drm);
		else if (start > 0 && 2 * (lost + 2) >= start)
			snprintf(buf, len, "; %s Corps is near half its steps (%d of %d lost, 14.2C)",
				 names_of_corps(c), lost, start);
		else if (elim == 2)
			snprintf(buf, len, "; %s Corps has lost two brigades (14.2B at three)",
				 names_of_corps(c));
		return;
	}
}

/* The Confederacy (24.3-24.4: retreat rather than counterattack, but
 * counterattack where the exchange or a forced withdrawal of a corps pays): holding back and
 * the best few attacks by the CRT's expectation (those whose 11.1B chain can be closed) are
 * each played on copies through the rest of the player-turn and the Union's whole reply
 * (gc_reply_value: the bot itself in the solitaire game, the Union general at level 1 under
 * the two-player rules; dice sampled), and the best mean value kept; an attack must beat
 * holding back. */
static bool conf_declare(struct general *gen)
{
	const struct game *g = gen->g;
	int n = game_legal_first(g, gen->legal, LEGAL_MAX);
	int k = gen->lv->counter_attacks, samples = gen->lv->counter_samples;
	if (last_counter(gen) && k < gen->s->general.counter_last)
		k = gen->s->general.counter_last;
	double (*val)[2];
	int nv = ranked_attacks(gen, n, true, &val);
	if (nv < 0)
		return false;
	struct action end;
	memset(&end, 0, sizeof end);
	end.type = ACT_END;
	end.unit = end.target = -1;
	struct gc_reply hr, br = { 0, 0, 0 };
	double hold = gc_reply_value(g, &end, samples, &hr), bv = hold + gen->s->general.counter_margin;
	int best = -1, tried = 0;
	for (int x = 0; x < nv && tried < k; x++) {
		const struct action *a = &gen->legal[(int)val[x][1]];
		if (!closable(gen, a))
			continue;
		tried++;
		struct gc_reply r;
		double v = gc_reply_value(g, a, samples, &r);
		if (v > bv)
			bv = v, best = (int)val[x][1], br = r;
	}
	free(val);
	if (best >= 0) {
		struct action a = gen->legal[best];
		double ed = 0, ea = 0;
		char col[16] = "", corps[120];
		attack_value(gen, &a, &ed, &ea, col, sizeof col);
		int hex = a.n ? a.hex[0] : a.target;
		corps[0] = 0;
		if (g->opt.solitaire)
			corps_say(g, hex, corps, sizeof corps);
		const struct unit_def *d = unit_def(g, a.units[0]);
		char against[64];
		if (hold > -INFINITY)
			snprintf(against, sizeof against, "%+.1f VP on holding back", bv - hold);
		else
			snprintf(against, sizeof against, "11.1B: it may not hold back");
		return apply(gen, &a, "%s counterattacks %04d at %s with %d: expects %.1f steps for "
			     "%.1f%s; %s %s, the best of %d%s",
			     d->commander, hex, col, a.nunits, ed, ea, corps,
			     g->turn >= start_last_turn(g) ? "to the game's end (5.3: no reply)" :
			     g->opt.solitaire ? "through the bot's reply" : "through the Union's reply",
			     against, tried + 1,
			     br.withdrawn > hr.withdrawn + 0.01 ? ", a corps likelier withdrawn" : "");
	}
	if (hold > -INFINITY &&
	    apply_type(gen, ACT_END, tried ? "holds back: no counterattack pays against the "
					     "reply (24.3B: retreat rather than counterattack)"
					   : "no attack is worth trying"))
		return true;
	return close_chain(gen);
}

static bool declare(struct general *gen)
{
	if (gen->me == SIDE_CONFEDERATE)
		return conf_declare(gen);
	int n = game_legal_first(gen->g, gen->legal, LEGAL_MAX);
	/* an attack must be worth its risk: more so for the Confederacy, whose every unit lost
	 * costs a VP (19.0A) and cannot be replaced */
	double (*val)[2];
	int nv = ranked_attacks(gen, n, false, &val);
	if (nv < 0)
		return false;
	/* the best worth its risk whose 11.1B chain can be closed */
	int best = -1;
	for (int k = 0; k < nv && best < 0; k++)
		if (closable(gen, &gen->legal[(int)val[k][1]]))
			best = (int)val[k][1];
	free(val);
	if (best >= 0) {
		struct action a = gen->legal[best];
		double bd = 0, ba = 0;
		char bcol[16] = "";
		attack_value(gen, &a, &bd, &ba, bcol, sizeof bcol);
		int hex = a.n ? a.hex[0] : a.target;
		return apply(gen, &a, "attacks %04d at %s with %d, expects %.1f steps for %.1f", hex,
			     bcol, a.nunits, bd, ba);
	}
	if (apply_type(gen, ACT_END, "no other attack is worth it"))
		return true;
	return close_chain(gen);
}

/* ---- the decisions ---- */

/* Commit or withdraw corps c (13.1, 13.5), saying what and why. */
static bool apply_corps(struct general *gen, enum action_type type, enum corps c,
			const char *verb, const char *why)
{
	struct action a;
	memset(&a, 0, sizeof a);
	a.type = type;
	a.unit = -1;
	a.target = c;
	return apply(gen, &a, "%s %s Corps: %s", verb, names_of_corps(c), why);
}

/* 13.1: the corps general_union.c's plan picks, while fewer than two are Committed. */
static bool commitment(struct general *gen)
{
	const struct game *g = gen->g;
	int n = game_legal_first(g, gen->legal, LEGAL_MAX);
	char why[120];
	enum corps c = gu_commit_choice(g, gen->plan, gen->legal, n, why, sizeof why);
	if (c != CORPS_NONE && apply_corps(gen, ACT_COMMIT, c, "commits", why))
		return true;
	if (apply_type(gen, ACT_END, "two corps are Committed, or none other is Available"))
		return true;
	return decide_by_trial(gen, "commitment");
}

/* 13.5: a spent corps withdrawn when a fresh one waits (general_union.c's plan). */
static bool withdrawal(struct general *gen)
{
	const struct game *g = gen->g;
	int n = game_legal_first(g, gen->legal, LEGAL_MAX);
	char why[120];
	enum corps c = gu_withdraw_choice(g, gen->plan, gen->legal, n, why, sizeof why);
	if (c != CORPS_NONE && apply_corps(gen, ACT_WITHDRAW, c, "withdraws", why))
		return true;
	return apply_type(gen, ACT_END, "13.5: no corps withdraws") ||
	       decide_by_trial(gen, "withdrawal");
}

static bool decide(struct general *gen)
{
	const struct game *g = gen->g;
	switch (g->pending.what) {
	case DECISION_SETUP: {
		struct action a;
		if (gen->me == SIDE_CONFEDERATE && conf_setup(gen))
			return true;
		if (quick_historical(g, &a, 1) == 1)
			return apply(gen, &a, "4.2: %s to %04d, its 4.3 hex", names_of_unit(a.unit),
				     a.target);
		return apply_type(gen, ACT_END, "4.2: the set-up is complete");
	}
	case DECISION_MOVEMENT:
		return movement(gen);
	case DECISION_COMMITMENT:
		return commitment(gen);
	case DECISION_WITHDRAWAL:
		return withdrawal(gen);
	case DECISION_COMBAT:
	case DECISION_COMBAT_ROUND2:
		return declare(gen);
	default:
		return decide_by_trial(gen, names_of_decision(g->pending.what));
	}
}

int general_play(const struct bot_port *port, int level, char *err, size_t errlen)
{
	if (errlen)
		err[0] = 0;
	if (level < 1)
		level = 1;
	if (level > GENERAL_LEVELS)
		level = GENERAL_LEVELS;
	struct general *gen = malloc(sizeof *gen);
	if (!gen) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memset(gen, 0, offsetof(struct general, legal));
	gen->port = port;
	gen->g = port->g;
	gen->s = port->g->scn;
	gen->w = general_weights_of(gen->g, port->g->pending.side);
	gen->plan = &gen->s->general.union_plan;
	gen->lv = &gen->s->general.level[level - 1];
	gen->level = level;
	gen->me = port->g->pending.side;
	gen->err = err;
	gen->errlen = errlen;
	gen->move_turn = -1;
	gen->ref_at = -1;
	const struct game *g = gen->g;
	int guard = 0, result;
	while (g->pending.what != DECISION_GAMEOVER && g->pending.side == gen->me) {
		if (++guard > GUARD) {
			snprintf(err, errlen, "general: no end to the %s decisions",
				 names_of_decision(g->pending.what));
			free(gen);
			return -1;
		}
		int before = gen->applied;
		if (!decide(gen) || gen->applied == before) {
			/* nothing chosen was accepted: the first legal action that applies */
			int n = game_legal_first(g, gen->legal, LEGAL_MAX);
			bool ok = false;
			for (int i = 0; i < n && !ok; i++)
				ok = apply(gen, &gen->legal[i], "the first legal action");
			if (!ok) {
				char why[256];
				snprintf(why, sizeof why, "%s", err);
				snprintf(err, errlen, "general: no legal action at %s (%s)",
					 names_of_decision(g->pending.what), why);
				free(gen);
				return -1;
			}
		}
	}
	result = gen->applied;
	free(gen);
	return result;
}
