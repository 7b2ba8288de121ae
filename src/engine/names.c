/* names.c — owns the name tables of names.h, generated from the X-macro lists in include/
 * (list-sides.h, list-corps.h, list-divisions.h). Data only: nothing here decides a rule. */
#include "names.h"

const char *const names_side[SIDE_NONE + 1] = {
#define SIDE(name, word) [SIDE_##name] = word,
#include "list-sides.h"
#undef SIDE
	[SIDE_NONE] = "none",
};

const char *const names_corps[CORPS_COUNT] = {
#define CORPS(name, word) [CORPS_##name] = word,
#include "list-corps.h"
#undef CORPS
};

const char *const names_confederate_formation[CONFEDERATE_FORMATIONS] = {
#define CONFEDERATE(name, word) [CONFEDERATE_##name] = word,
#define SOLO(name, word)
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
};

const char *const names_solo_formation[SOLO_FORMATIONS] = {
#define CONFEDERATE(name, word)
#define SOLO(name, word) [SOLO_##name] = word,
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
};
