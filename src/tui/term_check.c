/* term_check.c — whether the terminal can show the game, asked of terminfo before curses
 * starts (initscr ends the program on an unknown TERM without a word of ours, and a dumb
 * terminal would get a screen it cannot draw). Apart from tui.c because <term.h> defines
 * macros (lines, columns …) that would clash with its names. */
#include <curses.h>
#include <stdio.h>
#include <unistd.h>

#include "tui_internal.h"

#include <term.h> /* last: its macros must not reach the declarations above */

bool tui_terminal_ok(const char *term, char *why, size_t len)
{
	if (!term || !*term) {
		snprintf(why, len, "TERM is not set: the game at the terminal needs to know the "
			 "terminal (or use --batch, the text command mode)");
		return false;
	}
	int err = 0;
	if (setupterm((char *)term, STDOUT_FILENO, &err) != OK) {
		snprintf(why, len, "unknown terminal type TERM=%s (no terminfo entry): set TERM to "
			 "your terminal's type, e.g. xterm-256color, or use --batch", term);
		return false;
	}
	char *cup = tigetstr("cup");
	bool ok = cup && cup != (char *)-1;
	del_curterm(cur_term);
	if (!ok)
		snprintf(why, len, "TERM=%s cannot place the cursor, which the map needs: run the "
			 "game in a terminal emulator (xterm, tmux …), or use --batch, the text "
			 "command mode", term);
	return ok;
}
