/* main.c — argument parsing: finds the data directory and picks the front-end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "map_image.h"
#include "position.h"
#include "sim.h"
#include "tui.h"

static void usage(FILE *f)
{
	fputs("usage: antietam [--data DIR] [--batch [FILE] | --print-oob | --print-map]\n", f);
	fputs("       antietam [--data DIR] --map-image FILE.png|.svg|.pdf [--units]\n", f);
	fputs("                the map as a picture; --units: with the historical set-up\n", f);
	fputs("       antietam [--data DIR] [-m|--mono] [-a|--ascii] [FILE | --resume]\n", f);
	fputs("                the game at the terminal; FILE: a saved game; --resume: the last one\n", f);
	fputs("       antietam [--data DIR] --replay FILE   a saved game's actions with their results\n", f);
	fputs("       antietam --simulate N [options] | --merge DIR...   many games without a terminal\n", f);
	fputs("                and their report (antietam --simulate 1 --help lists the options)\n", f);
}

int main(int argc, char **argv)
{
	const char *datadir = NULL;
	const char *batch_file = NULL, *replay_file = NULL, *image_file = NULL;
	bool batch = false, print_oob = false, print_map = false, resume = false, units = false;
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
		} else if (!strcmp(argv[i], "-m") || !strcmp(argv[i], "--mono")) {
			tui.mono = true;
		} else if (!strcmp(argv[i], "-a") || !strcmp(argv[i], "--ascii")) {
			tui.ascii = true;
		} else if (!strcmp(argv[i], "--replay") && i + 1 < argc) {
			replay_file = argv[++i];
		} else if (!strcmp(argv[i], "--resume")) {
			resume = true;
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
	if (units && !image_file) {
		fprintf(stderr, "antietam: --units goes with --map-image FILE\n");
		usage(stderr);
		return 2;
	}
	if (image_file)
		return map_image_main(datadir, image_file, units);
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
	if (resume) {
		char err[POSITION_PATH_MAX + 64];
		if (tui.load) {
			fprintf(stderr, "antietam: give a FILE or --resume, not both\n");
			return 2;
		}
		if (!position_last(last, sizeof last, err, sizeof err)) {
			fprintf(stderr, "antietam: %s\n", err);
			return 2;
		}
		tui.load = last;
	}
	return tui_main(datadir, &tui);
}
