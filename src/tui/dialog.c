/* dialog.c — owns the screens and boxes drawn over the game: the chooser list (with
 * typing to filter and a live preview on the map), yes/no questions, full-screen pages
 * (help, log, reports) and the hand-over screen between hot-seat players. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <ctype.h>
#include <stdarg.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot.h"
#include "event_text.h"
#include "files.h"
#include "keys.h"
#include "../sim/sim.h"
#include "start.h"
#include "tui_internal.h"
#include "victory.h"

/* ---- the chooser ---- */

static bool matches(const char *item, const char *filter)
{
	if (!filter[0])
		return true;
	size_t fl = strlen(filter);
	for (const char *p = item; *p; p++)
		if (!strncasecmp(p, filter, fl))
			return true;
	return false;
}

int dialog_key(struct tui *t)
{
	bool guarded = false;
	for (;;) {
		if (draw_guard())
			guarded = true;
		else if (guarded)
			return KEY_RESIZE;
		refresh();
		tui_autosave_due(t); /* what the dialog shows is on the screen: now the save */
		int ch = tui_getch();
		if (ch == KEY_RESIZE)
			tui_relayout(t);
		if (!guarded)
			return ch;
		if (ch == 27 || ch == 'q' || ch == 'Q')
			return 27;
	}
}

/* The computer plays both sides (the watched games). */
static bool watching(const struct tui *t)
{
	return tui_computer(t, SIDE_UNION) && tui_computer(t, SIDE_CONFEDERATE);
}

int dialog_key_within(struct tui *t, int ms)
{
	if (draw_guard())
		return dialog_key(t); /* too small: nothing goes on by itself */
	refresh();
	tui_autosave_due(t);
	int ch = tui_getch_within(ms);
	if (ch == KEY_RESIZE)
		tui_relayout(t);
	return ch;
}

const char *dialog_auto_words(const struct tui *t, char *buf, size_t len)
{
	if (t->auto_ms > 0)
		snprintf(buf, len, "goes on by itself every %d s (a: stop, +/-: speed)",
			 t->auto_ms / 1000);
	else
		snprintf(buf, len, "a: go on by itself");
	return buf;
}

void dialog_auto_key(struct tui *t, int ch)
{
	if (ch == 'a')
		t->auto_ms = t->auto_ms ? 0 : t->auto_speed;
	else if ((ch == '+' || ch == '=') && t->auto_speed > 1000)
		t->auto_speed /= 2;
	else if (ch == '-' && t->auto_speed < 8000)
		t->auto_speed *= 2;
	if (t->auto_ms && (ch == '+' || ch == '=' || ch == '-'))
		t->auto_ms = t->auto_speed;
}

void dialog_box(int y, int x, int h, int w)
{
	attr_set(A_NORMAL, 0, NULL);
	for (int i = 0; i < h; i++) {
		move(y + i, x);
		for (int k = 0; k < w; k++)
			addch(' ');
	}
	mvhline(y, x, ACS_HLINE, w);
	mvhline(y + h - 1, x, ACS_HLINE, w);
	mvvline(y, x, ACS_VLINE, h);
	mvvline(y, x + w - 1, ACS_VLINE, h);
	mvaddch(y, x, ACS_ULCORNER);
	mvaddch(y, x + w - 1, ACS_URCORNER);
	mvaddch(y + h - 1, x, ACS_LLCORNER);
	mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
}

int dialog_menu(struct tui *t, const char *title, const char *const *items, int n, int start,
		void (*preview)(struct tui *t, int index, void *ctx), void *ctx)
{
	char filter[64] = "";
	return dialog_menu_ex(t, title, items, n, start, preview, ctx, filter, sizeof filter, false);
}

int dialog_menu_ex(struct tui *t, const char *title, const char *const *items, int n, int start,
		   void (*preview)(struct tui *t, int index, void *ctx), void *ctx, char *filter,
		   size_t flen, bool tab)
{
	int *vis = malloc((size_t)(n + 1) * sizeof *vis);
	if (!vis)
		return -1;
	int sel = 0, top = 0, result = -1;
	/* start at item `start` */
	bool first = true;
	for (;;) {
		int nvis = 0;
		for (int i = 0; i < n; i++)
			if (matches(items[i], filter))
				vis[nvis++] = i;
		if (first) {
			for (int i = 0; i < nvis; i++)
				if (vis[i] == start)
					sel = i;
			first = false;
		}
		if (sel >= nvis)
			sel = nvis > 0 ? nvis - 1 : 0;
		if (preview && nvis > 0)
			preview(t, vis[sel], ctx);
		if (t->playing)
			draw_compose(t);
		else
			erase(); /* from the start menu: no game to draw under it */
		/* the box: over the panel, wider when the items or the keys line need it */
		static const char keys[] = "Enter choose  Esc cancel  type to filter";
		int longest = (int)strlen(keys);
		if ((int)strlen(title) > longest)
			longest = (int)strlen(title);
		for (int i = 0; i < n; i++)
			if ((int)strlen(items[i]) > longest)
				longest = (int)strlen(items[i]);
		int w = longest + 4;
		if (w < t->lay.panel_w + 1)
			w = t->lay.panel_w + 1;
		if (w > COLS * 4 / 5) /* the map keeps showing the highlighted action */
			w = COLS * 4 / 5;
		int h = LINES - 2;
		int x = COLS - w, y = 1;
		dialog_box(y, x, h, w);
		attr_set(A_BOLD, 0, NULL);
		/* a title wider than the box folds: its first part on the frame, the rest on the
		 * rows below it (fold, never cut) */
		const char *tp = title;
		int cut = draw_fold_cut(tp, w - 4), trows = 0;
		draw_text(y, x + 2, cut, tp);
		for (tp += cut; *tp == ' '; tp++)
			;
		while (*tp && trows < 3) {
			cut = draw_fold_cut(tp, w - 4);
			move(y + 1 + trows, x + 1);
			for (int k = 0; k < w - 2; k++)
				addch(' ');
			draw_text(y + 1 + trows++, x + 2, cut, tp);
			for (tp += cut; *tp == ' '; tp++)
				;
		}
		attr_set(A_NORMAL, 0, NULL);
		y += trows;
		h -= trows;
		int rows = h - 4;
		if (sel < top)
			top = sel;
		if (sel >= top + rows)
			top = sel - rows + 1;
		for (int r = 0; r < rows && top + r < nvis; r++) {
			attr_set(top + r == sel ? A_REVERSE : A_NORMAL, 0, NULL);
			move(y + 1 + r, x + 1);
			for (int k = 0; k < w - 2; k++)
				addch(' ');
			draw_text(y + 1 + r, x + 2, w - 4, items[vis[top + r]]);
		}
		attr_set(A_NORMAL, 0, NULL);
		char foot[128];
		snprintf(foot, sizeof foot, "%d/%d  filter: %s_", nvis ? sel + 1 : 0, nvis, filter);
		draw_text(y + h - 3, x + 2, w - 4, foot);
		draw_text(y + h - 2, x + 2, w - 4, keys);
		int ch = dialog_key(t);
		switch (ch) {
		case KEY_UP: sel = sel > 0 ? sel - 1 : sel; break;
		case KEY_DOWN: sel = sel + 1 < nvis ? sel + 1 : sel; break;
		case KEY_PPAGE: sel = sel > rows ? sel - rows : 0; break;
		case KEY_NPAGE: sel = sel + rows < nvis ? sel + rows : (nvis ? nvis - 1 : 0); break;
		case KEY_HOME: sel = 0; break;
		case KEY_END: sel = nvis ? nvis - 1 : 0; break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 27: goto done;
		case '\t':
			if (tab) {
				result = DIALOG_TAB;
				goto done;
			}
			break;
		case '\n': case '\r': case KEY_ENTER:
			if (nvis > 0) {
				result = vis[sel];
				goto done;
			}
			break;
		case KEY_BACKSPACE: case 127: case 8: {
			size_t len = strlen(filter);
			if (len)
				filter[len - 1] = 0;
			break;
		}
		default:
			if (ch > 0 && ch < 127 && isprint(ch)) {
				size_t len = strlen(filter);
				if (len + 1 < flen) {
					filter[len] = (char)ch;
					filter[len + 1] = 0;
					sel = 0;
				}
			}
			break;
		}
	}
done:
	free(vis);
	return result;
}

bool dialog_confirm(struct tui *t, const char *question)
{
	draw_compose(t);
	move(t->lay.msg_y, 0);
	clrtoeol();
	attr_set(A_BOLD | A_REVERSE, 0, NULL);
	draw_bottom(t->lay.msg_y, COLS, question);
	attr_set(A_NORMAL, 0, NULL);
	int ch = dialog_key(t);
	t->msg[0] = 0;
	return ch == 'y' || ch == 'Y';
}

bool dialog_prompt(struct tui *t, const char *question, char *buf, size_t len)
{
	size_t n = strlen(buf);
	curs_set(1);
	for (;;) {
		draw_compose(t);
		move(t->lay.msg_y, 0);
		clrtoeol();
		attr_set(A_BOLD, 0, NULL);
		draw_text(t->lay.msg_y, 0, COLS, question);
		attr_set(A_NORMAL, 0, NULL);
		int x = (int)strlen(question) + 1;
		draw_text(t->lay.msg_y, x, COLS - x - 1, buf);
		move(t->lay.msg_y, x + (int)n < COLS - 1 ? x + (int)n : COLS - 1);
		int ch = dialog_key(t);
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
			curs_set(0);
			t->msg[0] = 0;
			return n > 0;
		}
		if (ch == 27) {
			curs_set(0);
			t->msg[0] = 0;
			return false;
		}
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0)
			buf[--n] = 0;
		else if (ch == 21) /* ^U: clear */
			buf[n = 0] = 0;
		else if (ch == '\t') { /* complete a file name */
			files_complete(buf, len);
			n = strlen(buf);
		} else if (ch == KEY_RESIZE)
			tui_relayout(t);
		else if (ch >= 32 && ch < 127 && n + 1 < len) {
			buf[n++] = (char)ch;
			buf[n] = 0;
		}
	}
}

/* ---- full-screen pages ---- */

/* Where a folded line of a page goes on: under its text's second column when it has one
 * (the description of a key, the sentence after a log line's turn), else 4 in. */
static int fold_indent(const char *s, int w)
{
	const char *p = s;
	while (*p == ' ')
		p++;
	while (*p && !(p[0] == ' ' && p[1] == ' '))
		p++;
	while (*p == ' ')
		p++;
	int col = *p ? (int)(p - s) : 4;
	return col < w / 2 ? col : 4;
}

/* The rows of `lines` folded to w columns: row r shows row_len[r] bytes of line row_line[r]
 * from row_off[r], indented row_ind[r]; the count (at most max). */
static int fold_page(const char *const *lines, int n, int w, int *row_line, int *row_off,
		     int *row_len, int *row_ind, int max)
{
	int rows = 0;
	for (int i = 0; i < n && rows < max; i++) {
		const char *s = lines[i];
		int off = 0, ind = 0, hang = fold_indent(s, w);
		do {
			int cut = draw_fold_cut(s + off, w - ind);
			row_line[rows] = i, row_off[rows] = off, row_len[rows] = cut, row_ind[rows] = ind;
			rows++;
			off += cut;
			while (s[off] == ' ')
				off++;
			ind = hang;
		} while (s[off] && rows < max);
	}
	return rows;
}

void dialog_text(struct tui *t, const char *title, const char *const *lines, int n)
{
	(void)dialog_text_keys(t, title, lines, n, "");
}

int dialog_text_keys(struct tui *t, const char *title, const char *const *lines, int n,
		     const char *closers)
{
	enum { ROWS_MAX = 1600 };
	static int row_line[ROWS_MAX], row_off[ROWS_MAX], row_len[ROWS_MAX], row_ind[ROWS_MAX];
	int top = 0;
	for (;;) {
		/* folded to the width (a log line's destinations and MP, a help line): never cut */
		int nr = fold_page(lines, n, COLS - 2, row_line, row_off, row_len, row_ind, ROWS_MAX);
		erase();
		attr_set(A_REVERSE, 0, NULL);
		move(0, 0);
		for (int i = 0; i < COLS; i++)
			addch(' ');
		draw_text(0, 1, COLS - 2, title);
		attr_set(A_NORMAL, 0, NULL);
		int rows = LINES - 2;
		if (top > nr - 1)
			top = nr > 0 ? nr - 1 : 0;
		for (int r = 0; r < rows && top + r < nr; r++) {
			int k = top + r;
			mvaddnstr(1 + r, 1 + row_ind[k], lines[row_line[k]] + row_off[k], row_len[k]);
		}
		attr_set(A_DIM, 0, NULL);
		char foot[128];
		snprintf(foot, sizeof foot, "lines %d-%d of %d   Space/PgDn more, PgUp back, g/G first/last, q close",
			 nr ? top + 1 : 0, top + rows < nr ? top + rows : nr, nr);
		draw_text(LINES - 1, 1, COLS - 2, foot);
		attr_set(A_NORMAL, 0, NULL);
		int ch = dialog_key(t);
		switch (ch) {
		case ' ': case KEY_NPAGE: top = top + rows < nr ? top + rows : top; break;
		case KEY_DOWN: case 'j': top = top + rows < nr ? top + 1 : top; break;
		case KEY_UP: case 'k': top = top > 0 ? top - 1 : 0; break;
		case KEY_PPAGE: case 'b': top = top > rows ? top - rows : 0; break;
		case KEY_HOME: case 'g': top = 0; break;
		case KEY_END: case 'G': top = nr > rows ? nr - rows : 0; break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 'q': case 'Q': case 27: case '\n': case '\r': case KEY_ENTER: return ch;
		default:
			if (ch > 0 && ch < 128 && strchr(closers, ch))
				return ch;
			break;
		}
	}
}

/* Lines of a page built with printf; kept until the next page is built. */
#define PAGE_MAX 400
static char page_buf[PAGE_MAX][480];
static const char *page_lines[PAGE_MAX];
static int npage;

static void page(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void page(const char *fmt, ...)
{
	if (npage >= PAGE_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(page_buf[npage], sizeof page_buf[npage], fmt, ap);
	va_end(ap);
	page_lines[npage] = page_buf[npage];
	npage++;
}

/* The rows event k of log takes folded to w columns (continuation rows indented 3). */
static int handover_rows(const struct tui *t, const struct event_log *log, int k, int w)
{
	char text[EVENT_TEXT_MAX];
	event_format_at(t->g->scn, log, k, text, sizeof text);
	int rows = 0;
	for (const char *p = text; *p; rows++) {
		p += draw_fold_cut(p, rows ? w - 3 : w);
		while (*p == ' ')
			p++;
	}
	return rows ? rows : 1;
}

/* Draws the hand-over page with the log of what happened since the player last looked,
 * scrolled `back` lines up from its end; returns how far back it can scroll. */
static int handover_draw(struct tui *t, const char *title, int back, int *rows)
{
	enum side side = t->g->pending.side;
	erase();
	char pend[128];
	play_describe_pending(t, pend, sizeof pend);
	int y = LINES / 2 - 6 > 0 ? LINES / 2 - 6 : 0;
	char line[200];
	attr_set(A_BOLD, 0, NULL);
	if (title)
		snprintf(line, sizeof line, "%s", title);
	else
		snprintf(line, sizeof line, "Hand over to the %s player", tui_side_title(side));
	draw_text(y, (COLS - (int)strlen(line)) / 2, COLS, line);
	attr_set(A_NORMAL, 0, NULL);
	snprintf(line, sizeof line, "Turn %d, %s - %s", t->g->turn, tui_turn_time(t, t->g->turn), pend);
	draw_text(y + 2, (COLS - (int)strlen(line)) / 2, COLS, line);
	/* What happened since the other player took over: the dice and results (as much as
	 * the log holds: a game loaded from a file has only the file's events). */
	const struct event_log *log = &match_record(t->match)->events;
	int first = t->seen_log, to = event_log_end(log);
	if (first < log->first)
		first = log->first;
	int room = LINES - y - 7;
	if (room < 1)
		room = 1;
	*rows = room;
	/* each event folded to the width (a computer's note runs long), so a page holds as many
	 * events as fit in its rows: `back` counts events, and the earliest page ends where
	 * the first event's page is full */
	int w = COLS - 6, top = first, used = 0;
	while (top < to && used + handover_rows(t, log, top, w) <= room)
		used += handover_rows(t, log, top++, w);
	int max_back = to - top;
	if (back > max_back)
		back = max_back;
	int last = to - back, from = last;
	used = 0;
	while (from > first && used + handover_rows(t, log, from - 1, w) <= room)
		used += handover_rows(t, log, --from, w);
	if (from == last && from > first)
		from--; /* an event longer than the page: its first rows */
	if (first < to)
		draw_text(y + 4, 2, COLS - 4, from > first ? "Since then (earlier lines above):" :
			  "Since then:");
	for (int k = from, row = 0; k < last && row < room; k++) {
		char text[EVENT_TEXT_MAX];
		event_format_at(t->g->scn, log, k, text, sizeof text);
		const char *p = text;
		for (bool head = true; *p && row < room; head = false) {
			int indent = head ? 0 : 3, cut = draw_fold_cut(p, w - indent);
			mvaddnstr(y + 5 + row++, 4 + indent, p, cut);
			p += cut;
			while (*p == ' ')
				p++;
		}
	}
	attr_set(A_REVERSE, 0, NULL);
	if (max_back > 0)
		snprintf(line, sizeof line, " Enter go on, w on the map, Up/PgUp/g earlier, "
			 "Down/PgDn/G later: %d-%d of %d ", from - first + 1, last - first, to - first);
	else if (first < to)
		snprintf(line, sizeof line, " Press Enter to go on, w to see it on the map ");
	else
		snprintf(line, sizeof line, " Press Enter to go on ");
	if (watching(t)) { /* the computer on both sides: it may go on by itself */
		char a[80];
		attr_set(A_NORMAL, 0, NULL);
		draw_text(LINES - 2, 0, COLS, dialog_auto_words(t, a, sizeof a));
		attr_set(A_REVERSE, 0, NULL);
	}
	draw_text(LINES - 1, 0, COLS, line);
	attr_set(A_NORMAL, 0, NULL);
	return max_back;
}

int dialog_handover(struct tui *t, const char *title)
{
	int back = 0, closed;
	for (;;) {
		int page;
		int max_back = handover_draw(t, title, back, &page); /* a page: the lines shown */
		if (back > max_back)
			back = max_back;
		bool by_itself = watching(t) && t->auto_ms > 0;
		int ch = by_itself ? dialog_key_within(t, t->auto_ms) : dialog_key(t);
		if (by_itself && ch == ERR) { /* the time is up: on with the other side */
			closed = '\n';
			break;
		}
		if (watching(t) && (ch == 'a' || ch == '+' || ch == '=' || ch == '-')) {
			dialog_auto_key(t, ch);
			continue;
		}
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
			closed = '\n';
			break;
		}
		if (ch == 27 || ch == 'q' || ch == 'Q' || ch == 'w') {
			closed = ch == 'Q' ? 'q' : ch;
			break;
		}
		switch (ch) {
		case KEY_UP: case 'k': back = back < max_back ? back + 1 : back; break;
		case KEY_DOWN: case 'j': back = back > 0 ? back - 1 : 0; break;
		case KEY_PPAGE: case 'b': back = back + page < max_back ? back + page : max_back; break;
		case KEY_NPAGE: back = back > page ? back - page : 0; break;
		case KEY_HOME: case 'g': back = max_back; break;
		case KEY_END: case 'G': back = 0; break;
		case KEY_RESIZE: tui_relayout(t); break;
		default: break;
		}
	}
	t->replay_from = t->seen_log;
	t->seen_log = t->g->nlog;
	if (closed == 'w')
		replay_run(t, t->replay_from);
	return closed;
}

static void help_line(void *ctx, const char *text)
{
	(void)ctx;
	page("%s", text);
}

static void help_sequence(void)
{
	page("SEQUENCE OF PLAY (5.2): eleven turns, 6:00 am to 5:00 pm; the Union goes first");
	page("  Union player-turn");
	page("    movement phase: corps availability rolls (13.4D), Terrible Mishap (8.14,");
	page("      option), withdrawal (13.5) and its movement (13.6), commitment (13.1),");
	page("      then movement (8.0)");
	page("    artillery fire phase (10.0): each gun may fire once; Moved markers go");
	page("    combat phase (11.0): declare attacks, resolve them hex by hex, defensive");
	page("      fire (11.5B), the defender's choice of who loses each step when several");
	page("      hexes defend (11.15B), retreats (11.17), advances (11.18), supporting");
	page("      advances (11.19), break off (11.5E), round two");
	page("  Confederate player-turn: the same without withdrawal and commitment;");
	page("    A.P. Hill may arrive from turn 8 (9.1)");
	page("  End of turn: control of hexes (3.3); after turn 11 the game ends (3.5)");
}

static void help_map(const struct tui *t)
{
	page("THE MAP");
	page("  a hex:  /U12 4\\   line A: the top unit (id, steps now) or the terrain");
	page("          \\+2M_u/   line B, the hex's south side: +N more units, M Moved");
	page("                    artillery, MP cost (9+: at double-time, 8.9) or X on");
	page("                    marked hexes, ! an attack declared on it, u/c/* control");
	page("                    of a victory hex (Union, Confederate, nobody)");
	page("  terrain   %s woods  %s orchard  %s cornfield  %s town  %s high ground",
	     t->utf8 ? "\u2663" : "T", t->utf8 ? "\u2022" : "o", t->utf8 ? "\u03c8" : "Y",
	     t->utf8 ? "\u25a0" : "+", t->utf8 ? "\u00b7" : ".");
	page("  hexsides  %s bridge  %s ford  %s Antietam Creek  %s Sunken Road side",
	     t->utf8 ? "\u256c" : "#", t->utf8 ? "\u250a" : ":", t->utf8 ? "\u2248" : "~",
	     t->utf8 ? "\u2592" : "%");
	page("            %s primary road  %s secondary road  %s run  ^ crest  %s slope",
	     t->utf8 ? "\u2551" : "H", t->utf8 ? "\u2502" : "|", t->utf8 ? "~" : "-",
	     t->utf8 ? "\u2591" : "'");
	page("            (drawn on the outline between the two hexes)");
	page("  units     U = Union, C = Confederate (blue / grey in colour);");
	page("            dim: already moved or fired");
	page("  panel     steps now/full, CV combat value, M morale, MA movement allowance;");
	page("            artillery: FV fire value, R range");
	page("  marks     destinations of the selected unit (MP cost on them), targets X,");
	page("            the path of the action highlighted in a list");
}

void dialog_help(struct tui *t)
{
	npage = 0;
	keys_document(KEYS_DOC_HELP, help_line, NULL); /* the key table, keys.c */
	page("%s", "");
	help_sequence();
	page("%s", "");
	help_map(t);
	dialog_text(t, "Antietam - help", page_lines, npage);
}

void dialog_log(struct tui *t)
{
	npage = 0;
	const struct event_log *log = &match_record(t->match)->events;
	for (int k = event_log_end(log) - 1; k >= log->first && npage < PAGE_MAX; k--) {
		const struct game_event *e = event_log_at(log, k);
		char text[EVENT_TEXT_MAX];
		event_format_at(t->g->scn, log, k, text, sizeof text);
		page("T%-2d %s", e->turn, text);
	}
	if (npage == 0)
		page("nothing has happened yet");
	dialog_text(t, "Log of dice and results, newest first", page_lines, npage);
}

/* Steps and units each side has lost: read straight off the position. */
static void report_losses(struct tui *t)
{
	const struct game *g = t->g;
	const struct roster *r = tui_roster(t);
	for (int s = SIDE_UNION; s <= SIDE_CONFEDERATE; s++) {
		int steps = 0, lost = 0, dead = 0;
		for (int u = 0; u < ROSTER_UNITS; u++) {
			if (r->unit[u].side != (enum side)s || (g->unit[u].flags & UF_REMOVED))
				continue; /* not in the game (a scenario's `out`) */
			steps += r->unit[u].steps;
			lost += r->unit[u].steps - g->unit[u].steps;
			if (g->unit[u].steps == 0)
				dead++;
		}
		page("  %-12s lost %3d of %3d steps, %2d unit%s eliminated", tui_side_title(s), lost,
		     steps, dead, dead == 1 ? "" : "s");
	}
}

/* What a line of the count pays, for the score's last column: "all 4", "some 1, all 2",
 * "any hex 3", "each 1" (an eliminated unit). */
static void score_worth(const struct victory_line *l, char *buf, size_t len)
{
	char full[16], some[16];
	victory_format(l->full2, full, sizeof full);
	victory_format(l->some2, some, sizeof some);
	if (l->nhexes == 0)
		snprintf(buf, len, "each %s", full);
	else if (l->any)
		snprintf(buf, len, "any hex %s", full);
	else if (l->some2 > 0)
		snprintf(buf, len, "some %s, all %s", some, full);
	else
		snprintf(buf, len, "%s %s", l->nhexes == 1 ? "held" : "all", full);
}

/* "union-marginal" as a reader says it: "Union Marginal". */
void dialog_level_title(const char *key, char *buf, size_t len)
{
	size_t n = 0;
	bool up = true;
	for (const char *p = key ? key : "?"; *p && n + 1 < len; p++) {
		char c = *p == '-' ? ' ' : *p;
		buf[n++] = up ? (char)toupper((unsigned char)c) : c;
		up = c == ' ';
	}
	buf[n] = 0;
}

void dialog_report(struct tui *t)
{
	npage = 0;
	bool over = t->g->pending.what == DECISION_GAMEOVER;
	int last = start_last_turn(t->g); /* 11, or a scenario's (start.h) */
	if (over)
		page("THE BATTLE IS OVER (end of turn %d%s)", last, last == GAME_TURNS ? ", 5:00 pm" : "");
	else
		page("%s", "THE SITUATION NOW");
	page("%s", "");
	struct victory_count vc;
	bool solo = t->g->opt.solitaire;
	if (solo)
		victory_solitaire(t->g, &vc); /* 19.0: the Confederacy scores */
	else
		victory_two_player(t->g, &vc);
	char vp[16];
	victory_format(vc.vp2, vp, sizeof vp);
	char level[48];
	dialog_level_title(vc.level, level, sizeof level);
	page("%s victory points: %s", solo ? "Confederate" : "Union", vp);
	bool sector = start_game(t->g) && start_game(t->g)->victory == START_VICTORY_SECTOR;
	page("Level of victory (%s): %s%s", sector ? "seed 002's 4.2" : solo ? "19.0B" : "3.5", level,
	     over ? "" : ", if the game ended now");
	page("%s", "");
	page("Victory points by objective (%s): %s hexes, VP now, worth", solo ? "19.0" : "3.2-3.4",
	     solo ? "Confederate" : "Union");
	int w = 0; /* the names in one column, as wide as the longest */
	for (int i = 0; i < vc.nlines; i++)
		if ((int)strlen(vc.line[i].name) > w)
			w = (int)strlen(vc.line[i].name);
	for (int i = 0; i < vc.nlines; i++) {
		const struct victory_line *l = &vc.line[i];
		char v[16], worth[48];
		victory_format(l->vp2, v, sizeof v);
		score_worth(l, worth, sizeof worth);
		if (l->nhexes > 0)
			page("  %-*s %2d of %2d %-5s %5s VP  %s", w, l->name, l->held, l->nhexes,
			     l->nhexes == 1 ? "hex" : "hexes", v, worth);
		else
			page("  %-*s %14s %5s VP  %s", w, l->name, "", v, worth);
		if (l->why) /* why the hexes held pay nothing (the road chain, 19.0) */
			page("    %s", l->why);
	}
	if (!over)
		page("  (V on the map marks the objective hexes you do not hold)");
	page("%s", "");
	page("Losses");
	report_losses(t);
	if (over) { /* beside 1862 and the simulated games of the same scenario (src/sim,
		     * docs/simulate.md) */
		char cmp[12][SIM_LINE];
		int k = sim_compare(t->scn, t->datadir, t->g, cmp, 12);
		if (k > 0)
			page("%s", "");
		for (int i = 0; i < k; i++)
			page("%s", cmp[i]);
	}
	if (solo) {
		page("%s", "");
		page("Union objectives (15.0): formation, objective pursued, where");
		for (int f = 0; f < SOLO_FORMATIONS; f++) {
			char d[128];
			solitaire_objective_describe(t->g, f, d, sizeof d);
			page("  %s", d);
		}
	}
	if (dialog_text_keys(t, over ? "End of the game" : "Score", page_lines, npage,
			     over ? "" : "V") == 'V')
		track_toggle_unheld(t);
}
