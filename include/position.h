/* position.h — position files: a game written as plain, versioned, hex-coded text and read
 * back into exactly the same struct game (docs/formats.md, "Position files").
 *
 * A position file holds the whole position (every field of struct game and of its combat
 * state) and, beside it, the game's record: the set-up, seed and options it was started
 * with and every action applied since, as the --batch command that performs it. The
 * record is not part of struct game (which stays a small plain value that bots copy by the
 * thousand); the front-end that owns a game owns its record too and adds each action it
 * applies (position_record_add). Reading is all or nothing: a damaged or hostile file gives
 * "path:line: message" and leaves the caller's game and record untouched.
 *
 * Saving is atomic (temporary file in the same directory, fsync, rename, fsync of the
 * directory). Autosaves rotate in $XDG_STATE_HOME/antietam (else ~/.local/state/antietam)
 * as autosave-1.pos (newest) … autosave-5.pos, with a file `last` naming the newest. */
#ifndef ANTIETAM_POSITION_H
#define ANTIETAM_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

#define POSITION_VERSION 2  /* 2: typed events (event.h); 1 (read): events as text */
#define POSITION_AUTOSAVES 5
#define POSITION_PATH_MAX 1024
#define POSITION_ACTION_TEXT 512   /* longest action text a record keeps */
#define POSITION_EVENTS 256        /* events a position file keeps: the newest */

/* How a game began and every action applied to it since (the replay of a game). */
struct position_record {
	enum game_setup setup;
	uint64_t seed;
	struct game_options opt;
	char **action;   /* n texts, heap-allocated; action[i] is the command of the i-th action */
	char **note;     /* note[i]: why a player chose action i (struct action's note), or NULL */
	int n, cap;
	bool has_start;  /* set by position_record_init: the record says how the game began */
	struct event_log events; /* what happened (event.h), numbered as the game counts them
				    (game.nlog): the match appends each action's events */
};

/* Start an empty record of a game begun with game_new(setup, seed, opt) (opt may be NULL). */
void position_record_init(struct position_record *r, enum game_setup setup, uint64_t seed,
			  const struct game_options *opt);
/* Append the text of one applied action; false (record unchanged) when out of memory or the
 * text is longer than POSITION_ACTION_TEXT - 1 or has a line break. */
bool position_record_add(struct position_record *r, const char *text);
/* Add note (lines of the reason a player gave, struct action's note) to the last action's
 * note; true when there is nothing to add; false when there is no action, out of memory or
 * the note has a carriage return. Replaying the action with its note logs the same. */
bool position_record_note(struct position_record *r, const char *note);
/* Keep only the first n actions (undo); n at or above r->n changes nothing. */
void position_record_truncate(struct position_record *r, int n);
/* Deep copy src into dst (dst need not be initialised; its old contents are not freed);
 * false when out of memory (dst then empty). */
bool position_record_copy(struct position_record *dst, const struct position_record *src);
/* Free the action texts and the events; the record is empty afterwards. */
void position_record_free(struct position_record *r);

/* Write the position g, the newest POSITION_EVENTS of rec's events (when rec is not NULL) and
 * the record rec (unless it is NULL or has no start) to f.
 * Returns false when writing fails (errno says why). */
bool position_write(const struct game *g, const struct position_record *rec, FILE *f);
/* Read a position file from f (name is used in messages) into g, played on scenario s;
 * when rec is not NULL the record and the file's events replace *rec's (its old ones are
 * freed). All or nothing:
 * on any error returns false with "name:line: message" in err and g, rec untouched. */
bool position_read(struct game *g, struct position_record *rec, const struct scenario *s,
		   FILE *f, const char *name, char *err, size_t errlen);

/* Save atomically to path (temporary file beside it, fsync, rename, fsync the directory);
 * on error an existing file at path is left as it was, no temporary file is left, and err
 * says why. */
bool position_save(const struct game *g, const struct position_record *rec, const char *path,
		   char *err, size_t errlen);
/* Read the position file at path (see position_read). */
bool position_load(struct game *g, struct position_record *rec, const struct scenario *s,
		   const char *path, char *err, size_t errlen);

/* The autosave directory ($XDG_STATE_HOME/antietam, else $HOME/.local/state/antietam) into
 * buf; false when neither variable is set or the path does not fit. */
bool position_autosave_dir(char *buf, size_t len);
/* Autosave: rotate autosave-1..5.pos in the autosave directory (creating it), save g as
 * autosave-1.pos and point `last` at it; false with err set on any failure. */
bool position_autosave(const struct game *g, const struct position_record *rec, char *err,
		       size_t errlen);
/* Record path (made absolute) as the last game saved, for `antietam --resume`. */
bool position_set_last(const char *path, char *err, size_t errlen);
/* The path of the last game saved (autosave or position_set_last) into buf; false with err
 * set when there is none. */
bool position_last(char *buf, size_t len, char *err, size_t errlen);

#endif
