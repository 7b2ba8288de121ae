/* action.h — an action: every change of a position, as the door (game.h) takes it and
 * game_legal() lists it. Its text form (the --batch command words) is action_text.h's. */
#ifndef ANTIETAM_ACTION_H
#define ANTIETAM_ACTION_H

#include <stdint.h>

#include "game_state.h"

enum action_type {
	ACT_END,          /* end the current step or phase */
	ACT_MOVE,         /* unit, path (hexes after the start; reinforcements: from the entry hex) */
	ACT_FIRE,         /* unit fires at target (artillery phase or defensive fire) */
	ACT_ATTACK,       /* declare: hex attacked (target hex), units[] attackers */
	ACT_RESOLVE,      /* resolve the attacks on hex next (11.4E) */
	ACT_DECLINE,      /* decline an optional sub-decision (defensive fire, advance, support) */
	ACT_RETREAT,      /* unit retreats along path */
	ACT_ADVANCE,      /* unit advances into hex */
	ACT_SUPPORT,      /* unit makes a supporting advance */
	ACT_BREAK_OFF,    /* break off the combat against hex (11.5E) */
	ACT_COMMIT,       /* commit corps */
	ACT_WITHDRAW,     /* withdraw corps */
	ACT_MISHAP,       /* 8.14: move enemy unit one hex */
	ACT_LOSE,         /* 11.15B: unit loses the next step of its side's combat result */
	/* set-up and test actions (PROTOCOL.md); they ignore phase and rules */
	ACT_PLACE, ACT_REMOVE, ACT_SET_TURN, ACT_SET_PHASE, ACT_SET_CORPS, ACT_SEED, ACT_DICE,
	ACT_COUNT
};

struct action {
	enum action_type type;
	int unit;                 /* unit index or -1 */
	int target;               /* target unit index, hex, corps, turn … by type */
	int value;                /* steps (place), status (set corps), phase … */
	enum side side;           /* set phase */
	int n;                    /* entries used in hex[] (paths, dice) or units[] */
	int16_t hex[GAME_PATH_MAX];
	int16_t units[8];
	int nunits;
	uint64_t number;          /* seed (ACT_SEED) */
	/* Optional: why a player chose this action ("16.4: U3 attacks C7 …"), one reason a
	 * line; game_apply logs each line before the action's own events. Not part of the
	 * command (action_format leaves it out), so a record replays the same without it. */
	const char *note;
};

/* A move of unit u to hex with its path left to the engine (ACT_MOVE with the destination
 * alone: game_apply takes the cheapest path there, 8.0; a reinforcement enters there, 9.2). */
static inline struct action action_move_to(int u, int hex)
{
	struct action a = { .type = ACT_MOVE, .unit = u, .target = -1, .n = 1 };
	a.hex[0] = (int16_t)hex;
	return a;
}

#endif
