/* los.c — owns artillery line of sight (10.5–10.6). The straight line between hex centres
 * comes from hex_line(), which also says where the line runs exactly along a hexside
 * (10.6.4). This file decides, per pair of levels, which intervening hexes and which crossed
 * hexsides block:
 *
 *   low–low   (10.6.1): a hex of woods, orchard or town, or a high-ground hex (the upward
 *             side of a slope; a low hex that merely borders a slope does not block), and
 *             any crest crossed;
 *   high–low  (10.6.2): woods, orchard or town in a hex nearer the low end than the high
 *             end, and any crest crossed except a side of the high end's hex; slopes never;
 *   high–high (10.6.3): woods, orchard or town on high ground, and any crest crossed except
 *             a side of either end's hex; nothing on low ground.
 *
 * The firing and target hexes never block (10.6.5 is about whole hexes, 10.6.6 units).
 * Reads the map's arrays directly so it depends on nothing but map.h and hex.h. */
#include "los.h"

#include <stdio.h>
#include <stdlib.h>

enum levels { LOW_LOW, HIGH_LOW, HIGH_HIGH };

struct walk {
	const struct map *m;
	int from, to;
	enum levels levels;
	int high_end;           /* HIGH_LOW: the end on high ground */
	int low_pos;            /* HIGH_LOW: line position of the low end (0 or last) */
	int last;               /* line position of `to` */
};

static const struct map_hex *cell(const struct map *m, int id)
{
	int i = hex_index(id);
	return i < 0 ? NULL : &m->hex[i];
}

static unsigned side_between(const struct map *m, int a, int b)
{
	int d = hex_direction(a, b);
	return d < 0 ? 0 : cell(m, a)->side[d];
}

static const char *tall_name(const struct map_hex *h)
{
	switch (h->terrain) {
	case TERRAIN_WOODS: case TERRAIN_ORCHARD: case TERRAIN_TOWN:
		return map_terrain_name((enum terrain)h->terrain);
	default: return NULL; /* 10.6.1B: cornfields and clear never block */
	}
}

/* Does hex id, at position pos along the line, block? Sets *what and *rule when it does. */
static bool hex_blocks(const struct walk *w, int id, int pos, const char **what,
		       const char **rule)
{
	const struct map_hex *h = cell(w->m, id);
	if (!h)
		return false; /* off the map (a line along the map edge): nothing there blocks */
	const char *tall = tall_name(h);
	switch (w->levels) {
	case LOW_LOW:
		*rule = "10.6.1A";
		*what = tall ? tall : "high ground";
		return tall || h->high;
	case HIGH_LOW:
		*rule = "10.6.2A";
		*what = tall;
		/* Nearer the low end: its distance along the line is strictly the smaller. */
		return tall && abs(pos - w->low_pos) < abs(pos - (w->last - w->low_pos));
	case HIGH_HIGH:
		*rule = "10.6.3B";
		*what = tall;
		return tall && h->high;
	}
	return false;
}

/* The rule a crest blocks under: 10.6.2B names crests; low–low and high–high treat them as
 * the high-ground obstacle they are (10.6.1A, 10.6.3B). */
static const char *crest_rule(const struct walk *w)
{
	return w->levels == LOW_LOW ? "10.6.1A" : w->levels == HIGH_LOW ? "10.6.2B" : "10.6.3B";
}

/* Does the crest side a/b, if it is one, block this line? */
static bool crest_blocks(const struct walk *w, int a, int b)
{
	if (!(side_between(w->m, a, b) & SIDE_CREST))
		return false;
	bool of_from = a == w->from || b == w->from, of_to = a == w->to || b == w->to;
	switch (w->levels) {
	case LOW_LOW:
		return true;
	case HIGH_LOW: /* 10.6.2B: except a side of the high unit's hex */
		return !(a == w->high_end || b == w->high_end);
	case HIGH_HIGH:
		return !(of_from || of_to);
	}
	return false;
}

static bool blocked(struct los_result *r, enum los_block block, int hex, int other,
		    const char *rule)
{
	r->block = block;
	r->hex = hex;
	r->other = other;
	r->rule = rule;
	return false;
}

/* The hexsides crossed going from step s to step t: a side between two hex centres, or the
 * corner where the line meets or leaves a hexside it runs along (blocked only when both
 * sides meeting there are crests, the hexside form of 10.6.4). */
static bool crossing_clear(const struct walk *w, const struct hex_step *s,
			   const struct hex_step *t, struct los_result *r)
{
	if (!s->edge && !t->edge) {
		if (crest_blocks(w, s->hex, t->hex))
			return blocked(r, LOS_BLOCKED_CREST, s->hex, t->hex, crest_rule(w));
		return true;
	}
	if (s->edge && t->edge)
		return true;
	const struct hex_step *centre = s->edge ? t : s, *edge = s->edge ? s : t;
	if (crest_blocks(w, centre->hex, edge->hex) && crest_blocks(w, centre->hex, edge->other))
		return blocked(r, LOS_BLOCKED_CREST, centre->hex, edge->hex, crest_rule(w));
	return true;
}

static void describe(const struct map *m, struct los_result *r)
{
	const char *tall = NULL;
	switch (r->block) {
	case LOS_CLEAR:
		snprintf(r->why, sizeof r->why, "clear");
		break;
	case LOS_INVALID:
		snprintf(r->why, sizeof r->why, "not a hex on the map");
		break;
	case LOS_BLOCKED_HEX:
		tall = tall_name(cell(m, r->hex));
		snprintf(r->why, sizeof r->why, "%s: %s in %04d", r->rule,
			 tall ? tall : "high ground", r->hex);
		break;
	case LOS_BLOCKED_EDGE:
		snprintf(r->why, sizeof r->why, "10.6.4: along the edge between blocking hexes "
			 "%04d and %04d", r->hex, r->other);
		break;
	case LOS_BLOCKED_CREST:
		snprintf(r->why, sizeof r->why, "%s: crest %04d/%04d", r->rule, r->hex, r->other);
		break;
	}
}

/* The line of sight over the line from..to already drawn (hex_line: its n steps; two valid
 * hexes, not the same). */
static bool trace_line(const struct map *m, int from, int to, const struct hex_step *steps,
		       int n, struct los_result *r)
{
	bool hf = cell(m, from)->high, ht = cell(m, to)->high;
	struct walk w = {
		.m = m, .from = from, .to = to, .last = n - 1,
		.levels = hf && ht ? HIGH_HIGH : hf || ht ? HIGH_LOW : LOW_LOW,
		.high_end = hf ? from : to,
		.low_pos = hf ? n - 1 : 0,
	};
	for (int i = 1; i < n; i++) {
		if (!crossing_clear(&w, &steps[i - 1], &steps[i], r))
			return false;
		if (i == n - 1)
			break;
		const char *what, *rule;
		if (!steps[i].edge) {
			if (hex_blocks(&w, steps[i].hex, i, &what, &rule))
				return blocked(r, LOS_BLOCKED_HEX, steps[i].hex, HEX_NONE, rule);
		} else if (hex_blocks(&w, steps[i].hex, i, &what, &rule) &&
			   hex_blocks(&w, steps[i].other, i, &what, &rule)) {
			return blocked(r, LOS_BLOCKED_EDGE, steps[i].hex, steps[i].other, "10.6.4");
		}
	}
	return true;
}

static bool trace(const struct map *m, int from, int to, struct los_result *r)
{
	r->block = LOS_CLEAR;
	r->hex = r->other = HEX_NONE;
	r->rule = "";
	if (!hex_valid(from) || !hex_valid(to)) {
		r->block = LOS_INVALID;
		return false;
	}
	if (from == to)
		return true;
	struct hex_step steps[HEX_LINE_MAX];
	return trace_line(m, from, to, steps, hex_line(from, to, steps), r);
}

bool los_trace(const struct map *m, int from, int to, struct los_result *r)
{
	bool ok = trace(m, from, to, r);
	describe(m, r);
	return ok;
}

bool los_clear(const struct map *m, int from, int to)
{
	struct los_result r;
	return trace(m, from, to, &r);
}

bool los_clear_line(const struct map *m, int from, int to, const struct hex_step *steps, int n)
{
	struct los_result r;
	r.block = LOS_CLEAR;
	r.hex = r.other = HEX_NONE;
	r.rule = "";
	return trace_line(m, from, to, steps, n, &r);
}

unsigned los_target_side(const struct map *m, int from, int to)
{
	if (!hex_valid(from) || !hex_valid(to) || from == to)
		return 0;
	struct hex_step steps[HEX_LINE_MAX];
	int n = hex_line(from, to, steps);
	const struct hex_step *prev = &steps[n - 2];
	if (!prev->edge)
		return side_between(m, to, prev->hex);
	return side_between(m, to, prev->hex) & side_between(m, to, prev->other);
}
