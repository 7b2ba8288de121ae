/* events.c — owns reading the game's text log into typed events (see events.h). Each
 * pattern below is the format string of the engine line it reads (move.c, resolve.c,
 * fire.c, retreat.c, combat.c, game.c, commit.c). */
#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int event_first(const struct game *g)
{
	return g->nlog > GAME_LOG_MAX ? g->nlog - GAME_LOG_MAX : 0;
}

/* The unit named by the word at s ("U10", "C3"), its length in *len; -1 when none. */
static int unit_word(const char *s, int *len)
{
	char w[8];
	int n = 0;
	while (s[n] && s[n] != ' ' && s[n] != ':' && s[n] != ',' && n < 7) {
		w[n] = s[n];
		n++;
	}
	w[n] = 0;
	*len = n;
	return (w[0] == 'U' || w[0] == 'C') ? game_unit_parse(w) : -1;
}

/* Hex numbers separated by spaces from s into e->hex (stopping at anything else). */
static void read_hexes(const char *s, struct event *e)
{
	char *end;
	while (*s == ' ' && e->n < GAME_PATH_MAX) {
		long h = strtol(s + 1, &end, 10);
		if (end == s + 1 || !hex_valid((int)h))
			break;
		e->hex[e->n++] = (int)h;
		s = end;
	}
}

bool event_read(const struct game *g, int k, struct event *e)
{
	memset(e, 0, sizeof *e);
	e->unit = e->target = -1;
	e->from = HEX_NONE;
	if (k < event_first(g) || k >= g->nlog)
		return false;
	const struct game_event *ge = &g->log[k % GAME_LOG_MAX];
	e->turn = ge->turn;
	e->text = ge->text;
	const char *s = ge->text;
	int len, a, b;
	/* "13.6: U3 withdraws from 1605 to 1403", "8.14: mishap moves C3 from 1814 to 1815" */
	const char *p = !strncmp(s, "13.6: ", 6) ? s + 6 :
			!strncmp(s, "8.14: mishap moves ", 19) ? s + 19 : NULL;
	if (p) {
		int mu = unit_word(p, &len);
		const char *f = strstr(p, " from ");
		if (mu >= 0 && f && sscanf(f, " from %d to %d", &a, &b) == 2 && hex_valid(b)) {
			e->kind = EV_MOVE;
			e->unit = mu;
			e->from = a;
			e->hex[e->n++] = b;
		}
		return true;
	}
	int u = unit_word(s, &len);
	if (u < 0) {
		/* "attack on 1814 declared: U10", "attack on 1612 (+) declared: C2" */
		if (sscanf(s, "attack on %d", &a) == 1 && strstr(s, "declared") && hex_valid(a)) {
			e->kind = EV_DECLARE;
			e->hex[e->n++] = a;
		}
		return true;
	}
	e->unit = u;
	const char *r = s + len;
	if (!strncmp(r, " moves", 6)) { /* "%s moves 2108 2007 (2 MP)" */
		e->kind = EV_MOVE;
		read_hexes(r + 6, e);
	} else if (!strncmp(r, " attacks ", 9)) {
		/* "%s attacks %04d: %d against %d, column %s, roll %d drm %+d: %d/%d%s" */
		char col[8] = "", tail[8] = "";
		int n = sscanf(r, " attacks %d: %d against %d, column %7[^,], roll %d drm %d: %d/%d%7s",
			       &e->hex[0], &e->attack, &e->defence, col, &e->roll, &e->drm,
			       &e->att_loss, &e->def_loss, tail);
		if (n >= 8) {
			e->kind = EV_ATTACK;
			e->n = 1;
			snprintf(e->column, sizeof e->column, "%s", col);
			e->retreat = tail[0] == '*';
		}
	} else if (!strncmp(r, " fires", 6)) {
		/* "%s fires%s at %s: roll %d drm %+d, %d step%s lost" */
		e->defensive = !strncmp(r, " fires defensively", 18);
		const char *at = strstr(r, " at ");
		if (at) {
			int tl;
			e->target = unit_word(at + 4, &tl);
			if (e->target >= 0 && sscanf(at + 4 + tl, ": roll %d drm %d, %d", &e->roll,
						     &e->drm, &e->def_loss) == 3)
				e->kind = EV_FIRE;
		}
	} else if (!strncmp(r, " retreats ", 10)) {
		/* "%s retreats %d hex%s from %04d: 1815 1915" */
		const char *f = strstr(r, " from ");
		if (f && sscanf(f, " from %d", &a) == 1) {
			e->kind = EV_RETREAT;
			e->from = a;
			const char *colon = strchr(f, ':');
			if (colon)
				read_hexes(colon + 1, e);
		}
	} else if (!strncmp(r, " advances from ", 15) ||
		   !strncmp(r, " makes a supporting advance from ", 33)) {
		/* "%s advances from %04d into %04d (11.18)"; the same for 11.19 */
		const char *f = strstr(r, " from ");
		if (sscanf(f, " from %d into %d", &a, &b) == 2) {
			e->kind = EV_ADVANCE;
			e->from = a;
			e->hex[e->n++] = b;
		}
	} else if (!strncmp(r, " loses a step", 13)) {
		/* "%s loses a step (%s), %d left" */
		const char *c = strrchr(r, ',');
		e->kind = EV_STEP;
		if (!c || sscanf(c, ", %d left", &e->steps_left) != 1)
			e->steps_left = -1;
	} else if (!strncmp(r, " eliminated", 11) || strstr(r, " is eliminated")) {
		e->kind = EV_ELIMINATED;
	}
	return true;
}

void event_attack_words(const struct game *g, const struct event *e, char *buf, size_t len)
{
	(void)g;
	const char *att = e->unit >= 0 ? game_unit_name(e->unit) : "the attacker";
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
