/* fixture_map.h — the shipped map (data/map.txt) for the suites that check the set-up against
 * it: loading it or skipping when it is not there, and which hexes lie on one bank of
 * Antietam Creek (8.7.6). Header-only and static: every suite is its own program. Include
 * after <cmocka.h>. */
#ifndef ANTIETAM_TEST_FIXTURE_MAP_H
#define ANTIETAM_TEST_FIXTURE_MAP_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hex.h"
#include "map.h"

/* data/map.txt in a new map (to free); skips the test when the file is not there and fails
 * it, with the loader's message, when the map does not load. */
static inline struct map *fx_map_shipped(void)
{
	if (access("data/map.txt", R_OK) != 0)
		skip();
	struct map *m = malloc(sizeof *m);
	assert_non_null(m);
	char err[512] = "";
	if (!map_load(m, "data/map.txt", err, sizeof err)) {
		free(m);
		fail_msg("%s", err);
	}
	return m;
}

/* bank[hex_index(h)] true exactly for the hexes of m on start's bank of the creek: a flood
 * from start that crosses no creek hexside (bridges and fords neither). */
static inline void fx_map_bank(const struct map *m, int start, bool *bank)
{
	static int queue[HEX_INDEX_COUNT];
	int head = 0, tail = 0;
	memset(bank, 0, sizeof *bank * HEX_INDEX_COUNT);
	queue[tail++] = start;
	bank[hex_index(start)] = true;
	while (head < tail) {
		int h = queue[head++];
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n == HEX_NONE || bank[hex_index(n)] || (map_side(m, h, n) & SIDE_CREEK))
				continue;
			bank[hex_index(n)] = true;
			queue[tail++] = n;
		}
	}
}

#endif
