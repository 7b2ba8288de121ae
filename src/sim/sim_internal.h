/* sim_internal.h — what the simulator's own files share (src/sim/ only): the metrics and
 * their statistics (sim_metric.c), the summary writer (sim_summary.c), the files' writer
 * (sim_file.c). */
#ifndef ANTIETAM_SIM_INTERNAL_H
#define ANTIETAM_SIM_INTERNAL_H

#include "sim.h"

/* A distribution of integer figures. */
struct dist {
	int n;
	double mean, ci;      /* 95% interval of the mean: mean ± ci */
	int p10, p50, p90, min, max;
};

/* Sort v (n values) and describe it into d. */
void sim_dist(int *v, int n, struct dist *d);

/* A figure of a game (and of 1862). */
struct sim_metric {
	const char *id;       /* plot file name, summary.txt's figure */
	const char *name;
	const char *label;    /* short, for the terminal game's end */
	int scale;            /* 2: half VPs */
	int (*get)(const struct sim_game *g);
	int (*hist)(const struct sim_history *h); /* NULL: no figure for 1862 */
};

extern const struct sim_metric sim_metrics[];
extern const int sim_nmetrics;

/* The values of metric m over the games into v (sorted), and their distribution. */
void sim_metric_dist(const struct sim_metric *m, const struct sim_game *games, int n, int *v,
		     struct dist *d);
/* A value as the report prints it: half VPs as "17.5" when scale is 2. */
void sim_format(int v, int scale, char *buf, size_t len);
/* True when 1862's figure h falls outside the central 80% of d. */
bool sim_outside(const struct dist *d, int h);

/* A file of the simulator composed in memory (sim_file.c): sim_out_open, then fprintf to f,
 * then sim_out_write writes it to path through store_write (atomic; FIFOs and devices
 * refused) and frees it, false with err set; sim_out_drop frees it unwritten. */
struct sim_out {
	FILE *f;
	char *text;
	size_t len;
};
bool sim_out_open(struct sim_out *o);
bool sim_out_write(struct sim_out *o, const char *path, char *err, size_t errlen);
void sim_out_drop(struct sim_out *o);

/* Whether 1862's figures of the whole day (history.txt) measure a game started from st: the
 * standard game (NULL), or a scenario of a later hour played to nightfall over the whole field
 * (Mid-Morning, Early Afternoon: its counters start with 1862's losses to that hour); not a
 * sector's two turns (The Cornfield). sim_compare.c. */
bool sim_whole_day(const struct start *st);

/* Write DIR/summary.txt (antietam-simulated 1) of the games; false with err. */
bool sim_summary_write(const struct sim_game *g, int n, const char *dir, char *err,
		       size_t errlen);

#endif
