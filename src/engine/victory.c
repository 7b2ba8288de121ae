/* victory.c — owns control of hexes (3.3: updated at the end of every turn, ties as the
 * 3.3 clarification rules them) and the victory counts: the Union's VPs and level in the
 * two-player game (3.2 objectives, 3.4 eliminated units, 3.5 levels) and the Confederate
 * count of the solitaire game (19.0). The values are the charts' (data/tables.txt); the
 * hexes are the map's objectives (data/map.txt), matched by key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "start.h"
#include "tables.h"
#include "victory.h"

/* Which sides have a unit in each hex (bit 1 << side). */
static void occupancy(const struct game *g, uint8_t *occ)
{
	memset(occ, 0, HEX_INDEX_COUNT);
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_on_map(g, u)) {
			int i = hex_index(g->unit[u].hex);
			if (i >= 0)
				occ[i] |= (uint8_t)(1u << g->scn->roster.unit[u].side);
		}
}

/* 3.3A and the clarification: an occupied hex (index i) goes to its occupier; an empty hex to
 * the only side with a unit adjacent; otherwise it stays as it was. */
static enum side gains(const uint8_t *occ, int i, enum side was)
{
	if (occ[i] & (1u << SIDE_UNION))
		return SIDE_UNION;
	if (occ[i] & (1u << SIDE_CONFEDERATE))
		return SIDE_CONFEDERATE;
	const int16_t *nb = hex_neighbour_table()[i];
	unsigned adj = 0;
	for (int d = 0; d < HEX_NDIRS; d++)
		if (nb[d] >= 0)
			adj |= occ[nb[d]];
	if (adj == (1u << SIDE_UNION))
		return SIDE_UNION;
	if (adj == (1u << SIDE_CONFEDERATE))
		return SIDE_CONFEDERATE;
	return was;
}

/* 3.3A over the whole map. Only a hex that is occupied or next to an occupied one can change
 * hands (gains: otherwise it stays as it was), so only those are asked: the units' hexes and
 * their neighbours, each once, the same answer as asking every hex for a few hundred of them.
 * gains reads the hex's own control alone, so each is updated in place. */
void victory_control_update(struct game *g)
{
	uint8_t occ[HEX_INDEX_COUNT], asked[HEX_INDEX_COUNT];
	occupancy(g, occ);
	memset(asked, 0, sizeof asked);
	const int16_t (*nb)[HEX_NDIRS] = hex_neighbour_table();
	for (int u = 0; u < ROSTER_UNITS; u++) {
		if (!unit_on_map(g, u))
			continue;
		int i = hex_index(g->unit[u].hex);
		if (i < 0 || asked[i] == 2)
			continue; /* a stack's hex and its neighbours: asked for the first unit */
		for (int d = -1; d < HEX_NDIRS; d++) {
			int n = d < 0 ? i : nb[i][d];
			if (n >= 0 && !asked[n]) {
				asked[n] = 1;
				g->control[n] = (uint8_t)gains(occ, n, (enum side)g->control[n]);
			}
		}
		asked[i] = 2;
	}
}

enum side victory_control(const struct game *g, int hex)
{
	int i = hex_index(hex);
	if (i < 0 || g->control[i] > SIDE_NONE)
		return SIDE_NONE;
	return (enum side)g->control[i];
}

enum side victory_control_now(const struct game *g, int hex)
{
	if (hex_index(hex) < 0)
		return SIDE_NONE;
	uint8_t occ[HEX_INDEX_COUNT];
	occupancy(g, occ);
	return gains(occ, hex_index(hex), victory_control(g, hex));
}

void victory_control_now_hexes(const struct game *g, const int *hex, int n, enum side *out)
{
	uint8_t occ[HEX_INDEX_COUNT];
	occupancy(g, occ);
	for (int i = 0; i < n; i++)
		out[i] = hex_index(hex[i]) < 0 ? SIDE_NONE
					       : gains(occ, hex_index(hex[i]), victory_control(g, hex[i]));
}

void victory_format(int vp2, char *buf, size_t len)
{
	const char *sign = vp2 < 0 ? "-" : "";
	int a = abs(vp2);
	if (a % 2)
		snprintf(buf, len, "%s%d.5", sign, a / 2);
	else
		snprintf(buf, len, "%s%d", sign, a / 2);
}

static struct victory_line *add_line(struct victory_count *c, const char *key,
				     const char *name)
{
	if (c->nlines >= VICTORY_LINES_MAX)
		return NULL;
	struct victory_line *l = &c->line[c->nlines++];
	memset(l, 0, sizeof *l);
	/* as snprintf "%s" would (cut to fit, ended by the zeros of the memset), without its
	 * cost: the general counts the VPs of every position it weighs (pure speed) */
	memcpy(l->key, key, strnlen(key, sizeof l->key - 1));
	memcpy(l->name, name, strnlen(name, sizeof l->name - 1));
	return l;
}

/* 3.4: eliminated units: every unit with no step left (not one taken off by `remove`). */
static int eliminated(const struct game *g, enum side s)
{
	int n = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (g->scn->roster.unit[u].side == s && g->unit[u].steps <= 0 &&
		    !(g->unit[u].flags & UF_REMOVED))
			n++;
	return n;
}

static void add_eliminated(const struct game *g, struct victory_count *c, enum side s,
			   int per2)
{
	int n = eliminated(g, s);
	struct victory_line *l = add_line(c, s == SIDE_UNION ? "eliminated-union" :
					     "eliminated-confederate",
					  s == SIDE_UNION ? "Union units eliminated" :
					     "Confederate units eliminated");
	if (!l)
		return;
	l->held = n;
	l->vp2 = n * per2;
	l->full2 = per2;
	c->vp2 += l->vp2;
}

/* Hexes of objective o controlled by side s. */
static int held_by(const struct game *g, const struct map_objective *o, enum side s)
{
	int n = 0;
	for (int i = 0; i < o->nhexes; i++)
		n += victory_control(g, o->hexes[i]) == s;
	return n;
}

void victory_two_player(const struct game *g, struct victory_count *c)
{
	const struct tables *t = &g->scn->tables;
	if (start_victory(g, false, c))
		return; /* a sector scenario's own rule (start.h) */
	memset(c, 0, sizeof *c);
	for (int i = 0; i < t->nvp; i++) {
		const struct vp_objective *v = &t->vp[i];
		const struct map_objective *o = map_objective(&g->scn->map, v->key);
		if (!o)
			continue;
		struct victory_line *l = add_line(c, v->key, o->name);
		if (!l)
			break;
		l->held = held_by(g, o, SIDE_UNION);
		l->nhexes = o->nhexes;
		l->vp2 = tables_vp_award2(v, l->held, l->nhexes);
		l->full2 = v->full2;
		l->any = v->rule == VP_RULE_ANY;
		l->some2 = l->any || v->partial2 < 0 ? 0 : v->partial2;
		l->obj[0] = o;
		if (l->held > 0 && l->vp2 == 0)
			l->why = "pays only when the Union holds every hex of it (3.2)";
		c->vp2 += l->vp2;
	}
	add_eliminated(g, c, SIDE_CONFEDERATE, tables_vp_eliminated2(t, true));
	add_eliminated(g, c, SIDE_UNION, tables_vp_eliminated2(t, false));
	c->level = tables_victory_level(t, VICTORY_TWO_PLAYER, c->vp2);
}

/* ---- 19.0 ---- */

/* 19.0A: the map objectives the solitaire count reads, by key. */
enum {
	SOLO_CHURCH, SOLO_PIKE, SOLO_SUNKEN_ROAD, SOLO_TOWN, SOLO_ROAD_1032, SOLO_HF_ROAD,
	SOLO_OBJECTIVES
};
static const char *const solo_key[SOLO_OBJECTIVES] = {
	[SOLO_CHURCH] = "dunker-church", [SOLO_PIKE] = "hagerstown-road",
	[SOLO_SUNKEN_ROAD] = "sunken-road", [SOLO_TOWN] = "sharpsburg",
	[SOLO_ROAD_1032] = "road-1032", [SOLO_HF_ROAD] = "harpers-ferry-road",
};

static bool all_held(const struct game *g, const char *key, enum side s, int *held, int *n)
{
	const struct map_objective *o = map_objective(&g->scn->map, key);
	*held = o ? held_by(g, o, s) : 0;
	*n = o ? o->nhexes : 0;
	return o && *held == *n;
}

/* 19.0: a path of Confederate-controlled road hexes from a Sunken Road hex to a
 * Confederate-controlled Sharpsburg hex. */
static bool road_to_town(const struct game *g)
{
	const struct map *m = &g->scn->map;
	const struct map_objective *sr = map_objective(m, solo_key[SOLO_SUNKEN_ROAD]);
	const struct map_objective *town = map_objective(m, solo_key[SOLO_TOWN]);
	if (!sr || !town)
		return false;
	bool seen[HEX_INDEX_COUNT] = { false };
	int queue[HEX_INDEX_COUNT], head = 0, tail = 0;
	for (int i = 0; i < sr->nhexes; i++) {
		queue[tail++] = sr->hexes[i];
		seen[hex_index(sr->hexes[i])] = true;
	}
	while (head < tail) {
		int h = queue[head++];
		for (int i = 0; i < town->nhexes; i++)
			if (town->hexes[i] == h)
				return true;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n == HEX_NONE || seen[hex_index(n)] ||
			    !(map_side(m, h, n) & (SIDE_PRIMARY | SIDE_SECONDARY)) ||
			    victory_control(g, n) != SIDE_CONFEDERATE)
				continue;
			seen[hex_index(n)] = true;
			queue[tail++] = n;
		}
	}
	return false;
}

/* One line of 19.0; a and b the map objectives it reads, why (or NULL) why the hexes held
 * pay nothing. */
static void solo_line(const struct game *g, struct victory_count *c, const char *key,
		      const char *name, bool scores, int held, int n, const char *a, const char *b,
		      const char *why)
{
	struct victory_line *l = add_line(c, key, name);
	if (!l)
		return;
	l->held = held;
	l->nhexes = n;
	l->full2 = tables_solo_vp2(&g->scn->tables, key);
	l->vp2 = scores ? l->full2 : 0;
	l->obj[0] = a ? map_objective(&g->scn->map, a) : NULL;
	l->obj[1] = b ? map_objective(&g->scn->map, b) : NULL;
	l->why = !scores && held > 0 ? why : NULL;
	c->vp2 += l->vp2;
}

void victory_solitaire(const struct game *g, struct victory_count *c)
{
	const struct tables *t = &g->scn->tables;
	const enum side cs = SIDE_CONFEDERATE;
	if (start_victory(g, true, c))
		return; /* a sector scenario's own rule (start.h) */
	memset(c, 0, sizeof *c);
	int h1, n1, h2, n2;
	/* Dunker Church and the Hagerstown Road from it to Sharpsburg */
	bool church = all_held(g, solo_key[SOLO_CHURCH], cs, &h1, &n1);
	bool pike = all_held(g, solo_key[SOLO_PIKE], cs, &h2, &n2);
	solo_line(g, c, "dunker-church-road", "Dunker Church and the Hagerstown Road",
		  church && pike, h1 + h2, n1 + n2, solo_key[SOLO_CHURCH], solo_key[SOLO_PIKE],
		  "pays only with the church and every hex of the pike (19.0)");
	/* the Sunken Road: all of it with a road to Sharpsburg, or some of it */
	bool all = all_held(g, solo_key[SOLO_SUNKEN_ROAD], cs, &h1, &n1);
	bool road = all && road_to_town(g);
	solo_line(g, c, "sunken-road-all", "Sunken Road and a road to Sharpsburg", road, h1, n1,
		  solo_key[SOLO_SUNKEN_ROAD], NULL,
		  all ? "no road of Confederate hexes from it to a Confederate hex of Sharpsburg "
			"(19.0): it pays as some of the Sunken Road"
		      : "pays only with every hex and a road of Confederate hexes to Sharpsburg "
			"(19.0)");
	solo_line(g, c, "sunken-road-some", "Some of the Sunken Road", !road && h1 > 0, h1, n1,
		  solo_key[SOLO_SUNKEN_ROAD], NULL,
		  "the whole road with its road to Sharpsburg pays instead (19.0)");
	if (c->nlines > 0) /* any hex of it pays, short of the line above */
		c->line[c->nlines - 1].any = true;
	bool town = all_held(g, solo_key[SOLO_TOWN], cs, &h1, &n1);
	solo_line(g, c, "sharpsburg-all", "All of Sharpsburg", town, h1, n1, solo_key[SOLO_TOWN],
		  NULL, "pays only with every hex of the town (19.0)");
	bool r1032 = all_held(g, solo_key[SOLO_ROAD_1032], cs, &h1, &n1);
	solo_line(g, c, "road-1032", "Hex 1032 and its road to Sharpsburg", r1032, h1, n1,
		  solo_key[SOLO_ROAD_1032], NULL, "pays only with every hex of the road (19.0)");
	bool hfr = all_held(g, solo_key[SOLO_HF_ROAD], cs, &h1, &n1);
	solo_line(g, c, "harpers-ferry-road", "The Harpers Ferry Road", hfr, h1, n1,
		  solo_key[SOLO_HF_ROAD], NULL, "pays only with every hex of the road (19.0)");
	add_eliminated(g, c, SIDE_UNION, tables_solo_eliminated2(t, false));
	add_eliminated(g, c, SIDE_CONFEDERATE, tables_solo_eliminated2(t, true));
	c->level = tables_victory_level(t, VICTORY_SOLITAIRE, c->vp2);
}

const char *victory_missing_objective(const struct map *m, const struct tables *t,
				      const char **rule)
{
	for (int i = 0; i < t->nvp; i++)
		if (!map_objective(m, t->vp[i].key)) {
			*rule = "3.2: the charts give its victory points";
			return t->vp[i].key;
		}
	for (int i = 0; i < SOLO_OBJECTIVES; i++)
		if (!map_objective(m, solo_key[i])) {
			*rule = "19.0A: the solitaire count reads it";
			return solo_key[i];
		}
	return NULL;
}
