/* view_event.c — owns reading the game's typed events (event.h) into the records the views
 * draw (see view_event.h): the kinds they draw, with the fields they need, and the sentence of
 * each (event_format). */
#include "view_event.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_text.h"
#include "tables.h"

bool view_event_read(const struct scenario *s, const struct event_log *log, int k,
		     struct view_event *e)
{
	memset(e, 0, sizeof *e);
	e->unit = e->target = -1;
	e->from = HEX_NONE;
	const struct game_event *ge = event_log_at(log, k);
	if (!ge)
		return false;
	e->turn = ge->turn;
	event_format(s, ge, e->text, sizeof e->text);
	switch ((enum event_kind)ge->kind) {
	case EVENT_MOVE: /* the hexes entered (8.0) */
		e->kind = EV_MOVE;
		e->unit = ge->unit;
		for (int i = 0; i < ge->n && i < GAME_PATH_MAX; i++)
			e->hex[e->n++] = ge->hex[i];
		break;
	case EVENT_WITHDRAW_MOVE: /* 13.6 */
	case EVENT_MISHAP_MOVE:   /* 8.14 */
		e->kind = EV_MOVE;
		e->unit = ge->unit;
		e->from = ge->from;
		e->hex[e->n++] = ge->to;
		break;
	case EVENT_DECLARE:
		e->kind = EV_DECLARE;
		e->hex[e->n++] = ge->from;
		break;
	case EVENT_ATTACK: /* 11.5D */
		e->kind = EV_ATTACK;
		e->unit = ge->unit;
		e->hex[e->n++] = ge->from;
		e->attack = ge->attack;
		e->defence = ge->defence;
		snprintf(e->column, sizeof e->column, "%s",
			 tables_crt_column_name((enum crt_column)ge->column));
		e->roll = ge->die;
		e->drm = ge->drm;
		e->att_loss = ge->att_loss;
		e->def_loss = ge->def_loss;
		e->retreat = ge->retreat;
		break;
	case EVENT_FIRE: /* 10.2C, 11.5B */
		e->kind = EV_FIRE;
		e->unit = ge->unit;
		e->target = ge->target;
		e->roll = ge->die;
		e->drm = ge->drm;
		e->def_loss = ge->steps;
		e->defensive = ge->defensive;
		break;
	case EVENT_RETREAT: /* 11.17 */
		e->kind = EV_RETREAT;
		e->unit = ge->unit;
		e->from = ge->from;
		for (int i = 0; i < ge->n && i < GAME_PATH_MAX; i++)
			e->hex[e->n++] = ge->hex[i];
		break;
	case EVENT_ADVANCE: /* 11.18 */
	case EVENT_SUPPORT: /* 11.19 */
		e->kind = EV_ADVANCE;
		e->unit = ge->unit;
		e->from = ge->from;
		e->hex[e->n++] = ge->to;
		break;
	case EVENT_STEP_LOST: /* 11.16 */
		e->kind = EV_STEP;
		e->unit = ge->unit;
		e->steps_left = ge->steps;
		break;
	case EVENT_ELIMINATED:
	case EVENT_NO_RETREAT: /* 11.17.3F */
		e->kind = EV_ELIMINATED;
		e->unit = ge->unit;
		break;
	default:
		e->kind = EV_OTHER;
		break;
	}
	return true;
}

void view_event_follow(struct game *g, const struct view_event *e)
{
	if (e->unit < 0 || e->unit >= ROSTER_UNITS)
		return;
	struct unit_state *u = &g->unit[e->unit];
	switch (e->kind) {
	case EV_STEP:
		u->steps = (int8_t)e->steps_left;
		break;
	case EV_ELIMINATED:
		u->steps = 0;
		u->hex = HEX_NONE;
		break;
	case EV_MOVE:
	case EV_RETREAT:
	case EV_ADVANCE:
		if (e->n > 0)
			u->hex = (int16_t)e->hex[e->n - 1];
		break;
	default:
		break;
	}
}

bool view_event_attack_mods(const struct game *seen, const struct view_event *e,
			    struct combat_odds *o)
{
	if (e->kind != EV_ATTACK)
		return false;
	const struct combat_state *cs = &seen->combat;
	for (int i = 0; i < cs->ndecl && i < COMBAT_DECL_MAX; i++) {
		const struct combat_decl *d = &cs->decl[i];
		bool mine = false;
		for (int k = 0; k < d->nattackers && k < COMBAT_ATTACKERS_MAX; k++)
			mine |= d->attacker[k] == e->unit;
		if (!mine || d->defhex[0] != e->hex[0])
			continue;
		int hexes[COMBAT_DEFHEX_MAX], des[COMBAT_ATTACKERS_MAX], nd = 0;
		for (int k = 0; k < d->ndefhex && k < COMBAT_DEFHEX_MAX; k++)
			hexes[k] = d->defhex[k];
		for (int k = 0; k < d->nattackers && k < COMBAT_ATTACKERS_MAX; k++)
			if (unit_on_map(seen, d->attacker[k]))
				des[nd++] = d->attacker[k];
		char err[160];
		return odds_attack(seen, e->unit, hexes, d->ndefhex, des, nd, o, err, sizeof err) &&
		       o->drm == e->drm && !strcmp(tables_crt_column_name(o->column), e->column);
	}
	return false;
}

void view_event_attack_words(const struct game *g, const struct view_event *e, char *buf,
			     size_t len)
{
	(void)g;
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
	snprintf(buf, len, "the defender in %04d %s%s; %s %s", e->hex[0], def,
		 e->retreat ? " and must retreat (11.17)" : "", att, atl);
}
