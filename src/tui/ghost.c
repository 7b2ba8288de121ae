/* ghost.c — owns the terminal game's view of 1862 on the map (issue 31, key i): where the real
 * armies stood at the moment of seed 002's set-ups nearest the game's turn
 * (data/history-hours.txt through sim_hours_ghost), their hexes marked beside the game's own
 * units, with the trail each came by from the moment before; n and p go to the next and the
 * previous moment, the cursor keys move the cursor and the message line names the units of
 * 1862 in its hex; Esc (or i, q) goes back to the game as it was. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "../sim/sim_hours.h"
#include "tui_internal.h"

/* data/history-hours.txt, loaded the first time it is asked for (NULL: it does not load). */
static const struct sim_hours *hours(struct tui *t)
{
	static struct sim_hours h;
	static const struct scenario *loaded;
	if (loaded == t->scn)
		return &h;
	char grid[1100], path[1100], err[512];
	snprintf(grid, sizeof grid, "%s/nbh-grid.txt", t->datadir);
	snprintf(path, sizeof path, "%s/history-hours.txt", t->datadir);
	if (!sim_hours_load(&h, t->scn, grid, path, err, sizeof err)) {
		tui_say(t, true, "1862 by the hour: %s", err);
		return NULL;
	}
	loaded = t->scn;
	return &h;
}

/* Mark 1862 at moment turn `turn`; the moment's index. */
static int mark(struct tui *t, const struct sim_hours *h, int turn, int *hex)
{
	int from[ROSTER_UNITS];
	int m = sim_hours_ghost(h, turn, hex, from);
	memset(t->mark, 0, sizeof t->mark);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		t->cost[i] = -1, t->loss[i] = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!hex_valid(hex[u]))
			continue;
		if (hex_valid(from[u]) && from[u] != hex[u]) {
			struct hex_step line[HEX_LINE_MAX];
			int n = hex_line(from[u], hex[u], line);
			for (int k = 0; k < n; k++)
				t->mark[hex_index(line[k].hex)] |= MARK_PATH;
			t->mark[hex_index(from[u])] |= MARK_FROM;
		}
	}
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (hex_valid(hex[u]))
			t->mark[hex_index(hex[u])] |= MARK_TARGET;
	return m;
}

void ghost_run(struct tui *t)
{
	const struct sim_hours *h = hours(t);
	if (!h)
		return;
	int turn = t->g->turn, saved = t->cursor, sel = t->sel_unit;
	for (;;) {
		int hex[ROSTER_UNITS];
		int m = mark(t, h, turn, hex);
		if (m < 0)
			break;
		int n = 0;
		char here[96] = "";
		size_t len = 0;
		for (int u = 0; u < ROSTER_UNITS; u++) {
			n += hex_valid(hex[u]);
			if (hex[u] == t->cursor && len + 6 < sizeof here)
				len += (size_t)snprintf(here + len, sizeof here - len, " %s",
							t->scn->roster.unit[u].id);
		}
		tui_say(t, false, "1862 at %s: %d units, trails from the hour before; here:%s "
			"(n/p hour, Esc)", h->m[m].time, n, len ? here : " none");
		draw_frame(t);
		int ch = tui_getch();
		if (ch == 'n' && m + 1 < h->n)
			turn = h->m[m + 1].turn;
		else if (ch == 'p' && m > 0)
			turn = h->m[m - 1].turn;
		else if (ch == KEY_UP || ch == KEY_DOWN || ch == KEY_LEFT || ch == KEY_RIGHT)
			tui_move_cursor(t, ch == KEY_LEFT ? -1 : ch == KEY_RIGHT ? 1 : 0,
					ch == KEY_UP ? -1 : ch == KEY_DOWN ? 1 : 0, 1);
		else if (ch == KEY_RESIZE)
			tui_relayout(t);
		else if (ch == 27 || ch == 'q' || ch == 'i')
			break;
	}
	replay_view_back(t, saved, sel);
}
