/* victory.h — how the game is won: control of hexes (3.3), the Union's victory points and
 * level in the two-player game (3.2–3.5, eliminated units 3.4) and the Confederate count of
 * the solitaire game (19.0). Values come from the charts (tables.h) and the objectives of
 * the map (map.h); points are counted in half points ("vp2") because the rules award ½. */
#ifndef ANTIETAM_VICTORY_H
#define ANTIETAM_VICTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

#define VICTORY_LINES_MAX 24

/* One line of a count: an objective (or the eliminated units) and what it scored. */
struct victory_line {
	char key[24];        /* objective key, "eliminated-union", "eliminated-confederate" */
	char name[40];       /* display name */
	int held, nhexes;    /* hexes the scoring side controls, of the objective's hexes */
	int vp2;             /* half VPs it scores */
	/* What the line is worth, for a player weighing it (the charts' values, 3.2 / 19.0): */
	int full2;           /* half VPs when complete (per unit for the eliminated lines) */
	int some2;           /* half VPs for some of it (3.2 partial, 19.0 "some"), 0 none */
	bool any;            /* any one hex pays full2 (3.2 fn 1, fn 3) */
	const char *why;     /* why the hexes held pay less than they seem to, with the rule
			      * ("no road of Confederate hexes from it to Sharpsburg (19.0)"),
			      * or NULL */
	const struct map_objective *obj[2]; /* the map objectives the line reads (NULL none) */
};

struct victory_count {
	int vp2;             /* total in half VPs (Union in the two-player game, Confederate
			      * in the solitaire game) */
	const char *level;   /* "union-decisive" … */
	struct victory_line line[VICTORY_LINES_MAX];
	int nlines;
};

/* 3.3: the side controlling hex now (SIDE_NONE when neither, or not a hex). */
enum side victory_control(const struct game *g, int hex);
/* 3.3A: the side that would control hex if control were updated now (the hex's current
 * holder when nobody gains it). */
enum side victory_control_now(const struct game *g, int hex);
/* The same for n hexes at once (out[i] for hex[i]), the units' places read once. */
void victory_control_now_hexes(const struct game *g, const int *hex, int n, enum side *out);
/* 3.3A: control of every hex updated on g, as the sequence does at the end of every turn
 * (and a look-ahead may on a copy: one pass, where victory_control_now asks one hex). */
void victory_control_update(struct game *g);
/* 3.2–3.5: the two-player Union VP count with a line per objective and per kind of
 * eliminated unit. */
void victory_two_player(const struct game *g, struct victory_count *c);
/* 19.0: the solitaire Confederate VP count. */
void victory_solitaire(const struct game *g, struct victory_count *c);
/* The first objective the victory rules read that map m lacks: a 3.2 `vp` key of the
 * charts t, or one of the 19.0A solitaire count's; NULL when m has them all. *rule says which
 * rule reads it. */
const char *victory_missing_objective(const struct map *m, const struct tables *t,
				      const char **rule);
/* Write half points as the protocol writes VPs: "17.5", "-0.5", "3". */
void victory_format(int vp2, char *buf, size_t len);

#endif
