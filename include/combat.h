/* combat.h — the combat phase (11.0) and the artillery fire phase (10.0) as decision
 * points of the state machine: declarations, resolution order, defensive fire, the CRT,
 * retreats, advances, break-offs and the second round. The state of a combat phase in
 * progress lives in struct combat_state inside struct game, so a game can be saved and
 * resumed in the middle of a combat.
 *
 * Also the queries a front-end shows before a player commits: the odds of an attack with
 * every DRM and its rule (odds_attack), the chance of each CRT result, what a gun's fire
 * would need (fire_check), and the legal retreat paths of a unit (retreat_paths). */
#ifndef ANTIETAM_COMBAT_H
#define ANTIETAM_COMBAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "modifier.h"

#define COMBAT_DECL_MAX 48
#define COMBAT_ATTACKERS_MAX 6
#define COMBAT_DEFHEX_MAX 3
#define COMBAT_QUEUE_MAX 16
#define COMBAT_TARGETS_MAX 64

/* Flags of a declared combat. */
enum {
	DECL_RESOLVED = 1 << 0,   /* every attack of it is done this round */
	DECL_STARTED = 1 << 1,    /* defensive fire asked, attacks begun (11.4C) */
	DECL_BROKEN_OFF = 1 << 2, /* one side broke off after the round (11.5E) */
	DECL_ADV_ASKED = 1 << 3,  /* (<< i for defhex i) optional advance after a break-off
				   * into that hex was offered (11.18C) */
};

/* One declared combat: the defending hex(es) (11.3B) and its attackers in order. */
struct combat_decl {
	int16_t defhex[COMBAT_DEFHEX_MAX];
	int8_t ndefhex;
	int16_t attacker[COMBAT_ATTACKERS_MAX];
	int8_t nattackers;
	int8_t next;        /* index of the next attacker to resolve */
	uint8_t flags;      /* DECL_* */
};

/* Where the combat phase is; each stage either waits for a decision or runs on by itself. */
enum combat_stage {
	CS_DECLARE,         /* `combat` / `combat-round2`: declarations */
	CS_CHOOSE,          /* `resolve`: the attacker picks the next defending hex (11.4E) */
	CS_DEFFIRE,         /* `defensive-fire GUN` before the first attack on a hex (11.5B) */
	CS_ATTACK,          /* (automatic) the next attack of the current combat */
	CS_LOSS,            /* `step-loss`: the defender's steps of a CRT result (11.15B) */
	CS_RETREAT,         /* `retreat UNIT`: the retreat queue after a CRT result */
	CS_ADVANCE,         /* `advance UNIT`: 11.18A/B */
	CS_SUPPORT,         /* `support UNIT`: 11.19 */
	CS_BREAKOFF,        /* `break-off`: 11.5E, 11.17.1A; side in breakoff_side */
	CS_BO_RETREAT,      /* `retreat UNIT`: retreats of a break-off */
	CS_BO_ADVANCE,      /* `advance UNIT`: optional advance after a break-off (11.18C) */
	CS_BO_SUPPORT,      /* `support UNIT` after such an advance */
	CS_OVER
};

/* Retreat kinds of queued units. */
enum retreat_kind {
	RETREAT_MANDATORY,  /* 11.17.1B: exactly three hexes (more for stacking) */
	RETREAT_BREAKOFF,   /* 11.17.1A: one to three hexes */
};

/* A round-1 defending hex and the Union corps that attacked it (11.6), for round 2. */
struct combat_r1hex {
	int16_t hex;
	int8_t corps;       /* enum corps of the Union attackers, CORPS_NONE otherwise */
	bool engaged;       /* still engaged after the break-offs: a round-2 target */
};

struct combat_state {
	int8_t round;                         /* 1 or 2 */
	int8_t stage;                         /* enum combat_stage */
	int8_t current;                       /* declaration being resolved, -1 none */
	bool auto_order;                      /* `end` at `resolve`: declaration order */
	struct combat_decl decl[COMBAT_DECL_MAX];
	int8_t ndecl;
	int16_t queue[COMBAT_QUEUE_MAX];      /* units owing a retreat, in order */
	uint8_t queue_kind[COMBAT_QUEUE_MAX]; /* enum retreat_kind */
	bool queue_rolled[COMBAT_QUEUE_MAX];  /* 11.17.6A: artillery retreat table rolled */
	int8_t nqueue;
	int8_t attacker_loss;                 /* result being applied */
	int8_t defender_loss;                 /* the defender's steps still to take (11.15B) */
	uint8_t loss_hexes;                   /* bit i: defhex i of the current declaration is
					       * one the attack being resolved is against */
	bool retreat_result;                  /* '*' on the CRT */
	int16_t attacking;                    /* unit whose attack is being resolved */
	int16_t advancer, advance_from;       /* the unit that advanced and the hex it left */
	int8_t breakoff_side;                 /* enum side now deciding break-offs */
	uint64_t asked[2];                    /* guns asked for defensive fire on this combat */
	uint64_t attacked_round[2];           /* 11.3A: units that attacked this round */
	uint64_t attacked_r1[2];              /* units that attacked in round 1 */
	struct combat_r1hex r1[COMBAT_DECL_MAX * COMBAT_DEFHEX_MAX];
	int16_t nr1;
};

struct game;
struct map;

/* 11.15B–C: at a `step-loss` decision, the defender's units that may lose the next step of
 * the attack being resolved (in each of its hexes the infantry, the artillery only when no
 * infantry is left there); the count (at most max), 0 at any other moment. */
int resolve_loss_candidates(const struct game *g, int *out, int max);

/* ---- queries ---- */

/* An attack as the CRT sees it (11.5C–D, 11.8–11.14). */
struct combat_odds {
	int attack, defence;         /* combat factors after halving */
	int attack_printed;          /* the attacker's current combat value before halving */
	int halvings;                /* 11.12A, 11.13 */
	int column;                  /* enum crt_column */
	int drm;                     /* total */
	struct combat_mod mod[COMBAT_DRMS_MAX];
	int nmods;
	/* the CRT result for each die 1..6 ([0] unused) */
	int8_t att_loss[7], def_loss[7];
	bool def_retreat[7];
};

/* Odds of infantry unit `attacker` attacking the defending hexes with `designated` as every
 * designated attacker of them (encirclement, 11.9); false with err when the attack is not
 * possible (no enemy there, not adjacent, across the creek, not infantry). */
bool odds_attack(const struct game *g, int attacker, const int *defhex, int ndefhex,
		 const int *designated, int ndesignated, struct combat_odds *out, char *err,
		 size_t errlen);
/* One distinct CRT outcome of an attack and its chance in sixths. */
struct crt_chance {
	int8_t attacker, defender; /* steps lost */
	bool retreat;              /* the defender must retreat */
	int8_t sixths;             /* how many faces of the die give it */
};
/* The distinct outcomes of o in the order of the die (at most 6); the count. */
int odds_chances(const struct combat_odds *o, struct crt_chance *out);
/* What a combat is likely to come to over the rounds still to fight (11.5D–E): each round
 * opens with the defensive fire (11.5B) of each defending gun that has not fired this turn,
 * at the attacker it is expected to take most steps from when a shot can take one; then the
 * attackers in turn (each on the position the results before it left, 11.8B) in round 1 and,
 * if neither side breaks off, again in round 2 (those that may attack as it is declared:
 * 11.2B, 11.3A …, 11.5E); in round 2 that round alone. The defender's steps go as the driver
 * takes them when its owner has no choice (infantry first, 11.15C; the unit with most steps),
 * a '*' sends the survivors of the hexes attacked back (11.17.1B) at its cost: a gun's roll on
 * the Artillery Retreat Table (11.17.6A, 20.4; again through an EZOC, 11.17.6C), a step a hex
 * of EZOC entered with no friend (11.17.4B) on the cheapest legal path, every step when
 * there is none (11.17.3F). Not counted: panic (11.17.5), break-offs. */
struct combat_outcome {
	double eliminated;   /* chance every defending unit is eliminated */
	double retreat;      /* chance a defender must retreat (a '*' result) and survives */
	double def_steps;    /* expected steps the defender loses */
	double att_steps;    /* expected steps the attackers lose */
	int rounds;          /* the rounds figured: 2, or 1 in round 2 */
};
/* The outcome of `attackers` (in their order) attacking the defending hexes; false with err
 * when one is not infantry on the map or a hex holds no enemy. */
bool odds_outcome(const struct game *g, const int *defhex, int ndefhex, const int *attackers,
		  int nattackers, struct combat_outcome *out, char *err, size_t errlen);
/* Why `attacker` may not declare an attack on those hexes now (11.2–11.6, 11.12B, 13.3F,
 * 13.4C), or true when it may. Ignores whether the phase is a combat phase. */
bool odds_can_attack(const struct game *g, int attacker, const int *defhex, int ndefhex,
		       char *err, size_t errlen);

/* The fire of a gun at a target as the Artillery Fire Table sees it (10.2–10.4, 20.3). */
struct fire_odds {
	int range, fire_value, drm;
	struct combat_mod mod[COMBAT_DRMS_MAX];
	int nmods;
	int8_t steps[7];             /* steps the target would lose for each die 1..6 */
};

/* Whether gun may fire at target now in the artillery fire phase (10.1–10.8, 13.3D, 13.4B,
 * 4.5C) with the odds; false with err citing the rule (err may be NULL with errlen 0 when
 * the reason is not wanted: nothing is formatted). defensive: the 11.5B fire of a gun in an
 * attacked hex (no 10.7D limit, no Moved restriction). */
bool fire_check(const struct game *g, int gun, int target, bool defensive,
		struct fire_odds *out, char *err, size_t errlen);

/* What the map alone says of fire from hex `from` at hex `to`: the line of sight (10.6) and
 * the hexside features (enum side_feature bits) the fire crosses into the target's hex
 * (10.4, the crest and Sunken Road DRMs). Units never block (10.6.6) and the terrain never
 * changes in a game, so a caller asking often may keep it per pair of hexes. */
struct fire_sight {
	bool clear;
	unsigned sides;
};
struct fire_sight fire_sight(const struct map *m, int from, int to);
/* fire_check with the sight from the gun's hex to the target's hex given (as fire_sight
 * returns it for that map and those hexes); NULL works it out. */
bool fire_check_sight(const struct game *g, int gun, int target, bool defensive,
		      const struct fire_sight *sight, struct fire_odds *out, char *err,
		      size_t errlen);

/* ---- retreats (11.17) ---- */

#define RETREAT_PATHS_MAX 512
#define RETREAT_LEN_MAX 8

struct retreat_path {
	int8_t n;
	int16_t hex[RETREAT_LEN_MAX];
};

/* Every legal retreat path of unit u of kind `kind` (11.17.1–11.17.4), at most max; the
 * count (0: the unit cannot retreat and would be eliminated, 11.17.3F). */
int retreat_paths(const struct game *g, int u, enum retreat_kind kind,
		  struct retreat_path *out, int max);
/* Whether the path is one of them; false with err citing the rule it breaks. */
bool retreat_check(const struct game *g, int u, enum retreat_kind kind, const int16_t *path,
		   int n, char *err, size_t errlen);


/* 11.1B: an enemy unit with a declared attacker in its ZOC that no declaration attacks (the
 * attacker goes to *attacker), or -1 when there is none — the reason `end` is refused in a
 * declaration step. Suspended for the Union in the solitaire game (18.1). */
int combat_missing_attack(const struct game *g, int *attacker);

#endif
