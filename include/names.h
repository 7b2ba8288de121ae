/* names.h — the game's vocabulary of sides, Union corps and formations, each written once in
 * an X-macro list (list-sides.h, list-corps.h, list-divisions.h, in the manner of Angband's
 * list-*.h). The enums here and the name tables of names.c are both generated from those
 * lists, so a name and its number cannot drift apart. Readers: game_side_name(),
 * game_corps_name() and their parsers (game.h), the loaders, the position file. */
#ifndef ANTIETAM_NAMES_H
#define ANTIETAM_NAMES_H

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

#endif
