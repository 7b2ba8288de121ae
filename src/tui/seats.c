/* seats.c — owns "the computer takes over" in the terminal game (issue 34): the seats dialog
 * (the key C, which the start menu's Continue names), from which the
 * computer finishes the game, takes a side at the level chosen, or gives a side back to a
 * person at this terminal, from any position. The choices are the rows of the one table of
 * players (player.h) that may take the seat, each at each of its levels (seats_choices, no
 * curses: tests/test_tui_seats.c). The match keeps the seats (match_set_seat); the main loop
 * lets the computer seats play (tui.c). */
#include <stdio.h>
#include <string.h>

#include "general.h"
#include "tui_internal.h"

void seats_label(const struct seat *s, char *buf, size_t len)
{
	const struct player *p = s->player;
	if (!p)
		snprintf(buf, len, "a player at this terminal");
	else if (p->levels && p->level_words)
		snprintf(buf, len, "%s, level %d %s", p->title, s->level, p->level_words[s->level - 1]);
	else if (p->levels)
		snprintf(buf, len, "%s, level %d", p->title, s->level);
	else
		snprintf(buf, len, "%s", p->title);
}

int seats_choices(const struct game *g, enum side side, struct seat *out, int max)
{
	int n = 0;
	if (n < max)
		out[n++] = (struct seat){ NULL, 0 };
	for (int i = 0; i < player_count(); i++) {
		const struct player *p = player_at(i);
		if (!player_sits(p, side, g->opt.solitaire))
			continue;
		for (int lv = 1; lv <= (p->levels ? p->levels : 1) && n < max; lv++)
			out[n++] = (struct seat){ p, lv };
	}
	return n;
}

/* ---- the dialog ---- */

#define SEATS_MAX 32

static const char *side_words(enum side s)
{
	return s == SIDE_UNION ? "the Union" : "the Confederacy";
}

/* What the seats are now, on the message line. */
static void say_seats(struct tui *t, const char *first)
{
	char u[96], c[96];
	seats_label(match_seat(t->match, SIDE_UNION), u, sizeof u);
	seats_label(match_seat(t->match, SIDE_CONFEDERATE), c, sizeof c);
	tui_say(t, false, "%sUnion: %s; Confederacy: %s (C: the seats)", first, u, c);
}

/* Side's seat chosen from its choices; false when the player went back. */
static bool choose_seat(struct tui *t, enum side side)
{
	struct seat ch[SEATS_MAX];
	static char text[SEATS_MAX][128];
	const char *items[SEATS_MAX];
	int n = seats_choices(t->g, side, ch, SEATS_MAX), start = 0;
	const struct seat *now = match_seat(t->match, side);
	for (int i = 0; i < n; i++) {
		char label[112];
		seats_label(&ch[i], label, sizeof label);
		bool here = ch[i].player == now->player && (!now->player || ch[i].level == now->level);
		snprintf(text[i], sizeof text[i], "%s%s", label, here ? "  (now)" : "");
		items[i] = text[i];
		if (here)
			start = i;
	}
	char title[64];
	snprintf(title, sizeof title, "Who plays %s from now on?", side_words(side));
	int k = dialog_menu(t, title, items, n, start, NULL, NULL);
	char err[256];
	if (k < 0)
		return false;
	if (!match_set_seat(t->match, side, ch[k].player, ch[k].level, err, sizeof err)) {
		tui_say(t, true, "%s", err);
		return false;
	}
	return true;
}

/* The computer finishes the game: the general at the level chosen on every seat a person
 * holds (the bot where the general does not sit: the solitaire game's Union, 14.0); the
 * game then goes on by itself, as a watched one. */
static bool finish(struct tui *t)
{
	const struct player *gen = player_named("general");
	static char text[GENERAL_LEVELS][96];
	const char *items[GENERAL_LEVELS];
	int n = gen ? gen->levels : 0;
	if (n > GENERAL_LEVELS)
		n = GENERAL_LEVELS;
	for (int i = 0; i < n; i++) {
		struct seat s = { gen, i + 1 };
		seats_label(&s, text[i], sizeof text[i]);
		items[i] = text[i];
	}
	int start = t->general_level >= 1 && t->general_level <= n ? t->general_level - 1 : 0;
	int k = dialog_menu(t, "The computer finishes the game, at the level:", items, n, start,
			    NULL, NULL);
	if (k < 0)
		return false;
	char err[256];
	if (!match_seat_all(t->match, gen, k + 1, err, sizeof err)) {
		tui_say(t, true, "%s", err);
		return false;
	}
	if (k + 1 <= GENERAL_STRONG)
		t->general_level = k + 1;
	t->auto_ms = t->auto_speed; /* it goes on by itself: a at the hand-over stops that */
	return true;
}

void seats_dialog(struct tui *t)
{
	if (!t->playing || !t->match)
		return;
	if (t->g->pending.what == DECISION_GAMEOVER) {
		tui_say(t, true, "5.3: the game is over: no seat has anything left to decide");
		return;
	}
	enum { FINISH, UNION, CONFEDERACY, COUNT };
	static char text[COUNT][160];
	const char *items[COUNT];
	snprintf(text[FINISH], sizeof text[FINISH], "The computer finishes the game (you watch)");
	for (int s = 0; s < 2; s++) {
		char label[112];
		seats_label(match_seat(t->match, (enum side)s), label, sizeof label);
		snprintf(text[UNION + s], sizeof text[UNION + s], "%s: %s", s ? "Confederacy" : "Union",
			 label);
	}
	for (int i = 0; i < COUNT; i++)
		items[i] = text[i];
	int k = dialog_menu(t, "Seats: who plays each side (Enter changes it)", items, COUNT,
			    tui_computer(t, SIDE_UNION) && tui_computer(t, SIDE_CONFEDERATE) ? UNION
			    : FINISH, NULL, NULL);
	bool changed = k == FINISH ? finish(t) : k >= UNION && choose_seat(t, (enum side)(k - UNION));
	if (!changed)
		return;
	t->bot_stuck = false; /* a new player for a stuck seat tries again */
	tui_refresh_legal(t);
	say_seats(t, k == FINISH ? "The computer finishes the game. " : "");
}
