/* act.h — how the front-end reads an engine action to put it on the map: where it leads or
 * aims, which units carry it out, and whether it strikes at a target. Curses-free, so
 * tests/test_tui_act.c checks it against the engine's own legal actions. */
#ifndef ANTIETAM_TUI_ACT_H
#define ANTIETAM_TUI_ACT_H

#include <stdbool.h>

#include "combat.h"
#include "game.h"

/* The hex an action leads to or aims at: the end of its path, its target hex (a placement's
 * hex), the hex of its target unit, or of the unit losing a step (11.15B); HEX_NONE when it
 * has none (end, decline, commit, a supporting advance, a set-up's remove). */
int act_dest(const struct game *g, const struct action *a);
/* True when unit u carries out action a (its unit, or one of its listed units). */
bool act_uses(const struct action *a, int u);
/* True for actions aimed at an enemy (fire, attack) or at a combat (resolve, break off):
 * the map marks their hexes as targets rather than destinations. */
bool act_aims(enum action_type type);

/* 11.17.4B: the steps the retreating unit of a (ACT_RETREAT) loses along its path, one per
 * hex in an enemy ZOC holding no friendly unit; *eliminated (may be NULL) says the loss is
 * all its steps. 0 for any other action. */
int act_retreat_loss(const struct game *g, const struct action *a, bool *eliminated);
/* The chance in sixths that a fire (a step lost, 10.2/11.5B) or a declaration (the defender
 * loses a step or must retreat, by the first attacker's CRT line, 11.5) has an effect; -1
 * for other actions or when the engine cannot figure it. */
int act_effect_sixths(const struct game *g, const struct action *a);
/* What a declaration (ACT_ATTACK) is likely to come to over both rounds (odds_outcome,
 * combat.h); false for other actions or when the engine cannot figure it. */
bool act_outcome(const struct game *g, const struct action *a, struct combat_outcome *o);
/* How good an action's outcome is, for ranking (higher better): a declaration's chance that
 * the defender is eliminated or retreats, the expected exchange of steps breaking ties; a
 * fire's chance of a hit; -100 for the rest (listed after them). */
double act_rank(const struct game *g, const struct action *a);
/* Put the legal actions idx[0..n) (indices into legal) in the order a list shows them: the
 * retreat paths that cost no step first, then the fewest steps (11.17.4B); among equals the
 * best outcome first (act_rank); otherwise as the engine listed them (stable). False when
 * out of memory (idx left as it was). */
bool act_order(const struct game *g, const struct action *legal, int *idx, int n);

#endif
