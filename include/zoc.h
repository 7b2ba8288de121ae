/* zoc.h — the zones of control of 6.0 in a position (zoc.c). */
#ifndef ANTIETAM_ZOC_H
#define ANTIETAM_ZOC_H

#include <stdbool.h>

#include "map.h"
#include "names.h"

struct game;

/* 8.7.6: may a hexside with these features be crossed at all (the creek only at bridges and
 * fords)? What zoc_side_passable asks of the hexside between two hexes. */
static inline bool zoc_features_passable(unsigned f)
{
	return !(f & SIDE_CREEK) || (f & (SIDE_BRIDGE | SIDE_FORD));
}

/* True when units may cross between adjacent hexes a and b: not an Antietam Creek hexside
 * unless bridged or forded (8.7.6, 11.17.3C). False when not adjacent. */
bool zoc_side_passable(const struct game *g, int a, int b);
/* True when unit u exerts a ZOC into hex (6.1–6.2: the six neighbours of its hex, not across
 * an unbridged, unforded creek hexside). */
bool zoc_unit_exerts(const struct game *g, int u, int hex);
/* True when hex is in the ZOC of a unit of side's enemy (6.1–6.2). */
bool zoc_in_ezoc(const struct game *g, int hex, enum side side);

#endif
