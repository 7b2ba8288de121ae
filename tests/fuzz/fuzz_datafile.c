/* fuzz_datafile.c — libFuzzer target: the record reader every loader stands on. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "datafile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	struct datafile df;
	if (datafile_open_stream(&df, f, "fuzz", "map", 3)) {
		int r, v;
		while ((r = datafile_next(&df)) == 1) {
			datafile_int(&df, 0, -100, 100, &v);
			datafile_hex(&df, df.nfields - 1, &v);
			datafile_keyval(&df, 0, "k");
			datafile_nfields(&df, 2, true);
		}
	}
	fclose(f);
	return 0;
}
