/* fuzz_tables.c — libFuzzer target: the charts loader (data/tables.txt format) through
 * tables_load_stream. An accepted file is also asked every lookup the engine makes. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void lookups(const struct tables *t)
{
	static const char *const corps[] = { "I", "II", "V", "VI", "IX/1", "IX/2", "IX/3", "IX/4",
					     "XII" };
	char buf[32];
	int lo, hi, drm;
	for (int col = 0; col < CRT_COLS; col++)
		for (int roll = -3; roll <= 14; roll++)
			(void)tables_crt_result(t, (enum crt_column)col, roll);
	for (int fv = -1; fv <= 11; fv++)
		for (int roll = -3; roll <= 9; roll++)
			(void)tables_fire_result(t, fv, roll);
	for (int range = 1; range <= 12; range++)
		(void)tables_range_drm(t, range, range & 1, &drm);
	for (int roll = 0; roll <= 7; roll++)
		(void)tables_art_retreat(t, roll);
	for (int turn = 0; turn <= 12; turn++) {
		(void)tables_ap_hill_span(t, turn, &lo, &hi);
		(void)tables_turn_time(t, turn, buf, sizeof buf);
		for (int roll = 1; roll <= 6; roll++)
			(void)tables_ap_hill_arrives(t, turn, roll);
	}
	for (size_t c = 0; c < sizeof corps / sizeof corps[0]; c++)
		for (int n = 0; n <= 4; n++) {
			(void)tables_corps_objective_rolls(t, corps[c], n);
			for (int roll = 0; roll <= 7; roll++)
				(void)tables_corps_objective(t, corps[c], n, roll);
		}
	for (int i = 0; i < t->nvp; i++) {
		const struct vp_objective *o = tables_vp_objective(t, t->vp[i].key);
		for (int held = 0; o && held <= 3; held++)
			(void)tables_vp_award2(o, held, 3);
	}
	for (int m = 0; m < VICTORY_MODES; m++)
		for (int vp2 = -80; vp2 <= 80; vp2 += 3)
			(void)tables_victory_level(t, (enum victory_mode)m, vp2);
	for (int i = 0; i <= 6; i++)
		(void)tables_commit_priority(t, i);
	(void)tables_max_range(t, false);
	(void)tables_max_range(t, true);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tables t;
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	char err[512];
	if (tables_load_stream(&t, f, "fuzz-tables.txt", err, sizeof err))
		lookups(&t);
	fclose(f);
	return 0;
}
