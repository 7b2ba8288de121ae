/* fuzz_map.c — libFuzzer target: the map loader (data/map.txt format) through
 * map_load_stream. An accepted map is also asked the queries every front-end makes. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hex.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct map m;
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	char err[512];
	if (map_load_stream(&m, f, "fuzz-map.txt", err, sizeof err)) {
		for (int i = 0; i < m.nobjectives; i++)
			(void)map_objective(&m, m.objective[i].key);
		for (int i = 0; i < m.nzones; i++)
			(void)map_zone_side(&m, m.zone[i].confederate, m.zone[i].formation);
		for (int c = HEX_COL_MIN; c <= HEX_COL_MAX; c++)
			for (int r = 0; r <= HEX_ROW_MAX; r++) {
				int id = c * 100 + r;
				(void)map_hex_name(&m, id);
				for (int d = 0; d < HEX_NDIRS; d++)
					(void)map_side(&m, id, hex_neighbour(id, (enum hex_dir)d));
			}
	}
	fclose(f);
	return 0;
}
