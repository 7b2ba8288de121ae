/* test_cmd_combat.c — the golden transcript of the fire, combat and victory commands of
 * --batch (src/cli/cmd_combat.c and the combat sub-decisions): tests/golden/combat.in is run
 * through the program ($ANTIETAM_PROGRAM) on the test data of tests/data/game (a flat map
 * with the objectives of data/map.txt on their hexes, frozen copies of the counters and
 * charts) and its answers must equal combat.out character
 * for character (PROTOCOL.md's fixed formats). To accept a deliberate change, regenerate the
 * .out file with the same command and read the diff. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

static void test_combat_transcript(void **state)
{
	(void)state;
	fx_program_transcript("combat");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_combat_transcript),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
