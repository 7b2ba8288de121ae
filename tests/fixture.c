/* fixture.c — the test fixtures every suite shares (tests/fixture.h says what each is): the
 * real scenario, the flat test data, the shipped map, the two hand-built boards and the
 * helpers that draw on them and drive their game, reading files, and running the program.
 * Linked into every suite (Makefile). */
#include "fixture.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "action_text.h"
#include "check.h"
#include "hex.h"
#include "move.h"
#include "names.h"
#include "tables.h"

struct scenario *S;
struct game *G;
struct event_log fx_log;
char fx_err[512];

static struct scenario *real;         /* fx_real_scenario's copy */
static struct tables *plain_tables;   /* data/tables.txt, read once for fx_board_plain */

/* ---- the suite's scenario and game ---- */

int fx_setup(void **state)
{
	(void)state;
	G = calloc(1, sizeof *G);
	return G ? 0 : -1;
}

int fx_real_setup(void **state)
{
	(void)state;
	char err[512] = "out of memory";
	S = calloc(1, sizeof *S);
	G = calloc(1, sizeof *G);
	if (!S || !G || !scenario_load(S, FX_REAL_DATA, err, sizeof err)) {
		fprintf(stderr, "the real scenario (%s/): %s\n", FX_REAL_DATA, err);
		return -1;
	}
	return 0;
}

int fx_teardown(void **state)
{
	(void)state;
	scenario_free(S);
	free(S);
	free(G);
	scenario_free(real);
	free(real);
	free(plain_tables);
	S = NULL;
	G = NULL;
	real = NULL;
	plain_tables = NULL;
	event_log_free(&fx_log);
	return 0;
}

/* ---- the real scenario ---- */

const struct scenario *fx_real_scenario(void)
{
	if (real)
		return real;
	char err[512] = "";
	real = calloc(1, sizeof *real);
	assert_non_null(real);
	if (!scenario_load(real, FX_REAL_DATA, err, sizeof err)) {
		free(real);
		real = NULL;
		fail_msg("the real scenario (%s/): %s", FX_REAL_DATA, err);
	}
	return real;
}

/* ---- the flat test data ---- */

struct scenario *fx_flat_scenario(void)
{
	char err[512] = "";
	struct scenario *s = calloc(1, sizeof *s);
	assert_non_null(s);
	if (!scenario_load(s, FX_FLAT_DATA, err, sizeof err)) {
		free(s);
		fail_msg("the flat test data (%s/): %s", FX_FLAT_DATA, err);
	}
	return s;
}

/* ---- the shipped map ---- */

struct map *fx_map_load(const char *path)
{
	struct map *m = malloc(sizeof *m);
	assert_non_null(m);
	char err[512] = "";
	if (!map_load(m, path, err, sizeof err)) {
		free(m);
		fail_msg("%s does not load: %s", path, err);
	}
	return m;
}

struct map *fx_map_shipped(void)
{
	if (access(FX_REAL_DATA "/map.txt", R_OK) != 0)
		skip();
	return fx_map_load(FX_REAL_DATA "/map.txt");
}

void fx_map_bank(const struct map *m, int start, bool *bank)
{
	static int queue[HEX_INDEX_COUNT];
	int head = 0, tail = 0;
	memset(bank, 0, sizeof *bank * HEX_INDEX_COUNT);
	queue[tail++] = start;
	bank[hex_index(start)] = true;
	while (head < tail) {
		int h = queue[head++];
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n == HEX_NONE || bank[hex_index(n)] || (map_side(m, h, n) & SIDE_CREEK))
				continue;
			bank[hex_index(n)] = true;
			queue[tail++] = n;
		}
	}
}

/* ---- the order-of-battle board ---- */

static const char *oob_confederate_formation(int n)
{
	if (n <= 5) return "Ja";
	if (n <= 10) return "Ew";
	if (n <= 16) return "DH";
	if (n <= 18) return "Cav";
	if (n <= 20) return "Res";
	if (n == 21) return "I";
	if (n == 22) return "Evn";
	if (n <= 25) return "Hd";
	if (n <= 30) return "Jo";
	if (n <= 33) return "Wa";
	if (n <= 36) return "McL";
	if (n <= 40) return "And";
	if (n <= 47) return "McL";
	return "AH";
}

static void oob_union_corps(int n, struct unit_def *d)
{
	static const struct { int last; enum corps c; } ranges[] = {
		{ 13, CORPS_I }, { 28, CORPS_II }, { 37, CORPS_XII }, { 47, CORPS_V },
		{ 56, CORPS_VI }, { 69, CORPS_IX },
	};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (n <= ranges[i].last) {
			d->corps = ranges[i].c;
			break;
		}
	snprintf(d->formation, sizeof d->formation, "%s", names_corps[d->corps]);
	/* IX Corps: U57 corps artillery, then four divisions of three (15.6) */
	d->division = d->corps != CORPS_IX ? 1 : n == 57 ? 0 : (n - 58) / 3 + 1;
}

static bool oob_artillery(enum side side, int n)
{
	static const int u[] = { 5, 28, 46, 47, 57, 60, 63, 66, 69, 56 };
	static const int c[] = { 5, 18, 19, 20, 21, 53 };
	const int *list = side == SIDE_UNION ? u : c;
	int k = side == SIDE_UNION ? (int)(sizeof u / sizeof u[0]) : (int)(sizeof c / sizeof c[0]);
	for (int i = 0; i < k; i++)
		if (list[i] == n)
			return true;
	return false;
}

/* A blank map: every hex clear low ground, unnamed, no hexside feature. */
static void blank_map(struct scenario *s)
{
	memset(&s->map, 0, sizeof s->map);
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		s->map.hex[i].name = -1;
}

struct scenario *fx_scenario_oob(void)
{
	struct scenario *s = calloc(1, sizeof *s);
	assert_non_null(s);
	blank_map(s);
	for (int c = 10; c <= 23; c++)   /* 9.2A: 1044–2343 */
		s->map.ap_hill_edge[s->map.n_ap_hill_edge++] = c * 100 + ((c & 1) ? 43 : 44);
	for (int r = 10; r <= 24; r++)   /* 9.3B: 4210–4224 */
		s->map.vi_corps_edge[s->map.n_vi_corps_edge++] = 4200 + r;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_def *d = &s->roster.unit[u];
		d->side = u < ROSTER_UNION ? SIDE_UNION : SIDE_CONFEDERATE;
		d->number = d->side == SIDE_UNION ? u + 1 : u - ROSTER_UNION + 1;
		snprintf(d->id, sizeof d->id, "%c%d", d->side == SIDE_UNION ? 'U' : 'C', d->number);
		d->corps = CORPS_NONE;
		if (d->side == SIDE_UNION)
			oob_union_corps(d->number, d);
		else
			snprintf(d->formation, sizeof d->formation, "%s",
				 oob_confederate_formation(d->number));
		d->type = oob_artillery(d->side, d->number) ? UNIT_ARTILLERY : UNIT_INFANTRY;
		d->steps = d->type == UNIT_ARTILLERY ? 2 : 4;
		for (int k = 1; k <= d->steps; k++)
			d->cv[k] = d->type == UNIT_ARTILLERY ? 3 : k;
		d->ma = d->type == UNIT_ARTILLERY ? 6 : 8;
		d->range = d->type == UNIT_ARTILLERY ? 8 : 0;
		d->cavalry = !strcmp(d->formation, "Cav");
		if (d->cavalry)
			d->ma = 4;
		s->roster.historical_hex[u] = HEX_NONE;
	}
	struct tables *t = &s->tables;
	t->move_hex[TERRAIN_CLEAR] = 1;
	t->move_hex[TERRAIN_CORNFIELD] = 1;
	t->move_hex[TERRAIN_ORCHARD] = 1;
	t->move_hex[TERRAIN_WOODS] = 2;
	t->move_hex[TERRAIN_TOWN] = 2;
	t->move_road = 1;
	static const int side_cost[SIDE_FEATURE_COUNT] = { 0, 0, 0, 1, 1, 0, -1, 1, 3 };
	memcpy(t->move_side, side_cost, sizeof side_cost);
	static const int lo[12] = { [8] = 6, [9] = 5, [10] = 4, [11] = 1 };
	for (int turn = 8; turn <= 11; turn++) {
		t->ap_hill_lo[turn] = lo[turn];
		t->ap_hill_hi[turn] = 6;
	}
	scenario_step_costs(s);
	return s;
}

/* G, allocated on first use (a suite may start a board without fx_setup). */
static void game_allocated(void)
{
	if (!G)
		G = calloc(1, sizeof *G);
	assert_non_null(G);
}

void fx_board_oob(enum game_setup setup)
{
	scenario_free(S);
	free(S);
	S = fx_scenario_oob();
	game_allocated();
	event_log_free(&fx_log);
	game_new_events(G, S, setup, 1, NULL, &fx_log);
}

/* ---- the plain-counter board ---- */

void fx_board_plain(void)
{
	if (!plain_tables) {
		char err[512] = "";
		plain_tables = calloc(1, sizeof *plain_tables);
		assert_non_null(plain_tables);
		if (!tables_load(plain_tables, FX_REAL_DATA "/tables.txt", err, sizeof err)) {
			free(plain_tables);
			plain_tables = NULL;
			fail_msg("%s", err);
		}
	}
	scenario_free(S);
	free(S);
	S = calloc(1, sizeof *S);
	assert_non_null(S);
	S->tables = *plain_tables;
	blank_map(S);
	scenario_step_costs(S);
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_def *d = fx_def(u);
		bool un = u < ROSTER_UNION;
		d->side = un ? SIDE_UNION : SIDE_CONFEDERATE;
		d->number = un ? u + 1 : u - ROSTER_UNION + 1;
		char id[16];
		snprintf(id, sizeof id, "%c%d", un ? 'U' : 'C', d->number);
		memcpy(d->id, id, sizeof d->id - 1); /* U1..U69, C1..C53: three characters */
		d->id[sizeof d->id - 1] = 0;
		d->corps = un ? CORPS_I : CORPS_NONE;
		d->division = 1;
		snprintf(d->formation, sizeof d->formation, "%s", un ? "I" : "Ja");
		snprintf(d->commander, sizeof d->commander, "test");
		d->ma = 6;
		fx_inf(u, 4, 4, 0);
		S->roster.historical_hex[u] = HEX_NONE;
	}
	game_allocated();
	struct game_options o = { 0 };
	event_log_free(&fx_log);
	game_new_events(G, S, SETUP_EMPTY, 7, &o, &fx_log);
	G->turn = 2;
}

/* ---- counters ---- */

int fx_u(const char *id)
{
	int u = names_parse_unit(id);
	if (u < 0)
		fail_msg("no unit '%s'", id);
	return u;
}

struct unit_def *fx_def(int u) { return &S->roster.unit[u]; }

void fx_inf(int u, int steps, int cv_full, int morale)
{
	struct unit_def *d = fx_def(u);
	d->type = UNIT_INFANTRY;
	d->steps = steps;
	d->range = 0;
	for (int k = 1; k <= ROSTER_STEPS_MAX; k++) {
		int cv = cv_full - (steps - k);
		d->cv[k] = cv < 1 ? 1 : cv;
		d->morale[k] = morale;
	}
}

void fx_gun(int u, int steps, int fire, int range)
{
	struct unit_def *d = fx_def(u);
	d->type = UNIT_ARTILLERY;
	d->steps = steps;
	d->range = range;
	for (int k = 1; k <= ROSTER_STEPS_MAX; k++) {
		d->cv[k] = fire - (steps - k) < 1 ? 1 : fire - (steps - k);
		d->morale[k] = 0;
	}
}

void fx_corps(int u, enum corps c, int division)
{
	struct unit_def *d = fx_def(u);
	d->corps = c;
	d->division = division;
	snprintf(d->formation, sizeof d->formation, "%s", names_of_corps(c));
}

/* ---- drawing on the map ---- */

/* Each drawing that changes a step's MPs fills the board's table of them again (scenario.h). */
void fx_terrain(int hex, enum terrain t)
{
	S->map.hex[hex_index(hex)].terrain = (uint8_t)t;
	scenario_step_costs(S);
}

void fx_high(int hex) { S->map.hex[hex_index(hex)].high = true; }

void fx_sunken(int hex)
{
	S->map.hex[hex_index(hex)].sunken_road = true;
	scenario_step_costs(S);
}

void fx_side(int a, int b, unsigned bits)
{
	int d = hex_direction(a, b), e = hex_direction(b, a);
	if (d < 0 || e < 0)
		fail_msg("fx_side: %d and %d are not adjacent", a, b);
	S->map.hex[hex_index(a)].side[d] |= (uint16_t)bits;
	S->map.hex[hex_index(b)].side[e] |= (uint16_t)bits;
	scenario_step_costs(S);
}

void fx_road(const int *hexes, int n, unsigned bits)
{
	for (int i = 0; i + 1 < n; i++)
		fx_side(hexes[i], hexes[i + 1], bits);
}

void fx_road_down(int hex, int n, unsigned bits)
{
	int path[HEX_ROW_MAX + 1];
	if (n > HEX_ROW_MAX + 1)
		fail_msg("fx_road_down: %d hexes, a column has %d", n, HEX_ROW_MAX + 1);
	for (int i = 0; i < n; i++)
		path[i] = hex + i;
	fx_road(path, n, bits);
}

void fx_creek_after_column(int col)
{
	for (int r = 0; r <= HEX_ROW_MAX; r++) {
		int h = col * 100 + r;
		if (!hex_valid(h))
			continue;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && hex_col(n) == col + 1)
				fx_side(h, n, SIDE_CREEK);
		}
	}
}

void fx_objective(const char *key, const char *name, int n, ...)
{
	assert_true(S->map.nobjectives < MAP_OBJ_MAX);
	struct map_objective *o = &S->map.objective[S->map.nobjectives++];
	memset(o, 0, sizeof *o);
	snprintf(o->key, sizeof o->key, "%s", key);
	snprintf(o->name, sizeof o->name, "%s", name);
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		o->hexes[o->nhexes++] = va_arg(ap, int);
	va_end(ap);
}

/* ---- writing G directly ---- */

void fx_place(int u, int hex)
{
	G->unit[u].hex = (int16_t)hex;
	G->unit[u].steps = (int8_t)fx_def(u)->steps;
	G->unit[u].flags = 0;
}

void fx_steps(int u, int steps) { G->unit[u].steps = (int8_t)steps; }

void fx_dice(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		G->forced[G->nforced++] = (int8_t)va_arg(ap, int);
	va_end(ap);
}

/* ---- driving G ---- */

bool fx_try(const char *line)
{
	struct action a;
	fx_err[0] = 0;
	if (!action_parse(G->scn, line, &a, fx_err, sizeof fx_err))
		return false;
	/* place and remove build a test's position, except as the 4.2 set-up's own actions */
	bool building = G->pending.what != DECISION_SETUP &&
			(a.type == ACT_PLACE || a.type == ACT_REMOVE);
	if (!game_apply_events(G, &a, &fx_log, fx_err, sizeof fx_err))
		return false;
	char why[256];
	if (!building && !check_game(G, why, sizeof why))
		fail_msg("after '%s': invariant broken: %s", line, why);
	return true;
}

void fx_ok_at(const char *line, const char *file, int lineno)
{
	if (!fx_try(line))
		fail_msg("%s:%d: '%s' refused: %s", file, lineno, line, fx_err);
}

void fx_refused_at(const char *line, const char *rule, const char *file, int lineno)
{
	struct game *before = malloc(sizeof *before);
	assert_non_null(before);
	*before = *G;
	bool accepted = fx_try(line);
	bool same = memcmp(before, G, sizeof *G) == 0;
	free(before);
	if (accepted)
		fail_msg("%s:%d: '%s' accepted", file, lineno, line);
	if (rule && strncmp(fx_err, rule, strlen(rule)) != 0)
		fail_msg("%s:%d: '%s' refused with '%s', not citing %s first", file, lineno, line,
			 fx_err, rule);
	if (!same)
		fail_msg("%s:%d: refused '%s' changed the game", file, lineno, line);
}

const struct game_event *fx_last_event(enum event_kind k)
{
	for (int i = event_log_end(&fx_log) - 1; i >= fx_log.first; i--) {
		const struct game_event *e = event_log_at(&fx_log, i);
		if (e->kind == k)
			return e;
	}
	fail_msg("no '%s' event in the log", event_kind_name(k));
	return NULL;
}

void fx_phase(const char *side, const char *phase)
{
	char line[64];
	snprintf(line, sizeof line, "set phase %s %s", side, phase);
	fx_ok(line);
}

void fx_pending(enum side side, enum decision what, int subject)
{
	if (G->pending.side != side || G->pending.what != what ||
	    (subject != FX_ANY && G->pending.subject != subject))
		fail_msg("pending %s %s %d, expected %s %s %d", names_of_side(G->pending.side),
			 names_of_decision(G->pending.what), G->pending.subject,
			 names_of_side(side), names_of_decision(what), subject);
}

int fx_cost_at(const char *id, int hex)
{
	struct move_dest d[HEX_INDEX_COUNT];
	int n = move_reachable(G, fx_u(id), d, HEX_INDEX_COUNT, NULL, 0);
	for (int i = 0; i < n; i++)
		if (d[i].hex == hex)
			return d[i].cost;
	return -1;
}

int fx_path_cost(const char *line)
{
	struct action a;
	int16_t path[GAME_PATH_MAX];
	int n, cost;
	bool dbl;
	assert_true(action_parse(G->scn, line, &a, fx_err, sizeof fx_err));
	return move_check(G, &a, path, &n, &cost, &dbl, fx_err, sizeof fx_err) ? cost : -1;
}

/* ---- files ---- */

char *fx_read_stream(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, used = 0;
	char *buf = malloc(cap);
	assert_non_null(buf);
	size_t n;
	while ((n = fread(buf + used, 1, cap - used - 1, f)) > 0) {
		used += n;
		if (cap - used < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	buf[used] = 0;
	if (len)
		*len = used;
	return buf;
}

char *fx_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("%s: cannot be read", path);
	size_t n;
	char *text = fx_read_stream(f, &n);
	fclose(f);
	if (n == 0) {
		free(text);
		fail_msg("%s: empty", path);
	}
	if (len)
		*len = n;
	return text;
}

/* ---- the program ---- */

void fx_with_dir(char *out, size_t len, const char *tmpl, const char *dir)
{
	size_t n = 0;
	out[0] = 0;
	for (const char *p = tmpl; *p && n + 1 < len;) {
		if (p[0] == '%' && p[1] == 's') {
			n += (size_t)snprintf(out + n, len - n, "%s", dir);
			p += 2;
		} else {
			out[n++] = *p++;
			out[n] = 0;
		}
		if (n >= len)
			n = len - 1;
	}
}

const char *fx_program_path(void)
{
	const char *prog = getenv("ANTIETAM_PROGRAM");
	return prog ? prog : "./antietam";
}

char *fx_program_output(const char *cmd, int *rc)
{
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	char *out = fx_read_stream(p, NULL);
	int st = pclose(p);
	*rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return out;
}

char *fx_program_run(const char *args, const char *input, int *rc)
{
	char inpath[] = "/tmp/antietam-input-XXXXXX";
	int fd = mkstemp(inpath);
	assert_true(fd >= 0);
	size_t len = strlen(input);
	bool written = write(fd, input, len) == (ssize_t)len;
	close(fd);
	if (!written) {
		unlink(inpath);
		fail_msg("%s: cannot write the program's input", inpath);
	}
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s %s < %s", fx_program_path(), args, inpath);
	char *out = fx_program_output(cmd, rc);
	unlink(inpath);
	return out;
}

void fx_program_transcript(const char *name)
{
	char cmd[512], path[256];
	snprintf(cmd, sizeof cmd, "%s --data %s --batch tests/golden/%s.in 2>&1",
		 fx_program_path(), FX_FLAT_DATA, name);
	int rc;
	char *got = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	snprintf(path, sizeof path, "tests/golden/%s.out", name);
	char *want = fx_read_file(path, NULL);
	if (strcmp(got, want) != 0) {
		/* show the first differing line */
		const char *g = got, *w = want;
		int line = 1;
		while (*g && *g == *w) {
			if (*g == '\n')
				line++;
			g++, w++;
		}
		fail_msg("%s: output differs at line %d:\n got: %.80s\nwant: %.80s", name, line, g,
			 w);
	}
	free(got);
	free(want);
}
