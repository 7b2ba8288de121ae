/* sim_csv.c — owns games.csv, turns.csv and hours.csv (docs/simulate.md): writing a game's
 * rows and reading a directory's files back into the same records (for --merge). No field ever
 * holds a comma or a quote, so the files are plain comma-separated text with one header. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datafile.h"
#include "hex.h"
#include "sim.h"
#include "victory.h"


/* ---- the columns of games.csv and turns.csv: one table each, read by the header, the
 * writer and the reader alike ---- */

enum col_type {
	COL_SEED,        /* uint64_t, decimal */
	COL_RULES,       /* sim_config.rules, by sim_rules_names */
	COL_YES,         /* bool: yes, no */
	COL_PLAYER,      /* a side's player, char[SIM_NAME_MAX] (sim_player_parse reads it) */
	COL_VP,          /* int, half VPs, written 17.5 / -3 (victory_format) */
	COL_TEXT,        /* char[size], not empty */
	COL_SCENARIO,    /* char[size]: a scenario's key, "" (the whole day) written "-" */
	COL_INT,         /* an integer of `size` bytes (1 unsigned, 4 or 8 signed), min..max */
	COL_HELD,        /* uint8_t, hexes of the objective held: 0..its hexes */
	COL_STATUS,      /* int8_t, enum corps_status by its name */
	COL_UNION_HEXES, /* the objective hexes the Union holds, "1811 1812" */
	COL_UNIT_AT,     /* a unit at an hour (struct sim_hour): STEPS@HEX, or - off the map */
};

/* A column repeated: once, for each side (union, confederate), for each corps (I, II, V …),
 * for each objective of the layout (its key) or for each unit (its id, U1 … C53); the
 * header's word is `name` with %s replaced by the side's, the corps', the objective's or the
 * unit's word. */
enum col_repeat { ONCE, BY_SIDE, BY_CORPS, BY_OBJECTIVE, BY_UNIT };

struct column {
	const char *name;
	enum col_type type;
	enum col_repeat rep;
	size_t off, size; /* the field in struct sim_game or sim_turn; size: of one element */
	long min, max;    /* COL_INT */
};

/* A column of one field, and one repeated over an array's elements. */
#define GAME_COL(name, type, member, min, max)                                                \
	{ name, type, ONCE, offsetof(struct sim_game, member),                                 \
	  sizeof(((struct sim_game *)0)->member), min, max }
#define GAME_COLS(name, type, rep, member, min, max)                                          \
	{ name, type, rep, offsetof(struct sim_game, member),                                  \
	  sizeof(((struct sim_game *)0)->member[0]), min, max }
#define TURN_COL(name, type, member, min, max)                                                \
	{ name, type, ONCE, offsetof(struct sim_turn, member),                                 \
	  sizeof(((struct sim_turn *)0)->member), min, max }
#define TURN_COLS(name, type, rep, member, min, max)                                          \
	{ name, type, rep, offsetof(struct sim_turn, member),                                  \
	  sizeof(((struct sim_turn *)0)->member[0]), min, max }

/* games.csv (docs/simulate.md): a row a game. */
static const struct column game_cols[] = {
	GAME_COL("seed", COL_SEED, seed, 0, 0),
	GAME_COL("rules", COL_RULES, cfg.rules, 0, 0),
	GAME_COL("mishap", COL_YES, cfg.mishap, 0, 0),
	GAME_COL("unleashed", COL_YES, cfg.unleashed, 0, 0),
	GAME_COL("quick_setup", COL_YES, cfg.quick, 0, 0),
	GAME_COL("scenario", COL_SCENARIO, cfg.scenario, 0, 0),
	GAME_COLS("%s", COL_PLAYER, BY_SIDE, player_name, 0, 0),
	GAME_COL("vp_two_player", COL_VP, vp2_two, 0, 0),
	GAME_COL("level_two_player", COL_TEXT, level_two, 0, 0),
	GAME_COL("vp_solitaire", COL_VP, vp2_solo, 0, 0),
	GAME_COL("level_solitaire", COL_TEXT, level_solo, 0, 0),
	GAME_COLS("steps_lost_%s", COL_INT, BY_SIDE, steps_lost, 0, 1000000),
	GAME_COLS("steps_regrouped_%s", COL_INT, BY_SIDE, steps_regrouped, 0, 1000000),
	GAME_COLS("men_lost_%s", COL_INT, BY_SIDE, men_lost, 0, 1000000),
	GAME_COLS("infantry_eliminated_%s", COL_INT, BY_SIDE, infantry_elim, 0, 1000000),
	GAME_COLS("batteries_eliminated_%s", COL_INT, BY_SIDE, batteries_elim, 0, 1000000),
	GAME_COLS("men_lost_%s", COL_INT, BY_CORPS, corps_men, 0, 1000000),
	GAME_COL("ap_hill_turn", COL_INT, ap_hill_turn, 0, GAME_TURNS),
	GAME_COLS("committed_%s", COL_INT, BY_CORPS, commit_turn, 0, GAME_TURNS),
	GAME_COL("actions", COL_INT, actions, 0, LONG_MAX),
	GAME_COLS("union_%s", COL_HELD, BY_OBJECTIVE, held, 0, 0),
	GAME_COL("union_hexes", COL_UNION_HEXES, union_hex, 0, 0),
};

/* turns.csv: a row a game and turn, after its `seed,turn`. */
static const struct column turn_cols[] = {
	TURN_COL("vp_two_player", COL_VP, vp2[0], 0, 0),
	TURN_COL("vp_solitaire", COL_VP, vp2[1], 0, 0),
	TURN_COLS("steps_lost_%s", COL_INT, BY_SIDE, steps_lost, 0, 1000000),
	TURN_COLS("eliminated_%s", COL_INT, BY_SIDE, eliminated, 0, ROSTER_UNITS),
	TURN_COLS("corps_%s", COL_STATUS, BY_CORPS, corps, 0, 0),
	TURN_COLS("union_%s", COL_HELD, BY_OBJECTIVE, held, 0, 0),
};

/* hours.csv: a row a game and hour (9 a.m. and 1 p.m.), after its `seed,turn`: every unit's
 * steps and hex (the record, a struct sim_hour). */
static const struct column hour_cols[] = {
	{ "%s", COL_UNIT_AT, BY_UNIT, 0, 0, 0, 0 },
};

#define NCOLS(t) (int)(sizeof t / sizeof t[0])

/* How many columns c stands for, and the word of its i-th. */
static int col_count(const struct sim_layout *l, const struct column *c)
{
	return c->rep == BY_SIDE ? 2 : c->rep == BY_CORPS ? CORPS_COUNT :
	       c->rep == BY_OBJECTIVE ? l->nobj : c->rep == BY_UNIT ? ROSTER_UNITS : 1;
}

static void col_name(const struct sim_layout *l, const struct column *c, int i, char *buf,
		     size_t len)
{
	const char *word = c->rep == BY_SIDE ? names_side[i] :
			   c->rep == BY_CORPS ? names_of_corps((enum corps)i) :
			   c->rep == BY_OBJECTIVE ? l->key[i] :
			   c->rep == BY_UNIT ? names_of_unit(i) : "";
	const char *at = strstr(c->name, "%s");
	if (at)
		snprintf(buf, len, "%.*s%s%s", (int)(at - c->name), c->name, word, at + 2);
	else
		snprintf(buf, len, "%s", c->name);
}

static void header_of(const struct sim_layout *l, const struct column *cols, int n, FILE *f)
{
	for (int k = 0; k < n; k++)
		for (int i = 0; i < col_count(l, &cols[k]); i++) {
			char name[64];
			col_name(l, &cols[k], i, name, sizeof name);
			fprintf(f, "%s%s", k || i ? "," : "", name);
		}
	fputc('\n', f);
}

/* An integer field of 1 (unsigned), 4 or 8 bytes. */
static long int_get(const void *p, size_t size)
{
	return size == 1 ? *(const uint8_t *)p : size == 4 ? *(const int *)p : *(const long *)p;
}

static void int_set(void *p, size_t size, long v)
{
	if (size == 1)
		*(uint8_t *)p = (uint8_t)v;
	else if (size == 4)
		*(int *)p = (int)v;
	else
		*(long *)p = v;
}

static void vp(int vp2, FILE *f)
{
	char buf[16];
	victory_format(vp2, buf, sizeof buf);
	fputs(buf, f);
}

/* Column c's i-th value of the record at base (a sim_game or a sim_turn; g the game). */
static void col_write(const struct sim_layout *l, const struct column *c, int i,
		      const struct sim_game *g, const void *base, FILE *f)
{
	const char *p = (const char *)base + c->off + (size_t)i * c->size;
	switch (c->type) {
	case COL_SEED: fprintf(f, "%llu", (unsigned long long)g->seed); break;
	case COL_RULES: fputs(sim_rules_names[g->cfg.rules], f); break;
	case COL_YES: fputs(*(const bool *)p ? "yes" : "no", f); break;
	case COL_PLAYER: case COL_TEXT: fputs(p, f); break;
	case COL_SCENARIO: fputs(*p ? p : "-", f); break;
	case COL_VP: vp(*(const int *)p, f); break;
	case COL_INT: case COL_HELD: fprintf(f, "%ld", int_get(p, c->size)); break;
	case COL_STATUS:
		fputs(names_of_corps_status((enum corps_status)*(const int8_t *)p), f);
		break;
	case COL_UNION_HEXES:
		for (int h = 0, first = 1; h < l->nhex; h++)
			if (g->union_hex[h]) {
				fprintf(f, "%s%04d", first ? "" : " ", l->hex[h]);
				first = 0;
			}
		break;
	case COL_UNIT_AT: {
		const struct sim_hour *h = base;
		if (h->hex[i] == HEX_NONE)
			fputs("-", f);
		else
			fprintf(f, "%d@%04d", h->steps[i], h->hex[i]);
		break;
	}
	}
}

static void row_of(const struct sim_layout *l, const struct column *cols, int n,
		   const struct sim_game *g, const void *base, FILE *f)
{
	for (int k = 0; k < n; k++)
		for (int i = 0; i < col_count(l, &cols[k]); i++) {
			if (k || i)
				fputc(',', f);
			col_write(l, &cols[k], i, g, base, f);
		}
	fputc('\n', f);
}

void sim_csv_games_header(const struct sim_layout *l, FILE *f)
{
	header_of(l, game_cols, NCOLS(game_cols), f);
}

void sim_csv_game(const struct sim_layout *l, const struct sim_game *g, FILE *f)
{
	row_of(l, game_cols, NCOLS(game_cols), g, g, f);
}

void sim_csv_turns_header(const struct sim_layout *l, FILE *f)
{
	fputs("seed,turn,", f);
	header_of(l, turn_cols, NCOLS(turn_cols), f);
}

void sim_csv_turns(const struct sim_layout *l, const struct sim_game *g, FILE *f)
{
	for (int t = 0; t < g->nturns; t++) {
		fprintf(f, "%llu,%d,", (unsigned long long)g->seed, t + 1);
		row_of(l, turn_cols, NCOLS(turn_cols), g, &g->turn[t], f);
	}
}

void sim_csv_hours_header(FILE *f)
{
	fputs("seed,turn,", f);
	header_of(NULL, hour_cols, NCOLS(hour_cols), f);
}

void sim_csv_hours(const struct sim_game *g, FILE *f)
{
	for (int k = 0; k < g->nhours; k++) {
		fprintf(f, "%llu,%d,", (unsigned long long)g->seed, sim_hour_turns[k]);
		row_of(NULL, hour_cols, NCOLS(hour_cols), g, &g->hour[k], f);
	}
}

/* ---- reading ---- */

#define FIELDS_MAX 128
#define LINE_MAX_CSV 8192

struct reader {
	const char *path;
	FILE *f;
	int line;
	char buf[LINE_MAX_CSV];
	char *field[FIELDS_MAX];
	int n, at;        /* fields, next field to take */
	char *err;
	size_t errlen;
};

static bool fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct reader *r, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(r->err, r->errlen, "%s:%d: %s", r->path, r->line, msg);
	return false;
}

/* The next line split at commas: 1, 0 at the end, -1 on error. */
static int next_line(struct reader *r)
{
	int c = getc(r->f);
	if (c == EOF)
		return 0;
	r->line++;
	size_t k = 0;
	for (; c != EOF && c != '\n'; c = getc(r->f)) {
		if (c == 0 || k + 1 == sizeof r->buf) {
			fail(r, "%s", c == 0 ? "a NUL byte" : "line too long");
			return -1;
		}
		r->buf[k++] = (char)c;
	}
	r->buf[k] = 0;
	if (c == EOF) {
		fail(r, "%s", "the last line has no end of line (a file cut short?)");
		return -1;
	}
	r->n = r->at = 0;
	for (char *p = r->buf;; p++) {
		if (r->n == FIELDS_MAX) {
			fail(r, "%s", "too many fields");
			return -1;
		}
		r->field[r->n++] = p;
		p = strchr(p, ',');
		if (!p)
			break;
		*p = 0;
	}
	return 1;
}

static const char *take(struct reader *r, const char *col)
{
	if (r->at >= r->n) {
		fail(r, "missing field %s", col);
		return NULL;
	}
	return r->field[r->at++];
}

static bool take_int(struct reader *r, const char *col, long min, long max, long *out)
{
	const char *s = take(r, col);
	if (!s)
		return false;
	char *end, again[32];
	errno = 0;
	long v = strtol(s, &end, 10);
	snprintf(again, sizeof again, "%ld", v);
	if (!*s || *end || errno || v < min || v > max || strcmp(again, s))
		return fail(r, "bad %s (a plain integer in range)", col);
	*out = v;
	return true;
}

static bool take_seed(struct reader *r, unsigned long long *out)
{
	const char *s = take(r, "seed");
	if (!s)
		return false;
	char *end, again[32];
	errno = 0;
	*out = strtoull(s, &end, 10);
	snprintf(again, sizeof again, "%llu", *out);
	if (!*s || *end || errno || strcmp(again, s))
		return fail(r, "bad %s", "seed");
	return true;
}

/* "17.5", "-3": half points. */
static bool take_vp(struct reader *r, const char *col, int *vp2)
{
	const char *s = take(r, col);
	if (!s)
		return false;
	char *end, again[16];
	errno = 0;
	long v = strtol(s, &end, 10);
	int half = 0;
	if (end[0] == '.' && end[1] == '5' && !end[2])
		half = s[0] == '-' ? -1 : 1;
	else if (*end || end == s)
		return fail(r, "bad %s", col);
	if (errno || v < -100000 || v > 100000)
		return fail(r, "bad %s", col);
	*vp2 = (int)(2 * v + half);
	victory_format(*vp2, again, sizeof again);
	if (strcmp(again, s))
		return fail(r, "bad %s (VPs as 17.5, -3)", col);
	return true;
}

static bool take_str(struct reader *r, const char *col, char *out, size_t len)
{
	const char *s = take(r, col);
	if (!s)
		return false;
	if (strlen(s) >= len || !*s)
		return fail(r, "bad %s", col);
	memcpy(out, s, strlen(s) + 1);
	return true;
}

static bool take_yes(struct reader *r, const char *col, bool *out)
{
	const char *s = take(r, col);
	if (!s)
		return false;
	if (strcmp(s, "yes") && strcmp(s, "no"))
		return fail(r, "%s is yes or no", col);
	*out = !strcmp(s, "yes");
	return true;
}

static bool header(struct reader *r, const char *want)
{
	int k = next_line(r);
	if (k <= 0)
		return k < 0 ? false : fail(r, "%s", "empty file (no header)");
	/* rejoin the fields to compare the whole line */
	char line[LINE_MAX_CSV] = "";
	size_t used = 0;
	for (int i = 0; i < r->n; i++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i ? "," : "",
					 r->field[i]);
	size_t wl = strlen(want);
	if (wl && want[wl - 1] == '\n')
		wl--;
	if (strlen(line) != wl || strncmp(line, want, wl))
		return fail(r, "%s", "the header is not this version's (different data or program?)");
	return true;
}

/* Read column c's i-th value into the record at base (a sim_game or a sim_turn of g). */
static bool col_read(struct reader *r, const struct sim_layout *l, const struct column *c,
		     int i, struct sim_game *g, void *base)
{
	char name[64], perr[256];
	col_name(l, c, i, name, sizeof name);
	char *p = (char *)base + c->off + (size_t)i * c->size;
	switch (c->type) {
	case COL_SEED: {
		unsigned long long seed;
		if (!take_seed(r, &seed))
			return false;
		g->seed = (uint64_t)seed;
		return true;
	}
	case COL_RULES: {
		char rules[24];
		if (!take_str(r, name, rules, sizeof rules))
			return false;
		for (int k = 0; k < SIM_RULES_COUNT; k++)
			if (!strcmp(rules, sim_rules_names[k])) {
				g->cfg.rules = (enum sim_rules)k;
				return true;
			}
		return fail(r, "unknown rules '%s'", rules);
	}
	case COL_YES:
		return take_yes(r, name, (bool *)p);
	case COL_PLAYER: /* after the rules: a player is parsed under them */
		if (!take_str(r, name, p, c->size))
			return false;
		if (!sim_player_parse(p, (enum side)i, g->cfg.rules, &g->cfg.player[i], perr,
				      sizeof perr))
			return fail(r, "%s", perr);
		return true;
	case COL_TEXT:
		return take_str(r, name, p, c->size);
	case COL_SCENARIO:
		if (!take_str(r, name, p, c->size))
			return false;
		if (!strcmp(p, "-"))
			*p = 0; /* the whole day */
		return true;
	case COL_VP:
		return take_vp(r, name, (int *)p);
	case COL_INT:
	case COL_HELD: {
		long v;
		if (!take_int(r, name, c->type == COL_HELD ? 0 : c->min,
			      c->type == COL_HELD ? l->nhexes[i] : c->max, &v))
			return false;
		int_set(p, c->size, v);
		return true;
	}
	case COL_STATUS: {
		const char *st = take(r, name);
		enum corps_status cs;
		if (!st)
			return false;
		if (!names_parse_corps_status(st, &cs)) {
			char what[128];
			snprintf(what, sizeof what, "%s (a corps status, not '%.32s')", name, st);
			return fail(r, "bad %s", what);
		}
		*(int8_t *)p = (int8_t)cs;
		return true;
	}
	case COL_UNIT_AT: {
		struct sim_hour *h = base;
		const char *cell = take(r, name);
		int steps, hex;
		char extra;
		if (!cell)
			return false;
		if (!strcmp(cell, "-")) {
			h->steps[i] = 0;
			h->hex[i] = HEX_NONE;
			return true;
		}
		if (sscanf(cell, "%d@%d%c", &steps, &hex, &extra) != 2 || steps < 1 ||
		    steps > ROSTER_STEPS_MAX || !hex_valid(hex))
			return fail(r, "bad %s '%s' (STEPS@HEX or -)", name, cell);
		h->steps[i] = (int8_t)steps;
		h->hex[i] = (int16_t)hex;
		return true;
	}
	case COL_UNION_HEXES: {
		const char *hexes = take(r, name);
		if (!hexes)
			return false;
		/* "1811 1812 …": objective hexes as CCRR, in the layout's order, each once */
		for (int last = -1; *hexes;) {
			int h = 0, k = 0;
			while (k < 4 && isdigit((unsigned char)hexes[k]))
				h = 10 * h + (hexes[k++] - '0');
			int at = last + 1;
			while (at < l->nhex && l->hex[at] != h)
				at++;
			if (k != 4 || at == l->nhex || (hexes[4] && (hexes[4] != ' ' || !hexes[5])))
				return fail(r, "%s", "union_hexes: objective hexes as CCRR in the map's "
					    "order, each once, one blank apart");
			g->union_hex[at] = 1;
			last = at;
			hexes += hexes[4] ? 5 : 4;
		}
		return true;
	}
	}
	return false;
}

/* The rest of a row: every column of cols, and nothing after them. */
static bool row_read(struct reader *r, const struct sim_layout *l, const struct column *cols,
		     int n, struct sim_game *g, void *base)
{
	for (int k = 0; k < n; k++)
		for (int i = 0; i < col_count(l, &cols[k]); i++)
			if (!col_read(r, l, &cols[k], i, g, base))
				return false;
	if (r->at != r->n)
		return fail(r, "%s", "too many fields");
	return true;
}

static bool game_row(struct reader *r, const struct sim_layout *l, struct sim_game *g)
{
	memset(g, 0, sizeof *g);
	return row_read(r, l, game_cols, NCOLS(game_cols), g, g);
}

static int cmp_seed(const void *a, const void *b)
{
	const struct sim_game *x = a, *y = b;
	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

/* A row's "seed,turn": the game of that seed among games (NULL, with the message, when the
 * fields are bad or games.csv has no such seed: what names the row's kind). */
static struct sim_game *row_game(struct reader *r, struct sim_game *games, int n, long *turn,
				 const char *what)
{
	unsigned long long seed;
	if (!take_seed(r, &seed) || !take_int(r, "turn", 1, GAME_TURNS, turn))
		return NULL;
	struct sim_game key = { .seed = (uint64_t)seed };
	struct sim_game *g = bsearch(&key, games, (size_t)n, sizeof *games, cmp_seed);
	if (!g)
		fail(r, "%s of a seed games.csv does not have", what);
	return g;
}

static bool turn_row(struct reader *r, const struct sim_layout *l, struct sim_game *games,
		     int n)
{
	long turn;
	struct sim_game *g = row_game(r, games, n, &turn, "a turn");
	if (!g)
		return false;
	if (turn != g->nturns + 1)
		return fail(r, "%s", "turns out of order");
	return row_read(r, l, turn_cols, NCOLS(turn_cols), g, &g->turn[g->nturns++]);
}

static bool open_reader(struct reader *r, const char *dir, const char *name, char *path,
			size_t plen, char *err, size_t errlen);

static bool hour_row(struct reader *r, struct sim_game *games, int n)
{
	long turn;
	struct sim_game *g = row_game(r, games, n, &turn, "an hour");
	if (!g)
		return false;
	if (g->nhours == SIM_HOURS || turn != sim_hour_turns[g->nhours])
		return fail(r, "%s", "hours out of order");
	return row_read(r, NULL, hour_cols, NCOLS(hour_cols), g, &g->hour[g->nhours++]);
}

/* hours.csv of dir when there is one (runs before issue 31 have none: no hours). */
static bool read_hours(struct reader *r, const char *dir, struct sim_game *games, int n,
		       char *err, size_t errlen)
{
	char path[1024], *head = NULL;
	size_t len = 0;
	snprintf(path, sizeof path, "%s/hours.csv", dir);
	struct stat st; /* not opened to look: a FIFO would block (open_reader refuses one) */
	if (stat(path, &st) != 0)
		return errno == ENOENT || (snprintf(err, errlen, "%s: cannot open: %s", path,
						    strerror(errno)), false);
	FILE *hf = open_memstream(&head, &len);
	if (!hf) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	sim_csv_hours_header(hf);
	fclose(hf);
	bool ok = open_reader(r, dir, "hours.csv", path, sizeof path, err, errlen);
	if (ok) {
		ok = header(r, head);
		int k;
		while (ok && (k = next_line(r)) != 0)
			ok = k > 0 && hour_row(r, games, n);
		fclose(r->f);
	}
	for (int i = 0; ok && i < n; i++)
		if (games[i].nhours != SIM_HOURS) {
			snprintf(err, errlen, "%s: seed %llu has %d hours, not %d", path,
				 (unsigned long long)games[i].seed, games[i].nhours, SIM_HOURS);
			ok = false;
		}
	free(head);
	return ok;
}

static bool open_reader(struct reader *r, const char *dir, const char *name, char *path,
			size_t plen, char *err, size_t errlen)
{
	snprintf(path, plen, "%s/%s", dir, name);
	memset(r, 0, sizeof *r);
	r->path = path;
	r->err = err;
	r->errlen = errlen;
	r->f = datafile_fopen(path, err, errlen); /* a FIFO refused, not waited on */
	if (!r->f)
		return false;
	return true;
}

static char *header_text(const struct sim_layout *l, bool games)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	if (games)
		sim_csv_games_header(l, f);
	else
		sim_csv_turns_header(l, f);
	fclose(f);
	return buf;
}

bool sim_csv_read(const struct sim_layout *l, const char *dir, struct sim_game **games, int *n,
		  char *err, size_t errlen)
{
	char path[1024];
	struct reader *r = malloc(sizeof *r);
	char *hg = header_text(l, true), *ht = header_text(l, false);
	int first = *n, cap = *n;
	struct sim_game *all = *games;
	bool ok = r && hg && ht;
	if (!ok)
		snprintf(err, errlen, "out of memory");
	if (ok && (ok = open_reader(r, dir, "games.csv", path, sizeof path, err, errlen))) {
		ok = header(r, hg);
		int k;
		while (ok && (k = next_line(r)) != 0) {
			if (k < 0 || r->n == 0) {
				ok = k < 0 ? false : fail(r, "%s", "empty line");
				break;
			}
			if (*n == cap) {
				cap = cap ? 2 * cap : 256;
				struct sim_game *more = realloc(all, sizeof *all * (size_t)cap);
				if (!more) {
					ok = fail(r, "%s", "out of memory");
					break;
				}
				all = more;
			}
			ok = game_row(r, l, &all[*n]);
			if (ok && *n > first && all[*n].seed <= all[*n - 1].seed)
				ok = fail(r, "%s", "seeds not in increasing order");
			if (ok)
				(*n)++;
		}
		fclose(r->f);
	}
	if (ok && (ok = open_reader(r, dir, "turns.csv", path, sizeof path, err, errlen))) {
		ok = header(r, ht);
		int k;
		while (ok && (k = next_line(r)) != 0)
			ok = k > 0 && turn_row(r, l, all + first, *n - first);
		fclose(r->f);
	}
	if (ok)
		ok = read_hours(r, dir, all + first, *n - first, err, errlen);
	for (int i = first; ok && i < *n; i++)
		if (all[i].nturns != GAME_TURNS) {
			snprintf(err, errlen, "%s: seed %llu has %d game-turns, not %d", path,
				 (unsigned long long)all[i].seed, all[i].nturns, GAME_TURNS);
			ok = false;
		}
	if (!ok)
		*n = first; /* all or nothing */
	*games = all;
	free(r);
	free(hg);
	free(ht);
	return ok;
}
