/* bot.h — the solitaire Union player (rules 14.0–18.0) and a simple scripted Confederate
 * player, both front-ends of the engine: they look at the position, pick among the actions
 * game_legal() offers and apply them through game_apply(), like a human at the keyboard.
 * Every choice is written into the game's event log with the rule that drove it. */
#ifndef ANTIETAM_BOT_H
#define ANTIETAM_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"

/* Play every pending `union …` decision of g by the solitaire rules until the decision
 * passes to the Confederacy or the game ends. The commands played are appended to played
 * (one per line, as action_format writes them; may be NULL). Returns the number of actions
 * applied, or -1 with err set when the engine refused everything the bot could offer (g is
 * then left at that decision, consistent). */
int bot_play(struct game *g, char *played, size_t len, char *err, size_t errlen);

/* The same for the Confederacy with a simple scripted player (for tests and the `bot`
 * command): it attacks with adjacent infantry at good odds, fires its guns, retreats as far
 * from the enemy as the rules allow and ends everything else. Deterministic. */
int bot_confederate_play(struct game *g, char *played, size_t len, char *err, size_t errlen);

/* Play for whichever side owns the pending decision (Union: bot_play; Confederacy:
 * bot_confederate_play); 0 when the game is over. */
int bot_play_pending(struct game *g, char *played, size_t len, char *err, size_t errlen);

/* Timing of the Union bot over whole solitaire games (historical set-up, seeds 1..games,
 * against the scripted Confederacy): the median and worst time of one Union player-turn in
 * milliseconds; false with err when a game could not be played to its end. */
struct bot_bench_result {
	int games, turns;
	double median_ms, worst_ms, total_s;
};
bool bot_bench(const struct scenario *s, int games, FILE *record, struct bot_bench_result *r,
	       char *err, size_t errlen);
/* When record is not NULL each game goes into it: "game solitaire SEED", every action as its
 * command, and the digest line bot_bench_digest writes (dice state, units, control). */
void bot_bench_digest(FILE *f, const struct game *g);

#endif
