/* view_event.h — what the views draw of one of the game's typed events (struct game_event,
 * event.h), read from the event itself: which events the map shows, the trail a unit left
 * (a move, a withdrawal, a retreat, an advance), the hex attacked or fired at, and an
 * attack's result in words. The result box and the replay of what the other side did read
 * the events the match's sink heard (match.h) through these, with no copy of their own and no
 * position figured again: an ATTACK or FIRE event carries its DRMs (modifier.h). Curses-free,
 * so tests/test_tui_view_event.c checks it against the events the engine raises. */
#ifndef ANTIETAM_TUI_VIEW_EVENT_H
#define ANTIETAM_TUI_VIEW_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "event.h"

/* The most hexes a trail has (a move's path, EVENT_HEXES). */
#define VIEW_TRAIL_MAX EVENT_HEXES

/* True for the events the map draws: moves, withdrawals, mishaps, retreats, advances (a
 * trail), declarations, attacks and fire (a hex aimed at). */
bool view_event_drawn(const struct game_event *e);
/* The hexes e's unit entered, in order, into hex[] (at most max), and the hex it left into
 * *left (HEX_NONE when the event does not say: a move's path begins with its first step);
 * the count, 0 for an event with no trail. */
int view_event_trail(const struct game_event *e, int *left, int *hex, int max);
/* The hex a declaration or an attack is against, or a fire's target stood in when fired at
 * (FIRE events of position files before version 5 do not say: HEX_NONE); HEX_NONE for
 * other events. */
int view_event_aim(const struct game_event *e);
/* An attack's result in words: "the defender in 2515 loses 2 steps and must retreat (11.17);
 * C32 loses 1 step". */
void view_event_attack_words(const struct game_event *e, char *buf, size_t len);

#endif
