/* fixture.h — the test fixtures every suite shares (tests/fixture.c, linked into each suite).
 * One name per fixture, saying what it is:
 *
 *   the real scenario    fx_real_setup, fx_real_scenario: data/ as the game ships it
 *                        (scenario_load), the suite's own copy in S or one shared copy.
 *   the flat test data   FX_FLAT_DATA, fx_flat_scenario, fx_program_transcript:
 *                        tests/data/game, a flat map with a little creek, a road, the entry
 *                        edges, the objectives of data/map.txt on their hexes and the town
 *                        of Sharpsburg under its objective, over frozen charts; the golden
 *                        --batch transcripts tests/golden/NAME.in/.out play on it.
 *   the shipped map      fx_map_shipped, fx_map_bank: data/map.txt alone, and the banks of
 *                        Antietam Creek on it (8.7.6); fx_map_load reads any map file.
 *   hand-built boards    a blank map in memory (every hex clear low ground, no hexside
 *                        feature) on which each test draws the terrain (fx_terrain, fx_side,
 *                        fx_road …) and places the counters its rule needs:
 *                        fx_board_oob(setup)  the rulebook's order of battle in plain
 *                          counters (corps 4.3, IX Corps divisions 15.6, Hood 4.5C, McLaws and
 *                          Anderson 4.5A, the cavalry 8.10, A.P. Hill 9.1, artillery), the
 *                          9.2A/9.3B entry edges, the movement costs and A.P. Hill rolls of
 *                          the charts set by hand; a new game (seed 1) in the set-up given.
 *                          For movement, the sequence and commitment (test_move, test_game,
 *                          test_commit).
 *                        fx_board_plain()  122 identical counters (4-step I Corps infantry,
 *                          CV 1-4, morale 0, MA 6) over the real charts of data/tables.txt,
 *                          each test giving the counters their values (fx_inf, fx_gun,
 *                          fx_corps); an empty set-up at turn 2, every corps Committed, seed
 *                          7. For combat, fire, victory and the bot (test_combat, test_fire,
 *                          test_victory, test_bot).
 *   files                fx_read_file, fx_read_stream: a whole file or stream as text.
 *   the program          fx_program_*: ./antietam ($ANTIETAM_PROGRAM) run from a suite,
 *                        its output read whole.
 *
 * The suite's scenario is S and its game G; a hand-built board is driven through
 * action_parse() and game_apply_events() as a front-end drives a game (fx_ok, fx_refused), its
 * events kept in fx_log, and the invariant checker (check.h) must pass after every accepted
 * action except the test actions place and remove, with which a test builds any position
 * (the 4.2 quick set-up's own place and remove are checked).
 * It includes <cmocka.h> (with the headers cmocka needs first) and <stdio.h>, <stdlib.h>,
 * <string.h>. */
#ifndef ANTIETAM_TEST_FIXTURE_H
#define ANTIETAM_TEST_FIXTURE_H

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "event.h"
#include "action_text.h"
#include "game.h"
#include "map.h"
#include "scenario.h"

/* ---- the suite's scenario and game ---- */

extern struct scenario *S; /* the suite's scenario: the real one or a hand-built board */
extern struct game *G;     /* the suite's game */
extern struct event_log fx_log; /* G's events, kept as the match layer keeps them */
extern char fx_err[512];   /* the last refusal's message */

/* cmocka group set-up of the hand-built suites: allocates G (a board makes S). */
int fx_setup(void **state);
/* cmocka group set-up of the suites on the real scenario: S = data/ (scenario_load), G
 * allocated; -1, with the loader's message on stderr, when the data do not load. */
int fx_real_setup(void **state);
/* cmocka group tear-down of both: frees S, G, fx_log and the shared real scenario. */
int fx_teardown(void **state);

/* ---- the real scenario (data/) ---- */

#define FX_REAL_DATA "data"

/* data/ loaded once for the whole program (freed by fx_teardown) and shared; fails the test
 * with the loader's message when it does not load. */
const struct scenario *fx_real_scenario(void);

/* ---- the flat test data (tests/data/game) ---- */

#define FX_FLAT_DATA "tests/data/game"

/* tests/data/game in a new scenario (to free); fails the test with the loader's message. */
struct scenario *fx_flat_scenario(void);


/* ---- the shipped map (data/map.txt) ---- */

/* The map file at path in a new map (to free); fails the test with the loader's message when
 * it does not load. */
struct map *fx_map_load(const char *path);
/* data/map.txt in a new map (to free); skips the test when the file is not there and fails
 * it, with the loader's message, when the map does not load. */
struct map *fx_map_shipped(void);
/* bank[hex_index(h)] true exactly for the hexes of m on start's bank of the creek: a flood
 * from start that crosses no creek hexside (bridges and fords neither). */
void fx_map_bank(const struct map *m, int start, bool *bank);

/* ---- hand-built boards ---- */

/* The order-of-battle board (above) in a new scenario (to free). */
struct scenario *fx_scenario_oob(void);
/* S = a fresh order-of-battle board, G a new game of it in the set-up given, seed 1. */
void fx_board_oob(enum game_setup setup);
/* S = a fresh plain-counter board over data/tables.txt, G a new game of it: the empty
 * set-up, turn 2, seed 7, no options. Fails the test when data/tables.txt does not load. */
void fx_board_plain(void);

/* Unit indices: U(12) for U12, C(7) for C7; fx_u("U12") by name (the test fails on a bad one). */
static inline int U(int n) { return n - 1; }
static inline int C(int n) { return ROSTER_UNION + n - 1; }
int fx_u(const char *id);

/* S's counter of unit index u (to give it its values). */
struct unit_def *fx_def(int u);
/* Infantry: cv falls by one a step from cv_full, never below 1; morale the same at all. */
void fx_inf(int u, int steps, int cv_full, int morale);
/* Artillery of fire value `fire` at full strength (one less a step, never below 1). */
void fx_gun(int u, int steps, int fire, int range);
/* Unit u belongs to corps c, division `division`. */
void fx_corps(int u, enum corps c, int division);

/* Drawing on S's map: terrain, high ground, the Sunken Road, hexside features (both
 * directions of the side between adjacent a and b), roads along a path or down a column,
 * Antietam Creek along the whole side between column col and col+1. */
void fx_terrain(int hex, enum terrain t);
void fx_high(int hex);
void fx_sunken(int hex);
void fx_side(int a, int b, unsigned bits);
void fx_road(const int *hexes, int n, unsigned bits);
void fx_road_down(int hex, int n, unsigned bits);
void fx_creek_after_column(int col);
/* An objective of S's map: key (the charts' key), name, and its n hexes. */
void fx_objective(const char *key, const char *name, int n, ...);

/* Writing G directly, as a test builds a position the rules never need to reach: unit u in
 * hex at full strength with no flags; its steps; dice the next rolls will show. */
void fx_place(int u, int hex);
void fx_steps(int u, int steps);
void fx_dice(int n, ...);

/* ---- driving G through the one door ---- */

/* Parse and apply one command to G (its events into fx_log); true when the game accepted it,
 * else false with the message in fx_err. The test fails when the invariants break. */
bool fx_try(const char *line);
void fx_ok_at(const char *line, const char *file, int lineno);
void fx_refused_at(const char *line, const char *rule, const char *file, int lineno);
/* The command is accepted (or the test fails, citing the suite's line and the refusal). */
#define fx_ok(line) fx_ok_at((line), __FILE__, __LINE__)
/* The command is refused, its message begins with rule (NULL: any message), and G is
 * byte-identical. */
#define fx_refused(line, rule) fx_refused_at((line), (rule), __FILE__, __LINE__)
/* The newest event of kind k in fx_log; fails the test when it holds none. */
const struct game_event *fx_last_event(enum event_kind k);
/* `set phase SIDE PHASE` through the door. */
void fx_phase(const char *side, const char *phase);

/* The test fails unless G's pending decision is `what`, owned by side, about subject (FX_ANY:
 * whatever its subject). */
#define FX_ANY INT_MIN
void fx_pending(enum side side, enum decision what, int subject);

/* The cost `moves` shows for unit id at hex, or -1 when it may not end there. */
int fx_cost_at(const char *id, int hex);
/* MPs of a whole move command as move_check counts them, or -1 when refused. */
int fx_path_cost(const char *line);

/* ---- files ---- */

/* Everything left to read on f, NUL-terminated (to free), its length in *len when len is not
 * NULL; fails the test when out of memory. */
char *fx_read_stream(FILE *f, size_t *len);
/* The whole file at path, as fx_read_stream; fails the test, naming path, when it cannot be
 * opened or is empty (no file a test reads may be). */
char *fx_read_file(const char *path, size_t *len);

/* ---- the program ---- */

/* The program under test: $ANTIETAM_PROGRAM, or ./antietam when it is unset. */
const char *fx_program_path(void);
/* The arguments tmpl with every "%s" in it replaced by dir, into out (a table of command
 * lines naming a test's directory, with no format string that is not a literal). */
void fx_with_dir(char *out, size_t len, const char *tmpl, const char *dir);
/* Runs the shell command line `cmd` and returns its standard output (to free), with its exit
 * status in *rc (-1 when it did not exit normally). */
char *fx_program_output(const char *cmd, int *rc);
/* Runs the program with the arguments args (shell words, redirections of its standard error
 * included) and `input` on its standard input (from a temporary file); returns its standard
 * output (to free), its exit status in *rc. */
char *fx_program_run(const char *args, const char *input, int *rc);
/* Runs tests/golden/NAME.in through --batch on the flat test data and fails the test, naming
 * the first differing line, unless the program exits 0 having answered tests/golden/NAME.out
 * character for character (PROTOCOL.md's fixed formats). */
void fx_program_transcript(const char *name);

#endif
