/* main.c — argument parsing: picks the front-end, and which saved game to resume
 * (the data and state directories are found by include/paths.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "image/map_image.h"
#include "paths.h"
#include "position.h"
#include "printable.h"
#include "sim/sim.h"
#include "tui/tui.h"

static void usage(FILE *f)
{
	fputs("usage: antietam [--data DIR] [--batch [FILE] | --print-oob | --print-map]\n", f);
	fputs("       antietam [--data DIR] --map-image FILE.png|.svg|.pdf [--units] [--scenario KEY]\n"
	      "                [--ghost TURN]\n", f);
	fputs("                the map as a picture; --units: with the historical set-up\n", f);
	fputs("       antietam [--data DIR] [-m|--mono] [-a|--ascii] [FILE | --resume [ID]]\n", f);
	fputs("                the game at the terminal; FILE: a saved game; --resume: the last one\n", f);
	fputs("                saved, --resume ID: the game ID's newest autosave\n", f);
	fputs("       antietam --resume list        the games with autosaves, newest first\n", f);
	fputs("       antietam [--data DIR] --replay FILE   a saved game's actions with their results\n", f);
	fputs("       antietam --simulate N [options] | --merge DIR...   many games without a terminal\n", f);
	fputs("                and their report (antietam --simulate 1 --help lists the options)\n", f);
}

/* `--resume list`: every game with autosaves in the state directory dir, newest first, and
 * what they take beside the player's bound. */
static int list_games(const char *dir)
{
	struct position_game *game;
	char err[POSITION_PATH_MAX + 64], last[POSITION_PATH_MAX] = "";
	int n = store_recent_games(dir, &game, err, sizeof err);
	if (n < 0) {
		fprintf(stderr, "antietam: %s\n", err);
		return 2;
	}
	if (!store_last(dir, last, sizeof last, err, sizeof err))
		last[0] = 0;
	if (n == 0)
		printf("No autosaved games in %s.\n", dir);
	else
		printf("Autosaved games in %s, newest first (* the one --resume continues):\n", dir);
	long long bytes = 0;
	for (int i = 0; i < n; i++) {
		char when[32] = "?";
		time_t t = (time_t)game[i].when;
		struct tm tm;
		if (localtime_r(&t, &tm))
			strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		char real[POSITION_PATH_MAX + 8];
		bool is_last = last[0] && realpath(game[i].path, real) && !strcmp(real, last);
		char turn[sizeof game[i].turn]; /* the file's own text: printable only */
		text_printable(turn, sizeof turn, game[i].turn);
		printf("%c %-28s %s  %-32s %d autosave%s\n", is_last ? '*' : ' ', game[i].id, when,
		       turn[0] ? turn : "?", game[i].nsaves, game[i].nsaves == 1 ? "" : "s");
		bytes += game[i].bytes;
	}
	if (n > 0) {
		char berr[128] = "";
		long long bound = paths_autosave_bound(berr, sizeof berr);
		printf("%d game%s, %.1f MB of autosaves; the bound is %lld MB (ANTIETAM_AUTOSAVE_MB): "
		       "past it the games saved least recently go.\n", n, n == 1 ? "" : "s",
		       (double)bytes / (1024.0 * 1024), bound / (1024 * 1024));
		puts("antietam --resume ID continues a game from its newest autosave.");
	}
	free(game);
	return 0;
}

/* The position file --resume [what] opens into path: `last`'s (what NULL) or game what's
 * newest autosave; a game open in another antietam is refused. False with the message
 * said. */
static bool resume_path(const char *dir, const char *what, char *path, size_t len)
{
	char err[POSITION_PATH_MAX + 64];
	bool found = false;
	if (!what) {
		found = store_last(dir, path, len, err, sizeof err);
		if (!found)
			fprintf(stderr, "antietam: %s\n", err);
	} else {
		struct position_game *game;
		int n = store_recent_games(dir, &game, err, sizeof err);
		if (n < 0)
			fprintf(stderr, "antietam: %s\n", err);
		for (int i = 0; i < n && !found; i++)
			if (!strcmp(game[i].id, what)) {
				snprintf(path, len, "%s", game[i].path);
				found = true;
			}
		if (n >= 0 && !found)
			fprintf(stderr, "antietam: no autosaved game '%s' in %s (antietam --resume list "
				"shows them)\n", what, dir);
		if (n > 0)
			free(game);
	}
	/* one game open twice: the stale copy's autosaves would become `last` (issue 33) */
	if (found && store_game_busy(dir, path, err, sizeof err)) {
		fprintf(stderr, "antietam: %s. Close that one first, or open a copy of it as a new "
			"game: antietam %s\n", err, path);
		found = false;
	}
	return found;
}

/* What the program does with the state directory when it starts: the temporaries of killed
 * saves go, and the player's bound on the autosaves holds (never the game keep). */
static void tidy_state(const char *state, const char *keep)
{
	char err[POSITION_PATH_MAX + 128], gone[512] = "";
	if (store_autosave_clean(state, err, sizeof err) < 0) {
		fprintf(stderr, "antietam: %s\n", err);
		return;
	}
	err[0] = 0;
	long long bound = paths_autosave_bound(err, sizeof err);
	if (err[0])
		fprintf(stderr, "antietam: %s\n", err);
	if (!store_hold_autosave_bound(state, bound, keep, gone, sizeof gone, err, sizeof err))
		fprintf(stderr, "antietam: %s\n", err);
	else if (gone[0])
		fprintf(stderr, "antietam: %s\n", gone);
}

int main(int argc, char **argv)
{
	const char *datadir = NULL;
	const char *batch_file = NULL, *replay_file = NULL, *image_file = NULL;
	bool batch = false, print_oob = false, print_map = false, resume = false, units = false;
	const char *resume_what = NULL, *image_scenario = NULL;
	int ghost_turn = 0;
	char last[POSITION_PATH_MAX];
	struct tui_options tui = { 0 };
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--simulate") || !strcmp(argv[i], "--merge"))
			return sim_main(argc, argv); /* its own options (docs/simulate.md) */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--data") && i + 1 < argc) {
			datadir = argv[++i];
		} else if (!strcmp(argv[i], "--batch")) {
			batch = true;
			if (i + 1 < argc && argv[i + 1][0] != '-')
				batch_file = argv[++i];
		} else if (!strcmp(argv[i], "--print-oob")) {
			print_oob = true;
		} else if (!strcmp(argv[i], "--print-map")) {
			print_map = true;
		} else if (!strcmp(argv[i], "--map-image") && i + 1 < argc) {
			image_file = argv[++i];
		} else if (!strcmp(argv[i], "--units")) {
			units = true;
		} else if (!strcmp(argv[i], "--scenario") && i + 1 < argc) {
			image_scenario = argv[++i]; /* data/scenarios/KEY.txt's units (start.h) */
		} else if (!strcmp(argv[i], "--ghost") && i + 1 < argc) {
			char *end; /* 1862 at the moment nearest turn N (issue 31) */
			long n = strtol(argv[++i], &end, 10);
			if (*end || n < 1 || n > 11) {
				fprintf(stderr, "antietam: --ghost takes a turn, 1 to 11\n");
				return 2;
			}
			ghost_turn = (int)n;
		} else if (!strcmp(argv[i], "-m") || !strcmp(argv[i], "--mono")) {
			tui.mono = true;
		} else if (!strcmp(argv[i], "-a") || !strcmp(argv[i], "--ascii")) {
			tui.ascii = true;
		} else if (!strcmp(argv[i], "--replay") && i + 1 < argc) {
			replay_file = argv[++i];
		} else if (!strcmp(argv[i], "--resume")) {
			resume = true;
			if (i + 1 < argc && argv[i + 1][0] != '-')
				resume_what = argv[++i];
		} else if (argv[i][0] != '-' && !tui.load) {
			tui.load = argv[i]; /* a saved game to open */
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "antietam: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if ((units || image_scenario || ghost_turn) && !image_file) {
		fprintf(stderr, "antietam: --units, --scenario and --ghost go with --map-image FILE\n");
		usage(stderr);
		return 2;
	}
	if (image_file)
		return map_image_main(datadir, image_file, units, image_scenario, ghost_turn);
	if (print_oob)
		return cli_print_oob_main(datadir);
	if (print_map) {
		/* Colour only for a terminal that can show it (NO_COLOR: no-color.org). */
		const char *term = getenv("TERM");
		bool colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term &&
			      strcmp(term, "dumb") != 0;
		return cli_print_map(datadir, stdout, colour);
	}
	if (batch)
		return cli_batch_main(datadir, batch_file);
	if (replay_file)
		return cli_replay_main(datadir, replay_file);
	char state[POSITION_PATH_MAX], err[POSITION_PATH_MAX + 64];
	bool has_state = paths_state_dir(state, sizeof state, err, sizeof err);
	if (resume) {
		if (tui.load) {
			fprintf(stderr, "antietam: give a FILE or --resume, not both\n");
			return 2;
		}
		if (!has_state) {
			fprintf(stderr, "antietam: %s\n", err);
			return 2;
		}
		if (resume_what && !strcmp(resume_what, "list")) {
			tidy_state(state, NULL); /* the bound holds for what is listed */
			return list_games(state);
		}
		if (!resume_path(state, resume_what, last, sizeof last))
			return 2;
		tui.load = last;
	}
	/* what a killed save left behind goes before a new game saves there */
	char keep[POSITION_ID_MAX];
	if (has_state)
		tidy_state(state, tui.load && store_autosave_id(tui.load, keep, sizeof keep) ? keep
											     : NULL);
	return tui_main(datadir, &tui);
}
