/* sim_report.c — owns the simulator's report: report.md and report.html (one document
 * written to both), and the summary on the terminal. Every figure is computed from the
 * records alone (so merged shards give the report of one run) and set beside 1862
 * (data/history.txt); a flag marks where history falls outside the central 80% of the
 * games. Plots through gnuplot when asked and installed, text charts otherwise. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "datafile.h"
#include "position.h"
#include "sim_internal.h"
#include "victory.h"

#define BAR_WIDTH 40
#define FLAG "**outside**"

/* ---- the document: markdown and HTML at once ---- */

struct doc {
	FILE *md, *html;
	const char *plotdir;   /* gnuplot's SVGs go here (NULL: text charts) */
	int ncols;
};

static void html_text(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		default: fputc(*s, f);
		}
}

/* Markdown's **bold** becomes <b> in the HTML. */
static void html_inline(FILE *f, const char *s)
{
	bool bold = false;
	while (*s) {
		if (s[0] == '*' && s[1] == '*') {
			fputs(bold ? "</b>" : "<b>", f);
			bold = !bold;
			s += 2;
			continue;
		}
		char c[2] = { *s++, 0 };
		html_text(f, c);
	}
	if (bold)
		fputs("</b>", f);
}

static void heading(struct doc *d, int level, const char *text)
{
	fprintf(d->md, "\n%.*s %s\n\n", level, "####", text);
	fprintf(d->html, "<h%d>", level);
	html_text(d->html, text);
	fprintf(d->html, "</h%d>\n", level);
}

static void para(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void para(struct doc *d, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	fprintf(d->md, "%s\n\n", buf);
	fputs("<p>", d->html);
	html_inline(d->html, buf);
	fputs("</p>\n", d->html);
}

/* A table: head is "a|b|c"; rows likewise. */
static void table_row(struct doc *d, const char *cells, bool head)
{
	char buf[2048];
	snprintf(buf, sizeof buf, "%s", cells);
	fputs("|", d->md);
	fputs(head ? "<tr>" : "<tr>", d->html);
	int n = 0;
	for (char *save, *c = strtok_r(buf, "|", &save); c; c = strtok_r(NULL, "|", &save), n++) {
		fprintf(d->md, " %s |", c);
		fputs(head ? "<th>" : "<td>", d->html);
		html_inline(d->html, c);
		fputs(head ? "</th>" : "</td>", d->html);
	}
	fputs("\n", d->md);
	fputs("</tr>\n", d->html);
	if (head) {
		fputs("|", d->md);
		for (int i = 0; i < n; i++)
			fputs(" --- |", d->md);
		fputs("\n", d->md);
		d->ncols = n;
	}
}

static void table_begin(struct doc *d, const char *head)
{
	fputs("<table>\n", d->html);
	table_row(d, head, true);
}

static void table_end(struct doc *d)
{
	fputs("\n", d->md);
	fputs("</table>\n", d->html);
}

static void rowf(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rowf(struct doc *d, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	table_row(d, buf, false);
}

static void pre(struct doc *d, const char *text)
{
	fprintf(d->md, "```\n%s```\n\n", text);
	fputs("<pre>", d->html);
	html_text(d->html, text);
	fputs("</pre>\n", d->html);
}

/* ---- charts ---- */

/* A text histogram of v (sorted, n values): one bar per value when the range is small, else
 * about 16 bins; the bin holding 1862's figure (hist, when has_hist) is marked. */
static void text_histogram(const int *v, int n, int scale, bool has_hist, int hist, char *out,
			   size_t len)
{
	size_t used = 0;
	out[0] = 0;
	if (n == 0)
		return;
	int lo = v[0], hi = v[n - 1];
	if (scale == 2 && lo % 2)
		lo--; /* bins start at whole VPs */
	int width = (hi - lo) / 16 + 1;
	if (scale == 2 && width % 2)
		width++; /* whole VPs a bin */
	if (hi - lo < 24 && scale == 1)
		width = 1;
	int nb = (hi - lo) / width + 1, most = 0;
	int *count = calloc((size_t)nb, sizeof *count);
	if (!count)
		return;
	for (int i = 0; i < n; i++)
		count[(v[i] - lo) / width]++;
	for (int b = 0; b < nb; b++)
		if (count[b] > most)
			most = count[b];
	for (int b = 0; b < nb && used < len; b++) {
		char a[16], z[16], label[40];
		int from = lo + b * width, to = from + width - 1;
		sim_format(from, scale, a, sizeof a);
		sim_format(to, scale, z, sizeof z);
		if (width == 1 || (scale == 2 && width == 1))
			snprintf(label, sizeof label, "%s", a);
		else
			snprintf(label, sizeof label, "%s to %s", a, z);
		int bar = most ? (count[b] * BAR_WIDTH + most - 1) / most : 0;
		char bars[BAR_WIDTH + 1];
		memset(bars, '#', (size_t)bar);
		bars[bar] = 0;
		bool here = has_hist && hist >= from && hist <= to;
		used += (size_t)snprintf(out + used, len - used, "%14s |%-*s %5.1f%%%s\n", label,
					 BAR_WIDTH, bars, 100.0 * count[b] / n,
					 here ? "  <- 1862" : "");
	}
	if (has_hist && (hist < lo || hist > hi) && used < len) {
		char hv[16];
		sim_format(hist, scale, hv, sizeof hv);
		snprintf(out + used, len - used, "%14s  (1862: %s, outside every game's figure)\n",
			 "", hv);
	}
	free(count);
}

/* gnuplot run without a shell (fork/exec, from PATH), its standard input the script (NULL:
 * none), its standard output into out (NULL: thrown away), its errors thrown away: true when
 * it exits 0. No path reaches its command line or the script (issue 33: a quote in --out's
 * directory ran commands through system()): the SVG comes down the pipe and the program's one
 * writer puts it in its file. */
static bool run_gnuplot(const char *arg, const char *script, FILE *out)
{
	int in[2], from[2];
	if (pipe(in) != 0)
		return false;
	if (pipe(from) != 0) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(in[0]);
		close(in[1]);
		close(from[0]);
		close(from[1]);
		return false;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null < 0 || dup2(in[0], STDIN_FILENO) < 0 ||
		    dup2(out ? from[1] : null, STDOUT_FILENO) < 0 || dup2(null, STDERR_FILENO) < 0)
			_exit(127);
		close(in[1]);
		close(from[0]);
		execlp("gnuplot", "gnuplot", arg, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(from[1]);
	fcntl(in[1], F_SETFL, O_NONBLOCK); /* a write never waits while gnuplot's output does */
	/* gnuplot may stop reading (a bad script): a write then fails, no SIGPIPE kills us */
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	bool ok = true;
	size_t done = 0, len = script ? strlen(script) : 0;
	if (len == 0) {
		close(in[1]);
		in[1] = -1;
	}
	/* the script in and the picture out at once: neither pipe's buffer can stop gnuplot */
	while (in[1] >= 0 || from[0] >= 0) {
		struct pollfd pf[2] = { { in[1], POLLOUT, 0 }, { from[0], POLLIN, 0 } };
		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			ok = false;
			break;
		}
		if (in[1] >= 0 && pf[0].revents) {
			ssize_t w = write(in[1], script + done, len - done);
			if (w < 0 && errno != EINTR && errno != EAGAIN)
				ok = false;
			if (w > 0)
				done += (size_t)w;
			if (w < 0 ? !ok : done == len) {
				close(in[1]);
				in[1] = -1;
			}
		}
		if (from[0] >= 0 && pf[1].revents) {
			char buf[8192];
			ssize_t r = read(from[0], buf, sizeof buf);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				close(from[0]);
				from[0] = -1;
			} else if (out && fwrite(buf, 1, (size_t)r, out) != (size_t)r) {
				ok = false;
			}
		}
	}
	if (in[1] >= 0)
		close(in[1]);
	if (from[0] >= 0)
		close(from[0]);
	sigaction(SIGPIPE, &old, NULL);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* gnuplot on PATH. */
static bool have_gnuplot(void)
{
	return run_gnuplot("--version", NULL, NULL);
}

/* s as a gnuplot single-quoted string: a quote doubled (gnuplot's escape inside '…'), any
 * control character (a newline would end the command) dropped. */
static void gp_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("''", f);
		else if ((unsigned char)*s >= 0x20 && *s != 0x7f)
			fputc(*s, f);
	fputc('\'', f);
}

/* A gnuplot SVG histogram of v written to plotdir/id.svg through the program's one writer
 * (store_write: atomic, a link followed, FIFOs, devices and hard-linked files refused, the
 * mode kept): the SVG's text (to free), or NULL with err set when gnuplot or the writing
 * failed. The data go inline in the script ('-'), the script to gnuplot's standard input, the
 * SVG comes back on its standard output: the script names no file. */
static char *gnuplot_histogram(const char *plotdir, const char *id, const char *title,
			       const int *v, int n, int scale, bool has_hist, int hist, char *err,
			       size_t errlen)
{
	char *script = NULL;
	size_t size = 0;
	FILE *b = open_memstream(&script, &size);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* bins of whole units (VPs, steps), about 30 across the range */
	int lo = v[0], hi = v[n - 1];
	if (scale == 2 && lo % 2)
		lo--;
	int width = (hi - lo) / 30 + 1;
	if (scale == 2 && width % 2)
		width++;
	fprintf(b, "set terminal svg size 640,300 dynamic font 'sans,11'\nset output\n");
	fprintf(b, "set title ");
	gp_quoted(b, title);
	fprintf(b, "\nset ylabel '%% of games'\n"
			"set style fill solid 0.6\nset boxwidth %g\nunset key\nset grid ytics\n"
			"set yrange [0:*]\n",
		    0.9 * width / scale);
	/* the x range holds the games and 1862 */
	double x0 = (double)(has_hist && hist < lo ? hist : lo) / scale - 1;
	double x1 = (double)(has_hist && hist > hi ? hist : hi) / scale + 1;
	fprintf(b, "set xrange [%g:%g]\n", x0 - (double)width / scale,
		    x1 + (double)width / scale);
	/* the central 80% of the games shaded behind the bars */
	fprintf(b, "set object 1 rect from %g, graph 0 to %g, graph 1 behind fc rgb '#e4e4ee' "
			"fs solid 1.0 noborder\nset label 2 'central 80%%' at %g, graph 0.95 offset 0.5,0\n",
		    (sim_quantile(v, n, 0.1) - width / 2.0) / scale,
		    (sim_quantile(v, n, 0.9) + width / 2.0) / scale,
		    (sim_quantile(v, n, 0.1) - width / 2.0) / scale);
	if (has_hist)
		fprintf(b, "set arrow from %g, graph 0 to %g, graph 1 nohead lw 2 lc rgb 'red'\n"
				"set label '1862' at %g, graph 0.95 textcolor rgb 'red' offset 0.5,0\n",
			    (double)hist / scale, (double)hist / scale, (double)hist / scale);
	fprintf(b, "plot '-' using 1:2 with boxes lc rgb '#4060a0'\n");
	for (int i = 0; i < n;) {
		int bin = (v[i] - lo) / width, k = i;
		while (k < n && (v[k] - lo) / width == bin)
			k++;
		fprintf(b, "%g %g\n", (lo + bin * width + (width - 1) / 2.0) / scale,
			    100.0 * (k - i) / n);
		i = k;
	}
	fprintf(b, "e\n");
	struct sim_out svg;
	if (fclose(b) != 0 || !sim_out_open(&svg)) {
		free(script);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	bool ok = run_gnuplot("-", script, svg.f);
	free(script);
	char *text = NULL;
	if (ok && fflush(svg.f) == 0 && svg.len > 0)
		text = strndup(svg.text, svg.len);
	if (!text) {
		sim_out_drop(&svg);
		snprintf(err, errlen, "%s/%s.svg: gnuplot drew nothing", plotdir, id);
		return NULL;
	}
	char path[1400];
	snprintf(path, sizeof path, "%s/%s.svg", plotdir, id);
	if (!sim_out_write(&svg, path, err, errlen)) {
		free(text);
		return NULL;
	}
	return text;
}


/* The plot's SVG copied into the HTML (self-contained), from its <svg on. */
static void embed_svg(struct doc *d, const char *svg)
{
	const char *body = strstr(svg, "<svg");
	fputs(body ? body : svg, d->html);
}

static void chart(struct doc *d, const char *id, const char *title, const int *v, int n,
		  int scale, bool has_hist, int hist)
{
	char err[POSITION_PATH_MAX + 200] = "";
	char *svg = d->plotdir ? gnuplot_histogram(d->plotdir, id, title, v, n, scale, has_hist,
						   hist, err, sizeof err)
			       : NULL;
	if (svg) {
		fprintf(d->md, "![%s](plots/%s.svg)\n\n", title, id);
		fputs("<div class=\"plot\">\n", d->html);
		embed_svg(d, svg);
		fputs("</div>\n", d->html);
		free(svg);
		return;
	}
	if (err[0]) /* the plot was asked for: why it is a text chart instead */
		para(d, "(%s: a text chart instead.)", err);
	char *text = malloc(16384);
	if (!text)
		return;
	text_histogram(v, n, scale, has_hist, hist, text, 16384);
	pre(d, text);
	free(text);
}

/* ---- the sections ---- */

static void sec_header(struct doc *d, const struct scenario *s, const struct sim_game *g, int n,
		       const char *general)
{
	const struct sim_config *c = &g[0].cfg;
	heading(d, 1, "A thousand Antietams: simulated games beside 1862");
	para(d, "%d games, seeds %llu to %llu; %s rules%s%s%s; Union: %s; Confederacy: %s.", n,
	     (unsigned long long)g[0].seed, (unsigned long long)g[n - 1].seed,
	     sim_rules_names[c->rules], c->mishap ? ", Terrible Mishap (8.14)" : "",
	     c->unleashed ? ", McClellan unleashed (13.0)" : "",
	     c->quick ? ", the quick set-up (4.2)" : "", g[0].player_name[0],
	     g[0].player_name[1]);
	if (c->scenario[0])
		para(d, "Every game starts from the scenario `%s` (data/scenarios/%s.txt, `--scenario "
			"%s`) and plays its turns only%s.", c->scenario, c->scenario, c->scenario,
		     sim_whole_day(start_of(s, start_find(s, c->scenario))) ? ", to nightfall: its "
		     "losses count from dawn (the counters start with 1862's to its hour), as 1862's "
		     "do" : "; 1862's figures below are the whole day's, not the scenario's");
	if (general)
		para(d, "The computer general played with the tunables of `%s` (`--general-weights`: a "
			"tuning run), not those of data/general.txt.", general);
	para(d, "Each figure is given as the median and the central 80%% of the games (10th to "
		"90th percentile), the mean with its 95%% confidence interval, and 17 September "
		"1862 (data/history.txt, docs/provenance-history.md); " FLAG " marks a historical "
		"figure outside the central 80%%. Shares carry 95%% Wilson intervals. Every game "
		"is replayed by `antietam --simulate 1 --seed SEED` with the same players, rules "
		"and options%s.", general ? " (and the same `--general-weights`)" : "");
}

static void sec_headline(struct doc *d, const struct sim_history *h, const struct sim_game *g,
			 int n, int *v)
{
	heading(d, 2, "Headline");
	table_begin(d, "figure|median|central 80%|mean (95% CI)|1862|1862 in the central 80%");
	for (int i = 0; i < sim_nmetrics; i++) {
		const struct sim_metric *m = &sim_metrics[i];
		if (!m->hist)
			continue;
		struct dist ds;
		sim_metric_dist(m, g, n, v, &ds);
		char p10[16], p50[16], p90[16], hv[16];
		sim_format(ds.p50, m->scale, p50, sizeof p50);
		sim_format(ds.p10, m->scale, p10, sizeof p10);
		sim_format(ds.p90, m->scale, p90, sizeof p90);
		sim_format(m->hist(h), m->scale, hv, sizeof hv);
		rowf(d, "%s|%s|%s to %s|%.1f (%.1f to %.1f)|%s|%s", m->name, p50, p10, p90,
		     ds.mean / m->scale, (ds.mean - ds.ci) / m->scale, (ds.mean + ds.ci) / m->scale, hv,
		     sim_outside(&ds, m->hist(h)) ? FLAG : "yes");
	}
	table_end(d);
}

static void sec_levels(struct doc *d, const struct scenario *s, const struct sim_history *h,
		       const struct sim_game *g, int n)
{
	heading(d, 2, "Victory levels");
	for (int mode = 0; mode < VICTORY_MODES; mode++) {
		const char *hl = mode == 0 ? h->level_two : h->level_solo;
		para(d, "%s (1862's holdings counted the same way: %s).",
		     mode == 0 ? "3.5, the two-player levels (Union VP)"
			       : "19.0B, the solitaire levels (Confederate VP)", hl);
		table_begin(d, "level|games|share|95% CI|1862");
		for (int k = 0; k < s->tables.nlevels[mode]; k++) {
			const char *name = s->tables.level[mode][k].name;
			int c = 0;
			for (int i = 0; i < n; i++)
				c += !strcmp(mode == 0 ? g[i].level_two : g[i].level_solo, name);
			double lo, hi;
			sim_wilson(c, n, &lo, &hi);
			bool is = !strcmp(name, hl);
			rowf(d, "%s|%d|%.1f%%|%.1f-%.1f%%|%s", name, c, 100.0 * c / n, 100 * lo, 100 * hi,
			     is ? (10 * c < n ? "1862 " FLAG : "1862") : " ");
		}
		table_end(d);
	}
}

static void sec_distributions(struct doc *d, const struct sim_history *h,
			      const struct sim_game *g, int n, int *v)
{
	heading(d, 2, "Distributions");
	for (int i = 0; i < sim_nmetrics; i++) {
		const struct sim_metric *m = &sim_metrics[i];
		struct dist ds;
		sim_metric_dist(m, g, n, v, &ds);
		heading(d, 3, m->name);
		char a[16], b[16], c[16], lo[16], hi[16], hv[16] = "";
		sim_format(ds.p10, m->scale, a, sizeof a);
		sim_format(ds.p50, m->scale, b, sizeof b);
		sim_format(ds.p90, m->scale, c, sizeof c);
		sim_format(ds.min, m->scale, lo, sizeof lo);
		sim_format(ds.max, m->scale, hi, sizeof hi);
		if (m->hist)
			sim_format(m->hist(h), m->scale, hv, sizeof hv);
		para(d, "Median %s, central 80%% %s to %s, range %s to %s, mean %.2f ± %.2f.%s%s%s", b, a,
		     c, lo, hi, ds.mean / m->scale, ds.ci / m->scale, m->hist ? " 1862: " : "", hv,
		     m->hist && sim_outside(&ds, m->hist(h)) ? " " FLAG : "");
		chart(d, m->id, m->name, v, n, m->scale, m->hist != NULL, m->hist ? m->hist(h) : 0);
	}
}

static void sec_corps(struct doc *d, const struct sim_history *h, const struct sim_game *g,
		      int n, int *v)
{
	heading(d, 2, "Union losses by corps");
	table_begin(d, "corps|median men|central 80%|mean (95% CI)|1862|1862 in the central 80%");
	for (int c = 0; c < CORPS_COUNT; c++) {
		for (int i = 0; i < n; i++)
			v[i] = g[i].corps_men[c];
		struct dist ds;
		sim_dist(v, n, &ds);
		char hv[16] = "-";
		if (h->corps_men[c] >= 0)
			snprintf(hv, sizeof hv, "%d", h->corps_men[c]);
		rowf(d, "%s|%d|%d to %d|%.0f (%.0f to %.0f)|%s|%s", names_of_corps((enum corps)c),
		     ds.p50, ds.p10, ds.p90, ds.mean, ds.mean - ds.ci, ds.mean + ds.ci, hv,
		     h->corps_men[c] < 0 ? "-" : sim_outside(&ds, h->corps_men[c]) ? FLAG : "yes");
	}
	table_end(d);
}

static void sec_objectives(struct doc *d, const struct sim_layout *l, const struct sim_history *h,
			   const struct sim_game *g, int n)
{
	heading(d, 2, "Objectives at the end");
	para(d, "How often the Union controls every hex of each objective (3.3) at the end of "
		"the game, some of them, or none; 1862: who held it at nightfall on the 17th.");
	table_begin(d, "objective|Union all|95% CI|Union some|Union none|1862");
	for (int o = 0; o < l->nobj; o++) {
		int all = 0, some = 0;
		for (int i = 0; i < n; i++) {
			all += g[i].held[o] == l->nhexes[o];
			some += g[i].held[o] > 0 && g[i].held[o] < l->nhexes[o];
		}
		double lo, hi;
		sim_wilson(all, n, &lo, &hi);
		/* history's outcome: Union all, or not all */
		int same = h->held_union[o] ? all : n - all;
		rowf(d, "%s|%.1f%%|%.1f-%.1f%%|%.1f%%|%.1f%%|%s%s", l->name[o], 100.0 * all / n,
		     100 * lo, 100 * hi, 100.0 * some / n, 100.0 * (n - all - some) / n,
		     h->held_union[o] ? "Union" : "Confederate", 10 * same < n ? " " FLAG : "");
	}
	table_end(d);
}

/* The map of objective hexes: the share of games each ends Union, in tenths (0-9, '*' for
 * all), laid out by hex column and row. */
static void hex_map_text(const struct sim_layout *l, const struct sim_game *g, int n, char *out,
			 size_t len)
{
	int c0 = 99, c1 = 0, r0 = 99, r1 = 0;
	for (int i = 0; i < l->nhex; i++) {
		int c = l->hex[i] / 100, r = l->hex[i] % 100;
		c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1;
		r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
	}
	size_t used = (size_t)snprintf(out, len, "row\\col");
	for (int c = c0; c <= c1 && used < len; c++)
		used += (size_t)snprintf(out + used, len - used, "%3d", c);
	for (int r = r0; r <= r1 && used < len; r++) {
		used += (size_t)snprintf(out + used, len - used, "\n%7d", r);
		for (int c = c0; c <= c1 && used < len; c++) {
			int i = 0;
			while (i < l->nhex && l->hex[i] != c * 100 + r)
				i++;
			if (i == l->nhex) {
				used += (size_t)snprintf(out + used, len - used, "  .");
				continue;
			}
			int k = 0;
			for (int j = 0; j < n; j++)
				k += g[j].union_hex[i];
			int tenth = n ? 10 * k / n : 0;
			used += (size_t)snprintf(out + used, len - used, "  %c",
						 k == n ? '*' : (char)('0' + tenth));
		}
	}
	if (used < len)
		snprintf(out + used, len - used, "\n");
}

/* The same as an SVG of hexes (flat-topped, as hex_centre lays them out) shaded from grey
 * (never Union) to blue (always), the hexes the Union held at nightfall in 1862 outlined. */
static void hex_map_svg(FILE *f, const struct sim_layout *l, const struct sim_history *h,
			const struct sim_game *g, int n)
{
	const double px = 24, r = px / sqrt(3.0); /* pixels a unit; hex radius */
	double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
	for (int i = 0; i < l->nhex; i++) {
		double x, y;
		hex_centre(l->hex[i], &x, &y);
		x0 = fmin(x0, x), x1 = fmax(x1, x), y0 = fmin(y0, y), y1 = fmax(y1, y);
	}
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\">\n",
		(x1 - x0 + 2) * px, (y1 - y0 + 2) * px + 20);
	for (int i = 0; i < l->nhex; i++) {
		double x, y;
		hex_centre(l->hex[i], &x, &y);
		double cx = (x - x0 + 1) * px, cy = (y - y0 + 1) * px;
		int k = 0;
		for (int j = 0; j < n; j++)
			k += g[j].union_hex[i];
		double p = n ? (double)k / n : 0;
		bool union_1862 = false;
		for (int o = 0; o < l->nobj; o++)
			union_1862 |= h->held_union[o] && (l->objs[i] & (1u << o));
		fprintf(f, "<polygon points=\"");
		for (int v = 0; v < 6; v++)
			fprintf(f, "%.1f,%.1f ", cx + r * cos(v * M_PI / 3), cy + r * sin(v * M_PI / 3));
		fprintf(f, "\" fill=\"rgb(%d,%d,%d)\" stroke=\"%s\" stroke-width=\"%s\"><title>%04d: "
			   "Union at the end in %.0f%% of the games%s</title></polygon>\n",
			(int)(210 - 170 * p), (int)(210 - 130 * p), (int)(210 + 45 * p),
			union_1862 ? "#000" : "#777", union_1862 ? "2.5" : "0.7", l->hex[i], 100 * p,
			union_1862 ? "; Union at nightfall in 1862" : "");
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">%.0f"
			   "</text>\n", cx, cy + 3, 100 * p);
	}
	fprintf(f, "<text x=\"4\" y=\"%.0f\" font-size=\"11\">%% of games the hex ends Union; "
		   "thick outline: Union at nightfall in 1862</text>\n", (y1 - y0 + 2) * px + 14);
	fputs("</svg>\n", f);
}

static void sec_hexmap(struct doc *d, const struct sim_layout *l, const struct sim_history *h,
		       const struct sim_game *g, int n)
{
	heading(d, 3, "How often each objective hex ends Union");
	para(d, "Tenths of the games in which the Union controls the hex at the end (`*`: every "
		"game, `0`: under one in ten); `.` is not an objective hex.");
	char *text = malloc(16384);
	if (!text)
		return;
	hex_map_text(l, g, n, text, 16384);
	fprintf(d->md, "```\n%s```\n\n", text);
	hex_map_svg(d->html, l, h, g, n);
	free(text);
}

static void sec_turns(struct doc *d, const struct sim_layout *l, const struct sim_game *g, int n,
		      int *v)
{
	heading(d, 2, "By game-turn");
	para(d, "At the end of each game-turn: VP (median and central 80%%) and the steps lost "
		"so far by each side.");
	table_begin(d, "turn|VP 3.2|VP 19.0|Union steps lost|Confederate steps lost|units "
		       "eliminated U/C (mean)|");
	for (int t = 0; t < GAME_TURNS; t++) {
		char cell[4][64];
		for (int k = 0; k < 4; k++) {
			for (int i = 0; i < n; i++)
				v[i] = k < 2 ? g[i].turn[t].vp2[k] : g[i].turn[t].steps_lost[k - 2];
			struct dist ds;
			sim_dist(v, n, &ds);
			char a[16], b[16], c[16];
			int sc = k < 2 ? 2 : 1;
			sim_format(ds.p10, sc, a, sizeof a);
			sim_format(ds.p50, sc, b, sizeof b);
			sim_format(ds.p90, sc, c, sizeof c);
			snprintf(cell[k], sizeof cell[k], "%s (%s to %s)", b, a, c);
		}
		double eu = 0, ec = 0;
		for (int i = 0; i < n; i++)
			eu += g[i].turn[t].eliminated[0], ec += g[i].turn[t].eliminated[1];
		rowf(d, "%d|%s|%s|%s|%s|%.1f / %.1f", t + 1, cell[0], cell[1], cell[2], cell[3],
		     eu / n, ec / n);
	}
	table_end(d);
	para(d, "Share of games in which the Union controls every hex of the objective at the "
		"end of each game-turn (%%).");
	char head[512] = "objective";
	size_t used = strlen(head);
	for (int t = 1; t <= GAME_TURNS; t++)
		used += (size_t)snprintf(head + used, sizeof head - used, "|%d", t);
	snprintf(head + used, sizeof head - used, "|");
	table_begin(d, head);
	for (int o = 0; o < l->nobj; o++) {
		char row[512];
		size_t u = (size_t)snprintf(row, sizeof row, "%s", l->name[o]);
		for (int t = 0; t < GAME_TURNS; t++) {
			int k = 0;
			for (int i = 0; i < n; i++)
				k += g[i].turn[t].held[o] == l->nhexes[o];
			u += (size_t)snprintf(row + u, sizeof row - u, "|%.0f", 100.0 * k / n);
		}
		table_row(d, row, false);
	}
	table_end(d);
}

/* 1862 by the hour (data/history-hours.txt): the units of formation gi (ng: all the Union's,
 * ng + 1: all the Confederacy's) whose state at moment m is known into known; their number. */
static int hours_known(const struct hours_moment *m, const int *group, const enum side *side,
		       int ng, int gi, int *known, int *all)
{
	int k = 0;
	*all = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (group[u] < 0 || (gi < ng ? group[u] != gi
					     : (int)side[group[u]] != gi - ng))
			continue;
		(*all)++;
		if (m->unit[u].state == HOURS_PRESENT || m->unit[u].state == HOURS_ABSENT)
			known[k++] = u;
	}
	return k;
}

/* The same for the infantry of Union corps c. */
static int hours_known_corps(const struct hours_moment *m, const struct roster *r, enum corps c,
			     int *known, int *all)
{
	int k = 0;
	*all = 0;
	for (int u = 0; u < ROSTER_UNION; u++) {
		if (r->unit[u].type != UNIT_INFANTRY || r->unit[u].corps != c)
			continue;
		(*all)++;
		if (m->unit[u].state == HOURS_PRESENT || m->unit[u].state == HOURS_ABSENT)
			known[k++] = u;
	}
	return k;
}

/* One row: 1862's infantry steps on the field beside the games' (at the end of the turn
 * before the hour's), over the same units, and how far the games' units stand from 1862's. */
static void hours_row(struct doc *d, const char *label, const struct hours_moment *m, int k,
		      const int *known, int nk, int all, const struct sim_game *g, int n, int *v,
		      int *dv)
{
	int hist = 0, nd = 0;
	for (int j = 0; j < nk; j++)
		if (m->unit[known[j]].state == HOURS_PRESENT)
			hist += m->unit[known[j]].steps;
	for (int i = 0; i < n; i++) {
		const struct sim_hour *hr = &g[i].hour[k];
		int sum = 0, pairs = 0, dist = 0;
		for (int j = 0; j < nk; j++) {
			int u = known[j];
			sum += hr->steps[u];
			if (m->unit[u].state == HOURS_PRESENT && hr->hex[u] != HEX_NONE) {
				dist += hex_distance(hr->hex[u], m->unit[u].hex);
				pairs++;
			}
		}
		v[i] = sum;
		if (pairs)
			dv[nd++] = (10 * dist + pairs / 2) / pairs;
	}
	struct dist ds, dd;
	sim_dist(v, n, &ds);
	sim_dist(dv, nd, &dd);
	char far[16] = "-";
	if (nd)
		snprintf(far, sizeof far, "%.1f", dd.p50 / 10.0);
	rowf(d, "%s|%d of %d|%d|%d|%d to %d|%s|%s", label, nk, all, hist, ds.p50, ds.p10, ds.p90,
	     sim_outside(&ds, hist) ? FLAG : "yes", far);
}

static void sec_hours(struct doc *d, const struct scenario *s, const struct sim_history *h,
		      const struct sim_game *g, int n, int *v)
{
	const struct sim_hours *hs = &h->hours;
	if (!hs->n || g[0].nhours < SIM_HOURS)
		return;
	int group[ROSTER_UNITS], known[ROSTER_UNITS], all;
	static char name[40][HOURS_NAME];
	enum side side[40];
	int ng = sim_hours_formations(&s->roster, group, name, side, 40);
	int *dv = malloc(sizeof *dv * (size_t)n);
	if (!dv)
		return;
	heading(d, 2, "By the hour: 9 a.m. and 1 p.m. beside 1862");
	para(d, "Each division's (and each Union corps') infantry steps on the field at the hour "
		"(the end of the game-turn before it) beside 1862's by seed 002's set-ups "
		"(data/history-hours.txt, docs/provenance-hours.md), over the units whose state "
		"then is known (on the field, or not yet come); the last column is how far, in hexes, the games' units stand from "
		"1862's (the median over games of each game's mean).");
	for (int k = 0; k < SIM_HOURS; k++) {
		const struct hours_moment *m = NULL;
		for (int i = 0; i < hs->n; i++)
			if (hs->m[i].turn == sim_hour_turns[k])
				m = &hs->m[i];
		if (!m)
			continue;
		char title[64];
		snprintf(title, sizeof title, "%s (game-turn %d)", m->time, m->turn);
		heading(d, 3, title);
		table_begin(d, "formation|infantry units known|1862 steps|median|central 80%|"
			       "1862 in the central 80%|hexes from 1862");
		for (int gi = 0; gi < ng + 2; gi++) {
			for (int c = 0; gi == ng && c < CORPS_COUNT; c++) { /* the Union by corps */
				int nk = hours_known_corps(m, &s->roster, (enum corps)c, known, &all);
				char label[24];
				snprintf(label, sizeof label, "%s Corps", names_of_corps((enum corps)c));
				if (nk)
					hours_row(d, label, m, k, known, nk, all, g, n, v, dv);
			}
			int nk = hours_known(m, group, side, ng, gi, known, &all);
			if (nk)
				hours_row(d, gi < ng ? name[gi] : gi == ng ? "**Union**"
									   : "**Confederacy**",
					  m, k, known, nk, all, g, n, v, dv);
		}
		table_end(d);
	}
	free(dv);
}

static void sec_ap_hill(struct doc *d, const struct sim_history *h, const struct sim_game *g,
		       int n)
{
	heading(d, 2, "A.P. Hill's arrival (9.1)");
	int count[GAME_TURNS + 1] = { 0 };
	for (int i = 0; i < n; i++)
		count[g[i].ap_hill_turn]++;
	para(d, "1862: about %s, game-turn %d.", h->ap_hill_time, h->ap_hill_turn);
	table_begin(d, "turn|games|share|95% CI|");
	int before = 0, after = 0;
	for (int t = 1; t <= GAME_TURNS; t++) {
		before += t < h->ap_hill_turn ? count[t] : 0;
		after += t > h->ap_hill_turn ? count[t] : 0;
		if (!count[t] && t != h->ap_hill_turn)
			continue;
		double lo, hi;
		sim_wilson(count[t], n, &lo, &hi);
		rowf(d, "%d%s|%d|%.1f%%|%.1f-%.1f%%", t, t == h->ap_hill_turn ? " (1862)" : "",
		     count[t], 100.0 * count[t] / n, 100 * lo, 100 * hi);
	}
	if (count[0]) {
		double lo, hi;
		sim_wilson(count[0], n, &lo, &hi);
		rowf(d, "never|%d|%.1f%%|%.1f-%.1f%%", count[0], 100.0 * count[0] / n, 100 * lo,
		     100 * hi);
	}
	table_end(d);
	bool flag = 10 * (before) > 9 * n || 10 * (after + count[0]) > 9 * n;
	if (flag)
		para(d, "1862's turn is %s.", FLAG);
}

static void sec_commitment(struct doc *d, const struct sim_game *g, int n, int *v)
{
	heading(d, 2, "Corps commitment (13.0)");
	para(d, "The first game-turn each Union corps was Committed, and the share of games in "
		"which it is Committed at the end of each game-turn (%%).");
	char head[512] = "corps|first committed: median (central 80%)|never";
	size_t used = strlen(head);
	for (int t = 1; t <= GAME_TURNS; t++)
		used += (size_t)snprintf(head + used, sizeof head - used, "|%d", t);
	snprintf(head + used, sizeof head - used, "|");
	table_begin(d, head);
	for (int c = 0; c < CORPS_COUNT; c++) {
		int k = 0, never = 0;
		for (int i = 0; i < n; i++) {
			if (g[i].commit_turn[c])
				v[k++] = g[i].commit_turn[c];
			else
				never++;
		}
		struct dist ds;
		sim_dist(v, k, &ds);
		char row[512];
		size_t u;
		if (k)
			u = (size_t)snprintf(row, sizeof row, "%s|%d (%d-%d)|%.0f%%",
					     names_of_corps((enum corps)c), ds.p50, ds.p10, ds.p90,
					     100.0 * never / n);
		else
			u = (size_t)snprintf(row, sizeof row, "%s|-|100%%", names_of_corps((enum corps)c));
		for (int t = 0; t < GAME_TURNS; t++) {
			int m = 0;
			for (int i = 0; i < n; i++)
				m += g[i].turn[t].corps[c] == CORPS_COMMITTED;
			u += (size_t)snprintf(row + u, sizeof row - u, "|%.0f", 100.0 * m / n);
		}
		table_row(d, row, false);
	}
	table_end(d);
}

static const char *const css =
	"body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}"
	"table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:2px 6px;"
	"text-align:right}td:first-child,th:first-child{text-align:left}th{background:#eee}"
	".plot{max-width:640px}pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:85%}b{color:#a00}";

bool sim_report_write(const struct scenario *s, const struct sim_layout *l,
		      const struct sim_history *h, const struct sim_game *games, int n,
		      const struct sim_report_opt *o, char *err, size_t errlen)
{
	char path[1024], plotdir[1024];
	if (n == 0) {
		snprintf(err, errlen, "no games to report");
		return false;
	}
	struct sim_out mdo, htmlo;
	bool mdok = sim_out_open(&mdo), htmlok = mdok && sim_out_open(&htmlo);
	int *v = malloc(sizeof *v * (size_t)n);
	if (!htmlok || !v) {
		snprintf(err, errlen, "out of memory");
		if (mdok)
			sim_out_drop(&mdo);
		if (htmlok)
			sim_out_drop(&htmlo);
		free(v);
		return false;
	}
	FILE *md = mdo.f, *html = htmlo.f;
	struct doc d = { md, html, NULL, 0 };
	snprintf(plotdir, sizeof plotdir, "%s/plots", o->outdir);
	if (o->gnuplot && have_gnuplot() && (mkdir(plotdir, 0777) == 0 || errno == EEXIST))
		d.plotdir = plotdir;
	fprintf(html, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		      "<title>antietam: simulated games</title><style>%s</style></head><body>\n", css);
	sec_header(&d, s, games, n, o->general);
	sec_headline(&d, h, games, n, v);
	sec_levels(&d, s, h, games, n);
	sec_distributions(&d, h, games, n, v);
	sec_corps(&d, h, games, n, v);
	sec_objectives(&d, l, h, games, n);
	sec_hexmap(&d, l, h, games, n);
	sec_turns(&d, l, games, n, v);
	sec_hours(&d, s, h, games, n, v);
	sec_ap_hill(&d, h, games, n);
	sec_commitment(&d, games, n, v);
	fputs("</body></html>\n", html);
	free(v);
	snprintf(path, sizeof path, "%s/report.md", o->outdir);
	bool ok = sim_out_write(&mdo, path, err, errlen);
	snprintf(path, sizeof path, "%s/report.html", o->outdir);
	if (!ok)
		sim_out_drop(&htmlo);
	else
		ok = sim_out_write(&htmlo, path, err, errlen);
	return ok && sim_summary_write(games, n, o->outdir, err, errlen);
}

/* ---- the terminal ---- */

void sim_report_terminal(const struct scenario *s, const struct sim_layout *l,
			 const struct sim_history *h, const struct sim_game *games, int n, FILE *f)
{
	(void)l;
	if (n == 0)
		return;
	int *v = malloc(sizeof *v * (size_t)n);
	char *text = malloc(16384);
	if (!v || !text) {
		free(v);
		free(text);
		return;
	}
	enum victory_mode mode = games[0].cfg.rules == SIM_SOLITAIRE ? VICTORY_SOLITAIRE
								      : VICTORY_TWO_PLAYER;
	fprintf(f, "%d games (%s rules, Union: %s, Confederacy: %s%s%s)\n\n", n,
		sim_rules_names[games[0].cfg.rules], games[0].player_name[0], games[0].player_name[1],
		games[0].cfg.scenario[0] ? "; scenario " : "", games[0].cfg.scenario);
	if (games[0].cfg.scenario[0] &&
	    !sim_whole_day(start_of(s, start_find(s, games[0].cfg.scenario))))
		fprintf(f, "(1862: the whole day's figures, not the scenario's)\n\n");
	fprintf(f, "%-40s %8s %16s %8s\n", "figure", "median", "central 80%", "1862");
	for (int i = 0; i < sim_nmetrics; i++) {
		const struct sim_metric *m = &sim_metrics[i];
		if (!m->hist)
			continue;
		struct dist ds;
		sim_metric_dist(m, games, n, v, &ds);
		char a[16], b[16], c[16], hv[16], range[40];
		sim_format(ds.p10, m->scale, a, sizeof a);
		sim_format(ds.p50, m->scale, b, sizeof b);
		sim_format(ds.p90, m->scale, c, sizeof c);
		sim_format(m->hist(h), m->scale, hv, sizeof hv);
		snprintf(range, sizeof range, "%s to %s", a, c);
		fprintf(f, "%-40s %8s %16s %8s%s\n", m->name, b, range, hv,
			sim_outside(&ds, m->hist(h)) ? "  outside" : "");
	}
	fprintf(f, "\n%s levels:\n", mode == VICTORY_SOLITAIRE ? "19.0B" : "3.5");
	for (int k = 0; k < s->tables.nlevels[mode]; k++) {
		const char *name = s->tables.level[mode][k].name;
		int c = 0;
		for (int i = 0; i < n; i++)
			c += !strcmp(mode == VICTORY_SOLITAIRE ? games[i].level_solo : games[i].level_two,
				     name);
		int bar = (c * BAR_WIDTH + n - 1) / n;
		fprintf(f, "%24s |%.*s %5.1f%%\n", name, bar,
			"########################################", 100.0 * c / n);
	}
	const struct sim_metric *shown[] = { &sim_metrics[mode == VICTORY_SOLITAIRE ? 1 : 0], &sim_metrics[2],
					 &sim_metrics[3] };
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
		struct dist ds;
		sim_metric_dist(shown[i], games, n, v, &ds);
		text_histogram(v, n, shown[i]->scale, true, shown[i]->hist(h), text, 16384);
		fprintf(f, "\n%s:\n%s", shown[i]->name, text);
	}
	free(v);
	free(text);
}
