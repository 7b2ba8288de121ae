/* combat_record.c — the chart results a game resolved, for tools/fit_charts.py's surrogate
 * (issue 35, docs/provenance-charts.md "The fit"). For each position file (a game kept by
 * `antietam --simulate --keep`) it replays the record from game_new as `--replay` does and
 * writes, one a line, every roll of the Combat Results Table (20.1) and the Artillery Fire
 * Table (20.3) with what the chart's cell met: the column or fire value, the die and its
 * DRMs, the attackers and defenders (or the target) with their steps at that moment, and
 * the steps every other rule took (retreats, panic, withdrawals, the artillery retreat
 * table) and gave back (12.0 regroup). A tool, not part of the game: it reads, never
 * writes, and changes nothing.
 *
 *   make build/tools/combat_record && ./build/tools/combat_record DATA game-*.pos
 *
 * Lines (tab-separated):
 *   game FILE SEED SOLITAIRE
 *   unit IDX ID SIDE TYPE STEPS FORMATION CV   every counter (side 0 Union, type 0 infantry;
 *                                            CV: its value at 1, 2, ... steps)
 *   attack TURN COLUMN DIE DRM ATT DEF RETREAT ATTACKERS DEFENDERS
 *          ATTACKERS, DEFENDERS: IDX:STEPS,...  (the units in the fight, steps before it)
 *   fire TURN FIRER FV TARGET STEPS DIE DRM LOST DEFENSIVE
 *   hit UNIT WHY LEFT        a step lost to the result of the attack or fire above it
 *   loss UNIT WHY LEFT       a step lost to a rule other than the two charts' results
 *   regroup UNIT NOW
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "event.h"
#include "game.h"
#include "match.h"
#include "position.h"
#include "roster.h"
#include "scenario.h"
#include "unit.h"

static struct scenario scn;

/* A step the result of a chart took (the CRT's, the AFT's, defensive fire's). */
static int chart_loss(int why)
{
	return why == EVENT_WHY_COMBAT_LOSS || why == EVENT_WHY_FIRE_LOSS ||
	       why == EVENT_WHY_DEFENSIVE_FIRE_LOSS;
}

static void units_list(const int *u, int n, const int *steps, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && k + 16 < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%d:%d", i ? "," : "", u[i], steps[u[i]]);
	if (!n)
		snprintf(buf, len, "-");
}

static int one_game(const char *path)
{
	char err[1024];
	struct game *saved = malloc(sizeof *saved), *before = malloc(sizeof *before);
	struct position_record rec = { 0 };
	int rc = 1;
	struct match *m = NULL;
	if (!saved || !before || !store_load(saved, &rec, &scn, path, err, sizeof err)) {
		fprintf(stderr, "combat_record: %s\n", saved && before ? err : "out of memory");
		goto done;
	}
	const struct scenario *s = saved->scn;
	m = match_new(s, rec.setup, rec.seed, &rec.opt);
	if (!m)
		goto done;
	printf("game\t%s\t%llu\t%d\n", path, (unsigned long long)rec.seed, rec.opt.solitaire);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_def *d = &s->roster.unit[u];
		printf("unit\t%d\t%s\t%d\t%d\t%d\t%s\t", u, d->id, (int)d->side, (int)d->type,
		       d->steps, d->formation);
		for (int k = 1; k <= d->steps; k++)
			printf("%s%d", k > 1 ? "," : "", d->cv[k]);
		putchar('\n');
	}
	const struct event_log *log = &match_record(m)->events;
	static int nattackers[10000];
	static int hexatt[10000][8];
	memset(nattackers, 0, sizeof nattackers);
	for (int i = 0; i < rec.n; i++) {
		struct action a;
		if (!action_parse(s, rec.action[i], &a, err, sizeof err)) {
			fprintf(stderr, "combat_record: %s: action %d: %s\n", path, i + 1, err);
			goto done;
		}
		a.note = rec.note[i];
		*before = *match_game(m);
		int steps[ROSTER_UNITS];
		for (int u = 0; u < ROSTER_UNITS; u++)
			steps[u] = before->unit[u].steps;
		int first = event_log_end(log);
		if (!match_apply(m, &a, err, sizeof err)) {
			fprintf(stderr, "combat_record: %s: action %d refused: %s\n", path, i + 1, err);
			goto done;
		}
		for (int k = first; k < event_log_end(log); k++) {
			const struct game_event *e = event_log_at(log, k);
			if (!e)
				continue;
			switch (e->kind) {
			case EVENT_DECLARE:
				if (e->from >= 0 && e->from < 10000) {
					int n = e->n < 8 ? e->n : 8;
					nattackers[e->from] = n;
					for (int j = 0; j < n; j++)
						hexatt[e->from][j] = e->hex[j];
				}
				break;
			case EVENT_ATTACK: {
				int att[8], na = 0, dfn[8], nd = 0;
				int h = e->from;
				for (int j = 0; h >= 0 && h < 10000 && j < nattackers[h]; j++)
					if (steps[hexatt[h][j]] > 0)
						att[na++] = hexatt[h][j];
				if (!na && e->unit >= 0)
					att[na++] = e->unit;
				int side = (int)unit_side(att[0]);
				for (int u = 0; u < ROSTER_UNITS; u++)
					if (before->unit[u].hex == h && steps[u] > 0 && (int)unit_side(u) != side &&
					    nd < 8)
						dfn[nd++] = u;
				char as[256], ds[256];
				units_list(att, na, steps, as, sizeof as);
				units_list(dfn, nd, steps, ds, sizeof ds);
				printf("attack\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n", e->turn, e->column,
				       e->die, e->drm, e->att_loss, e->def_loss, e->retreat, as, ds);
				break;
			}
			case EVENT_FIRE: {
				int fv = s->roster.unit[e->unit].cv[steps[e->unit]];
				printf("fire\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", e->turn, e->unit, fv,
				       e->target, steps[e->target], e->die, e->drm, e->steps,
				       e->defensive);
				break;
			}
			case EVENT_STEP_LOST:
				printf("%s\t%d\t%d\t%d\n", chart_loss(e->why) ? "hit" : "loss", e->unit,
				       e->why, e->steps);
				steps[e->unit] = e->steps;
				break;
			case EVENT_ELIMINATED:
				if (steps[e->unit] > 0)
					printf("%s\t%d\t%d\t0\n", chart_loss(e->why) ? "hit" : "loss",
					       e->unit, e->why);
				steps[e->unit] = 0;
				break;
			case EVENT_REGROUP:
				printf("regroup\t%d\t%d\n", e->unit, e->steps);
				steps[e->unit] = e->steps;
				break;
			default:
				break;
			}
		}
	}
	rc = 0;
done:
	match_free(m);
	record_free(&rec);
	free(saved);
	free(before);
	return rc;
}

int main(int argc, char **argv)
{
	char err[1024];
	if (argc < 3) {
		fprintf(stderr, "usage: combat_record DATA FILE.pos...\n");
		return 2;
	}
	if (!scenario_load(&scn, argv[1], err, sizeof err)) {
		fprintf(stderr, "combat_record: %s\n", err);
		return 2;
	}
	int rc = 0;
	for (int i = 2; i < argc; i++)
		rc |= one_game(argv[i]);
	return rc;
}
