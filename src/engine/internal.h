/* internal.h — what the engine's modules call of each other and front-ends never see.
 *
 * The engine's files by height (docs/layers.md): game.c, the sequence of 5.2 and the one door,
 * calls the phases (quick.c, move.c, commit.c, fire.c, combat.c, resolve.c, retreat.c) and the
 * solitaire rules' steps (solitaire.c); they call the files below them — the queries and the
 * one change of units (unit.c, zoc.c, stack.c, odds.c, los.c, victory.c), the dice (dice.c),
 * the pending decision (pending.c), the events (event.c), the words (names.c), the lists of
 * actions (action_list.c) and the queries of the loaded data (map.c, roster.c,
 * tables.c, hex.c). Nothing calls up: a phase that is over returns PHASE_OVER. The files
 * themselves are read and written above the rules (src/data/). */
#ifndef ANTIETAM_ENGINE_INTERNAL_H
#define ANTIETAM_ENGINE_INTERNAL_H

#include "game.h"

/* What a phase's apply function hands back to the sequence (game.c), which alone knows what
 * comes after a step of 5.2: the phases never call up into it. */
enum phase_result {
	PHASE_REFUSED, /* the action is refused (err says why): the one door drops its copy */
	PHASE_GOES_ON, /* applied; a decision of the same step is pending */
	PHASE_OVER,    /* applied; the step of 5.2 whose decision was pending is over (the
			* set-up, the mishap, the withdrawals, the commitment, a phase): the
			* sequence sets what comes next */
};

/* ---- the searches kept (game_memo_forget) ---- */
/* Are a and b the same position for the rules' searches: the same bytes but for the dice
 * (rng, forced) and the event log (nlog, events), which no search reads? (game.c) */
bool game_same_position(const struct game *a, const struct game *b);
/* Empty move.c's and retreat.c's kept searches. */
void move_memo_clear(void);
void retreat_memo_clear(void);
void commit_memo_clear(void);

/* ---- pending.c ---- */
/* Set the pending decision: side decides `what` about subject (a unit, or -1). */
void pending_set(struct game *g, enum side side, enum decision what, int subject);

/* ---- events (event.c), dice (dice.c), steps (unit.c): everything the engine logs is a
 * typed event ---- */

/* Raise an event of kind k in g's log: a blank event (event_clear) of the current turn, for
 * the caller to fill in. */
struct game_event *event_new(struct game *g, enum event_kind k);
/* Raise a NOTE event: a line of the reason a player gave for an action (struct action's
 * note), cut at EVENT_TEXT_MAX - 1 characters. */
void event_note(struct game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Roll one die: the next forced result if any, else the RNG; raises a DIE event with why. */
int dice_roll(struct game *g, enum event_why why);
/* The same for a die about one corps or one solitaire formation (-1 for neither): the
 * 13.4D, 14.2, 14.3B and 15.2B rolls. */
int dice_roll_for(struct game *g, enum event_why why, int corps, int formation);
/* Eliminate one step of unit u (11.16) for reason why, raising STEP_LOST or ELIMINATED;
 * removes it from the map at 0. */
void unit_lose_step(struct game *g, int u, enum event_why why);

/* ---- action_list.c ---- */
/* A list of legal actions being written (game_legal): the first max go to a[], the rest are
 * only counted in n. A phase's legal function adds every action of the decision, in its
 * order, unless the list is `first` (game_legal_first: the caller keeps only the first max)
 * and full, when it may stop searching (action_list_full). */
struct action_list {
	struct action *a;
	int n, max;
	bool first;
	struct action sink; /* where actions beyond max are written and forgotten */
};
/* Append the action {type, unit, target} (every other field zero) to l, or only count it when
 * l is full; returns it, to fill in its other fields. */
struct action *action_list_add(struct action_list *l, enum action_type type, int unit,
			       int target);
/* How many actions were added to l: every one, those past max too (only the first max are
 * in a[]): game_legal's real count. */
int action_list_count(const struct action_list *l);
/* True when l is `first` and holds its max: no more is wanted, the search may stop. */
bool action_list_full(const struct action_list *l);


/* ---- quick.c ---- */
/* The actions of DECISION_SETUP (4.2): place, remove, end. */
enum phase_result quick_apply(struct game *g, const struct action *a, char *err, size_t errlen);
void quick_legal(const struct game *g, struct action_list *l);

/* ---- move.c ---- */
/* The actions of DECISION_MISHAP (8.14) and DECISION_MOVEMENT (8.0); each phase's X_legal
 * adds the legal actions of its decisions to an action_list. */
enum phase_result move_apply(struct game *g, const struct action *a, char *err, size_t errlen);
void move_legal(const struct game *g, struct action_list *l);
/* 8.14: every legal mishap move of the phasing side (one enemy unit, one hex). */
void move_mishap_legal(const struct game *g, struct action_list *l);
/* 12.0: regrouping of the phasing side at the end of its movement phase. */
void move_regroup(struct game *g);
/* Everything that lasts one movement phase starts afresh (moved flags, MPs, fords, corps). */
void move_phase_reset(struct game *g);
/* 4.5C: release Hood when a Union unit stands adjacent to one of his units. */
void move_hood_check(struct game *g);
/* 9.1B: the A.P. Hill arrival roll at the start of a Confederate movement phase. */
void move_ap_hill_roll(struct game *g);
/* For tests/test_move.c, which keeps a plain Dijkstra (a binary heap) to check the movement
 * search against: the ways of moving of move_reachable (MOVE_SEARCH_MODES: plain, the two
 * road bonuses, the three double-times, 8.8.2, 8.9); for unit u in g and way `mode`, what
 * the search starts from and every step it may take, each asked of the rules one at a time,
 * and the costs the search itself found. */
#define MOVE_SEARCH_MODES 6
struct move_search_probe {
	bool usable;                          /* the way may be used at all */
	int budget;                           /* its allowance */
	int start;                            /* hex index; -1 off the map: entry[] then */
	int8_t entry[HEX_INDEX_COUNT];        /* MPs of entering hex index i from off the map, -1 */
	int8_t step[HEX_INDEX_COUNT][HEX_NDIRS]; /* MPs from i in direction d, -1 */
	bool stops[HEX_INDEX_COUNT];          /* a move entering i goes no farther (6.3B) */
	uint8_t cost[HEX_INDEX_COUNT];        /* the search's: 255 where not reached */
};
void move_search_probe(const struct game *g, int u, int mode, struct move_search_probe *probe);

/* ---- commit.c ---- */
/* 13.8 and the 13.4D availability rolls at the start of the Union player-turn. */
void commit_turn_start(struct game *g);
bool commit_withdrawal_possible(const struct game *g);
bool commit_commitment_possible(const struct game *g);
/* Which bank of Antietam Creek each hex is on (east[hex_index] 1 for the east bank): what
 * 13.3B's exception asks, the same for every position of a scenario. */
void commit_banks(const struct game *g, uint8_t *east);
/* commit_available_forbids for every hex at once: forbid[hex_index] = the enum commit_ban
 * of Available Union unit u for that hex (13.3B, 13.3E), for the movement search; east from
 * commit_banks. */
void commit_forbidden_map(const struct game *g, int u, const uint8_t *east, uint8_t *forbid);
/* True when Available unit u starts within four hexes (as 13.3B counts them) of an enemy
 * that restricts it: only then does its 13.3B/E map differ from its corps' (13.3E). */
bool commit_starts_near(const struct game *g, int u, const uint8_t *east);
/* The end of the Union player-turn: the 13.3F/13.4C liftings end (RECONSTRUCTION.md). */
void commit_union_turn_end(struct game *g);
/* Set a corps' status; a change clears the 13.3F/13.4C liftings against it. */
void commit_set_status(struct game *g, enum corps c, enum corps_status s);
/* The same, raising a CORPS_STATUS event with the rule that changed it. */
void commit_change_status(struct game *g, enum corps c, enum corps_status s, enum event_why why);
/* The actions of DECISION_WITHDRAWAL, DECISION_WITHDRAW_MOVE (13.5–13.6) and
 * DECISION_COMMITMENT (13.1). */
enum phase_result commit_apply(struct game *g, const struct action *a, char *err, size_t errlen);
void commit_legal(const struct game *g, struct action_list *l);

/* ---- fire.c, combat.c: the artillery fire and combat phases as decisions ---- */

/* Enter the artillery fire phase of the phasing side (10.2). */
void fire_phase_begin(struct game *g);
/* Apply an action in the artillery fire phase (fire or end). */
enum phase_result fire_apply(struct game *g, const struct action *a, char *err, size_t errlen);
/* Legal actions in the artillery fire phase. */
void fire_legal(const struct game *g, struct action_list *l);

/* Enter the combat phase of the phasing side (5.2 A3/B3). */
void combat_phase_begin(struct game *g);
/* Apply an action at a combat-phase decision point; PHASE_OVER once the combat phase's
 * last automatic step is done (11.5E, 11.6). */
enum phase_result combat_apply(struct game *g, const struct action *a, char *err, size_t errlen);
/* Legal actions at a combat-phase decision point. */
void combat_legal(const struct game *g, struct action_list *l);

/* ---- solitaire.c: the solitaire rules that are no choice (14.2, 14.4, 15.2–15.6) ---- */

/* The solitaire rules' own steps after action a (NULL: none, from game_new) was applied at
 * decision `was`: 14.2 bookkeeping of the withdrawals ordered, 14.4's corps committed once,
 * and whenever the Union is to decide: the first objectives (15.6C, 15.2) if not yet drawn,
 * then 15.2A/15.4/15.5 and, at the withdrawal step, the 14.2 rolls once a turn. Nothing
 * unless opt.solitaire. */
void solitaire_step(struct game *g, enum decision was, const struct action *a);

#endif
