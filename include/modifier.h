/* modifier.h — the die-roll modifiers of combat (11.9–11.14, 20.1) and artillery fire (10.3B,
 * 10.4, 20.3), as one X-macro list (in the manner of Angband's list-*.h): one line defines the
 * enum constant, its word in position files, the rule that gives it and its English, so that
 * they can never drift apart. The odds (combat.h: struct combat_odds, struct fire_odds) and the
 * ATTACK and FIRE events (event.h) carry the same list of struct combat_mod: a front-end shows
 * the DRMs of an attack or a shot from the event itself. The English is written outside the
 * engine (modifier_text, event_text.h). */
#ifndef ANTIETAM_MODIFIER_H
#define ANTIETAM_MODIFIER_H

#include <stdbool.h>
#include <stdint.h>

/* X(NAME, word, rule, numbers, English): numbers is how many of the modifier's numbers (a, b)
 * its English takes ("%d"), and its position file writes. */
#define MODIFIERS(X)                                                                          \
	X(ENCIRCLED_2, "encircled-2", "11.9A1", 0, "encircled by two attackers")               \
	X(ENCIRCLED_3, "encircled-3", "11.9A2", 0, "encircled by more than two attackers")     \
	X(MORALE, "morale", "11.10B", 2, "morale %d against %d")                               \
	X(ELAN, "elan", "11.11", 0, "Confederate elan")                                        \
	X(UP_SLOPE, "up-slope", "11.14A", 0, "up a slope to high ground")                      \
	X(UP_CREST, "up-crest", "11.14A", 0, "through a crest to high ground")                 \
	X(FORD, "ford", "20.1", 0, "through a ford")                                           \
	X(SUNKEN_ROAD, "sunken-road", "11.14B", 0, "defender in the Sunken Road")              \
	X(WOODS, "woods", "11.14C", 0, "defender in woods")                                    \
	X(ORCHARD, "orchard", "11.14C", 0, "defender in an orchard")                           \
	X(CORNFIELD, "cornfield", "11.14C", 0, "defender in a cornfield")                      \
	X(FIRE_INFANTRY, "fire-infantry", "20.3", 0, "target is infantry")                     \
	X(FIRE_COVER, "fire-cover", "20.3", 0, "target in woods, orchard or cornfield")        \
	X(FIRE_TOWN, "fire-town", "20.3", 0, "target in Sharpsburg")                           \
	X(FIRE_SUNKEN_ROAD, "fire-sunken-road", "10.4", 0, "target behind a Sunken Road hexside") \
	X(FIRE_CREST, "fire-crest", "10.4", 0, "target behind a crest hexside")                \
	X(RANGE, "range", "10.3B", 1, "range %d")

enum modifier {
#define MODIFIER_ENUM(name, word, rule, numbers, english) MOD_##name,
	MODIFIERS(MODIFIER_ENUM)
#undef MODIFIER_ENUM
	MOD_COUNT
};

/* An attack or a fire has at most this many modifiers (11.9–11.14 give six at most, 20.3
 * and 10.3B six). */
#define COMBAT_DRMS_MAX 12

/* One modifier: which (enum modifier), its DRM and the numbers its English takes (MORALE:
 * the attacker's morale and the defender's best, 11.10B; RANGE: the range, 10.3B). */
struct combat_mod {
	int8_t id, value;
	int8_t a, b;
};

/* The rule ("11.9A1"), the word in position files and how many numbers (a, b) the English
 * takes, of modifier m; "?" and 0 when out of range. */
const char *modifier_rule(enum modifier m);
const char *modifier_name(enum modifier m);
int modifier_numbers(enum modifier m);
/* Parse a position file's word; false when s is none of them. */
bool modifier_parse(const char *s, enum modifier *out);

#endif
