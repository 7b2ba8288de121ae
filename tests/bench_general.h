/* bench_general.h — the computer general's figures in `make bench` (issue 29): positions
 * evaluated a CPU second and the CPU of a player-turn, median and worst, per level and seat,
 * against the level budgets (tests/bench_general.c). */
#ifndef ANTIETAM_BENCH_GENERAL_H
#define ANTIETAM_BENCH_GENERAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scenario.h"

/* Play `games` games (seeds 1..games) at each level of the general as Lee against the Union
 * bot and of the general against itself, printing a line per level and seat; each game's
 * actions and notes to record when it is not NULL. False with err when a game could not be
 * played. games 0: nothing. */
bool bench_general(const struct scenario *s, int games, FILE *record, char *err, size_t errlen);

#endif
