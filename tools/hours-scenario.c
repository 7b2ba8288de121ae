/* hours-scenario.c — writes the units and the control of a scenario file (data/scenarios/
 * KEY.txt, start.h) from 1862 by the hour (data/history-hours.txt on data/nbh-grid.txt,
 * sim_hours.h). The file's head, down to the line GENERATED below, is the author's: its
 * records (key, turns, corps, solitaire objectives …) and any unit or control line given by
 * hand with its source. The tool keeps the head and rewrites everything after the line:
 *
 *   unit lines for every unit the head does not give, at MOMENT (0900, 1300 …):
 *     present at that hour: its regiments' hex and surviving steps (sim_hours: 0 = dead);
 *     a reinforcement (VI Corps, A.P. Hill) not present: off the map;
 *     unlisted (the transcription lost it) or not yet arrived: where the latest earlier
 *       moment of the chain (CHAIN, e.g. 0900 for 1300) or, before any, our 4.3 set-up put it;
 *   moved to the nearest hex where 7.0 lets it stand and no enemy is, when its own is not
 *   (the line says how far);
 *   control of every objective hex the head does not give: 3.3A applied to our 4.3 set-up,
 *   then to the positions of each moment of the chain (as the tool would place them), then to
 *   these: who held what as the morning went.
 *
 *   ./build/tools/hours-scenario data MOMENT[,EARLIER...] data/scenarios/KEY.txt
 *
 * The loader (src/data/start_load.c) checks the result like any scenario; tests/test_start.c checks it
 * against history-hours.txt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "scenario.h"
#include "../src/sim/sim_hours.h"
#include "stack.h"
#include "start.h"
#include "victory.h"

#define GENERATED \
	"# ---- below: written by tools/hours-scenario (edit the lines above, not these) ----"

static struct scenario scn;
static struct sim_hours hours;
static struct game g;

struct placed {
	bool given;
	int hex, steps; /* hex HEX_NONE: off; steps 0: dead */
	bool out;
	char why[200];
};

/* The nearest hex to want where unit u may stand (7.0, no enemy), or HEX_NONE. */
static int legal_near(int u, int want)
{
	int best = HEX_NONE, bd = 99;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		if (!hex_valid(h))
			continue;
		int d = hex_distance(h, want);
		if (d >= bd)
			continue;
		bool enemy = false;
		for (int v = 0; v < ROSTER_UNITS; v++)
			enemy |= g.unit[v].hex == h && unit_side(v) != unit_side(u);
		if (!enemy && stack_allows(&g, h, u)) {
			best = h;
			bd = d;
		}
	}
	return best;
}

static bool reinforcement(int u)
{
	const struct unit_def *d = &scn.roster.unit[u];
	return d->side == SIDE_UNION ? d->corps == CORPS_VI : !strcmp(d->formation, "AH");
}

/* Where unit u stands at moment chain[0], falling back on the earlier ones (chain[1] …). */
static void place_at(int u, const struct hours_moment **chain, int nchain, struct placed *p)
{
	const struct hours_moment *m = chain[0];
	const struct hours_unit *h = &m->unit[u];
	p->steps = scn.roster.unit[u].steps;
	if (h->state == HOURS_PRESENT) {
		p->hex = h->hex;
		p->steps = h->steps;
		snprintf(p->why, sizeof p->why, "NbH %s: %d of %d regiments listed, %d %s lost",
			 m->time, h->listed, h->regiments, h->lost,
			 scn.roster.unit[u].type == UNIT_ARTILLERY ? "guns" : "men");
		return;
	}
	if (reinforcement(u)) {
		p->hex = HEX_NONE;
		snprintf(p->why, sizeof p->why, "NbH %s: %s; not yet on the field", m->time,
			 h->state == HOURS_ABSENT ? "not yet arrived" : "not listed");
		return;
	}
	for (int k = 1; k < nchain; k++) {
		const struct hours_unit *e = &chain[k]->unit[u];
		if (e->state == HOURS_PRESENT) {
			p->hex = e->hex;
			p->steps = e->steps;
			snprintf(p->why, sizeof p->why, "NbH %s: %s; as at %s (%d of %d regiments, %d "
				 "lost)", m->time, h->state == HOURS_ABSENT ? "not arrived" : "unlisted",
				 chain[k]->time, e->listed, e->regiments, e->lost);
			return;
		}
	}
	p->hex = scn.roster.historical_hex[u];
	snprintf(p->why, sizeof p->why, "NbH %s: %s; where our 4.3 set-up puts it, full strength",
		 m->time, h->state == HOURS_ABSENT ? "not arrived by the seed's order of arrival" :
		 "unlisted (the transcription lost it)");
}

/* Place every unit of ps on g in order, each moved to a legal hex if it must be. */
static void put(struct placed *ps, bool note)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		g.unit[u].hex = HEX_NONE;
		g.unit[u].steps = (int8_t)scn.roster.unit[u].steps;
		g.unit[u].flags = 0;
	}
	for (int pass = 0; pass < 2; pass++) /* the head's units first: they are not moved */
		for (int u = 0; u < ROSTER_UNITS; u++) {
			struct placed *p = &ps[u];
			if (p->given != (pass == 0))
				continue;
			if (p->out) {
				g.unit[u].flags = UF_REMOVED;
				continue;
			}
			g.unit[u].steps = (int8_t)p->steps;
			if (p->hex == HEX_NONE || p->steps == 0)
				continue;
			int h = p->given ? p->hex : legal_near(u, p->hex);
			if (h != p->hex && note) {
				size_t n = strlen(p->why);
				snprintf(p->why + n, sizeof p->why - n, "; %d hex%s from %04d (7.0)",
					 hex_distance(h, p->hex), hex_distance(h, p->hex) > 1 ? "es" : "",
					 p->hex);
			}
			p->hex = h;
			g.unit[u].hex = (int16_t)h;
		}
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s DATA MOMENT[,EARLIER...] SCENARIO-FILE\n", argv[0]);
		return 2;
	}
	const char *dir = argv[1];
	char err[1024], a[1024], b[1024];
	snprintf(a, sizeof a, "%s/map.txt", dir);
	bool ok = map_load(&scn.map, a, err, sizeof err);
	snprintf(a, sizeof a, "%s/units.txt", dir);
	snprintf(b, sizeof b, "%s/setup-historical.txt", dir);
	ok = ok && roster_load(&scn.roster, a, b, err, sizeof err);
	snprintf(a, sizeof a, "%s/tables.txt", dir);
	ok = ok && tables_load(&scn.tables, a, err, sizeof err);
	snprintf(a, sizeof a, "%s/nbh-grid.txt", dir);
	snprintf(b, sizeof b, "%s/history-hours.txt", dir);
	ok = ok && sim_hours_load(&hours, &scn, a, b, err, sizeof err);
	if (!ok) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	scenario_step_costs(&scn);
	const struct hours_moment *chain[HOURS_MOMENTS];
	int nchain = 0;
	char keys[256];
	snprintf(keys, sizeof keys, "%s", argv[2]);
	for (char *k = strtok(keys, ","); k && nchain < HOURS_MOMENTS; k = strtok(NULL, ",")) {
		chain[nchain] = sim_hours_moment(&hours, k);
		if (!chain[nchain]) {
			fprintf(stderr, "%s: no moment %s in history-hours.txt\n", argv[0], k);
			return 2;
		}
		nchain++;
	}
	/* the head */
	FILE *f = fopen(argv[3], "r");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	static char head[1 << 16];
	size_t nhead = 0;
	static struct placed ps[ROSTER_UNITS];
	bool given_control[HEX_INDEX_COUNT] = { false };
	char line[4096];
	bool rest_out = false;
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, GENERATED, strlen(GENERATED)))
			break;
		size_t len = strlen(line);
		if (nhead + len >= sizeof head) {
			fprintf(stderr, "%s: head too long\n", argv[3]);
			return 2;
		}
		memcpy(head + nhead, line, len);
		nhead += len;
		char id[16], w[16];
		int steps;
		if (sscanf(line, "unit %15s %15s %d", id, w, &steps) >= 2) {
			int u = roster_find(&scn.roster, id), h;
			if (u < 0)
				continue;
			struct placed *p = &ps[u];
			p->given = true;
			p->steps = scn.roster.unit[u].steps;
			p->hex = HEX_NONE;
			if (!strcmp(w, "out"))
				p->out = true;
			else if (!strcmp(w, "dead"))
				p->steps = 0;
			else if (strcmp(w, "off") && hex_parse(w, &h)) {
				p->hex = h;
				p->steps = steps;
			}
		} else if (sscanf(line, "control %15s", w) == 1) {
			int h;
			if (hex_parse(w, &h))
				given_control[hex_index(h)] = true;
		} else if (!strncmp(line, "rest out", 8)) {
			rest_out = true;
		}
	}
	fclose(f);
	/* control through the chain, earliest first: 4.3, then each moment, then this one */
	game_new(&g, &scn, SETUP_HISTORICAL, 1, NULL);
	bool dawn = chain[0]->turn == 1; /* at dawn nobody controls anything yet (3.3) */
	if (!dawn)
		victory_control_update(&g);
	uint8_t control[HEX_INDEX_COUNT];
	for (int k = nchain - 1; k >= 0; k--) {
		static struct placed tmp[ROSTER_UNITS];
		for (int u = 0; u < ROSTER_UNITS; u++) {
			tmp[u] = ps[u];
			if (!tmp[u].given) {
				if (rest_out)
					tmp[u].out = true;
				else
					place_at(u, chain + k, nchain - k, &tmp[u]);
			}
		}
		memcpy(control, g.control, sizeof control);
		put(tmp, k == 0);
		memcpy(g.control, control, sizeof control);
		if (!dawn)
			victory_control_update(&g);
		if (k == 0)
			memcpy(ps, tmp, sizeof ps);
	}
	f = fopen(argv[3], "w");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	fwrite(head, 1, nhead, f);
	fprintf(f, "%s\n", GENERATED);
	fprintf(f, "# units at %s (moments %s), then control of the objective hexes (3.3A)\n",
		chain[0]->time, argv[2]);
	for (int u = 0; u < ROSTER_UNITS && !rest_out; u++) {
		const struct placed *p = &ps[u];
		if (p->given)
			continue;
		const char *id = scn.roster.unit[u].id;
		if (p->steps == 0)
			fprintf(f, "unit %s dead  # %s\n", id, p->why);
		else if (p->hex == HEX_NONE)
			fprintf(f, "unit %s off  # %s\n", id, p->why);
		else
			fprintf(f, "unit %s %04d %d  # %s\n", id, p->hex, p->steps, p->why);
	}
	for (int i = 0; i < scn.map.nobjectives; i++) {
		const struct map_objective *o = &scn.map.objective[i];
		for (int k = 0; k < o->nhexes; k++) {
			int h = o->hexes[k];
			if (given_control[hex_index(h)])
				continue;
			given_control[hex_index(h)] = true; /* a hex in two objectives: once */
			fprintf(f, "control %04d %s  # %s\n", h, names_side[g.control[hex_index(h)]],
				o->key);
		}
	}
	return fclose(f) == 0 ? 0 : 2;
}
