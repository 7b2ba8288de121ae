/* replay.c — owns "what happened" on the map (`w`, or `w` on the hand-over screen): the
 * events of the log from where the player last looked (the other side's turn, the bot's
 * turn) drawn over the map — every move as a trail, every attack and fire marked — and
 * stepped through one by one with the log line beside. Home goes back through the whole log
 * the game still holds, so a player's own last phase can be followed too. The events are the
 * log's own (struct game_event); view_event.c says what the map draws of each. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "event_text.h"
#include "tui_internal.h"
#include "view_event.h"

/* The event numbered k of log; NULL when the log no longer holds it. */
static const struct game_event *event_at(const struct event_log *log, int k)
{
	return event_log_at(log, k);
}

/* The hex an event happens at (where the cursor goes), or HEX_NONE: the end of its trail, or
 * the hex it aims at (a fire of an old file, which does not say: where its target is now). */
static int replay_event_hex(const struct tui *t, const struct game_event *e)
{
	int left, hex[VIEW_TRAIL_MAX];
	int n = view_event_trail(e, &left, hex, VIEW_TRAIL_MAX);
	if (n > 0)
		return hex[n - 1];
	int h = view_event_aim(e);
	if (!hex_valid(h) && e->kind == EVENT_FIRE && e->target >= 0)
		h = t->g->unit[e->target].hex;
	return hex_valid(h) ? h : HEX_NONE;
}

/* Mark one event: a move's trail (and where it began), the hex attacked or fired at. */
static void mark_event(struct tui *t, const struct game_event *e, bool current)
{
	uint8_t trail = current ? MARK_SELECTED : MARK_PATH;
	int left, hex[VIEW_TRAIL_MAX];
	int n = view_event_trail(e, &left, hex, VIEW_TRAIL_MAX);
	if (hex_valid(left))
		t->mark[hex_index(left)] |= current ? MARK_FROM : MARK_PATH;
	for (int i = 0; i < n; i++)
		t->mark[hex_index(hex[i])] |= trail;
	if (n > 0)
		return;
	int h = replay_event_hex(t, e);
	if (hex_valid(h))
		t->mark[hex_index(h)] |= MARK_TARGET;
	if (current && e->kind != EVENT_DECLARE && e->unit >= 0 && hex_valid(t->g->unit[e->unit].hex))
		t->mark[hex_index(t->g->unit[e->unit].hex)] |= MARK_FROM;
}

/* The map's marks: with all, every event of the replay idx[0..n-1] drawn, else the
 * current one alone; the current one lit (drawn last, over the others). */
static void mark_range(struct tui *t, const struct event_log *log, const int *idx, int n,
		       int cur, bool all)
{
	memset(t->mark, 0, sizeof t->mark);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		t->cost[i] = -1, t->loss[i] = 0;
	const struct game_event *e;
	for (int i = 0; all && i < n; i++)
		if (i != cur && (e = event_at(log, idx[i])) && view_event_drawn(e))
			mark_event(t, e, false);
	if ((e = event_at(log, idx[cur])) && view_event_drawn(e))
		mark_event(t, e, true);
}

/* The drawn events from `from` on, their log indices into idx; the count. */
static int collect(const struct event_log *log, int from, int *idx, int max)
{
	int n = 0;
	for (int k = from; k < event_log_end(log) && n < max; k++) {
		const struct game_event *e = event_at(log, k);
		if (e && view_event_drawn(e))
			idx[n++] = k;
	}
	return n;
}

void replay_run(struct tui *t, int from)
{
	const struct event_log *log = &match_record(t->match)->events;
	enum { IDX_MAX = 4096 };
	static int idx[IDX_MAX];
	int first = log->first;
	if (from < first)
		from = first;
	int n = collect(log, from, idx, IDX_MAX);
	if (n == 0) {
		/* nothing new to show: the whole log the game still holds */
		from = first;
		n = collect(log, from, idx, IDX_MAX);
		if (n == 0) {
			tui_say(t, false, "no move, attack or fire in the log yet");
			return;
		}
		tui_say(t, false, "nothing new since you looked: the whole log");
	}
	int cur = 0, saved = t->cursor, sel = t->sel_unit;
	bool all = true, play = false; /* P: the events go on by themselves */
	for (;;) {
		mark_range(t, log, idx, n, cur, all);
		const struct game_event *e = event_at(log, idx[cur]);
		char text[EVENT_TEXT_MAX];
		event_format(t->scn, e, text, sizeof text);
		t->replay_unit = e->unit >= 0 && e->unit < ROSTER_UNITS ? e->unit : -1;
		int h = replay_event_hex(t, e);
		if (hex_valid(h)) {
			t->cursor = h;
			tui_follow(t);
		}
		char pace[48] = "P: play";
		if (play)
			snprintf(pace, sizeof pace, "playing, %d s an event (P stops, +/-)",
				 t->auto_speed / 1000);
		tui_say(t, false, "%d/%d T%d %s (<- -> Home Esc; a: %s; %s)", cur + 1, n, e->turn,
			text, all ? "all trails shown, this one lit" : "this trail only", pace);
		draw_frame(t);
		int ch = play ? tui_getch_within(t->auto_speed) : tui_getch();
		if (ch == ERR) { /* played: the next event, or the end of them */
			if (cur + 1 < n)
				cur++;
			else
				play = false;
			continue;
		}
		switch (ch) {
		case 'P': play = !play; break;
		case '+': case '=': case '-': dialog_auto_key(t, ch); break;
		case KEY_RIGHT: case 'l': case ' ': case 'n': case '\n': case '\r': case KEY_ENTER:
			if (cur + 1 < n)
				cur++;
			else if (ch != KEY_RIGHT && ch != 'l')
				goto done;
			break;
		case KEY_LEFT: case 'h': case 'p': case KEY_BACKSPACE:
			if (cur > 0)
				cur--;
			break;
		case KEY_HOME: case 'g':
			/* back through the whole log the ring still holds (a player's own phase) */
			if (from > first) {
				int at = idx[cur];
				from = first;
				n = collect(log, from, idx, IDX_MAX);
				for (cur = 0; cur + 1 < n && idx[cur] < at; cur++)
					;
			} else {
				cur = 0;
			}
			break;
		case KEY_END: case 'G': cur = n - 1; break;
		case 'a': all = !all; break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 27: case 'q': case 'w': goto done;
		default: break;
		}
	}
done:
	t->replay_unit = -1;
	replay_view_back(t, saved, sel);
}

void replay_view_back(struct tui *t, int cursor, int sel)
{
	t->cursor = cursor;
	tui_follow(t);
	if (sel >= 0)
		play_select_unit(t, sel);
	else
		play_cancel(t);
	t->msg[0] = 0;
}
