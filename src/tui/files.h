/* files.h — the file names the save and load prompts offer: the position files of a
 * directory, and Tab completion of a typed path. Curses-free (tests/test_tui_files.c). */
#ifndef ANTIETAM_TUI_FILES_H
#define ANTIETAM_TUI_FILES_H

#include <stddef.h>

#define FILES_NAME_W 256

/* The names of the regular files in dir ending in ext (".pos"), sorted, at most max; the
 * count (0 when dir cannot be read). */
int files_list(const char *dir, const char *ext, char names[][FILES_NAME_W], int max);
/* Tab: complete the path in buf (len bytes) with what every entry of its directory that
 * starts with its last part has in common ("" or "./": the current directory); a single
 * directory gains its '/'. Returns how many entries matched. */
int files_complete(char *buf, size_t len);

#endif
