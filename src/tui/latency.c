/* latency.c — owns the measure `make bench` takes of the terminal game's time from a key to
 * the screen (issue 34): a session on a terminal of a given size whose output goes to
 * /dev/null, a game with its autosaves in a directory of its own, and legal moves of the
 * Union's turn-1 movement made as Enter makes them (tui_apply) with the frame drawn after
 * each; then the autosave the game makes after every action, timed on its own. The same
 * moves are timed once more with the autosave inside the move (the order before issue 34). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "paths.h"
#include "tui_internal.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb, (void)flag, (void)ftw;
	return remove(path);
}

/* The first legal action of type `type`, k-th of them modulo their count; NULL if none. */
static const struct action *nth_of(const struct tui *t, enum action_type type, int k)
{
	int n = 0;
	for (int i = 0; i < t->legal.n; i++)
		n += t->legal.a[i].type == type;
	if (n == 0)
		return NULL;
	k %= n;
	for (int i = 0; i < t->legal.n; i++)
		if (t->legal.a[i].type == type && k-- == 0)
			return &t->legal.a[i];
	return NULL;
}

/* Time `moves` moves: each applied and drawn (show), its autosave after (save); undone. */
static bool time_moves(struct tui *t, int moves, bool defer, double *show, double *save)
{
	match_defer_autosave(t->match, defer);
	for (int i = 0; i < moves; i++) {
		const struct action *m = nth_of(t, ACT_MOVE, i * 7);
		if (!m)
			return false;
		struct action a = *m;
		double t0 = now_ms();
		if (!tui_apply(t, &a))
			return false;
		draw_frame(t);
		double t1 = now_ms();
		tui_autosave_due(t);
		show[i] = t1 - t0;
		save[i] = now_ms() - t1;
		if (!match_undo(t->match))
			return false;
		tui_refresh_legal(t);
		draw_frame(t);
	}
	return true;
}

int tui_bench_latency(const char *datadir, int cols, int lines, int moves,
		      struct tui_latency *out, char *err, size_t errlen)
{
	int rc = -1;
	char dir[] = "/tmp/antietam-latency-XXXXXX";
	struct tui *t = calloc(1, sizeof *t);
	double *v = calloc((size_t)moves * 4, sizeof *v);
	FILE *o = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *screen = NULL;
	bool made_dir = false;
	if (!t || !v || !o || !in || moves < 1 || !(t->scn = t->data = malloc(sizeof *t->data)) ||
	    !legal_init(&t->legal)) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	if (!scenario_load(t->data, datadir, err, errlen))
		goto done;
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "cannot make a directory for the autosaves");
		goto done;
	}
	made_dir = true;
	snprintf(t->state_dir, sizeof t->state_dir, "%s", dir);
	if (!(screen = newterm("xterm-256color", o, in))) {
		snprintf(err, errlen, "no terminfo entry for xterm-256color");
		goto done;
	}
	set_term(screen);
	resizeterm(lines, cols);
	t->utf8 = true;
	t->show_names = true;
	t->sel_unit = -1;
	t->replay_unit = -1;
	t->los_from = HEX_NONE;
	t->cursor = 1916;
	t->match = match_new(t->data, SETUP_HISTORICAL, 1, &t->gopt);
	if (!t->match) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	t->g = match_game(t->match);
	char berr[160];
	match_set_autosave(t->match, t->state_dir, MATCH_AUTOSAVE_EVERY,
			   paths_autosave_bound(berr, sizeof berr));
	t->playing = true;
	draw_init_colours(t);
	tui_relayout(t);
	tui_refresh_legal(t);
	/* turn 1: the Union's commitment step ended, to its movement */
	while (t->g->pending.what != DECISION_MOVEMENT) {
		const struct action *e = nth_of(t, ACT_END, 0);
		struct action a;
		if (!e || (a = *e, !tui_apply(t, &a))) {
			snprintf(err, errlen, "the game did not reach the Union's movement");
			goto done;
		}
	}
	draw_frame(t);
	double *show = v, *save = v + moves, *show_old = v + 2 * moves, *save_old = v + 3 * moves;
	if (!time_moves(t, moves, true, show, save) ||
	    !time_moves(t, moves, false, show_old, save_old)) {
		snprintf(err, errlen, "a move was refused");
		goto done;
	}
	qsort(show, (size_t)moves, sizeof *v, cmp_double);
	qsort(save, (size_t)moves, sizeof *v, cmp_double);
	qsort(show_old, (size_t)moves, sizeof *v, cmp_double);
	out->show_ms = show[moves / 2];
	out->show_worst_ms = show[moves - 1];
	out->save_ms = save[moves / 2];
	out->show_save_first_ms = show_old[moves / 2];
	rc = 0;
done:
	if (screen) {
		endwin();
		delscreen(screen);
	}
	if (t) {
		match_free(t->match);
		scenario_free(t->data);
		free(t->data);
		legal_free(&t->legal);
	}
	if (made_dir)
		nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
	if (o)
		fclose(o);
	if (in)
		fclose(in);
	free(t);
	free(v);
	return rc;
}
