/* test_cmd_game.c — golden transcripts of the game commands of --batch (src/cli/cmd_game.c):
 * each tests/golden/game-*.in is run through the program ($ANTIETAM_PROGRAM) on the test data
 * of tests/data/game (a flat map with a bit of creek, a road, the entry edges, the objectives
 * of data/map.txt on their hexes with Sharpsburg's town, and frozen copies of the counters,
 * set-up and charts) and its answers must equal game-*.out character
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

static void test_movement_transcript(void **state)
{
	(void)state;
	fx_program_transcript("game-move");
}

static void test_turn_transcript(void **state)
{
	(void)state;
	fx_program_transcript("game-turn");
}

/* The two-player rules as RECONSTRUCTION.md decides them (issue 16): 13.3E, 13.4C, 4.6, 9.3D,
 * 13.6, 11.15B. */
static void test_rules_transcript(void **state)
{
	(void)state;
	fx_program_transcript("game-rules");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_movement_transcript),
		cmocka_unit_test(test_turn_transcript),
		cmocka_unit_test(test_rules_transcript),
	};
	return cmocka_run_group_tests_name("cmd_game", tests, NULL, NULL);
}
