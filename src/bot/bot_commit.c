/* bot_commit.c — owns the solitaire corps commitment (14.0): the mandatory withdrawal rolls
 * of 14.2 with their DRMs, the commitment priority of 14.3 (from the charts, 20.6), the extra
 * availability rolls of 14.3B–C and the recommitment limit of 14.4. The engine decides what
 * is legal (13.0); this file only chooses among the legal actions and rolls the 14.2 dice
 * through the game's own dice. The extra availability rolls of 14.3B–C are no choice, so the
 * engine makes them when opt.solitaire (src/engine/solitaire.c). */
#include <stdio.h>
#include <string.h>

#include "bot_internal.h"

/* 14.2B–C: the DRM of a corps' withdrawal roll from its infantry losses so far. */
static int withdrawal_drm(const struct game *g, enum corps c, int *eliminated, int *lost,
			  int *start)
{
	*eliminated = *lost = *start = 0;
	for (int u = 0; u < ROSTER_UNION; u++) {
		const struct unit_def *d = bot_def(g, u);
		if (d->corps != c || d->type != UNIT_INFANTRY)
			continue;
		*start += d->steps;
		bool dead = g->unit[u].steps == 0 && !(g->unit[u].flags & UF_REMOVED);
		if (dead)
			(*eliminated)++;
		*lost += d->steps - g->unit[u].steps;
	}
	int drm = 0;
	if (*eliminated >= 3)
		drm -= 1;                 /* 14.2B */
	if (*start > 0 && 2 * *lost >= *start)
		drm -= 2;                 /* 14.2C, cumulative (14.2D) */
	return drm;
}

/* 14.2: roll once a turn for each Committed corps; withdraw those that roll 1–2 modified. */
bool bot_withdrawal(struct bot *b)
{
	struct game *g = b->g;
	struct solitaire_state *st = &g->solitaire;
	if (st->withdraw_turn != g->turn) {
		st->withdraw_turn = (int8_t)g->turn;
		st->withdraw_mask = 0;
		for (int c = 0; c < CORPS_COUNT; c++) {
			if (g->corps[c] != CORPS_COMMITTED)
				continue;
			int elim, lost, start;
			int drm = withdrawal_drm(g, (enum corps)c, &elim, &lost, &start);
			char why[64];
			snprintf(why, sizeof why, "14.2 withdrawal roll, %s Corps",
				 roster_corps_name((enum corps)c));
			int d = game_roll(g, why);
			bool out = d + drm <= 2;
			game_log(g, "14.2: %s Corps rolls %d%+d (%d brigades eliminated, %d of %d "
				 "infantry steps lost): %s", roster_corps_name((enum corps)c), d, drm,
				 elim, lost, start, out ? "withdrawn" : "stays committed");
			if (out)
				st->withdraw_mask |= (uint8_t)(1u << c);
		}
	}
	int n = bot_legal(b);
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type == ACT_WITHDRAW && a->target >= 0 && a->target < CORPS_COUNT &&
		    (st->withdraw_mask >> a->target & 1)) {
			st->withdraw_mask &= (uint8_t)~(1u << a->target);
			return bot_apply(b, a, "14.2", "%s Corps withdraws",
					 roster_corps_name((enum corps)a->target));
		}
	}
	st->withdraw_mask = 0;
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

void bot_note_committed(struct bot *b)
{
	solitaire_note_committed(b->g);
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
	struct game *g = b->g;
	bot_note_committed(b);
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
					if (!bot_apply(b, &b->acts[i], "14.3A",
						       "%s Corps committed (priority %d)",
						       roster_corps_name(c), p + 1))
						return false;
					bot_note_committed(b);
					return true;
				}
		}
	}
	return bot_apply_type(b, ACT_END, "14.3", count_status(g, CORPS_COMMITTED) >= 2
			      ? "two corps Committed" : "no other corps may be committed (14.4)");
}
