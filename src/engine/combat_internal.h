/* combat_internal.h — what the combat and fire modules (combat.c, odds.c, fire.c,
 * retreat.c, advance.c) share and no other module needs. */
#ifndef ANTIETAM_COMBAT_INTERNAL_H
#define ANTIETAM_COMBAT_INTERNAL_H

#include "combat.h"
#include "game.h"
#include "internal.h"
#include "map.h"
#include "roster.h"
#include "tables.h"

/* The printed definition of unit u. */
static inline const struct unit_def *cdef(const struct game *g, int u)
{
	return &g->scn->roster.unit[u];
}
static inline const struct map_hex *chex(const struct game *g, int hex)
{
	return map_hex(&g->scn->map, hex);
}
static inline bool is_infantry(const struct game *g, int u)
{
	return cdef(g, u)->type == UNIT_INFANTRY;
}
static inline enum side enemy_of(enum side s)
{
	return s == SIDE_UNION ? SIDE_CONFEDERATE : SIDE_UNION;
}
static inline bool bit_get(const uint64_t *set, int u)
{
	return (set[u / 64] >> (u % 64)) & 1;
}
static inline void bit_set(uint64_t *set, int u)
{
	set[u / 64] |= (uint64_t)1 << (u % 64);
}

/* 13.3F, 13.4C: may Union unit u attack Confederate unit c under its corps status? */
bool odds_corps_may_attack(const struct game *g, int u, int c);
/* Add a DRM of value (none when 0, none beyond COMBAT_DRMS_MAX) to the list mod[0..*nmods-1]
 * as modifier id with the numbers its English takes (a, b: modifier.h), and to the total
 * *drm: the explained DRMs of odds_attack and fire_odds (20.3). */
void odds_add_drm(struct combat_mod *mod, int *nmods, int *drm, int value, enum modifier id,
		  int a, int b);
/* 13.4B–C, 4.5C: may the gun fire at target this turn under its side's restrictions (an
 * Unavailable corps' gun only at a Confederate unit that lifted them; target -1: at all)? */
bool fire_gun_may_fire(const struct game *g, int gun, int target, char *err, size_t errlen);

/* Resolve a gun's fire at target now (the checks done): rolls, applies, records. */
void fire_resolve(struct game *g, int gun, int target, bool defensive);

/* Move unit u along a retreat path, applying 11.17.4B, 11.17.5 and 11.17.6C/E. */
void retreat_apply(struct game *g, int u, enum retreat_kind kind, const int16_t *path, int n);

/* 11.19A: may unit s make a supporting advance into `into` after `advancer` advanced? */
bool resolve_support_ok(const struct game *g, int s, int advancer, int into, char *err,
			size_t errlen);

/* 11.15B–C: the units of side s in hexes hex[0..nhex-1] that may lose the next step of a
 * combat result (in each hex its infantry, its artillery only when no infantry is left);
 * the count (at most max). */
int resolve_loss_candidates_in(const struct game *g, enum side s, const int *hex, int nhex,
				int *out, int max);
/* The candidate (of n) that loses the step when its owner has no real choice to make (every
 * unit loses all its steps whatever the order, or one candidate): the one with most steps,
 * the first of equals. */
int resolve_loss_pick(const struct game *g, const int *cand, int n);
/* 11.15B: unit u (one of resolve_loss_candidates) takes the next step of the defender's
 * result and the combat goes on; false with err citing the rule when it may not. */
bool resolve_take_loss(struct game *g, int u, char *err, size_t errlen);
/* The combat driver (resolve.c): run the automatic steps until a decision is pending or the
 * phase is over (stage CS_OVER, which combat_apply hands to the sequence as PHASE_OVER). */
void resolve_run(struct game *g);
/* 11.5E: units of combat d still in each other's ZOCs. */
bool resolve_decl_engaged(const struct game *g, const struct combat_decl *d);
/* Some combat not broken off is still engaged. */
bool resolve_any_engaged(const struct game *g);
/* Begin resolving declaration i (defensive fire first). */
void resolve_start_decl(struct game *g, int i);
/* Vacant defending hexes of the current combat adjacent to u (at most 3); the count. */
int resolve_vacated(const struct game *g, int u, int *out);
/* Move u into hex as an advance after combat; the driver goes on at stage `then`. */
void resolve_do_advance(struct game *g, int u, int hex, enum combat_stage then);
/* 11.18C: may u advance into defending hex i of the broken-off current combat? */
bool resolve_bo_advance_ok(const struct game *g, int u, int i);
/* Both sides have made their break-offs: round two or the end of the phase. */
void resolve_end_round(struct game *g);
/* Drop the head of the retreat queue. */
void resolve_queue_pop(struct game *g);
/* The side now deciding breaks off declaration di: queue its units' retreats. */
void resolve_break_off(struct game *g, int di);

#endif
