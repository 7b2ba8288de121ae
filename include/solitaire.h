/* solitaire.h — the part of the position that only the solitaire game (rules 14.0–19.0)
 * needs: each Union formation's corps objectives as rolled on the Corps Objective Chart
 * (20.5, 15.6C), which objective it now pursues, and which corps have been committed at least
 * once (14.4), and the withdrawals the 14.2 rolls ordered. A plain value inside struct game,
 * so it is copied, saved and restored with the rest of the position; only the engine writes
 * it (src/engine/solitaire.c, inside game_new and game_apply); the bot reads it.
 *
 * Save files: every field below must be written and read back (position files). */
#ifndef ANTIETAM_SOLITAIRE_H
#define ANTIETAM_SOLITAIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "roster.h"

struct game;
struct scenario;

/* enum solo_formation (names.h, from list-divisions.h): the formations with their own
 * objective (15.1, 15.6A), the rows of the Corps Objective Chart (tables.h). */
#define SOLO_ORDINALS 3          /* 1st, 2nd and 3rd objective columns of 20.5 */
#define SOLO_OBJ_UNROLLED (-2)   /* obj.key: that column not yet looked up */
#define SOLO_OBJ_NONE (-1)       /* obj.key: the chart's "-" (15.5) */
#define SOLO_OBJ_HEX (-3)        /* obj.key: a single hex (15.6C marker), in obj.hex */

struct solo_objective {
	int8_t key;   /* index into scenario map objectives, or one of SOLO_OBJ_* */
	int16_t hex;  /* SOLO_OBJ_HEX: the hex of a IX Corps division marker (15.6C) */
};

struct solitaire_state {
	bool ready;                 /* first objectives drawn (15.2, 15.6C) */
	uint8_t committed_once;     /* 14.4: bit (1 << enum corps) per corps ever Committed */
	int8_t current[SOLO_FORMATIONS]; /* objective pursued: 0..2, SOLO_ORDINALS = none left (15.5) */
	struct solo_objective obj[SOLO_FORMATIONS][SOLO_ORDINALS];
	int8_t withdraw_turn;       /* 14.2: turn whose withdrawal rolls were made (0 none) */
	uint8_t withdraw_mask;      /* 14.2: bit per corps the rolls withdrew that turn */
};

/* Name of a formation, the row of the Corps Objective Chart ("I", "IX/2"); "?" if none. */
const char *solitaire_formation_name(int f);
/* Every hex of an objective into out (at most max); the count. */
int solitaire_objective_hexes(const struct scenario *s, const struct solo_objective *o, int *out,
			      int max);
/* True when the Union controls hex (3.3). */
bool solitaire_union_controls(const struct game *g, int hex);
/* Name of an objective ("Dunker Church", "hex 2836", "none") into buf. */
const char *solitaire_objective_label(const struct scenario *s, const struct solo_objective *o,
				      char *buf, size_t len);
/* One line about formation f: its chart row, which objective it pursues (1-3) and the
 * objective's name, e.g. "IX/2 1 hex 2836"; "VI - none" when it has none left (15.5). */
void solitaire_objective_describe(const struct game *g, int f, char *buf, size_t len);
/* 14.3A / 20.6: the corps at position i (0-5) of the commitment priority, or CORPS_NONE. */
enum corps solitaire_priority(const struct scenario *s, int i);
/* 14.2B-C: the DRM of corps c's withdrawal roll from its infantry losses so far (-1 once
 * three brigades are eliminated, -2 once half its starting steps are lost, cumulative); the
 * brigades eliminated, the steps lost and the steps it started with into the pointers. */
int solitaire_withdrawal_drm(const struct game *g, enum corps c, int *eliminated, int *lost,
			     int *start);
/* 14.4: true when corps c may be committed: never committed yet, or every corps has been. */
bool solitaire_may_commit(const struct game *g, enum corps c);
/* 14.4 bookkeeping: mark every corps now Committed as committed once. */
void solitaire_note_committed(struct game *g);
/* 14.3B-C (solitaire only, called by the engine when the commitment step is reached): while
 * fewer than two corps are Committed or may be committed, roll for the Unavailable corps in
 * priority order until one becomes Available, once per corps missing. */
void solitaire_commitment_rolls(struct game *g);

#endif
