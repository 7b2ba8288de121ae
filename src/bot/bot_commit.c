/* bot_commit.c — owns the solitaire corps commitment (14.0): the withdrawals the 14.2 rolls
 * ordered, the commitment priority of 14.3 (from the charts, 20.6), the extra
 * availability rolls of 14.3B–C and the recommitment limit of 14.4. The engine decides what
 * is legal (13.0); this file only chooses among the legal actions. The 14.2 rolls and the
 * extra availability rolls of 14.3B–C are no choice, so the engine makes them when
 * opt.solitaire (src/engine/solitaire.c). */
#include <stdio.h>
#include <string.h>

#include "bot_internal.h"

/* 14.2: withdraw the corps whose rolls (made by the engine) ordered it, then end. */
bool bot_withdrawal(struct bot *b)
{
	const struct solitaire_state *st = &b->g->solitaire;
	int n = bot_legal(b);
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type == ACT_WITHDRAW && a->target >= 0 && a->target < CORPS_COUNT &&
		    (st->withdraw_mask >> a->target & 1))
			return bot_apply(b, a, "14.2", "%s Corps withdraws",
					 names_of_corps((enum corps)a->target));
	}
	return bot_apply_type(b, ACT_END, "14.2", "no other corps withdraws");
}

static enum corps priority_corps(const struct bot *b, int i)
{
	return solitaire_priority(b->s, i);
}

static bool recommit_ok(const struct game *g, enum corps c)
{
	return solitaire_may_commit(g, c);
}

static int count_status(const struct game *g, enum corps_status s)
{
	int n = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		n += g->corps[c] == s;
	return n;
}

/* 14.3–14.4: commit the first legal corps in priority order until two are Committed. */
bool bot_commitment(struct bot *b)
{
	const struct game *g = b->g;
	if (count_status(g, CORPS_COMMITTED) < 2) {
		int n = bot_legal(b);
		for (int p = 0; p < CORPS_COUNT; p++) {
			enum corps c = priority_corps(b, p);
			if (c == CORPS_NONE)
				continue;
			if (!recommit_ok(g, c))
				continue;
			for (int i = 0; i < n; i++)
				if (b->acts[i].type == ACT_COMMIT && b->acts[i].target == (int)c) {
					return bot_apply(b, &b->acts[i], "14.3A",
							 "%s Corps committed (priority %d)",
							 names_of_corps(c), p + 1);
				}
		}
	}
	return bot_apply_type(b, ACT_END, "14.3", count_status(g, CORPS_COMMITTED) >= 2
			      ? "two corps Committed" : "no other corps may be committed (14.4)");
}
