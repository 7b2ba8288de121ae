/* fuzz_sim.c — libFuzzer target: the simulator's readers. The first byte chooses the file:
 * data/history.txt's reader (sim_history_load), a summary (sim_summary_load), or a run's
 * games.csv and turns.csv (sim_csv_read: the rest of the input split at the first NUL byte);
 * with its high bit set, 1862 by the hour: a history-hours.txt on data/nbh-grid.txt, or an
 * nbh-grid.txt (sim_hours_load, sim_hours_grid_load).
 * Any input must be refused with a message or accepted; accepted CSV records must write
 * back to the very text read (data from ./data: run from the top directory). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scenario.h"
#include "../../src/sim/sim.h"
#include "../../src/sim/sim_hours.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct scenario *scn;
static struct sim_layout layout;
static char dir[] = "/tmp/antietam-fuzz-sim-XXXXXX";

static void put(const char *name, const uint8_t *data, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
}

/* The temporary directory goes when the fuzzer ends. */
static void cleanup(void)
{
	const char *names[] = { "history.txt", "simulated.txt", "games.csv", "turns.csv",
				"history-hours.txt", "nbh-grid.txt" };
	char path[128];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		remove(path);
	}
	rmdir(dir);
}

/* The games read, written back: the text read (the reader takes nothing it cannot write). */
static void check_csv(const uint8_t *games, size_t ng, const struct sim_game *g, int n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		abort();
	sim_csv_games_header(&layout, f);
	for (int i = 0; i < n; i++)
		sim_csv_game(&layout, &g[i], f);
	fclose(f);
	if (len != ng || memcmp(buf, games, len))
		abort();
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1400];
	if (!scn) {
		scn = malloc(sizeof *scn);
		if (!scn || !scenario_load(scn, "data", err, sizeof err) || !mkdtemp(dir))
			abort();
		atexit(cleanup);
		sim_layout(scn, &layout);
	}
	if (size < 1)
		return 0;
	char path[128];
	if (data[0] & 0x80) {
		static struct sim_hours hours;
		bool grid = data[0] & 1;
		put(grid ? "nbh-grid.txt" : "history-hours.txt", data + 1, size - 1);
		snprintf(path, sizeof path, "%s/%s", dir, grid ? "nbh-grid.txt" : "history-hours.txt");
		if (grid)
			(void)sim_hours_grid_load(&hours.grid, path, err, sizeof err);
		else
			(void)sim_hours_load(&hours, scn, "data/nbh-grid.txt", path, err, sizeof err);
		return 0;
	}
	switch (data[0] % 3) {
	case 0: {
		struct sim_history h;
		put("history.txt", data + 1, size - 1);
		snprintf(path, sizeof path, "%s/history.txt", dir);
		(void)sim_history_load(&h, scn, path, err, sizeof err);
		break;
	}
	case 1: {
		struct sim_summary runs[SIM_SUMMARY_RUNS];
		int n;
		put("simulated.txt", data + 1, size - 1);
		snprintf(path, sizeof path, "%s/simulated.txt", dir);
		(void)sim_summary_load(path, runs, SIM_SUMMARY_RUNS, &n, err, sizeof err);
		break;
	}
	default: {
		const uint8_t *nul = memchr(data + 1, 0, size - 1);
		size_t ng = nul ? (size_t)(nul - data - 1) : size - 1;
		put("games.csv", data + 1, ng);
		put("turns.csv", nul ? nul + 1 : data + size, nul ? size - 2 - ng : 0);
		struct sim_game *g = NULL;
		int n = 0;
		if (sim_csv_read(&layout, dir, &g, &n, err, sizeof err))
			check_csv(data + 1, ng, g, n);
		free(g);
	}
	}
	return 0;
}
