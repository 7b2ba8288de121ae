/* sim_metric.c — owns the figures the simulator reports on: each metric (a number read off
 * a game's record, and 1862's figure for it from data/history.txt), and the statistics of
 * their distributions (quantiles, means with confidence intervals, Wilson intervals). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "victory.h"

/* ---- statistics ---- */

int sim_quantile(const int *sorted, int n, double p)
{
	if (n <= 0)
		return 0;
	int i = (int)ceil(p * n - 1e-9) - 1;
	if (i < 0)
		i = 0;
	if (i >= n)
		i = n - 1;
	return sorted[i];
}

void sim_wilson(int k, int n, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0, *hi = 1;
		return;
	}
	const double z = 1.959964;
	double p = (double)k / n, z2 = z * z / n;
	double centre = (p + z2 / 2) / (1 + z2);
	double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}


void sim_dist(int *v, int n, struct dist *d)
{
	memset(d, 0, sizeof *d);
	d->n = n;
	if (n == 0)
		return;
	qsort(v, (size_t)n, sizeof *v, cmp_int);
	double sum = 0, sq = 0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	d->mean = sum / n;
	for (int i = 0; i < n; i++)
		sq += (v[i] - d->mean) * (v[i] - d->mean);
	d->ci = n > 1 ? 1.959964 * sqrt(sq / (n - 1)) / sqrt(n) : 0;
	d->p10 = sim_quantile(v, n, 0.1);
	d->p50 = sim_quantile(v, n, 0.5);
	d->p90 = sim_quantile(v, n, 0.9);
	d->min = v[0];
	d->max = v[n - 1];
}

/* ---- the metrics: one figure of a game, and 1862's ---- */

#define PAIR(field, hfield, id, what)                                                       \
	static int get_##id##_u(const struct sim_game *g) { return g->field[0]; }           \
	static int get_##id##_c(const struct sim_game *g) { return g->field[1]; }           \
	static int hist_##id##_u(const struct sim_history *h) { return h->hfield[0]; }      \
	static int hist_##id##_c(const struct sim_history *h) { return h->hfield[1]; }
PAIR(steps_lost, steps_lost, steps, "steps lost")
PAIR(men_lost, men_lost, men, "men lost")
PAIR(infantry_elim, infantry_elim, inf, "infantry units eliminated")
static int get_bat_u(const struct sim_game *g) { return g->batteries_elim[0]; }
static int get_bat_c(const struct sim_game *g) { return g->batteries_elim[1]; }
static int get_reg_u(const struct sim_game *g) { return g->steps_regrouped[0]; }
static int get_reg_c(const struct sim_game *g) { return g->steps_regrouped[1]; }
static int get_vp_two(const struct sim_game *g) { return g->vp2_two; }
static int get_vp_solo(const struct sim_game *g) { return g->vp2_solo; }
static int hist_vp_two(const struct sim_history *h) { return h->vp2_two; }
static int hist_vp_solo(const struct sim_history *h) { return h->vp2_solo; }
static int get_ap_hill(const struct sim_game *g) { return g->ap_hill_turn; }
static int hist_ap_hill(const struct sim_history *h) { return h->ap_hill_turn; }

const struct sim_metric sim_metrics[] = {
	{ "vp-two-player", "VP, two-player count (3.2-3.4, Union)", "Union VP (3.2)", 2, get_vp_two,
	  hist_vp_two },
	{ "vp-solitaire", "VP, solitaire count (19.0, Confederate)", "Confederate VP (19.0)", 2,
	  get_vp_solo, hist_vp_solo },
	{ "steps-union", "Union steps lost", "Union steps lost", 1, get_steps_u, hist_steps_u },
	{ "steps-confederate", "Confederate steps lost", "Confederate steps lost", 1, get_steps_c,
	  hist_steps_c },
	{ "men-union", "Union men lost (infantry)", "Union men lost", 1, get_men_u, hist_men_u },
	{ "men-confederate", "Confederate men lost (infantry)", "Confederate men lost", 1,
	  get_men_c, hist_men_c },
	{ "infantry-union", "Union infantry units eliminated", "Union brigades lost", 1, get_inf_u,
	  hist_inf_u },
	{ "infantry-confederate", "Confederate infantry units eliminated",
	  "Confederate brigades lost", 1, get_inf_c, hist_inf_c },
	{ "ap-hill", "A.P. Hill's arrival (game-turn, 9.1)", "A.P. Hill's turn", 1,
	  get_ap_hill, hist_ap_hill },
	{ "batteries-union", "Union batteries eliminated", "Union batteries lost", 1, get_bat_u,
	  NULL },
	{ "batteries-confederate", "Confederate batteries eliminated", "Confederate batteries lost",
	  1, get_bat_c, NULL },
	{ "regrouped-union", "Union steps regrouped (12.0)", "Union steps regrouped", 1, get_reg_u,
	  NULL },
	{ "regrouped-confederate", "Confederate steps regrouped (12.0)",
	  "Confederate steps regrouped", 1, get_reg_c, NULL },
};
const int sim_nmetrics = (int)(sizeof sim_metrics / sizeof sim_metrics[0]);

void sim_format(int v, int scale, char *buf, size_t len)
{
	if (scale == 2)
		victory_format(v, buf, len);
	else
		snprintf(buf, len, "%d", v);
}

/* The values of metric m over the games, and their distribution. */
void sim_metric_dist(const struct sim_metric *m, const struct sim_game *games, int n, int *v,
			struct dist *d)
{
	for (int i = 0; i < n; i++)
		v[i] = m->get(&games[i]);
	sim_dist(v, n, d);
}

bool sim_outside(const struct dist *d, int h)
{
	return d->n > 0 && (h < d->p10 || h > d->p90);
}
