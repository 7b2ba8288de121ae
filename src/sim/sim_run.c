/* sim_run.c — owns the command `antietam --simulate N` and `antietam --merge DIR…`
 * (docs/simulate.md): the options, the worker processes (--jobs, one pipe each, records
 * sent whole), the progress bar, the slice of seeds of --shard, and the files written. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "action_text.h"
#include "datafile.h"
#include "paths.h"
#include "position.h"
#include "printable.h"
#include "sim.h"
#include "sim_internal.h"

struct opts {
	const char *datadir, *outdir, *keepdir;
	const char *general; /* --general-weights FILE: the general's tunables in place of
			      * the data directory's general.txt (a tuning run) */
	long games;
	uint64_t first_seed;
	int jobs;
	int shard_k, shard_n;
	bool plots;
	const char *player[2];
	struct sim_config cfg;
	const char **merge;
	int nmerge;
};

/* What a worker sends for each game. */
struct msg {
	long index;
	bool ok;
	bool kept;              /* --keep: its position file written (else keep_err says why) */
	char err[320];
	char keep_err[320];
	struct sim_game game;
};

static void usage(FILE *f)
{
	fputs("usage: antietam --simulate N [--union P] [--confederate P] [--rules solitaire|two-player]\n"
	      "                [--scenario KEY] [--mishap] [--unleashed] [--quick-setup]\n"
	      "                [--seed S] [--jobs J]\n"
	      "                [--shard K/N | --shard-index I/N]\n"
	      "                [--out DIR] [--keep DIR] [--no-plots] [--data DIR]\n"
	      "                [--general-weights FILE]\n"
	      "       antietam --merge DIR... [--out DIR] [--no-plots] [--data DIR]\n"
	      "players P:\n", f);
	for (int i = 0; i < player_count(); i++)
		fprintf(f, "  %-10s %s\n", player_at(i)->name, player_at(i)->about);
	fputs("defaults: solitaire rules, --union bot --confederate scripted (two-player: --union "
	      "general);\n  --seed 1, --jobs the number of CPUs, --out the current directory;\n"
	      "  --general-weights FILE: the computer general's tunables (data/general.txt's format)\n"
	      "  in place of the data's, for tuning runs\n", f);
}

static bool parse_long(const char *s, long min, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < min)
		return false;
	*out = v;
	return true;
}

static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad(const char *fmt, ...)
{
	fputs("antietam: ", stderr);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n", stderr);
	usage(stderr);
	return 2;
}

static int seat(struct opts *o, const char *rules);

static int parse(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof *o);
	o->outdir = ".";
	o->first_seed = 1;
	o->plots = true;
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = jobs > 0 ? (int)jobs : 1;
	const char *rules = "solitaire";
	bool simulate = false;
	static const char *merge[256];
	o->merge = merge;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
		long v;
		if (!strcmp(a, "--simulate")) {
			if (!next || !parse_long(next, 1, &o->games))
				return bad("--simulate takes a number of games (1 or more)");
			simulate = true, i++;
		} else if (!strcmp(a, "--merge")) {
			while (i + 1 < argc && argv[i + 1][0] != '-' && o->nmerge < 256)
				merge[o->nmerge++] = argv[++i];
			if (!o->nmerge)
				return bad("--merge takes the directories of the runs to merge");
		} else if (!strcmp(a, "--union") || !strcmp(a, "--confederate")) {
			if (!next)
				return bad("%s takes a player", a);
			o->player[a[2] == 'c'] = next, i++;
		} else if (!strcmp(a, "--rules")) {
			if (!next)
				return bad("--rules takes solitaire or two-player");
			rules = next, i++;
		} else if (!strcmp(a, "--scenario")) {
			/* checked against data/scenarios/ once the data is loaded (sim_main) */
			if (!next || strlen(next) >= sizeof o->cfg.scenario)
				return bad("--scenario takes the key of a scenario of data/scenarios/");
			snprintf(o->cfg.scenario, sizeof o->cfg.scenario, "%s", next), i++;
		} else if (!strcmp(a, "--mishap")) {
			o->cfg.mishap = true;
		} else if (!strcmp(a, "--unleashed")) {
			o->cfg.unleashed = true;
		} else if (!strcmp(a, "--quick-setup")) {
			o->cfg.quick = true;
		} else if (!strcmp(a, "--seed")) {
			if (!next)
				return bad("--seed takes a number");
			if (!game_parse_seed(next, &o->first_seed))
				return bad("--seed takes a number 0 to 18446744073709551615, not '%s'", next);
			i++;
		} else if (!strcmp(a, "--jobs")) {
			if (!next || !parse_long(next, 1, &v) || v > 1024)
				return bad("--jobs takes a number of processes (1 to 1024)");
			o->jobs = (int)v, i++;
		} else if (!strcmp(a, "--shard") || !strcmp(a, "--shard-index")) {
			/* --shard K/N counts from 1 (GNU parallel's {#}); --shard-index I/N from 0,
			 * as a scheduler's job array does (Slurm's $SLURM_ARRAY_TASK_ID with
			 * --array=0-(N-1)): the same slice as --shard I+1/N */
			int base = a[7] ? 0 : 1;
			long k = -1, n = 0;
			const char *slash = next ? strchr(next, '/') : NULL;
			char kk[24] = "";
			/* digits only, each within an int: sscanf's %d took 4294967297/2 as 1/2 */
			if (slash && slash - next < (ptrdiff_t)sizeof kk)
				memcpy(kk, next, (size_t)(slash - next));
			if (!slash || !isdigit((unsigned char)kk[0]) || !isdigit((unsigned char)slash[1]) ||
			    !parse_long(kk, 0, &k) || !parse_long(slash + 1, 1, &n) || n > INT_MAX ||
			    k < base || k > n - 1 + base)
				return bad(base ? "--shard takes K/N with 1 <= K <= N, not '%s'"
						: "--shard-index takes I/N with 0 <= I < N, not '%s'",
					   next ? next : "");
			o->shard_k = (int)(k + 1 - base), o->shard_n = (int)n, i++;
		} else if (!strcmp(a, "--out") || !strcmp(a, "--keep") || !strcmp(a, "--data")) {
			if (!next)
				return bad("%s takes a directory", a);
			*(a[2] == 'o' ? &o->outdir : a[2] == 'k' ? &o->keepdir : &o->datadir) = next;
			i++;
		} else if (!strcmp(a, "--general-weights")) {
			if (!next)
				return bad("--general-weights takes a file (data/general.txt's format)");
			o->general = next, i++;
		} else if (!strcmp(a, "--no-plots")) {
			o->plots = false;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else {
			return bad("unknown argument '%s' for --simulate", a);
		}
	}
	if (simulate == (o->nmerge > 0))
		return bad("give --simulate N or --merge DIR..., not both");
	if (o->cfg.quick && o->cfg.scenario[0])
		return bad("--quick-setup is the whole day's (4.2); a scenario starts from its own "
			   "position");
	return seat(o, rules);
}

/* The rules and the players (their defaults under those rules), checked: -1 to go on, or
 * the exit code. */
static int seat(struct opts *o, const char *rules)
{
	if (!strcmp(rules, sim_rules_names[SIM_SOLITAIRE]))
		o->cfg.rules = SIM_SOLITAIRE;
	else if (!strcmp(rules, sim_rules_names[SIM_TWO_PLAYER]))
		o->cfg.rules = SIM_TWO_PLAYER;
	else
		return bad("--rules is solitaire or two-player, not '%s'", rules);
	if (!o->player[0])
		o->player[0] = o->cfg.rules == SIM_SOLITAIRE ? "bot" : "general";
	if (!o->player[1])
		o->player[1] = "scripted";
	for (int s = 0; s < 2; s++) {
		char err[256];
		if (!sim_player_parse(o->player[s], (enum side)s, o->cfg.rules, &o->cfg.player[s], err,
				      sizeof err))
			return bad("%s", err);
	}
	return -1; /* go on */
}

/* ---- the files ---- */

/* mkdir -p */
static bool make_dir(const char *dir)
{
	char path[1024];
	snprintf(path, sizeof path, "%s", dir);
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(path, 0777) < 0 && errno != EEXIST)
				break;
			*p = '/';
		}
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return true;
	fprintf(stderr, "antietam: %s: cannot create: %s\n", dir, strerror(errno));
	return false;
}

static bool write_csvs(const struct sim_layout *l, const char *dir, const struct sim_game *g,
		       int n)
{
	char path[1024];
	static const char *const name[3] = { "games.csv", "turns.csv", "hours.csv" };
	for (int which = 0; which < 3; which++) {
		snprintf(path, sizeof path, "%s/%s", dir, name[which]);
		struct sim_out out;
		if (!sim_out_open(&out)) {
			fprintf(stderr, "antietam: %s: out of memory\n", path);
			return false;
		}
		FILE *f = out.f;
		if (which == 2)
			sim_csv_hours_header(f);
		else if (which)
			sim_csv_turns_header(l, f);
		else
			sim_csv_games_header(l, f);
		for (int i = 0; i < n; i++) {
			if (which == 2)
				sim_csv_hours(&g[i], f);
			else if (which)
				sim_csv_turns(l, &g[i], f);
			else
				sim_csv_game(l, &g[i], f);
		}
		char err[1200];
		if (!sim_out_write(&out, path, err, sizeof err)) {
			fprintf(stderr, "antietam: %s\n", err);
			return false;
		}
	}
	return true;
}

static int finish(const struct scenario *s, const struct sim_layout *l,
		  const struct sim_history *h, const struct opts *o, const struct sim_game *g, int n)
{
	char err[1024];
	if (!write_csvs(l, o->outdir, g, n))
		return 2;
	struct sim_report_opt ro = { o->outdir, o->plots, o->general };
	if (!sim_report_write(s, l, h, g, n, &ro, err, sizeof err)) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	sim_report_terminal(s, l, h, g, n, stdout);
	printf("\nwritten: %s/games.csv, turns.csv, hours.csv, report.md, report.html\n", o->outdir);
	fflush(stdout);
	return 0;
}

/* ---- the workers ---- */

static bool write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w, len -= (size_t)w;
	}
	return true;
}

static void keep(const struct opts *o, const struct game *g, const struct position_record *rec,
		 struct msg *m)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/game-%llu.pos", o->keepdir,
		 (unsigned long long)m->game.seed);
	/* store_save: atomic, so a full disk leaves no empty or cut file under the game's name;
	 * a game played but not kept is still counted (issue 33: it was "not played") */
	if (!store_save(g, rec, path, m->keep_err, sizeof m->keep_err))
		m->kept = false;
}

/* Play the games lo, lo+step, … below hi, each record sent to fd. */
static void worker(const struct scenario *s, const struct opts *o, long lo, long hi, long step,
		   int fd)
{
	struct msg *m = malloc(sizeof *m);
	struct game *final = o->keepdir ? malloc(sizeof *final) : NULL;
	struct position_record rec;
	if (!m || (o->keepdir && !final))
		_exit(3);
	for (long i = lo; i < hi; i += step) {
		memset(m, 0, sizeof *m);
		m->index = i;
		m->kept = true;
		uint64_t seed = o->first_seed + (uint64_t)i;
		m->ok = sim_play_game(s, &o->cfg, seed, &m->game, final, o->keepdir ? &rec : NULL,
				      m->err, sizeof m->err);
		m->game.seed = seed;
		if (o->keepdir) {
			keep(o, final, &rec, m);
			record_free(&rec);
		}
		if (!write_all(fd, m, sizeof *m))
			_exit(3);
	}
	_exit(0);
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress(long done, long total, double start, bool final)
{
	double el = now_s() - start;
	double left = done ? el / (double)done * (double)(total - done) : 0;
	int w = 30, fill = (int)(w * done / (total ? total : 1));
	fprintf(stderr, "\r[%.*s%*s] %ld/%ld games  %d:%02d elapsed  %d:%02d left ", fill,
		"##############################", w - fill, "", done, total, (int)el / 60,
		(int)el % 60, done ? (int)left / 60 : 0, done ? (int)left % 60 : 0);
	if (final)
		fputc('\n', stderr);
	fflush(stderr);
}

/* The worker processes and what each has sent so far. */
struct pool {
	int jobs;
	pid_t *pid;
	struct pollfd *pfd;   /* fd -1 once the worker's pipe is closed */
	size_t *got;          /* bytes of the message now arriving */
	struct msg *buf;
	long unkept;          /* games played whose --keep file could not be written */
};

/* Start the workers: worker w plays games lo+w, lo+w+jobs, … below hi. False when none
 * could be started (pool->jobs says how many were). */
static bool spawn(struct pool *p, const struct scenario *s, const struct opts *o, long lo,
		  long hi)
{
	int want = p->jobs;
	fflush(NULL);
	for (int w = 0; w < want; w++) {
		int fd[2];
		if (pipe(fd) < 0) {
			fprintf(stderr, "antietam: pipe: %s\n", strerror(errno));
			p->jobs = w;
			break;
		}
		p->pid[w] = fork();
		if (p->pid[w] == 0) {
			close(fd[0]);
			for (int k = 0; k < w; k++)
				close(p->pfd[k].fd);
			worker(s, o, lo + w, hi, want, fd[1]);
		}
		close(fd[1]);
		if (p->pid[w] < 0) {
			fprintf(stderr, "antietam: fork: %s\n", strerror(errno));
			close(fd[0]);
			p->jobs = w;
			break;
		}
		p->pfd[w].fd = fd[0];
		p->pfd[w].events = POLLIN;
	}
	return p->jobs > 0;
}

/* Read what worker w has sent; a whole message goes into g (indexed from lo). Returns 1 for
 * a game received, 0 for none yet, -1 when the worker's pipe closed. */
static int receive(struct pool *p, int w, long lo, long hi, struct sim_game *g, long *failed,
		   bool tty)
{
	ssize_t k = read(p->pfd[w].fd, (char *)&p->buf[w] + p->got[w], sizeof p->buf[w] - p->got[w]);
	if (k < 0 && errno == EINTR)
		return 0;
	if (k <= 0) {
		close(p->pfd[w].fd);
		p->pfd[w].fd = -1;
		return -1;
	}
	p->got[w] += (size_t)k;
	if (p->got[w] < sizeof p->buf[w])
		return 0;
	p->got[w] = 0;
	const struct msg *m = &p->buf[w];
	if (m->index < lo || m->index >= hi)
		return 0;
	g[m->index - lo] = m->game;
	if (m->ok && !m->kept) {
		p->unkept++;
		fprintf(stderr, "%santietam: %s (the game is counted, its position file not kept)\n",
			tty ? "\r" : "", m->keep_err);
	}
	if (!m->ok) {
		(*failed)++;
		g[m->index - lo].nturns = -1; /* left out of the files */
		fprintf(stderr, "%santietam: %s\n", tty ? "\r" : "", m->err);
	}
	return 1;
}

/* Wait for every worker; true when each exited 0. */
static bool reap(const struct pool *p)
{
	bool ok = true;
	for (int w = 0; w < p->jobs; w++) {
		int st;
		if (waitpid(p->pid[w], &st, 0) > 0 && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))
			ok = false;
	}
	return ok;
}

/* The time the games took, and the workers' processor time: the wall clock of a shared
 * machine says little. */
static void say_time(long total, double start, int jobs)
{
	struct rusage ru;
	double cpu = 0, el = now_s() - start;
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		      (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	fprintf(stderr, "%ld game%s in %.1f s (%.2f s per 100 games on %d process%s; %.2f s of "
		"processor time per 100 games)\n", total, total == 1 ? "" : "s", el,
		el * 100 / (double)total, jobs, jobs == 1 ? "" : "es", cpu * 100 / (double)total);
}

/* Run the games of [lo, hi) on o->jobs processes into g (indexed from lo). Returns the
 * number of games that failed (each reported on stderr), or -1 when a worker died. */
static long run(const struct scenario *s, const struct opts *o, long lo, long hi,
		struct sim_game *g, long *unkept)
{
	long total = hi - lo, done = 0, failed = 0;
	struct pool p = { o->jobs < total ? o->jobs : (int)total, NULL, NULL, NULL, NULL, 0 };
	p.pid = calloc((size_t)p.jobs, sizeof *p.pid);
	p.pfd = calloc((size_t)p.jobs, sizeof *p.pfd);
	p.got = calloc((size_t)p.jobs, sizeof *p.got);
	p.buf = calloc((size_t)p.jobs, sizeof *p.buf);
	bool ok = p.pid && p.pfd && p.got && p.buf;
	if (!ok)
		fprintf(stderr, "antietam: out of memory\n");
	bool tty = isatty(STDERR_FILENO);
	double start = now_s(), shown = 0;
	int open_fds = ok && spawn(&p, s, o, lo, hi) ? p.jobs : 0;
	while (open_fds > 0) {
		if (poll(p.pfd, (nfds_t)p.jobs, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int w = 0; w < p.jobs; w++) {
			if (p.pfd[w].fd < 0 || !(p.pfd[w].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			int k = receive(&p, w, lo, hi, g, &failed, tty);
			done += k > 0;
			open_fds -= k < 0;
		}
		if (tty && (now_s() - shown > 0.2 || done == total)) {
			progress(done, total, start, false);
			shown = now_s();
		}
	}
	if (tty && ok)
		progress(done, total, start, true);
	ok = ok && reap(&p) && done == total; /* nothing to reap when nothing was allocated */
	free(p.pid), free(p.pfd), free(p.got), free(p.buf);
	*unkept = p.unkept;
	if (!ok) {
		fprintf(stderr, "antietam: a simulation process died (%ld of %ld games came back)\n",
			done, total);
		return -1;
	}
	say_time(total, start, p.jobs);
	return failed;
}

/* The scenario and 1862 (history.txt of the data directory). */
static bool load(const struct opts *o, struct scenario **s, struct sim_history *h)
{
	char dir[1024], err[1024], path[1100];
	*s = malloc(sizeof **s);
	bool ok = *s && paths_data_dir(o->datadir, dir, sizeof dir, err, sizeof err) &&
		  scenario_load(*s, dir, err, sizeof err);
	bool loaded = ok; /* a refused weights file or history frees what the load took */
	if (ok && o->general) {
		struct general_tunables t;
		ok = general_tunables_load(&t, o->general, err, sizeof err);
		if (ok)
			scenario_set_general(*s, &t);
	}
	if (ok) {
		snprintf(path, sizeof path, "%s/history.txt", dir);
		ok = sim_history_load(h, *s, path, err, sizeof err);
	}
	if (!ok) {
		fprintf(stderr, "antietam: %s\n", *s ? err : "out of memory");
		if (loaded)
			scenario_free(*s);
		free(*s);
		*s = NULL;
	}
	return ok;
}

/* games * k / n rounded down without overflow (games up to LONG_MAX, k <= n: issue 33's
 * --simulate 9223372036854775807 --shard 2/2): games = q n + r, so q k + r k / n. */
static long shard_bound(long games, long k, long n)
{
	return games / n * k + games % n * k / n;
}

/* A shard's own account of itself, DIR/shard.txt ("antietam-shard 1", then "shard K N games
 * G seed S"): --merge then knows when one of the N is missing (issue 33). */
static bool write_shard(const struct opts *o)
{
	char path[1100], err[1200];
	snprintf(path, sizeof path, "%s/shard.txt", o->outdir);
	struct sim_out out;
	if (!sim_out_open(&out)) {
		fprintf(stderr, "antietam: %s: out of memory\n", path);
		return false;
	}
	fprintf(out.f, "antietam-shard 1\nshard %d %d games %ld seed %llu\n", o->shard_k,
		o->shard_n, o->games, (unsigned long long)o->first_seed);
	if (sim_out_write(&out, path, err, sizeof err))
		return true;
	fprintf(stderr, "antietam: %s\n", err);
	return false;
}

/* One run's shard.txt, when it has one: false when it has none (a run of its own, or a shard
 * written before shards said which they were). */
struct shard {
	int k, n;
	long games;
	unsigned long long seed;
};

/* A count in shard.txt: digits only, within [min, max] (sscanf's %d wrapped 4294967298 to 2,
 * so a damaged shard.txt passed for another shard; issue 33). */
static bool shard_count(const char *tok, long min, long max, long *out)
{
	return tok && strspn(tok, "0123456789") == strlen(tok) && parse_long(tok, min, out) &&
	       *out <= max;
}

/* DIR/shard.txt: 1 when it says which shard the run is, 0 when there is none (a run of its
 * own, or a shard written before shards said which they were), -1 when it is there but
 * unreadable or damaged: then "PATH:LINE: message" is said and --merge stops. */
static int read_shard(const char *dir, struct shard *sh)
{
	char path[1100], err[1200], line[200];
	snprintf(path, sizeof path, "%s/shard.txt", dir);
	struct stat st;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return 0;
	FILE *f = datafile_fopen(path, err, sizeof err);
	if (!f) {
		char shown[1200];
		fprintf(stderr, "antietam: --merge: %s\n", text_printable(shown, sizeof shown, err));
		return -1;
	}
	const char *what = NULL;
	int at = 1;
	if (!fgets(line, sizeof line, f) || strcmp(line, "antietam-shard 1\n"))
		what = "not a shard's account (the first line is not 'antietam-shard 1')";
	else if (at = 2, !fgets(line, sizeof line, f) || !strchr(line, '\n'))
		what = "no whole second line 'shard K N games G seed S'";
	else {
		char *save, *w[8] = { 0 };
		int nw = 0;
		for (char *t = strtok_r(line, " \n", &save); t; t = strtok_r(NULL, " \n", &save))
			if (nw < 8)
				w[nw++] = t;
			else
				nw = 9;
		long k, n, g;
		uint64_t seed;
		if (nw != 7 || strcmp(w[0], "shard") || strcmp(w[3], "games") || strcmp(w[5], "seed"))
			what = "not 'shard K N games G seed S'";
		else if (!shard_count(w[2], 1, INT_MAX, &n))
			what = "the number of shards N is not a number 1 to 2147483647";
		else if (!shard_count(w[1], 1, n, &k))
			what = "the shard K is not a number 1 to N";
		else if (!shard_count(w[4], 1, LONG_MAX, &g))
			what = "the games G are not a number 1 to 9223372036854775807";
		else if (!game_parse_seed(w[6], &seed))
			what = "the seed S is not a number 0 to 18446744073709551615";
		else
			sh->k = (int)k, sh->n = (int)n, sh->games = g, sh->seed = seed;
	}
	if (!what && fgets(line, sizeof line, f))
		at = 3, what = "more than two lines";
	fclose(f);
	if (what) {
		char shown[1200];
		text_printable(shown, sizeof shown, path);
		fprintf(stderr, "antietam: --merge: %s:%d: %s (shard.txt says which shard of a "
			"--shard run this is; issue 33)\n", shown, at, what);
		return -1;
	}
	return 1;
}

/* The shards among the runs to merge make a whole: all of one run and, when every run is a
 * shard, each of 1..N there. False with the missing or stray one said. */
static bool shards_whole(const struct opts *o)
{
	struct shard first = { 0 }, sh;
	bool *seen = NULL;
	bool ok = true;
	int plain = 0; /* runs that say no shard: then the seeds' own checks judge */
	for (int i = 0; i < o->nmerge && ok; i++) {
		int got = read_shard(o->merge[i], &sh);
		if (got < 0) {
			ok = false;
			break;
		}
		if (got == 0) {
			plain++;
			continue;
		}
		if (!seen) {
			first = sh;
			seen = calloc((size_t)sh.n + 1, sizeof *seen);
			if (!seen)
				return true; /* out of memory: the seeds' checks still run */
		}
		if (sh.n != first.n || sh.games != first.games || sh.seed != first.seed) {
			fprintf(stderr, "antietam: --merge: %s is shard %d/%d of another run (%ld games "
				"from seed %llu, not %ld from %llu)\n", o->merge[i], sh.k, sh.n, sh.games,
				sh.seed, first.games, first.seed);
			ok = false;
		}
		seen[sh.k] = true;
	}
	for (int k = 1; seen && ok && !plain && k <= first.n; k++)
		if (!seen[k]) {
			fprintf(stderr, "antietam: --merge: shard %d/%d of the run (%ld games from seed "
				"%llu) is missing\n", k, first.n, first.games, first.seed);
			ok = false;
		}
	free(seen);
	return ok;
}

static int simulate(const struct scenario *s, const struct sim_layout *l,
		    const struct sim_history *h, const struct opts *o)
{
	long lo = 0, hi = o->games;
	if (o->shard_n) {
		lo = shard_bound(o->games, o->shard_k - 1, o->shard_n);
		hi = shard_bound(o->games, o->shard_k, o->shard_n);
		if (lo == hi) {
			/* more shards than games: this one's files have no rows, and --merge
			 * takes them with the others */
			if (!make_dir(o->outdir) || !write_csvs(l, o->outdir, NULL, 0))
				return 2;
			fprintf(stderr, "antietam: shard %d/%d of %ld games has no game: %s/games.csv, "
				"turns.csv and hours.csv written with no rows\n", o->shard_k, o->shard_n,
				o->games, o->outdir);
			return 0;
		}
	}
	if (!make_dir(o->outdir) || (o->keepdir && !make_dir(o->keepdir)))
		return 2;
	/* a count whose bytes size_t cannot hold is refused before calloc is asked (the
	 * sanitizers abort on such a call instead of returning NULL) */
	struct sim_game *g = (unsigned long)(hi - lo) <= SIZE_MAX / sizeof *g
				     ? calloc((size_t)(hi - lo), sizeof *g) : NULL;
	if (!g) {
		fprintf(stderr, "antietam: out of memory for %ld games\n", hi - lo);
		return 2;
	}
	long unkept = 0, failed = run(s, o, lo, hi, g, &unkept);
	if (failed < 0) {
		free(g);
		return 2;
	}
	int n = 0;
	for (long i = 0; i < hi - lo; i++)
		if (g[i].nturns >= 0)
			g[n++] = g[i];
	int rc = n ? finish(s, l, h, o, g, n) : 1;
	if (!rc && o->shard_n && !write_shard(o))
		rc = 2;
	free(g);
	if (failed)
		fprintf(stderr, "antietam: %ld game(s) could not be played to the end (above)\n",
			failed);
	if (unkept)
		fprintf(stderr, "antietam: %ld game(s) played but not kept in %s (above)\n", unkept,
			o->keepdir);
	return rc ? rc : failed || unkept ? 1 : 0;
}

static int cmp_seed(const void *a, const void *b)
{
	const struct sim_game *x = a, *y = b;
	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static bool same_config(const struct sim_game *a, const struct sim_game *b)
{
	return a->cfg.rules == b->cfg.rules && a->cfg.mishap == b->cfg.mishap &&
	       a->cfg.unleashed == b->cfg.unleashed && a->cfg.quick == b->cfg.quick && !strcmp(a->cfg.scenario, b->cfg.scenario) &&
	       !strcmp(a->player_name[0], b->player_name[0]) &&
	       !strcmp(a->player_name[1], b->player_name[1]);
}

static int merge(const struct scenario *s, const struct sim_layout *l, const struct sim_history *h,
		 const struct opts *o)
{
	struct sim_game *g = NULL;
	int n = 0;
	char err[1200];
	if (!shards_whole(o))
		return 2;
	for (int i = 0; i < o->nmerge; i++)
		if (!sim_csv_read(l, o->merge[i], &g, &n, err, sizeof err)) {
			fprintf(stderr, "antietam: %s\n", err);
			free(g);
			return 2;
		}
	qsort(g, (size_t)n, sizeof *g, cmp_seed);
	for (int i = 1; i < n; i++) {
		const char *why = g[i].seed == g[i - 1].seed ? "is in two of the runs"
				  : !same_config(&g[i], &g[0]) ? "was played with other players, rules, options or scenario"
				  : NULL;
		if (why) {
			fprintf(stderr, "antietam: --merge: seed %llu %s\n",
				(unsigned long long)g[i].seed, why);
			free(g);
			return 2;
		}
	}
	int rc = n ? (make_dir(o->outdir) ? finish(s, l, h, o, g, n) : 2) : 1;
	if (!n)
		fprintf(stderr, "antietam: --merge: no games\n");
	free(g);
	return rc;
}

int sim_main(int argc, char **argv)
{
	struct opts o;
	int rc = parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	struct scenario *s;
	struct sim_history h;
	if (!load(&o, &s, &h))
		return 2;
	if (o.cfg.scenario[0] && !start_find(s, o.cfg.scenario)) {
		fprintf(stderr, "antietam: --scenario %s: not one of data/scenarios/ (", o.cfg.scenario);
		for (int i = 1; start_of(s, i); i++)
			fprintf(stderr, "%s%s", i > 1 ? ", " : "", start_of(s, i)->key);
		fprintf(stderr, ")\n");
		scenario_free(s);
		free(s);
		return 2;
	}
	struct sim_layout l;
	sim_layout(s, &l);
	rc = o.nmerge ? merge(s, &l, &h, &o) : simulate(s, &l, &h, &o);
	scenario_free(s);
	free(s);
	return rc;
}
