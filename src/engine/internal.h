/* internal.h — what the engine's modules call of each other and front-ends never see. */
#ifndef ANTIETAM_ENGINE_INTERNAL_H
#define ANTIETAM_ENGINE_INTERNAL_H

#include "game.h"

/* The current phase (or player-turn step) is finished: move the state machine on to the
 * next phase, player-turn or turn (5.2), doing the automatic steps on the way (regrouping
 * 12.0, removing Moved markers 10.8B, control 3.3 at the end of a turn, game end 5.3). */
void game_advance(struct game *g);
/* Set the pending decision. */
void game_set_pending(struct game *g, enum side side, enum decision what, int subject);

/* 3.3: update control of every hex at the end of a turn. */
void control_update(struct game *g);

#endif
