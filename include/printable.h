/* printable.h — the one filter between a file's text and the terminal: what a position
 * file, a data file or an autosave says reaches the screen as printable text only, never as
 * escape sequences the terminal would obey (issue 33: a note's `\x1b]0;…` set the window
 * title, OSC 52 wrote the clipboard). src/data/printable.c, in the files' layer: every
 * loader's message (datafile_fail: the path and the fields it quotes) passes through it. */
#ifndef ANTIETAM_PRINTABLE_H
#define ANTIETAM_PRINTABLE_H

#include <stddef.h>

/* in into out (len bytes, NUL included; cut at a character's boundary): printable ASCII and
 * well-formed UTF-8 kept, every control character (C0 but tab, DEL, C1), the Unicode
 * direction overrides and line separators, and every byte that is not well-formed UTF-8
 * each become one '?'; a tab becomes a blank. Returns out. */
char *text_printable(char *out, size_t len, const char *in);

#endif
