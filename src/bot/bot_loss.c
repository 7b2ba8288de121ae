/* bot_loss.c — 11.15B for both bots: which of its defending units loses the next step when
 * the engine asks (`step-loss`). The solitaire rules (14–18) say nothing of it; the rule
 * chosen (docs/rules-notes.md) keeps units alive, as "competent tactics" would: each
 * eliminated unit is a VP (3.4, 19.0), and a unit with steps left still holds its hex. */
#include "bot_internal.h"

/* Among the candidates the engine offers (resolve_loss_candidates): the unit with the most
 * steps left; of those, the one whose combat value falls least with the step (unit_cv
 * at its next lower step); then the lowest unit index. -1 when there is none. */
int bot_loss_choice(const struct game *g)
{
	int c[COMBAT_DEFHEX_MAX * 8];
	int n = resolve_loss_candidates(g, c, COMBAT_DEFHEX_MAX * 8), best = -1, bs = 0, bdrop = 0;
	for (int i = 0; i < n; i++) {
		int u = c[i], steps = g->unit[u].steps;
		const struct unit_def *d = unit_def(g, u);
		int drop = d->cv[steps] - (steps > 1 ? d->cv[steps - 1] : 0);
		if (best < 0 || steps > bs || (steps == bs && drop < bdrop)) {
			best = u;
			bs = steps;
			bdrop = drop;
		}
	}
	return best;
}

bool bot_step_loss(struct bot *b)
{
	int u = bot_loss_choice(b->g);
	if (u < 0)
		return false;
	struct action a = { .type = ACT_LOSE, .unit = u, .target = -1 };
	return bot_apply(b, &a, "11.15B", "%s loses the step: most steps left (%d), combat value "
			 "falls least", names_of_unit(u), b->g->unit[u].steps);
}
