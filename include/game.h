/* game.h — the one door through which a position (struct game, game_state.h) changes.
 *
 * The game is a state machine (SEQUENCE.md): at every moment exactly one decision is
 * pending, owned by one side, with a list of legal actions. game_apply() applies an action
 * or refuses it with the rule it breaks and leaves the game unchanged. All chance goes
 * through the game's own RNG (with a queue of forced dice for tests). An action's text is
 * action_text.h's. */
#ifndef ANTIETAM_GAME_H
#define ANTIETAM_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "action.h"
#include "event.h"
#include "game_state.h"
#include "scenario.h"

/* Start a new game on scenario s with the given set-up, seed and options. */
void game_new(struct game *g, const struct scenario *s, enum game_setup setup, uint64_t seed,
	      const struct game_options *opt);
/* The same, appending the events of the start (the new game, the first rolls) to log. */
void game_new_events(struct game *g, const struct scenario *s, enum game_setup setup,
		     uint64_t seed, const struct game_options *opt, struct event_log *log);
/* Apply an action: returns true, or false with a message citing the rule in err and g
 * unchanged. Its events are counted (g->nlog) and forgotten. */
bool game_apply(struct game *g, const struct action *a, char *err, size_t errlen);
/* The same, appending its events to log (numbered from g->nlog on); a refused action adds
 * none. */
bool game_apply_events(struct game *g, const struct action *a, struct event_log *log,
		       char *err, size_t errlen);
/* Every legal action at the current decision point, in a fixed order: the first max are written
 * to out (out may be NULL when max is 0), and the number of them all is returned, which is more
 * than max when out had no room for every one: no list is cut short unsaid. A caller that
 * wants them all asks again with room for the count; one that keeps a bounded array asks for
 * its bound (game_legal_first). */
int game_legal(const struct game *g, struct action *out, int max);
/* The first max actions of game_legal's list into out; returns how many it wrote (at most
 * max): for a caller that keeps a fixed array and looks no further than its first max. */
int game_legal_first(const struct game *g, struct action *out, int max);
/* Forget the searches the engine keeps for the positions it saw last (pure speed: the
 * movement searches, move.c, the legal retreats, retreat.c, and the last withdrawal's
 * search, commit.c, asked again of the same position). They name their scenario by its address only: whoever changes a scenario's map,
 * counters or charts calls this (scenario_step_costs does). */
void game_memo_forget(void);

/* The queries of a position every layer asks, each in the file it names: unit.h (the units'
 * state), zoc.h (6.0), stack.h (7.0); the words of names.h come with roster.h. */
#include "stack.h"
#include "unit.h"
#include "zoc.h"

#endif
