/* bot.h — the solitaire Union player (rules 14.0–18.0) and a simple scripted Confederate
 * player. They only choose: they read the position, pick among the actions game_legal()
 * offers, and hand each choice, with the rule that drove it as the action's note, to a port
 * that applies it through game_apply() and records it (the match layer's, include/match.h,
 * or bot_play_game's on a bare game). A record of their play is a list of plain actions and
 * replays without them. */
#ifndef ANTIETAM_BOT_H
#define ANTIETAM_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

/* Where a computer player's choices go: apply performs action a on the game g the player
 * reads (through game_apply; the owner records it) and returns true, or false with err when
 * the engine refuses it (g then unchanged). */
struct bot_port {
	const struct game *g;
	bool (*apply)(void *ctx, const struct action *a, char *err, size_t errlen);
	void *ctx;
};

/* Choose every pending `union …` decision by the solitaire rules until the decision passes
 * to the Confederacy or the game ends. Returns the number of actions applied, or -1 with err
 * set when the engine refused everything the bot could offer (the game is then left at that
 * decision, consistent). */
int bot_play(const struct bot_port *port, char *err, size_t errlen);

/* The same for the Confederacy with a simple scripted player (for tests and the `bot`
 * command): it attacks with adjacent infantry at good odds, fires its guns, retreats as far
 * from the enemy as the rules allow and ends everything else. Deterministic. */
int bot_confederate_play(const struct bot_port *port, char *err, size_t errlen);

/* Play for whichever side owns the pending decision (Union: bot_play; Confederacy:
 * bot_confederate_play); 0 when the game is over. */
int bot_play_pending(const struct bot_port *port, char *err, size_t errlen);

/* Random legal play for side until the decision passes to the other side or the game ends:
 * in movement mostly a random unit to a random hex it may reach, elsewhere any legal action;
 * rng is the player's own stream, apart from the game's dice (the simulator's yardstick). */
int bot_random_play(const struct bot_port *port, enum side side, uint64_t *rng, char *err,
		    size_t errlen);

/* The one "apply with a note" of the computer players: append "who: why" to the reasons
 * already in note (size bytes, one a line; nothing appended when it is full), hand a to the
 * port with note as its note, and on refusal cut note back to what it held. True when the
 * port applied it (err set when not). */
bool bot_port_apply(const struct bot_port *port, const struct action *a, char *note,
		    size_t size, const char *who, const char *why, char *err, size_t errlen);

/* bot_play_pending on a bare game (tests, the bench, the soak): each action through
 * game_apply, its command appended to played (one a line; played may be NULL). */
int bot_play_game(struct game *g, char *played, size_t len, char *err, size_t errlen);

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
