/* view_event.c — owns what the views draw of a typed event (see view_event.h): the kinds the
 * map shows, their trails and the hexes they aim at, and an attack's result in words. */
#include "view_event.h"

#include <stdio.h>

#include "hex.h"
#include "names.h"

bool view_event_drawn(const struct game_event *e)
{
	switch ((enum event_kind)e->kind) {
	case EVENT_MOVE: case EVENT_WITHDRAW_MOVE: case EVENT_MISHAP_MOVE: case EVENT_RETREAT:
	case EVENT_ADVANCE: case EVENT_SUPPORT: case EVENT_DECLARE: case EVENT_ATTACK:
	case EVENT_FIRE:
		return true;
	default:
		return false;
	}
}

int view_event_trail(const struct game_event *e, int *left, int *hex, int max)
{
	*left = HEX_NONE;
	int n = 0;
	switch ((enum event_kind)e->kind) {
	case EVENT_MOVE:   /* the hexes entered (8.0) */
	case EVENT_RETREAT: /* 11.17: from the hex it left */
		if (e->kind == EVENT_RETREAT)
			*left = e->from;
		for (int i = 0; i < e->n && i < EVENT_HEXES; i++, n++)
			if (n < max)
				hex[n] = e->hex[i];
		break;
	case EVENT_WITHDRAW_MOVE: /* 13.6 */
	case EVENT_MISHAP_MOVE:   /* 8.14 */
	case EVENT_ADVANCE:       /* 11.18 */
	case EVENT_SUPPORT:       /* 11.19 */
		*left = e->from;
		if (n < max)
			hex[n] = e->to;
		n++;
		break;
	default:
		break;
	}
	return hex && n > max ? max : n;
}

int view_event_aim(const struct game_event *e)
{
	switch ((enum event_kind)e->kind) {
	case EVENT_DECLARE:
	case EVENT_ATTACK: /* 11.5D: the defender's hex */
		return e->from;
	case EVENT_FIRE: /* 10.2C, 11.5B */
		return e->to;
	default:
		return HEX_NONE;
	}
}

void view_event_attack_words(const struct game_event *e, char *buf, size_t len)
{
	const char *att = e->unit >= 0 ? names_of_unit(e->unit) : "the attacker";
	char def[48], atl[48];
	if (e->def_loss > 0)
		snprintf(def, sizeof def, "loses %d step%s", e->def_loss, e->def_loss == 1 ? "" : "s");
	else
		snprintf(def, sizeof def, "loses nothing");
	if (e->att_loss > 0)
		snprintf(atl, sizeof atl, "loses %d step%s", e->att_loss, e->att_loss == 1 ? "" : "s");
	else
		snprintf(atl, sizeof atl, "loses nothing");
	snprintf(buf, len, "the defender in %04d %s%s; %s %s", e->from, def,
		 e->retreat ? " and must retreat (11.17)" : "", att, atl);
}
