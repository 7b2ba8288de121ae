/* outcome.c — owns what a declared combat is likely to come to (see odds_outcome in
 * combat.h): the distribution of its results over the rounds still to fight (11.5D–E), each
 * attacker in turn with the CRT column and DRMs of the position its die meets (odds_attack
 * on the position after the results before it, 11.8B), the attacker's steps off the attacking
 * unit, the defender's by 11.15B–C as the combat driver takes them when its owner has no
 * choice (resolve_loss_pick), a '*' sending the survivors of the hexes attacked back (11.17.1B)
 * so that the attackers after it have nothing there to attack. Identical results merge, so
 * the work grows with the distinct positions, not with the 6^n dice. */
#include <stdlib.h>
#include <string.h>

#include "combat_internal.h"

#define OUT_UNITS (COMBAT_ATTACKERS_MAX + COMBAT_DEFHEX_MAX * 8)
#define OUT_STATES_MAX 4096

/* One distinct position of the combat: the steps of each unit in it (attackers first, then
 * the defenders), which defenders have retreated, and its chance. */
struct out_state {
	int8_t steps[OUT_UNITS];
	uint32_t gone;
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
};

/* The position of state s on w->copy. */
static void put_state(struct out_work *w, const struct out_state *s)
{
	for (int k = 0; k < w->n; k++) {
		int u = w->unit[k];
		w->copy->unit[u].steps = s->steps[k];
		w->copy->unit[u].hex = (s->gone >> k) & 1 ? HEX_NONE : w->g->unit[u].hex;
	}
}

static void add_state(struct out_work *w, const struct out_state *s)
{
	for (int i = 0; i < w->nnext; i++)
		if (w->next[i].gone == s->gone && !memcmp(w->next[i].steps, s->steps, sizeof s->steps)) {
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
		/* round 2 is declared anew (11.5E): the attack must be one it may make then */
		if (nh == 0 || (round == 2 && !odds_can_attack(w->copy, a, hexes, nh, err, 0)) ||
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
			for (int k = w->natt; k < w->n; k++) {
				int u = w->unit[k];
				t.steps[k] = (int8_t)w->scratch->unit[u].steps;
				bool here = false;
				for (int h = 0; h < nh; h++)
					here |= w->g->unit[u].hex == hexes[h];
				if (ch[c].retreat && here && t.steps[k] > 0) /* 11.17.1B */
					t.gone |= 1u << k;
			}
			add_state(w, &t);
		}
	}
	struct out_state *sw = w->cur;
	w->cur = w->next;
	w->next = sw;
	w->ncur = w->nnext;
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
			back |= (s->gone >> k) & 1;
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
