/* internal.h — what the engine's modules call of each other and front-ends never see. */
#ifndef ANTIETAM_ENGINE_INTERNAL_H
#define ANTIETAM_ENGINE_INTERNAL_H

#include "game.h"

/* The current phase (or player-turn step) is finished: move the state machine on to the
 * next phase, player-turn or turn (5.2), doing the automatic steps on the way (regrouping
 * 12.0, removing Moved markers 10.8B, control 3.3 at the end of a turn, game end 5.3). */
void game_advance(struct game *g);
/* Set the pending decision. */
void game_set_pending(struct game *g, enum side side, enum decision what, int subject);
/* Everything that lasts one movement phase starts afresh (moved flags, MPs, fords, corps). */
void game_movement_reset(struct game *g);

/* ---- events and dice (event.c, game.c): everything the engine logs is a typed event ---- */

/* Raise an event of kind k in g's log: a blank event (event_clear) of the current turn, for
 * the caller to fill in. */
struct game_event *event_new(struct game *g, enum event_kind k);
/* Raise a NOTE event: a line of the reason a player gave for an action (struct action's
 * note), cut at EVENT_TEXT_MAX - 1 characters. */
void event_note(struct game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Roll one die: the next forced result if any, else the RNG; raises a DIE event with why. */
int game_roll(struct game *g, enum event_why why);
/* The same for a die about one corps or one solitaire formation (-1 for neither): the
 * 13.4D, 14.2, 14.3B and 15.2B rolls. */
int game_roll_for(struct game *g, enum event_why why, int corps, int formation);
/* Eliminate one step of unit u (11.16) for reason why, raising STEP_LOST or ELIMINATED;
 * removes it from the map at 0. */
void game_lose_step(struct game *g, int u, enum event_why why);

/* ---- action.c ---- */
/* A list of legal actions being written: the first max go to a[], the rest are only counted
 * in n. */
struct action_list {
	struct action *a;
	int n, max;
	struct action sink; /* where actions beyond max are written and forgotten */
};
/* Append the action {type, unit, target} (every other field zero) to l, or only count it when
 * l is full; returns it, to fill in its other fields. */
struct action *action_list_add(struct action_list *l, enum action_type type, int unit,
			       int target);
/* How many actions l holds: n, at most max. */
int action_list_count(const struct action_list *l);

/* 3.3: update control of every hex at the end of a turn. */
void control_update(struct game *g);

/* ---- game.c ---- */
/* Go on with the Union movement phase's steps (5.2 A1a–d) after decision `after`: mishap
 * roll, withdrawal, commitment, then movement, skipping the steps that offer no choice. */
void game_union_continue(struct game *g, enum decision after);

/* The quick set-up (4.2) is over: turn 1 begins with the Union player-turn. */
void game_setup_done(struct game *g);

/* ---- quick.c ---- */
/* The actions of DECISION_SETUP (4.2): place, remove, end. */
bool quick_apply(struct game *g, const struct action *a, char *err, size_t errlen);
int quick_legal(const struct game *g, struct action *out, int max);

/* ---- move.c ---- */
bool move_apply(struct game *g, const struct action *a, char *err, size_t errlen);
int move_legal(const struct game *g, struct action *out, int max);
/* 8.14: every legal mishap move of the phasing side (one enemy unit, one hex). */
int move_mishap_legal(const struct game *g, struct action *out, int max);
/* 12.0: regrouping of the phasing side at the end of its movement phase. */
void move_regroup(struct game *g);
/* 4.5C: release Hood when a Union unit stands adjacent to one of his units. */
void move_hood_check(struct game *g);
/* 9.1B: the A.P. Hill arrival roll at the start of a Confederate movement phase. */
void move_ap_hill_roll(struct game *g);

/* ---- commit.c ---- */
/* 13.8 and the 13.4D availability rolls at the start of the Union player-turn. */
void commit_turn_start(struct game *g);
bool commit_withdrawal_possible(const struct game *g);
bool commit_commitment_possible(const struct game *g);
/* commit_available_forbids for every hex at once: forbid[hex_index] = the enum commit_ban
 * of Available Union unit u for that hex (13.3B, 13.3E), for the movement search. */
void commit_forbidden_map(const struct game *g, int u, uint8_t *forbid);
/* Set a corps' status; a change clears the 13.3F/13.4C liftings against it. */
void commit_set_status(struct game *g, enum corps c, enum corps_status s);
/* The same, raising a CORPS_STATUS event with the rule that changed it. */
void commit_change_status(struct game *g, enum corps c, enum corps_status s, enum event_why why);
bool commit_apply(struct game *g, const struct action *a, char *err, size_t errlen);
int commit_legal(const struct game *g, struct action *out, int max);

/* ---- solitaire.c: the solitaire rules that are no choice (14.2, 14.4, 15.2–15.6) ---- */

/* The solitaire rules' own steps after action a (NULL: none, from game_new) was applied at
 * decision `was`: 14.2 bookkeeping of the withdrawals ordered, 14.4's corps committed once,
 * and whenever the Union is to decide: the first objectives (15.6C, 15.2) if not yet drawn,
 * then 15.2A/15.4/15.5 and, at the withdrawal step, the 14.2 rolls once a turn. Nothing
 * unless opt.solitaire. */
void solitaire_step(struct game *g, enum decision was, const struct action *a);

#endif
