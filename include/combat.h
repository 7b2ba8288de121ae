/* combat.h — the combat phase (11.0) and the artillery fire phase (10.0) as decision
 * points of the state machine: declarations, resolution order, defensive fire, the CRT,
 * retreats, advances, break-offs and the second round. The state of a combat phase in
 * progress lives in struct combat_state inside struct game, so a game can be saved and
 * resumed in the middle of a combat. */
#ifndef ANTIETAM_COMBAT_H
#define ANTIETAM_COMBAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define COMBAT_DECL_MAX 48
#define COMBAT_ATTACKERS_MAX 6
#define COMBAT_DEFHEX_MAX 3
#define COMBAT_QUEUE_MAX 16

/* One declared combat: the defending hex(es) (11.3B) and its attackers in order. */
struct combat_decl {
	int16_t defhex[COMBAT_DEFHEX_MAX];
	int8_t ndefhex;
	int16_t attacker[COMBAT_ATTACKERS_MAX];
	int8_t nattackers;
	int8_t next;        /* index of the next attacker to resolve */
	uint8_t flags;      /* module-defined: resolved, engaged, broken off … */
};

struct combat_state {
	int8_t round;                         /* 1 or 2 */
	int8_t current;                       /* declaration being resolved, -1 none */
	struct combat_decl decl[COMBAT_DECL_MAX];
	int8_t ndecl;
	int16_t queue[COMBAT_QUEUE_MAX];      /* units owing a retreat/advance decision, in order */
	int8_t nqueue;
	int8_t attacker_loss, defender_loss;  /* result being applied */
	bool retreat_result;                  /* '*' on the CRT */
};

struct game;
struct action;

/* Enter the combat phase of the phasing side (5.2 A3/B3). */
void combat_phase_begin(struct game *g);
/* Apply an action at a combat-phase decision point; false with err and g unchanged. */
bool combat_apply(struct game *g, const struct action *a, char *err, size_t errlen);
/* Legal actions at a combat-phase decision point. */
int combat_legal(const struct game *g, struct action *out, int max);

/* Enter the artillery fire phase of the phasing side (10.2). */
void fire_phase_begin(struct game *g);
/* Apply an action in the artillery fire phase; false with err and g unchanged. */
bool fire_apply(struct game *g, const struct action *a, char *err, size_t errlen);
/* Legal actions in the artillery fire phase. */
int fire_legal(const struct game *g, struct action *out, int max);

#endif
