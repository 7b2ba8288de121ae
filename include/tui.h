/* tui.h — the ncurses front-end: a hot-seat game at the terminal (the only part of the
 * program that includes curses). */
#ifndef ANTIETAM_TUI_H
#define ANTIETAM_TUI_H

#include <stdbool.h>

struct tui_options {
	bool mono;    /* -m: no colour; sides and terrain differ by glyph and attribute only */
	bool ascii;   /* -a: ASCII glyphs even in a UTF-8 locale */
	const char *load; /* `antietam FILE`, `--resume`: open this saved game (position file) */
};

/* Run the interactive game on the data files of datadir (NULL: the default lookup of
 * paths_data_dir); returns the process exit code. */
int tui_main(const char *datadir, const struct tui_options *opt);

#endif
