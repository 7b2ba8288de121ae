/* tui_internal.h — what the files of the ncurses front-end share: the session (struct tui),
 * drawing, dialogs and the map-driven play of each decision. Only src/tui/ includes it. */
#ifndef ANTIETAM_TUI_INTERNAL_H
#define ANTIETAM_TUI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "match.h"
#include "position.h"
#include "rules.h"
#include "geom.h"
#include "legal.h"
#include "scenario.h"
#include "tui.h"

#define TUI_MARK_MAX 512

/* What the map highlights in a hex (the union of these bits). */
enum {
	MARK_REACH = 1 << 0,      /* the selected unit may end its move here (cost shown) */
	MARK_TARGET = 1 << 1,     /* a legal target (fire, attack, advance …) */
	MARK_PATH = 1 << 2,       /* on the path of the action highlighted in a menu */
	MARK_SELECTED = 1 << 3,   /* the selected unit's hex */
	MARK_FROM = 1 << 4,       /* an attacker / firer of the highlighted action */
	MARK_COSTLY = 1 << 5,     /* a retreat there costs steps (loss[] of the hex, 11.17.4B) */
};

/* What Enter on the map does now. */
enum tui_mode {
	MODE_BROWSE,      /* nothing selected */
	MODE_UNIT,        /* a unit is selected: its destinations / targets are marked */
};

struct tui {
	struct tui_options opt;
	bool utf8;                 /* the locale can show the wide glyphs */
	bool colour;               /* the terminal has colours and mono is off */
	char datadir[1024];
	struct rules *rules;       /* the rules reference, data/rules.txt (reference.c) */
	struct scenario *data;     /* everything loaded from data/ (owned): today's versions, and
				      the earlier ones a saved game may be played with (scenario.h) */
	const struct scenario *scn; /* the data of the game on screen (its ground, counters and
				      charts: set_match), else today's (data) */

	bool playing;              /* a game is in progress */
	struct match *match;       /* the game with its record, undo and autosave (match.h) */
	const struct game *g;      /* match_game(match): read here, changed only by tui_apply */
	unsigned epoch;            /* counts games begun or loaded in this session */
	int heard_from, heard_end; /* the events the match's sink heard since it was last reset
				      (tui_hear_reset): the result box's; heard_from -1 none */
	struct game_options gopt;
	char save_path[POSITION_PATH_MAX];
	char state_dir[POSITION_PATH_MAX]; /* autosaves and `last` (include/paths.h); "" none */

	/* the legal actions at the current decision (refreshed after every change) */
	struct legal_list legal; /* legal.c: sized to the need */

	/* view */
	struct geom_layout lay;
	int cursor;                /* hex under the cursor */
	int vx, vy;                /* canvas origin of the map view */
	bool show_names;
	bool overview;             /* the zoomed-out map (overview.c) instead of the detailed one */
	bool show_zoc;             /* `Z`: the enemy's zones of control are marked */
	bool show_unheld;          /* `V`: the objective hexes the deciding side lacks marked */
	uint8_t unheld[HEX_INDEX_COUNT]; /* those hexes, refilled each frame (track.c) */
	bool overview_full;        /* the overview at two cells a hex even where COMPACT fits */
	int ox, oy;                /* overview canvas origin */
	int overview_said;         /* the scale the message line last described, -1 none */
	bool corps_in_panel;       /* the status line is too narrow for the corps */
	int panel_scroll;

	/* selection */
	enum tui_mode mode;
	int sel_unit;
	int los_from;              /* the hex a line of sight is traced from (HEX_NONE) */
	uint8_t mark[HEX_INDEX_COUNT];
	int16_t cost[HEX_INDEX_COUNT]; /* MP cost shown in MARK_REACH hexes, -1 none */
	bool double_time[HEX_INDEX_COUNT]; /* the cheapest way there is at double-time (8.9) */
	int8_t loss[HEX_INDEX_COUNT]; /* MARK_COSTLY: steps the cheapest retreat there costs; 99
				       * when every way there eliminates the unit */
	int hint_turn, hint_side, hint_phase; /* the phase whose start was last announced */

	/* hot-seat hand-over: the side that decided last */
	enum side last_side;
	bool bot_stuck;            /* a computer player could not play; the player decides */
	int general_level;         /* the start menu's level for the computer general (1..GENERAL_STRONG) */
	int auto_ms;               /* watching and the replay go on by themselves after this
				    * many ms without a key; 0: they wait for one */
	int auto_speed;            /* the pace `a` turns on (+/- change it): 1, 2, 4 or 8 s */
	int seen_log;              /* events already shown in the log pane */
	int replay_from;           /* the first event of what the player last caught up with (w) */
	int replay_unit;           /* the unit of the event the replay shows (the panel), -1 none */

	char msg[256];             /* message line */
	bool msg_error;
	bool quit;
};

/* The counters of the game on screen: its own order of battle (a game saved with an earlier
 * one goes on with it, scenario.h), else the data's newest. */
static inline const struct roster *tui_roster(const struct tui *t)
{
	return t->g ? &t->g->scn->roster : &t->scn->roster;
}

/* ---- tui.c: the session ---- */

/* Apply an action through the engine; on refusal put the engine's message (with its rule)
 * on the message line and return false. Keeps the undo stack and the legal list current. */
bool tui_apply(struct tui *t, const struct action *a);
/* The autosave of the last action, deferred until its frame is on the screen (issue 34:
 * draw first, save after); true when it failed or the bound on the state directory took
 * other games' autosaves, the message line then saying so. */
bool tui_autosave_due(struct tui *t);
/* Is side s's seat the computer's (match_seat: the solitaire Union bot, the general …)? */
bool tui_computer(const struct tui *t, enum side s);
/* Recompute the legal actions and clear the marks after the position changed. */
void tui_refresh_legal(struct tui *t);
/* Put a message on the message line (printf style). */
/* The next key (getch); when a signal that ends the program came, the game in play is
 * autosaved, the terminal restored and the program ends as the signal would end it. */
int tui_getch(void);
/* The same, giving up (ERR) once ms have passed without a key. */
int tui_getch_within(int ms);
void tui_say(struct tui *t, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Recompute the screen split after a resize (or a switch of map view). */
void tui_relayout(struct tui *t);
/* Scroll the map view (and the detailed view behind the overview) to show the cursor. */
void tui_follow(struct tui *t);
/* Move the cursor `times` hexes dx, dy (geom_step) and scroll the view to it. */
void tui_move_cursor(struct tui *t, int dx, int dy, int times);
/* A mouse click on the map: the cursor to the hex; again (or double, right): Enter. */
void tui_mouse_click(struct tui *t);
/* `S`: save to a position file the player names; false when he did not or it failed. */
bool tui_save_game(struct tui *t);
/* `z`: the overview map (half a cell a hex where it fits, again two cells), then back. */
void tui_toggle_overview(struct tui *t);
/* `c`: the detailed view centred on the cursor (and whatever puts the cursor on a unit it
 * jumps to: the roster). */
void tui_centre(struct tui *t);
/* A jump of the cursor: the view centred on it when it is off the detailed view, else as
 * tui_follow (no needless scroll). */
void tui_show(struct tui *t);
/* The cursor's hex centred in the map's first w columns (a box covers the rest; the whole
 * map when w is too narrow for it). */
void tui_centre_within(struct tui *t, int w);
/* `#`: ask for a hex number, put the cursor there and centre the view on it. */
void tui_goto_hex(struct tui *t);
/* The time a turn starts, from the Turn Record Track (data/tables.txt): "6:00 am". */
const char *tui_turn_time(const struct tui *t, int turn);
/* Side name for players ("Union", "Confederate"). */
const char *tui_side_title(enum side s);

/* ---- keys.c: the key table ---- */

/* A key on the map: its row's handler (keys.h documents the table); false to leave for the
 * start menu. A key no row has does nothing. */
bool keys_dispatch(struct tui *t, int ch);

/* ---- draw.c: one frame ---- */

/* The colours of the screen (draw.c's palettes give each a foreground and background). */
enum colour_slot {
	C_UNION, C_CONFED, C_REACH, C_TARGET, C_PATH, C_SELECTED, C_CURSOR, C_STATUS, C_ERROR,
	C_LABEL, C_CTRL_UNION, C_CTRL_CONFED, C_TITLE, C_SLOT_COUNT
};
/* The colour pair of fg on bg (-1: the terminal's default), made on first use; 0 in mono. */
short draw_pair(short fg, short bg);
/* A slot's foreground or background colour, a glyph role's colour, a hex's terrain colour
 * (by terrain and elevation); -1 in mono or for the default. */
short draw_slot_colour(enum colour_slot s, bool bg);
short draw_role_colour(enum glyph_role r);
short draw_terrain_colour(const struct map_hex *mh);

/* Below GEOM_MIN_COLS x GEOM_MIN_LINES: the screen erased and only the "too small" guard
 * drawn (true); false, nothing drawn, when the terminal is big enough. */
bool draw_guard(void);
/* Compose the game screen without refreshing (dialogs draw over it, then refresh once). */
void draw_compose(struct tui *t);
/* Set up colour pairs (after start_color) for the current mode. */
void draw_init_colours(struct tui *t);
/* Compose the whole game screen (status, map, panel, log, message) and refresh once. */
void draw_frame(struct tui *t);
/* Put a UTF-8 string or its ASCII fallback at y, x, clipped to width w. */
void draw_text(int y, int x, int w, const char *s);
int draw_fold_cut(const char *p, int room);
/* A message at the bottom line y, folded at a space onto line y-1 when wider than w. */
void draw_bottom(int y, int w, const char *s);
/* The label of a unit: "U12". */
const char *draw_unit_id(const struct tui *t, int u);

/* ---- overview.c: the zoomed-out map ---- */

/* The scale the overview draws at in the current layout. */
enum geom_ov_scale overview_scale(const struct tui *t);
/* Draw the overview into the map area (marks, cursor, the detailed view's frame). */
void overview_draw(struct tui *t);
/* The hex under screen cell (x, y) of the map area, or HEX_NONE. */
int overview_hex_at(const struct tui *t, int x, int y);

/* ---- reference.c: the rules reference ---- */

/* `?`: the rules the message line, the decision and the latest log lines cite, the
 * glossary, the help and every summary; the chosen one opens as a page. */
void reference_open(struct tui *t);
/* One entry's page. */
void reference_page(struct tui *t, const struct rules_entry *e);

/* ---- charts.c: the charts in `?` ---- */

enum chart { CHART_CRT, CHART_AFT, CHART_TERRAIN, CHART_COUNT };
/* The list line that opens chart c in `?`. */
const char *charts_title(enum chart c);
/* The lines of chart c from the charts t (kept until the next call); the count. */
int charts_build(const struct tables *t, enum chart c, const char *const **lines);
/* Chart c of the game on screen as a page. */
void charts_show(struct tui *t, enum chart c);

/* ---- replay.c: what happened, on the map ---- */

/* Step through the log from event `from` on the map (trails of moves, attacks and fires
 * marked, the log line on the message line); Home goes back through the whole log. */
void replay_run(struct tui *t, int from);
/* After a screen drawn over the map (the replay, 1862's ghost): the cursor back on cursor, the
 * unit sel selected again (-1: none), the message cleared. */
void replay_view_back(struct tui *t, int cursor, int sel);
/* 1862 on the map (ghost.c, key i): the hour of seed 002 nearest the turn, n/p another. */
void ghost_run(struct tui *t);

/* ---- track.c: the roster, the turn track, zones of control ---- */

/* What unit u is doing: "committed, moved, STR" (13.0, its flags, 11.2). */
void track_unit_status(const struct tui *t, int u, char *buf, size_t len);
/* `R`: every unit by corps or division; the chosen one gets the cursor (and is selected
 * when it can act). */
void track_roster(struct tui *t);
/* `t`: the turn track: hours, reinforcements due, the Union corps, the VPs now. */
void track_turns(struct tui *t);
/* `V`: show or hide the marks of the objective hexes the deciding side does not hold. */
void track_toggle_unheld(struct tui *t);
/* Fill t->unheld for the frame (the objective hexes the count reads, not held by the
 * deciding side, 3.3); nothing when the marks are off. */
void track_unheld_update(struct tui *t);
/* `Z`: show or hide the enemy's zones of control. */
void track_toggle_zoc(struct tui *t);
/* With zones shown and a unit selected in a movement: whether it may end its move in the
 * cursor hex, or the rule that keeps it out; "" otherwise. */
void track_zoc_panel(const struct tui *t, char *buf, size_t len);

/* ---- panel.c: the side panel ---- */

/* Draw the side panel (built for the cursor hex and the pending decision). */
void panel_draw(struct tui *t);
/* The panel's lines as last drawn (folded), at most max into out; the count (for `?`). */
int panel_lines(const char **out, int max);
/* "I:C II:A V:U": Union corps from..to-1 with the initial of their status (13.0). */
void panel_corps_summary(const struct game *g, int from, int to, char *buf, size_t len);
/* Whether Union corps c has a unit in g's game (not taken out: a scenario leaves corps out). */
bool panel_corps_in_game(const struct game *g, int c);

/* ---- seats.c: the computer takes over (issue 34) ---- */

/* The seat in the menus' words: "a player at this terminal", "the computer general, level 2
 * normal". */
void seats_label(const struct seat *s, char *buf, size_t len);
/* The choices for side's seat in game g: a person first, then every player of the table that
 * may take it (player_sits), at each of its levels; at most max, the count. */
int seats_choices(const struct game *g, enum side side, struct seat *out, int max);
/* The seats dialog (C): the computer finishes the game, takes a side
 * at a level, or gives it back; said on the message line. */
void seats_dialog(struct tui *t);

/* ---- dialog.c: menus and screens over the map ---- */

/* A list of lines to choose from, over the panel; the map keeps showing the highlighted
 * entry through `preview` (may be NULL). Typing filters; returns the chosen index or -1. */
int dialog_menu(struct tui *t, const char *title, const char *const *items, int n, int start,
		void (*preview)(struct tui *t, int index, void *ctx), void *ctx);
/* Show what a dialog drew and read a key. While the terminal is too small the guard is
 * shown instead (no dialog over it): only q/Esc (returned as 27) or a resize that makes it
 * fit again (KEY_RESIZE: the dialog draws itself anew) come back. */
int dialog_key(struct tui *t);
/* dialog_key, giving up after ms without a key: ERR then. */
int dialog_key_within(struct tui *t, int ms);
/* What the watched hand-over and the replay say of going on by themselves; buf. */
const char *dialog_auto_words(const struct tui *t, char *buf, size_t len);
/* Their keys for it: a on/off, + faster, - slower. */
void dialog_auto_key(struct tui *t, int ch);
/* An empty box with a border (menus and views draw into it). */
void dialog_box(int y, int x, int h, int w);
/* dialog_menu with the filter kept in filter[flen] (its start and, on return, what was
 * typed) and, when tab, Tab returning DIALOG_TAB (the caller changes the list: a sort). */
#define DIALOG_TAB (-2)
int dialog_menu_ex(struct tui *t, const char *title, const char *const *items, int n, int start,
		   void (*preview)(struct tui *t, int index, void *ctx), void *ctx, char *filter,
		   size_t flen, bool tab);
/* Ask for a line of text on the message line (buf holds the default); false on Esc. */
bool dialog_prompt(struct tui *t, const char *question, char *buf, size_t len);
/* A yes/no question on the message line; true for yes. */
bool dialog_confirm(struct tui *t, const char *question);
/* Full-screen pages of text (help, log, reports); any key pages on, q/Esc closes. */
void dialog_text(struct tui *t, const char *title, const char *const *lines, int n);
/* The same, closed also by any key of `closers`; returns the key that closed it. */
int dialog_text_keys(struct tui *t, const char *title, const char *const *lines, int n,
		     const char *closers);
/* The hand-over screen between hot-seat players (title NULL: "Hand over to the … player"),
 * with every event since the player last looked. Returns the key that closed it: '\n'
 * (Enter or Space: go on), 27 (Esc), 'q' or 'w' (after the replay on the map). */
int dialog_handover(struct tui *t, const char *title);
/* The help screen: keys, the sequence of play, the map legend. */
void dialog_help(struct tui *t);
/* The event log (the match record's events), newest first. */
void dialog_log(struct tui *t);
/* "union-marginal" as a reader says it: "Union Marginal". */
void dialog_level_title(const char *key, char *buf, size_t len);
/* The end-of-game report. */
void dialog_report(struct tui *t);

/* ---- play.c: the decisions on the map ---- */

/* Enter on the cursor hex: select a unit, move it, fire, attack … by the pending decision. */
void play_enter(struct tui *t);
/* The generic list of every legal action (the fallback that makes any decision playable). */
void play_menu(struct tui *t, bool only_cursor);
/* End the current phase or step, warning when units could still act. */
void play_end(struct tui *t);
/* Select the next unit that can act and put the cursor on it. */
void play_next_unit(struct tui *t);
/* Drop the selection and its marks. */
void play_cancel(struct tui *t);
/* Take back the last move of this movement phase. */
void play_undo(struct tui *t);
/* A one-line description of the pending decision ("Union: movement"). */
void play_describe_pending(const struct tui *t, char *buf, size_t len);
/* After every change of the position: a decision about one unit (retreat, advance,
 * defensive fire …) selects that unit and shows it. */
void play_after_change(struct tui *t);
/* Show the artillery line of sight (10.6) from the selected unit (or the hex marked by the
 * first press) to the cursor: the hexes crossed, and what blocks it with its rule. */
void play_los(struct tui *t);
/* Why unit u of the deciding side can do nothing in this phase, with the engine's rule
 * ("cannot move: 4.5C: Hood's division may not move on turn 1 …", "cannot fire: 10.3A …",
 * "cannot attack: 11.2B …"); false when it can act, has acted, or the phase asks nothing of
 * it. */
bool play_why_idle(const struct tui *t, int u, char *why, size_t len);
/* Mark the hexes of one action on the map (its path, target and units). */
void play_mark_action(struct tui *t, const struct action *a);
/* Select unit u: mark its hex and every hex its legal actions lead to. */
void play_select_unit(struct tui *t, int u);
/* The first unit of the cursor hex after `after` in stack order (wrapping; -1: from the
 * top) for which want() holds, or -1. */
int play_next_in_hex(const struct tui *t, int after, bool (*want)(const struct tui *, int u));

/* ---- choose.c: the lists of legal actions ---- */

/* A chance in sixths as a percentage, rounded (4 in 6: 67%). */
int tui_percent(int sixths);
/* An action as a list shows it: its command, then a fire's or an attack's chance of effect
 * or the steps a retreat path costs (11.17.4B). */
void play_describe_action(const struct tui *t, const struct action *a, char *buf, size_t len);
/* Carry out one legal action: fire and declarations through their odds views, `end` with
 * its warnings, the rest straight through tui_apply. */
void play_do(struct tui *t, const struct action *a);
/* A list of the legal actions idx[0..n-1] (reordered: costly retreats last) with the map
 * previewing the highlighted one; the chosen one is carried out by play_do. */
void play_choose(struct tui *t, const char *title, int *idx, int n);

/* ---- setup.c: the quick set-up (4.2) on the map ---- */

/* True while a side places its units (DECISION_SETUP). */
bool setup_pending(const struct tui *t);
/* True when unit u is of the side setting up, begins on the map (4.1B) and is not placed. */
bool setup_to_place(const struct tui *t, int u);
/* Enter: place the selected unit on the cursor hex, or select a unit of ours there. */
void setup_enter(struct tui *t);
/* `n`: select the next unit still to place and mark where it may go. */
void setup_next(struct tui *t);
/* `r`: remove the selected placed unit (or one of ours in the cursor hex). */
void setup_remove(struct tui *t);
/* `u`: remove the unit of the side setting up placed last (as the game's record says). */
void setup_undo(struct tui *t);
/* `f`: place every unit left on its 4.3 hex (quick_historical), after asking. */
void setup_fill(struct tui *t);
/* `p`: the list of the units still to place; the chosen one is selected. */
void setup_list(struct tui *t);

/* ---- combat_view.c: odds before committing ---- */

/* The log lines the defensive fire screen shows: the attack coming. */
#define COMBAT_VIEW_CONTEXT 6

/* Show a gun's fire (range, fire value, DRMs with rules, the result of each die) and fire
 * it on Enter; false when the player declined or the engine refused. */
bool combat_view_fire(struct tui *t, const struct action *a);
/* The attack builder on a defending hex: choose attackers, see each one's CRT column, DRMs
 * and the result of each die, declare on Enter; `preselect` (a unit or -1) starts chosen. */
void combat_view_attack(struct tui *t, int hex, int preselect);
/* The attack builder on the hexes of a legal declaration (from a list), its units chosen. */
void combat_view_declare(struct tui *t, const struct action *a);
/* The result box: every attack and fire of the events numbered [from, end) (its column, its
 * DRMs as the event carries them, die and result in words, the steps and retreats that
 * followed); nothing when there is none. Enter goes on. */
void combat_view_results(struct tui *t, int from, int end);
/* Defensive fire (11.5B) in one screen: the attack coming (the log since the player last
 * looked), each attacker the gun may fire at with its odds; Enter fires, d holds fire, Esc
 * leaves the decision on the map. True when an action was applied. */
bool combat_view_defensive(struct tui *t);
/* True when some legal declaration attacks hex. */
bool combat_view_has_attack(const struct tui *t, int hex);

/* Whether the terminal TERM names can show the game (term_check.c): false with why set when
 * TERM is unset, unknown to terminfo, or cannot place the cursor (TERM=dumb). */
bool tui_terminal_ok(const char *term, char *why, size_t len);

#endif
