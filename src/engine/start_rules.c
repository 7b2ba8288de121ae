/* start_rules.c — owns what the rules do with a loaded scenario start (start.h): finding one,
 * putting its position onto a new game, its last turn, and the sector victory of seed 002's
 * 4.2 (The Cornfield). Reading data/scenarios/KEY.txt is src/data/start_load.c's. */
#include "start.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "scenario.h"
#include "solitaire.h"
#include "victory.h"

const struct start *start_of(const struct scenario *s, int n)
{
	return s && n >= 1 && n <= s->nstarts ? &s->start[n - 1] : NULL;
}

int start_find(const struct scenario *s, const char *key)
{
	for (int i = 0; s && i < s->nstarts; i++)
		if (!strcmp(s->start[i].key, key))
			return i + 1;
	return 0;
}

const struct start *start_game(const struct game *g)
{
	return start_of(g->scn, g->opt.start);
}

int start_last_turn(const struct game *g)
{
	const struct start *st = start_game(g);
	return st ? st->last_turn : GAME_TURNS;
}

void start_apply(struct game *g, const struct start *st)
{
	const struct roster *r = &g->scn->roster;
	g->turn = st->first_turn;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_state *us = &g->unit[u];
		const struct start_unit *su = &st->unit[u];
		us->hex = HEX_NONE;
		us->steps = (int8_t)r->unit[u].steps;
		us->flags = 0;
		if (su->place == START_ON_MAP) {
			us->hex = su->hex;
			us->steps = su->steps;
		} else if (su->place == START_DEAD) {
			us->steps = 0;
		} else if (su->place == START_OUT) {
			us->flags = UF_REMOVED; /* not in the scenario: not on the map, not eliminated */
		}
	}
	for (int c = 0; c < CORPS_COUNT; c++) {
		g->corps[c] = st->corps[c];
		g->corps_committed[c] = 0; /* 13.1: when it was committed is not known */
	}
	g->hood_released = st->hood_released;
	g->ap_hill_triggered = st->ap_hill_triggered;
	g->ap_hill_turn = (int8_t)st->ap_hill_turn;
	g->vi_entered_free = st->vi_entered_free;
	for (int i = 0; i < st->ncontrol; i++)
		g->control[hex_index(st->control_hex[i])] = st->control_side[i];
	if (!g->opt.solitaire)
		return;
	/* 15.2: the objectives as of that hour; an unrolled one is rolled when reached */
	struct solitaire_state *so = &g->solitaire;
	memset(so, 0, sizeof *so);
	so->ready = true;
	so->committed_once = st->committed_once;
	for (int f = 0; f < SOLO_FORMATIONS; f++) {
		so->current[f] = st->solo[f].current;
		for (int n = 0; n < SOLO_ORDINALS; n++) {
			so->obj[f][n].key = st->solo[f].key[n];
			so->obj[f][n].hex = st->solo[f].hex[n];
		}
	}
}

/* The sides with a unit in hex (bit 1 << side). */
static unsigned occupants(const struct game *g, int hex)
{
	unsigned m = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_on_map(g, u) && g->unit[u].hex == hex)
			m |= 1u << unit_side(u);
	return m;
}

bool start_victory(const struct game *g, bool solitaire, struct victory_count *c)
{
	const struct start *st = start_game(g);
	if (!st || st->victory != START_VICTORY_SECTOR)
		return false;
	memset(c, 0, sizeof *c);
	enum side me = solitaire ? SIDE_CONFEDERATE : SIDE_UNION;
	enum side them = solitaire ? SIDE_UNION : SIDE_CONFEDERATE;
	/* seed 002's 4.2: "The player that occupies A21.15 and exclusively has units in the
	 * Cornfield wins. Any other result is a draw." */
	unsigned hold = occupants(g, st->hold_hex);
	const struct map_objective *o = &g->scn->map.objective[st->objective];
	unsigned field = 0;
	int mine = 0;
	for (int i = 0; i < o->nhexes; i++) {
		unsigned here = occupants(g, o->hexes[i]);
		field |= here;
		mine += (int)((here >> me) & 1u);
	}
	struct victory_line *l = &c->line[c->nlines++];
	snprintf(l->key, sizeof l->key, "hold-%04d", st->hold_hex);
	snprintf(l->name, sizeof l->name, "Hex %04d occupied", st->hold_hex);
	l->nhexes = 1;
	l->held = hold == 1u << me;
	l->vp2 = hold == 1u << me ? 2 : hold == 1u << them ? -2 : 0;
	l->full2 = 2;
	l = &c->line[c->nlines++];
	snprintf(l->key, sizeof l->key, "alone-%s", o->key);
	snprintf(l->name, sizeof l->name, "Alone in the %s", o->name);
	l->vp2 = field == 1u << me ? 2 : field == 1u << them ? -2 : 0;
	l->full2 = 2;
	l->obj[0] = o;
	l->held = mine;         /* its hexes with a unit of the scoring side */
	l->nhexes = o->nhexes;
	c->vp2 = c->line[0].vp2 + c->line[1].vp2;
	bool u_wins = hold == 1u << SIDE_UNION && field == 1u << SIDE_UNION;
	bool c_wins = hold == 1u << SIDE_CONFEDERATE && field == 1u << SIDE_CONFEDERATE;
	c->level = u_wins ? "union-victory" : c_wins ? "confederate-victory" : "draw";
	return true;
}
