/* event.h — what happened in a game, as typed events: a die rolled and why, a step lost, a
 * unit moved along its path, a retreat, a corps that changed status, an objective taken …
 * The engine raises them (in the manner of Angband's game-event.h); it never writes a
 * sentence. The English is written once, outside the engine, by event_format()
 * (event_text.h, src/text/event_text.c) for the terminal game, --batch and --replay; a
 * position file keeps the events themselves (docs/formats.md).
 *
 * The kinds and the reasons are X-macro lists (in the manner of Angband's list-*.h): one line
 * defines the enum constant, its word in position files and, for a reason, its English, so
 * that they can never drift apart. */
#ifndef ANTIETAM_EVENT_H
#define ANTIETAM_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "modifier.h"

#define EVENT_HEXES 48      /* hexes an event carries: a path, or the units of a declaration */
#define EVENT_TEXT_MAX 120  /* bytes of a note's text, and of a formatted event, NUL included */

/* The fields of struct game_event, one bit each: which ones a kind uses (EVENT_KINDS), so
 * that a position file writes and reads exactly those. */
enum {
	EF_SIDE = 1 << 0, EF_CORPS = 1 << 1, EF_FORMATION = 1 << 2, EF_STATUS = 1 << 3,
	EF_SETUP = 1 << 4, EF_WHY = 1 << 5, EF_DIE = 1 << 6, EF_DRM = 1 << 7, EF_STEPS = 1 << 8,
	EF_MP = 1 << 9, EF_ROUND = 1 << 10, EF_COLUMN = 1 << 11, EF_LOSSES = 1 << 12,
	EF_OBJECTIVE = 1 << 13, EF_DOUBLE_TIME = 1 << 14, EF_DEFENSIVE = 1 << 15,
	EF_SEVERAL = 1 << 16, EF_RETREAT = 1 << 17, EF_ROLLED = 1 << 18, EF_WITHDRAWN = 1 << 19,
	EF_UNIT = 1 << 20, EF_TARGET = 1 << 21, EF_FROM = 1 << 22, EF_TO = 1 << 23,
	EF_STRENGTHS = 1 << 24, EF_14_2 = 1 << 25, EF_PATH = 1 << 26, EF_UNITS = 1 << 27,
	EF_TEXT = 1 << 28, EF_SEED = 1 << 29, EF_MODS = 1 << 30,
};

/* X(NAME, word, fields): the kinds and the fields each one uses. One-hex events keep their
 * hex in `from`; the turn is every event's. */
#define EVENT_KINDS(X)                                                                        \
	X(NEW_GAME, "new-game", EF_SETUP | EF_SEED)                                               \
	X(TURN_BEGINS, "turn-begins", 0)                                                          \
	X(GAME_ENDS, "game-ends", 0)                               /* 5.3 */                      \
	X(SETUP_DONE, "setup-done", EF_SIDE)                       /* 4.2 */                      \
	X(DIE, "die", EF_DIE | EF_WHY | EF_CORPS | EF_FORMATION)   /* corps, formation: 13.4D, 14.2, \
	                                                              14.3B, 15.2B */             \
	X(STEP_LOST, "step-lost", EF_UNIT | EF_WHY | EF_STEPS)     /* 11.16; steps left */        \
	X(ELIMINATED, "eliminated", EF_UNIT | EF_WHY)              /* 11.16 */                    \
	X(MOVE, "move", EF_UNIT | EF_FROM | EF_MP | EF_DOUBLE_TIME | EF_PATH) /* 8.0 */           \
	X(HOOD_RELEASED, "hood-released", 0)                       /* 4.5C */                     \
	X(AP_HILL, "ap-hill", 0)                                   /* 9.1: arrives this turn */   \
	X(REGROUP, "regroup", EF_UNIT | EF_STEPS)                  /* 12.0: steps now */          \
	X(MISHAP_NONE, "mishap-none", 0)                           /* 8.14: no legal move */      \
	X(MISHAP_DECLINED, "mishap-declined", 0)                   /* 8.14 */                     \
	X(MISHAP_MOVE, "mishap-move", EF_UNIT | EF_FROM | EF_TO)   /* 8.14 */                     \
	X(CREEK_CROSSED, "creek-crossed", EF_UNIT)                 /* 8.12B */                    \
	X(LIMITS_LIFTED, "limits-lifted", EF_UNIT | EF_CORPS)      /* 13.3F */                    \
	X(CORPS_STATUS, "corps-status", EF_CORPS | EF_STATUS | EF_WHY) /* 13.1, 13.4D, 13.5, 13.8, \
	                                                              14.3B */                    \
	X(WITHDRAW_STAYS, "withdraw-stays", EF_UNIT | EF_FROM)     /* 13.6A */                    \
	X(WITHDRAW_MOVE, "withdraw-move", EF_UNIT | EF_FROM | EF_TO) /* 13.6 */                   \
	X(WITHDRAW_TRAPPED, "withdraw-trapped", EF_UNIT)           /* 13.6D */                    \
	X(FIRE, "fire", EF_UNIT | EF_TARGET | EF_TO | EF_COLUMN | EF_DIE | EF_DRM | EF_STEPS |   \
	                EF_DEFENSIVE | EF_MODS)    /* 10.2C, 11.5B; steps lost; to: the target's \
	                                              hex; column: the fire value (20.3) */       \
	X(DECLARE, "declare", EF_FROM | EF_SEVERAL | EF_UNITS)     /* 11.1 */                     \
	X(CANCEL, "cancel", EF_FROM)                               /* 11.1 */                     \
	X(NO_ATTACKS, "no-attacks", EF_ROUND)                      /* 11.1 */                     \
	X(ATTACK, "attack", EF_UNIT | EF_FROM | EF_STRENGTHS | EF_COLUMN | EF_DIE | EF_DRM |      \
	                    EF_LOSSES | EF_RETREAT | EF_MODS)      /* 11.5D */                    \
	X(RETREAT, "retreat", EF_UNIT | EF_FROM | EF_PATH)         /* 11.17 */                    \
	X(NO_RETREAT, "no-retreat", EF_UNIT)                       /* 11.17.3F */                 \
	X(ADVANCE, "advance", EF_UNIT | EF_FROM | EF_TO)           /* 11.18 */                    \
	X(SUPPORT, "support", EF_UNIT | EF_FROM | EF_TO)           /* 11.19 */                    \
	X(ROUND_TWO, "round-two", 0)                               /* 11.5E */                    \
	X(BREAK_OFF, "break-off", EF_SIDE | EF_FROM)               /* 11.5E */                    \
	X(IX_MARKER, "ix-marker", EF_FORMATION | EF_FROM)          /* 15.6C */                    \
	X(OBJECTIVE, "objective", EF_FORMATION | EF_COLUMN | EF_OBJECTIVE | EF_ROLLED) /* 15.2 */  \
	X(OBJECTIVE_TAKEN, "objective-taken", EF_FORMATION | EF_OBJECTIVE)     /* 15.2A */        \
	X(OBJECTIVE_RETAKEN, "objective-retaken", EF_FORMATION | EF_OBJECTIVE) /* 15.4 */         \
	X(NO_OBJECTIVE_LEFT, "no-objective-left", EF_FORMATION)    /* 15.5 */                     \
	X(WITHDRAWAL_ROLL, "withdrawal-roll", EF_CORPS | EF_DIE | EF_DRM | EF_14_2 | EF_WITHDRAWN) \
	                                                           /* 14.2 */                     \
	X(NOTE, "note", EF_TEXT)                /* a player's note (the bot's reason for a choice) */

enum event_kind {
#define EVENT_KIND_ENUM(name, word, fields) EVENT_##name,
	EVENT_KINDS(EVENT_KIND_ENUM)
#undef EVENT_KIND_ENUM
	EVENT_KIND_COUNT
};

/* X(NAME, word, English): the rule behind a die, a lost step or a corps' new status. In the
 * English, "%s" stands for the event's corps (or, for a 15.2B roll, its formation). */
#define EVENT_WHYS(X)                                                                         \
	X(NONE, "-", "")                                                                          \
	X(TEST, "test", "test")                                                                   \
	X(MISHAP, "mishap", "8.14 terrible mishap")                                               \
	X(AP_HILL, "ap-hill", "9.1B A.P. Hill arrival")                                           \
	X(ARTILLERY_FIRE, "artillery-fire", "artillery fire (10.2C)")                             \
	X(DEFENSIVE_FIRE, "defensive-fire", "defensive fire (11.5B)")                             \
	X(FIRE_LOSS, "fire-loss", "artillery fire")                                               \
	X(DEFENSIVE_FIRE_LOSS, "defensive-fire-loss", "defensive fire")                           \
	X(COMBAT, "combat", "combat (11.5D)")                                                     \
	X(COMBAT_LOSS, "combat-loss", "combat (11.15)")                                           \
	X(NO_RETREAT, "no-retreat", "no retreat (11.17.3F)")                                      \
	X(RETREAT_EZOC, "retreat-ezoc", "retreat into an enemy ZOC (11.17.4B)")                   \
	X(PANIC, "panic", "panic (11.17.5)")                                                      \
	X(ARTILLERY_RETREAT, "artillery-retreat", "artillery retreat (11.17.6A)")                 \
	X(ARTILLERY_RETREAT_TABLE, "artillery-retreat-table", "artillery retreat table (11.17.6A)") \
	X(ARTILLERY_RETREAT_EZOC, "artillery-retreat-ezoc",                                       \
	  "artillery retreat through an EZOC (11.17.6C)")                                         \
	X(ARTILLERY_RETREAT_EZOC_TABLE, "artillery-retreat-ezoc-table",                           \
	  "artillery retreat table (11.17.6C)")                                                   \
	X(COMMITTED, "13.1", "13.1")                                                              \
	X(AVAILABILITY, "13.4D-roll", "13.4D availability of %s Corps")                           \
	X(AVAILABLE, "13.4D", "13.4D")                                                            \
	X(WITHDRAWS, "13.5", "13.5")                                                              \
	X(WITHDRAW_TRAPPED, "13.6D", "13.6D")                                                     \
	X(WITHDRAW_EZOC, "withdraw-ezoc", "11.17.4B withdrawing through an EZOC")                 \
	X(VI_CORPS, "13.8", "13.8")                                                               \
	X(WITHDRAWAL_ROLL, "14.2-roll", "14.2 withdrawal roll, %s Corps")                         \
	X(SOLITAIRE_AVAILABILITY, "14.3B-roll", "14.3B availability of %s Corps")                 \
	X(SOLITAIRE_AVAILABLE, "14.3B", "14.3B")                                                  \
	X(OBJECTIVE, "15.2B-roll", "15.2B objective of %s")                                       \
	X(IX_MARKERS, "15.6C-roll", "15.6C IX Corps objective markers")

enum event_why {
#define EVENT_WHY_ENUM(name, word, english) EVENT_WHY_##name,
	EVENT_WHYS(EVENT_WHY_ENUM)
#undef EVENT_WHY_ENUM
	EVENT_WHY_COUNT
};

/* One event. Each kind uses the fields EVENT_KINDS names; the others keep their blank value
 * (event_clear: units -1, hexes -1 (HEX_NONE), corps, formation and objective -1 (none),
 * everything else 0), so that equal events are equal bytes. */
struct game_event {
	uint8_t kind;             /* enum event_kind */
	uint8_t turn;             /* the game turn it happened in */
	uint8_t why;              /* enum event_why */
	int8_t side;              /* enum side */
	int8_t corps;             /* enum corps, -1 none */
	int8_t formation;         /* enum solo_formation (15.1), -1 none */
	int8_t status;            /* enum corps_status */
	int8_t setup;             /* enum game_setup (NEW_GAME) */
	int8_t die, drm;          /* a die and its modifier (ATTACK, FIRE: the sum of mod[]) */
	int8_t steps;             /* steps left (STEP_LOST), now (REGROUP), lost (FIRE) */
	int8_t mp;                /* movement points spent (MOVE) */
	int8_t round;             /* combat round (NO_ATTACKS) */
	int8_t column;            /* CRT column (ATTACK); the fire value, the Artillery Fire Table's
				     column (FIRE, 20.3); objective column 0-2 (OBJECTIVE) */
	int8_t att_loss, def_loss;/* ATTACK */
	int8_t objective;         /* solo_objective.key (15.x), with objective_hex */
	bool double_time;         /* MOVE: 8.9 */
	bool defensive;           /* FIRE: 11.5B */
	bool several;             /* DECLARE: against more than one hex */
	bool retreat;             /* ATTACK: the defender must retreat */
	bool rolled;              /* OBJECTIVE: the chart's column needed a die */
	bool withdrawn;           /* WITHDRAWAL_ROLL: the corps must withdraw */
	uint8_t n;                /* entries of hex[] (MOVE, RETREAT, DECLARE), of mod[] (ATTACK,
				     FIRE) */
	int16_t unit, target;     /* unit indices */
	int16_t from, to;         /* hexes; one-hex events use from */
	int16_t objective_hex;    /* solo_objective.hex */
	int16_t attack, defence;  /* ATTACK: the strengths compared */
	int16_t eliminated, lost, start; /* WITHDRAWAL_ROLL: 14.2B-C */
	union {
		int16_t hex[EVENT_HEXES]; /* a path, or the attackers (unit indices) of DECLARE */
		char text[EVENT_TEXT_MAX]; /* NOTE */
		struct combat_mod mod[COMBAT_DRMS_MAX]; /* ATTACK, FIRE: each DRM (modifier.h) */
		uint64_t seed;             /* NEW_GAME */
	};
};

/* The events of one game, numbered from its start (game.nlog counts them): kept beside the
 * game by whoever owns it (the match, inside its record), never in struct game, which stays
 * a small value. game_new_events and game_apply_events append to it. Event number k is
 * ev[k - first] while first <= k < first + n (a log read from a file starts where the file's
 * events start). */
struct event_log {
	struct game_event *ev;    /* heap-allocated, cap entries */
	int first, n, cap;
	bool failed;              /* an event was lost for want of memory */
};

/* Append e (its number is first + n); false, with failed set, when out of memory. */
bool event_log_add(struct event_log *l, const struct game_event *e);
/* Event number k, or NULL when the log does not hold it. */
const struct game_event *event_log_at(const struct event_log *l, int k);
/* The number the next event will have (first + n). */
int event_log_end(const struct event_log *l);
/* Keep only the events numbered below end (undo). */
void event_log_truncate(struct event_log *l, int end);
/* Deep copy src into dst (dst's old contents are not freed); false when out of memory (dst
 * then empty). */
bool event_log_copy(struct event_log *dst, const struct event_log *src);
/* Free the events; the log is empty afterwards (first 0). */
void event_log_free(struct event_log *l);

/* Make e a blank event of kind k in turn `turn` (every byte set, unused fields blank). */
void event_clear(struct game_event *e, enum event_kind k, int turn);
/* The fields (EF_*) kind k uses; 0 when out of range. */
unsigned event_kind_fields(enum event_kind k);
/* The word of a kind or a reason in position files; "?" when out of range. */
const char *event_kind_name(enum event_kind k);
const char *event_why_name(enum event_why w);
/* Parse those words; false when s is none of them. */
bool event_kind_parse(const char *s, enum event_kind *out);
bool event_why_parse(const char *s, enum event_why *out);

#endif
