/* fuzz_units.c — libFuzzer target: the roster loader with a fuzzed units file
 * (data/units.txt format) and the real historical set-up (fuzz_roster.h). */
#include "fuzz_roster.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_roster(data, size, 1);
	return 0;
}
