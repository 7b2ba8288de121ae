/* general_union.h — the computer general's plan for the Union under the two-player rules
 * (internal to src/general/): what each objective hex is worth to take under 3.2's awards,
 * and which corps fight when (13.1–13.5). docs/general.md "The Union's plan". */
#ifndef ANTIETAM_GENERAL_UNION_H
#define ANTIETAM_GENERAL_UNION_H

#include <stddef.h>

#include "game.h"
#include "general_tunables.h"
#include "map.h"

#define GU_HEXES (MAP_OBJ_MAX * MAP_OBJ_HEXES)
/* The Union's infantry is drawn to an objective hex as if it were this many hexes nearer per
 * VP its taking gains. */
#define GU_GAIN_HEXES 1.0
/* … from as far as this (the whole map's width: a corps beyond the creek is drawn too). */
#define GU_PULL_RANGE 40

/* 8.7.6: the hexes a unit crosses from hex `from` to hex `to` with Antietam Creek crossed
 * only at its bridges and fords (the shortest way on the map's hexsides, whatever the
 * terrain costs); GU_GROUND_FAR when there is none or a hex is off the map. */
#define GU_GROUND_FAR 99
int gu_ground_distance(const struct map *m, int from, int to);

/* The objectives of 3.2 as they stand if control were updated now (3.3A); the arrays hold
 * n entries (those past n are not set). */
struct gu_objectives {
	const struct map *m;   /* the ground (gu_ground_distance) */
	int n;                 /* objective hexes that score under 3.2 */
	int hex[GU_HEXES];
	enum side now[GU_HEXES];
	double gain[GU_HEXES]; /* VP the Union gains by taking the hex (0 when it holds it) */
	double keep[GU_HEXES]; /* VP it loses if the hex it holds is lost */
	double vp;             /* the Union's objective VP now (3.2, its partial/full/any/all) */
};

/* Fill o from g (two-player rules: 3.2's table; hexes of the map's other objectives, the
 * solitaire game's 19.0/20.5, are left out). */
void gu_objectives(const struct game *g, struct gu_objectives *o);

/* The plan's tunables are data: struct general_union_plan (general_tunables.h), the
 * union-plan records of data/general.txt (tuned by self-play, docs/general.md). */

/* 13.1: the Available corps to commit now (CORPS_NONE: none), with the reason; legal is
 * the decision's legal list. */
enum corps gu_commit_choice(const struct game *g, const struct general_union_plan *p,
			    const struct action *legal, int n, char *why, size_t whylen);
/* 24.2B: the share of its steps below which corps c is withdrawn, by its size (the plan's
 * large and small corps: spent-large, spent-small; the others spent). */
double gu_spent_share(const struct general_union_plan *p, enum corps c);
/* 24.2B: the turns Committed corps c is planned to fight by its size (turns-large, turns,
 * turns-small; I and IX one fewer once below `fresh` of their steps). */
int gu_planned_turns(const struct game *g, const struct general_union_plan *p, enum corps c);
/* 13.1: the turns corps c has fought since it was committed (the turn now less the turn
 * noted: 2 on turn 3 for a corps committed on turn 1), -1 when not Committed or not known. */
int gu_turns_fought(const struct game *g, enum corps c);
/* 13.5: the Committed corps to withdraw now so that a fresh one may be committed
 * (CORPS_NONE: none), with the reason. */
enum corps gu_withdraw_choice(const struct game *g, const struct general_union_plan *p,
			      const struct action *legal, int n, char *why, size_t whylen);

#endif
