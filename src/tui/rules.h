/* rules.h — the in-game rules reference (`?`): the short summaries of data/rules.txt (each
 * rule section and the glossary's terms, written for this program), found by the rule
 * numbers a message, the log or the pending decision cites. Curses-free, so
 * tests/test_tui_rules.c checks the loader, the look-up and the scan of rule numbers. */
#ifndef ANTIETAM_TUI_RULES_H
#define ANTIETAM_TUI_RULES_H

#include <stdbool.h>
#include <stddef.h>

#define RULES_MAX 160        /* entries */
#define RULES_LINES 1200     /* text lines of all entries */
#define RULES_LINE_W 100     /* characters of a text line, NUL included */
#define RULES_KEY_W 16       /* a rule number or a term */

struct rules_entry {
	char key[RULES_KEY_W];   /* "11.17.4", "EZOC" */
	char title[64];
	bool term;               /* a glossary term, not a rule */
	int first, nlines;       /* its lines in rules.line[] */
};

struct rules {
	struct rules_entry entry[RULES_MAX];
	int n;
	char line[RULES_LINES][RULES_LINE_W];
	int nlines;
};

/* Load a rules reference file; false with "path:line: message" in err (r then empty). */
bool rules_load(struct rules *r, const char *path, char *err, size_t errlen);
/* The entry of a rule number, else of the nearest section above it ("11.17.4B": 11.17.4,
 * then 11.17, then 11), or of a term (case-insensitive); NULL when none. */
const struct rules_entry *rules_find(const struct rules *r, const char *key);
/* The rule numbers cited in text ("11.1B", "6.1-6.2": 6.1 and 6.2), each once, in order;
 * at most max into out; the count. */
int rules_scan(const char *text, char out[][RULES_KEY_W], int max);

#endif
