/* action_text.h — the text form of actions and seeds: the --batch command words
 * (PROTOCOL.md), parsed and written by src/data/action_text.c. */
#ifndef ANTIETAM_ACTION_TEXT_H
#define ANTIETAM_ACTION_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "action.h"
#include "scenario.h"

/* Parse a command line ("move U12 1707 1708") into an action; false with err set. */
bool action_parse(const struct scenario *s, const char *line, struct action *a, char *err,
		  size_t errlen);
/* The same from its words, split already (--batch's command words): argv[0] the command. */
bool action_parse_words(const struct scenario *s, int argc, const char *const *argv,
			struct action *a, char *err, size_t errlen);
/* Write an action as the command that performs it. */
void action_format(const struct scenario *s, const struct action *a, char *buf, size_t len);

/* A seed's text: a whole number 0 to 2^64-1, digits only; false for anything else (an
 * overflow included: issue 33's `new historical 99999999999999999999999`). */
bool game_parse_seed(const char *text, uint64_t *seed);

#endif
