/* position.h — position files: a game written as plain, versioned, hex-coded text and read
 * back into exactly the same struct game (docs/formats.md, "Position files").
 *
 * A position file holds the whole position (every field of struct game and of its combat
 * state) and, beside it, the game's record: the set-up, seed and options it was started
 * with and every action applied since, as the --batch command that performs it. The
 * record is not part of struct game (which stays a small plain value that bots copy by the
 * thousand); the front-end that owns a game owns its record too and adds each action it
 * applies (record_add). Reading is all or nothing: a damaged or hostile file gives
 * "path:line: message" and leaves the caller's game and record untouched.
 *
 * Saving is atomic (temporary file in the same directory, fsync, rename, fsync of the
 * directory) and only ever replaces a regular file: a symbolic link is followed to its
 * target, a directory, FIFO or device is refused, the mode of the file replaced is kept.
 * Autosaves are kept per game in a state directory the program gives (below).
 *
 * Four files: src/data/record.c (record_*: the record), src/data/position_write.c and
 * position_read.c (position_write/position_read: the text), src/match/store.c (store_*:
 * saving, loading, the autosaves and `last`). */
#ifndef ANTIETAM_POSITION_H
#define ANTIETAM_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

#define POSITION_VERSION 7  /* 7: a Committed corps' `corps` record says the turn it was
			       committed (since=N, 13.1); 6 (read): names its ground and
			       charts (`ground N`, `charts N`);
			       5 (read): FIRE events name the target's hex and the fire value (to=,
			       column=); 4 (read): the DRMs of ATTACK and FIRE events (drms=), no
			       last-fire or last-attack; 3 (read): names its order of battle (`order-of-battle N`);
			       2 (read): typed events (event.h); 1 (read): events as text */
#define POSITION_NAMES_DATA 6  /* the first version that names its ground and charts */
#define POSITION_COMMITTED_TURN 7 /* the first version that notes a corps' committed turn */
#define POSITION_VERSIONS_MAX 4 /* grounds and charts a file naming none may be of */
#define POSITION_AUTOSAVES 5
#define POSITION_PATH_MAX 1024
#define POSITION_ACTION_TEXT 512   /* longest action text a record keeps */
#define POSITION_EVENTS 256        /* events a position file keeps: the newest */

/* A ground and charts (scenario.h: the versions of data/map.txt with setup-historical.txt, and
 * of data/tables.txt). */
struct position_versions {
	int ground, charts;
};

/* How a game began and every action applied to it since (the replay of a game). */
struct position_record {
	enum game_setup setup;
	uint64_t seed;
	struct game_options opt;
	char **action;   /* n texts, heap-allocated; action[i] is the command of the i-th action */
	char **note;     /* note[i]: why a player chose action i (struct action's note), or NULL */
	int n, cap;
	bool has_start;  /* set by record_init: the record says how the game began */
	struct event_log events; /* what happened (event.h), numbered as the game counts them
				    (game.nlog): the match appends each action's events */
	int format;      /* position_read: the version of the file read (0: a record made here) */
	/* position_read, for a file of before POSITION_NAMES_DATA (which names no ground nor
	 * charts): the grounds and charts of its time the scenario has, oldest first, the file
	 * read on the first; which is its own only a replay of its record tells (match.h) */
	struct position_versions versions[POSITION_VERSIONS_MAX];
	int nversions;
};

/* Start an empty record of a game begun with game_new(setup, seed, opt) (opt may be NULL). */
void record_init(struct position_record *r, enum game_setup setup, uint64_t seed,
		 const struct game_options *opt);
/* Append the text of one applied action; false (record unchanged) when out of memory or the
 * text is longer than POSITION_ACTION_TEXT - 1 or has a line break. */
bool record_add(struct position_record *r, const char *text);
/* Add note (lines of the reason a player gave, struct action's note) to the last action's
 * note; true when there is nothing to add; false when there is no action, out of memory or
 * the note has a carriage return. Replaying the action with its note logs the same. */
bool record_note(struct position_record *r, const char *note);
/* Keep only the first n actions (undo); n at or above r->n changes nothing. */
void record_truncate(struct position_record *r, int n);
/* Deep copy src into dst (dst need not be initialised; its old contents are not freed);
 * false when out of memory (dst then empty). */
bool record_copy(struct position_record *dst, const struct position_record *src);
/* Free the action texts and the events; the record is empty afterwards. */
void record_free(struct position_record *r);

/* Write the position g, the newest POSITION_EVENTS of rec's events (when rec is not NULL) and
 * the record rec (unless it is NULL or has no start) to f.
 * Returns false when writing fails (errno says why). */
bool position_write(const struct game *g, const struct position_record *rec, FILE *f);
/* Read a position file from f (name is used in messages) into g, played on scenario s with
 * the ground, order of battle and charts the file names (scenario_version: g->scn is then the
 * scenario of those versions, s itself for the newest); a file of before version 3 names no
 * order of battle and gets the one of its time, by its version (1: order of battle 1; 2: 2
 * or, when the file does not fit it, 1); one of before POSITION_NAMES_DATA names no ground
 * nor charts and gets the first of its time (rec->versions: the match settles them);
 * when rec is not NULL the record and the file's events replace *rec's (its old ones are
 * freed). All or nothing:
 * on any error returns false with "name:line: message" in err and g, rec untouched. */
bool position_read(struct game *g, struct position_record *rec, const struct scenario *s,
		   FILE *f, const char *name, char *err, size_t errlen);

/* Save atomically to path (temporary file beside it, fsync, rename, fsync the directory);
 * on error an existing file at path is left as it was, no temporary file is left, and err
 * says why. A symbolic link is followed (its target gets the game, the link stays); a
 * directory, FIFO, device or socket at path, or a file with several hard links, is refused
 * ("path: cannot save: …") and left alone; the file replaced keeps its mode (a new one gets
 * 0666 less the umask). */
bool store_save(const struct game *g, const struct position_record *rec, const char *path,
		char *err, size_t errlen);
/* Read the position file at path (see position_read); anything but a regular file (a FIFO,
 * a device, a directory) is refused without blocking (datafile_fopen). */
bool store_load(struct game *g, struct position_record *rec, const struct scenario *s,
		const char *path, char *err, size_t errlen);

/* Write the file at path through fn(arg, f) the way store_save does (a temporary beside it,
 * fsync'd, renamed over it; a symlink followed, FIFOs, devices, directories and files with
 * several hard links refused, the mode kept, nothing truncated in place): THE writer of every
 * file the program creates (position files, the simulator's files, pictures). fn returns
 * false when it could not write. False with err set ("path: cannot save: …"). */
bool store_write(const char *path, bool (*fn)(void *arg, FILE *f), void *arg, char *err,
		 size_t errlen);

/* ---- the state directory: each game's autosaves, and `last` ----
 *
 * The program chooses the directory (include/paths.h: $XDG_STATE_HOME/antietam, else
 * ~/.local/state/antietam) and gives it to every function below; they create it (mode 0700)
 * when needed, and refuse one that belongs to another user or that other users may write
 * (issue 33: the directory is the player's own). It holds, for each game, its newest
 * POSITION_AUTOSAVES autosaves `autosave-ID-NNNNNN.pos` (ID the game's id, NNNNNN counting up
 * from 000001), the file `last` (one line: the absolute path of the game `antietam --resume`
 * continues), `.lock` and, for each game, `.open-ID` (the lock an open game holds). Every
 * process that writes there holds the lock (flock) while it does, so two games (or two
 * programs on one game) never clobber each other's files; a process stopped while it holds
 * the lock makes the others wait POSITION_LOCK_WAIT_MS at most, then fail with a message that
 * says so. A symbolic link at `last` or at an autosave's name is refused, never followed.
 *
 * A game id is 1 to POSITION_ID_MAX - 1 letters, digits or '_'; the front-end (or the match
 * layer) that owns the game chooses it when the game begins (store_game_id) and keeps it when
 * the game is loaded from one of its autosaves (store_autosave_id). */
#define POSITION_ID_MAX 40
#define POSITION_LOCK_WAIT_MS 5000

/* Make the state directory dir (mode 0700, parents too) when it is not there; false with err
 * set when it cannot be made or is not the player's own. */
bool store_state_dir(const char *dir, char *err, size_t errlen);

/* True when id may name a game (see above). */
bool store_id_valid(const char *id);
/* A new game id into id: the local date and time, the process id and a count of the ids this
 * process made, e.g. "20261201_085244_4242_1", so two games begun in one state directory
 * never share one. */
void store_game_id(char *id, size_t len);

/* Autosave the game g with its record rec (NULL: none) as game `id` in the state directory
 * dir: THE autosave of both front-ends. Under the directory's lock it (1) writes the next
 * autosave-ID-NNNNNN.pos atomically (fsync'd, directory fsync'd), (2) points `last` at it
 * (atomically, fsync'd), (3) removes the game's autosaves older than its newest
 * POSITION_AUTOSAVES; other games' files are never touched. A kill at any moment leaves
 * `last` naming a complete position file (the new autosave or the one before it; a kill in a
 * game's very first autosave leaves no `last`, and store_last then finds the newest autosave)
 * and at worst a temporary file, which store_autosave_clean removes. A full disk at step 1 or
 * 2 gives up the game's oldest autosave (never the one `last` names) and tries again. False
 * with err set when any step fails (the previous autosaves and `last` are then as they
 * were). About 0.1 ms plus the fsyncs. */
bool store_autosave(const char *dir, const char *id, const struct game *g,
		    const struct position_record *rec, char *err, size_t errlen);
/* The game id of an autosave file (path ends in autosave-ID-NNNNNN.pos) into id; false when
 * path is not one (a game loaded from elsewhere gets a new id). */
bool store_autosave_id(const char *path, char *id, size_t idlen);
/* Tidy the state directory dir; call it once when the program starts. It removes the
 * temporary files killed saves left (a save holds a lock on its temporary while it writes,
 * so one under way is never taken). No game's autosaves go because other games were played
 * (store_autosave_bound is the one limit). Returns how many files went (0 when dir does not
 * exist), -1 with err set when dir cannot be read or is not the player's own. */
int store_autosave_clean(const char *dir, char *err, size_t errlen);

/* Mark game id as open in dir for as long as the descriptor returned is held (an flock on
 * `.open-ID`; a kill releases it): -1 with err set when it cannot be, *busy true when another
 * process has the game open ("game ID is open in another antietam (process N …)"). */
int store_game_lock(const char *dir, const char *id, bool *busy, char *err, size_t errlen);
void store_game_unlock(int fd);
/* True when the autosave at path (autosave-ID-NNNNNN.pos) is of a game another process has
 * open in dir, with err set ("game ID is open in another antietam (process N …)"): the one
 * check of --resume and the terminal game's Resume before they open a game (issue 33). False
 * for any other file. */
bool store_game_busy(const char *dir, const char *path, char *err, size_t errlen);

/* The player's bound on the autosaves' bytes in dir: while they come to more than bound, the
 * games saved least recently lose their autosaves, whole games at a time, except the game
 * keep (NULL: none), the one `last` names and every game open (store_game_lock). The ids of
 * the games removed go to gone (blank-separated). Returns the bytes the autosaves then take,
 * -1 with err set. */
long long store_autosave_bound(const char *dir, long long bound, const char *keep, char *gone,
			       size_t gonelen, char *err, size_t errlen);
/* Hold the player's bound (bytes: paths_autosave_bound, the program's) on the autosaves of
 * dir, never taking game keep (NULL: none): wherever autosaves are written (each autosave,
 * match.h) and games are listed or opened (the program's start, --resume list). What went is
 * said in notice ("" when no game did): "the autosaves in DIR came to more than N MB (the
 * bound, ANTIETAM_AUTOSAVE_MB): the games saved least recently are gone: ID …". False with
 * err set when dir cannot be read. */
bool store_hold_autosave_bound(const char *dir, long long bound, const char *keep, char *notice,
			       size_t noticelen, char *err, size_t errlen);

/* One game with autosaves in the state directory. */
struct position_game {
	char id[POSITION_ID_MAX];
	char path[POSITION_PATH_MAX]; /* its newest autosave */
	long long when;               /* that file's modification time (seconds since 1970) */
	long long when_ns;            /* the same in nanoseconds (the order of the list) */
	int nsaves;                   /* how many of its autosaves are kept */
	long long bytes;              /* their size */
	char turn[64];                /* the file's "turn N SIDE PHASE" line, or "" (raw: a
				       * terminal shows it through text_printable) */
};
/* Every game with autosaves in dir, the most recently saved first, into *out (to free);
 * their number (0 when dir does not exist), -1 with err set when dir cannot be read. */
int store_recent_games(const char *dir, struct position_game **out, char *err, size_t errlen);

/* Point `last` in the state directory dir at path (made absolute): the game a player saved
 * by name is the one --resume continues. Under the lock; atomic. */
bool store_set_last(const char *dir, const char *path, char *err, size_t errlen);
/* The path `last` in dir names into buf; when there is no `last`, the newest autosave's (a
 * kill in a game's first autosave). False with err set when there is neither, or `last` is
 * empty, a symbolic link, a directory, a FIFO or anything but a regular file, or dir is not
 * the player's own. */
bool store_last(const char *dir, char *buf, size_t len, char *err, size_t errlen);

#endif
