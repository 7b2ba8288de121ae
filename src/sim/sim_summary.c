/* sim_summary.c — owns the summaries of simulated runs (summary.txt of a run,
 * data/simulated.txt gathered by make balance): for each run its rules, players and
 * options, and each figure's 10th, 50th and 90th percentile, as the report prints them;
 * written here and read back. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "sim_internal.h"

#define SUMMARY_VERSION 1

static bool number(const char *s)
{
	char *end;
	if (!*s)
		return false;
	(void)strtod(s, &end);
	return !*end;
}

static bool yes_no(struct datafile *df, int i, const char *key, bool *out)
{
	const char *v = datafile_keyval(df, i, key);
	if (!v)
		return false;
	if (strcmp(v, "yes") && strcmp(v, "no"))
		return datafile_fail(df, "%s is yes or no", key);
	*out = !strcmp(v, "yes");
	return true;
}

/* "run RULES UNION CONFEDERATE games=N mishap=yes|no unleashed=yes|no [scenario=KEY |
 * setup=quick]" */
static bool run_line(struct datafile *df, struct sim_summary *r)
{
	memset(r, 0, sizeof *r);
	if (!datafile_nfields(df, 7, true))
		return false;
	if (df->nfields > 8)
		return datafile_fail(df, "a run has 7 fields, or 8 with scenario=KEY or setup=quick");
	if (df->nfields == 8 && !strcmp(df->field[7], "setup=quick")) {
		r->quick = true;
	} else if (df->nfields == 8) {
		const char *key = datafile_keyval(df, 7, "scenario");
		if (!key)
			return false;
		if (!*key || strlen(key) >= sizeof r->scenario)
			return datafile_fail(df, "scenario=%s: the key of a scenario", key);
		snprintf(r->scenario, sizeof r->scenario, "%s", key);
	}
	if (!strcmp(df->field[1], sim_rules_names[SIM_SOLITAIRE]))
		r->rules = SIM_SOLITAIRE;
	else if (!strcmp(df->field[1], sim_rules_names[SIM_TWO_PLAYER]))
		r->rules = SIM_TWO_PLAYER;
	else
		return datafile_fail(df, "'%s': the rules are solitaire or two-player", df->field[1]);
	for (int s = 0; s < 2; s++) {
		if (strlen(df->field[2 + s]) >= sizeof r->player[s])
			return datafile_fail(df, "player name too long");
		snprintf(r->player[s], sizeof r->player[s], "%s", df->field[2 + s]);
	}
	const char *games = datafile_keyval(df, 4, "games");
	if (!games)
		return false;
	char *end;
	long n = strtol(games, &end, 10);
	if (*end || n < 1 || n > 1000000000L)
		return datafile_fail(df, "games=%s: a number of games", games);
	r->games = (int)n;
	return yes_no(df, 5, "mishap", &r->mishap) && yes_no(df, 6, "unleashed", &r->unleashed);
}

/* "figure ID P10 P50 P90" */
static bool figure_line(struct datafile *df, struct sim_summary *r)
{
	if (!datafile_nfields(df, 5, false))
		return false;
	if (r->nfig == SIM_SUMMARY_FIGURES)
		return datafile_fail(df, "more than %d figures in a run", SIM_SUMMARY_FIGURES);
	if (strlen(df->field[1]) >= sizeof r->fig[0].id)
		return datafile_fail(df, "figure name too long");
	for (int k = 0; k < r->nfig; k++)
		if (!strcmp(r->fig[k].id, df->field[1]))
			return datafile_fail(df, "figure %s given twice in a run", df->field[1]);
	for (int q = 0; q < 3; q++)
		if (!number(df->field[2 + q]) || strlen(df->field[2 + q]) >= sizeof r->fig[0].q[q])
			return datafile_fail(df, "'%s' is not a number", df->field[2 + q]);
	struct sim_summary_figure *f = &r->fig[r->nfig++];
	snprintf(f->id, sizeof f->id, "%s", df->field[1]);
	for (int q = 0; q < 3; q++)
		snprintf(f->q[q], sizeof f->q[q], "%s", df->field[2 + q]);
	return true;
}

bool sim_summary_load(const char *path, struct sim_summary *runs, int max, int *n, char *err,
		      size_t errlen)
{
	struct datafile *df = malloc(sizeof *df);
	struct sim_summary *tmp = calloc((size_t)(max > 0 ? max : 1), sizeof *tmp);
	if (!df || !tmp) {
		free(df);
		free(tmp);
		snprintf(err, errlen, "out of memory");
		return false;
	}
	int count = 0, k;
	bool ok = datafile_open(df, path, "simulated", SUMMARY_VERSION);
	while (ok && (k = datafile_next(df)) != 0) {
		if (k < 0)
			ok = false;
		else if (!strcmp(df->field[0], "run"))
			ok = count < max ? run_line(df, &tmp[count++])
					 : datafile_fail(df, "more than %d runs", max);
		else if (!strcmp(df->field[0], "figure"))
			ok = count > 0 ? figure_line(df, &tmp[count - 1])
				       : datafile_fail(df, "a figure before any run");
		else
			ok = datafile_fail(df, "unknown record '%s'", df->field[0]);
	}
	if (ok) {
		memcpy(runs, tmp, sizeof *tmp * (size_t)count);
		*n = count;
	}
	free(tmp);
	ok = datafile_finish(df, ok, err, errlen);
	free(df);
	return ok;
}

const struct sim_summary_figure *sim_summary_figure(const struct sim_summary *r, const char *id)
{
	for (int k = 0; k < r->nfig; k++)
		if (!strcmp(r->fig[k].id, id))
			return &r->fig[k];
	return NULL;
}

/* summary.txt: the central 80% and median of every figure, for the end-of-game report of
 * the terminal game (sim_compare.c; make balance gathers them into data/simulated.txt). */
bool sim_summary_write(const struct sim_game *g, int n, const char *dir, char *err,
		       size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/summary.txt", dir);
	int *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
	struct sim_out out;
	if (!v || !sim_out_open(&out)) {
		free(v);
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	FILE *f = out.f;
	fprintf(f, "antietam-simulated 1\n# figure ID P10 P50 P90 (docs/formats.md)\n");
	fprintf(f, "run %s %s %s games=%d mishap=%s unleashed=%s", sim_rules_names[g[0].cfg.rules],
		g[0].player_name[0], g[0].player_name[1], n, g[0].cfg.mishap ? "yes" : "no",
		g[0].cfg.unleashed ? "yes" : "no");
	if (g[0].cfg.scenario[0])
		fprintf(f, " scenario=%s", g[0].cfg.scenario);
	else if (g[0].cfg.quick)
		fprintf(f, " setup=quick");
	fputc('\n', f);
	for (int i = 0; i < sim_nmetrics; i++) {
		struct dist ds;
		char a[16], b[16], c[16];
		sim_metric_dist(&sim_metrics[i], g, n, v, &ds);
		sim_format(ds.p10, sim_metrics[i].scale, a, sizeof a);
		sim_format(ds.p50, sim_metrics[i].scale, b, sizeof b);
		sim_format(ds.p90, sim_metrics[i].scale, c, sizeof c);
		fprintf(f, "figure %s %s %s %s\n", sim_metrics[i].id, a, b, c);
	}
	free(v);
	return sim_out_write(&out, path, err, errlen);
}
