/* general_internal.h — what the computer general's files (general.c, general_conf.c) share:
 * the mixing that gives each sampled copy of a game dice of its own (docs/general.md: the
 * look-ahead through the dice is deterministic for a given game). */
#ifndef ANTIETAM_GENERAL_INTERNAL_H
#define ANTIETAM_GENERAL_INTERNAL_H

#include <stdint.h>

/* splitmix64's finaliser: a copy's dice state from the game's and the sample's number */
static inline uint64_t general_mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
