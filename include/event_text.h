/* event_text.h — the English of the game's events (event.h), written in one place for every
 * front-end: the terminal game's log, --batch, --replay. Not part of the engine (which raises
 * typed events and writes no sentence): src/text/event_text.c. */
#ifndef ANTIETAM_EVENT_TEXT_H
#define ANTIETAM_EVENT_TEXT_H

#include <stddef.h>

#include "event.h"
#include "modifier.h"
#include "scenario.h"

/* The sentence of event e of a game on scenario s ("U12 fires at C14: roll 4 drm -1, 1 step
 * lost") into buf (len bytes, NUL included; at most EVENT_TEXT_MAX - 1 characters). */
void event_format(const struct scenario *s, const struct game_event *e, char *buf, size_t len);
/* The sentence of event k of log, with what the event after it says of its outcome where
 * the event alone cannot: a panic die (11.17.5) says whether the unit lost its step. */
void event_format_at(const struct scenario *s, const struct event_log *log, int k, char *buf,
		     size_t len);
/* The English of modifier m (modifier.h: "encircled by two attackers", "morale 4 against 3",
 * "range 4") into buf (len bytes, NUL included). */
void modifier_text(const struct combat_mod *m, char *buf, size_t len);

#endif
