/* roster.h — the 122 counters (4.1A) as data (data/units.txt): identity, formation, type
 * and the values printed on every step level (2.13), plus the historical set-up (4.3,
 * data/setup-historical.txt). Immutable once loaded.
 *
 * Units are addressed by a dense index: 0..68 are U1..U69, 69..121 are C1..C53. */
#ifndef ANTIETAM_ROSTER_H
#define ANTIETAM_ROSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "names.h"

#define ROSTER_UNION 69
#define ROSTER_CONFEDERATE 53
#define ROSTER_UNITS (ROSTER_UNION + ROSTER_CONFEDERATE)
#define ROSTER_STEPS_MAX 6
#define ROSTER_MA_MAX 20     /* the largest movement allowance units.txt may give */
#define ROSTER_VERSION_MAX 99 /* the largest order-of-battle version a file may name */

enum unit_type { UNIT_INFANTRY, UNIT_ARTILLERY };

struct unit_def {
	char id[4];             /* "U12", "C7" */
	enum side side;
	int number;             /* 1..69 or 1..53 */
	enum unit_type type;
	char formation[8];      /* Union corps ("I" … "XII"); Confederate division ("Ja", "Ew", …) */
	enum corps corps;       /* Union only, else CORPS_NONE */
	int division;           /* Union division number within its corps (IX Corps: 1–4; 0 = corps troops) */
	char commander[32];     /* brigade commander, or "Artillery" */
	char division_name[32]; /* Union: "1st Division" …; Confederate: division commander */
	int steps;              /* starting (= maximum) steps, 2..6 */
	int cv[ROSTER_STEPS_MAX + 1];     /* combat value (artillery: fire value) at each step count 1..steps */
	int morale[ROSTER_STEPS_MAX + 1]; /* morale at each step count (artillery: 0) */
	int ma;                 /* movement allowance */
	int range;              /* artillery range (10.3A), 0 for infantry */
	bool cavalry;           /* 8.10: Confederate cavalry division, never double-times */
	int strength;           /* men engaged (infantry) or guns (artillery): the source of the values */
};

struct roster {
	int version;            /* the order of battle's version: units.txt's `order-of-battle N`
				   (1 when the file has none); a position file names it */
	struct unit_def unit[ROSTER_UNITS];
	int historical_hex[ROSTER_UNITS]; /* 4.3 set-up hex, HEX_NONE for reinforcements */
	int ground;             /* the set-up's ground: setup-historical.txt's `ground N` (1 when
				   the file has none), which must be its map's (map.h) */
};

/* Load the counters and the historical set-up; all or nothing; err gets "path:line: message". */
bool roster_load(struct roster *r, const char *units_path, const char *setup_path, char *err,
		 size_t errlen);
/* The same from open streams (left open); the names stand for the paths in messages. */
bool roster_load_stream(struct roster *r, FILE *units, const char *units_name, FILE *setup,
			const char *setup_name, char *err, size_t errlen);
/* Dense index of "U12"/"C7" (case-insensitive), or -1. */
int roster_find(const struct roster *r, const char *id);
/* Dense index from side and number, or -1. */
int roster_index(enum side side, int number);
/* Protocol names of unit types: "infantry"/"artillery" (sides and corps: game.h, names.h). */
const char *roster_type_name(enum unit_type t);
/* The corps of a units.txt or tables.txt formation word, exactly as list-corps.h writes it. */
bool roster_corps_parse(const char *s, enum corps *out);
/* Combat value (artillery: fire value) and morale of a unit at a step count; 0 when the
 * count is outside 1..steps. */
int roster_cv(const struct unit_def *u, int steps);
/* The counters a unit is printed on (2.13: up to two steps a counter; a unit of more than two
 * steps has two or three): ceil(steps / 2). */
int roster_counters(const struct unit_def *u);
int roster_morale(const struct unit_def *u, int steps);
/* The one stacking rule (7.0): may these n units (dense indices) share one hex at the end
 * of a move, retreat or set-up? At most one infantry and one artillery unit of a side (7.1A),
 * one Union corps (7.2A), one IX Corps division, its corps artillery going with any (7.2B),
 * any Confederate formations together (7.3), never both sides (8.4). On false, why (citing
 * the rule) is written to why when it is not NULL. Movement, retreats, set-up, withdrawal and
 * the invariant checker all ask it, through stack_why() for one unit joining a hex. */
bool roster_may_stack(const struct roster *r, const int *units, int n, char *why,
		      size_t whylen);

#endif
