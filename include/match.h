/* match.h — a match: one game with everything a front-end keeps beside it, so that the
 * terminal game and --batch keep it the same way. A match owns
 *   - the game (struct game), changed only by match_apply → game_apply_events;
 *   - its record (how it began and every action applied since, position.h), which replays
 *     the game without any computer player: the bots' choices go in as plain actions; and
 *     in the record the game's events (match_record(m)->events, event.h), which struct
 *     game does not keep: the front-ends show them with event_format (event_text.h);
 *   - undo of the moves of the current movement phase, kept as the bytes each move changed;
 *   - one autosave policy (off, at every phase change, after every action);
 *   - an event sink that hears of the events each action logged;
 *   - its seats: who decides for each side, a person or a computer player (player.h), and
 *     the computer seats' turns (match_play_seats), each choice through match_apply.
 * The engine knows nothing of files or the environment: the autosave directory is given
 * here by the program (main.c). */
#ifndef ANTIETAM_MATCH_H
#define ANTIETAM_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "player.h"
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
/* Open the position file at path (store_load). A file that names no ground nor charts (of
 * before POSITION_NAMES_DATA) goes on with those match_settle_data finds. A record written
 * before records held only actions has `bot` lines (a bot's whole turn): it is converted once,
 * by replaying it with today's bots, and kept when that replay reaches the saved position;
 * otherwise the position is kept without its record. notice (may be NULL) then says which,
 * and names the data the game goes on with when they are not today's ("it was played with
 * order of battle 1, ground 2 and charts 1 and goes on with those …"). NULL with err set when
 * the file does not load (nothing else changes). */
struct match *match_load(const struct scenario *s, const char *path, char *notice,
			 size_t noticelen, char *err, size_t errlen);
void match_free(struct match *m);
/* The data of a game read from a file that names no ground nor charts (position.h: rec's
 * versions, the grounds and charts of the file's time, saved->scn on the first): the first on
 * which its record replays from its start to the saved position (`bot` lines played by
 * today's bot) becomes saved->scn; 1 then, -1 when none does (saved->scn unchanged), 0 when
 * there is nothing to settle (the file names them, has one candidate or no record). */
int match_settle_data(struct game *saved, const struct position_record *rec);

/* 13.1: a file of before POSITION_COMMITTED_TURN does not say when its Committed corps were
 * committed (0, not known): those turns taken from its record replayed from its start to the
 * saved position (replay_record's test); 1 then, -1 when the record does not reach it (the
 * turns stay unknown), 0 when there is nothing to derive (no such corps, no record, a file of
 * version 7 on: there 0 means not known at all, a scenario's start). */
int match_derive_committed(struct game *saved, const struct position_record *rec);
/* The committed turns saved does not know (0 for a Committed corps) taken from replayed, the
 * same game replayed from its record: so that a position compares equal to its replay. */
void match_fill_committed(struct game *saved, const struct game *replayed);

const struct game *match_game(const struct match *m);
const struct position_record *match_record(const struct match *m);
/* The game's id among the autosaves of the state directory (position.h): new for match_new,
 * the file's for match_load of one of its autosaves (autosave-ID-NNNNNN.pos), else new. */
const char *match_game_id(const struct match *m);

/* Apply a (game_apply), add it to the record, keep what undo needs, autosave by the policy
 * and tell the sink; false with err set (nothing changed) when the engine refuses it. */
bool match_apply(struct match *m, const struct action *a, char *err, size_t errlen);
/* Who decides for side: player p (a row of the table of players, player.h) at level
 * 1..its levels (1 for one without levels), or a person when p is NULL. New matches and
 * opened files begin with people in both seats. False with err (nothing changed) when p
 * does not take that seat under the game's rules (player_sits) or the level is out of
 * range. */
bool match_set_seat(struct match *m, enum side side, const struct player *p, int level,
		    char *err, size_t errlen);
/* "The computer finishes the game": every seat a person holds goes to p at level, or where
 * p does not sit (the solitaire game's Union, 14.0) to the first player of the table that
 * does (the bot); the computer's seats stay. False with err (seats unchanged) when a seat
 * finds no player or the level is out of range. */
bool match_seat_all(struct match *m, const struct player *p, int level, char *err,
		    size_t errlen);
/* The seat of side (player NULL: a person; so too for a side that is neither). */
const struct seat *match_seat(const struct match *m, enum side side);

/* After each stretch a computer seat played (its side's decisions until they passed to the
 * other side or the game ended; n actions, autosaved): false stops match_play_seats. The
 * hook may apply actions (match_apply) for a person. */
typedef bool (*match_seat_hook)(void *ctx, struct match *m, enum side side, int n);
/* Let the computer seats decide, each choice through match_apply, while the side to decide
 * has one (seats_play, the one loop of player.h): stops when a person must decide, the game
 * is over or hook (may be NULL) says so. With keep each stretch is autosaved at its end;
 * without, once at the end. Returns the number of actions, or -1 with err when a player
 * could not go on: with keep, the game stays where it stopped (a person decides for it);
 * without, the match is as it was before. */
int match_play_seats(struct match *m, bool keep, match_seat_hook hook, void *ctx, char *err,
		     size_t errlen);
/* One stretch of player p at level for the side to decide, whoever sits there (--batch's
 * `bot` and `general`); as match_play_seats otherwise; 0 when the game is over. */
int match_play(struct match *m, const struct player *p, int level, bool keep, char *err,
	       size_t errlen);
/* match_play with the bots of rules 14-18 for the side to decide: the solitaire Union bot
 * ("bot"), or the scripted Confederate player ("scripted") (an old record's `bot` lines). */
int match_play_bot(struct match *m, bool keep, char *err, size_t errlen);
/* match_play with the computer general (general.h) at level 1..GENERAL_LEVELS. */
int match_play_general(struct match *m, int level, bool keep, char *err, size_t errlen);

/* Moves that can be taken back (those of the current movement phase, newest last). */
int match_undo_count(const struct match *m);
/* Take the newest back: the game and its record as they were before it; false when none. */
bool match_undo(struct match *m);

/* Autosave into the state directory dir (created when missing; paths_state_dir) by the
 * policy; dir NULL or "" turns it off. Each autosave is store_autosave(dir, the game's id,
 * the game, its record): the game's own rotation of five, `last` pointed at it, under the
 * directory's lock; then the player's bound (bytes, the program's paths_autosave_bound) is
 * held on dir (store_hold_autosave_bound), this game's autosaves never taken. */
void match_set_autosave(struct match *m, const char *dir, enum match_autosave policy,
			long long bound);
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
 * on the state directory took (store_hold_autosave_bound), for the front-end to say once;
 * cleared when an action begins and by a match_autosave_due with no autosave waiting. */
const char *match_autosave_notice(const struct match *m);
/* Save to path (store_save: atomic); false with err set. */
bool match_save(struct match *m, const char *path, char *err, size_t errlen);

/* The sink: after each applied action fn hears the game and the numbers [first, end) of the
 * events it raised (event_log_at(&match_record(m)->events, k)). */
typedef void (*match_sink_fn)(void *ctx, const struct game *g, int first, int end);
void match_set_sink(struct match *m, match_sink_fn fn, void *ctx);

#endif
