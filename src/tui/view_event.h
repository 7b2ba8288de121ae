/* view_event.h — the one place where the front-end reads the game's events (event.h): each event
 * the views draw (a move, an attack, a fire, a retreat, an advance, a step lost …) as the
 * record they draw it from, for the result box and the replay of what the other side did.
 * Curses-free, so tests/test_tui_view_event.c checks it against the events the engine raises. */
#ifndef ANTIETAM_TUI_VIEW_EVENT_H
#define ANTIETAM_TUI_VIEW_EVENT_H

#include <stdbool.h>

#include "combat.h"
#include "game.h"

enum view_event_kind {
	EV_OTHER,       /* a line no view draws (dice, corps statuses, turn starts …) */
	EV_MOVE,        /* unit moves along hex[] (the hexes entered, 8.0; 13.6; 8.14) */
	EV_DECLARE,     /* an attack declared on hex[0] */
	EV_ATTACK,      /* unit attacks hex[0]: column, roll, drm, losses, retreat (11.5) */
	EV_FIRE,        /* unit fires at target: roll, drm, steps lost (10.2, 11.5B) */
	EV_RETREAT,     /* unit retreats from `from` along hex[] (11.17) */
	EV_ADVANCE,     /* unit advances from `from` into hex[0] (11.18, 11.19) */
	EV_STEP,        /* unit loses a step (steps_left after it) */
	EV_ELIMINATED,  /* unit is eliminated */
	EV_KIND_COUNT
};

struct view_event {
	enum view_event_kind kind;
	int turn;
	int unit;               /* the unit acting or losing, -1 */
	int target;             /* EV_FIRE: the unit fired at, -1 */
	int from;               /* EV_RETREAT, EV_ADVANCE: the hex left; else HEX_NONE */
	int hex[GAME_PATH_MAX];
	int n;                  /* hexes in hex[] */
	int attack, defence;    /* EV_ATTACK: the combat factors */
	char column[8];         /* EV_ATTACK: the CRT column ("2:1", "-1") */
	int roll, drm;          /* EV_ATTACK, EV_FIRE */
	int att_loss, def_loss; /* EV_ATTACK: steps; EV_FIRE: def_loss = steps lost */
	bool retreat;           /* EV_ATTACK: the defender must retreat ('*') */
	int steps_left;         /* EV_STEP */
	bool defensive;         /* EV_FIRE: defensive fire (11.5B) */
	char text[EVENT_TEXT_MAX]; /* its sentence (event_format) */
};

/* Read event k of log (a game on scenario s) into e; false when the log does not hold it. */
bool view_event_read(const struct scenario *s, const struct event_log *log, int k,
		     struct view_event *e);
/* What event e changed in the position g that the views figure odds on — a unit's steps
 * (11.15), its hex (a move, retreat or advance), its elimination. Followed in order from a
 * copy of the position before an action, it gives the position each later event of that
 * action saw: the second attacker of a combat attacks a defender the first one thinned. */
void view_event_follow(struct game *g, const struct view_event *e);
/* The DRMs of attack event e figured again on the position `seen` just before it: true when
 * they give the column and the DRM total the event reports (then o holds every modifier
 * with its rule), false when that position cannot be the one the attack saw. */
bool view_event_attack_mods(const struct game *seen, const struct view_event *e,
			    struct combat_odds *o);
/* An attack's result in words: "C3 loses 1 step and must retreat; U10 loses 1". */
void view_event_attack_words(const struct game *g, const struct view_event *e, char *buf,
			     size_t len);

#endif
