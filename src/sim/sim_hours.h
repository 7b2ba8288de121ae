/* sim_hours.h — 1862 by the hour: where each of our units stood and what it had left at the
 * moments seed 002 (*None but Heroes*) gives a set-up for (dawn, 7:15, 9:00, 13:00, 15:30, the
 * 18th), read from data/history-hours.txt on the grid fit of data/nbh-grid.txt (both made by
 * tools/nbh-grid and tools/nbh-hours; docs/provenance-hours.md). The loader re-derives every
 * hex the file states from the seed's hexes it keeps, and turns the seed's strengths into men
 * and steps at data/units.txt's values as loaded, so the steps follow the order of battle. */
#ifndef ANTIETAM_SIM_HOURS_H
#define ANTIETAM_SIM_HOURS_H

#include <stdbool.h>
#include <stddef.h>

#include "roster.h"

struct scenario;

#define HOURS_MOMENTS 8

/* What a moment's set-up means by a regiment it does not list (docs/provenance-hours.md). */
enum hours_kind { HOURS_DAWN, HOURS_CAMPAIGN, HOURS_AREA };
/* A unit at a moment: on the field where the seed lists some of its regiments, not yet
 * arrived by the seed's Order of Arrival, or not given by the transcription. */
enum hours_state { HOURS_UNGIVEN, HOURS_PRESENT, HOURS_ABSENT, HOURS_UNLISTED };

/* Seed 002's grid on ours: x = aX + bY + c, y = dX + eY + f (nbh-grid.txt). */
struct hours_grid {
	double t[6];
	int stagger;
	double b_offset;
};

struct hours_unit {
	enum hours_state state;
	int hex;          /* present: the centroid of its listed regiments on our map */
	int regiments;    /* of its roster (the seed's regiments of the unit, all hours) */
	int listed;       /* of them, listed at this hour */
	int lost;         /* men (infantry) or guns (artillery) the seed's strengths say it lost */
	int steps;        /* surviving steps at the unit's own men (guns) a step */
};

struct hours_moment {
	char key[8];      /* "dawn", "0900", "18th" */
	char time[12];    /* "9:00", "18/9:00" */
	int turn;         /* the game-turn whose hour holds it; 12 = the 18th */
	enum hours_kind kind;
	struct hours_unit unit[ROSTER_UNITS];
};

struct sim_hours {
	struct hours_grid grid;
	double men_per_sp, guns_per_sp;
	int n;
	struct hours_moment m[HOURS_MOMENTS];
};

/* Load data/nbh-grid.txt (antietam-nbh-grid 1): all or nothing, "path:line: message"; every
 * point's residual must be the transform's. */
bool sim_hours_grid_load(struct hours_grid *g, const char *path, char *err, size_t errlen);
/* Seed 002's hex ("A17.34") on our plane through g: false when s is not such a hex. */
bool sim_hours_place(const struct hours_grid *g, const char *s, double *x, double *y);
/* The hex of our map whose centre is nearest (x, y) on our plane (centre of CCRR: 1.5 c,
 * sqrt3 (r + c%2/2)). */
int sim_hours_snap(double x, double y);
/* Load path (antietam-history-hours 1) on grid against scenario s: all or nothing,
 * "path:line: message". Checks every stated hex against its regiments' centroid. */
bool sim_hours_load(struct sim_hours *h, const struct scenario *s, const char *grid_path,
		    const char *path, char *err, size_t errlen);
#define HOURS_NAME 48
/* The formations the yardstick by hour compares: a Union corps' division, a Confederate
 * division. group[u]: the formation of infantry unit u (-1: artillery); their names and sides
 * into name and side (at most max); returns their number. */
int sim_hours_formations(const struct roster *r, int *group, char (*name)[HOURS_NAME],
			 enum side *side, int max);
/* The ghost of 1862 on the map (issue 31): the moment nearest game-turn turn (a tie: the
 * earlier), its index returned (-1: h has none); each unit's hex at it (HEX_NONE: not given
 * there) into hex, and into from the hex of the latest earlier moment that places it (the
 * trail's start; HEX_NONE: none). */
int sim_hours_ghost(const struct sim_hours *h, int turn, int *hex, int *from);
/* The moment of key, or NULL. */
const struct hours_moment *sim_hours_moment(const struct sim_hours *h, const char *key);

#endif
