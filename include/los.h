/* los.h — artillery line of sight (10.5–10.6): whether a gun in one hex can see a target in
 * another across the two levels of 10.5A (high ground, with woods, orchards and the town at
 * its height; and low ground), and, for the front-ends, what blocks it. Reads only the map;
 * units never block (10.6.6). The readings chosen are in docs/rules-notes.md, "Line of
 * sight". */
#ifndef ANTIETAM_LOS_H
#define ANTIETAM_LOS_H

#include <stdbool.h>

#include "map.h"

enum los_block {
	LOS_CLEAR,
	LOS_BLOCKED_HEX,    /* an intervening hex blocks (woods, orchard, town, high ground) */
	LOS_BLOCKED_EDGE,   /* 10.6.4: the line runs between two blocking hexes */
	LOS_BLOCKED_CREST,  /* 10.6.2B: the line crosses a crest hexside */
	LOS_INVALID,        /* a hex is not on the map */
};

struct los_result {
	enum los_block block;
	int hex;            /* the blocking hex (the first of a pair or of a crest side) */
	int other;          /* the second hex of a pair or crest side, else HEX_NONE */
	const char *rule;   /* the rule that blocks: "10.6.1A", "10.6.2A", … ("" when clear) */
	char why[96];       /* e.g. "10.6.1A: woods in 3210" or "clear" */
};

/* True when a gun in hex `from` has a line of sight to a target in hex `to` (10.6). */
bool los_clear(const struct map *m, int from, int to);
/* The same, filling *r with the first obstacle along the line (from `from` onwards) and a
 * one-line reason for the UI. */
bool los_trace(const struct map *m, int from, int to, struct los_result *r);
/* los_clear over the line already drawn: steps and n as hex_line(from, to, steps) gave them,
 * from and to valid and not the same (for a caller that needs the line for more than the
 * sight: fire_sight's 10.4 sides). */
bool los_clear_line(const struct map *m, int from, int to, const struct hex_step *steps, int n);

/* 10.4: the hexside features (enum side_feature bits) of the target hex's side through which
 * the line from `from` enters it — the side a target is "behind" for the crest and Sunken
 * Road DRMs. Where the line enters at a corner, only the features both sides there share.
 * 0 for the same hex or a hex off the map. */
unsigned los_target_side(const struct map *m, int from, int to);

#endif
