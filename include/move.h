/* move.h — movement (8.0) with zones of control (6.0), stacking (7.0), reinforcement entry
 * (9.0), the turn-1 and Middle Bridge restrictions (4.5, 4.6) and the movement limits of
 * the Union corps (8.12–8.13, 13.3–13.4): where a unit may go now, and at what cost. */
#ifndef ANTIETAM_MOVE_H
#define ANTIETAM_MOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "scenario.h"
#include "tables.h"

/* One hex a unit may end its move in, and the MPs the cheapest legal way there spends. */
struct move_dest {
	int16_t hex;
	int8_t cost;
	bool double_time; /* the cheapest way is at double-time (8.9) */
};

/* Every hex where unit u could legally end a move now (the `moves` command), sorted by hex
 * id; at most max; returns the count (0 when it may not move, with the reason in err when
 * err is not NULL). */
int move_reachable(const struct game *g, int u, struct move_dest *out, int max, char *err,
		   size_t errlen);
/* move_reachable, and a bit at hex_index in `entered` (HEX_INDEX_COUNT bits, cleared by the
 * caller) of every hex its searches entered, an end or not: a friendly unit arriving in or
 * leaving a hex neither entered, next to one nor next to u's start changes nothing of the
 * answer but through a ford crossed (8.7.5B) or an edge hex entered (9.2E). */
int move_reachable_entered(const struct game *g, int u, struct move_dest *out, int max,
			   uint64_t *entered);
/* Where unit u could end a move in its own side's next movement phase if the position stood
 * as it is now (same turn number, commitment as it is), by the MPs of its MA alone — no road
 * bonus or double-time, which may not end next to an enemy (8.8.2D, 8.9A): the search of
 * move_reachable() on `scratch`, a copy of g set to the start of that phase. For the
 * solitaire bot's reading of 16.6A ("having sufficient MPs to reach the encircling hex"). At
 * most max; 0 when u could not move then. `entered` (NULL, or HEX_INDEX_COUNT bits, cleared
 * by the caller) gets a bit at hex_index of every hex the search entered, an end or not: no
 * unit more than one hex from all of them bears on the answer (13.3E aside: Available units
 * within four hexes of u). */
int move_reachable_next_phase(const struct game *g, int u, struct game *scratch,
			      struct move_dest *out, int max, uint64_t *entered);
/* Check a move action (unit, and one destination hex or a whole path): true with the path
 * actually taken (the cheapest when one hex was given; a reinforcement's path starts at its
 * entry hex), its length, its MP cost and whether it is at double-time; false with the rule
 * broken in err. */
bool move_check(const struct game *g, const struct action *a, int16_t *path, int *npath,
		int *cost, bool *double_time, char *err, size_t errlen);
/* The one step cost of the rules: the MPs to enter hex `to` from its neighbour `from` by the
 * charts alone — the in-hex terrain (8.7; the road cost instead across a road hexside,
 * 8.8.1A, or into a Sunken Road hex, 8.8.3B) plus the hexside's own cost (8.7.4–8.7.5A,
 * 8.8.1B) — or -1 when the hexside may not be crossed (8.7.6) or the hexes are not
 * neighbours. What depends on the position is the caller's: zones of control (6.3B),
 * the road bonus (8.8.2), the direction of this phase's ford crossings (8.7.5B, movement
 * only: rules-notes.md). Movement, withdrawal (13.6) and the bot's distance field use it. */
int move_enter_cost(const struct scenario *s, int from, int to);
/* The same between dense hex indices (hex_neighbour_table): from ai in direction dir to its
 * neighbour bi, for searches that walk the table (inline: they ask it millions of times). */
static inline int move_enter_cost_index(const struct scenario *s, int ai, int dir, int bi);
/* Its two parts, for the movement search that checks other things in between: the hexside's
 * own cost (8.7.4–8.7.5A; -1 when it may not be crossed, 8.7.6) of a hexside with features f,
 * and the charts' cost of entering hex index bi across it at that hexside cost (8.7, 8.8.1,
 * 8.8.3B). */
static inline int move_side_cost(const struct tables *t, unsigned f)
{
	return f ? tables_move_side_cost(t, f) : 0; /* most hexsides have no feature */
}

static inline int move_step_cost(const struct scenario *s, unsigned f, int side, int bi)
{
	const struct tables *t = &s->tables;
	const struct map_hex *mh = &s->map.hex[bi];
	int cost;
	if (f & (SIDE_PRIMARY | SIDE_SECONDARY))
		cost = tables_move_road_cost(t);              /* 8.8.1A */
	else if (mh->sunken_road)
		cost = tables_move_road_cost(t);              /* 8.8.3B reading */
	else
		cost = tables_move_hex_cost(t, (enum terrain)mh->terrain);
	return cost + side;                                   /* 8.8.1B */
}

static inline int move_enter_cost_index(const struct scenario *s, int ai, int dir, int bi)
{
	unsigned f = s->map.hex[ai].side[dir];
	int side = move_side_cost(&s->tables, f);
	return side < 0 ? -1 : move_step_cost(s, f, side, bi);
}
/* The one what-if move, for the look-ahead's copies of a game (the general's playouts): unit
 * u, on the map, put at hex `to` with what a move leaves on it — its Moved marker (8.11; an
 * artillery unit's move, 10.8A) and, for a Confederate unit, the notes the Union's commitment
 * keeps of its moves (13.3, commit_note_confederate_move, from its hex straight to `to`) —
 * without searching or checking a path and without its MPs, fords or event. Never on a game
 * that is played: only game_apply changes one, and its record would not replay this. */
void move_what_if(struct game *g, int u, int to);
/* True when unit u may start a move now (its side's movement phase, not yet moved, and no
 * rule holds it still); false with the rule in err. */
bool move_unit_may_move(const struct game *g, int u, char *err, size_t errlen);

#endif
