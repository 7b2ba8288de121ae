/* tui.c — owns the interactive session: starting curses, the start menu, the main loop that
 * reads keys and mouse clicks, and the single place where the front-end changes the game
 * (tui_apply → match_apply → game_apply; the match keeps the record, undo and autosave). Every rule lives in
 * the engine: this file asks game_legal() what may be done and passes actions through. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <poll.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "action_text.h"
#include "bot.h"
#include "files.h"
#include "general.h"
#include "paths.h"
#include "printable.h"
#include "start.h"
#include "commit.h"
#include "tui_internal.h"

/* ---- messages and names ---- */

void tui_say(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;
	char raw[sizeof t->msg];
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	text_printable(t->msg, sizeof t->msg, raw); /* a message may quote a file */
	t->msg_error = error;
}

const char *tui_side_title(enum side s)
{
	return s == SIDE_UNION ? "Union" : s == SIDE_CONFEDERATE ? "Confederate" : "nobody";
}

const char *tui_turn_time(const struct tui *t, int turn)
{
	static char buf[32];
	if (!tables_turn_time(&t->scn->tables, turn, buf, sizeof buf))
		snprintf(buf, sizeof buf, "turn %d", turn);
	return buf;
}

/* ---- signals: a closed terminal, kill, Ctrl-C, Ctrl-\ (issue 21.2), and the end of input ---- */

static volatile sig_atomic_t caught_signal;
static struct tui *signal_tui; /* the session to save when one comes */

static void on_signal(int sig)
{
	caught_signal = sig;
}

/* Catch the signals that end the program, without SA_RESTART so that a getch() waiting for
 * a key returns; the key loop (tui_getch) then leaves in order. SIGUSR1, SIGALRM and SIGPIPE
 * end it too by default, and left the terminal raw (issue 33). */
static void catch_signals(struct tui *t)
{
	static const int sigs[] = { SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
				    SIGPIPE, SIGVTALRM, SIGPROF };
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	signal_tui = t;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* Autosave the game in play, give the terminal back, say where the game is (why: what ended
 * the program). */
static void leave_saved(const char *why)
{
	struct tui *t = signal_tui;
	char err[512] = "";
	bool saved = false, playing = t && t->playing && t->g->pending.what != DECISION_GAMEOVER;
	if (playing)
		saved = match_autosave(t->match, err, sizeof err);
	endwin();
	if (playing && saved)
		fprintf(stderr, "antietam: %s: the game in play is saved in %s as game %s "
			"(antietam --resume continues it)\n", why, t->state_dir,
			match_game_id(t->match));
	else if (playing)
		fprintf(stderr, "antietam: %s: the game could not be saved: %s\n", why, err);
	else
		fprintf(stderr, "antietam: %s\n", why);
}

/* After a signal: leave_saved, and end as the signal would have ended the program. */
static void leave_on_signal(int sig)
{
	leave_saved(strsignal(sig));
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

/* True when the terminal's input has ended (standard input /dev/null, a pipe closed, a
 * terminal gone: ssh without -t after a drop): getch() then returns ERR at once, for ever,
 * and the key loop spun at 100% of a core (issue 33). A byte there after all goes back. */
static bool input_ended(void)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };
	if (poll(&p, 1, 0) <= 0)
		return false;
	if (p.revents & (POLLERR | POLLNVAL))
		return true;
	if (!(p.revents & (POLLIN | POLLHUP)))
		return false;
	unsigned char c;
	ssize_t k = read(STDIN_FILENO, &c, 1);
	if (k == 1) {
		ungetch(c);
		return false;
	}
	return k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR);
}

int tui_getch(void)
{
	for (;;) {
		int ch = getch();
		if (caught_signal)
			leave_on_signal(caught_signal);
		if (ch != ERR)
			return ch;
		if (input_ended()) {
			leave_saved("the terminal's input has ended");
			exit(1);
		}
	}
}

int tui_getch_within(int ms)
{
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		int ch = getch(); /* wakes every 250 ms (timeout at start) */
		if (caught_signal)
			leave_on_signal(caught_signal);
		if (ch != ERR)
			return ch;
		if (input_ended()) {
			leave_saved("the terminal's input has ended");
			exit(1);
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 >= ms)
			return ERR;
	}
}

/* ---- the one door to the engine ---- */

void tui_refresh_legal(struct tui *t)
{
	if (!legal_fill(&t->legal, t->g))
		tui_say(t, true, "the list of legal actions is cut short at %d (out of memory)",
			t->legal.n);
	play_cancel(t);
	play_after_change(t);
}

bool tui_apply(struct tui *t, const struct action *a)
{
	char err[256] = "";
	if (!match_apply(t->match, a, err, sizeof err)) {
		tui_say(t, true, "%s", err[0] ? err : "refused");
		return false;
	}
	char line[POSITION_ACTION_TEXT];
	action_format(t->scn, a, line, sizeof line);
	tui_say(t, false, "done: %s", line);
	/* the match autosaves after every action (a crash or a closed terminal costs nothing),
	 * once the move is on the screen: tui_autosave_due */
	tui_refresh_legal(t);
	return true;
}

bool tui_autosave_due(struct tui *t)
{
	if (!t->playing)
		return false;
	if (match_autosave_due(t->match)) {
		/* the player's bound took other games' autosaves: said (issue 33) */
		if (!match_autosave_notice(t->match)[0])
			return false;
		tui_say(t, false, "%s", match_autosave_notice(t->match));
		return true;
	}
	char was[sizeof t->msg];
	snprintf(was, sizeof was, "%s", t->msg);
	tui_say(t, true, "%.120s%sthe autosave failed: %.100s (S saves elsewhere)", was,
		was[0] ? " - but " : "", match_autosave_error(t->match));
	return true;
}

void play_undo(struct tui *t)
{
	if (t->g->pending.what == DECISION_SETUP) {
		setup_undo(t);
		return;
	}
	if (!match_undo(t->match)) {
		tui_say(t, true, "nothing to undo: only the moves of this movement phase can be "
			"taken back");
		return;
	}
	tui_refresh_legal(t);
	tui_say(t, false, "move taken back (%d more can be)", match_undo_count(t->match));
}

/* The match's sink (match.h): the events each applied action raised, heard for the result
 * box (heard_from .. heard_end, from the first action heard since tui_hear_reset). */
static void hear(void *ctx, const struct game *g, int first, int end)
{
	(void)g;
	struct tui *t = ctx;
	if (t->heard_from < 0)
		t->heard_from = first;
	t->heard_end = end;
}

/* Forget what the sink heard: the result box shows only what comes after. */
static void hear_reset(struct tui *t)
{
	t->heard_from = t->heard_end = -1;
}

bool tui_computer(const struct tui *t, enum side s)
{
	return t->match && match_seat(t->match, s)->player;
}

/* Make m the game in play (the old one is freed), autosaving after every action. */
static void set_match(struct tui *t, struct match *m)
{
	match_free(t->match);
	t->match = m;
	t->g = match_game(m);
	hear_reset(t);
	match_set_sink(m, hear, t);
	t->scn = t->g->scn; /* a saved game goes on with its own data (scenario.h) */
	char berr[160]; /* a bad ANTIETAM_AUTOSAVE_MB: said at the start (main.c), the default holds */
	match_set_autosave(m, t->state_dir, MATCH_AUTOSAVE_EVERY, paths_autosave_bound(berr, sizeof berr));
	match_defer_autosave(m, true); /* the move shown first, saved after (tui_autosave_due) */
}

/* ---- starting a game ---- */

static void game_started(struct tui *t);

/* A new game on the 4.3 set-up, or with the quick set-up of 4.2 placed by the players (in
 * solitaire the Union bot places the Union on its 4.3 hexes); the computer general at level
 * union_general / confederate_general (0: a person) on the other seats. */
static void new_game(struct tui *t, bool solitaire, enum game_setup setup, int union_general,
		     int confederate_general)
{
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	t->gopt.solitaire = solitaire;
	t->bot_stuck = false;
	struct match *m = match_new(t->data, setup, seed, &t->gopt); /* today's data */
	if (!m) {
		tui_say(t, true, "out of memory");
		return;
	}
	char err[256];
	const struct player *general = player_named("general");
	if (solitaire)
		match_set_seat(m, SIDE_UNION, player_named("bot"), 1, err, sizeof err);
	else if (union_general)
		match_set_seat(m, SIDE_UNION, general, union_general, err, sizeof err);
	if (confederate_general)
		match_set_seat(m, SIDE_CONFEDERATE, general, confederate_general, err, sizeof err);
	set_match(t, m);
	t->save_path[0] = 0;
	game_started(t);
	t->seen_log = 1; /* what the start rolled (15.6C, 15.2, 8.14) is news; "new game" is not */
	if (setup == SETUP_QUICK)
		tui_say(t, false, "Quick set-up (4.2): n next unit, Enter places, r removes, f fills "
			"the rest (4.3), e ends. F1: the keys");
	else
		tui_say(t, false, "New %s%s%s: turn %d, %s. F1 keys, ? rules.",
			solitaire ? "solitaire game" : tui_computer(t, SIDE_UNION) ||
			tui_computer(t, SIDE_CONFEDERATE) ? "game against the computer general" : "game", start_game(t->g) ? ", " : "",
			start_game(t->g) ? start_game(t->g)->title : "", t->g->turn,
			tui_turn_time(t, t->g->turn));
}

/* Where a game opens (issue 34: where the action is): the unit the pending decision is
 * about, else the deciding side's unit nearest an enemy (the front: unit_enemy_distance),
 * a Union unit of a Committed corps (13.2, the corps that may fight) before the others,
 * else the Dunker Church, the centre of the battle. */
static int opening_hex(const struct tui *t)
{
	const struct game *g = t->g;
	int s = g->pending.subject;
	if (s >= 0 && s < ROSTER_UNITS && unit_on_map(g, s))
		return g->unit[s].hex;
	enum side side = g->pending.side == SIDE_UNION || g->pending.side == SIDE_CONFEDERATE ?
			 g->pending.side : g->side;
	int best = HEX_NONE, dist = 1000;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!unit_on_map(g, u) || unit_side(u) != side)
			continue;
		int d = unit_enemy_distance(g, g->unit[u].hex, side);
		if (side == SIDE_UNION && commit_unit_status(g, u) != CORPS_COMMITTED)
			d += 100;
		if (d < dist) {
			dist = d;
			best = g->unit[u].hex;
		}
	}
	return best != HEX_NONE ? best : 1916;
}

/* Put the view on a game just begun or loaded. */
static void game_started(struct tui *t)
{
	t->playing = true;
	t->epoch++;
	t->last_side = SIDE_NONE;
	t->seen_log = t->g->nlog;
	t->replay_from = t->g->nlog;
	t->cursor = opening_hex(t);
	t->vx = t->vy = 0;
	tui_centre(t);
	tui_refresh_legal(t);
}

/* Load a position file into the session; false with the loader's message shown. */
static bool load_game(struct tui *t, const char *path)
{
	char err[512], notice[256];
	struct match *m = match_load(t->data, path, notice, sizeof notice, err, sizeof err);
	if (!m) {
		tui_say(t, true, "%s", err);
		return false;
	}
	set_match(t, m);
	t->gopt = t->g->opt;
	/* who plays is not in the file: the solitaire bot plays the Union, players the rest */
	if (t->gopt.solitaire)
		match_set_seat(m, SIDE_UNION, player_named("bot"), 1, err, sizeof err);
	t->bot_stuck = false;
	snprintf(t->save_path, sizeof t->save_path, "%s", path);
	t->msg[0] = 0;
	game_started(t);
	t->last_side = t->g->pending.side; /* the player who saved it goes on */
	/* what the pending decision asks (a unit to retreat, a supporting advance …) first */
	char hint[sizeof t->msg];
	snprintf(hint, sizeof hint, "%s", t->msg);
	if (notice[0] && hint[0]) /* what to do first, then what the file brought */
		tui_say(t, false, "%s (loaded %s: %s)", hint, path, notice);
	else if (notice[0])
		tui_say(t, false, "Loaded %s: %s.", path, notice);
	else if (hint[0])
		tui_say(t, false, "%s (loaded %s)", hint, path);
	else
		tui_say(t, false, "Loaded %s: turn %d, %s.", path, t->g->turn,
			tui_turn_time(t, t->g->turn));
	return true;
}

bool tui_save_game(struct tui *t)
{
	char path[POSITION_PATH_MAX];
	snprintf(path, sizeof path, "%s", t->save_path[0] ? t->save_path : "antietam.pos");
	char cwd[512], question[600];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, ".");
	/* a relative name goes into the current directory: say which (Tab completes) */
	snprintf(question, sizeof question, "Save to (in %s, Tab completes):", cwd);
	if (!dialog_prompt(t, question, path, sizeof path))
		return false;
	char err[512];
	if (!match_save(t->match, path, err, sizeof err)) {
		tui_say(t, true, "%s", err);
		return false;
	}
	if (t->state_dir[0])
		store_set_last(t->state_dir, path, err, sizeof err);
	snprintf(t->save_path, sizeof t->save_path, "%s", path);
	tui_say(t, false, "saved to %s", path);
	return true;
}

void tui_follow(struct tui *t)
{
	struct geom_layout d; /* the detailed map's split, also behind the overview (its frame) */
	geom_layout(&d, COLS, LINES);
	if (!d.too_small)
		geom_follow(t->cursor, d.map_w, d.map_h, &t->vx, &t->vy);
	if (t->overview && !t->lay.too_small)
		geom_ov_follow(t->cursor, overview_scale(t), t->lay.map_w, t->lay.map_h, &t->ox, &t->oy);
}

void tui_centre(struct tui *t)
{
	struct geom_layout d;
	geom_layout(&d, COLS, LINES);
	if (!d.too_small)
		geom_centre(t->cursor, d.map_w, d.map_h, &t->vx, &t->vy);
	tui_follow(t); /* the overview keeps the cursor in sight as before */
}

void tui_show(struct tui *t)
{
	struct geom_layout d;
	geom_layout(&d, COLS, LINES);
	int x0, y0;
	geom_hex_origin(t->cursor, &x0, &y0);
	if (!d.too_small && (x0 < t->vx || x0 + GEOM_HEX_W > t->vx + d.map_w || y0 < t->vy ||
			     y0 + 3 > t->vy + d.map_h))
		tui_centre(t);
	else
		tui_follow(t);
}

void tui_centre_within(struct tui *t, int w)
{
	struct geom_layout d;
	geom_layout(&d, COLS, LINES);
	if (d.too_small)
		return;
	if (w > d.map_w || w < 2 * GEOM_HEX_W) /* too narrow a strip: the whole map */
		w = d.map_w;
	geom_centre(t->cursor, w, d.map_h, &t->vx, &t->vy);
	tui_follow(t);
}

void tui_goto_hex(struct tui *t)
{
	char buf[16] = "";
	if (!dialog_prompt(t, "Go to hex (four digits, column and row: 1916):", buf, sizeof buf))
		return;
	char *end;
	long h = strtol(buf, &end, 10);
	if (*end || h < 0 || h > 9999 || !hex_valid((int)h) || !map_hex(&t->scn->map, (int)h)) {
		tui_say(t, true, "no hex %s on the map (four digits: column and row, 1916)", buf);
		return;
	}
	t->cursor = (int)h;
	t->panel_scroll = 0;
	tui_centre(t);
	tui_say(t, false, "Hex %04ld: the view centred on it (c centres on the cursor)", h);
}

/* What the overview at its scale shows, on the message line. */
static void say_overview(struct tui *t)
{
	enum geom_ov_scale sc = overview_scale(t);
	t->overview_said = (int)sc;
	tui_say(t, false, "overview (z: %s; keys act as on the map): %s",
		sc == GEOM_OV_FULL ? "back" : "bigger",
		sc == GEOM_OV_FULL ? "U/C units, a digit the stack" : "< marks the cursor's row");
}

void tui_relayout(struct tui *t)
{
	if (t->overview)
		geom_layout_overview(&t->lay, COLS, LINES);
	else
		geom_layout(&t->lay, COLS, LINES);
	if (!t->lay.too_small)
		tui_follow(t);
	/* a resize that changes the overview's scale changes what it shows: say so */
	if (t->overview && !t->lay.too_small && t->overview_said != (int)overview_scale(t))
		say_overview(t);
}

/* `z`: the overview map (where it is drawn half a cell a hex, `z` again: two cells a hex,
 * scrolled), then the detailed map again. */
void tui_toggle_overview(struct tui *t)
{
	if (!t->overview) {
		t->overview = true;
		t->overview_full = false;
	} else if (!t->overview_full && overview_scale(t) == GEOM_OV_COMPACT) {
		t->overview_full = true;
	} else {
		t->overview = false;
	}
	t->overview_said = -1;
	tui_relayout(t);
	if (!t->overview)
		tui_say(t, false, "detailed map (z: the overview)");
}

/* The start menu: new game with its options, help, quit (and continue a game in progress). */
enum start_item { START_CONTINUE, START_RESUME, START_LOAD, START_NEW, START_SOLO, START_VS_UNION,
		  START_VS_CONFEDERATE, START_WATCH, START_WATCH_SOLO, START_QUICK, START_SOLO_QUICK, START_MISHAP,
		  START_UNLEASHED, START_SCENARIO, START_HELP, START_QUIT, START_COUNT };

/* The entries whose words never change. */
static const char *const start_labels[START_COUNT] = {
	[START_RESUME] = "Resume the last game saved",
	[START_LOAD] = "Load a position file...",
	[START_NEW] = "New game: historical set-up, two players",
	[START_SOLO] = "New game: solitaire, you are Lee against the Union bot",
	[START_VS_UNION] = "New game: you are the Union against the computer",
	[START_VS_CONFEDERATE] = "New game: you are Lee against the computer (two-player rules)",
	[START_WATCH] = "Watch the computer general play both sides",
	[START_WATCH_SOLO] = "Watch the computer general as Lee against the Union bot",
	[START_QUICK] = "New game: quick set-up (4.2), two players",
	[START_SOLO_QUICK] = "New game: solitaire, quick set-up (Union bot: 4.3 hexes)",
	[START_HELP] = "Help: keys and sequence of play",
	[START_QUIT] = "Quit",
};

/* What the highlighted entry starts, under the menu (issue 34: the two games of Lee against
 * the computer differ in their rules and their count). */
static void start_describe(const struct tui *t, int item, char *buf, size_t len)
{
	int lv = t->general_level;
	const char *ln = player_level_word(player_named("general"), lv);
	buf[0] = 0;
	switch (item) {
	case START_CONTINUE: /* issue 34: the computer takes over on request */
		snprintf(buf, len, "Back to the game; there C: the computer takes a side or "
			 "finishes it");
		break;
	case START_SOLO: case START_SOLO_QUICK:
		snprintf(buf, len, "Solitaire (14-19): the Union is the rules' bot; you score 19.0's "
			 "count");
		break;
	case START_VS_CONFEDERATE:
		snprintf(buf, len, "Two-player rules (3.2-3.5): the general, level %d %s, plays the "
			 "Union", lv, ln);
		break;
	case START_VS_UNION:
		snprintf(buf, len, "Two-player rules (3.2-3.5): the general, level %d %s, plays Lee",
			 lv, ln);
		break;
	case START_WATCH:
		snprintf(buf, len, "Two-player rules (3.2-3.5): the general, level %d %s, on both "
			 "sides", lv, ln);
		break;
	case START_WATCH_SOLO:
		snprintf(buf, len, "Solitaire (14-19): the general, level %d %s, as Lee against the bot",
			 lv, ln);
		break;
	default: break;
	}
}

static void start_draw(struct tui *t, const int *items, int n, int sel)
{
	erase();
	if (COLS < 60 || LINES < 16) { /* the menu's lines would be cut: say so instead */
		mvaddnstr(0, 0, "Terminal too small:", COLS);
		mvaddnstr(1, 0, "antietam needs 60x16.", COLS);
		mvaddnstr(2, 0, "Enlarge it, or press q.", COLS);
		refresh();
		return;
	}
	static const char *const title[] = {
		"A N T I E T A M",
		"Burnished Rows of Steel",
		"Sharpsburg, Maryland - 17 September 1862",
	};
	int gap = n > 15 ? 6 : 7; /* sixteen entries still fit 24 lines */
	int y = (LINES - (gap + n + 2)) / 2; /* the title, the entries and the key line fit */
	if (y < 0)
		y = 0;
	for (int i = 0; i < 3; i++) {
		int len = (int)strlen(title[i]);
		if (i == 0)
			attron(A_BOLD);
		mvaddstr(y + i * 2, (COLS - len) / 2 > 0 ? (COLS - len) / 2 : 0, title[i]);
		attroff(A_BOLD);
	}
	y += gap;
	/* the entries in one column, as far left as the longest needs: none is cut at 80 */
	int longest = 46;
	for (int i = 0; i < n; i++)
		if (start_labels[items[i]] && (int)strlen(start_labels[items[i]]) > longest)
			longest = (int)strlen(start_labels[items[i]]);
	int x = COLS / 2 - 22 < COLS - longest - 1 ? COLS / 2 - 22 : COLS - longest - 1;
	if (x < 0)
		x = 0;
	for (int i = 0; i < n; i++) {
		char line[128];
		switch (items[i]) {
		case START_CONTINUE:
			snprintf(line, sizeof line, "Continue the game (turn %d, %s)", t->g->turn,
				 tui_turn_time(t, t->g->turn));
			break;
		case START_MISHAP:
			snprintf(line, sizeof line, "  [%c] Terrible Mishap (8.14)", t->gopt.mishap ? 'x' : ' ');
			break;
		case START_UNLEASHED:
			snprintf(line, sizeof line, "  [%c] McClellan unleashed (13.0: no corps commitment)",
				 t->gopt.unleashed ? 'x' : ' ');
			break;
		case START_SCENARIO: { /* start.h: data/scenarios/, Enter goes to the next */
			const struct start *st = start_of(t->data, t->gopt.start);
			if (st)
				snprintf(line, sizeof line, "  Start: %s (%s, turns %d-%d; not quick)",
					 st->title, st->hour, st->first_turn, st->last_turn);
			else
				snprintf(line, sizeof line, "  Start: dawn, the whole day (4.3, turns 1-11)");
			break;
		}
		default: snprintf(line, sizeof line, "%s", start_labels[items[i]]); break;
		}
		if (i == sel)
			attron(A_REVERSE);
		mvaddnstr(y + i, x, line, COLS - x);
		attroff(A_REVERSE);
	}
	/* a message too long for the last line (why a game did not open) takes two, cut at a
	 * blank, and the key line goes up one */
	int len = (int)strlen(t->msg), cut = len;
	if (len > COLS - 1) {
		for (cut = COLS - 1; cut > 0 && t->msg[cut] != ' '; cut--)
			;
		if (cut == 0)
			cut = COLS - 1;
	}
	int rows = cut < len ? 2 : 1;
	char keyline[128];
	snprintf(keyline, sizeof keyline, "Up/Down, Enter; </>: the general's level %d of %d; q "
		 "quit", t->general_level, GENERAL_STRONG);
	mvaddnstr(LINES - 1 - rows > y + n - (rows - 1) ? LINES - 1 - rows : y + n + 1, x,
		  keyline, COLS - x);
	char about[160];
	start_describe(t, items[sel], about, sizeof about);
	if (!t->msg[0] && about[0]) { /* what the highlighted entry starts */
		attr_set(A_DIM, 0, NULL);
		mvaddnstr(LINES - 1, 0, about, COLS - 1);
		attr_set(A_NORMAL, 0, NULL);
	}
	if (t->msg[0]) { /* e.g. why a file did not load */
		attr_set(t->msg_error ? A_BOLD : A_NORMAL, 0, NULL);
		mvaddnstr(LINES - rows, 0, t->msg, cut < COLS - 1 ? cut : COLS - 1);
		if (rows == 2)
			mvaddnstr(LINES - 1, 0, t->msg + cut + (t->msg[cut] == ' '), COLS - 1);
		attr_set(A_NORMAL, 0, NULL);
	}
	refresh();
}

/* Leave the program; a game in progress is autosaved so "Resume" finds it. When that fails
 * the player is told why and offered to save it elsewhere before anything is thrown away
 * (issue 21.1); the program stays when he declines to leave it unsaved. */
static void quit_game(struct tui *t)
{
	char err[512];
	if (!t->playing || t->g->pending.what == DECISION_GAMEOVER ||
	    match_autosave(t->match, err, sizeof err)) {
		t->quit = true;
		return;
	}
	char q[sizeof t->msg];
	snprintf(q, sizeof q, "The autosave failed (%.160s). Save the game to a file? (y/n)", err);
	if (dialog_confirm(t, q) && tui_save_game(t)) {
		t->quit = true;
		return;
	}
	if (dialog_confirm(t, "Quit and lose the game in play? (y/n)"))
		t->quit = true;
}

/* A line of text typed under the start menu. */
static bool start_prompt(const char *question, char *buf, size_t len)
{
	size_t n = strlen(buf);
	curs_set(1);
	for (;;) {
		move(LINES - 1, 0);
		clrtoeol();
		mvaddnstr(LINES - 1, 0, question, COLS - 1);
		int x = (int)strlen(question) + 1;
		if (x < COLS)
			mvaddnstr(LINES - 1, x, buf, COLS - x - 1);
		refresh();
		int ch = tui_getch();
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == 27) {
			curs_set(0);
			return ch != 27 && n > 0;
		}
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0)
			buf[--n] = 0;
		else if (ch == 21)
			buf[n = 0] = 0;
		else if (ch == '\t') { /* complete a file name */
			files_complete(buf, len);
			n = strlen(buf);
		} else if (ch >= 32 && ch < 127 && n + 1 < len) {
			buf[n++] = (char)ch;
			buf[n] = 0;
		}
	}
}

/* The position files to load: those of the current directory and the autosaves, or a path
 * typed (Tab completes); false when the player went back. */
static bool choose_file(struct tui *t, char *path, size_t len)
{
	enum { MAXF = 64 };
	static char here[MAXF][FILES_NAME_W], saved[MAXF][FILES_NAME_W];
	static char text[2 * MAXF + 1][512];
	const char *items[2 * MAXF + 1];
	char cwd[512], adir[POSITION_PATH_MAX] = "";
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, ".");
	int nh = files_list(".", ".pos", here, MAXF), na = 0;
	if (t->state_dir[0]) {
		snprintf(adir, sizeof adir, "%s", t->state_dir);
		na = files_list(adir, ".pos", saved, MAXF);
	}
	int n = 0;
	snprintf(text[n], sizeof text[n], "Type a path (Tab completes)...");
	items[n] = text[n];
	n++;
	for (int i = 0; i < nh; i++, n++) {
		snprintf(text[n], sizeof text[n], "%s", here[i]);
		items[n] = text[n];
	}
	for (int i = 0; i < na; i++, n++) {
		snprintf(text[n], sizeof text[n], "%.200s/%.255s", adir, saved[i]);
		items[n] = text[n];
	}
	char title[640];
	snprintf(title, sizeof title, "Load: %d file%s in %s, %d autosave%s", nh, nh == 1 ? "" : "s",
		 cwd, na, na == 1 ? "" : "s");
	int k = dialog_menu(t, title, items, n, nh ? 1 : 0, NULL, NULL);
	if (k < 0)
		return false;
	if (k > 0) {
		snprintf(path, len, "%s", items[k]);
		return true;
	}
	snprintf(path, len, "antietam.pos");
	char question[600];
	snprintf(question, sizeof question, "Load (in %s):", cwd);
	return start_prompt(question, path, len);
}

static void start_menu(struct tui *t)
{
	int items[START_COUNT], n = 0;
	char last[POSITION_PATH_MAX], err[256];
	if (t->playing)
		items[n++] = START_CONTINUE;
	if (t->state_dir[0] && store_last(t->state_dir, last, sizeof last, err, sizeof err))
		items[n++] = START_RESUME;
	items[n++] = START_NEW;
	items[n++] = START_SOLO;
	items[n++] = START_VS_UNION;
	items[n++] = START_VS_CONFEDERATE;
	items[n++] = START_WATCH;
	items[n++] = START_WATCH_SOLO;
	items[n++] = START_QUICK;
	items[n++] = START_SOLO_QUICK;
	items[n++] = START_MISHAP;
	items[n++] = START_UNLEASHED;
	if (t->data->nstarts)
		items[n++] = START_SCENARIO;
	items[n++] = START_LOAD;
	items[n++] = START_HELP;
	items[n++] = START_QUIT;
	int sel = 0;
	for (;;) {
		start_draw(t, items, n, sel);
		int ch = tui_getch();
		switch (ch) {
		case KEY_UP: case 'k': case '8': sel = (sel + n - 1) % n; break;
		case KEY_DOWN: case 'j': case '2': sel = (sel + 1) % n; break;
		case KEY_RESIZE: tui_relayout(t); break;
		case 'q': case 'Q': quit_game(t); return;
		case '?': case KEY_F(1): dialog_help(t); break;
		case '<': case KEY_LEFT: case '>': case KEY_RIGHT: /* the computer general's level */
			t->general_level += ch == '<' || ch == KEY_LEFT ? GENERAL_STRONG - 1 : 1;
			t->general_level = (t->general_level - 1) % GENERAL_STRONG + 1;
			t->msg[0] = 0;
			break;
		case '\n': case '\r': case KEY_ENTER: case ' ':
			switch (items[sel]) {
			case START_CONTINUE: return;
			case START_NEW: new_game(t, false, SETUP_HISTORICAL, 0, 0); return;
			case START_SOLO: new_game(t, true, SETUP_HISTORICAL, 0, 0); return;
			case START_VS_UNION:
				new_game(t, false, SETUP_HISTORICAL, 0, t->general_level); return;
			case START_VS_CONFEDERATE:
				new_game(t, false, SETUP_HISTORICAL, t->general_level, 0); return;
			case START_WATCH:
				new_game(t, false, SETUP_HISTORICAL, t->general_level, t->general_level);
				return;
			case START_WATCH_SOLO: /* the solitaire game, Lee the general */
				new_game(t, true, SETUP_HISTORICAL, 0, t->general_level); return;
			case START_QUICK: new_game(t, false, SETUP_QUICK, 0, 0); return;
			case START_SOLO_QUICK: new_game(t, true, SETUP_QUICK, 0, 0); return;
			case START_RESUME:
				/* one game open twice: refused here, before it opens (issue 33) */
				if (store_game_busy(t->state_dir, last, err, sizeof err))
					tui_say(t, true, "Not resumed: %s. Close that one first.", err);
				else if (load_game(t, last))
					return;
				break;
			case START_LOAD: {
				char path[POSITION_PATH_MAX] = "";
				if (choose_file(t, path, sizeof path) && load_game(t, path))
					return;
				break;
			}
			case START_MISHAP: t->gopt.mishap = !t->gopt.mishap; break;
			case START_UNLEASHED: t->gopt.unleashed = !t->gopt.unleashed; break;
			case START_SCENARIO:
				t->gopt.start = (int8_t)((t->gopt.start + 1) % (t->data->nstarts + 1));
				break;
			case START_HELP: dialog_help(t); break;
			default: quit_game(t); return;
			}
			break;
		default: break;
		}
	}
}

/* ---- the main loop ---- */

void tui_move_cursor(struct tui *t, int dx, int dy, int times)
{
	for (int i = 0; i < times; i++)
		t->cursor = geom_step(t->cursor, dx, dy);
	t->panel_scroll = 0;
	tui_follow(t);
}

void tui_mouse_click(struct tui *t)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return;
	const struct geom_layout *l = &t->lay;
	if (ev.x < l->map_x || ev.x >= l->map_x + l->map_w || ev.y < l->map_y ||
	    ev.y >= l->map_y + l->map_h)
		return;
	int hex = t->overview ? overview_hex_at(t, ev.x - l->map_x, ev.y - l->map_y) :
				geom_hex_at(ev.x - l->map_x + t->vx, ev.y - l->map_y + t->vy);
	if (hex == HEX_NONE)
		return;
	bool again = hex == t->cursor;
	t->cursor = hex;
	t->panel_scroll = 0;
	if (again || (ev.bstate & (BUTTON1_DOUBLE_CLICKED | BUTTON3_CLICKED)))
		play_enter(t);
}

/* What the computer seat of side is doing, on the screen before its stretch. */
static void say_moving(struct tui *t)
{
	tui_say(t, false, "The %s is moving (%s)...", t->g->pending.side == SIDE_UNION ? "Union"
		: "Confederacy", names_of_decision(t->g->pending.what));
	draw_frame(t);
}

static void defensive_fire_screen(struct tui *t);

/* After each stretch of a computer seat (match_play_seats): what it did shown, with the
 * hand-over; true when the next side's computer seat goes on at once (watching, Enter). */
static bool after_computer(void *ctx, struct match *m, enum side side, int n)
{
	(void)m, (void)n;
	struct tui *t = ctx;
	t->msg[0] = 0; /* what the player's decision asks, if anything, says itself */
	tui_refresh_legal(t);
	if (match_autosave_error(t->match)[0])
		tui_say(t, true, "the autosave failed: %s (S saves elsewhere)",
			match_autosave_error(t->match));
	else if (match_autosave_notice(t->match)[0])
		tui_say(t, false, "%s", match_autosave_notice(t->match));
	draw_frame(t);
	const struct pending *p = &t->g->pending;
	const char *title = side == SIDE_UNION ? "The Union has played" : "The Confederacy has played";
	if (p->what == DECISION_DEFENSIVE_FIRE && !tui_computer(t, p->side)) {
		/* the computer's attack and the gun's answer in one screen; when the computer did
		 * more than that screen shows (a whole turn of moves and fire before the attack),
		 * the hand-over first: nothing is swallowed */
		if (t->g->nlog - t->seen_log > COMBAT_VIEW_CONTEXT)
			dialog_handover(t, title);
		defensive_fire_screen(t);
		return false;
	}
	/* No hand-over with one player: show him what the computer did. */
	int closed = dialog_handover(t, title);
	p = &t->g->pending;
	if (p->what == DECISION_GAMEOVER)
		return false;
	if (!tui_computer(t, p->side)) {
		if (!t->msg[0])
			tui_say(t, false, "%s: your %s (g: the log)", title, names_of_decision(p->what));
		return false;
	}
	if (closed != '\n') { /* watching, stopped to look: no key acts for it */
		tui_say(t, false, "Watching: the %s is next (%s); any key goes on, q the menu",
			p->side == SIDE_UNION ? "Union" : "Confederacy", names_of_decision(p->what));
		return false;
	}
	say_moving(t);
	return true;
}

/* The computer seats' turns, one side after the other while both are the computer's
 * (watching) and the hand-over goes on with Enter; each action goes through the match into
 * the game's record like the player's own. */
static void computer_turns(struct tui *t)
{
	say_moving(t);
	char err[256] = "";
	enum side side = t->g->pending.side;
	if (match_play_seats(t->match, true, after_computer, t, err, sizeof err) >= 0)
		return;
	/* The engine refused all the computer offered: the player decides for it. */
	t->msg[0] = 0;
	tui_refresh_legal(t);
	t->bot_stuck = true;
	tui_say(t, true, "the computer cannot go on (%s): decide this for the %s", err,
		tui_side_title(t->g->pending.side == SIDE_UNION ||
			       t->g->pending.side == SIDE_CONFEDERATE ? t->g->pending.side : side));
}

/* Defensive fire (11.5B) as one screen, its result shown before play goes on. */
static void defensive_fire_screen(struct tui *t)
{
	int from = t->g->nlog;
	hear_reset(t);
	draw_frame(t);
	bool applied = combat_view_defensive(t);
	t->replay_from = t->seen_log;
	t->seen_log = from;
	if (applied && t->heard_from >= 0)
		combat_view_results(t, t->heard_from, t->heard_end);
}

/* Before each decision: the hot-seat hand-over, the bot's turn and the end-of-game report. */
static void before_decision(struct tui *t)
{
	const struct pending *p = &t->g->pending;
	if ((tui_computer(t, SIDE_UNION) || tui_computer(t, SIDE_CONFEDERATE)) &&
	    p->what != DECISION_GAMEOVER) {
		if (!tui_computer(t, p->side))
			t->bot_stuck = false;
		else if (!t->bot_stuck)
			computer_turns(t);
		p = &t->g->pending;
		if (p->what != DECISION_GAMEOVER) {
			t->last_side = p->side;
			return;
		}
	}
	if (p->what == DECISION_GAMEOVER) {
		if (t->last_side != SIDE_NONE) {
			t->last_side = SIDE_NONE;
			draw_frame(t);
			dialog_report(t);
		}
		return;
	}
	if (p->side != t->last_side) {
		/* not before the first decision of a game; never an empty hand-over */
		if (t->last_side != SIDE_NONE && t->seen_log < t->g->nlog) {
			dialog_handover(t, NULL);
			/* the other player's "done: …" is no message for this one */
			if (!t->msg_error && !strncmp(t->msg, "done: ", 6))
				tui_say(t, false, "%s player: your %s (a: what you may do, ?: the rules)",
					tui_side_title(p->side), names_of_decision(p->what));
		} else if (t->last_side != SIDE_NONE)
			tui_say(t, false, "%s player: your %s (nothing new since you looked)",
				tui_side_title(p->side), names_of_decision(p->what));
		t->last_side = p->side;
		if (p->what == DECISION_DEFENSIVE_FIRE)
			defensive_fire_screen(t);
	}
}

static void run(struct tui *t)
{
	while (!t->quit) {
		if (!t->playing) {
			start_menu(t);
			continue;
		}
		before_decision(t);
		draw_frame(t);
		if (tui_autosave_due(t))
			draw_frame(t);
		int ch = tui_getch();
		if (t->lay.too_small) {
			if (ch == 'q' || ch == 'Q')
				t->playing = false, start_menu(t);
			else if (ch == KEY_RESIZE)
				tui_relayout(t);
			continue;
		}
		const struct pending *p = &t->g->pending;
		if (tui_computer(t, p->side) && !t->bot_stuck && p->what != DECISION_GAMEOVER &&
		    ch != 'q' && ch != 'Q' && ch != 'C') {
			/* the computer's decision (watching, stopped to look): a key never acts
			 * for it; any but q (the menu) and C (the seats) goes on with the
			 * computer's turn */
			if (ch == KEY_RESIZE)
				tui_relayout(t);
			t->msg[0] = 0;
			continue;
		}
		/* What the key resolved (fire, attacks) is shown before play goes on, and so before
		 * any hand-over. */
		unsigned epoch = t->epoch;
		hear_reset(t);
		bool stay = keys_dispatch(t, ch); /* the key table, keys.c */
		if (t->playing && t->epoch == epoch && t->heard_from >= 0)
			combat_view_results(t, t->heard_from, t->heard_end);
		if (!stay)
			start_menu(t);
	}
}

static bool session_open(struct tui *t, const char *datadir)
{
	char err[1024];
	if (!paths_data_dir(datadir, t->datadir, sizeof t->datadir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return false;
	}
	t->scn = t->data = malloc(sizeof *t->data);
	if (!t->data || !legal_init(&t->legal)) {
		fprintf(stderr, "antietam: out of memory\n");
		return false;
	}
	if (!scenario_load(t->data, t->datadir, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return false;
	}
	char path[1100];
	snprintf(path, sizeof path, "%s/rules.txt", t->datadir);
	t->rules = malloc(sizeof *t->rules);
	if (!t->rules || !rules_load(t->rules, path, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", t->rules ? err : "out of memory");
		return false;
	}
	/* no state directory: the game is played all the same, its autosaves say why they fail */
	if (!paths_state_dir(t->state_dir, sizeof t->state_dir, err, sizeof err))
		t->state_dir[0] = 0;
	return true;
}

static void session_close(struct tui *t)
{
	match_free(t->match);
	scenario_free(t->data);
	free(t->data);
	free(t->rules);
	legal_free(&t->legal);
}

int tui_main(const char *datadir, const struct tui_options *opt)
{
	struct tui *t = calloc(1, sizeof *t);
	if (!t) {
		fprintf(stderr, "antietam: out of memory\n");
		return 2;
	}
	t->opt = *opt;
	t->show_names = true;
	t->general_level = 2; /* normal; the start menu's </> change it */
	t->auto_speed = 2000;
	t->cursor = 1916;
	t->sel_unit = -1;
	t->replay_unit = -1;
	t->los_from = HEX_NONE;
	legal_memory_policy();
	if (!session_open(t, datadir)) {
		session_close(t);
		free(t);
		return 2;
	}
	if (opt->load) {
		/* a file that does not load is said on the terminal the user typed it at */
		char err[512];
		struct match *m = match_load(t->data, opt->load, NULL, 0, err, sizeof err);
		bool ok = m != NULL;
		match_free(m);
		if (!ok) {
			fprintf(stderr, "antietam: %s\n", err);
			session_close(t);
			free(t);
			return 2;
		}
	}
	setlocale(LC_ALL, "");
	t->utf8 = !opt->ascii && !strcmp(nl_langinfo(CODESET), "UTF-8");
	char why[300] = "";
	SCREEN *screen = NULL;
	if (!tui_terminal_ok(getenv("TERM"), why, sizeof why) ||
	    !(screen = newterm(NULL, stdout, stdin))) {
		if (!screen && why[0] == 0)
			snprintf(why, sizeof why, "cannot start the terminal");
		fprintf(stderr, "antietam: %s\n", why);
		session_close(t);
		free(t);
		return 2;
	}
	if (!t->utf8) {
		/* -a (or no UTF-8): plain ASCII lines for boxes and borders too */
		static const char *const lines = "lkmjtuvwnx", *const glyph = "++++++++++";
		for (int i = 0; lines[i]; i++)
			acs_map[(unsigned char)lines[i]] = (chtype)(unsigned char)glyph[i];
		acs_map['x'] = '|';
		acs_map['q'] = '-';
	}
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON3_CLICKED, NULL);
	mouseinterval(200);
	timeout(250); /* getch() wakes now and then: a signal is then seen (tui_getch) */
	catch_signals(t);
	draw_init_colours(t);
	tui_relayout(t);
	if (opt->load)
		load_game(t, opt->load);
	run(t);
	endwin();
	delscreen(screen);
	session_close(t);
	free(t);
	return 0;
}
