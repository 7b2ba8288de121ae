/* general.h — the computer general: a player for either side under the two-player rules, and
 * for the Confederacy in the solitaire game (against the Union bot). Like the bots it only
 * chooses: it reads the game, scores candidate actions on copies of the position with an
 * evaluation of the position (objectives held and threatened, steps by side, exposed guns
 * and weak units, time left), looking ahead through the dice by sampling them (several
 * copies, each with its own dice) or by the CRT's expected outcome, and hands each choice with
 * a one-line reason as its note to a port (bot.h), which applies and records it.
 * Deterministic: the same game and level give the same choices. docs/general.md. */
#ifndef ANTIETAM_GENERAL_H
#define ANTIETAM_GENERAL_H

#include <stdbool.h>
#include <stddef.h>

#include "bot.h"
#include "game.h"
#include "general_tunables.h"

#define GENERAL_STRONG 3   /* the strongest level for play: the start menu's, the soak's */

/* The weights of the evaluation, of Lee's plan, the Union's plan and what each level spends
 * (GENERAL_LEVELS of them) are data (data/general.txt, general_tunables.h): the general reads
 * those of its game's scenario (scenario.h). */
/* Make every decision of the side to decide until the decision passes to the other side or
 * the game ends, at level 1..GENERAL_LEVELS (more candidates and dice samples each level).
 * Returns the number of actions applied, or -1 with err set when nothing it offered was
 * accepted (the game is then left at that decision). */
int general_play(const struct bot_port *port, int level, char *err, size_t errlen);

/* The weights of side me in g's tunables (data/general.txt). */
const struct general_weights *general_weights_of(const struct game *g, enum side me);

/* The evaluation of g for side `me` (higher is better for me), with weights w (NULL: the
 * weights of side me, general_weights_of). */
double general_evaluate(const struct game *g, enum side me, const struct general_weights *w);

/* The positions the general has evaluated in this thread so far (each evaluation of a
 * position it looked at: general_evaluate's and the solitaire Lee's 19.0 count): make bench's
 * positions a CPU second (issue 29). */
unsigned long long general_positions(void);

#endif
