/* tui.h — the ncurses front-end: a hot-seat game at the terminal (the only part of the
 * program that includes curses). */
#ifndef ANTIETAM_TUI_H
#define ANTIETAM_TUI_H

#include <stdbool.h>
#include <stddef.h>

struct tui_options {
	bool mono;    /* -m: no colour; sides and terrain differ by glyph and attribute only */
	bool ascii;   /* -a: ASCII glyphs even in a UTF-8 locale */
	const char *load; /* `antietam FILE`, `--resume`: open this saved game (position file) */
};

/* Run the interactive game on the data files of datadir (NULL: the default lookup of
 * paths_data_dir); returns the process exit code. */
int tui_main(const char *datadir, const struct tui_options *opt);

/* What `make bench` measures of the terminal game (latency.c), medians in ms. */
struct tui_latency {
	double show_ms;            /* from a move's key to its frame on the screen */
	double show_worst_ms;      /* the slowest of them */
	double save_ms;            /* the autosave after it */
	double show_save_first_ms; /* the same move when the autosave ran before the frame */
};
/* Time `moves` moves of the Union's turn-1 movement on a cols x lines terminal whose output
 * goes to /dev/null (their autosaves in a directory made and removed here); 0, or -1 with
 * err set. */
int tui_bench_latency(const char *datadir, int cols, int lines, int moves,
		      struct tui_latency *out, char *err, size_t errlen);

#endif
