/* test_map_image.c — `antietam --map-image`: the picture is written in the format its name
 * asks for (a PNG, SVG or PDF a reader accepts), it shows what data/map.txt says (the colour of
 * the ground and terrain at hex centres, the set-up with --units), it replaces a file only when
 * complete, and bad names or paths give a clear error and leave nothing behind. The program
 * does not link cairo (the terminal game's memory, docs/performance.md): it loads it for the
 * picture alone, and says what to install when it cannot. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <cairo.h>

#include "fixture.h"

#include "hex.h"
#include "map.h"
#include "../src/image/map_image.h"
#include "roster.h"
#include "scenario.h"

static char dir[64];

/* The real scenario (fixture.h) and a directory for the pictures. */
static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/antietam-image-XXXXXX");
	if (!mkdtemp(dir)) {
		perror(dir);
		return -1;
	}
	return fx_real_setup(state);
}

static int teardown(void **state)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cairo_debug_reset_static_data();
	int rm = system(cmd);
	return fx_teardown(state) == 0 && rm == 0 ? 0 : -1;
}

/* Number of entries in the test directory (no temporary file may be left behind). */
static int files_in_dir(void)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void test_format_by_extension(void **state)
{
	(void)state;
	assert_int_equal(map_image_format_of("map.png"), MAP_IMAGE_PNG);
	assert_int_equal(map_image_format_of("MAP.PNG"), MAP_IMAGE_PNG);
	assert_int_equal(map_image_format_of("a/b.svg"), MAP_IMAGE_SVG);
	assert_int_equal(map_image_format_of("x.Pdf"), MAP_IMAGE_PDF);
	assert_int_equal(map_image_format_of("map.png.txt"), MAP_IMAGE_UNKNOWN);
	assert_int_equal(map_image_format_of("map"), MAP_IMAGE_UNKNOWN);
	assert_int_equal(map_image_format_of(".png"), MAP_IMAGE_UNKNOWN);
}

/* The colour of the PNG at a point of hex id away from its id, name and counters. */
static void pixel(cairo_surface_t *img, int id, double dy, int *r, int *g, int *b)
{
	double x, y;
	map_image_hex_point(id, &x, &y);
	y += dy * MAP_IMAGE_PNG_SCALE;
	x -= 0.05 * MAP_IMAGE_PNG_SCALE;
	const unsigned char *data = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	uint32_t p = *(const uint32_t *)(data + (int)y * stride + 4 * (int)x);
	*r = (int)(p >> 16 & 255), *g = (int)(p >> 8 & 255), *b = (int)(p & 255);
}

static cairo_surface_t *write_png(const char *name, bool units)
{
	char path[128], err[512] = "";
	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_true(map_image_write(S, path, units, err, sizeof err));
	size_t len;
	char *buf = fx_read_file(path, &len);
	assert_true(len > 8);
	assert_memory_equal(buf, "\x89PNG\r\n\x1a\n", 8);
	free(buf);
	cairo_surface_t *img = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(img);
	return img;
}

/* The ground reads as map.txt says: low clear, high clear, woods, town, cornfield. */
static void test_png_shows_the_map(void **state)
{
	(void)state;
	cairo_surface_t *img = write_png("map.png", false);
	/* the whole map and its frame fit: the far corner hex lies inside the picture */
	double x, y;
	map_image_hex_point(4244, &x, &y);
	assert_true(x < cairo_image_surface_get_width(img));
	assert_true(y < cairo_image_surface_get_height(img));
	int r, g, b;
	assert_false(S->map.hex[hex_index(3518)].high); /* 10.6.7: low, clear */
	assert_int_equal(S->map.hex[hex_index(3518)].terrain, TERRAIN_CLEAR);
	pixel(img, 3518, -0.22, &r, &g, &b);
	assert_true(r > 230 && g > 225 && b > 200); /* pale low ground */
	assert_true(S->map.hex[hex_index(1108)].high); /* 10.5B */
	pixel(img, 1108, -0.22, &r, &g, &b);
	assert_true(r > 190 && r < 230 && b < 140); /* tan high ground */
	assert_int_equal(S->map.hex[hex_index(3210)].terrain, TERRAIN_WOODS); /* 10.6.7A */
	pixel(img, 3210, -0.22, &r, &g, &b);
	assert_true(g > r && g > b); /* green */
	assert_int_equal(S->map.hex[hex_index(1629)].terrain, TERRAIN_TOWN);
	pixel(img, 1629, -0.22, &r, &g, &b);
	assert_true(abs(r - g) < 12 && abs(g - b) < 30 && r < 190); /* grey */
	assert_int_equal(S->map.hex[hex_index(1812)].terrain, TERRAIN_CORNFIELD);
	pixel(img, 1812, -0.22, &r, &g, &b);
	assert_true(r > 200 && b < 150); /* yellow */
	cairo_surface_destroy(img);
	assert_int_equal(files_in_dir(), 1);
}

/* --units: U1 (Phelps) stands on 1803 (4.3) as a blue counter; without it the hex is bare. */
static void test_png_units(void **state)
{
	(void)state;
	int u1 = roster_find(&S->roster, "U1"), r, g, b;
	assert_int_equal(S->roster.historical_hex[u1], 1803);
	cairo_surface_t *with = write_png("units.png", true);
	pixel(with, 1803, 0.33, &r, &g, &b);
	assert_true(b > 120 && r < 80); /* Union blue */
	cairo_surface_destroy(with);
	cairo_surface_t *without = write_png("bare.png", false);
	pixel(without, 1803, 0.33, &r, &g, &b);
	assert_false(b > 120 && r < 80);
	cairo_surface_destroy(without);
}

/* Issue 31, 1862's ghost: a hollow counter of the unit's side in the upper half of the hex it
 * stood in (here U10 on 3518, pale low ground with no counter of the set-up), its blue edge
 * where the bare map is pale. */
static void test_png_ghost(void **state)
{
	(void)state;
	static struct map_ghost gh;
	for (int u = 0; u < ROSTER_UNITS; u++)
		gh.hex[u] = gh.from[u] = HEX_NONE;
	int u10 = roster_find(&S->roster, "U10");
	gh.hex[u10] = 3518;
	gh.from[u10] = 3522;
	snprintf(gh.label, sizeof gh.label, "a test");
	char path[128], err[512] = "";
	snprintf(path, sizeof path, "%s/ghost.png", dir);
	assert_true(map_image_write_ghost(S, path, true, &gh, err, sizeof err));
	cairo_surface_t *img = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(img);
	int r, g, b;
	pixel(img, 3518, -0.40, &r, &g, &b);
	assert_true(b > 100 && r < 110); /* the Union's blue edge */
	cairo_surface_destroy(img);
	cairo_surface_t *bare = write_png("noghost.png", true);
	pixel(bare, 3518, -0.40, &r, &g, &b);
	assert_true(r > 200);
	cairo_surface_destroy(bare);
}

static void test_svg_and_pdf(void **state)
{
	(void)state;
	char path[128], err[512] = "";
	size_t len;
	snprintf(path, sizeof path, "%s/map.svg", dir);
	assert_true(map_image_write(S, path, true, err, sizeof err));
	char *svg = fx_read_file(path, &len);
	assert_true(len > 1000);
	assert_memory_equal(svg, "<?xml", 5);
	assert_non_null(strstr(svg, "<svg"));
	assert_non_null(strstr(svg, "</svg>"));
	free(svg);
	snprintf(path, sizeof path, "%s/map.PDF", dir);
	assert_true(map_image_write(S, path, false, err, sizeof err));
	char *pdf = fx_read_file(path, &len);
	assert_memory_equal(pdf, "%PDF-", 5);
	assert_non_null(strstr(pdf + len - 16, "%%EOF"));
	free(pdf);
}

/* Issue 28: the picture as a map. No text overlaps another (hex ids, landmark names, the
 * names of roads and the creek, the headquarters and the entry edges), with and without the
 * set-up, in PNG and PDF; the lettering of data/map.txt is there (every road named in it is a
 * road of the map, the creek's labels lie within a hex of the creek, both headquarters). */
static void test_map_lettering(void **state)
{
	(void)state;
	char err[512] = "";
	static const enum map_image_format fmt[] = { MAP_IMAGE_PNG, MAP_IMAGE_PDF };
	for (int f = 0; f < 2; f++)
		for (int units = 0; units <= 1; units++) {
			int n = map_image_overlaps(S, units, fmt[f], err, sizeof err);
			if (n != 0)
				fail_msg("%d texts overlap (format %d, units %d) %s", n, (int)fmt[f], units, err);
		}
	const struct map *m = &S->map;
	int roads = 0, creek = 0, hq[2] = { 0, 0 };
	for (int i = 0; i < m->nlabels; i++) {
		const struct map_label *l = &m->label[i];
		unsigned near = 0;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(l->hex, (enum hex_dir)d);
			if (n != HEX_NONE)
				near |= map_side(m, l->hex, n);
			for (int e = 0; n != HEX_NONE && e < HEX_NDIRS; e++) {
				int nn = hex_neighbour(n, (enum hex_dir)e);
				if (nn != HEX_NONE)
					near |= map_side(m, n, nn);
			}
		}
		if (l->kind == MAP_LABEL_ROAD) {
			roads++;
			assert_true(near & (SIDE_PRIMARY | SIDE_SECONDARY));
		} else if (l->kind == MAP_LABEL_CREEK) {
			creek++;
			assert_true(near & SIDE_CREEK);
		} else {
			hq[l->kind == MAP_LABEL_HQ_UNION]++;
		}
	}
	assert_true(roads >= 6 && creek >= 1);
	assert_int_equal(hq[0], 1);
	assert_int_equal(hq[1], 1);
}

/* Bad names and paths: a clear message naming the file; nothing written, nothing lost. */
static void test_bad_paths(void **state)
{
	(void)state;
	char path[128], err[512] = "";
	snprintf(path, sizeof path, "%s/keep.txt", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("precious\n", f);
	fclose(f);
	int before = files_in_dir();
	assert_false(map_image_write(S, path, false, err, sizeof err));
	assert_non_null(strstr(err, "keep.txt: unknown picture format"));
	size_t len;
	char *kept = fx_read_file(path, &len);
	assert_string_equal(kept, "precious\n");
	free(kept);
	snprintf(path, sizeof path, "%s/no/such/dir/map.png", dir);
	assert_false(map_image_write(S, path, false, err, sizeof err));
	assert_non_null(strstr(err, "no/such/dir/map.png: cannot create a temporary file in"));
	assert_non_null(strstr(err, "No such file or directory"));
	/* a directory in the way: refused, nothing written */
	snprintf(path, sizeof path, "%s/adir.png", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_false(map_image_write(S, path, false, err, sizeof err));
	assert_non_null(strstr(err, "adir.png: cannot save: it is a directory"));
	assert_int_equal(rmdir(path), 0);
	assert_int_equal(files_in_dir(), before);
	/* issue 33: the program's one writer. A FIFO is refused at once (the old writer replaced
	 * it), a link is followed and stays a link, the mode stays, and what a killed run left
	 * beside the picture goes */
	snprintf(path, sizeof path, "%s/pipe.png", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_false(map_image_write(S, path, false, err, sizeof err));
	assert_non_null(strstr(err, "pipe.png: cannot save: it is a FIFO"));
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(unlink(path), 0);
	char target[160], dead[160];
	snprintf(target, sizeof target, "%s/real.svg", dir);
	snprintf(path, sizeof path, "%s/link.svg", dir);
	f = fopen(target, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(chmod(target, 0640), 0);
	assert_int_equal(symlink("real.svg", path), 0);
	snprintf(dead, sizeof dead, "%s/.real.svg.tmp-Ab12Cd", dir);
	f = fopen(dead, "w");
	assert_non_null(f);
	fputs("<svg half", f);
	fclose(f);
	assert_true(map_image_write(S, path, false, err, sizeof err));
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	assert_true(st.st_size > 1000);
	assert_int_not_equal(access(dead, F_OK), 0);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(unlink(target), 0);
	assert_int_equal(files_in_dir(), before);
	/* issue 33: the temporaries of the writer before store_write (FILE.XXXXXX, by mkstemp),
	 * left by killed runs, go too; a backup of the picture, a file of another kind and a
	 * name that is not a temporary's stay */
	static const struct {
		const char *name, *text;
		bool gone;
	} old[] = {
		{ "old.png.Ab12Cd", "\x89PNG\r\n\x1a\nhalf a picture", true },
		{ "old.png.x7Q2pZ", "", true },
		{ "old.png.backup", "\x89PNG\r\n\x1a\na backup", false },
		{ "old.png.Zz9Yy8", "not a picture of mine", false },
		{ "old.png.Ab12C", "\x89PNG\r\n\x1a\n", false },
		{ "old.pngxAb12Cd", "\x89PNG\r\n\x1a\n", false },
	};
	char name[200];
	for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
		snprintf(name, sizeof name, "%s/%s", dir, old[i].name);
		f = fopen(name, "w");
		assert_non_null(f);
		fputs(old[i].text, f);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/old.png", dir);
	assert_true(map_image_write(S, path, false, err, sizeof err));
	for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
		snprintf(name, sizeof name, "%s/%s", dir, old[i].name);
		if ((access(name, F_OK) != 0) != old[i].gone)
			fail_msg("%s: %s", old[i].name, old[i].gone ? "left" : "removed");
		if (!old[i].gone)
			assert_int_equal(unlink(name), 0);
	}
	assert_int_equal(unlink(path), 0);
	assert_int_equal(files_in_dir(), before);
}

/* The program: --map-image writes the file; --units alone and a bad path are refused. */
static void test_program(void **state)
{
	(void)state;
	char cmd[512];
	int rc;
	snprintf(cmd, sizeof cmd, "%s --map-image %s/prog.svg --units 2>&1", fx_program_path(), dir);
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "");
	free(out);
	snprintf(cmd, sizeof cmd, "%s --units 2>&1", fx_program_path());
	out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 2);
	assert_non_null(strstr(out, "--units, --scenario and --ghost go with --map-image FILE"));
	free(out);
	snprintf(cmd, sizeof cmd, "%s --map-image %s/map.gif 2>&1", fx_program_path(), dir);
	out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 2);
	assert_non_null(strstr(out, "map.gif: unknown picture format (the name must end in .png, .svg or .pdf)"));
	free(out);
	snprintf(cmd, sizeof cmd, "%s --map-image /nonexistent-dir/m.pdf 2>&1", fx_program_path());
	out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 2);
	assert_string_equal(out, "antietam: /nonexistent-dir/m.pdf: cannot create a temporary file in "
				 "/nonexistent-dir: No such file or directory\n");
	free(out);
}

/* The program writes the same PNG as map_image_write here, though it does not link cairo. */
static void test_program_png(void **state)
{
	(void)state;
	cairo_surface_t *img = write_png("here.png", true);
	cairo_surface_destroy(img);
	char cmd[512], path[128];
	int rc;
	snprintf(path, sizeof path, "%s/prog.png", dir);
	snprintf(cmd, sizeof cmd, "%s --map-image %s --units 2>&1", fx_program_path(), path);
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(out, "");
	free(out);
	size_t here_len, prog_len;
	snprintf(cmd, sizeof cmd, "%s/here.png", dir);
	char *here = fx_read_file(cmd, &here_len), *prog = fx_read_file(path, &prog_len);
	assert_memory_equal(prog, "\x89PNG\r\n\x1a\n", 8);
	assert_int_equal(prog_len, here_len);
	assert_memory_equal(prog, here, here_len);
	free(here);
	free(prog);
	img = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	double x, y;
	map_image_hex_point(4244, &x, &y);
	assert_true(x < cairo_image_surface_get_width(img));
	cairo_surface_destroy(img);
}

/* The program's shared libraries (readelf's NEEDED): ncurses, libm and libc, not cairo nor
 * anything under it, which would be resident in every terminal game. */
static void test_program_does_not_link_cairo(void **state)
{
	(void)state;
	char cmd[512];
	int rc;
	snprintf(cmd, sizeof cmd, "readelf -d %s 2>&1", fx_program_path());
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "(NEEDED)"));
	assert_non_null(strstr(out, "[libncursesw.so"));
	static const char *const not_these[] = { "libcairo", "libpixman", "libX11", "libxcb",
		"libfreetype", "libfontconfig", "libpng" };
	for (size_t i = 0; i < sizeof not_these / sizeof not_these[0]; i++)
		if (strstr(out, not_these[i])) {
			print_error("the program links %s:\n%s", not_these[i], out);
			fail();
		}
	free(out);
}

/* Loading cairo: a library that is not there or is not cairo is refused with the reason and
 * what to install; the functions loaded before stay in use. */
static void test_cairo_missing(void **state)
{
	(void)state;
	char err[512] = "";
	assert_true(map_image_load_cairo(NULL, err, sizeof err));
	assert_false(map_image_load_cairo("libantietam-no-such-cairo.so.2", err, sizeof err));
	assert_non_null(strstr(err, "pictures need the cairo library, which cannot be loaded (libantietam-no-such-cairo.so.2: "));
	assert_non_null(strstr(err, "sudo apt-get install libcairo2"));
	assert_false(map_image_load_cairo("libm.so.6", err, sizeof err));
	assert_string_equal(err, "libm.so.6 has no cairo_arc: not a cairo library with PNG, SVG and PDF surfaces (1.10 or later)");
	char path[128];
	snprintf(path, sizeof path, "%s/after.svg", dir);
	assert_true(map_image_write(S, path, false, err, sizeof err));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_by_extension),
		cmocka_unit_test(test_png_shows_the_map),
		cmocka_unit_test(test_png_units),
		cmocka_unit_test(test_png_ghost),
		cmocka_unit_test(test_svg_and_pdf),
		cmocka_unit_test(test_map_lettering),
		cmocka_unit_test(test_bad_paths),
		cmocka_unit_test(test_program),
		cmocka_unit_test(test_program_png),
		cmocka_unit_test(test_program_does_not_link_cairo),
		cmocka_unit_test(test_cairo_missing),
	};
	return cmocka_run_group_tests_name("map_image", tests, setup, teardown);
}
