/* perimeter.c — issue 19's question for Lee against the solitaire bot (docs/general.md, "Is
 * there a perimeter"): around the 19.0 objectives, which hexes could a Confederate brigade
 * hold that the bot cannot attack favourably? For each hex within two hexes of the
 * objectives, each Confederate infantry brigade alone there (7.0: one infantry brigade a hex;
 * the column "with" adds the strongest battery) is asked, for every Union infantry brigade at
 * full strength on every side of the hex, the bot's own test — bot_attack_eval, 16.3.4:
 * difference + DRMs >= 0, or the +2 column — with no other unit on the map. A hex no Union
 * brigade can attack favourably alone is never attacked first (16.4.3, 16.4.5B-C need a
 * favourable attack; 16.4.1 and 16.4.2 attack at any odds only once the corps attacks
 * elsewhere). Then, for each objective, the brigades safe on every one of its hexes, at full
 * strength and one step down (the Union guns, 10.0). A one-off analysis tool: it includes
 * src/bot/bot_internal.h to call the bot's own test rather than copy it.
 *
 *   make build/tools/perimeter && ./build/tools/perimeter data   (make check builds it too)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/bot/bot_internal.h"
#include "hex.h"
#include "map.h"
#include "scenario.h"
#include "unit.h"

static struct scenario scn;
static struct game g0;
static struct bot b;

static const char *const keys[] = { "dunker-church", "hagerstown-road", "sunken-road",
				     "sharpsburg", "road-1032", "harpers-ferry-road" };

/* Union brigades that attack unit c in hex h favourably alone (0 when none). */
static int reduced; /* steps the Confederate brigade has lost (the Union guns, 10.0) */

static int attackers(int c, int h, int gun, int *best_margin)
{
	struct game *w = &b.what_if;
	int n = 0;
	*best_margin = -99;
	for (int e = 0; e < ROSTER_UNION; e++) {
		if (unit_def(w, e)->type != UNIT_INFANTRY)
			continue;
		bool fav_any = false;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int nb = hex_neighbour(h, (enum hex_dir)d), score;
			bool fav;
			struct combat_odds o;
			if (nb == HEX_NONE)
				continue;
			w->unit[e].hex = (int16_t)nb;
			w->unit[e].steps = (int8_t)unit_def(w, e)->steps;
			w->unit[c].hex = (int16_t)h;
			w->unit[c].steps = (int8_t)(unit_def(w, c)->steps - reduced);
			if (gun >= 0)
				w->unit[gun].hex = (int16_t)h;
			if (bot_attack_eval(&b, e, nb, h, &score, &fav, &o)) {
				int m = o.attack - o.defence + o.drm;
				if (m > *best_margin)
					*best_margin = m;
				fav_any |= fav;
			}
			w->unit[e].hex = HEX_NONE;
		}
		n += fav_any;
	}
	w->unit[c].hex = HEX_NONE;
	w->unit[c].steps = (int8_t)unit_def(w, c)->steps;
	if (gun >= 0)
		w->unit[gun].hex = HEX_NONE;
	return n;
}

int main(int argc, char **argv)
{
	char err[512];
	if (!scenario_load(&scn, argc > 1 ? argv[1] : "data", err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	struct game_options opt = { .solitaire = true };
	game_new(&g0, &scn, SETUP_HISTORICAL, 1, &opt);
	b.g = &g0;
	b.s = &scn;
	b.what_if = g0;
	struct game *w = &b.what_if;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		w->unit[u].hex = HEX_NONE;
		w->unit[u].steps = (int8_t)unit_def(w, u)->steps;
		w->unit[u].flags = 0;
	}
	/* the strongest Confederate battery (defends with the brigade, 11.x) */
	int gun = -1;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++)
		if (unit_def(w, c)->type == UNIT_ARTILLERY &&
		    (gun < 0 || unit_def(w, c)->cv[unit_def(w, c)->steps] >
				    unit_def(w, gun)->cv[unit_def(w, gun)->steps]))
			gun = c;
	const struct map *m = &scn.map;
	static uint8_t dist[HEX_INDEX_COUNT];
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		dist[i] = 60;
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		const struct map_objective *o = map_objective(m, keys[k]);
		for (int i = 0; o && i < o->nhexes; i++)
			if (hex_index(o->hexes[i]) >= 0)
				dist[hex_index(o->hexes[i])] = 0;
	}
	hex_spread(dist, 60);
	int safe_hexes = 0, cands = 0;
	int ninf = 0;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++)
		ninf += unit_def(w, c)->type == UNIT_INFANTRY;
	printf("hex  dist objective terrain | brigades safe alone (of %d; cv, the best attack's "
	       "difference + DRMs) | safe with %s\n", ninf, unit_def(w, gun)->id);
	for (int x = 0; x < HEX_INDEX_COUNT; x++) {
		int h = hex_from_index(x);
		if (dist[x] > 2 || !map_hex(m, h))
			continue;
		cands++;
		const char *obj = "-";
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
			if (map_in_objective(map_objective(m, keys[k]), h))
				obj = keys[k];
		char safe[512] = "", safeg[512] = "";
		int ns = 0, nsg = 0;
		for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
			if (unit_def(w, c)->type != UNIT_INFANTRY)
				continue;
			int bm, bmg;
			if (attackers(c, h, -1, &bm) == 0) {
				ns++;
				snprintf(safe + strlen(safe), sizeof safe - strlen(safe), " %s(cv%d,%+d)",
					 unit_def(w, c)->id, unit_def(w, c)->cv[unit_def(w, c)->steps], bm);
			}
			if (attackers(c, h, gun, &bmg) == 0) {
				nsg++;
				snprintf(safeg + strlen(safeg), sizeof safeg - strlen(safeg), " %s",
					 unit_def(w, c)->id);
			}
		}
		safe_hexes += ns > 0;
		printf("%04d %d %-18s %-10s | %2d:%s | %2d:%s\n", h, dist[x], obj,
		       map_terrain_name(map_hex(m, h)->terrain), ns, safe, nsg, safeg);
	}
	printf("%d of %d hexes within 2 of the objectives have a brigade no Union brigade attacks "
	       "favourably alone\n", safe_hexes, cands);
	/* per objective: the brigades safe on all of its hexes, full and one step down */
	for (reduced = 0; reduced <= 1; reduced++)
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
			const struct map_objective *o = map_objective(m, keys[k]);
			int nsafe = 0;
			char list[512] = "";
			for (int c = ROSTER_UNION; o && c < ROSTER_UNITS; c++) {
				if (unit_def(w, c)->type != UNIT_INFANTRY ||
				    unit_def(w, c)->steps - reduced < 2)
					continue;
				bool all = true;
				for (int i = 0; i < o->nhexes && all; i++) {
					int bm;
					all = attackers(c, o->hexes[i], -1, &bm) == 0;
				}
				if (all) {
					nsafe++;
					snprintf(list + strlen(list), sizeof list - strlen(list), " %s",
						 unit_def(w, c)->id);
				}
			}
			printf("%s, %d step(s) lost: %d hexes; brigades safe on every hex: %d:%s\n",
			       keys[k], reduced, o ? o->nhexes : 0, nsafe, list);
		}
	return 0;
}
