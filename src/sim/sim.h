/* sim.h — the simulator (`antietam --simulate N`, issue 23): whole games played without a
 * terminal by chosen players, one record a game (games.csv) and a game-turn (turns.csv),
 * and a report of their distributions beside 17 September 1862 (data/history.txt).
 *
 * Everything a record holds is read from the game state (struct game) and the engine's own
 * counts (victory.h), never from the text log. The report is a function of the records
 * alone, so the records of N shards merged give the report of one run. */
#ifndef ANTIETAM_SIM_H
#define ANTIETAM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "map.h"
#include "player.h"
#include "sim_hours.h"
#include "start.h"

/* ---- players ---- */

#define SIM_NAME_MAX PLAYER_NAME_MAX

enum sim_rules { SIM_SOLITAIRE, SIM_TWO_PLAYER, SIM_RULES_COUNT };
extern const char *const sim_rules_names[SIM_RULES_COUNT]; /* "solitaire", "two-player" */

/* The players are the rows of the one table of players (player.h); a seat is one of them
 * with its level. Parse "NAME" or "NAME:LEVEL" for side under rules (player_parse). */
bool sim_player_parse(const char *text, enum side side, enum sim_rules rules, struct seat *out,
		      char *err, size_t errlen);

/* ---- one game ---- */

struct sim_config {
	enum sim_rules rules;
	bool mishap, unleashed;             /* 8.14, 13.0 note */
	bool quick;                         /* 4.2: the quick set-up, each side's player placing
					       its units (--quick-setup); else the 4.3 one */
	char scenario[START_KEY_MAX];       /* a scenario of data/scenarios/ (start.h, --scenario
					       KEY), "" for the whole day */
	struct seat player[2];              /* indexed by enum side */
};

/* Where the Union stands at the end of a game-turn. */
struct sim_turn {
	int vp2[2];                  /* 3.2 count (Union), 19.0 count (Confederate), half VPs */
	int steps_lost[2];           /* by side, since the start */
	int eliminated[2];           /* 3.4: units of every type with no step left */
	int8_t corps[CORPS_COUNT];   /* enum corps_status */
	uint8_t held[MAP_OBJ_MAX];   /* hexes of each objective the Union controls */
};

#define SIM_HEXES_MAX 128            /* distinct objective hexes */

/* The hours of 1862's yardstick by hour (data/history-hours.txt) a game records each unit at:
 * the start of game-turns 4 (9 a.m.) and 8 (1 p.m.), i.e. the end of turns 3 and 7. */
#define SIM_HOURS 2
extern const int sim_hour_turns[SIM_HOURS];
struct sim_hour {
	int8_t steps[ROSTER_UNITS];   /* 0: not on the map (to come, or eliminated) */
	int16_t hex[ROSTER_UNITS];    /* HEX_NONE when not on the map */
};

struct sim_game {
	uint64_t seed;
	struct sim_config cfg;
	char player_name[2][SIM_NAME_MAX];
	int vp2_two, vp2_solo;               /* 3.2–3.4 and 19.0A, half VPs */
	char level_two[24], level_solo[24];  /* 3.5 and 19.0B */
	int steps_lost[2], steps_regrouped[2];
	int men_lost[2];                     /* infantry steps lost × the unit's men per step */
	int corps_men[CORPS_COUNT];          /* the same for the Union by corps */
	int infantry_elim[2], batteries_elim[2];
	int ap_hill_turn;                    /* 9.1: turn A.P. Hill arrived, 0 never */
	int commit_turn[CORPS_COUNT];        /* first turn the corps was Committed, 0 never */
	uint8_t held[MAP_OBJ_MAX];           /* at the end */
	uint8_t union_hex[SIM_HEXES_MAX];    /* 1 when the Union controls objective hex i */
	int nturns;
	struct sim_turn turn[GAME_TURNS];
	int nhours;                          /* of sim_hour_turns recorded (hours.csv) */
	struct sim_hour hour[SIM_HOURS];
	long actions;
};

/* The objectives and their distinct hexes, in map order (the columns of the CSVs). */
struct sim_layout {
	int nobj;
	char key[MAP_OBJ_MAX][24];
	char name[MAP_OBJ_MAX][MAP_NAME_MAX];
	int nhexes[MAP_OBJ_MAX];
	int nhex;
	int hex[SIM_HEXES_MAX];
	uint32_t objs[SIM_HEXES_MAX];   /* bit o: hex i is one of objective o's */
};
void sim_layout(const struct scenario *s, struct sim_layout *l);

/* Play one game from seed to its end (from cfg->scenario's hour when it names one: false
 * with err when s has no such scenario); the record into *out, the final position into *final
 * when it is not NULL, and when rec is not NULL the game's record (initialised here; every
 * action with its note: it replays the game). False with err
 * ("seed N turn T: ...") when a player could not go on or the game did not end. */
struct position_record;
bool sim_play_game(const struct scenario *s, const struct sim_config *cfg, uint64_t seed,
		   struct sim_game *out, struct game *final, struct position_record *rec,
		   char *err, size_t errlen);

/* The figures of a game's end into r: VPs and levels, losses (steps, men, by corps),
 * eliminations, objectives and objective hexes held. */
void sim_game_figures(const struct game *g, struct sim_game *r);

/* ---- CSV ---- */

void sim_csv_games_header(const struct sim_layout *l, FILE *f);
void sim_csv_game(const struct sim_layout *l, const struct sim_game *g, FILE *f);
void sim_csv_turns_header(const struct sim_layout *l, FILE *f);
void sim_csv_turns(const struct sim_layout *l, const struct sim_game *g, FILE *f);
/* hours.csv: a row a game and hour of sim_hour_turns, each unit "STEPS@HEX" or "-". */
void sim_csv_hours_header(FILE *f);
void sim_csv_hours(const struct sim_game *g, FILE *f);
/* Read games.csv, turns.csv and (when there is one) hours.csv of dir, appending to *games (realloc'd, *n counted): all or
 * nothing, "path:line: message" in err. The header must be this layout's. */
bool sim_csv_read(const struct sim_layout *l, const char *dir, struct sim_game **games, int *n,
		  char *err, size_t errlen);

/* ---- 1862 (data/history.txt) ---- */

struct sim_history {
	int men_lost[2];
	int steps_lost[2];            /* men at the side's infantry men per step (units.txt) */
	int infantry_elim[2];         /* brigades that ceased to exist as units */
	int ap_hill_turn;             /* the game-turn of his arrival (Turn Record Track) */
	char ap_hill_time[8];
	int corps_men[CORPS_COUNT];   /* Union losses by corps, -1 unknown */
	bool held_union[MAP_OBJ_MAX]; /* objectives (of the layout) the Union held at nightfall */
	int vp2_two, vp2_solo;        /* those holdings and eliminations counted by 3.2 and 19.0 */
	char level_two[24], level_solo[24];
	struct sim_hours hours;       /* by the hour (history-hours.txt beside it); hours.n 0 without */
};
/* Load path (antietam-history 1) against scenario s; all or nothing, "path:line: message". */
bool sim_history_load(struct sim_history *h, const struct scenario *s, const char *path,
		      char *err, size_t errlen);

/* ---- statistics and the report ---- */

/* The p-quantile (0..1) of n sorted values: the smallest value with at least p*n at or
 * below it (a value of the data). */
int sim_quantile(const int *sorted, int n, double p);
/* 95% Wilson interval of k successes in n, in [0,1]. */
void sim_wilson(int k, int n, double *lo, double *hi);

struct sim_report_opt {
	const char *outdir;
	bool gnuplot;         /* draw the plots with gnuplot (when it is installed) */
	const char *general;  /* --general-weights FILE of the run, NULL: data/general.txt */
};
/* Write report.md and report.html into o->outdir from the records (sorted by seed); false
 * with err when a file cannot be written. */
bool sim_report_write(const struct scenario *s, const struct sim_layout *l,
		      const struct sim_history *h, const struct sim_game *games, int n,
		      const struct sim_report_opt *o, char *err, size_t errlen);
/* The terminal summary: the headline table and text charts. */
void sim_report_terminal(const struct scenario *s, const struct sim_layout *l,
			 const struct sim_history *h, const struct sim_game *games, int n, FILE *f);

/* ---- summaries of runs (summary.txt, data/simulated.txt) ---- */

#define SIM_SUMMARY_FIGURES 16
#define SIM_SUMMARY_RUNS 16

struct sim_summary_figure {
	char id[32];           /* "steps-union", "vp-solitaire" … (the report's plot names) */
	char q[3][16];         /* 10th, 50th, 90th percentile as the report prints them */
};
struct sim_summary {
	enum sim_rules rules;
	char scenario[START_KEY_MAX];  /* "" for the whole day */
	char player[2][SIM_NAME_MAX];
	int games;
	bool mishap, unleashed, quick;
	struct sim_summary_figure fig[SIM_SUMMARY_FIGURES];
	int nfig;
};
/* Read a summary file (antietam-simulated 1) into runs (at most max); all or nothing,
 * "path:line: message". */
bool sim_summary_load(const char *path, struct sim_summary *runs, int max, int *n, char *err,
		      size_t errlen);
/* The figure id of run r, or NULL. */
const struct sim_summary_figure *sim_summary_figure(const struct sim_summary *r, const char *id);

/* The end-of-game comparison for a game played at the terminal: its own figures (VP in
 * force, steps and men lost, units eliminated) beside 1862 (datadir/history.txt) and the
 * central 80% of simulated games under the same rules and options (datadir/simulated.txt,
 * written by make balance), one line each into lines; returns the number of lines (0 when
 * history.txt cannot be read). */
#define SIM_LINE 96
int sim_compare(const struct scenario *s, const char *datadir, const struct game *g,
		char (*lines)[SIM_LINE], int max);

/* ---- the command ---- */

/* `antietam --simulate N …` and `antietam --merge DIR…`: argv as given to main. Returns the
 * exit code. */
int sim_main(int argc, char **argv);

#endif
