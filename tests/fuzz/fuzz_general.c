/* fuzz_general.c — libFuzzer target: the computer general's tunables (data/general.txt format,
 * docs/formats.md) through general_tunables_load, which reads a path: the input is put in a
 * memory file (memfd) read as /proc/self/fd/N. A refused input must leave the structure as it
 * was and say why as PATH:LINE: MESSAGE (or PATH: MESSAGE for a file it cannot read); an
 * accepted one must hold what the general divides and loops by: finite reals, a corps, turns
 * in order, at least one sample, destination, candidate, playout and reply of each level. */
#define _GNU_SOURCE
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "general_tunables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void real_ok(double v)
{
	if (!isfinite(v))
		abort();
}

static void check(const struct general_tunables *t)
{
	for (int s = 0; s < 2; s++) {
		const struct general_weights *w = &t->weights[s];
		const double v[] = { w->objective, w->threat, w->step, w->gun_step, w->eliminated,
				     w->exposed_gun, w->approach, w->aggression, w->attack_min,
				     w->keep_away };
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
			real_ok(v[i]);
	}
	const struct general_lee_weights *l = &t->lee;
	const double v[] = { l->partial, l->steps, l->gun_steps, l->adjacent, l->gain_risk,
			     l->weak_risk, l->battery_guns, l->bridge, l->regroup,
			     t->union_plan.spent, t->union_plan.fresh, t->counter_ratio,
			     t->counter_margin };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		real_ok(v[i]);
	if (l->reach < 0 || l->repairs < 0 || (int)t->union_plan.first < 0 ||
	    (int)t->union_plan.first >= CORPS_COUNT ||
	    t->union_plan.withdraw_until < t->union_plan.withdraw_from)
		abort();
	for (int n = 0; n < GENERAL_LEVELS; n++) {
		const struct general_level *g = &t->level[n];
		if (g->samples < 1 || g->dests < 1 || g->candidates < 1 || g->playouts < 1 ||
		    g->reply_samples < 1 || g->counter_samples < 1 || g->postures < 0 ||
		    g->counter_attacks < 0)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("fuzz-general", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	static struct general_tunables t, before;
	memset(&t, 0xa5, sizeof t);
	before = t;
	char err[512] = "";
	if (general_tunables_load(&t, path, err, sizeof err))
		check(&t);
	else if (memcmp(&t, &before, sizeof t) || strncmp(err, path, strlen(path)) ||
		 err[strlen(path)] != ':')
		abort();
	return 0;
}
