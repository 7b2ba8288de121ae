/* general_internal.h — what the computer general's files (general.c, general_conf.c) share:
 * the dice of its sampled copies. The general never sees the dice the game will roll: a copy's
 * dice come from the decision itself (the position, the game's dice left out) and the
 * sample's number, never from the game's dice state or its forced dice (docs/general.md: the
 * look-ahead through the dice is deterministic for a given decision). */
#ifndef ANTIETAM_GENERAL_INTERNAL_H
#define ANTIETAM_GENERAL_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "game.h"

/* The positions evaluated in this thread (general_positions, general.h): evaluate() and
 * gc_value() count each call. */
extern _Thread_local unsigned long long general_npositions;

/* splitmix64's finaliser */
static inline uint64_t general_mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t general_fold(uint64_t h, uint64_t v)
{
	return general_mix(h ^ v);
}

/* The decision g stands at, as a number: the turn, phase and pending decision, the events so
 * far, every unit's hex, steps, MPs and marks, the corps, the control of every hex and the
 * combat's stage — not the dice (rng, forced), which it must not see. */
static inline uint64_t general_decision_key(const struct game *g)
{
	uint64_t h = 0x6c65652d64696365ULL;
	h = general_fold(h, (uint64_t)g->turn << 40 | (uint64_t)g->side << 32 |
			    (uint64_t)g->phase << 24 | (uint64_t)(uint32_t)g->nlog);
	h = general_fold(h, (uint64_t)g->pending.what << 40 | (uint64_t)g->pending.side << 32 |
			    (uint64_t)(uint32_t)g->pending.subject);
	for (int u = 0; u < ROSTER_UNITS; u++)
		h = general_fold(h, (uint64_t)(uint16_t)g->unit[u].hex << 48 |
				    (uint64_t)(uint8_t)g->unit[u].steps << 40 |
				    (uint64_t)g->unit[u].mp_used << 32 | g->unit[u].flags);
	for (int k = 0; k < CORPS_COUNT; k++)
		h = general_fold(h, (uint64_t)g->corps[k] ^ g->corps_lifted[k] << 4);
	uint64_t w = 0;
	for (int x = 0; x < HEX_INDEX_COUNT; x++) {
		w = w << 2 | (g->control[x] & 3u);
		if (x % 32 == 31 || x == HEX_INDEX_COUNT - 1)
			h = general_fold(h, w), w = 0;
	}
	h = general_fold(h, (uint64_t)(uint8_t)g->combat.round << 24 |
			    (uint64_t)(uint8_t)g->combat.stage << 16 |
			    (uint64_t)(uint8_t)g->combat.current << 8 | (uint8_t)g->combat.ndecl);
	return h;
}

/* Give copy (of the game whose decision key is key) dice of its own for sample k of the
 * look-ahead `stream` (each kind of look-ahead its own): the forced dice of 4.0's `dice`
 * dropped, the dice state a function of the decision and the sample alone. */
static inline void general_own_dice(struct game *copy, uint64_t key, uint64_t stream, int k)
{
	copy->rng = general_mix(key ^ general_mix(stream * UINT64_C(0x100000001b3) + (uint64_t)k));
	copy->nforced = 0;
	memset(copy->forced, 0, sizeof copy->forced);
}

#endif
