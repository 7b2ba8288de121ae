/* unit.h — the queries of the units' state in a position that every layer asks (unit.c):
 * which counter and side a unit is, where it stands, its strength now, the nearest enemy,
 * and the rules that hold single units (4.1B, 4.5C, 4.6). */
#ifndef ANTIETAM_UNIT_H
#define ANTIETAM_UNIT_H

#include <stdbool.h>

#include "game.h" /* struct game (game.h includes this file once it is defined) */
#include "names.h"

struct game;
struct unit_def;

/* The counter of unit index u. Inline, as unit_on_map: the general and the bots ask it of
 * every unit of every position they look at. */
static inline const struct unit_def *unit_def(const struct game *g, int u)
{
	return &g->scn->roster.unit[u];
}
/* Side of a unit index. */
static inline enum side unit_side(int u)
{
	return u < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE;
}
/* True when unit u is on the map (not off, not eliminated). Inline: every scan of the units
 * asks it. */
static inline bool unit_on_map(const struct game *g, int u)
{
	return u >= 0 && u < ROSTER_UNITS && g->unit[u].hex != HEX_NONE && g->unit[u].steps > 0;
}
/* The units on the map in hex, infantry first: up to max indices go into out; returns the
 * count (at most max). */
int unit_in_hex(const struct game *g, int hex, int *out, int max);
/* Current combat value (artillery: fire value) and morale of unit u at its current steps. */
int unit_cv(const struct game *g, int u);
int unit_morale(const struct game *g, int u);
/* Range from hex to the nearest unit on the map of side `side`'s enemy (a big number when
 * there is none). */
int unit_enemy_distance(const struct game *g, int hex, enum side side);
/* True when a unit of side's enemy stands in hex. */
bool unit_enemy_in(const struct game *g, int hex, enum side side);
/* The units of side s on the map in hex, infantry first: up to max go into out; returns the
 * count (at most max). */
int unit_side_in_hex(const struct game *g, int hex, enum side s, int *out, int max);
/* True when some unit of side s stands in hex. */
bool unit_side_in(const struct game *g, int hex, enum side s);
/* Distance from hex to the nearest unit of side s on the map (INT_MAX if none). */
int unit_side_distance(const struct game *g, int hex, enum side s);
/* True for the reinforcements of 4.1B (VI Corps, A.P. Hill's division). */
bool unit_is_reinforcement(const struct game *g, int u);
/* 4.6: true when unit u may never move into hex (a Confederate unit within two hexes of the
 * Middle Bridge, 3324) — for moves, retreats and advances alike. */
bool unit_middle_bridge_forbids(const struct game *g, int u, int hex);
/* 4.5C: true while unit u is one of Hood's units held on turn 1 (no move, no fire). */
bool unit_hood_held(const struct game *g, int u);

#endif
