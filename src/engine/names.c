/* names.c — owns the game's words: the name tables of names.h, generated from the X-macro
 * lists in include/ (list-sides.h, list-setups.h, list-corps.h, list-divisions.h), the protocol's words of
 * decisions, phases and corps statuses, the unit ids ("U12", "C7"), and their parsers. Data
 * and lookups only: nothing here decides a rule or reads a game. And the words of a
 * refusal (names_refusal). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "names.h"
#include "roster.h"

const char *const names_side[SIDE_NONE + 1] = {
#define SIDE(name, word) [SIDE_##name] = word,
#include "list-sides.h"
#undef SIDE
	[SIDE_NONE] = "none",
};

const char *const names_setup[SETUP_COUNT] = {
#define SETUP(name, word) [SETUP_##name] = word,
#include "list-setups.h"
#undef SETUP
};

const char *const names_corps[CORPS_COUNT] = {
#define CORPS(name, word) [CORPS_##name] = word,
#include "list-corps.h"
#undef CORPS
};

const char *const names_confederate_formation[CONFEDERATE_FORMATIONS] = {
#define CONFEDERATE(name, word) [CONFEDERATE_##name] = word,
#define SOLO(name, word)
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
};

const char *const names_solo_formation[SOLO_FORMATIONS] = {
#define CONFEDERATE(name, word)
#define SOLO(name, word) [SOLO_##name] = word,
#include "list-divisions.h"
#undef CONFEDERATE
#undef SOLO
};

/* ---- the protocol's words of decisions, phases, corps statuses; of units ---- */

const char *const names_decision[DECISION_COUNT] = {
	[DECISION_MISHAP] = "mishap",
	[DECISION_WITHDRAWAL] = "withdrawal",
	[DECISION_WITHDRAW_MOVE] = "withdraw-move",
	[DECISION_COMMITMENT] = "commitment",
	[DECISION_MOVEMENT] = "movement",
	[DECISION_ARTILLERY] = "artillery",
	[DECISION_COMBAT] = "combat",
	[DECISION_RESOLVE] = "resolve",
	[DECISION_DEFENSIVE_FIRE] = "defensive-fire",
	[DECISION_RETREAT] = "retreat",
	[DECISION_ADVANCE] = "advance",
	[DECISION_SUPPORT] = "support",
	[DECISION_BREAK_OFF] = "break-off",
	[DECISION_COMBAT_ROUND2] = "combat-round2",
	[DECISION_GAMEOVER] = "gameover",
	[DECISION_SETUP] = "setup",
	[DECISION_STEP_LOSS] = "step-loss",
};
const char *const names_phase[3] = { "movement", "artillery", "combat" };
const char *const names_corps_status[3] = { "committed", "available", "unavailable" };

const char *names_of_decision(enum decision d)
{
	return d >= 0 && d < DECISION_COUNT ? names_decision[d] : "?";
}
const char *names_of_phase(enum phase p) { return names_phase[p]; }
const char *names_of_corps_status(enum corps_status s) { return names_corps_status[s]; }
const char *names_of_side(enum side s) { return names_side[s]; }
const char *names_of_corps(enum corps c)
{
	return c >= 0 && c < CORPS_COUNT ? names_corps[c] : "-";
}

static int find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcasecmp(names[i], s))
			return i;
	return -1;
}

bool names_parse_side(const char *s, enum side *out)
{
	int i = find_name(names_side, 2, s);
	if (i >= 0)
		*out = (enum side)i;
	return i >= 0;
}
bool names_parse_corps(const char *s, enum corps *out)
{
	int i = find_name(names_corps, CORPS_COUNT, s);
	if (i >= 0)
		*out = (enum corps)i;
	return i >= 0;
}
bool names_parse_phase(const char *s, enum phase *out)
{
	int i = find_name(names_phase, 3, s);
	if (i >= 0)
		*out = (enum phase)i;
	return i >= 0;
}
bool names_parse_corps_status(const char *s, enum corps_status *out)
{
	int i = find_name(names_corps_status, 3, s);
	if (i >= 0)
		*out = (enum corps_status)i;
	return i >= 0;
}

bool names_parse_setup(const char *s, enum game_setup *out)
{
	for (int i = 0; i < SETUP_COUNT; i++)
		if (!strcmp(s, names_setup[i])) {
			*out = (enum game_setup)i;
			return true;
		}
	return false;
}

int names_parse_unit(const char *id)
{
	if (!id || (id[0] != 'U' && id[0] != 'u' && id[0] != 'C' && id[0] != 'c'))
		return -1;
	int n = 0, digits = 0;
	for (const char *p = id + 1; *p; p++) {
		if (*p < '0' || *p > '9' || ++digits > 2)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (digits == 0 || id[1] == '0')
		return -1;
	if (id[0] == 'U' || id[0] == 'u')
		return n >= 1 && n <= ROSTER_UNION ? n - 1 : -1;
	return n >= 1 && n <= ROSTER_CONFEDERATE ? ROSTER_UNION + n - 1 : -1;
}

const char *names_of_unit(int u)
{
	static char names[ROSTER_UNITS][5];
	if (u < 0 || u >= ROSTER_UNITS)
		return "?";
	if (!names[u][0])
		snprintf(names[u], sizeof names[u], "%c%d", u < ROSTER_UNION ? 'U' : 'C',
			 u < ROSTER_UNION ? u + 1 : u - ROSTER_UNION + 1);
	return names[u];
}

bool names_refusal(char *err, size_t errlen, const char *fmt, ...)
{
	if (errlen > 0) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return false;
}
