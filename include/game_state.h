/* game_state.h — the position: struct game, a plain value, and its parts (the pending
 * decision, the units' state and flags, the options, the set-ups). Below the door (game.h):
 * every layer reads a position; only game_apply() changes one. Copying a struct game with
 * one assignment copies the whole position (the scenario it points at is shared and
 * immutable). */
#ifndef ANTIETAM_GAME_STATE_H
#define ANTIETAM_GAME_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "combat.h"
#include "event.h"
#include "hex.h"
#include "scenario.h"
#include "solitaire.h"

#define GAME_TURNS 11
#define GAME_FORCED_MAX 64
#define GAME_PATH_MAX 48       /* hexes in one move or retreat path */
_Static_assert(EVENT_HEXES >= GAME_PATH_MAX, "a move or retreat event carries its whole path");

struct pending {
	enum side side;
	enum decision what;
	int subject; /* unit index, or -1 */
};

/* Unit state flags. */
enum {
	UF_MOVED = 1 << 0,        /* moved this movement phase */
	UF_ART_MOVED = 1 << 1,    /* 10.8 Moved marker: artillery may not fire this phase */
	UF_FIRED = 1 << 2,        /* fired in this artillery fire phase */
	UF_DEF_FIRED = 1 << 3,    /* fired defensively this turn (11.5B) */
	UF_ATTACKED = 1 << 4,     /* attacked in this combat phase (11.4D, 11.19A2) */
	UF_REMOVED = 1 << 5,      /* taken off by `remove`: not on map, not eliminated */
	UF_DOUBLE_TIME = 1 << 6,  /* moved at double-time this phase (8.9D) */
	UF_WITHDRAWN = 1 << 7,    /* has done its withdrawal movement (13.6) */
};

struct unit_state {
	int16_t hex;    /* HEX_NONE when off the map */
	int8_t steps;   /* 0 = eliminated */
	uint8_t mp_used;/* MPs spent this movement phase */
	uint32_t flags;
};

struct game_options {
	bool mishap;      /* 8.14 Terrible Mishap */
	bool unleashed;   /* 13.0 note: "McClellan unleashed", no commitment rules */
	bool solitaire;   /* 14–19: the Union is the bot's */
	int8_t start;     /* the scenario begun from (start.h: 1-based), 0 the standard game */
};

/* enum game_setup (the set-ups of list-setups.h) is names.h's. */

/* Slots past a count (forced[], ford_from[], queue[] …) and bytes past the end of a string
 * are kept zero, so that two equal positions are equal bytes: a game written to a position
 * file and read back is memcmp-equal to the game itself (tests/test_position.c). A field
 * added here (or to combat_state, unit_state, solitaire_state) must be written and read by
 * src/data/position_write.c and position_read.c; test_position's test_every_field_known
 * points at one that is not. */
struct game {
	const struct scenario *scn;
	struct game_options opt;
	bool empty_setup;         /* `new empty`: no 4.5/13.7 restrictions */

	/* dice (4: all chance through the game's RNG) */
	uint64_t rng;             /* splitmix64 state */
	int8_t forced[GAME_FORCED_MAX];
	int nforced;

	int turn;                 /* 1..11 */
	enum side side;           /* phasing side */
	enum phase phase;
	struct pending pending;

	struct unit_state unit[ROSTER_UNITS];

	/* Union corps (13.0) */
	enum corps_status corps[CORPS_COUNT];
	uint64_t corps_lifted[CORPS_COUNT]; /* 13.3F/13.4C: bit n = Confederate unit n lifted */
	bool commitment_lifted;   /* 8.12B: a Confederate unit crossed the creek */
	bool hood_released;       /* 4.5C */
	int8_t corps_moving;      /* 8.13: corps now moving, -1 none */
	uint8_t corps_done;       /* 8.13: bit per corps that has finished moving */
	uint8_t withdrawing;      /* 13.5: bit per corps withdrawing this turn */
	int8_t corps_committed[CORPS_COUNT]; /* 13.1: the turn each Committed corps was committed
						(a wargamer's note on the track; 24.2B's "three
						turns"), 0 when it is not Committed or the turn is
						not known (a position file of before version 7, a
						scenario's start); set by game_new and
						commit_set_status only */
	bool vi_entered_free;     /* 9.3D bookkeeping */

	/* reinforcements */
	bool ap_hill_triggered;   /* 9.1 */
	int8_t ap_hill_turn;
	uint8_t entry_count[HEX_NROWS + HEX_NCOLS]; /* 9.2E: units entered through each edge hex this phase */

	/* fords (8.7.5B): direction of the first crossing of each ford hexside this phase */
	int16_t ford_from[16], ford_to[16];
	int nfords_used;

	/* control (3.3): enum side per hex (SIDE_NONE) */
	uint8_t control[HEX_INDEX_COUNT];

	/* artillery fire phase: number of guns that fired at each unit (10.7D) */
	uint8_t fired_at[ROSTER_UNITS];

	struct combat_state combat;

	/* solitaire bot (14.0–19.0): objectives and commitment history; written by src/bot/ */
	struct solitaire_state solitaire;

	/* Events (event.h) are not kept here: they go to the event log of whoever applies an
	 * action (game_apply_events; the match keeps it), the English is event_text.h's. */
	int nlog;                 /* events raised since game_new: the next one's number */
	struct event_log *events; /* where they go, set only inside game_new_events and
				     game_apply_events (NULL: nowhere); not part of the position */
};

#endif
