/* general_load.c — owns reading the computer general's tunables (data/general.txt,
 * docs/formats.md) into a struct general_tunables (general_tunables.h), every value checked:
 * one table of the tunables (each its record's words, its place in the structure, its kind
 * and range), read by one loop. A tunable added to the structure is one more row here and
 * one more line in data/general.txt. */
#include "general_tunables.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile.h"
#include "game_state.h"

#define GENERAL_VERSION 1

enum kind { K_REAL, K_INT, K_BOOL, K_CORPS, K_CORPS_SET };

/* One tunable: `WHAT KEY VALUE` (a level's: `level N ... KEY=VALUE ...`). */
struct tunable {
	const char *what;   /* the record's first word: "union", "lee", … ("level": a level's) */
	const char *key;
	enum kind kind;
	size_t offset;      /* in struct general_tunables (a level's: in struct general_level) */
	double min, max;
};

#define AT(member) offsetof(struct general_tunables, member)
#define WEIGHT(side, word, key, member)                                                    \
	{ word, key, K_REAL,                                                               \
	  AT(weights) + (size_t)(side) * sizeof(struct general_weights) +                 \
		  offsetof(struct general_weights, member),                                \
	  -100, 100 }
#define WEIGHTS(side, word)                                                                \
	WEIGHT(side, word, "objective", objective), WEIGHT(side, word, "threat", threat),   \
	WEIGHT(side, word, "step", step), WEIGHT(side, word, "gun-step", gun_step),         \
	WEIGHT(side, word, "eliminated", eliminated),                                      \
	WEIGHT(side, word, "exposed-gun", exposed_gun),                                    \
	WEIGHT(side, word, "approach", approach), WEIGHT(side, word, "aggression", aggression), \
	WEIGHT(side, word, "attack-min", attack_min), WEIGHT(side, word, "keep-away", keep_away)
#define LEE(key, kind, member, lo, hi) { "lee", key, kind, AT(lee.member), lo, hi }
#define LEVEL(key, member, lo, hi) \
	{ "level", key, K_INT, offsetof(struct general_level, member), lo, hi }

static const struct tunable tunables[] = {
	WEIGHTS(SIDE_UNION, "union"),
	WEIGHTS(SIDE_CONFEDERATE, "confederate"),
	LEE("partial", K_REAL, partial, 0, 10),
	LEE("steps", K_REAL, steps, -100, 100),
	LEE("gun-steps", K_REAL, gun_steps, -100, 100),
	LEE("adjacent", K_REAL, adjacent, -100, 100),
	LEE("guns-clear", K_BOOL, guns_clear, 0, 1),
	LEE("gain-risk", K_REAL, gain_risk, -100, 100),
	LEE("weak-risk", K_REAL, weak_risk, -100, 100),
	LEE("reach", K_INT, reach, 0, 40),
	LEE("repairs", K_INT, repairs, 0, 1000),
	LEE("battery-guns", K_REAL, battery_guns, -100, 100),
	LEE("bridge", K_REAL, bridge, -100, 100),
	LEE("regroup", K_REAL, regroup, -100, 100),
	LEE("fragile", K_INT, fragile, 0, 31),
	LEE("fragile-late", K_INT, fragile_late, 0, 31),
	LEE("keep-all", K_BOOL, keep_all, 0, 1),
	LEE("final-count", K_BOOL, final_count, 0, 1),
	{ "union-plan", "first", K_CORPS, AT(union_plan.first), 0, CORPS_COUNT - 1 },
	{ "union-plan", "lead", K_CORPS, AT(union_plan.lead), 0, CORPS_COUNT - 1 },
	{ "union-plan", "follow", K_CORPS, AT(union_plan.follow), 0, CORPS_COUNT - 1 },
	{ "union-plan", "follow-after", K_INT, AT(union_plan.follow_after), 0, GAME_TURNS },
	{ "union-plan", "reserve", K_CORPS, AT(union_plan.reserve), 0, CORPS_COUNT - 1 },
	{ "union-plan", "reserve-until", K_INT, AT(union_plan.reserve_until), 1, GAME_TURNS },
	{ "union-plan", "large", K_CORPS_SET, AT(union_plan.large), 0, 0 },
	{ "union-plan", "small", K_CORPS_SET, AT(union_plan.small), 0, 0 },
	{ "union-plan", "spent-large", K_REAL, AT(union_plan.spent_large), 0, 1 },
	{ "union-plan", "spent", K_REAL, AT(union_plan.spent), 0, 1 },
	{ "union-plan", "spent-small", K_REAL, AT(union_plan.spent_small), 0, 1 },
	{ "union-plan", "withdraw-from", K_INT, AT(union_plan.withdraw_from), 1, GAME_TURNS },
	{ "union-plan", "withdraw-until", K_INT, AT(union_plan.withdraw_until), 1, GAME_TURNS },
	{ "union-plan", "fresh", K_REAL, AT(union_plan.fresh), 0, 1 },
	{ "union-plan", "turns-large", K_INT, AT(union_plan.turns_large), 1, GAME_TURNS },
	{ "union-plan", "turns", K_INT, AT(union_plan.turns), 1, GAME_TURNS },
	{ "union-plan", "turns-small", K_INT, AT(union_plan.turns_small), 1, GAME_TURNS },
	{ "counter", "ratio", K_REAL, AT(counter_ratio), 0, 100 },
	{ "counter", "margin", K_REAL, AT(counter_margin), -100, 100 },
	{ "counter", "last", K_INT, AT(counter_last), 0, 1000 },
	LEVEL("samples", samples, 1, 1000),
	LEVEL("dests", dests, 1, 1000),
	LEVEL("candidates", candidates, 1, 10000),
	LEVEL("playouts", playouts, 1, 10000),
	LEVEL("reply-samples", reply_samples, 1, 1000),
	LEVEL("postures", postures, 0, 10000),
	LEVEL("counter-attacks", counter_attacks, 0, 1000),
	LEVEL("counter-samples", counter_samples, 1, 1000),
	LEVEL("set-ups", setups, 0, 10000),
	LEVEL("set-up-samples", setup_samples, 1, 1000),
};
#define NTUNABLES (sizeof tunables / sizeof tunables[0])

struct loader {
	struct datafile df;
	struct general_tunables t;
	int seen[NTUNABLES];             /* the line that gave it (0: none yet) */
	int level_seen[GENERAL_LEVELS];  /* the line of each level's record */
};

/* Store text as tunable k at base (the structure, or a level of it). */
static bool set_value(struct datafile *df, const struct tunable *k, char *base, const char *text,
		      const char *what)
{
	char *end;
	void *at = base + k->offset;
	switch (k->kind) {
	case K_CORPS: {
		enum corps c;
		if (!names_parse_corps(text, &c))
			return datafile_fail(df, "%s: '%s' is not a Union corps (I, II, V, VI, IX, XII)",
					     what, text);
		*(enum corps *)at = c;
		return true;
	}
	case K_CORPS_SET: { /* I,IX: corps names joined by commas, each once; "-" none */
		unsigned set = 0;
		if (strcmp(text, "-")) {
			char buf[64];
			/* no empty name (strtok_r would skip it), none cut off by buf */
			if (strlen(text) >= sizeof buf || text[0] == ',' || strstr(text, ",,"))
				return datafile_fail(df, "%s: '%s' is not a list of corps (II,VI)",
						     what, text);
			snprintf(buf, sizeof buf, "%s", text);
			for (char *save = NULL, *w = strtok_r(buf, ",", &save); w;
			     w = strtok_r(NULL, ",", &save)) {
				enum corps c;
				if (!names_parse_corps(w, &c))
					return datafile_fail(df, "%s: '%s' is not a Union corps (I, II, V, "
							     "VI, IX, XII)", what, w);
				if (set >> c & 1)
					return datafile_fail(df, "%s: %s given twice", what, w);
				set |= 1u << c;
			}
			if (!set || text[strlen(text) - 1] == ',')
				return datafile_fail(df, "%s: '%s' is not a list of corps (II,VI)",
						     what, text);
		}
		*(unsigned *)at = set;
		return true;
	}
	case K_BOOL:
		if (strcmp(text, "yes") && strcmp(text, "no"))
			return datafile_fail(df, "%s: '%s' is neither yes nor no", what, text);
		*(bool *)at = !strcmp(text, "yes");
		return true;
	case K_INT: {
		long v = strtol(text, &end, 10);
		if (end == text || *end)
			return datafile_fail(df, "%s: '%s' is not a whole number", what, text);
		if (v < (long)k->min || v > (long)k->max)
			return datafile_fail(df, "%s: %ld is out of range (%.0f to %.0f)", what, v,
					     k->min, k->max);
		*(int *)at = (int)v;
		return true;
	}
	case K_REAL: {
		double v = strtod(text, &end);
		if (end == text || *end || !isfinite(v))
			return datafile_fail(df, "%s: '%s' is not a number", what, text);
		if (v < k->min || v > k->max)
			return datafile_fail(df, "%s: %s is out of range (%g to %g)", what, text, k->min,
					     k->max);
		*(double *)at = v;
		return true;
	}
	}
	return datafile_fail(df, "%s: unknown kind", what);
}

/* The row of what and key; -1 when none. */
static int find(const char *what, const char *key)
{
	for (size_t i = 0; i < NTUNABLES; i++)
		if (!strcmp(tunables[i].what, what) && !strcmp(tunables[i].key, key))
			return (int)i;
	return -1;
}

static bool known_what(const char *what)
{
	for (size_t i = 0; i < NTUNABLES; i++)
		if (!strcmp(tunables[i].what, what))
			return true;
	return false;
}

/* `WHAT KEY VALUE` */
static bool rec_value(struct loader *L)
{
	struct datafile *df = &L->df;
	const char *what = df->field[0];
	if (!known_what(what))
		return datafile_fail(df, "unknown record '%s' (union, confederate, lee, union-plan, "
				     "counter, level)", what);
	if (!datafile_nfields(df, 3, false))
		return false;
	int k = find(what, df->field[1]);
	if (k < 0)
		return datafile_fail(df, "'%s' has no tunable '%s'", what, df->field[1]);
	char name[96];
	snprintf(name, sizeof name, "%s %s", what, df->field[1]);
	if (L->seen[k])
		return datafile_fail(df, "%s given twice (first on line %d)", name, L->seen[k]);
	L->seen[k] = df->line;
	return set_value(df, &tunables[k], (char *)&L->t, df->field[2], name);
}

/* `level N KEY=VALUE …`: every key of a level once. */
static bool rec_level(struct loader *L)
{
	struct datafile *df = &L->df;
	int n;
	if (!datafile_nfields(df, 2, true) || !datafile_int(df, 1, 1, GENERAL_LEVELS, &n))
		return false;
	if (L->level_seen[n - 1])
		return datafile_fail(df, "level %d given twice (first on line %d)", n,
				     L->level_seen[n - 1]);
	L->level_seen[n - 1] = df->line;
	bool got[NTUNABLES] = { false };
	for (int i = 2; i < df->nfields; i++) {
		char *eq = strchr(df->field[i], '=');
		if (!eq)
			return datafile_fail(df, "level %d: '%s' is not KEY=VALUE", n, df->field[i]);
		*eq = 0;
		int k = find("level", df->field[i]);
		if (k < 0)
			return datafile_fail(df, "level %d: no such key '%s'", n, df->field[i]);
		char name[96];
		snprintf(name, sizeof name, "level %d %s", n, df->field[i]);
		if (got[k])
			return datafile_fail(df, "%s given twice", name);
		got[k] = true;
		if (!set_value(df, &tunables[k], (char *)&L->t.level[n - 1], eq + 1, name))
			return false;
	}
	for (size_t k = 0; k < NTUNABLES; k++)
		if (!strcmp(tunables[k].what, "level") && !got[k])
			return datafile_fail(df, "level %d: missing %s=", n, tunables[k].key);
	return true;
}

/* Every tunable and every level given: the first missing, named at the end of the file. */
static bool complete(struct loader *L)
{
	for (size_t k = 0; k < NTUNABLES; k++)
		if (strcmp(tunables[k].what, "level") && !L->seen[k])
			return datafile_fail(&L->df, "missing %s %s (every tunable is given: "
					     "docs/formats.md)", tunables[k].what, tunables[k].key);
	for (int n = 0; n < GENERAL_LEVELS; n++)
		if (!L->level_seen[n])
			return datafile_fail(&L->df, "missing level %d (levels 1 to %d are given)",
					     n + 1, GENERAL_LEVELS);
	if (L->t.union_plan.withdraw_until < L->t.union_plan.withdraw_from)
		return datafile_fail(&L->df, "union-plan withdraw-until %d is before withdraw-from %d",
				     L->t.union_plan.withdraw_until, L->t.union_plan.withdraw_from);
	if (L->t.union_plan.small & L->t.union_plan.large)
		return datafile_fail(&L->df, "union-plan: a corps is both large and small (24.2B)");
	return true;
}

bool general_tunables_load(struct general_tunables *out, const char *path, char *err,
			   size_t errlen)
{
	struct loader *L = calloc(1, sizeof *L);
	if (!L) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	bool ok = datafile_open(&L->df, path, "general", GENERAL_VERSION);
	int r = 0;
	while (ok && (r = datafile_next(&L->df)) == 1)
		ok = !strcmp(L->df.field[0], "level") ? rec_level(L) : rec_value(L);
	ok = ok && r == 0 && complete(L);
	if (ok)
		*out = L->t;
	ok = datafile_finish(&L->df, ok, err, errlen);
	free(L);
	return ok;
}
