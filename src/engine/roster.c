/* roster.c — owns the queries of the loaded counters (struct roster, roster.h): the
 * names of unit types and Union corps, a unit's index and id, its counters, CV and morale by
 * steps, and the one stacking rule (7.1–7.3, 8.4), which depends only on the counters. The
 * loader of data/units.txt and the set-ups is src/data/roster_load.c. */
#include "roster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *roster_type_name(enum unit_type t)
{
	return t == UNIT_ARTILLERY ? "artillery" : "infantry";
}

bool roster_corps_parse(const char *s, enum corps *out)
{
	for (int c = 0; c < CORPS_COUNT; c++)
		if (!strcmp(s, names_corps[c])) {
			*out = (enum corps)c;
			return true;
		}
	return false;
}

int roster_index(enum side side, int number)
{
	if (side == SIDE_UNION && number >= 1 && number <= ROSTER_UNION)
		return number - 1;
	if (side == SIDE_CONFEDERATE && number >= 1 && number <= ROSTER_CONFEDERATE)
		return ROSTER_UNION + number - 1;
	return -1;
}

int roster_find(const struct roster *r, const char *id)
{
	(void)r;
	return names_parse_unit(id);
}

int roster_counters(const struct unit_def *u)
{
	return (u->steps + 1) / 2;
}

int roster_cv(const struct unit_def *u, int steps)
{
	return steps >= 1 && steps <= u->steps ? u->cv[steps] : 0;
}

int roster_morale(const struct unit_def *u, int steps)
{
	return steps >= 1 && steps <= u->steps ? u->morale[steps] : 0;
}

bool roster_may_stack(const struct roster *r, const int *units, int n, char *why, size_t whylen)
{
	int inf[2] = { 0, 0 }, art[2] = { 0, 0 };
	int corps = -2, ixdiv = -1;
	for (int i = 0; i < n; i++) {
		const struct unit_def *d = &r->unit[units[i]];
		if (d->type == UNIT_INFANTRY)
			inf[d->side]++;
		else
			art[d->side]++;
		if (d->side != SIDE_UNION)
			continue;
		/* 7.2A: units of different Union corps never stack together */
		if (corps != -2 && corps != (int)d->corps) {
			if (why)
				snprintf(why, whylen, "7.2A: units of different Union corps may not stack");
			return false;
		}
		corps = d->corps;
		/* 7.2B: within IX Corps only one division per hex; U57 (corps artillery, division 0)
		 * stacks with any IX infantry */
		if (d->corps == CORPS_IX && d->division > 0) {
			if (ixdiv >= 0 && ixdiv != d->division) {
				if (why)
					snprintf(why, whylen, "7.2B: IX Corps units of different divisions may not stack");
				return false;
			}
			ixdiv = d->division;
		}
	}
	for (int s = 0; s < 2; s++) {
		if (inf[s] > 1 || art[s] > 1) {
			if (why)
				snprintf(why, whylen, "7.1A: at most one infantry and one artillery unit a hex");
			return false;
		}
	}
	if ((inf[0] + art[0]) && (inf[1] + art[1])) {
		if (why)
			snprintf(why, whylen, "8.4: units of both sides in one hex");
		return false;
	}
	return true;
}
