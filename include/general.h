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

#define GENERAL_LEVELS 4   /* 1 quick, 2 normal, 3 strong, 4 analysis (slow) */
#define GENERAL_STRONG 3   /* the strongest level for play: the start menu's, the soak's */

/* The weights of the evaluation (docs/general.md says what each one weighs). */
struct general_weights {
	double objective;     /* an objective hex held (3.3), per VP it is worth */
	double threat;        /* an objective hex next to enemy infantry, per VP */
	double step;          /* a step of infantry on the map */
	double gun_step;      /* a step of artillery on the map */
	double eliminated;    /* a unit next to enemy infantry, scaled by its danger */
	double exposed_gun;   /* a gun next to enemy infantry */
	double approach;      /* an attacker's infantry per hex nearer an objective it lacks */
	double aggression;    /* attacks: weight of the defender's expected losses against ours */
	double attack_min;    /* an attack is declared only when its value exceeds this */
	double keep_away;     /* movement: per enemy unit next to a destination (its danger) */
};
/* The weights of each side, tuned by self-play through the simulator (docs/general.md):
 * the Union attacks, the Confederacy (whose every unit lost costs a VP in 19.0A) holds. */
extern const struct general_weights general_union_weights;
extern const struct general_weights general_confederate_weights;

/* Make every decision of the side to decide until the decision passes to the other side or
 * the game ends, at level 1..GENERAL_LEVELS (more candidates and dice samples each level).
 * Returns the number of actions applied, or -1 with err set when nothing it offered was
 * accepted (the game is then left at that decision). */
int general_play(const struct bot_port *port, int level, char *err, size_t errlen);

/* The evaluation of g for side `me` (higher is better for me), with weights w (NULL: the
 * weights of side me). */
double general_evaluate(const struct game *g, enum side me, const struct general_weights *w);

/* The positions the general has evaluated in this thread so far (each evaluation of a
 * position it looked at: general_evaluate's and the solitaire Lee's 19.0 count): make bench's
 * positions a CPU second (issue 29). */
unsigned long long general_positions(void);

#endif
