/* keys.c — owns the terminal game's one key table: each row the keys it answers to, where
 * they act (modes), what they do in words (on the map, and in the quick set-up where that
 * differs) and the handler the map's key loop calls (keys_dispatch, from tui.c). The help
 * screen, README.md's table of keys and the manual page's KEYS section are all written from
 * it (keys_document; make keys-doc rewrites the two files, tests/test_tui_keys.c checks
 * them). The hand-over screen's and the replay's rows have no handler: those screens read
 * their own keys, the rows say what they are. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "tui_internal.h"

#define KEY_CODES 8

struct key_row {
	int code[KEY_CODES];       /* the keys, 0 after the last */
	unsigned modes;            /* KEYS_MAP … */
	const char *help;          /* what they do (NULL: not a key a player presses) */
	const char *setup;         /* in the quick set-up, when it differs (KEYS_SETUP) */
	bool (*fn)(struct tui *t, const struct key_row *k); /* false: leave for the start menu */
	int dx, dy, times;         /* the cursor's step (cursor rows) */
};

/* ---- the handlers ---- */

static bool cursor(struct tui *t, const struct key_row *k)
{
	tui_move_cursor(t, k->dx, k->dy, k->times);
	return true;
}
#define CURSOR(x, y, n) .fn = cursor, .dx = x, .dy = y, .times = n

static bool centre(struct tui *t, const struct key_row *k) { (void)k; tui_centre(t); return true; }
static bool goto_hex(struct tui *t, const struct key_row *k) { (void)k; tui_goto_hex(t); return true; }
static bool enter(struct tui *t, const struct key_row *k) { (void)k; play_enter(t); return true; }
static bool mouse(struct tui *t, const struct key_row *k) { (void)k; tui_mouse_click(t); return true; }
static bool next_unit(struct tui *t, const struct key_row *k) { (void)k; play_next_unit(t); return true; }
static bool menu_all(struct tui *t, const struct key_row *k) { (void)k; play_menu(t, false); return true; }
static bool menu_here(struct tui *t, const struct key_row *k) { (void)k; play_menu(t, true); return true; }
static bool end(struct tui *t, const struct key_row *k) { (void)k; play_end(t); return true; }
static bool undo(struct tui *t, const struct key_row *k) { (void)k; play_undo(t); return true; }
static bool remove_unit(struct tui *t, const struct key_row *k) { (void)k; setup_remove(t); return true; }
static bool fill(struct tui *t, const struct key_row *k) { (void)k; setup_fill(t); return true; }
static bool to_place(struct tui *t, const struct key_row *k) { (void)k; setup_list(t); return true; }
static bool los(struct tui *t, const struct key_row *k) { (void)k; play_los(t); return true; }
static bool log_page(struct tui *t, const struct key_row *k) { (void)k; dialog_log(t); return true; }
static bool score(struct tui *t, const struct key_row *k) { (void)k; dialog_report(t); return true; }
static bool turns(struct tui *t, const struct key_row *k) { (void)k; track_turns(t); return true; }
static bool roster(struct tui *t, const struct key_row *k) { (void)k; track_roster(t); return true; }
static bool overview(struct tui *t, const struct key_row *k) { (void)k; tui_toggle_overview(t); return true; }
static bool unheld(struct tui *t, const struct key_row *k) { (void)k; track_toggle_unheld(t); return true; }
static bool zoc(struct tui *t, const struct key_row *k) { (void)k; track_toggle_zoc(t); return true; }
static bool replay(struct tui *t, const struct key_row *k) { (void)k; replay_run(t, t->replay_from); return true; }
static bool ghost(struct tui *t, const struct key_row *k) { (void)k; ghost_run(t); return true; }
static bool save(struct tui *t, const struct key_row *k) { (void)k; tui_save_game(t); return true; }
static bool rules(struct tui *t, const struct key_row *k) { (void)k; reference_open(t); return true; }
static bool help(struct tui *t, const struct key_row *k) { (void)k; dialog_help(t); return true; }
static bool seats(struct tui *t, const struct key_row *k) { (void)k; seats_dialog(t); return true; }
static bool relayout(struct tui *t, const struct key_row *k) { (void)k; tui_relayout(t); return true; }

static bool drop(struct tui *t, const struct key_row *k)
{
	(void)k;
	play_cancel(t);
	t->msg[0] = 0;
	return true;
}

static bool names(struct tui *t, const struct key_row *k)
{
	(void)k;
	t->show_names = !t->show_names;
	return true;
}

static bool mono(struct tui *t, const struct key_row *k)
{
	(void)k;
	t->opt.mono = !t->opt.mono;
	draw_init_colours(t);
	tui_say(t, false, "%s", t->opt.mono ? "monochrome: glyphs only" : "colour");
	return true;
}

static bool panel_up(struct tui *t, const struct key_row *k)
{
	(void)k;
	if (t->panel_scroll > 0)
		t->panel_scroll--;
	return true;
}

static bool panel_down(struct tui *t, const struct key_row *k)
{
	(void)k;
	t->panel_scroll++;
	return true;
}

static bool repaint(struct tui *t, const struct key_row *k)
{
	(void)t, (void)k;
	clearok(curscr, TRUE);
	return true;
}

static bool menu(struct tui *t, const struct key_row *k)
{
	(void)k;
	return !dialog_confirm(t, "Leave the game for the start menu (it stays open)? (y/n)");
}

/* ---- the table ---- */

static const struct key_row rows[] = {
	{ { KEY_UP, 'k', '8' }, KEYS_MAP | KEYS_SETUP, "cursor north", NULL, CURSOR(0, -1, 1) },
	{ { KEY_DOWN, 'j', '2' }, KEYS_MAP | KEYS_SETUP, "cursor south", NULL, CURSOR(0, 1, 1) },
	{ { KEY_LEFT, 'h', '4' }, KEYS_MAP | KEYS_SETUP, "cursor west, straight across the columns",
	  NULL, CURSOR(-1, 0, 1) },
	{ { KEY_RIGHT, 'l', '6' }, KEYS_MAP | KEYS_SETUP, "cursor east, straight across the columns",
	  NULL, CURSOR(1, 0, 1) },
	{ { KEY_A1, KEY_HOME, '7' }, KEYS_MAP | KEYS_SETUP, "cursor north-west", NULL, CURSOR(-1, -1, 1) },
	{ { KEY_A3, KEY_PPAGE, '9' }, KEYS_MAP | KEYS_SETUP, "cursor north-east", NULL, CURSOR(1, -1, 1) },
	{ { KEY_C1, KEY_END, '1' }, KEYS_MAP | KEYS_SETUP, "cursor south-west", NULL, CURSOR(-1, 1, 1) },
	{ { KEY_C3, KEY_NPAGE, '3' }, KEYS_MAP | KEYS_SETUP, "cursor south-east", NULL, CURSOR(1, 1, 1) },
	{ { 'K', KEY_SR }, KEYS_MAP | KEYS_SETUP, "cursor five hexes north", NULL, CURSOR(0, -1, 5) },
	{ { 'J', KEY_SF }, KEYS_MAP | KEYS_SETUP, "cursor five hexes south", NULL, CURSOR(0, 1, 5) },
	{ { 'H', KEY_SLEFT }, KEYS_MAP | KEYS_SETUP, "cursor five hexes west", NULL, CURSOR(-1, 0, 5) },
	{ { 'L', KEY_SRIGHT }, KEYS_MAP | KEYS_SETUP, "cursor five hexes east", NULL, CURSOR(1, 0, 5) },
	{ { 'c' }, KEYS_MAP | KEYS_SETUP, "centre the view on the cursor", NULL, .fn = centre },
	{ { '#' }, KEYS_MAP | KEYS_SETUP, "go to a hex: type its number (1916), the view centred "
	  "on it", NULL, .fn = goto_hex },
	{ { '\n', '\r', KEY_ENTER, ' ', KEY_B2, '5' }, KEYS_MAP | KEYS_SETUP,
	  "select a unit of the cursor hex (again: the next one of the stack); with a unit "
	  "selected, act on the marked hex under the cursor (move, enter, fire, attack, retreat, "
	  "advance)",
	  "place the selected unit on the marked hex under the cursor; on a placed unit of yours: "
	  "select it", .fn = enter },
	{ { KEY_MOUSE }, KEYS_MAP | KEYS_SETUP,
	  "cursor to the hex; a second click on it, a double or a right click acts like Enter",
	  NULL, .fn = mouse },
	{ { 'n', '\t' }, KEYS_MAP | KEYS_SETUP, "the next unit that can still act (the view centred on it when it was out of view)",
	  "the next unit to place: its zone is marked", .fn = next_unit },
	{ { 27 }, KEYS_MAP | KEYS_SETUP, "drop the selection", NULL, .fn = drop },
	{ { 'a' }, KEYS_MAP, "every legal action now in a list (type to filter; the map previews the "
	  "highlighted one), best first: each fire's chance of a hit, each attack's outcome over both "
	  "rounds (the defender eliminated, retreating, the steps each side loses), each move's MP "
	  "and the terrain it ends in, each retreat path's cost; with many units one line a unit, "
	  "then its own list", NULL, .fn = menu_all },
	{ { 'x' }, KEYS_MAP, "the legal actions of the cursor hex, in a list", NULL, .fn = menu_here },
	{ { 'e' }, KEYS_MAP | KEYS_SETUP, "end the phase or step: asks first when units could "
	  "still act; where the step cannot end, says why (an attack 11.1B still requires) and "
	  "offers to go there", "end your set-up (refused while units are left, 4.1B)", .fn = end },
	{ { 'u' }, KEYS_MAP | KEYS_SETUP, "undo the last move of this movement phase",
	  "remove the unit placed last", .fn = undo },
	{ { 'r' }, KEYS_SETUP, NULL, "remove the selected placed unit (or one of yours in the "
	  "cursor hex)", .fn = remove_unit },
	{ { 'f' }, KEYS_SETUP, NULL, "place every unit left on its historical (4.3) hex, after "
	  "asking", .fn = fill },
	{ { 'p' }, KEYS_SETUP, NULL, "the list of the units still to place; the chosen one is "
	  "selected", .fn = to_place },
	{ { 'o' }, KEYS_MAP, "artillery line of sight (10.6) from the selected gun to the cursor, "
	  "with what blocks it; nothing selected: o marks the hex to trace from", NULL, .fn = los },
	{ { 'g' }, KEYS_MAP, "the log of every die roll and result, newest first", NULL, .fn = log_page },
	{ { 'i' }, KEYS_MAP, "1862 on the map: where the real armies stood at the hour of seed 002 "
	  "nearest this turn, marked, with their trails from the hour before (n/p: another hour)",
	  NULL, .fn = ghost },
	{ { 'v' }, KEYS_MAP, "the score: each objective's hexes held, its VPs now and what it "
	  "pays (and why a held row pays nothing), losses by side; V there marks the hexes", NULL,
	  .fn = score },
	{ { 'V' }, KEYS_MAP, "the objective hexes you do not hold lit on the map (3.3), or no "
	  "longer", NULL, .fn = unheld },
	{ { 't' }, KEYS_MAP, "the turn track: the hours, the VPs at each turn's end, the "
	  "reinforcements due (VI Corps on turn 6, A.P. Hill's rolls with their chances and the "
	  "chance he has come by then), the Union corps, the VPs now", NULL, .fn = turns },
	{ { 'R' }, KEYS_MAP, "the roster: every unit by corps and division with its steps, hex, "
	  "CV, morale, MA, division and status (committed, moved, fired, STR ...); Tab sorts it "
	  "(combat value, steps lost, MA); type to filter (a division: I/3, Hd), Enter goes to the "
	  "unit and selects it if it can act", NULL, .fn = roster },
	{ { 'z' }, KEYS_MAP | KEYS_SETUP, "the overview map: the whole battlefield at once with a "
	  "legend where there is room (80x24: half a cell a hex; again: two cells a hex; again: "
	  "back); every key works there as on the detailed map", NULL, .fn = overview },
	{ { 'Z' }, KEYS_MAP, "the enemy's zones of control (6.1-6.2); with a unit selected in a "
	  "movement phase the panel says whether it may end its move in the cursor hex, or which "
	  "rule keeps it out", NULL, .fn = zoc },
	{ { 'w' }, KEYS_MAP, "what happened, on the map: the events since you last looked (the "
	  "other side's or the bot's turn), moves as trails, attacks and fires marked, step by step "
	  "with the log line (also w on the hand-over screen)", NULL, .fn = replay },
	{ { 'C' }, KEYS_MAP | KEYS_SETUP, "the seats, from any position: the computer finishes "
	  "the game (the general at the level you choose, on every side you play), takes a side "
	  "or gives it back to you; watching, stopped to look, C works too", NULL, .fn = seats },
	{ { 'S' }, KEYS_MAP | KEYS_SETUP, "save to a position file (the prompt names the directory "
	  "a bare name goes to; Tab completes file names)", NULL, .fn = save },
	{ { 'T' }, KEYS_MAP | KEYS_SETUP, "landmark names on the map on/off", NULL, .fn = names },
	{ { 'm' }, KEYS_MAP | KEYS_SETUP, "monochrome: no colour, glyphs only (also antietam -m)",
	  NULL, .fn = mono },
	{ { '[' }, KEYS_MAP | KEYS_SETUP, "scroll the side panel up", NULL, .fn = panel_up },
	{ { ']' }, KEYS_MAP | KEYS_SETUP, "scroll the side panel down", NULL, .fn = panel_down },
	{ { '?' }, KEYS_MAP | KEYS_SETUP, "the rules reference: the rules the message line, the "
	  "decision, the side panel and the latest log lines cite, each with a summary; the "
	  "glossary; the charts (the CRT and the Artillery Fire Table as grids, the terrain "
	  "chart, with their DRMs); every summary (type to filter)", NULL, .fn = rules },
	{ { KEY_F(1) }, KEYS_MAP | KEYS_SETUP, "this help: the keys, the sequence of play, the map "
	  "legend", NULL, .fn = help },
	{ { 12 }, KEYS_MAP | KEYS_SETUP, "draw the screen again", NULL, .fn = repaint },
	{ { 'q', 'Q' }, KEYS_MAP | KEYS_SETUP, "back to the start menu (asks; the game stays open "
	  "and is autosaved)", NULL, .fn = menu },
	{ { KEY_RESIZE }, KEYS_MAP | KEYS_SETUP, NULL, NULL, .fn = relayout },
	/* the hand-over screen reads its own keys (dialog_handover) */
	{ { '\n', ' ' }, KEYS_HANDOVER, "go on", NULL, .fn = NULL },
	{ { KEY_UP, 'k', KEY_DOWN, 'j' }, KEYS_HANDOVER, "scroll the events a line", NULL, .fn = NULL },
	{ { KEY_PPAGE, 'b', KEY_NPAGE }, KEYS_HANDOVER, "scroll the events a page", NULL, .fn = NULL },
	{ { 'g', KEY_HOME, 'G', KEY_END }, KEYS_HANDOVER, "the first events / the last", NULL, .fn = NULL },
	{ { 'w' }, KEYS_HANDOVER, "the same events on the map (the replay)", NULL, .fn = NULL },
	{ { 'a' }, KEYS_HANDOVER, "watching the computer: go on by itself to the other side's "
	  "turn after a pause, or no longer", NULL, .fn = NULL },
	{ { '+', '-' }, KEYS_HANDOVER, "watching: a shorter or longer pause (1, 2, 4 or 8 s)", NULL,
	  .fn = NULL },
	{ { 27, 'q' }, KEYS_HANDOVER, "close it; watching the computer, stop on the map to look",
	  NULL, .fn = NULL },
	/* the replay reads its own keys (replay_run) */
	{ { KEY_RIGHT, 'l', ' ', 'n', '\n' }, KEYS_REPLAY, "the next event (Space and Enter at the "
	  "last one: back to the map)", NULL, .fn = NULL },
	{ { KEY_LEFT, 'h', 'p', KEY_BACKSPACE }, KEYS_REPLAY, "the event before", NULL, .fn = NULL },
	{ { KEY_HOME, 'g', KEY_END, 'G' }, KEYS_REPLAY, "back through the whole log the game holds "
	  "/ the last event", NULL, .fn = NULL },
	{ { 'a' }, KEYS_REPLAY, "every trail of the replay at once, or the current event's alone "
	  "(the message line says which)", NULL, .fn = NULL },
	{ { 'P' }, KEYS_REPLAY, "play: the events go on by themselves, a pause each (P again "
	  "stops)", NULL, .fn = NULL },
	{ { '+', '-' }, KEYS_REPLAY, "a shorter or longer pause (1, 2, 4 or 8 s)", NULL, .fn = NULL },
	{ { 27, 'q', 'w' }, KEYS_REPLAY, "back to the map", NULL, .fn = NULL },
};

#define NROWS (int)(sizeof rows / sizeof rows[0])

bool keys_dispatch(struct tui *t, int ch)
{
	for (int i = 0; i < NROWS; i++) {
		if (!rows[i].fn)
			continue;
		for (int k = 0; k < KEY_CODES && rows[i].code[k]; k++)
			if (rows[i].code[k] == ch)
				return rows[i].fn(t, &rows[i]);
	}
	return true;
}

/* ---- the documents ---- */

/* A key's name as the documents write it; NULL for one that is another's alias there. */
static const char *doc_key_name(int code, char *buf, size_t len)
{
	static const struct { int code; const char *name; } named[] = {
		{ KEY_UP, "Up" }, { KEY_DOWN, "Down" }, { KEY_LEFT, "Left" }, { KEY_RIGHT, "Right" },
		{ KEY_HOME, "Home" }, { KEY_END, "End" }, { KEY_PPAGE, "PgUp" }, { KEY_NPAGE, "PgDn" },
		{ KEY_A1, "keypad-7" }, { KEY_A3, "keypad-9" }, { KEY_C1, "keypad-1" },
		{ KEY_C3, "keypad-3" }, { KEY_B2, "keypad-5" }, { KEY_SR, "Shift-Up" },
		{ KEY_SF, "Shift-Down" }, { KEY_SLEFT, "Shift-Left" }, { KEY_SRIGHT, "Shift-Right" },
		{ '\n', "Enter" }, { ' ', "Space" }, { '\t', "Tab" }, { 27, "Esc" },
		{ KEY_F(1), "F1" }, { 12, "Ctrl-L" }, { KEY_MOUSE, "mouse click" },
		{ KEY_BACKSPACE, "Backspace" },
	};
	if (code == '\r' || code == KEY_ENTER)
		return NULL; /* Enter */
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (named[i].code == code)
			return named[i].name;
	snprintf(buf, len, "%c", code);
	return buf;
}

/* The keys of row r joined by `sep`, each between `open` and `close`. */
static void row_keys(const struct key_row *r, const char *open, const char *close,
		     const char *sep, char *out, size_t len)
{
	size_t n = 0;
	out[0] = 0;
	for (int k = 0; k < KEY_CODES && r->code[k]; k++) {
		char one[8];
		const char *name = doc_key_name(r->code[k], one, sizeof one);
		if (!name)
			continue;
		n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%s%s%s%s", n ? sep : "", open,
				      name, close);
	}
}

static const struct {
	unsigned mode;
	const char *title;
} sections[] = {
	{ KEYS_MAP, "On the map" },
	{ KEYS_SETUP, "In the quick set-up (4.2), where they differ" },
	{ KEYS_HANDOVER, "On the hand-over screen (what the other side, or the computer, did)" },
	{ KEYS_REPLAY, "In the replay (w: what happened, on the map)" },
};

/* What row r does in section mode, or NULL when the section does not list it. */
static const char *row_text(const struct key_row *r, unsigned mode)
{
	if (!(r->modes & mode))
		return NULL;
	return mode == KEYS_SETUP ? r->setup : r->help;
}

void keys_document(enum keys_doc fmt, void (*line)(void *ctx, const char *text), void *ctx)
{
	char buf[1024], keys[160];
	for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
		unsigned mode = sections[s].mode;
		const char *title = sections[s].title;
		switch (fmt) {
		case KEYS_DOC_HELP:
			if (s)
				line(ctx, "");
			snprintf(buf, sizeof buf, "KEYS: %s", title);
			line(ctx, buf);
			break;
		case KEYS_DOC_MARKDOWN:
			if (s)
				line(ctx, "");
			snprintf(buf, sizeof buf, "| keys | %s |", title);
			line(ctx, buf);
			line(ctx, "| --- | --- |");
			break;
		case KEYS_DOC_MAN:
			snprintf(buf, sizeof buf, ".SS \"%s\"", title);
			line(ctx, buf);
			break;
		}
		for (int i = 0; i < NROWS; i++) {
			const char *text = row_text(&rows[i], mode);
			if (!text)
				continue;
			switch (fmt) {
			case KEYS_DOC_HELP:
				row_keys(&rows[i], "", "", " ", keys, sizeof keys);
				snprintf(buf, sizeof buf, "  %-22s  %s", keys, text);
				break;
			case KEYS_DOC_MARKDOWN:
				row_keys(&rows[i], "`", "`", " ", keys, sizeof keys);
				snprintf(buf, sizeof buf, "| %s | %s |", keys, text);
				break;
			case KEYS_DOC_MAN:
				line(ctx, ".TP");
				row_keys(&rows[i], "", "", " ", keys, sizeof keys);
				snprintf(buf, sizeof buf, ".B \"%s\"", keys);
				line(ctx, buf);
				snprintf(buf, sizeof buf, "%s", text);
				break;
			}
			line(ctx, buf);
		}
	}
}
