/* cmd_map.c — the map commands of --batch: `hex HEX` (PROTOCOL.md, fixed first two lines),
 * and the map the commands read (the scenario's, or the map file alone while the rest of the
 * data does not load, so the terrain can be inspected on its own). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_internal.h"
#include "hex.h"
#include "map.h"
#include "match.h"
#include "names.h"
#include "paths.h"

const struct map *cli_map(struct cli *c, char *err, size_t errlen)
{
	if (c->match) /* the ground of the game in play (a saved game goes on with its own) */
		return &match_game(c->match)->scn->map;
	if (c->scenario)
		return &c->scenario->map;
	if (c->map)
		return c->map;
	char scenario_err[1024];
	const struct scenario *s = cli_scenario(c, scenario_err, sizeof scenario_err);
	if (s)
		return &s->map;
	/* The rest of the data failed: the map alone is still worth showing. */
	char dir[1024], path[1100];
	if (!paths_data_dir(c->datadir[0] ? c->datadir : NULL, dir, sizeof dir, err, errlen))
		return NULL;
	snprintf(path, sizeof path, "%s/map.txt", dir);
	struct map *m = malloc(sizeof *m);
	if (!m) {
		cli_fail(err, errlen, "out of memory");
		return NULL;
	}
	if (!map_load(m, path, err, errlen)) {
		free(m);
		return NULL;
	}
	c->map = m;
	return m;
}

/* The features of one hexside joined by '+', in PROTOCOL.md's order, or "none". */
static void print_side(FILE *out, unsigned f)
{
	if (!f) {
		fputs("none", out);
		return;
	}
	bool first = true;
	for (int i = 0; i < SIDE_FEATURE_COUNT; i++)
		if (f & (1u << i)) {
			fprintf(out, "%s%s", first ? "" : "+", map_feature_name(1u << i));
			first = false;
		}
}

static const char *cmd_hex(struct cli *c, int argc, char **argv, FILE *out, char *err,
			   size_t errlen)
{
	int id;
	if (argc != 2)
		return cli_fail(err, errlen, "usage: hex HEX");
	if (!hex_parse(argv[1], &id))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[1]);
	const struct map *m = cli_map(c, err, errlen);
	if (!m)
		return err;
	const struct map_hex *h = map_hex(m, id);
	fprintf(out, "%04d %s %s\nsides", id, map_terrain_name((enum terrain)h->terrain),
		h->high ? "high" : "low");
	for (int d = 0; d < HEX_NDIRS; d++) {
		int n = hex_neighbour(id, (enum hex_dir)d);
		if (n == HEX_NONE)
			continue;
		fprintf(out, " %04d:", n);
		print_side(out, h->side[d]);
	}
	const char *name = map_hex_name(m, id);
	if (name)
		fprintf(out, "\nname %s", name);
	if (h->sunken_road)
		fputs("\nsunken-road", out);
	for (int i = 0; i < m->nobjectives; i++)
		if (map_in_objective(&m->objective[i], id))
			fprintf(out, "\nobjective %s %s", m->objective[i].key, m->objective[i].name);
	for (int i = 0; i < m->nzones; i++)
		if (map_in_zone(&m->zone[i], id))
			fprintf(out, "\nzone %s %s", names_side[m->zone[i].confederate ? SIDE_CONFEDERATE : SIDE_UNION],
				m->zone[i].formation);
	for (int i = 0; i < m->n_ap_hill_edge; i++)
		if (m->ap_hill_edge[i] == id)
			fputs("\nentry ap-hill", out);
	for (int i = 0; i < m->n_vi_corps_edge; i++)
		if (m->vi_corps_edge[i] == id)
			fputs("\nentry vi-corps", out);
	return NULL;
}

static const struct cli_command map_commands[] = {
	{ "hex", "hex HEX                   terrain, hexsides, name, objectives of a hex", cmd_hex },
};
const struct cli_table cli_map_commands = { map_commands,
					    sizeof map_commands / sizeof map_commands[0] };
