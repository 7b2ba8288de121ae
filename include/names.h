/* names.h — the game's vocabulary of sides, set-ups, Union corps and formations, each written
 * once in an X-macro list (list-sides.h, list-setups.h, list-corps.h, list-divisions.h, in the
 * manner of Angband's list-*.h). The enums here and the name tables of names.c are both
 * generated from those lists, so a name and its number cannot drift apart. Readers:
 * names_of_side(), names_of_corps() and their parsers (game.h), the loaders, the position
 * file. */
#ifndef ANTIETAM_NAMES_H
#define ANTIETAM_NAMES_H

#include <stdbool.h>

enum side {
#define SIDE(name, word) SIDE_##name,
#include "list-sides.h"
#undef SIDE
	SIDE_NONE
};

/* Union corps, in the order the protocol names them. */
enum corps {
#define CORPS(name, word) CORPS_##name,
#include "list-corps.h"
#undef CORPS
	CORPS_COUNT,
	CORPS_NONE = -1
};

/* The Confederate formations of the counters (2.7B). */
enum confederate_formation {
#define CONFEDERATE(name, word) CONFEDERATE_##name,
#define SOLO(name, word)
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
	CONFEDERATE_FORMATIONS
};

/* Formations with their own objective in the solitaire game (15.1, 15.6A): the five corps
 * and the four IX Corps divisions, the rows of the Corps Objective Chart. */
enum solo_formation {
#define CONFEDERATE(name, word)
#define SOLO(name, word) SOLO_##name,
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
	SOLO_FORMATIONS
};

/* The protocol words, indexed by the enums above; names_side[SIDE_NONE] is "none". */
extern const char *const names_side[SIDE_NONE + 1];
extern const char *const names_corps[CORPS_COUNT];
extern const char *const names_confederate_formation[CONFEDERATE_FORMATIONS];
extern const char *const names_solo_formation[SOLO_FORMATIONS];

enum phase { PHASE_MOVEMENT, PHASE_ARTILLERY, PHASE_COMBAT };

/* The set-ups a game begins with (list-setups.h). */
enum game_setup {
#define SETUP(name, word) SETUP_##name,
#include "list-setups.h"
#undef SETUP
	SETUP_COUNT
};
extern const char *const names_setup[SETUP_COUNT]; /* the words of list-setups.h */
enum corps_status { CORPS_COMMITTED, CORPS_AVAILABLE, CORPS_UNAVAILABLE };

/* The decision points of SEQUENCE.md; names are the `pending` words of PROTOCOL.md. */
enum decision {
	DECISION_MISHAP,          /* 8.14 */
	DECISION_WITHDRAWAL,      /* 13.5 */
	DECISION_WITHDRAW_MOVE,   /* 13.6, subject = unit */
	DECISION_COMMITMENT,      /* 13.1–13.2, 13.7 */
	DECISION_MOVEMENT,        /* 8.0, 9.x */
	DECISION_ARTILLERY,       /* 10.0 */
	DECISION_COMBAT,          /* 11.1, round 1 declarations */
	DECISION_RESOLVE,         /* 11.4E */
	DECISION_DEFENSIVE_FIRE,  /* 11.5B, subject = gun */
	DECISION_RETREAT,         /* 11.17, subject = unit */
	DECISION_ADVANCE,         /* 11.18, subject = unit */
	DECISION_SUPPORT,         /* 11.19, subject = unit that advanced */
	DECISION_BREAK_OFF,       /* 11.5E */
	DECISION_COMBAT_ROUND2,   /* 11.1C */
	DECISION_GAMEOVER,
	DECISION_SETUP,           /* 4.2 quick set-up: the owner places its units (quick.h) */
	DECISION_STEP_LOSS,       /* 11.15B: the defender picks the unit that loses a step */
	DECISION_COUNT
};

/* The protocol's words (PROTOCOL.md), indexed by enum decision, enum phase and enum
 * corps_status; shared by the batch commands and the position files. */
extern const char *const names_decision[DECISION_COUNT];
extern const char *const names_phase[3];
extern const char *const names_corps_status[3];
/* The word of a decision ("movement", "retreat" …; "?" out of range), a phase, a corps
 * status, a side, a corps ("-" out of range). */
const char *names_of_decision(enum decision d);
const char *names_of_phase(enum phase p);
const char *names_of_corps_status(enum corps_status s);
const char *names_of_side(enum side s);
const char *names_of_corps(enum corps c);
/* "U12"/"C7" of a unit index ("?" out of range; static storage). */
const char *names_of_unit(int u);
/* The parsers of those words (case-insensitive): true and *out set, or false. */
bool names_parse_side(const char *s, enum side *out);
bool names_parse_corps(const char *s, enum corps *out);
bool names_parse_phase(const char *s, enum phase *out);
bool names_parse_corps_status(const char *s, enum corps_status *out);
/* The set-up of word s ("historical", "empty", "quick"); false when it is none. */
bool names_parse_setup(const char *s, enum game_setup *out);
/* Index of unit "U12"/"C7" (case-insensitive) without the roster loader; -1 if none. */
int names_parse_unit(const char *id);

/* A refusal: its reason written into err only for a caller that wants it (errlen > 0: the
 * legal lists and the bots ask of every unit and target and read no reason); false. Used by
 * the rules and by the action text (src/data/action_text.c). */
bool names_refusal(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
