/* sim_csv.c — owns games.csv, turns.csv and hours.csv (docs/simulate.md): writing a game's
 * rows and reading a directory's files back into the same records (for --merge). No field ever
 * holds a comma or a quote, so the files are plain comma-separated text with one header. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datafile.h"
#include "hex.h"
#include "sim.h"
#include "victory.h"


void sim_csv_games_header(const struct sim_layout *l, FILE *f)
{
	fputs("seed,rules,mishap,unleashed,scenario,union,confederate,vp_two_player,level_two_player,"
	      "vp_solitaire,level_solitaire", f);
	const char *pairs[] = { "steps_lost", "steps_regrouped", "men_lost", "infantry_eliminated",
				"batteries_eliminated" };
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		fprintf(f, ",%s_union,%s_confederate", pairs[i], pairs[i]);
	for (int c = 0; c < CORPS_COUNT; c++)
		fprintf(f, ",men_lost_%s", names_of_corps((enum corps)c));
	fputs(",ap_hill_turn", f);
	for (int c = 0; c < CORPS_COUNT; c++)
		fprintf(f, ",committed_%s", names_of_corps((enum corps)c));
	fputs(",actions", f);
	for (int i = 0; i < l->nobj; i++)
		fprintf(f, ",union_%s", l->key[i]);
	fputs(",union_hexes\n", f);
}

static void vp(int vp2, FILE *f)
{
	char buf[16];
	victory_format(vp2, buf, sizeof buf);
	fprintf(f, ",%s", buf);
}

void sim_csv_game(const struct sim_layout *l, const struct sim_game *g, FILE *f)
{
	fprintf(f, "%llu,%s,%s,%s,%s,%s,%s", (unsigned long long)g->seed,
		sim_rules_names[g->cfg.rules], g->cfg.mishap ? "yes" : "no",
		g->cfg.unleashed ? "yes" : "no", g->cfg.scenario[0] ? g->cfg.scenario : "-",
		g->player_name[0], g->player_name[1]);
	vp(g->vp2_two, f);
	fprintf(f, ",%s", g->level_two);
	vp(g->vp2_solo, f);
	fprintf(f, ",%s", g->level_solo);
	const int *pairs[] = { g->steps_lost, g->steps_regrouped, g->men_lost, g->infantry_elim,
			       g->batteries_elim };
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		fprintf(f, ",%d,%d", pairs[i][0], pairs[i][1]);
	for (int c = 0; c < CORPS_COUNT; c++)
		fprintf(f, ",%d", g->corps_men[c]);
	fprintf(f, ",%d", g->ap_hill_turn);
	for (int c = 0; c < CORPS_COUNT; c++)
		fprintf(f, ",%d", g->commit_turn[c]);
	fprintf(f, ",%ld", g->actions);
	for (int i = 0; i < l->nobj; i++)
		fprintf(f, ",%d", g->held[i]);
	fputc(',', f);
	for (int i = 0, first = 1; i < l->nhex; i++)
		if (g->union_hex[i]) {
			fprintf(f, "%s%04d", first ? "" : " ", l->hex[i]);
			first = 0;
		}
	fputc('\n', f);
}

void sim_csv_turns_header(const struct sim_layout *l, FILE *f)
{
	fputs("seed,turn,vp_two_player,vp_solitaire,steps_lost_union,steps_lost_confederate,"
	      "eliminated_union,eliminated_confederate", f);
	for (int c = 0; c < CORPS_COUNT; c++)
		fprintf(f, ",corps_%s", names_of_corps((enum corps)c));
	for (int i = 0; i < l->nobj; i++)
		fprintf(f, ",union_%s", l->key[i]);
	fputc('\n', f);
}

void sim_csv_turns(const struct sim_layout *l, const struct sim_game *g, FILE *f)
{
	for (int t = 0; t < g->nturns; t++) {
		const struct sim_turn *r = &g->turn[t];
		fprintf(f, "%llu,%d", (unsigned long long)g->seed, t + 1);
		vp(r->vp2[0], f);
		vp(r->vp2[1], f);
		fprintf(f, ",%d,%d,%d,%d", r->steps_lost[0], r->steps_lost[1], r->eliminated[0],
			r->eliminated[1]);
		for (int c = 0; c < CORPS_COUNT; c++)
			fprintf(f, ",%s", names_of_corps_status((enum corps_status)r->corps[c]));
		for (int i = 0; i < l->nobj; i++)
			fprintf(f, ",%d", r->held[i]);
		fputc('\n', f);
	}
}

static void unit_id(int u, char *buf, size_t len)
{
	snprintf(buf, len, "%c%d", u < ROSTER_UNION ? 'U' : 'C',
		 u < ROSTER_UNION ? u + 1 : u - ROSTER_UNION + 1);
}

void sim_csv_hours_header(FILE *f)
{
	fputs("seed,turn", f);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		char id[8];
		unit_id(u, id, sizeof id);
		fprintf(f, ",%s", id);
	}
	fputc('\n', f);
}

void sim_csv_hours(const struct sim_game *g, FILE *f)
{
	for (int k = 0; k < g->nhours; k++) {
		fprintf(f, "%llu,%d", (unsigned long long)g->seed, sim_hour_turns[k]);
		for (int u = 0; u < ROSTER_UNITS; u++)
			if (g->hour[k].hex[u] == HEX_NONE)
				fputs(",-", f);
			else
				fprintf(f, ",%d@%04d", g->hour[k].steps[u], g->hour[k].hex[u]);
		fputc('\n', f);
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

static bool fail(struct reader *r, const char *fmt, const char *what)
{
	char msg[256];
	snprintf(msg, sizeof msg, fmt, what);
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

static bool take_i(struct reader *r, const char *col, long min, long max, int *out)
{
	long v;
	if (!take_int(r, col, min, max, &v))
		return false;
	*out = (int)v;
	return true;
}

static bool take_u8(struct reader *r, const char *col, int max, uint8_t *out)
{
	long v;
	if (!take_int(r, col, 0, max, &v))
		return false;
	*out = (uint8_t)v;
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

static bool game_row(struct reader *r, const struct sim_layout *l, struct sim_game *g)
{
	memset(g, 0, sizeof *g);
	unsigned long long seed;
	char rules[24];
	char perr[256];
	if (!take_seed(r, &seed) || !take_str(r, "rules", rules, sizeof rules) ||
	    !take_yes(r, "mishap", &g->cfg.mishap) || !take_yes(r, "unleashed", &g->cfg.unleashed))
		return false;
	g->seed = (uint64_t)seed;
	if (!strcmp(rules, sim_rules_names[SIM_SOLITAIRE]))
		g->cfg.rules = SIM_SOLITAIRE;
	else if (!strcmp(rules, sim_rules_names[SIM_TWO_PLAYER]))
		g->cfg.rules = SIM_TWO_PLAYER;
	else
		return fail(r, "unknown rules '%s'", rules);
	if (!take_str(r, "scenario", g->cfg.scenario, sizeof g->cfg.scenario))
		return false;
	if (!strcmp(g->cfg.scenario, "-"))
		g->cfg.scenario[0] = 0; /* the whole day */
	for (int s = 0; s < 2; s++) {
		if (!take_str(r, names_side[s], g->player_name[s], sizeof g->player_name[s]))
			return false;
		if (!sim_player_parse(g->player_name[s], (enum side)s, g->cfg.rules, &g->cfg.player[s],
				      perr, sizeof perr))
			return fail(r, "%s", perr);
	}
	if (!take_vp(r, "vp_two_player", &g->vp2_two) ||
	    !take_str(r, "level_two_player", g->level_two, sizeof g->level_two) ||
	    !take_vp(r, "vp_solitaire", &g->vp2_solo) ||
	    !take_str(r, "level_solitaire", g->level_solo, sizeof g->level_solo))
		return false;
	int *pairs[] = { g->steps_lost, g->steps_regrouped, g->men_lost, g->infantry_elim,
			 g->batteries_elim };
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		for (int s = 0; s < 2; s++)
			if (!take_i(r, "a loss count", 0, 1000000, &pairs[i][s]))
				return false;
	for (int c = 0; c < CORPS_COUNT; c++)
		if (!take_i(r, "men_lost by corps", 0, 1000000, &g->corps_men[c]))
			return false;
	if (!take_i(r, "ap_hill_turn", 0, GAME_TURNS, &g->ap_hill_turn))
		return false;
	for (int c = 0; c < CORPS_COUNT; c++)
		if (!take_i(r, "committed", 0, GAME_TURNS, &g->commit_turn[c]))
			return false;
	if (!take_int(r, "actions", 0, LONG_MAX, &g->actions))
		return false;
	for (int i = 0; i < l->nobj; i++)
		if (!take_u8(r, l->key[i], l->nhexes[i], &g->held[i]))
			return false;
	const char *hexes = take(r, "union_hexes");
	if (!hexes)
		return false;
	/* "1811 1812 …": objective hexes as CCRR, in the layout's order, each once */
	for (int last = -1; *hexes;) {
		int h = 0, k = 0;
		while (k < 4 && isdigit((unsigned char)hexes[k]))
			h = 10 * h + (hexes[k++] - '0');
		int i = last + 1;
		while (i < l->nhex && l->hex[i] != h)
			i++;
		if (k != 4 || i == l->nhex || (hexes[4] && (hexes[4] != ' ' || !hexes[5])))
			return fail(r, "%s", "union_hexes: objective hexes as CCRR in the map's order, "
				    "each once, one blank apart");
		g->union_hex[i] = 1;
		last = i;
		hexes += hexes[4] ? 5 : 4;
	}
	if (r->at != r->n)
		return fail(r, "%s", "too many fields");
	return true;
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
	struct sim_turn *t = &g->turn[g->nturns++];
	if (!take_vp(r, "vp_two_player", &t->vp2[0]) || !take_vp(r, "vp_solitaire", &t->vp2[1]))
		return false;
	for (int s = 0; s < 2; s++)
		if (!take_i(r, "steps_lost", 0, 1000000, &t->steps_lost[s]))
			return false;
	for (int s = 0; s < 2; s++)
		if (!take_i(r, "eliminated", 0, ROSTER_UNITS, &t->eliminated[s]))
			return false;
	for (int c = 0; c < CORPS_COUNT; c++) {
		const char *st = take(r, "corps");
		enum corps_status cs;
		if (!st)
			return false;
		if (!names_parse_corps_status(st, &cs))
			return fail(r, "bad corps status '%s'", st);
		t->corps[c] = (int8_t)cs;
	}
	for (int i = 0; i < l->nobj; i++)
		if (!take_u8(r, l->key[i], l->nhexes[i], &t->held[i]))
			return false;
	if (r->at != r->n)
		return fail(r, "%s", "too many fields");
	return true;
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
	struct sim_hour *h = &g->hour[g->nhours++];
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const char *c = take(r, "unit");
		int steps, hex;
		char extra;
		if (!c)
			return false;
		if (!strcmp(c, "-")) {
			h->steps[u] = 0;
			h->hex[u] = HEX_NONE;
			continue;
		}
		if (sscanf(c, "%d@%d%c", &steps, &hex, &extra) != 2 || steps < 1 ||
		    steps > ROSTER_STEPS_MAX || !hex_valid(hex))
			return fail(r, "bad unit '%s' (STEPS@HEX or -)", c);
		h->steps[u] = (int8_t)steps;
		h->hex[u] = (int16_t)hex;
	}
	if (r->at != r->n)
		return fail(r, "%s", "too many fields");
	return true;
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
