/* position_read.c — owns reading a position file back: every record checked, into a
 * scratch game that reaches the caller only when the whole file is good; the old versions
 * too (position.h). The writer is position_write.c; the words both share,
 * position_words.h. The format is documented in docs/formats.md ("Position files"); a
 * position file is printable ASCII, anything else is refused. */
#include "position.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "check.h"
#include "datafile.h"
#include "hex.h"
#include "position_words.h"
#include "scenario.h"
#include "start.h"

/* Which decisions name a unit (SEQUENCE.md), in which phase each is taken, and whether the
 * phasing side (1), the other side (0) or either (-1) owns it. */
static const struct {
	bool subject;
	int8_t phase;   /* enum phase, -1 any */
	int8_t owner;
} decision_rules[DECISION_COUNT] = {
	[DECISION_MISHAP] = { false, PHASE_MOVEMENT, 1 },
	[DECISION_WITHDRAWAL] = { false, PHASE_MOVEMENT, 1 },
	[DECISION_WITHDRAW_MOVE] = { true, PHASE_MOVEMENT, 1 },
	[DECISION_COMMITMENT] = { false, PHASE_MOVEMENT, 1 },
	[DECISION_MOVEMENT] = { false, PHASE_MOVEMENT, 1 },
	[DECISION_ARTILLERY] = { false, PHASE_ARTILLERY, 1 },
	[DECISION_COMBAT] = { false, PHASE_COMBAT, 1 },
	[DECISION_RESOLVE] = { false, PHASE_COMBAT, 1 },
	[DECISION_DEFENSIVE_FIRE] = { true, PHASE_COMBAT, 0 },
	[DECISION_RETREAT] = { true, PHASE_COMBAT, -1 },
	[DECISION_ADVANCE] = { true, PHASE_COMBAT, 1 },
	[DECISION_SUPPORT] = { true, PHASE_COMBAT, 1 },
	[DECISION_BREAK_OFF] = { false, PHASE_COMBAT, -1 },
	[DECISION_COMBAT_ROUND2] = { false, PHASE_COMBAT, 1 },
	[DECISION_GAMEOVER] = { false, -1, -1 },
	[DECISION_SETUP] = { false, PHASE_MOVEMENT, 1 }, /* 4.2: the side setting up */
	[DECISION_STEP_LOSS] = { false, PHASE_COMBAT, 0 }, /* 11.15B: the defender */
};

static void ev_set(struct game_event *e, const struct ev_field *f, long v)
{
	char *p = (char *)e + f->off;
	if (f->type == EV_BOOL)
		*(bool *)p = v != 0;
	else if (f->type == EV_WHY)
		*(uint8_t *)p = (uint8_t)v;
	else if (f->size == 1)
		*(int8_t *)p = (int8_t)v;
	else
		*(int16_t *)p = (int16_t)v;
}

/* ================================================================ reading */

struct reader {
	struct datafile df;
	const struct scenario *base;      /* the caller's scenario (the newest order of battle) */
	const struct scenario *s;         /* the one of the file's order of battle */
	struct game *g;                   /* scratch: reaches the caller only when all is good */
	struct position_record rec;       /* scratch record */
	struct event_log events;          /* the events read, into rec->events at the end */
	int count[40];                    /* records read, per key */
	int line[40];                     /* line of the last record of each key */
	bool unit_seen[ROSTER_UNITS];
	bool corps_seen[CORPS_COUNT];
	bool control_seen[HEX_INDEX_COUNT];
	bool entry_seen[HEX_NROWS + HEX_NCOLS];
	int nevents;
	bool formation_seen[SOLO_FORMATIONS];
	int nkinds;                       /* entries of combat-flow kinds= (-1: none read) */
};

typedef bool (*record_fn)(struct reader *r);

#define FAIL(...) datafile_fail(&r->df, __VA_ARGS__)

/* ---- field parsers: each sets the error and returns false on a bad value ---- */

static bool parse_long(struct reader *r, const char *s, long min, long max, const char *what,
		       long *out)
{
	char *end;
	*out = 0;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || !(*s == '-' || (*s >= '0' && *s <= '9')))
		return FAIL("%s: '%s' is not a number", what, s);
	if (v < min || v > max)
		return FAIL("%s: %ld out of range %ld..%ld", what, v, min, max);
	*out = v;
	return true;
}

static bool parse_int(struct reader *r, const char *s, int min, int max, const char *what, int *out)
{
	long v;
	*out = 0;
	if (!parse_long(r, s, min, max, what, &v))
		return false;
	*out = (int)v;
	return true;
}

static bool parse_name(struct reader *r, const char *s, const char *const *names, int n,
		       const char *what, int *out)
{
	*out = 0;
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(s, names[i])) {
			*out = i;
			return true;
		}
	return FAIL("unknown %s '%s'", what, s);
}

/* A two-word flag: false for words[0], true for words[1]. */
static bool parse_flag(struct reader *r, const char *s, const char *const words[2],
		       const char *what, bool *out)
{
	int v;
	if (!parse_name(r, s, words, 2, what, &v))
		return false;
	*out = v;
	return true;
}

static bool parse_yes_no(struct reader *r, const char *s, const char *what, bool *out)
{
	static const char *const yn[] = { "no", "yes" };
	return parse_flag(r, s, yn, what, out);
}

static bool parse_on_off(struct reader *r, const char *s, const char *what, bool *out)
{
	static const char *const oo[] = { "off", "on" };
	return parse_flag(r, s, oo, what, out);
}

/* "U12" or "C7" (names_parse_unit, the one unit-id parser), as the writer writes it: a
 * capital letter. */
static bool parse_unit(struct reader *r, const char *s, int *out)
{
	*out = s[0] == 'U' || s[0] == 'C' ? names_parse_unit(s) : -1;
	if (*out < 0)
		return FAIL("unknown unit '%s' (U1-U%d, C1-C%d)", s, ROSTER_UNION, ROSTER_CONFEDERATE);
	return true;
}

static bool parse_hex(struct reader *r, const char *s, int *out)
{
	if (!hex_parse(s, out))
		return FAIL("'%s' is not a hex on the map (CCRR, columns 10-42, rows 00-44)", s);
	return true;
}

/* Split "key=value": the key (copied into key) and the value; false when there is no '='. */
static const char *split_key(struct reader *r, const char *field, char *key, size_t keylen)
{
	const char *eq = strchr(field, '=');
	if (!eq || eq == field || (size_t)(eq - field) >= keylen) {
		FAIL("expected KEY=VALUE, found '%s'", field);
		return NULL;
	}
	memcpy(key, field, (size_t)(eq - field));
	key[eq - field] = 0;
	return eq + 1;
}

/* Look key up in keys[] (n entries); refuses unknown and repeated keys (seen[] per key). */
static bool find_key(struct reader *r, const char *key, const char *const *keys, int n,
		     bool *seen, int *out)
{
	*out = 0;
	if (!parse_name(r, key, keys, n, "key", out))
		return false;
	if (seen[*out])
		return FAIL("key '%s' given twice", key);
	seen[*out] = true;
	return true;
}

static bool require_keys(struct reader *r, const char *const *keys, int n, const bool *seen)
{
	for (int i = 0; i < n; i++)
		if (!seen[i])
			return FAIL("missing key %s=", keys[i]);
	return true;
}

/* Comma-separated unit names, or "-" for none: at most max distinct units into out. */
static bool parse_unit_list(struct reader *r, const char *s, int16_t *out, int max, int *n)
{
	*n = 0;
	if (!strcmp(s, "-"))
		return true;
	char buf[DATAFILE_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", s);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int u;
		if (!parse_unit(r, tok, &u))
			return false;
		if (*n == max)
			return FAIL("more than %d units in '%s'", max, s);
		for (int i = 0; i < *n; i++)
			if (out[i] == u)
				return FAIL("unit %s listed twice", tok);
		out[(*n)++] = (int16_t)u;
	}
	if (*n == 0 || s[strlen(s) - 1] == ',' || s[0] == ',' || strstr(s, ",,"))
		return FAIL("malformed unit list '%s'", s);
	return true;
}

/* The quoted text that fields[i..] make up, unescaped into out (outlen bytes, NUL included). */
static bool parse_quoted(struct reader *r, int i, char *out, size_t outlen)
{
	char joined[DATAFILE_LINE_MAX];
	size_t len = 0;
	if (i >= r->df.nfields)
		return FAIL("missing quoted text");
	for (int k = i; k < r->df.nfields; k++) {
		size_t fl = strlen(r->df.field[k]);
		if (len + fl + 2 > sizeof joined)
			return FAIL("text too long");
		if (k > i)
			joined[len++] = ' ';
		memcpy(joined + len, r->df.field[k], fl);
		len += fl;
	}
	joined[len] = 0;
	if (len < 2 || joined[0] != '"' || joined[len - 1] != '"')
		return FAIL("expected text in double quotes");
	size_t o = 0;
	for (size_t k = 1; k < len - 1; k++) {
		unsigned char c = (unsigned char)joined[k];
		if (c == '"')
			return FAIL("unescaped '\"' inside quoted text");
		if (c == '\\') {
			if (k + 1 >= len - 1)
				return FAIL("unterminated escape in quoted text");
			c = (unsigned char)joined[++k];
			if (c == 'x' && strspn(joined + k + 1, "0123456789abcdef") >= 2) {
				char hx[3] = { joined[k + 1], joined[k + 2], 0 };
				c = (unsigned char)strtol(hx, NULL, 16);
				k += 2;
				if (c == 0)
					return FAIL("\\x00 in quoted text");
			} else if (c != '"' && c != '\\') {
				return FAIL("bad escape in quoted text (\\\", \\\\ or \\xHH)");
			}
		}
		if (o + 1 >= outlen)
			return FAIL("text longer than %zu characters", outlen - 1);
		out[o++] = (char)c;
	}
	out[o] = 0;
	return true;
}

/* ---- one handler per record kind ---- */

static bool nfields(struct reader *r, int min, int max)
{
	if (r->df.nfields < min || r->df.nfields > max) {
		if (min == max)
			return FAIL("'%s' takes %d field%s, found %d", r->df.field[0], min - 1,
				    min == 2 ? "" : "s", r->df.nfields - 1);
		return FAIL("'%s' takes %d to %d fields, found %d", r->df.field[0], min - 1, max - 1,
			    r->df.nfields - 1);
	}
	return true;
}

static int key_index(const char *name);

/* `order-of-battle N` (version 3), `ground N` and `charts N` (POSITION_NAMES_DATA): the data the
 * game is played with, each before any unit; r->s becomes the scenario of the versions read so
 * far (the others those the reading began with). */
static bool rd_version(struct reader *r, const char *what, int since, int max, int which)
{
	int v;
	if (r->df.version < since)
		return FAIL("'%s' is a record of position files of version %d on", what, since);
	if (!nfields(r, 2, 2) || !parse_int(r, r->df.field[1], 1, max, what, &v))
		return false;
	if (r->count[key_index("unit")])
		return FAIL("'%s' after the units", what);
	int ground = scenario_ground(r->s), oob = scenario_oob_version(r->s);
	int charts = scenario_charts(r->s);
	*(which == 0 ? &ground : which == 1 ? &oob : &charts) = v;
	const struct scenario *s = scenario_version(r->base, ground, oob, charts);
	if (!s) {
		const struct scenario *top = scenario_newest(r->base);
		static const char *const names[3] = { "ground", "order of battle", "charts" };
		int newest = which == 0 ? scenario_ground(top)
			   : which == 1 ? scenario_oob_version(top) : scenario_charts(top);
		return FAIL("%s %d is unknown here (this program has 1 to %d)", names[which], v,
			    newest);
	}
	r->s = s;
	r->g->scn = s;
	return true;
}

static bool rd_order_of_battle(struct reader *r)
{
	return rd_version(r, "order-of-battle", 3, ROSTER_VERSION_MAX, 1);
}

static bool rd_ground(struct reader *r)
{
	return rd_version(r, "ground", POSITION_NAMES_DATA, MAP_GROUND_MAX, 0);
}

static bool rd_charts(struct reader *r)
{
	return rd_version(r, "charts", POSITION_NAMES_DATA, TABLES_CHARTS_MAX, 2);
}

static bool rd_setup(struct reader *r)
{
	int v;
	if (!nfields(r, 2, 2) || !parse_name(r, r->df.field[1], names_setup, 2, "set-up", &v))
		return false;
	r->g->empty_setup = v == 1;
	return true;
}

static const char *const option_keys[] = { "mishap", "unleashed", "solitaire", "scenario" };

/* mishap=on|off unleashed=… solitaire=… from field i on (every key required). */
static bool parse_options(struct reader *r, int i, struct game_options *o)
{
	bool seen[4] = { false };
	for (; i < r->df.nfields; i++) {
		char key[32];
		int k;
		bool v;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, option_keys, 4, seen, &k))
			return false;
		if (k == 3) { /* scenario=KEY (start.h): optional, the standard game without it */
			o->start = (int8_t)start_find(r->base, val);
			if (!o->start)
				return FAIL("scenario '%.40s' is not one of this program's (data/scenarios/)",
					    val);
			continue;
		}
		if (!parse_on_off(r, val, key, &v))
			return false;
		if (k == 0)
			o->mishap = v;
		else if (k == 1)
			o->unleashed = v;
		else
			o->solitaire = v;
	}
	return require_keys(r, option_keys, 3, seen);
}

static bool rd_options(struct reader *r)
{
	return parse_options(r, 1, &r->g->opt);
}

static bool rd_turn(struct reader *r)
{
	int side, phase;
	if (!nfields(r, 4, 4) || !parse_int(r, r->df.field[1], 1, GAME_TURNS, "turn", &r->g->turn) ||
	    !parse_name(r, r->df.field[2], names_side, 2, "side", &side) ||
	    !parse_name(r, r->df.field[3], names_phase, NAMES(names_phase), "phase", &phase))
		return false;
	r->g->side = (enum side)side;
	r->g->phase = (enum phase)phase;
	return true;
}

static bool rd_pending(struct reader *r)
{
	int side, what, subject = -1;
	if (!nfields(r, 3, 4) || !parse_name(r, r->df.field[1], names_side, 3, "side", &side) ||
	    !parse_name(r, r->df.field[2], names_decision, DECISION_COUNT, "decision", &what) ||
	    (r->df.nfields == 4 && !parse_unit(r, r->df.field[3], &subject)))
		return false;
	r->g->pending.side = (enum side)side;
	r->g->pending.what = (enum decision)what;
	r->g->pending.subject = subject;
	return true;
}

static bool rd_rng(struct reader *r)
{
	const char *s = r->df.field[1];
	if (!nfields(r, 2, 2))
		return false;
	if (strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16)
		return FAIL("rng: expected 16 lower-case hex digits, found '%s'", s);
	r->g->rng = strtoull(s, NULL, 16);
	return true;
}

static bool rd_dice(struct reader *r)
{
	if (r->df.nfields - 1 > GAME_FORCED_MAX)
		return FAIL("more than %d forced dice", GAME_FORCED_MAX);
	for (int i = 1; i < r->df.nfields; i++) {
		int d;
		if (!parse_int(r, r->df.field[i], 1, 6, "die", &d))
			return false;
		r->g->forced[r->g->nforced++] = (int8_t)d;
	}
	return true;
}

/* lifted=C3,C7 (13.3F/13.4C): bit n = Confederate unit n + 1; bitN for bits past the roster. */
static bool parse_lifted(struct reader *r, const char *s, uint64_t *mask)
{
	*mask = 0;
	if (!strcmp(s, "-"))
		return true;
	char buf[DATAFILE_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", s);
	if (!*s || s[0] == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,"))
		return FAIL("malformed unit list '%s'", s);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int bit, u;
		if (!strncmp(tok, "bit", 3)) {
			if (!parse_int(r, tok + 3, ROSTER_CONFEDERATE, 63, "lifted bit", &bit))
				return false;
		} else {
			if (!parse_unit(r, tok, &u))
				return false;
			if (u < ROSTER_UNION)
				return FAIL("lifted: %s is not a Confederate unit", tok);
			bit = u - ROSTER_UNION;
		}
		if (*mask >> bit & 1)
			return FAIL("lifted: %s listed twice", tok);
		*mask |= (uint64_t)1 << bit;
	}
	return true;
}

static bool rd_corps(struct reader *r)
{
	int c, status;
	if (!nfields(r, 3, 8) ||
	    !parse_name(r, r->df.field[1], names_corps, CORPS_COUNT, "corps", &c) ||
	    !parse_name(r, r->df.field[2], names_corps_status, 3, "corps status", &status))
		return false;
	if (r->corps_seen[c])
		return FAIL("corps %s given twice", names_corps[c]);
	r->corps_seen[c] = true;
	r->g->corps[c] = (enum corps_status)status;
	static const char *const words[] = { "moving", "done", "withdrawing", "lifted", "since" };
	bool seen[5] = { false };
	for (int i = 3; i < r->df.nfields; i++) {
		const char *f = r->df.field[i];
		int k;
		char key[16];
		const char *val = NULL;
		if (strchr(f, '=')) {
			if (!(val = split_key(r, f, key, sizeof key)))
				return false;
		} else {
			snprintf(key, sizeof key, "%.15s", f);
		}
		if (!find_key(r, key, words, 5, seen, &k))
			return false;
		if ((k >= 3) != (val != NULL))
			return FAIL(k == 3 ? "expected lifted=UNITS" : k == 4 ? "expected since=TURN"
									 : "'%s' takes no value", key);
		if (k == 0) {
			if (r->g->corps_moving != -1)
				return FAIL("two corps moving (8.13)");
			r->g->corps_moving = (int8_t)c;
		} else if (k == 1) {
			r->g->corps_done |= (uint8_t)(1u << c);
		} else if (k == 2) {
			r->g->withdrawing |= (uint8_t)(1u << c);
		} else if (k == 4) {
			/* 13.1: the turn it was committed (version 7; before, not known: 0) */
			int t;
			if (r->df.version < POSITION_COMMITTED_TURN)
				return FAIL("'since=' is a key of position files of version %d on",
					    POSITION_COMMITTED_TURN);
			if (!parse_int(r, val, 1, GAME_TURNS, "committed turn", &t))
				return false;
			if (status != CORPS_COMMITTED)
				return FAIL("corps %s is %s: since=%d is for a Committed corps (13.1)",
					    names_corps[c], names_corps_status[status], t);
			r->g->corps_committed[c] = (int8_t)t;
		} else if (!parse_lifted(r, val, &r->g->corps_lifted[c])) {
			return false;
		}
	}
	return true;
}

static bool rd_yes_no(struct reader *r, bool *out)
{
	return nfields(r, 2, 2) && parse_yes_no(r, r->df.field[1], r->df.field[0], out);
}

static bool rd_commitment_lifted(struct reader *r)
{
	return rd_yes_no(r, &r->g->commitment_lifted);
}

static bool rd_hood_released(struct reader *r)
{
	return rd_yes_no(r, &r->g->hood_released);
}

static bool rd_vi_entered_free(struct reader *r)
{
	return rd_yes_no(r, &r->g->vi_entered_free);
}

static bool rd_ap_hill(struct reader *r)
{
	static const char *const keys[] = { "triggered", "turn" };
	bool seen[2] = { false };
	for (int i = 1; i < r->df.nfields; i++) {
		char key[16];
		int k, t;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 2, seen, &k))
			return false;
		if (k == 0 && !parse_yes_no(r, val, key, &r->g->ap_hill_triggered))
			return false;
		if (k == 1) {
			if (!parse_int(r, val, -1, GAME_TURNS, "A.P. Hill turn", &t))
				return false;
			r->g->ap_hill_turn = (int8_t)t;
		}
	}
	return require_keys(r, keys, 2, seen);
}

/* 9.2E: INDEX:COUNT per edge slot used this phase. */
static bool rd_entries(struct reader *r)
{
	for (int i = 1; i < r->df.nfields; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "%.31s", r->df.field[i]);
		char *colon = strchr(buf, ':');
		int slot, n;
		if (!colon)
			return FAIL("entries: expected SLOT:COUNT, found '%s'", r->df.field[i]);
		*colon = 0;
		if (!parse_int(r, buf, 0, HEX_NROWS + HEX_NCOLS - 1, "entry slot", &slot) ||
		    !parse_int(r, colon + 1, 1, 255, "entry count", &n))
			return false;
		if (r->entry_seen[slot])
			return FAIL("entry slot %d given twice", slot);
		r->entry_seen[slot] = true;
		r->g->entry_count[slot] = (uint8_t)n;
	}
	return true;
}

/* 8.7.5B: the first crossing of a ford hexside this phase, from → to. */
static bool rd_ford(struct reader *r)
{
	int a, b;
	if (!nfields(r, 3, 3) || !parse_hex(r, r->df.field[1], &a) || !parse_hex(r, r->df.field[2], &b))
		return false;
	if (!hex_adjacent(a, b))
		return FAIL("ford %04d %04d: the hexes are not adjacent", a, b);
	for (int i = 0; i < r->g->nfords_used; i++)
		if ((r->g->ford_from[i] == a && r->g->ford_to[i] == b) ||
		    (r->g->ford_from[i] == b && r->g->ford_to[i] == a))
			return FAIL("ford %04d/%04d given twice", a, b);
	int n = r->g->nfords_used++;
	r->g->ford_from[n] = (int16_t)a;
	r->g->ford_to[n] = (int16_t)b;
	return true;
}

static bool rd_control(struct reader *r)
{
	int h, side;
	if (!nfields(r, 3, 3) || !parse_hex(r, r->df.field[1], &h) ||
	    !parse_name(r, r->df.field[2], names_side, 2, "side", &side))
		return false;
	int i = hex_index(h);
	if (r->control_seen[i])
		return FAIL("control of %04d given twice", h);
	r->control_seen[i] = true;
	r->g->control[i] = (uint8_t)side;
	return true;
}

static bool parse_flags(struct reader *r, const char *s, uint32_t *flags)
{
	char buf[DATAFILE_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", s);
	*flags = 0;
	if (!*s || s[0] == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,"))
		return FAIL("malformed flag list '%s'", s);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int b = -1;
		for (int i = 0; i < 32; i++)
			if (flag_names[i] && !strcmp(tok, flag_names[i]))
				b = i;
		if (b < 0) {
			if (strncmp(tok, "bit", 3) || !parse_int(r, tok + 3, 0, 31, "flag bit", &b))
				return b < 0 && strncmp(tok, "bit", 3) ? FAIL("unknown unit flag '%s'", tok)
								       : false;
			if (flag_names[b])
				return FAIL("flag bit%d is written '%s'", b, flag_names[b]);
		}
		if (*flags >> b & 1)
			return FAIL("flag '%s' given twice", tok);
		*flags |= (uint32_t)1 << b;
	}
	return true;
}

static bool rd_unit(struct reader *r)
{
	int u;
	if (!nfields(r, 4, 7) || !parse_unit(r, r->df.field[1], &u))
		return false;
	if (r->unit_seen[u])
		return FAIL("unit %s given twice", r->df.field[1]);
	r->unit_seen[u] = true;
	struct unit_state *us = &r->g->unit[u];
	const char *where = r->df.field[2];
	int hex = HEX_NONE;
	if (strcmp(where, "off") && strcmp(where, "dead") && !parse_hex(r, where, &hex))
		return false;
	us->hex = (int16_t)hex;
	static const char *const keys[] = { "steps", "mp", "flags", "fired-at" };
	bool seen[4] = { false };
	int max = r->s->roster.unit[u].steps > 0 ? r->s->roster.unit[u].steps : ROSTER_STEPS_MAX;
	for (int i = 3; i < r->df.nfields; i++) {
		char key[16];
		int k, v;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 4, seen, &k))
			return false;
		if (k == 0) {
			bool dead = !strcmp(where, "dead");
			if (!parse_int(r, val, dead ? 0 : 1, dead ? 0 : max, "steps", &v))
				return false;
			us->steps = (int8_t)v;
		} else if (k == 1) {
			if (!parse_int(r, val, 1, 99, "mp", &v))
				return false;
			us->mp_used = (uint8_t)v;
		} else if (k == 2) {
			if (!parse_flags(r, val, &us->flags))
				return false;
		} else {
			if (!parse_int(r, val, 1, ROSTER_UNITS, "fired-at", &v))
				return false;
			r->g->fired_at[u] = (uint8_t)v;
		}
	}
	return require_keys(r, keys, 1, seen);
}

static bool rd_combat(struct reader *r)
{
	static const char *const keys[] = { "round", "current", "attacker-loss", "defender-loss",
					    "retreat", "loss-hexes" /* optional */ };
	bool seen[6] = { false };
	struct combat_state *c = &r->g->combat;
	for (int i = 1; i < r->df.nfields; i++) {
		char key[16];
		int k, v = 0;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 6, seen, &k))
			return false;
		if (k == 5 && !parse_int(r, val, 0, (1 << COMBAT_DEFHEX_MAX) - 1, key, &v))
			return false;
		if (k == 0 && !parse_int(r, val, 0, 2, key, &v))
			return false;
		if (k == 1 && !parse_int(r, val, -1, COMBAT_DECL_MAX - 1, key, &v))
			return false;
		if ((k == 2 || k == 3) && !parse_int(r, val, 0, ROSTER_STEPS_MAX, key, &v))
			return false;
		if (k == 4 && !parse_yes_no(r, val, key, &c->retreat_result))
			return false;
		if (k == 0)
			c->round = (int8_t)v;
		else if (k == 1)
			c->current = (int8_t)v;
		else if (k == 2)
			c->attacker_loss = (int8_t)v;
		else if (k == 3)
			c->defender_loss = (int8_t)v;
		else if (k == 5)
			c->loss_hexes = (uint8_t)v;
	}
	return require_keys(r, keys, 5, seen);
}

static bool rd_decl(struct reader *r)
{
	struct combat_decl *d = &r->g->combat.decl[r->g->combat.ndecl];
	if (!nfields(r, 5, 5))
		return false;
	const char *hexes = r->df.field[1];
	if (strcmp(hexes, "-")) {
		char buf[64];
		if (strlen(hexes) >= sizeof buf || hexes[0] == ',' || hexes[strlen(hexes) - 1] == ',' ||
		    strstr(hexes, ",,"))
			return FAIL("malformed hex list '%s'", hexes);
		snprintf(buf, sizeof buf, "%s", hexes);
		for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			int h;
			if (!parse_hex(r, tok, &h))
				return false;
			if (d->ndefhex == COMBAT_DEFHEX_MAX)
				return FAIL("more than %d defending hexes", COMBAT_DEFHEX_MAX);
			for (int i = 0; i < d->ndefhex; i++)
				if (d->defhex[i] == h)
					return FAIL("hex %04d listed twice", h);
			d->defhex[d->ndefhex++] = (int16_t)h;
		}
	}
	static const char *const keys[] = { "attackers", "next", "flags" };
	bool seen[3] = { false };
	for (int i = 2; i < 5; i++) {
		char key[16];
		int k, v, n;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 3, seen, &k))
			return false;
		if (k == 0) {
			if (!parse_unit_list(r, val, d->attacker, COMBAT_ATTACKERS_MAX, &n))
				return false;
			d->nattackers = (int8_t)n;
		} else if (k == 1) {
			if (!parse_int(r, val, 0, COMBAT_ATTACKERS_MAX, key, &v))
				return false;
			d->next = (int8_t)v;
		} else {
			if (!parse_int(r, val, 0, 255, key, &v))
				return false;
			d->flags = (uint8_t)v;
		}
	}
	if (d->next > d->nattackers)
		return FAIL("next=%d but only %d attackers", d->next, d->nattackers);
	r->g->combat.ndecl++;
	return true;
}

static bool rd_queue(struct reader *r)
{
	struct combat_state *c = &r->g->combat;
	if (r->df.nfields - 1 > COMBAT_QUEUE_MAX)
		return FAIL("more than %d units queued", COMBAT_QUEUE_MAX);
	for (int i = 1; i < r->df.nfields; i++) {
		int u;
		if (!parse_unit(r, r->df.field[i], &u))
			return false;
		for (int k = 0; k < c->nqueue; k++)
			if (c->queue[k] == u)
				return FAIL("unit %s queued twice", r->df.field[i]);
		c->queue[c->nqueue++] = (int16_t)u;
	}
	return true;
}

/* "U3" or "-" (-1). */
static bool parse_unit_or_none(struct reader *r, const char *s, int *out)
{
	*out = -1;
	return !strcmp(s, "-") || parse_unit(r, s, out);
}

static bool parse_unit_set(struct reader *r, const char *s, uint64_t *set)
{
	int16_t list[ROSTER_UNITS];
	int n;
	set[0] = set[1] = 0;
	if (!parse_unit_list(r, s, list, ROSTER_UNITS, &n))
		return false;
	for (int i = 0; i < n; i++)
		set[list[i] / 64] |= (uint64_t)1 << (list[i] % 64);
	return true;
}

static bool rd_combat_flow(struct reader *r)
{
	static const char *const keys[] = { "stage", "auto", "attacking", "advancer", "from",
					    "breakoff", "asked", "attacked", "attacked-r1", "kinds" };
	enum { NK = 10 };
	bool seen[NK] = { false };
	struct combat_state *c = &r->g->combat;
	for (int i = 1; i < r->df.nfields; i++) {
		char key[16];
		int k, v;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, NK, seen, &k))
			return false;
		switch (k) {
		case 0:
			if (!parse_name(r, val, stage_names, NAMES(stage_names), key, &v))
				return false;
			c->stage = (int8_t)v;
			break;
		case 1:
			if (!parse_yes_no(r, val, key, &c->auto_order))
				return false;
			break;
		case 2:
		case 3:
			if (!parse_unit_or_none(r, val, &v))
				return false;
			*(k == 2 ? &c->attacking : &c->advancer) = (int16_t)v;
			break;
		case 4:
			if (!parse_int(r, val, -1, HEX_COL_MAX * 100 + HEX_ROW_MAX, key, &v))
				return false;
			c->advance_from = (int16_t)v;
			break;
		case 5:
			if (!parse_name(r, val, names_side, 3, key, &v))
				return false;
			c->breakoff_side = (int8_t)v;
			break;
		case 6:
		case 7:
		case 8:
			if (!parse_unit_set(r, val, k == 6 ? c->asked : k == 7 ? c->attacked_round
										 : c->attacked_r1))
				return false;
			break;
		default: {
			r->nkinds = 0;
			if (!strcmp(val, "-"))
				break;
			char buf[DATAFILE_LINE_MAX];
			snprintf(buf, sizeof buf, "%s", val);
			for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (r->nkinds == COMBAT_QUEUE_MAX)
					return FAIL("more than %d retreat kinds", COMBAT_QUEUE_MAX);
				if (!parse_name(r, tok, kind_names, 3, "kind", &v))
					return false;
				c->queue_kind[r->nkinds] = (uint8_t)(v == 2 ? RETREAT_BREAKOFF
									    : RETREAT_MANDATORY);
				c->queue_rolled[r->nkinds] = v == 1;
				r->nkinds++;
			}
		}
		}
	}
	return require_keys(r, keys, NK, seen);
}

static bool rd_round1(struct reader *r)
{
	struct combat_state *c = &r->g->combat;
	int h, v;
	bool engaged;
	if (!nfields(r, 4, 4) || !parse_hex(r, r->df.field[1], &h))
		return false;
	char key[16];
	const char *val = split_key(r, r->df.field[2], key, sizeof key);
	if (!val || strcmp(key, "corps"))
		return val ? FAIL("expected corps=, found '%s'", r->df.field[2]) : false;
	v = CORPS_NONE;
	if (strcmp(val, "-") && !parse_name(r, val, names_corps, CORPS_COUNT, "corps", &v))
		return false;
	val = split_key(r, r->df.field[3], key, sizeof key);
	if (!val || strcmp(key, "engaged"))
		return val ? FAIL("expected engaged=, found '%s'", r->df.field[3]) : false;
	if (!parse_yes_no(r, val, key, &engaged))
		return false;
	struct combat_r1hex *e = &c->r1[c->nr1++];
	e->hex = (int16_t)h;
	e->corps = (int8_t)v;
	e->engaged = engaged;
	return true;
}

/* KEY=N fields into out[] in the order of keys (all required). */
static bool parse_int_keys(struct reader *r, int from, const char *const *keys, int n,
			   const int *min, const int *max, int *out)
{
	bool seen[8] = { false };
	if (!nfields(r, from + n, from + n))
		return false;
	for (int i = from; i < from + n; i++) {
		char key[16];
		int k;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, n, seen, &k))
			return false;
		if (!strcmp(keys[k], "retreat")) {
			bool b;
			if (!parse_yes_no(r, val, key, &b))
				return false;
			out[k] = b;
		} else if (!parse_int(r, val, min[k], max[k], key, &out[k])) {
			return false;
		}
	}
	return true;
}

/* Field i as "NAME=UNIT" (e.g. gun=U44): the unit, or false with the error set. */
static bool parse_unit_key(struct reader *r, int i, const char *name, int *u)
{
	char key[16];
	const char *val = split_key(r, r->df.field[i], key, sizeof key);
	if (!val)
		return false;
	if (strcmp(key, name))
		return FAIL("expected %s=", name);
	return parse_unit(r, val, u);
}

/* `last-fire` and `last-attack` (versions 1 to 3): the last fire and attack resolved, which
 * the game kept for front-ends until its FIRE and ATTACK events said it (version 4). Read,
 * checked and left: nothing of the game's depends on them. */
static bool rd_last_fire(struct reader *r)
{
	static const char *const keys[] = { "roll", "drm", "steps" };
	static const int min[] = { 1, -20, 0 }, max[] = { 6, 20, 2 };
	int v[3], gun, target;
	if (r->df.version >= 4)
		return FAIL("'last-fire' is a record of position files before version 4");
	if (!nfields(r, 6, 6) || !parse_unit_key(r, 1, "gun", &gun) ||
	    !parse_unit_key(r, 2, "target", &target))
		return false;
	return parse_int_keys(r, 3, keys, 3, min, max, v);
}

static bool rd_last_attack(struct reader *r)
{
	static const char *const keys[] = { "hex", "column", "drm", "roll", "attacker-loss",
					    "defender-loss", "retreat" };
	static const int min[] = { 1000, 0, -30, 1, 0, 0, 0 }, max[] = { 4244, 4, 30, 6, 6, 6, 1 };
	int v[7], att;
	if (r->df.version >= 4)
		return FAIL("'last-attack' is a record of position files before version 4");
	if (!nfields(r, 9, 9) || !parse_unit_key(r, 1, "attacker", &att))
		return false;
	if (!parse_int_keys(r, 2, keys, 7, min, max, v))
		return false;
	if (!hex_valid(v[0]))
		return FAIL("'%d' is not a hex on the map", v[0]);
	return true;
}

/* I,II,… or "-" into a bit mask per corps. */
static bool parse_corps_mask(struct reader *r, const char *s, uint8_t *mask)
{
	*mask = 0;
	if (!strcmp(s, "-"))
		return true;
	char buf[64];
	if (strlen(s) >= sizeof buf || !*s || s[0] == ',' || s[strlen(s) - 1] == ',' ||
	    strstr(s, ",,"))
		return FAIL("malformed corps list '%s'", s);
	snprintf(buf, sizeof buf, "%s", s);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int c;
		if (!parse_name(r, tok, names_corps, CORPS_COUNT, "corps", &c))
			return false;
		if (*mask >> c & 1)
			return FAIL("corps %s listed twice", tok);
		*mask |= (uint8_t)(1u << c);
	}
	return true;
}

static bool rd_solitaire(struct reader *r)
{
	static const char *const keys[] = { "ready", "committed-once", "withdraw-turn",
					    "withdraw-mask" };
	bool seen[4] = { false };
	struct solitaire_state *st = &r->g->solitaire;
	for (int i = 1; i < r->df.nfields; i++) {
		char key[16];
		int k, v;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 4, seen, &k))
			return false;
		if ((k == 0 && !parse_yes_no(r, val, key, &st->ready)) ||
		    (k == 1 && !parse_corps_mask(r, val, &st->committed_once)) ||
		    (k == 3 && !parse_corps_mask(r, val, &st->withdraw_mask)))
			return false;
		if (k == 2) {
			if (!parse_int(r, val, 0, GAME_TURNS, key, &v))
				return false;
			st->withdraw_turn = (int8_t)v;
		}
	}
	return require_keys(r, keys, 4, seen);
}

static bool parse_solo_objective(struct reader *r, const char *s, struct solo_objective *o)
{
	char buf[64];
	if (strlen(s) >= sizeof buf)
		return FAIL("objective '%.40s…' too long", s);
	snprintf(buf, sizeof buf, "%s", s);
	char *at = strchr(buf, '@');
	int hex = HEX_NONE, h;
	if (at) {
		*at++ = 0;
		if (!parse_int(r, at, -1, HEX_COL_MAX * 100 + HEX_ROW_MAX, "objective hex", &hex))
			return false;
		if (hex == HEX_NONE)
			return FAIL("'@-1' is written by leaving it out");
	}
	const struct map *m = &r->s->map;
	if (!strcmp(buf, "-")) {
		o->key = SOLO_OBJ_NONE;
	} else if (!strcmp(buf, "unrolled")) {
		o->key = SOLO_OBJ_UNROLLED;
	} else if (buf[0] >= '0' && buf[0] <= '9') {
		if (at)
			return FAIL("objective hex %s takes no '@'", buf);
		if (!parse_hex(r, buf, &h))
			return false;
		o->key = SOLO_OBJ_HEX;
		hex = h;
	} else {
		int k = -1;
		for (int i = 0; i < m->nobjectives; i++)
			if (!strcmp(m->objective[i].key, buf))
				k = i;
		if (k < 0)
			return FAIL("unknown objective '%s' (not in the map's objectives)", buf);
		o->key = (int8_t)k;
	}
	o->hex = (int16_t)hex;
	return true;
}

static bool rd_objective(struct reader *r)
{
	int f;
	if (!nfields(r, 6, 6) ||
	    !parse_name(r, r->df.field[1], names_solo_formation, SOLO_FORMATIONS, "formation", &f))
		return false;
	struct solitaire_state *st = &r->g->solitaire;
	if (r->formation_seen[f])
		return FAIL("objectives of %s given twice", names_solo_formation[f]);
	r->formation_seen[f] = true;
	static const char *const keys[] = { "current", "first", "second", "third" };
	bool seen[4] = { false };
	for (int i = 2; i < 6; i++) {
		char key[16];
		int k, v;
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val || !find_key(r, key, keys, 4, seen, &k))
			return false;
		if (k == 0) {
			if (!parse_int(r, val, 0, SOLO_ORDINALS, key, &v))
				return false;
			st->current[f] = (int8_t)v;
		} else if (!parse_solo_objective(r, val, &st->obj[f][k - 1])) {
			return false;
		}
	}
	return true;
}

static bool rd_log_count(struct reader *r)
{
	return nfields(r, 2, 2) && parse_int(r, r->df.field[1], 0, 1 << 30, "log-count", &r->g->nlog);
}

/* The value of one small-integer field of an event. */
static bool parse_ev_value(struct reader *r, const struct ev_field *fd, const char *val,
			   long *v)
{
	int i = 0;
	bool b;
	enum event_why w;
	enum corps c;
	switch (fd->type) {
	case EV_BOOL:
		if (!parse_yes_no(r, val, fd->key, &b))
			return false;
		*v = b;
		return true;
	case EV_UNIT:
		if (!parse_unit(r, val, &i))
			return false;
		break;
	case EV_HEX:
		if (!parse_hex(r, val, &i))
			return false;
		break;
	case EV_SIDE:
		if (!parse_name(r, val, names_side, 3, "side", &i))
			return false;
		break;
	case EV_CORPS:
		if (!names_parse_corps(val, &c))
			return FAIL("unknown corps '%s'", val);
		i = c;
		break;
	case EV_FORMATION:
		if (!parse_name(r, val, names_solo_formation, SOLO_FORMATIONS, "formation", &i))
			return false;
		break;
	case EV_STATUS:
		if (!parse_name(r, val, names_corps_status, 3, "corps status", &i))
			return false;
		break;
	case EV_SETUP:
		if (!parse_name(r, val, names_setup, SETUP_COUNT, "set-up", &i))
			return false;
		break;
	case EV_WHY:
		if (!event_why_parse(val, &w))
			return FAIL("unknown reason '%s'", val);
		i = (int)w;
		break;
	default:
		if (!parse_int(r, val, fd->min, fd->max, fd->key, &i))
			return false;
		break;
	}
	*v = i;
	return true;
}

/* A comma-separated list of hexes (path=) or units (units=) into e->hex. */
static bool parse_ev_list(struct reader *r, const char *val, bool units, struct game_event *e)
{
	char buf[DATAFILE_LINE_MAX];
	snprintf(buf, sizeof buf, "%s", val);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int v;
		if (e->n == EVENT_HEXES)
			return FAIL("more than %d entries in '%.40s'", EVENT_HEXES, val);
		if (units ? !parse_unit(r, tok, &v) : !parse_hex(r, tok, &v))
			return false;
		e->hex[e->n++] = (int16_t)v;
	}
	if (e->n == 0 || val[strlen(val) - 1] == ',' || val[0] == ',' || strstr(val, ",,"))
		return FAIL("malformed list '%.40s'", val);
	return true;
}

/* An event's DRMs (version 4): `word:value[:a[:b]]`, comma-separated, each modifier's word
 * (modifier.h) with as many numbers as its English takes. */
static bool parse_ev_mods(struct reader *r, const char *val, struct game_event *e)
{
	char buf[256];
	if (strlen(val) >= sizeof buf)
		return FAIL("drms= is too long");
	strcpy(buf, val);
	e->n = 0;
	char *save = NULL;
	if (!buf[0] || buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,"))
		return FAIL("malformed drms= '%.40s'", val);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char item[64]; /* for the messages: strtok_r cuts t at each ':' */
		snprintf(item, sizeof item, "%s", t);
		char *part[4];
		int np = 0;
		char *psave = NULL;
		for (char *p = strtok_r(t, ":", &psave); p && np < 4; p = strtok_r(NULL, ":", &psave))
			part[np++] = p;
		enum modifier id;
		if (np < 2 || !modifier_parse(part[0], &id))
			return FAIL("drms=: '%.40s' is not a modifier (word:value)", item);
		if (np != 2 + modifier_numbers(id) || strtok_r(NULL, ":", &psave))
			return FAIL("drms=: %s takes %d number%s after its value", part[0],
				    modifier_numbers(id), modifier_numbers(id) == 1 ? "" : "s");
		if (e->n >= COMBAT_DRMS_MAX)
			return FAIL("drms=: more than %d modifiers", COMBAT_DRMS_MAX);
		int v[3] = { 0, 0, 0 };
		for (int i = 1; i < np; i++)
			if (!parse_int(r, part[i], i == 1 ? -20 : -99, i == 1 ? 20 : 99, "drms=", &v[i - 1]))
				return false;
		if (v[0] == 0)
			return FAIL("drms=: a modifier of 0 is not noted");
		e->mod[e->n++] = (struct combat_mod){ .id = (int8_t)id, .value = (int8_t)v[0],
						      .a = (int8_t)v[1], .b = (int8_t)v[2] };
	}
	return true;
}

/* `event TURN KIND KEY=VALUE… ["text"]` (versions 2 on): every key one the kind uses,
 * once. */
static bool parse_typed_event(struct reader *r, struct game_event *e)
{
	enum event_kind k;
	if (r->df.nfields < 3)
		return FAIL("'event' takes a turn and a kind");
	if (!event_kind_parse(r->df.field[2], &k))
		return FAIL("unknown event kind '%s'", r->df.field[2]);
	int turn = e->turn;
	event_clear(e, k, turn);
	unsigned uses = event_kind_fields(k), seen = 0;
	uint64_t seen_field = 0;
	_Static_assert(NEV_FIELDS <= 64, "one bit per field");
	int i = 3;
	for (; i < r->df.nfields && r->df.field[i][0] != '"'; i++) {
		char key[32];
		const char *val = split_key(r, r->df.field[i], key, sizeof key);
		if (!val)
			return false;
		unsigned bit = 0;
		int fi = -1;
		for (int j = 0; j < NEV_FIELDS; j++)
			if (!strcmp(ev_fields[j].key, key))
				fi = j, bit = ev_fields[j].bit;
		if (!strcmp(key, "objective"))
			bit = EF_OBJECTIVE;
		else if (!strcmp(key, "path"))
			bit = EF_PATH;
		else if (!strcmp(key, "units"))
			bit = EF_UNITS;
		else if (!strcmp(key, "seed"))
			bit = EF_SEED;
		else if (!strcmp(key, "drms") && r->df.version >= 4)
			bit = EF_MODS;
		if (!(uses & bit) ||
		    (k == EVENT_FIRE && (bit & (EF_TO | EF_COLUMN)) && r->df.version < 5))
			return FAIL("a '%s' event has no key %s=", r->df.field[2], key);
		if (fi < 0 ? (seen & bit) != 0 : (seen_field >> fi & 1) != 0)
			return FAIL("key '%s' given twice", key);
		if (fi >= 0) {
			long v = 0;
			seen_field |= 1ull << fi;
			if (!parse_ev_value(r, &ev_fields[fi], val, &v))
				return false;
			ev_set(e, &ev_fields[fi], v);
		} else if (bit == EF_OBJECTIVE) {
			struct solo_objective o;
			if (!parse_solo_objective(r, val, &o))
				return false;
			e->objective = o.key;
			e->objective_hex = o.hex;
		} else if (bit == EF_SEED) {
			char *end;
			errno = 0;
			unsigned long long v = strtoull(val, &end, 10);
			if (!*val || *end || errno || *val == '-')
				return FAIL("seed: '%s' is not a number", val);
			e->seed = v;
		} else if (bit == EF_MODS) {
			if (!parse_ev_mods(r, val, e))
				return false;
		} else if (!parse_ev_list(r, val, bit == EF_UNITS, e)) {
			return false;
		}
		seen |= bit;
	}
	if (uses & EF_TEXT)
		return parse_quoted(r, i, e->text, sizeof e->text);
	if (i < r->df.nfields)
		return FAIL("a '%s' event has no text", r->df.field[2]);
	return true;
}

static bool rd_event(struct reader *r)
{
	struct game *g = r->g;
	int kept = g->nlog < POSITION_EVENTS ? g->nlog : POSITION_EVENTS;
	if (r->count[0] == 0) /* record_keys[0] is log-count */
		return FAIL("'event' before 'log-count'");
	if (r->nevents == kept)
		return FAIL("more events than log-count %d keeps (%d)", g->nlog, kept);
	struct game_event ev, *e = &ev;
	int turn;
	if (r->df.nfields < 2 || !parse_int(r, r->df.field[1], 0, GAME_TURNS + 1, "event turn", &turn))
		return r->df.nfields < 2 ? FAIL("'event' takes a turn") : false;
	event_clear(e, EVENT_NOTE, turn);
	/* version 1 kept each event as its English: it comes back as a note */
	if (r->df.version == 1 ? !parse_quoted(r, 2, e->text, sizeof e->text)
			       : !parse_typed_event(r, e))
		return false;
	if (!event_log_add(&r->events, e))
		return FAIL("out of memory");
	r->nevents++;
	return true;
}

static bool rd_start(struct reader *r)
{
	int setup;
	long long unsigned seed;
	char key[8];
	if (!nfields(r, 6, 7) || !parse_name(r, r->df.field[1], names_setup, SETUP_COUNT, "set-up", &setup))
		return false;
	const char *val = split_key(r, r->df.field[2], key, sizeof key);
	if (!val)
		return false;
	if (strcmp(key, "seed"))
		return FAIL("expected seed=N, found '%s'", r->df.field[2]);
	char *end;
	errno = 0;
	seed = strtoull(val, &end, 10);
	if (!*val || *end || errno || *val < '0' || *val > '9')
		return FAIL("seed: '%s' is not a number from 0 to 18446744073709551615", val);
	struct game_options opt = { 0 };
	if (!parse_options(r, 3, &opt))
		return false;
	record_init(&r->rec, (enum game_setup)setup, seed, &opt);
	return true;
}

static bool rd_action(struct reader *r)
{
	char text[POSITION_ACTION_TEXT];
	if (r->count[1] == 0) /* record_keys[1] is start */
		return FAIL("'action' before 'start'");
	if (!parse_quoted(r, 1, text, sizeof text))
		return false;
	if (!text[0] || strchr(text, '\n') || strchr(text, '\r'))
		return FAIL("empty action or line break in an action");
	/* an action the program cannot read could never be replayed; `bot` runs the bot */
	struct action a;
	char why[256];
	if (strcmp(text, "bot") && !action_parse(r->s, text, &a, why, sizeof why))
		return FAIL("action '%.60s': %s", text, why);
	if (!record_add(&r->rec, text))
		return FAIL("out of memory");
	return true;
}

/* A line of the reason the player gave for the action before it (struct action's note). */
static bool rd_note(struct reader *r)
{
	char text[POSITION_ACTION_TEXT];
	if (r->rec.n == 0)
		return FAIL("'note' before any 'action'");
	if (!parse_quoted(r, 1, text, sizeof text))
		return false;
	if (strpbrk(text, "\r\n"))
		return FAIL("line break in a note");
	if (!record_note(&r->rec, text))
		return FAIL("out of memory");
	return true;
}

static bool rd_end(struct reader *r)
{
	return nfields(r, 1, 1);
}

/* Every record kind with how many a file must have (min..max). log-count and start come
 * first: rd_event and rd_action look at their counts. */
static const struct record_key {
	const char *name;
	record_fn fn;
	int min, max;
} record_keys[] = {
	{ "log-count", rd_log_count, 1, 1 },
	{ "start", rd_start, 0, 1 },
	{ "setup", rd_setup, 1, 1 },
	{ "options", rd_options, 1, 1 },
	{ "turn", rd_turn, 1, 1 },
	{ "pending", rd_pending, 1, 1 },
	{ "rng", rd_rng, 1, 1 },
	{ "dice", rd_dice, 1, 1 },
	{ "corps", rd_corps, CORPS_COUNT, CORPS_COUNT },
	{ "commitment-lifted", rd_commitment_lifted, 1, 1 },
	{ "hood-released", rd_hood_released, 1, 1 },
	{ "vi-entered-free", rd_vi_entered_free, 1, 1 },
	{ "ap-hill", rd_ap_hill, 1, 1 },
	{ "entries", rd_entries, 1, 1 },
	{ "ford", rd_ford, 0, 16 },
	{ "control", rd_control, 0, HEX_INDEX_COUNT },
	{ "unit", rd_unit, ROSTER_UNITS, ROSTER_UNITS },
	{ "combat", rd_combat, 1, 1 },
	{ "decl", rd_decl, 0, COMBAT_DECL_MAX },
	{ "queue", rd_queue, 1, 1 },
	{ "combat-flow", rd_combat_flow, 0, 1 },
	{ "round1", rd_round1, 0, COMBAT_DECL_MAX * COMBAT_DEFHEX_MAX },
	{ "last-fire", rd_last_fire, 0, 1 },     /* versions 1-3 */
	{ "last-attack", rd_last_attack, 0, 1 }, /* versions 1-3 */
	{ "solitaire", rd_solitaire, 0, 1 }, /* optional: files of before the solitaire game */
	{ "objective", rd_objective, 0, SOLO_FORMATIONS },
	{ "event", rd_event, 0, POSITION_EVENTS },
	{ "action", rd_action, 0, 1 << 30 },
	{ "note", rd_note, 0, 1 << 30 },
	{ "order-of-battle", rd_order_of_battle, 0, 1 }, /* required from version 3 */
	{ "ground", rd_ground, 0, 1 },                   /* required from POSITION_NAMES_DATA */
	{ "charts", rd_charts, 0, 1 },                   /* required from POSITION_NAMES_DATA */
	{ "end", rd_end, 1, 1 },
};
#define NKEYS (int)(sizeof record_keys / sizeof record_keys[0])
#define KEY_END (NKEYS - 1)

_Static_assert(NKEYS <= 40, "struct reader counts 40 record kinds");

static int key_index(const char *name)
{
	for (int k = 0; k < NKEYS; k++)
		if (!strcmp(record_keys[k].name, name))
			return k;
	return 0;
}

/* Checks between records, made once the whole file is read; reported at the line of the
 * record they concern. */
static bool check_whole(struct reader *r)
{
	struct game *g = r->g;
	if (r->df.version >= 3 && !r->count[key_index("order-of-battle")]) {
		r->df.line = 2;
		return FAIL("missing 'order-of-battle' record (version 3 names its order of battle)");
	}
	for (int k = 0; r->df.version >= POSITION_NAMES_DATA && k < 2; k++)
		if (!r->count[key_index(k ? "charts" : "ground")]) {
			r->df.line = 2;
			return FAIL("missing '%s' record (version %d names its ground and charts)",
				    k ? "charts" : "ground", POSITION_NAMES_DATA);
		}
	for (int k = 0; k < NKEYS; k++)
		if (r->count[k] < record_keys[k].min) {
			if (k == KEY_END)
				return FAIL("truncated file: no 'end' line");
			if (!strcmp(record_keys[k].name, "unit")) {
				for (int u = 0; u < ROSTER_UNITS; u++)
					if (!r->unit_seen[u]) {
						char name[16];
						unit_name(u, name);
						return FAIL("no 'unit' record for %s", name);
					}
			}
			if (!strcmp(record_keys[k].name, "corps"))
				for (int c = 0; c < CORPS_COUNT; c++)
					if (!r->corps_seen[c])
						return FAIL("no 'corps' record for %s", names_corps[c]);
			return FAIL("missing '%s' record", record_keys[k].name);
		}
	/* the events read are the newest: numbered up to log-count */
	r->events.first = g->nlog - r->nevents;
	if (g->combat.current >= g->combat.ndecl)
		return FAIL("combat current=%d but only %d declarations", g->combat.current,
			    g->combat.ndecl);
	if (r->nkinds >= 0 && r->nkinds != g->combat.nqueue) {
		r->df.line = r->line[key_index("combat-flow")];
		return FAIL("combat-flow kinds= names %d retreats, the queue holds %d", r->nkinds,
			    g->combat.nqueue);
	}

	/* The pending decision (SEQUENCE.md): its owner, phase and subject must fit. */
	r->df.line = r->line[key_index("pending")];
	const struct pending *p = &g->pending;
	const char *what = names_decision[p->what];
	if (p->side == SIDE_NONE && p->what != DECISION_GAMEOVER)
		return FAIL("pending %s: no side owns it", what);
	if (decision_rules[p->what].phase >= 0 && decision_rules[p->what].phase != (int)g->phase)
		return FAIL("pending %s in the %s phase", what, names_phase[g->phase]);
	if (decision_rules[p->what].owner >= 0 &&
	    (p->side == g->side) != (decision_rules[p->what].owner == 1))
		return FAIL("pending %s belongs to the %s player, not %s", what,
			    decision_rules[p->what].owner ? "phasing" : "non-phasing",
			    names_side[p->side]);
	if (decision_rules[p->what].subject != (p->subject >= 0))
		return FAIL(decision_rules[p->what].subject ? "pending %s must name a unit"
							      : "pending %s takes no unit", what);
	if (p->subject >= 0) {
		const struct unit_state *us = &g->unit[p->subject];
		char name[16];
		unit_name(p->subject, name);
		if ((p->subject < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE) != p->side)
			return FAIL("pending %s %s: not a %s unit", what, name, names_side[p->side]);
		if (us->hex == HEX_NONE || us->steps == 0)
			return FAIL("pending %s %s: the unit is not on the map", what, name);
	}
	/* Each record can be right and the whole still break a rule no game can reach (two
	 * infantry units in a hex, both sides in one): refused, since the engine relies on it. */
	char why[256];
	if (!check_game(g, why, sizeof why)) {
		r->df.line = r->line[key_index("end")];
		return FAIL("not a position a game can reach: %s", why);
	}
	return true;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f)
			return false;
	return true;
}

/* A record refused on the file's last line, with no 'end' line before it: the file was cut
 * off (a copy or a save that stopped half way), which the message says first. */
static bool truncated_here(struct reader *r)
{
	if (r->count[KEY_END] || getc(r->df.f) != EOF)
		return false;
	char prefix[300], was[DATAFILE_ERR_MAX];
	int n = snprintf(prefix, sizeof prefix, "%.200s:%d: ", r->df.path, r->df.line);
	const char *msg = n > 0 && !strncmp(r->df.err, prefix, (size_t)n) ? r->df.err + n : r->df.err;
	if (!strncmp(msg, "truncated", 9))
		return false;
	snprintf(was, sizeof was, "%s", msg);
	return FAIL("truncated file: it ends at this line, without its 'end' line (%.300s)", was);
}

static bool read_records(struct reader *r);

static bool read_all(struct reader *r)
{
	if (read_records(r))
		return true;
	truncated_here(r);
	return false;
}

static bool read_records(struct reader *r)
{
	int rc;
	while ((rc = datafile_next(&r->df)) > 0) {
		if (r->count[KEY_END])
			return FAIL("text after the 'end' line");
		for (int i = 0; i < r->df.nfields; i++)
			if (!printable(r->df.field[i]))
				return FAIL("a character that is not printable ASCII (field %d)", i + 1);
		int k;
		for (k = 0; k < NKEYS; k++)
			if (!strcmp(r->df.field[0], record_keys[k].name))
				break;
		if (k == NKEYS)
			return FAIL("unknown record '%.40s'", r->df.field[0]);
		if (r->count[k] == record_keys[k].max)
			return record_keys[k].max == 1
				       ? FAIL("'%s' given twice", record_keys[k].name)
				       : FAIL("more than %d '%s' records", record_keys[k].max,
					      record_keys[k].name);
		if (!record_keys[k].fn(r))
			return false;
		r->count[k]++;
		r->line[k] = r->df.line;
	}
	if (rc < 0)
		return false;
	if (!r->count[KEY_END]) {
		if (r->df.line == 0)
			r->df.line = 1;
		return FAIL("truncated file: no 'end' line");
	}
	return check_whole(r);
}

/* One reading of the file's text under scenario `as` of s's versions (the data a file that
 * names none gets; a file that names them takes its own): into g and rec when all is good. */
static bool read_text(struct game *g, struct position_record *rec, const struct scenario *s,
		      const struct scenario *as, const char *text, size_t len, const char *name,
		      int *version, int *line, char *err, size_t errlen)
{
	struct reader *r = calloc(1, sizeof *r);
	struct game *scratch = calloc(1, sizeof *scratch);
	FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
	bool ok = false;
	if (!r || !scratch || (len && !f)) {
		snprintf(err, errlen, "%s: out of memory", name);
		goto done;
	}
	r->base = s;
	r->s = as;
	r->g = scratch;
	scratch->scn = r->s;
	scratch->corps_moving = -1;
	scratch->pending.subject = -1;
	scratch->combat.attacking = scratch->combat.advancer = scratch->combat.advance_from = -1;
	r->nkinds = -1;
	memset(scratch->control, SIDE_NONE, sizeof scratch->control);
	if (!f)
		f = fopen("/dev/null", "r"); /* an empty file: the reader says what is missing */
	if (!f || !datafile_open_stream(&r->df, f, name, "position", POSITION_VERSION) ||
	    !read_all(r)) {
		snprintf(err, errlen, "%s", f ? r->df.err : "out of memory");
		*version = r->df.version;
		*line = r->df.line;
		goto done;
	}
	*version = r->df.version;
	*g = *scratch;
	if (rec) {
		record_free(rec);
		*rec = r->rec;
		rec->events = r->events;
		memset(&r->rec, 0, sizeof r->rec);
		memset(&r->events, 0, sizeof r->events);
	}
	ok = true;
done:
	if (f)
		fclose(f);
	if (r) {
		record_free(&r->rec);
		event_log_free(&r->events);
	}
	free(r);
	free(scratch);
	return ok;
}

/* The order of battle of the time of each position format before 3: the counters changed under
 * version 2 (2b16362), so a file of version 2 gets order of battle 2 or, when it does not fit
 * it (a unit with more steps than its counter has), 1. */
static const int legacy_oob[3] = { 0, 1, 2 };

/* The grounds and charts of the time of a position format before POSITION_NAMES_DATA, oldest
 * first, into out (at most POSITION_VERSIONS_MAX). The ground changed at cc13778 (2) and
 * 02fb4f0 (3), the charts at 223a33c (2), the formats at 951ad21 (2), b3ec1ab (3), 4198ccd (4)
 * and 74fc521 (5): version 1 spans grounds 1 and 2, version 2 grounds 2 and 3, version 4
 * charts 1 and 2. */
static int legacy_versions(int version, struct position_versions *out)
{
	static const struct position_versions of[][POSITION_VERSIONS_MAX] = {
		[1] = { { 1, 1 }, { 2, 1 } },
		[2] = { { 2, 1 }, { 3, 1 } },
		[3] = { { 3, 1 } },
		[4] = { { 3, 1 }, { 3, 2 } },
		[5] = { { 3, 2 } },
	};
	if (version < 1 || version >= POSITION_NAMES_DATA ||
	    version >= (int)(sizeof of / sizeof of[0]))
		return 0;
	int n = 0;
	while (n < POSITION_VERSIONS_MAX && of[version][n].ground)
		out[n] = of[version][n], n++;
	return n;
}

bool position_read(struct game *g, struct position_record *rec, const struct scenario *s,
		   FILE *f, const char *name, char *err, size_t errlen)
{
	/* the text is kept so that a file naming no order of battle can be read under each (and
	 * its first line looked at: its version) */
	char *text = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		if (len == cap) {
			char *t = realloc(text, cap = cap ? cap * 2 : 65536);
			if (!t) {
				free(text);
				snprintf(err, errlen, "%s: out of memory", name);
				return false;
			}
			text = t;
		}
		size_t n = fread(text + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	text[len] = 0; /* the last read had room and read nothing: len < cap */
	if (ferror(f)) {
		free(text);
		snprintf(err, errlen, "%s: cannot read: %s", name, strerror(errno));
		return false;
	}
	/* A file of POSITION_NAMES_DATA on names its data: one reading. One of before is read on
	 * the first ground and charts of its time the program has (legacy_versions; the match
	 * settles which by replaying its record, match.h), and one of before version 3, which
	 * names no order of battle either, under the order of battle of its time, then the ones
	 * before it, then the later ones, the newest last: the first that fits wins. When none
	 * fits, the message is that of the reading that went furthest into the file. */
	int version = 0, line = 0;
	struct position_versions cand[POSITION_VERSIONS_MAX];
	int ncand = 0;
	if (sscanf(text, "antietam-position %d", &version) != 1)
		version = 0;
	for (int i = 0, n = legacy_versions(version, cand); i < n; i++)
		if (scenario_version(s, cand[i].ground, 1, cand[i].charts))
			cand[ncand++] = cand[i];
	const struct scenario *top = scenario_newest(s);
	int newest = scenario_oob_version(top);
	int ground = ncand ? cand[0].ground : scenario_ground(top);
	int charts = ncand ? cand[0].charts : scenario_charts(top);
	int order[ROSTER_VERSION_MAX + 1], n = 0;
	if (version >= 1 && version < 3) {
		int own = legacy_oob[version] < newest ? legacy_oob[version] : newest;
		for (int v = own; v >= 1; v--)
			order[n++] = v;
		for (int v = own + 1; v <= newest; v++)
			order[n++] = v;
	} else
		order[n++] = newest; /* named in the file (or the file is refused) */
	bool ok = false;
	struct game *read = malloc(sizeof *read);
	if (!read)
		snprintf(err, errlen, "%s: out of memory", name);
	for (int i = 0; read && i < n && !ok; i++) {
		const struct scenario *as = scenario_version(s, ground, order[i], charts);
		if (!as)
			continue;
		struct position_record orec = { 0 };
		char e2[DATAFILE_ERR_MAX];
		int ver, at = 0;
		ok = read_text(read, rec ? &orec : NULL, s, as, text, len, name, &ver, &at, e2,
			       sizeof e2);
		if (ok) {
			*g = *read;
			if (rec) {
				record_free(rec);
				*rec = orec;
				rec->format = ver;
				rec->nversions = ncand;
				memcpy(rec->versions, cand, sizeof cand);
			}
		} else if (at > line || i == 0) {
			line = at;
			snprintf(err, errlen, "%s", e2);
		}
	}
	free(read);
	free(text);
	return ok;
}
