/* start.h — the scenarios a game may start from besides the standard one (data/scenarios/
 * KEY.txt, `antietam-scenario 1`, docs/formats.md): a later hour of the day (Mid-Morning,
 * turn 4; Early Afternoon, turn 8) built from 1862's positions by the hour, or one sector
 * (The Cornfield, turns 1-2). A start gives the turn it begins and the last, every unit's hex
 * and steps (or off the map, eliminated, out of the scenario), each corps' status, A.P. Hill's
 * and VI Corps' state, Hood's release, control of every objective hex, the solitaire
 * objectives and IX Corps markers, and the victory rule (the game's, or seed 002's sector rule:
 * hold a hex and be alone in an objective). Loaded with the rest of data/ (scenario.c) and
 * checked like the set-ups (`path:line: message`); immutable once loaded.
 *
 * A game started from one carries its number in game_options.start (1-based; 0: the standard
 * game), so that its record and its position file name it (`scenario=KEY`) and a replay or a
 * load starts it again (position.c). */
#ifndef ANTIETAM_START_H
#define ANTIETAM_START_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hex.h"
#include "names.h"
#include "roster.h"

struct game;
struct scenario;
struct victory_count;

#define START_MAX 8
#define START_KEY_MAX 24
#define START_TITLE_MAX 40
#define START_ABOUT_MAX 160
#define START_CONTROL_MAX 96

enum start_place { START_ON_MAP, START_OFF, START_DEAD, START_OUT };
enum start_victory { START_VICTORY_GAME, START_VICTORY_SECTOR };

struct start_unit {
	enum start_place place;
	int16_t hex;   /* START_ON_MAP */
	int8_t steps;  /* START_ON_MAP */
};

struct start_solo {
	int8_t current;     /* 0..2, 3: none left (15.5) */
	int8_t key[3];      /* solo_objective keys (solitaire.h: an objective, SOLO_OBJ_*) */
	int16_t hex[3];     /* SOLO_OBJ_HEX: the marker's hex (15.6C) */
};

struct start {
	char key[START_KEY_MAX];        /* "mid-morning": `new mid-morning`, `scenario=` */
	char title[START_TITLE_MAX];    /* "Mid-Morning" */
	char hour[8];                   /* "9:00" */
	char about[START_ABOUT_MAX];    /* one line for the start menu */
	int first_turn, last_turn;
	int area[4];                    /* col-min row-min col-max row-max, all 0: the whole map */
	enum start_victory victory;
	int hold_hex;                   /* sector: the hex to occupy */
	int objective;                  /* sector: map objective to be alone in (index) */
	struct start_unit unit[ROSTER_UNITS];
	enum corps_status corps[CORPS_COUNT];
	uint8_t committed_once;         /* 14.4: committed (or withdrawn) corps, bit per corps */
	bool hood_released;             /* 4.5C */
	bool ap_hill_triggered;         /* 9.1 */
	int ap_hill_turn;
	bool vi_entered_free;           /* 9.3D */
	int ncontrol;
	int16_t control_hex[START_CONTROL_MAX];
	uint8_t control_side[START_CONTROL_MAX];
	struct start_solo solo[SOLO_FORMATIONS];
};

/* Load one scenario file against s (its map, roster, charts already loaded): all or nothing,
 * "path:line: message". */
bool start_load(struct start *st, const struct scenario *s, const char *path, char *err,
		size_t errlen);
/* Load every file dir/scenarios/NAME.txt into s->start (sorted by first turn, then key); none when
 * the directory is not there. */
bool start_load_dir(struct scenario *s, const char *dir, char *err, size_t errlen);
/* The start of number n (1-based) of s, or NULL (0: the standard game). */
const struct start *start_of(const struct scenario *s, int n);
/* The number (1-based) of the start called key, or 0. */
int start_find(const struct scenario *s, const char *key);
/* The start g was begun from, or NULL for the standard game. */
const struct start *start_game(const struct game *g);
/* Put the start's position onto g (game_new, before the first turn begins). */
void start_apply(struct game *g, const struct start *st);
/* The last turn of g's game: 11 (5.3) or its scenario's. */
int start_last_turn(const struct game *g);
/* Sector victory (seed 002's 4.2, mapped to our hexes): the count of g in the scoring side's
 * points (Union in the two-player game, Confederacy in solitaire) with its level
 * "union-victory", "confederate-victory" or "draw"; false (c untouched) when g's victory is the
 * game's own. */
bool start_victory(const struct game *g, bool solitaire, struct victory_count *c);

#endif
