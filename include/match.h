/* match.h — a match: one game with everything a front-end keeps beside it, so that the
 * terminal game and --batch keep it the same way. A match owns
 *   - the game (struct game), changed only by match_apply → game_apply_events;
 *   - its record (how it began and every action applied since, position.h), which replays
 *     the game without any computer player: the bots' choices go in as plain actions; and
 *     in the record the game's events (match_record(m)->events, event.h), which struct
 *     game does not keep: the front-ends show them with event_format (event_text.h);
 *   - undo of the moves of the current movement phase, kept as the bytes each move changed;
 *   - one autosave policy (off, at every phase change, after every action);
 *   - an event sink that hears of the events each action logged.
 * The engine knows nothing of files or the environment: the autosave directory is given
 * here by the program (main.c). */
#ifndef ANTIETAM_MATCH_H
#define ANTIETAM_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "position.h"

struct match;

enum match_autosave {
	MATCH_AUTOSAVE_OFF,
	MATCH_AUTOSAVE_PHASE,   /* after an action that ends a phase or the game */
	MATCH_AUTOSAVE_EVERY,   /* after every action (a computer player's turn: once, at its end) */
};

/* A new game (game_new) with an empty record; NULL when out of memory. */
struct match *match_new(const struct scenario *s, enum game_setup setup, uint64_t seed,
			const struct game_options *opt);
/* Open the position file at path (store_load). A record written before records held only
 * actions has `bot` lines (a bot's whole turn): it is converted once, by replaying it with
 * today's bots, and kept when that replay reaches the saved position; otherwise the position
 * is kept without its record. notice (may be NULL) then says which. NULL with err set when
 * the file does not load (nothing else changes). */
struct match *match_load(const struct scenario *s, const char *path, char *notice,
			 size_t noticelen, char *err, size_t errlen);
void match_free(struct match *m);

const struct game *match_game(const struct match *m);
const struct position_record *match_record(const struct match *m);
/* The game's id among the autosaves of the state directory (position.h): new for match_new,
 * the file's for match_load of one of its autosaves (autosave-ID-NNNNNN.pos), else new. */
const char *match_game_id(const struct match *m);

/* Apply a (game_apply), add it to the record, keep what undo needs, autosave by the policy
 * and tell the sink; false with err set (nothing changed) when the engine refuses it. */
bool match_apply(struct match *m, const struct action *a, char *err, size_t errlen);
/* Let the computer player of the side to decide (the solitaire Union bot, or the scripted
 * Confederate player) make every decision of that side until it passes to the other side
 * or the game ends, each choice through match_apply; one autosave at the end. Returns the
 * number of actions, or -1 with err when the bot could not go on: with keep, the game stays
 * where it stopped (the player decides for it); without, the match is as it was before. */
int match_play_bot(struct match *m, bool keep, char *err, size_t errlen);
/* The same with the computer general (general.h) at level 1..GENERAL_LEVELS, for whichever
 * side is to decide. */
int match_play_general(struct match *m, int level, bool keep, char *err, size_t errlen);

/* Moves that can be taken back (those of the current movement phase, newest last). */
int match_undo_count(const struct match *m);
/* Take the newest back: the game and its record as they were before it; false when none. */
bool match_undo(struct match *m);

/* Autosave into the state directory dir (created when missing; paths_state_dir) by the
 * policy; dir NULL or "" turns it off. Each autosave is store_autosave(dir, the game's id,
 * the game, its record): the game's own rotation of five, `last` pointed at it, under the
 * directory's lock. */
void match_set_autosave(struct match *m, const char *dir, enum match_autosave policy);
/* With defer, an autosave the policy asks for after an action waits for match_autosave_due
 * instead of running inside match_apply: a front-end shows the move first and saves after
 * (the five fsyncs of an autosave took 29 ms; issue 34). Off by default. */
void match_defer_autosave(struct match *m, bool defer);
/* The deferred autosave, if one waits: true when none waited or it succeeded (else
 * match_autosave_error says why). */
bool match_autosave_due(struct match *m);
/* Autosave now (whatever the policy, when a directory is set); false with err set. */
bool match_autosave(struct match *m, char *err, size_t errlen);
/* Why the last autosave failed ("" when it did not, or none was tried since the last
 * match_apply began). */
const char *match_autosave_error(const struct match *m);
/* What the last autosave did besides saving ("" when nothing): the games the player's bound
 * on the state directory took (paths_hold_autosave_bound), for the front-end to say once;
 * cleared when an action begins and by a match_autosave_due with no autosave waiting. */
const char *match_autosave_notice(const struct match *m);
/* Save to path (store_save: atomic); false with err set. */
bool match_save(struct match *m, const char *path, char *err, size_t errlen);

/* The sink: after each applied action fn hears the game and the numbers [first, end) of the
 * events it raised (event_log_at(&match_record(m)->events, k)). */
typedef void (*match_sink_fn)(void *ctx, const struct game *g, int first, int end);
void match_set_sink(struct match *m, match_sink_fn fn, void *ctx);

#endif
