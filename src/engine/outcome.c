/* outcome.c — owns what a declared combat is likely to come to (see odds_outcome in
 * combat.h): the distribution of its results over the rounds still to fight (11.5D–E): each
 * round begins with the defensive fire of the defending guns that have not fired this turn
 * (11.5B), each at the attacker it is expected to hurt most, when a shot can take a step;
 * then each attacker in turn with the CRT column and DRMs of the position its die meets
 * (odds_attack on the position after the results before it, 11.8B), the attacker's steps off
 * the attacking unit, the defender's by 11.15B–C as the combat driver takes them when its
 * owner has no choice (resolve_loss_pick), a '*' sending the survivors of the hexes attacked
 * back three hexes (11.17.1B) so that the attackers after it have nothing there to attack,
 * at what the retreat costs: a gun's roll on the Artillery Retreat Table (11.17.6A, 20.4,
 * again through an EZOC, 11.17.6C), a step a hex of EZOC entered with no friend in it
 * (11.17.4B) along the legal path that costs least, every step when there is none (11.17.3F).
 * Identical results merge, so the work grows with the distinct positions, not with the 6^n
 * dice. */
#include <stdlib.h>
#include <string.h>

#include "combat_internal.h"
#include "tables.h"
#include "zoc.h"

#define OUT_UNITS (COMBAT_ATTACKERS_MAX + COMBAT_DEFHEX_MAX * 8)
#define OUT_STATES_MAX 4096

/* One distinct position of the combat: the steps of each unit in it (attackers first, then
 * the defenders), which defenders have retreated, and its chance. */
struct out_state {
	int8_t steps[OUT_UNITS];
	uint32_t gone;
	uint32_t fired;         /* defending guns that have fired defensively (11.5B) */
	uint32_t able;          /* round 2: attackers that may attack in it, as it is declared */
	double p;
};

struct out_work {
	const struct game *g;
	struct game *copy, *scratch;
	int unit[OUT_UNITS];
	int natt, n;            /* attackers, all units */
	const int *defhex;
	int ndefhex;
	enum side foe;
	struct out_state *cur, *next;
	int ncur, nnext;
	bool overflow;
	struct retreat_path paths[RETREAT_PATHS_MAX];
};

/* The position of state s on w->copy. */
static void put_state(struct out_work *w, const struct out_state *s)
{
	for (int k = 0; k < w->n; k++) {
		int u = w->unit[k];
		w->copy->unit[u].steps = s->steps[k];
		w->copy->unit[u].hex = (s->gone >> k) & 1 ? HEX_NONE : w->g->unit[u].hex;
		if ((s->fired >> k) & 1)
			w->copy->unit[u].flags |= UF_DEF_FIRED;
		else
			w->copy->unit[u].flags = w->g->unit[u].flags;
	}
}

static void add_state(struct out_work *w, const struct out_state *s)
{
	for (int i = 0; i < w->nnext; i++)
		if (w->next[i].gone == s->gone && w->next[i].fired == s->fired &&
		    w->next[i].able == s->able &&
		    !memcmp(w->next[i].steps, s->steps, sizeof s->steps)) {
			w->next[i].p += s->p;
			return;
		}
	if (w->nnext >= OUT_STATES_MAX) {
		w->overflow = true;
		return;
	}
	w->next[w->nnext++] = *s;
}

/* The combat is over in state s: no defender left in its hexes. */
static bool over(const struct out_work *w, const struct out_state *s)
{
	for (int k = w->natt; k < w->n; k++)
		if (s->steps[k] > 0 && !((s->gone >> k) & 1))
			return false;
	return true;
}

static void swap_states(struct out_work *w)
{
	struct out_state *sw = w->cur;
	w->cur = w->next;
	w->next = sw;
	w->ncur = w->nnext;
}

/* Round 2 is declared anew (11.5E), before its defensive fire: the attackers that may make
 * their attack then (11.2B, 11.3A …), on each state as round 1 left it. */
static void declare_round2(struct out_work *w)
{
	for (int si = 0; si < w->ncur; si++) {
		struct out_state *s = &w->cur[si];
		put_state(w, s);
		s->able = 0;
		for (int i = 0; i < w->natt; i++) {
			int a = w->unit[i], hexes[COMBAT_DEFHEX_MAX], nh = 0;
			if (s->steps[i] <= 0)
				continue;
			for (int h = 0; h < w->ndefhex; h++)
				if (unit_side_in(w->copy, w->defhex[h], w->foe) &&
				    hex_adjacent(w->copy->unit[a].hex, w->defhex[h]))
					hexes[nh++] = w->defhex[h];
			if (nh > 0 && odds_can_attack(w->copy, a, hexes, nh, NULL, 0))
				s->able |= 1u << i;
		}
	}
}

/* 11.5B: before the first attack of a round, each defending gun that has not fired this
 * turn fires at the attacker it is expected to take most steps from, when one shot can take
 * a step (the owner's choice modelled as the solitaire bot makes it, docs/rules-notes.md). */
static void defensive_fire(struct out_work *w)
{
	for (int k = w->natt; k < w->n; k++) {
		int gun = w->unit[k];
		if (is_infantry(w->g, gun))
			continue;
		w->nnext = 0;
		for (int si = 0; si < w->ncur; si++) {
			const struct out_state *s = &w->cur[si];
			if (s->steps[k] <= 0 || ((s->gone >> k) & 1) || ((s->fired >> k) & 1)) {
				add_state(w, s);
				continue;
			}
			put_state(w, s);
			int best = -1;
			double best_e = 0;
			struct fire_odds o, bo;
			for (int i = 0; i < w->natt; i++) {
				if (s->steps[i] <= 0 ||
				    !fire_check(w->copy, gun, w->unit[i], true, &o, NULL, 0))
					continue;
				double e = 0;
				for (int d = 1; d <= 6; d++)
					e += o.steps[d] / 6.0;
				if (e > best_e)
					best = i, best_e = e, bo = o;
			}
			if (best < 0) { /* no shot can take a step: it holds its fire */
				add_state(w, s);
				continue;
			}
			for (int d = 1; d <= 6; d++) {
				struct out_state t = *s;
				t.p = s->p / 6.0;
				t.fired |= 1u << k;
				t.steps[best] = (int8_t)(t.steps[best] > bo.steps[d]
								 ? t.steps[best] - bo.steps[d] : 0);
				add_state(w, &t);
			}
		}
		swap_states(w);
	}
}

/* Steps unit u loses retreating along path p on g (11.17.4B: a step a hex of EZOC entered
 * with no friend in it), and whether the path passes an EZOC. */
static int path_cost(const struct game *g, int u, const struct retreat_path *p, bool *ezoc)
{
	enum side side = cdef(g, u)->side;
	int lost = 0;
	*ezoc = false;
	for (int i = 0; i < p->n; i++) {
		int friends[8];
		if (!zoc_in_ezoc(g, p->hex[i], side))
			continue;
		*ezoc = true;
		lost += unit_side_in_hex(g, p->hex[i], side, friends, 8) == 0;
	}
	return lost;
}

/* The '*' of a CRT result (11.17.1B) for the defenders of mask `back` from index k on, in
 * state t (their steps after the result's losses, on w->scratch): each way the retreats can
 * come out, with its chance, into w->next, those units gone. The owner takes the legal path
 * that costs least (11.17.2B: each side retreats its own; at equal cost, for a gun, one clear
 * of every EZOC); a gun rolls on the Artillery Retreat Table first (11.17.6A, 20.4) and again
 * when its path passes an EZOC (11.17.6C). Each unit's retreat is figured on the position
 * the result left; panic (11.17.5) is not counted. */
static void retreat_cost(struct out_work *w, struct out_state *t, uint32_t back, int k,
			 double p, bool rolled)
{
	while (k < w->n && !((back >> k) & 1))
		k++;
	if (k >= w->n) {
		struct out_state r = *t;
		r.p = p;
		r.gone |= back;
		add_state(w, &r);
		return;
	}
	int u = w->unit[k];
	int8_t steps = t->steps[k];
	const struct tables *tb = &w->g->scn->tables;
	bool gun = !is_infantry(w->g, u);
	if (steps <= 0) {
		retreat_cost(w, t, back, k + 1, p, false);
		return;
	}
	if (gun && !rolled) { /* 11.17.6A: the roll before the retreat */
		for (int d = 1; d <= 6; d++) {
			enum art_retreat r = tables_art_retreat(tb, d);
			t->steps[k] = r == ART_RETREAT_ELIMINATED ? 0
				      : r == ART_RETREAT_STEP ? (int8_t)(steps - 1) : steps;
			retreat_cost(w, t, back, k, p / 6.0, true);
		}
		t->steps[k] = steps;
		return;
	}
	int np = retreat_paths(w->scratch, u, RETREAT_MANDATORY, w->paths, RETREAT_PATHS_MAX);
	int best = -1;
	bool best_ezoc = false;
	for (int i = 0; i < np; i++) {
		bool ez;
		int c = path_cost(w->scratch, u, &w->paths[i], &ez);
		if (best < 0 || c < best || (c == best && best_ezoc && !ez))
			best = c, best_ezoc = ez;
	}
	int8_t left = np == 0 ? 0 : (int8_t)(steps > best ? steps - best : 0); /* 11.17.3F */
	if (gun && best_ezoc && left > 0) { /* 11.17.6C: through an EZOC, the roll again */
		for (int d = 1; d <= 6; d++) {
			enum art_retreat r = tables_art_retreat(tb, d);
			t->steps[k] = r == ART_RETREAT_ELIMINATED ? 0
				      : r == ART_RETREAT_STEP ? (int8_t)(left - 1) : left;
			retreat_cost(w, t, back, k + 1, p / 6.0, false);
		}
	} else {
		t->steps[k] = left;
		retreat_cost(w, t, back, k + 1, p, false);
	}
	t->steps[k] = steps;
}

/* Attacker i's attack in round `round` from every state of w->cur into w->next. */
static void attack_step(struct out_work *w, int i, int round)
{
	w->nnext = 0;
	int a = w->unit[i];
	for (int si = 0; si < w->ncur; si++) {
		const struct out_state *s = &w->cur[si];
		if (over(w, s) || s->steps[i] <= 0) {
			add_state(w, s);
			continue;
		}
		put_state(w, s);
		/* the hexes it can still reach, as the driver asks them (resolve_attack) */
		int hexes[COMBAT_DEFHEX_MAX], nh = 0, des[COMBAT_ATTACKERS_MAX], nd = 0;
		for (int h = 0; h < w->ndefhex; h++)
			if (unit_side_in(w->copy, w->defhex[h], w->foe) &&
			    hex_adjacent(w->copy->unit[a].hex, w->defhex[h]))
				hexes[nh++] = w->defhex[h];
		for (int k = 0; k < w->natt; k++)
			if (unit_on_map(w->copy, w->unit[k]))
				des[nd++] = w->unit[k];
		struct combat_odds o;
		char err[8];
		if (nh == 0 || (round == 2 && !((s->able >> i) & 1)) ||
		    !odds_attack(w->copy, a, hexes, nh, des, nd, &o, err, 0)) {
			add_state(w, s);
			continue;
		}
		struct crt_chance ch[6];
		int nch = odds_chances(&o, ch);
		for (int c = 0; c < nch; c++) {
			struct out_state t = *s;
			t.p = s->p * ch[c].sixths / 6.0;
			t.steps[i] = (int8_t)(t.steps[i] > ch[c].attacker ? t.steps[i] - ch[c].attacker : 0);
			*w->scratch = *w->copy;
			for (int l = 0; l < ch[c].defender; l++) {
				int cand[COMBAT_DEFHEX_MAX * 8];
				int nc = resolve_loss_candidates_in(w->scratch, w->foe, hexes, nh, cand,
								    COMBAT_DEFHEX_MAX * 8);
				if (nc == 0)
					break;
				w->scratch->unit[resolve_loss_pick(w->scratch, cand, nc)].steps--;
			}
			uint32_t back = 0;
			for (int k = w->natt; k < w->n; k++) {
				int u = w->unit[k];
				t.steps[k] = (int8_t)w->scratch->unit[u].steps;
				w->scratch->unit[u].steps = t.steps[k];
				if (t.steps[k] <= 0)
					w->scratch->unit[u].hex = HEX_NONE;
				bool here = false;
				for (int h = 0; h < nh; h++)
					here |= w->g->unit[u].hex == hexes[h];
				if (ch[c].retreat && here && t.steps[k] > 0) /* 11.17.1B */
					back |= 1u << k;
			}
			if (!back) {
				add_state(w, &t);
				continue;
			}
			/* the retreats, on the position the result left (the attacker's loss too) */
			w->scratch->unit[a].steps = t.steps[i];
			if (t.steps[i] <= 0)
				w->scratch->unit[a].hex = HEX_NONE;
			retreat_cost(w, &t, back, w->natt, t.p, false);
		}
	}
	swap_states(w);
}

bool odds_outcome(const struct game *g, const int *defhex, int ndefhex, const int *attackers,
		  int nattackers, struct combat_outcome *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	if (nattackers < 1 || nattackers > COMBAT_ATTACKERS_MAX || ndefhex < 1 ||
	    ndefhex > COMBAT_DEFHEX_MAX)
		return names_refusal(err, errlen, "11.3B: one to %d attackers on one to %d hexes",
				     COMBAT_ATTACKERS_MAX, COMBAT_DEFHEX_MAX);
	struct out_work w = { .g = g, .defhex = defhex, .ndefhex = ndefhex };
	for (int i = 0; i < nattackers; i++) {
		if (!unit_on_map(g, attackers[i]) || !is_infantry(g, attackers[i]))
			return names_refusal(err, errlen, "11.1A: only infantry on the map attacks");
		w.unit[w.n++] = attackers[i];
	}
	w.natt = w.n;
	w.foe = enemy_of(cdef(g, attackers[0])->side);
	for (int h = 0; h < ndefhex; h++) {
		int units[8];
		int k = unit_side_in_hex(g, defhex[h], w.foe, units, 8);
		if (k == 0)
			return names_refusal(err, errlen, "11.1A: no enemy unit in %04d", defhex[h]);
		for (int j = 0; j < k; j++)
			w.unit[w.n++] = units[j];
	}
	w.copy = malloc(sizeof *w.copy);
	w.scratch = malloc(sizeof *w.scratch);
	w.cur = malloc(OUT_STATES_MAX * sizeof *w.cur);
	w.next = malloc(OUT_STATES_MAX * sizeof *w.next);
	bool ok = w.copy && w.scratch && w.cur && w.next;
	if (ok) {
		*w.copy = *g;
		struct out_state s0 = { .p = 1.0 };
		for (int k = 0; k < w.n; k++)
			s0.steps[k] = (int8_t)g->unit[w.unit[k]].steps;
		w.cur[0] = s0;
		w.ncur = 1;
		/* round 1 and, if neither side breaks off, round 2 (11.5E); in round 2 the last */
		out->rounds = g->phase == PHASE_COMBAT && g->combat.round == 2 ? 1 : 2;
		for (int r = 1; r <= out->rounds && !w.overflow; r++) {
			int round = out->rounds == 1 ? 2 : r;
			if (round == 2)
				declare_round2(&w);
			defensive_fire(&w);
			for (int i = 0; i < w.natt; i++)
				attack_step(&w, i, round);
		}
		ok = !w.overflow;
		if (!ok)
			names_refusal(err, errlen, "too many outcomes to figure");
	} else {
		names_refusal(err, errlen, "out of memory");
	}
	for (int si = 0; ok && si < w.ncur; si++) {
		const struct out_state *s = &w.cur[si];
		bool dead = true, back = false;
		for (int k = 0; k < w.n; k++) {
			int lost = g->unit[w.unit[k]].steps - s->steps[k];
			if (k < w.natt) {
				out->att_steps += s->p * lost;
				continue;
			}
			out->def_steps += s->p * lost;
			dead &= s->steps[k] == 0;
			back |= ((s->gone >> k) & 1) && s->steps[k] > 0; /* sent back, and alive */
		}
		out->eliminated += dead ? s->p : 0;
		out->retreat += back ? s->p : 0;
	}
	free(w.copy);
	free(w.scratch);
	free(w.cur);
	free(w.next);
	return ok;
}
