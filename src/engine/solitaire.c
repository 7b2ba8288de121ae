/* solitaire.c — owns the few rules of the solitaire game that are dice without a choice and
 * so belong to the engine rather than to the bot (SEQUENCE.md): the extra availability rolls
 * of 14.3B–C, with the commitment priority (14.3A, 20.6 in the charts) and the recommitment
 * limit (14.4) they respect. The bot (src/bot/) makes every Union choice. */
#include <stdio.h>

#include "game.h"
#include "internal.h"
#include "tables.h"

enum corps solitaire_priority(const struct scenario *s, int i)
{
	const char *name = tables_commit_priority(&s->tables, i);
	enum corps c;
	if (!name || !roster_corps_parse(name, &c))
		return CORPS_NONE;
	return c;
}

bool solitaire_may_commit(const struct game *g, enum corps c)
{
	unsigned all = (1u << CORPS_COUNT) - 1;
	unsigned once = g->solitaire.committed_once;
	return !(once >> c & 1) || (once & all) == all;
}

void solitaire_note_committed(struct game *g)
{
	for (int c = 0; c < CORPS_COUNT; c++)
		if (g->corps[c] == CORPS_COMMITTED)
			g->solitaire.committed_once |= (uint8_t)(1u << c);
}

/* An Unavailable corps that a roll could make Available and that could then be committed
 * (VI Corps is not on the field before turn 6, 13.8). */
static bool candidate(const struct game *g, enum corps c)
{
	return g->corps[c] == CORPS_UNAVAILABLE && solitaire_may_commit(g, c) &&
	       !(c == CORPS_VI && g->turn < 6);
}

void solitaire_commitment_rolls(struct game *g)
{
	if (!g->opt.solitaire || g->turn == 1 || g->opt.unleashed || g->commitment_lifted)
		return; /* 13.7A: no such step on turn 1 */
	solitaire_note_committed(g);
	int usable = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		usable += g->corps[c] == CORPS_COMMITTED ||
			  (g->corps[c] == CORPS_AVAILABLE && solitaire_may_commit(g, (enum corps)c));
	/* 14.3B: one corps short; 14.3C: two short, run through it twice */
	for (int missing = 2 - usable; missing > 0; missing--) {
		bool any = false;
		for (int c = 0; c < CORPS_COUNT; c++)
			any |= candidate(g, (enum corps)c);
		if (!any)
			return;
		bool found = false;
		for (int pass = 0; pass < 100 && !found; pass++)
			for (int p = 0; p < CORPS_COUNT && !found; p++) {
				enum corps c = solitaire_priority(g->scn, p);
				if (c == CORPS_NONE || !candidate(g, c))
					continue;
				char why[48];
				snprintf(why, sizeof why, "14.3B availability of %s Corps",
					 roster_corps_name(c));
				if (game_roll(g, why) == 6) {
					commit_set_status(g, c, CORPS_AVAILABLE);
					game_log(g, "14.3B: %s Corps is Available and must be committed",
						 roster_corps_name(c));
					found = true;
				}
			}
	}
}
