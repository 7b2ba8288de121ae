/* fuzz_setup.c — libFuzzer target: the roster loader with a fuzzed historical set-up
 * (data/setup-historical.txt format) and the real units file (fuzz_roster.h). */
#include "fuzz_roster.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_roster(data, size, 0);
	return 0;
}
