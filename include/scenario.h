/* scenario.h — everything loaded from data/ that a game is played on: the map, the counters
 * and set-ups, and the charts. Immutable once loaded; a struct game points at one. */
#ifndef ANTIETAM_SCENARIO_H
#define ANTIETAM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "map.h"
#include "roster.h"
#include "tables.h"

struct scenario {
	struct map map;
	struct roster roster;
	struct tables tables;
};

/* Find the data directory: `given` (--data) if not NULL, then "data" beside the program,
 * then the installed ANTIETAM_DATADIR. Writes the directory into out; on failure writes into
 * err a message naming every place it looked. */
bool scenario_find_datadir(const char *given, char *out, size_t outlen, char *err, size_t errlen);
/* Load every data file of dir into *s (heap-sized: allocate it); all or nothing. */
bool scenario_load(struct scenario *s, const char *dir, char *err, size_t errlen);

#endif
