/* position_words.h — the words and the event fields both halves of the position file share
 * (position_write.c writes them, position_read.c reads them back): the unit-flag names (the
 * set-ups' are names.h's), a unit's id, the stages and kinds of a combat, and the table of
 * struct game_event's small fields (key, EF_ bit, type, range). Private to src/data/. */
#ifndef ANTIETAM_POSITION_WORDS_H
#define ANTIETAM_POSITION_WORDS_H

#include <stddef.h>
#include <stdio.h>

#include "position.h"


/* Unit flag bits by name; a bit without a name is written bitN. */
static const char *const flag_names[32] = {
	"moved", "art-moved", "fired", "def-fired", "attacked", "removed", "double-time",
	"withdrawn",
};

#define NAMES(a) (int)(sizeof(a) / sizeof((a)[0]))

static inline void unit_name(int u, char buf[16])
{
	snprintf(buf, 16, "%s", names_of_unit(u));
}

static const char *const stage_names[] = {
	[CS_DECLARE] = "declare", [CS_CHOOSE] = "choose", [CS_DEFFIRE] = "deffire",
	[CS_ATTACK] = "attack", [CS_LOSS] = "step-loss", [CS_RETREAT] = "retreat", [CS_ADVANCE] = "advance",
	[CS_SUPPORT] = "support", [CS_BREAKOFF] = "breakoff", [CS_BO_RETREAT] = "bo-retreat",
	[CS_BO_ADVANCE] = "bo-advance", [CS_BO_SUPPORT] = "bo-support", [CS_OVER] = "over",
};
static const char *const kind_names[] = { "mandatory", "mandatory-rolled", "breakoff" };

enum ev_type { EV_INT, EV_BOOL, EV_UNIT, EV_HEX, EV_SIDE, EV_CORPS, EV_FORMATION, EV_STATUS,
	       EV_SETUP, EV_WHY };

/* The fields of struct game_event that are small integers, each with its key, the EF_ bit
 * that says which kinds use it, and its range (EV_INT). */
static const struct ev_field {
	const char *key;
	unsigned bit;
	enum ev_type type;
	size_t off, size;
	int min, max;
} ev_fields[] = {
#define EVF(key, bit, type, member, min, max)                                                 \
	{ key, bit, type, offsetof(struct game_event, member),                                 \
	  sizeof(((struct game_event *)0)->member), min, max }
	EVF("setup", EF_SETUP, EV_SETUP, setup, 0, 2),
	EVF("side", EF_SIDE, EV_SIDE, side, 0, 2),
	EVF("unit", EF_UNIT, EV_UNIT, unit, 0, 0),
	EVF("target", EF_TARGET, EV_UNIT, target, 0, 0),
	EVF("from", EF_FROM, EV_HEX, from, 0, 0),
	EVF("to", EF_TO, EV_HEX, to, 0, 0),
	EVF("corps", EF_CORPS, EV_CORPS, corps, 0, 0),
	EVF("formation", EF_FORMATION, EV_FORMATION, formation, 0, 0),
	EVF("status", EF_STATUS, EV_STATUS, status, 0, 2),
	EVF("die", EF_DIE, EV_INT, die, 1, 6),
	EVF("drm", EF_DRM, EV_INT, drm, -99, 99),
	EVF("why", EF_WHY, EV_WHY, why, 0, 0),
	EVF("steps", EF_STEPS, EV_INT, steps, 0, 99),
	EVF("mp", EF_MP, EV_INT, mp, 0, 127),
	EVF("round", EF_ROUND, EV_INT, round, 1, 2),
	EVF("attack", EF_STRENGTHS, EV_INT, attack, 0, 9999),
	EVF("defence", EF_STRENGTHS, EV_INT, defence, 0, 9999),
	EVF("column", EF_COLUMN, EV_INT, column, 0, 99),
	EVF("attacker-loss", EF_LOSSES, EV_INT, att_loss, 0, 99),
	EVF("defender-loss", EF_LOSSES, EV_INT, def_loss, 0, 99),
	EVF("eliminated", EF_14_2, EV_INT, eliminated, 0, 999),
	EVF("lost", EF_14_2, EV_INT, lost, 0, 999),
	EVF("start", EF_14_2, EV_INT, start, 0, 999),
	EVF("double-time", EF_DOUBLE_TIME, EV_BOOL, double_time, 0, 1),
	EVF("defensive", EF_DEFENSIVE, EV_BOOL, defensive, 0, 1),
	EVF("several", EF_SEVERAL, EV_BOOL, several, 0, 1),
	EVF("retreat", EF_RETREAT, EV_BOOL, retreat, 0, 1),
	EVF("rolled", EF_ROLLED, EV_BOOL, rolled, 0, 1),
	EVF("withdrawn", EF_WITHDRAWN, EV_BOOL, withdrawn, 0, 1),
#undef EVF
};
#define NEV_FIELDS (int)(sizeof ev_fields / sizeof ev_fields[0])

#endif
