/* tables.h — the game's charts (rulebook 20.0) loaded from data/tables.txt: the Combat
 * Results Table and its column rules (20.1, 11.5C, 16.3.5), the Artillery Fire Table, its
 * DRMs and range effects (20.3), the Artillery Retreat Table (20.4), terrain movement costs
 * (20.2, 8.7), victory points and levels (3.2–3.5, 19.0), A.P. Hill's arrival rolls (9.1),
 * the Corps Objective Chart (20.5, 15.6C), the solitaire commitment priority (14.3) and the
 * Turn Record Track's times. Immutable once loaded; every lookup is a pure function.
 *
 * Victory points are counted in half points (int, "vp2") because the rules award ½ VPs. */
#ifndef ANTIETAM_TABLES_H
#define ANTIETAM_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "map.h"

/* ---- 20.1 Combat Results Table ---------------------------------------------------- */

enum crt_column { CRT_COL_MINUS1, CRT_COL_0, CRT_COL_PLUS1, CRT_COL_PLUS2, CRT_COL_2TO1,
		  CRT_COLS };
#define CRT_ROW_MIN (-1)
#define CRT_ROW_MAX 11
#define CRT_ROWS (CRT_ROW_MAX - CRT_ROW_MIN + 1)

struct crt_result {
	int8_t attacker; /* steps the attacker loses */
	int8_t defender; /* steps the defender loses */
	bool retreat;    /* '*': the defender must retreat three hexes (11.17.1B) */
};

/* 20.1 die roll modifiers of combat (morale, 11.10B, is a difference, not a table value). */
enum combat_drm {
	COMBAT_DRM_ENCIRCLED_2,  /* 11.9A1 */
	COMBAT_DRM_ENCIRCLED_3,  /* 11.9A2 */
	COMBAT_DRM_CONFEDERATE,  /* 11.11 */
	COMBAT_DRM_UP_SLOPE,     /* 11.14A: defender high, through a slope side */
	COMBAT_DRM_UP_CREST,     /* 11.14A: defender high, through a crest side */
	COMBAT_DRM_FORD,         /* 20.1: through a ford side */
	COMBAT_DRM_SUNKEN,       /* 11.14B */
	COMBAT_DRM_COVER,        /* 11.14C: woods, orchard, cornfield */
	COMBAT_DRM_COUNT
};

/* ---- 20.3 Artillery Fire Table ------------------------------------------------------ */

#define AFT_ROW_MIN (-1)
#define AFT_ROW_MAX 6
#define AFT_ROWS (AFT_ROW_MAX - AFT_ROW_MIN + 1)
#define AFT_FIRE_MAX 9

enum fire_result {
	FIRE_NONE,    /* "-" */
	FIRE_DAGGER,  /* "1†": a step only from infantry of more than 3 steps or artillery */
	FIRE_STEP,    /* "1" */
};

enum fire_drm {
	FIRE_DRM_INFANTRY, FIRE_DRM_COVER, FIRE_DRM_SUNKEN, FIRE_DRM_TOWN, FIRE_DRM_CREST,
	FIRE_DRM_COUNT
};

struct range_band {
	int lo, hi, drm;
	bool parrott_only; /* 10.3A */
};
#define TABLES_RANGE_BANDS 8
#define TABLES_PARROTT_MAX 4

/* ---- 20.4 Artillery Retreat Table --------------------------------------------------- */

enum art_retreat { ART_RETREAT_OK, ART_RETREAT_STEP, ART_RETREAT_ELIMINATED };

/* ---- victory (3.2–3.5, 19.0) --------------------------------------------------------- */

enum vp_rule {
	VP_RULE_ALL,  /* full for every hex of the objective, partial for some */
	VP_RULE_ANY,  /* full for any hex of it (3.2 fn 1, fn 3) */
};

#define TABLES_KEY_MAX 24
struct vp_objective {
	char key[TABLES_KEY_MAX]; /* the key of the objective in data/map.txt */
	int partial2;             /* half VPs for some hexes; -1 for a one-hex objective */
	int full2;                /* half VPs for the whole objective */
	enum vp_rule rule;
};
#define TABLES_VP_MAX 16

enum victory_mode { VICTORY_TWO_PLAYER, VICTORY_SOLITAIRE, VICTORY_MODES };
#define TABLES_LEVELS_MAX 8
struct victory_level {
	int min2;      /* lowest score (half VPs) of the level; INT_MIN for "min" */
	char name[TABLES_KEY_MAX];
};

struct solo_vp {
	char key[TABLES_KEY_MAX];
	int vp2;
};
#define TABLES_SOLO_MAX 8

/* ---- 20.5 Corps Objective Chart ------------------------------------------------------ */

#define TABLES_NO_OBJECTIVE "none"  /* the chart's "-": no further objective (15.5) */
#define TABLES_IX_DRAW "ix-draw"    /* "See 14.6": the marker drawn under 15.6C */
#define TABLES_CORPS_ROWS 12
#define TABLES_OBJ_ORDINALS 3

struct objective_cell {
	int8_t key_of_roll[7];         /* index into keys[] for die rolls 1..6 ([0] unused) */
	char keys[6][TABLES_KEY_MAX];
	int nkeys;
};
struct corps_row {
	char corps[8];                  /* "I", "II", "V", "VI", "IX/1".."IX/4", "XII" */
	struct objective_cell cell[TABLES_OBJ_ORDINALS];
	int ncells;
};

/* ---- everything ----------------------------------------------------------------------- */

#define TABLES_CHARTS_MAX 99 /* the largest `charts N` a file may name */

struct tables {
	int charts;             /* the charts' version: tables.txt's `charts N` (1 when the file
				   has none); a position file names it */
	struct crt_result crt[CRT_ROWS][CRT_COLS];
	int crt_ci[CRT_COLS];
	int combat_drm[COMBAT_DRM_COUNT];

	enum fire_result aft[AFT_ROWS][AFT_FIRE_MAX];
	int fire_drm[FIRE_DRM_COUNT];
	struct range_band range[TABLES_RANGE_BANDS];
	int nranges;
	int parrott[TABLES_PARROTT_MAX];   /* game ids of Parrott gun units (Union, 10.3A) */
	int nparrott;
	enum art_retreat art_retreat[7];   /* die 1..6 ([0] unused) */

	int move_hex[TERRAIN_COUNT];       /* in-hex MP cost (8.7) */
	int move_road;                     /* 8.8.1A */
	int move_side[SIDE_FEATURE_COUNT]; /* MP added per hexside feature bit; -1 prohibited */

	struct vp_objective vp[TABLES_VP_MAX];
	int nvp;
	int vp_elim_confederate2, vp_elim_union2;       /* 3.4A, half VPs to the Union */
	struct victory_level level[VICTORY_MODES][TABLES_LEVELS_MAX];
	int nlevels[VICTORY_MODES];
	struct solo_vp solo[TABLES_SOLO_MAX];
	int nsolo;
	int solo_elim_union2, solo_elim_confederate2;   /* 19.0, half VPs to the Confederacy */

	int ap_hill_lo[12], ap_hill_hi[12]; /* by turn; lo = 0 for no roll that turn */

	struct corps_row corps[TABLES_CORPS_ROWS];
	int ncorps;
	int ix_draw[4];                     /* 15.6C */

	char commit_priority[6][8];         /* 14.3A */
	int turn_minutes[12];               /* start of turn 1..11, minutes after midnight */
};

/* Load a tables file (data/tables.txt) into *t, all or nothing; on failure returns false and
 * writes "path:line: message" into err. Rejects unknown records, missing, duplicate or
 * out-of-range rows and a CRT or AFT that is not monotonic. */
bool tables_load(struct tables *t, const char *path, char *err, size_t errlen);
/* The same from an open stream (left open); name stands for the path in messages. */
bool tables_load_stream(struct tables *t, FILE *f, const char *name, char *err, size_t errlen);

/* 11.5C: the rightmost applicable CRT column for attack factors against defence factors:
 * 2:1 when attack >= 2 × defence, else the difference clamped to -1..+2. */
enum crt_column tables_crt_column(int attack, int defence);
/* The column's heading as printed: "-1", "0", "+1", "+2", "2:1". */
const char *tables_crt_column_name(enum crt_column col);
/* Parse a heading written as tables_crt_column_name gives it; -1 when it is none. */
int tables_crt_column_parse(const char *s);
/* 20.1: the result for a column and a modified die roll (rolls clamped to -1..11). */
struct crt_result tables_crt_result(const struct tables *t, enum crt_column col,
				    int modified_roll);
/* 16.3.5: the Combat Column Identifying number (1–5) of a column. */
int tables_crt_ci(const struct tables *t, enum crt_column col);
/* A 20.1 combat DRM as a signed value. */
int tables_combat_drm(const struct tables *t, enum combat_drm d);

/* 20.3: the result for a fire value (clamped to 1..9; below 1 never hits) and a modified
 * die roll (clamped to -1..6). */
enum fire_result tables_fire_result(const struct tables *t, int fire_value, int modified_roll);
/* Steps a target loses from a fire result: FIRE_DAGGER takes one only from artillery or
 * from infantry of more than 3 steps. */
int tables_fire_steps(enum fire_result r, bool target_is_artillery, int target_steps);
/* A 20.3 artillery fire DRM as a signed value. */
int tables_fire_drm(const struct tables *t, enum fire_drm d);
/* 20.3 Range Effects: true with *drm set when range (>= 1) is within reach of the gun
 * (Parrott guns reach the bands marked parrott); false when out of range (10.3A). */
bool tables_range_drm(const struct tables *t, int range, bool parrott, int *drm);
/* 10.3A: the longest range of an ordinary gun or a Parrott gun. */
int tables_max_range(const struct tables *t, bool parrott);
/* 10.3A: true when the unit (game id, Union numbering) is a Parrott gun. */
bool tables_is_parrott(const struct tables *t, int union_unit_id);
/* 20.4: the artillery retreat result for a die roll 1..6 (clamped). */
enum art_retreat tables_art_retreat(const struct tables *t, int roll);

/* 8.7: MPs to enter a hex of in-hex terrain ter (off a road). Inline, as the next two: the
 * movement searches ask them millions of times. */
static inline int tables_move_hex_cost(const struct tables *t, enum terrain ter)
{
	return (unsigned)ter < TERRAIN_COUNT ? t->move_hex[ter] : t->move_hex[TERRAIN_CLEAR];
}
/* 8.8.1A: MPs to enter a hex through a road hexside, whatever its terrain. */
static inline int tables_move_road_cost(const struct tables *t)
{
	return t->move_road;
}
/* 8.7.4–8.7.6: MPs added for crossing a side with these feature bits, or -1 when the side
 * may not be crossed (creek without bridge or ford). Roads do not cancel them (8.8.1B). */
static inline int tables_move_side_cost(const struct tables *t, unsigned features)
{
	/* A bridge or ford is how the creek is crossed (8.7.6): the creek's prohibition
	 * yields to them. */
	if (features & (SIDE_BRIDGE | SIDE_FORD))
		features &= ~(unsigned)SIDE_CREEK;
	int cost = 0;
	/* feature by feature, lowest bit first, jumping from one set bit to the next */
	for (features &= (1u << SIDE_FEATURE_COUNT) - 1; features; features &= features - 1) {
		int bit = __builtin_ctz(features);
		if (t->move_side[bit] < 0)
			return -1;
		cost += t->move_side[bit];
	}
	return cost;
}

/* 3.2: the VP entry of an objective key, or NULL. */
const struct vp_objective *tables_vp_objective(const struct tables *t, const char *key);
/* 3.2: half VPs for an objective given how many of its nhexes hexes the Union holds. */
int tables_vp_award2(const struct vp_objective *o, int held, int nhexes);
/* 3.4A: half VPs to the Union per eliminated unit of a side (confederate true/false). */
int tables_vp_eliminated2(const struct tables *t, bool confederate);
/* 3.5 / 19.0B: the level name ("union-decisive", …) of a score in half VPs. */
const char *tables_victory_level(const struct tables *t, enum victory_mode mode, int vp2);
/* 19.0A: half VPs to the Confederacy for a condition key, or 0 when the key is unknown. */
int tables_solo_vp2(const struct tables *t, const char *key);
/* 19.0A: half VPs to the Confederacy per eliminated unit of a side. */
int tables_solo_eliminated2(const struct tables *t, bool confederate);

/* 9.1: true when A.P. Hill arrives on this turn with this die roll. */
bool tables_ap_hill_arrives(const struct tables *t, int turn, int roll);
/* 9.1A: the span of rolls on a turn; false when no roll is made that turn. */
bool tables_ap_hill_span(const struct tables *t, int turn, int *lo, int *hi);

/* 20.5: the objective key of a corps ("I", "IX/3", …) for its n-th objective (1–3) and a
 * die roll 1–6: a map objective key, TABLES_NO_OBJECTIVE or TABLES_IX_DRAW; NULL when the
 * chart has no such row. */
const char *tables_corps_objective(const struct tables *t, const char *corps, int n, int roll);
/* 20.5: true when that cell names more than one objective, so a die roll is needed. */
bool tables_corps_objective_rolls(const struct tables *t, const char *corps, int n);
/* 15.6C: the four hexes of the IX Corps division markers' draw. */
const int *tables_ix_draw(const struct tables *t);

/* 14.3A: the i-th corps (0–5) in the solitaire commitment priority, or NULL. */
const char *tables_commit_priority(const struct tables *t, int i);
/* The Turn Record Track: the time turn (1–11) starts, as "6:00 am"; false when no turn. */
bool tables_turn_time(const struct tables *t, int turn, char *buf, size_t len);

#endif
