/* general_conf.h — the computer general's plan for the Confederacy (internal to
 * src/general/): the whole movement phase planned at once, each candidate plan played out on
 * a copy through the Union's reply — in the solitaire game the bot's (14.0–18.0, bot_play),
 * scored by the 19.0 count; under the two-player rules the Union general's at level 1, scored
 * by general_evaluate. docs/general.md "Lee against the bot". */
#ifndef ANTIETAM_GENERAL_CONF_H
#define ANTIETAM_GENERAL_CONF_H

#include <stddef.h>

#include "game.h"

/* One move of the plan: unit to hex, with the script that chose it. */
struct gc_move {
	int unit, hex;
	const char *script; /* "holds", "falls back", "stands clear", "takes an objective" */
};

/* What the search found: the moves in the order they are to be made, the playouts it spent
 * and the value of the plan kept over that of standing still (the 19.0 count and material
 * after the bot's reply, in VP). */
struct gc_plan {
	struct gc_move move[ROSTER_CONFEDERATE];
	int nmoves;
	int playouts;
	int postures, posture_kept; /* playouts of a division's posture tried whole, and kept */
	int cover_unit, cover_hex; /* the second keeper offered to the Lower Bridge (its
				    * "gains control" hex), or -1 and HEX_NONE */
	double value, stay_value;
};

/* 9.1C: unit u, off the map, is of A.P. Hill's division on the turn it arrives and may
 * enter: the Confederate movement phase may not end before it has. */
bool gc_must_enter(const struct game *g, int u);

/* Plan the Confederate movement phase of g (the Confederacy to move, either rules) at level
 * 1..4 (playouts and dice samples grow with it). Deterministic for a given g. */
void gc_plan_movement(const struct game *g, int level, struct gc_plan *out);

/* Plan the Confederacy's quick set-up (4.2; g: its DECISION_SETUP, no unit placed off its
 * 4.3 hex by hand) at level 1..4: from the 4.3 positions, the units the Union's first
 * player-turn threatens most each moved within its zone (or changed with a unit of its zone
 * and kind), kept when that player-turn (the bot's in the solitaire game, the Union
 * general's under the two-player rules) plays out better on sampled copies; the level's
 * `set-ups` such playouts at most. Its moves are the placements in order (4.2C's guns after
 * the infantry); none when the 4.3 hexes cannot be taken. Deterministic for a given g. */
void gc_plan_setup(const struct game *g, int level, struct gc_plan *out);

/* The Confederate value of g in the solitaire game: the 19.0 count as if the turn ended now
 * (control updated, 3.3A), plus the steps still on the map (what remains to hold with). */
double gc_value(const struct game *g);

/* What a reply played out brought, the mean over its samples: steps each side lost from the
 * decision to the next Confederate movement phase, and the share of samples in which a
 * Union corps was withdrawn (14.2). */
struct gc_reply {
	double union_steps, conf_steps, withdrawn;
};

/* The mean value after action a (a Confederate decision) on `samples` copies of g, each with
 * dice of its own (never the game's), the rest of the Confederate player-turn played simply
 * and the Union's next player-turn by the bot (the solitaire game, 14.0-18.0; valued by
 * gc_value) or by the Union general at level 1 (two-player; valued by general_evaluate for
 * the Confederacy); -INFINITY when a is refused. *out (may be NULL): what the reply
 * brought. */
double gc_reply_value(const struct game *g, const struct action *a, int samples,
		      struct gc_reply *out);

#endif
