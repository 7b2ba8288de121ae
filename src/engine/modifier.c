/* modifier.c — owns the words of the die-roll modifiers (modifier.h's X-macro list): the rule
 * of each and its word in position files. No English here: modifier_text (event_text.h). */
#include <string.h>

#include "modifier.h"

static const struct {
	const char *word, *rule;
	int numbers;
} modifiers[MOD_COUNT] = {
#define MODIFIER_ROW(name, word, rule, numbers, english) { word, rule, numbers },
	MODIFIERS(MODIFIER_ROW)
#undef MODIFIER_ROW
};

const char *modifier_rule(enum modifier m)
{
	return m >= 0 && m < MOD_COUNT ? modifiers[m].rule : "?";
}

const char *modifier_name(enum modifier m)
{
	return m >= 0 && m < MOD_COUNT ? modifiers[m].word : "?";
}

int modifier_numbers(enum modifier m)
{
	return m >= 0 && m < MOD_COUNT ? modifiers[m].numbers : 0;
}

bool modifier_parse(const char *s, enum modifier *out)
{
	for (int m = 0; m < MOD_COUNT; m++)
		if (!strcmp(s, modifiers[m].word)) {
			*out = (enum modifier)m;
			return true;
		}
	return false;
}
