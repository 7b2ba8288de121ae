/* commit.h — Union corps commitment (8.12, 13.0): Committed / Available / Unavailable, the
 * limits each status puts on moving and fighting, the lifting of those limits by Confederate
 * units (13.3F, 13.4C, 8.12B), and the questions the other rule modules ask about them. */
#ifndef ANTIETAM_COMMIT_H
#define ANTIETAM_COMMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* True when the commitment rules no longer bind the Union: the 13.0 "McClellan unleashed"
 * option, or a Confederate unit has crossed the creek (8.12B). */
bool commit_unleashed(const struct game *g);
/* 13.1: the turn corps c was committed while it is Committed (1-11; the status's
 * `since=` in a position file), 0 when it is not Committed or the turn is not known (a
 * file of before position version 7, a scenario's start). */
int commit_committed_turn(const struct game *g, enum corps c);
/* The status the movement and combat rules apply to Union unit u: its corps' status, but
 * Committed when unleashed (VI Corps on turn 6 included: 9.3D enters it as Available). */
enum corps_status commit_unit_status(const struct game *g, int u);
/* True when Union unit u may attack Confederate unit enemy (8.12A, 13.2A; 13.3F/13.4C: an
 * Available or Unavailable corps may attack a Confederate unit that came adjacent to it).
 * Always true for Confederate attackers. */
bool commit_unit_may_fight(const struct game *g, int u, int enemy);
/* 9.3D's second sentence as decided (RECONSTRUCTION.md): on turn 6 a VI Corps unit that is
 * not Committed may attack (13.3F) only while at most one other corps of the two-corps
 * allotment (a Committed corps, 13.2) has moved or attacked this turn: VI in combat counts
 * toward the two. True otherwise, and for every other unit. */
bool commit_vi_may_fight(const struct game *g, int u);
/* True when artillery unit u may fire at target (13.4B: not from an Unavailable corps,
 * unless target has lifted its limits, 13.4C; 13.3D Available artillery fires normally);
 * target -1 asks about any target. Always true for Confederate units. */
bool commit_unit_may_fire(const struct game *g, int u, int target);
/* 13.1: whether the Union may commit a corps now (the commitment step of its movement phase
 * is offered); false with why: the first rule that refuses an Available corps (13.2B: two
 * corps are Committed already, 13.7C …), the option or 8.12B, or none Available. */
bool commit_commitment_why_not(const struct game *g, char *why, size_t len);
/* True when Confederate unit enemy has lifted the restrictions of Union corps c (13.3F,
 * 13.4C). */
bool commit_lifted(const struct game *g, enum corps c, int enemy);
/* Why an Available Union unit may not enter a hex (0: it may); the higher value wins. */
enum commit_ban {
	COMMIT_FREE,
	COMMIT_STOP_13_3E, /* as far from an enemy it started within four hexes of: it may pass
			    * through on its way, not end there */
	COMMIT_BAN_13_3E,  /* nearer an enemy it started within four hexes of */
	COMMIT_BAN_13_3B,  /* within four hexes of an enemy it was not near at the start */
};
/* 13.3B and 13.3E (RECONSTRUCTION.md's readings) for Available Union unit u entering hex: an
 * enemy unit within four hexes of hex forbids it (east-bank creek exemption and 13.3F
 * lifting applied), unless u's own hex is already within four hexes of that enemy: then a hex
 * farther from it is free, one as far from it may be passed through but not ended in
 * (COMMIT_STOP_13_3E), a nearer one is forbidden. The worst over every enemy; COMMIT_FREE
 * when it may enter and stay. */
enum commit_ban commit_available_forbids(const struct game *g, int u, int hex);
/* May unit u change hex into adjacent hex outside its movement, by an optional advance
 * after combat (11.18C) or a supporting advance (11.19), under its corps status — the same
 * restrictions as movement (RECONSTRUCTION.md): not from an Unavailable corps (13.4B; 13.4C
 * lifts the limits only to attack), not for an Available unit into a hex 13.3B or 13.3E
 * refuses (an enemy that lifted the limits, 13.3F, does not count). False with the rule in
 * err (when errlen > 0); always true for Confederate units and Committed corps. */
bool commit_unit_may_step(const struct game *g, int u, int hex, char *err, size_t errlen);
/* Record that Confederate unit u has moved (moved, retreated or advanced) from one hex to an
 * adjacent one: 8.12B lifts the commitment rules when it crosses a creek hexside, 13.3F and
 * 13.4C lift the limits of each Available or Unavailable corps it is now adjacent to. */
void commit_note_confederate_move(struct game *g, int u, int from, int to);

#endif
