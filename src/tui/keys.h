/* keys.h — the terminal game's one key table (keys.c) as its documents read it: the help
 * screen (F1), README.md's table of keys and the manual page's KEYS section are written from
 * it, and tests/test_tui_keys.c checks that the two files hold what it writes. No curses. */
#ifndef ANTIETAM_TUI_KEYS_H
#define ANTIETAM_TUI_KEYS_H

/* Where a key acts (a row's modes). */
enum {
	KEYS_MAP = 1 << 0,      /* the game's map, at any decision */
	KEYS_SETUP = 1 << 1,    /* the quick set-up (4.2) on the map */
	KEYS_HANDOVER = 1 << 2, /* the hand-over screen */
	KEYS_REPLAY = 1 << 3,   /* `w`: what happened, on the map */
};

/* How the table is written. */
enum keys_doc {
	KEYS_DOC_HELP,      /* the help screen's lines: a section title, then "  KEYS   text" */
	KEYS_DOC_MARKDOWN,  /* README.md: "| keys | what they do |" rows */
	KEYS_DOC_MAN,       /* docs/antietam.6: .SS and .TP entries */
};

/* Write the table as fmt, one line at a time through line(ctx, text). */
void keys_document(enum keys_doc fmt, void (*line)(void *ctx, const char *text), void *ctx);

/* The markers around the written part of README.md and docs/antietam.6. */
#define KEYS_MARKDOWN_BEGIN "<!-- keys: written from src/tui/keys.c by make keys-doc -->"
#define KEYS_MARKDOWN_END "<!-- /keys -->"
#define KEYS_MAN_BEGIN ".\\\" keys: written from src/tui/keys.c by make keys-doc"
#define KEYS_MAN_END ".\\\" /keys"

#endif
