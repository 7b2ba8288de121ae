/* test_position.c — position files: every field of struct game survives write → read →
 * write byte for byte; damaged and hostile files are refused with the right "path:line:"
 * and leave the game untouched; saving is atomic; autosaves rotate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "action_text.h"
#include "fixture.h"

#include "bot.h"
#include "../src/cli/cli.h"
#include "event_text.h"
#include "position.h"

/* The first line of a file of today's version. */
#define VERSION_TEXT(v) #v
#define VERSION_WORD(v) VERSION_TEXT(v)
#define VERSION_LINE "antietam-position " VERSION_WORD(POSITION_VERSION) "\n"

/* A scenario with only what the reader checks: every unit's step count (2.13). */
static struct scenario *fake_scenario(void)
{
	struct scenario *s = calloc(1, sizeof *s);
	assert_non_null(s);
	for (int u = 0; u < ROSTER_UNITS; u++)
		s->roster.unit[u].steps = u % 7 == 3 ? 2 : 4;
	snprintf(s->map.objective[0].key, sizeof s->map.objective[0].key, "dunker-church");
	snprintf(s->map.objective[1].key, sizeof s->map.objective[1].key, "sharpsburg");
	s->map.nobjectives = 2;
	return s;
}

static int unit_of(char side, int n)
{
	return side == 'U' ? n - 1 : ROSTER_UNION + n - 1;
}

/* An event of kind k with a value other than blank in every field the kind uses. */
static void sample_event(struct game_event *e, enum event_kind k, int turn, int i)
{
	event_clear(e, k, turn);
	unsigned f = event_kind_fields(k);
	if (f & EF_SIDE)
		e->side = SIDE_CONFEDERATE;
	if (f & EF_CORPS)
		e->corps = CORPS_IX;
	if (f & EF_FORMATION)
		e->formation = SOLO_IX2;
	if (f & EF_STATUS)
		e->status = CORPS_UNAVAILABLE;
	if (f & EF_SETUP)
		e->setup = SETUP_QUICK;
	if (f & EF_WHY)
		e->why = EVENT_WHY_ARTILLERY_RETREAT_EZOC_TABLE;
	if (f & EF_DIE)
		e->die = (int8_t)(1 + i % 6);
	if (f & EF_DRM)
		e->drm = -3;
	if (f & EF_STEPS)
		e->steps = 2;
	if (f & EF_MP)
		e->mp = 7;
	if (f & EF_ROUND)
		e->round = 2;
	if (f & EF_COLUMN)
		e->column = 3;
	if (f & EF_LOSSES)
		e->att_loss = 1, e->def_loss = 2;
	if (f & EF_OBJECTIVE)
		e->objective = SOLO_OBJ_HEX, e->objective_hex = 2836;
	e->double_time = f & EF_DOUBLE_TIME;
	e->defensive = f & EF_DEFENSIVE;
	e->several = f & EF_SEVERAL;
	e->retreat = f & EF_RETREAT;
	e->rolled = f & EF_ROLLED;
	e->withdrawn = f & EF_WITHDRAWN;
	if (f & EF_UNIT)
		e->unit = (int16_t)unit_of('U', 12);
	if (f & EF_TARGET)
		e->target = (int16_t)unit_of('C', 53);
	if (f & EF_FROM)
		e->from = 1917;
	if (f & EF_TO)
		e->to = 2018;
	if (f & EF_STRENGTHS)
		e->attack = 12, e->defence = 7;
	if (f & EF_14_2)
		e->eliminated = 3, e->lost = 10, e->start = 30;
	if (f & EF_PATH) {
		static const int16_t path[] = { 1917, 1918, 2018 };
		memcpy(e->hex, path, sizeof path);
		e->n = 3;
	}
	if (f & EF_UNITS) {
		e->hex[0] = (int16_t)unit_of('U', 3);
		e->hex[1] = (int16_t)unit_of('C', 4);
		e->n = 2;
	}
	if (f & EF_SEED)
		e->seed = 18446744073709551615ULL;
	if (f & EF_MODS) { /* 11.10B with its two morales, 10.3B with its range, 11.11 bare */
		e->mod[0] = (struct combat_mod){ .id = MOD_MORALE, .value = 1, .a = 4, .b = 3 };
		e->mod[1] = (struct combat_mod){ .id = MOD_RANGE, .value = -2, .a = 7 };
		e->mod[2] = (struct combat_mod){ .id = MOD_ELAN, .value = 2 };
		e->n = 3;
	}
	if (f & EF_TEXT)
		snprintf(e->text, sizeof e->text, "a note %d", i);
}

/* A game with a non-default value in every field the position file holds. */
static struct game *filled_game(const struct scenario *s, struct position_record *rec)
{
	struct game *g = calloc(1, sizeof *g);
	assert_non_null(g);
	g->scn = s;
	g->opt.mishap = true;
	g->opt.solitaire = true;
	g->empty_setup = true;
	g->rng = 0x0123456789abcdefULL;
	int dice[] = { 6, 1, 3, 3, 5 };
	for (int i = 0; i < 5; i++)
		g->forced[g->nforced++] = (int8_t)dice[i];
	g->turn = 7;
	g->side = SIDE_CONFEDERATE;
	g->phase = PHASE_COMBAT;
	g->pending = (struct pending){ SIDE_UNION, DECISION_RETREAT, unit_of('U', 5) };
	for (int u = 0; u < ROSTER_UNITS; u++) {
		struct unit_state *us = &g->unit[u];
		int col = 10 + u % 33, row = u % 40;
		us->hex = (int16_t)(col * 100 + row);
		us->steps = (int8_t)(1 + u % s->roster.unit[u].steps);
		us->mp_used = (uint8_t)(u % 5);
		us->flags = (uint32_t)(u % 3 ? (1u << (u % 8)) | (u % 11 == 1 ? 1u << 12 : 0) : 0);
		g->fired_at[u] = (uint8_t)(u % 9 == 2 ? 2 : 0);
	}
	g->unit[unit_of('U', 60)].hex = HEX_NONE; /* off map, a reinforcement */
	g->unit[unit_of('C', 50)].hex = HEX_NONE; /* eliminated */
	g->unit[unit_of('C', 50)].steps = 0;
	g->unit[unit_of('U', 5)].hex = 1916;
	g->corps[CORPS_I] = CORPS_COMMITTED;
	g->corps[CORPS_II] = CORPS_AVAILABLE;
	g->corps[CORPS_V] = CORPS_UNAVAILABLE;
	g->corps[CORPS_VI] = CORPS_UNAVAILABLE;
	g->corps[CORPS_IX] = CORPS_AVAILABLE;
	g->corps[CORPS_XII] = CORPS_COMMITTED;
	g->corps_committed[CORPS_XII] = 5; /* 13.1; I's turn not known */
	g->corps_lifted[CORPS_II] = (1ULL << 2) | (1ULL << 52) | (1ULL << 60);
	g->corps_lifted[CORPS_IX] = 1;
	g->commitment_lifted = true;
	g->hood_released = true;
	g->corps_moving = CORPS_XII;
	g->corps_done = (1 << CORPS_I) | (1 << CORPS_II);
	g->withdrawing = 1 << CORPS_V;
	g->vi_entered_free = true;
	g->ap_hill_triggered = true;
	g->ap_hill_turn = 9;
	g->entry_count[3] = 2;
	g->entry_count[HEX_NROWS + HEX_NCOLS - 1] = 1;
	g->ford_from[0] = 2836, g->ford_to[0] = 2935;
	g->ford_from[1] = 3619, g->ford_to[1] = 3719;
	g->nfords_used = 2;
	memset(g->control, SIDE_NONE, sizeof g->control);
	g->control[hex_index(1916)] = SIDE_UNION;
	g->control[hex_index(2721)] = SIDE_CONFEDERATE;
	g->control[hex_index(4244)] = SIDE_CONFEDERATE;
	g->control[hex_index(1000)] = SIDE_UNION;
	struct combat_state *c = &g->combat;
	c->round = 2;
	c->current = 1;
	c->ndecl = 3;
	c->decl[0] = (struct combat_decl){ { 2316 }, 1, { (int16_t)unit_of('C', 3) }, 1, 1, 5 };
	c->decl[1] = (struct combat_decl){ { 2317, 2318, 2417 }, 3,
					   { (int16_t)unit_of('C', 4), (int16_t)unit_of('C', 5),
					     (int16_t)unit_of('C', 6), (int16_t)unit_of('C', 7),
					     (int16_t)unit_of('C', 8), (int16_t)unit_of('C', 9) },
					   6, 2, 255 };
	c->decl[2] = (struct combat_decl){ { 0 }, 0, { 0 }, 0, 0, 0 };
	c->queue[0] = (int16_t)unit_of('U', 5);
	c->queue[1] = (int16_t)unit_of('C', 53);
	c->nqueue = 2;
	c->attacker_loss = 1;
	c->defender_loss = 2;
	c->loss_hexes = 5;
	c->retreat_result = true;
	/* 300 events in the record (a file keeps the newest 256). The odd ones are notes with
	 * texts that would break a naive writer: quotes, backslashes, '#', blank runs, tabs,
	 * leading and trailing blanks, UTF-8; the even ones every kind in turn, every field
	 * set. */
	struct event_log log = { 0 };
	static const char *const odd[] = {
		"say \"hello\" # not a comment", "back\\slash", "  two  blanks  ", "tab\there",
		" lead", "trail ", "\xe2\x80\x93 dash", "x", "", "\\x41 is not A",
	};
	for (int i = 0; i < 300; i++) {
		struct game_event ev, *e = &ev;
		int turn = 1 + i % 11;
		if (i % 2 == 0) {
			sample_event(e, (enum event_kind)(i / 2 % EVENT_KIND_COUNT), turn, i);
		} else {
			event_clear(e, EVENT_NOTE, turn);
			if (i / 2 % 10 < 9)
				snprintf(e->text, sizeof e->text, "%s %d", odd[i / 2 % 10], i);
			else
				snprintf(e->text, sizeof e->text, "%s", odd[9]);
		}
		assert_true(event_log_add(&log, e));
	}
	g->nlog = 300;
	struct solitaire_state *st = &g->solitaire;
	st->ready = true;
	st->committed_once = (1 << CORPS_I) | (1 << CORPS_XII);
	st->withdraw_turn = 6;
	st->withdraw_mask = 1 << CORPS_II;
	for (int f = 0; f < SOLO_FORMATIONS; f++)
		for (int n = 0; n < SOLO_ORDINALS; n++)
			st->obj[f][n] = (struct solo_objective){ SOLO_OBJ_UNROLLED, HEX_NONE };
	st->obj[SOLO_I][0] = (struct solo_objective){ 0, HEX_NONE };
	st->obj[SOLO_I][1] = (struct solo_objective){ SOLO_OBJ_NONE, HEX_NONE };
	st->obj[SOLO_I][2] = (struct solo_objective){ 1, 0 };
	st->current[SOLO_I] = 1;
	st->obj[SOLO_IX3][0] = (struct solo_objective){ SOLO_OBJ_HEX, 3224 };
	st->current[SOLO_XII] = SOLO_ORDINALS;
	memset(st->obj[SOLO_IX4], 0, sizeof st->obj[SOLO_IX4]); /* as before the first draw */
	if (rec) {
		struct game_options opt = { .mishap = true, .unleashed = true };
		record_init(rec, SETUP_EMPTY, 18446744073709551615ULL, &opt);
		assert_true(record_add(rec, "place U12 1916 3"));
		assert_true(record_add(rec, "move U12 1917"));
		assert_true(record_add(rec, "bot"));
		rec->events = log;
	} else {
		event_log_free(&log);
	}
	return g;
}

static char *write_text(const struct game *g, const struct position_record *rec)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_true(position_write(g, rec, f));
	fclose(f);
	return buf;
}

static bool read_text(struct game *g, struct position_record *rec, const struct scenario *s,
		      const char *text, size_t len, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)text, len ? len : 1, "r");
	assert_non_null(f);
	if (!len) /* fmemopen will not take an empty buffer: read past its only byte */
		fgetc(f);
	bool ok = position_read(g, rec, s, f, "t.pos", err, errlen);
	fclose(f);
	return ok;
}

static char *edit(const char *text, const char *match, const char *repl, int *line);

static void test_round_trip(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec, rec2 = { 0 };
	struct game *g = filled_game(s, &rec);
	char *text = write_text(g, &rec);
	struct game *back = calloc(1, sizeof *back);
	char err[512] = "";
	if (!read_text(back, &rec2, s, text, strlen(text), err, sizeof err))
		fail_msg("%s", err);
	assert_memory_equal(g, back, sizeof *g);
	char *again = write_text(back, &rec2);
	assert_string_equal(text, again);
	assert_int_equal(rec2.n, 3);
	assert_string_equal(rec2.action[2], "bot");
	assert_true(rec2.seed == 18446744073709551615ULL);
	/* No record: the position alone, and reading it gives an empty record. */
	char *bare = write_text(g, NULL);
	assert_null(strstr(bare, "\nstart "));
	assert_true(read_text(back, &rec2, s, bare, strlen(bare), err, sizeof err));
	assert_memory_equal(g, back, sizeof *g);
	assert_int_equal(rec2.n, 0);
	/* A file of before the solitaire game (no `solitaire` or `objective` records) reads
	 * with the solitaire state empty. */
	int line;
	char *old = edit(bare, "solitaire ", "# no solitaire", &line);
	while (strstr(old, "\nobjective ")) {
		char *o2 = edit(old, "objective ", "# no objective", &line);
		free(old);
		old = o2;
	}
	assert_true(read_text(back, NULL, s, old, strlen(old), err, sizeof err));
	struct solitaire_state empty = { 0 };
	assert_memory_equal(&back->solitaire, &empty, sizeof empty);
	free(old);
	free(bare);
	free(again);
	free(text);
	free(back);
	free(g);
	record_free(&rec);
	record_free(&rec2);
	free(s);
}

static void expect_refused(const struct scenario *s, const char *text, size_t len, int line,
			   const char *expect);

/* Version 1 kept each event as its English text: such a file still reads, each event a note
 * with that text (formatted as it was), and a typed line is no version-1 event. */
static void test_version_1_log(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec, rec2 = { 0 };
	struct game *g = filled_game(s, &rec);
	char *text = write_text(g, &rec);
	size_t cap = strlen(text) * 2 + 64, len = 0;
	char *v1 = malloc(cap);
	assert_non_null(v1);
	int k = 0;
	for (char *line = text, *eol; *line; line = eol + 1) {
		eol = strchr(line, '\n');
		if (!strncmp(line, "antietam-position ", 18))
			len += (size_t)snprintf(v1 + len, cap - len, "antietam-position 1\n");
		else if (!strncmp(line, "order-of-battle ", 16) || !strncmp(line, "ground ", 7) ||
			 !strncmp(line, "charts ", 7))
			; /* versions 3 and POSITION_NAMES_DATA on */
		else if (!strncmp(line, "event ", 6))
			len += (size_t)snprintf(v1 + len, cap - len, "event %d \"U%d moves 1917 (%d MP)\"\n",
						1 + k % 11, 1 + k % 69, k), k++;
		else if (!strncmp(line, "corps ", 6) && strstr(line, " since=") &&
			 strstr(line, " since=") < eol) { /* version 7 on */
			const char *at = strstr(line, " since="), *after = strchr(at + 1, ' ');
			len += (size_t)snprintf(v1 + len, cap - len, "%.*s%.*s", (int)(at - line), line,
						(int)(eol - after + 1), after);
		}
		else
			len += (size_t)snprintf(v1 + len, cap - len, "%.*s", (int)(eol - line + 1), line);
	}
	assert_int_equal(k, POSITION_EVENTS);
	struct game *back = calloc(1, sizeof *back);
	char err[512] = "";
	if (!read_text(back, &rec2, s, v1, len, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(back->nlog, 300);
	assert_int_equal(rec2.events.first, 300 - POSITION_EVENTS);
	assert_int_equal(rec2.events.n, POSITION_EVENTS);
	for (int i = 0; i < POSITION_EVENTS; i++) {
		const struct game_event *e = event_log_at(&rec2.events, 300 - POSITION_EVENTS + i);
		char want[64], got[EVENT_TEXT_MAX];
		snprintf(want, sizeof want, "U%d moves 1917 (%d MP)", 1 + i % 69, i);
		assert_int_equal(e->kind, EVENT_NOTE);
		assert_int_equal(e->turn, 1 + i % 11);
		assert_string_equal(e->text, want);
		event_format(s, e, got, sizeof got);
		assert_string_equal(got, want);
	}
	/* written again, it is a file of today's version, naming its order of battle, with note
	 * lines */
	char *again = write_text(back, &rec2);
	assert_non_null(strstr(again, VERSION_LINE));
	assert_non_null(strstr(again, "\norder-of-battle 1\nground 1\ncharts 1\nsetup "));
	assert_non_null(strstr(again, "\nevent 1 note \"U1 moves 1917 (0 MP)\"\n"));
	/* a typed line in a version-1 file */
	char *typed = strstr(v1, "\nevent ");
	assert_non_null(typed);
	char *eol = strchr(typed + 1, '\n');
	char *bad = malloc(len + 64);
	assert_non_null(bad);
	int at = snprintf(bad, len + 64, "%.*sevent 1 die die=3%s", (int)(typed + 1 - v1), v1, eol);
	int line = 1;
	for (const char *p = v1; p <= typed; p++)
		line += *p == '\n';
	expect_refused(s, bad, (size_t)at, line, "expected text in double quotes");
	free(bad);
	free(again);
	free(back);
	free(v1);
	free(text);
	free(g);
	record_free(&rec);
	record_free(&rec2);
	free(s);
}

/* The symbolic lines a reader of the file sees. */
static void test_symbolic(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec;
	struct game *g = filled_game(s, &rec);
	char *text = write_text(g, &rec);
	static const char *const want[] = {
		VERSION_LINE,
		/* the fake scenario's counters, ground and charts: version 1 */
		"\norder-of-battle 1\nground 1\ncharts 1\nsetup empty\n",
		"\noptions mishap=on unleashed=off solitaire=on\n",
		"\nturn 7 confederate combat\n",
		"\npending union retreat U5\n",
		"\nrng 0123456789abcdef\n",
		"\ndice 6 1 3 3 5\n",
		"\ncorps II available done lifted=C3,C53,bit60\n",
		"\ncorps XII committed since=5 moving lifted=-\n",
		"\ncorps V unavailable withdrawing lifted=-\n",
		"\nap-hill triggered=yes turn=9\n",
		"\nentries 3:2 77:1\n",
		"\nford 2836 2935\n",
		"\ncontrol 1000 union\n",
		"\ncontrol 4244 confederate\n",
		"\nunit U5 1916 steps=1 mp=4 flags=attacked\n",
		"\nunit U60 off steps=",
		"\nunit C50 dead steps=0",
		"\nunit U2 1101 steps=2 mp=1 flags=art-moved,bit12\n",
		"\ncombat round=2 current=1 attacker-loss=1 defender-loss=2 retreat=yes loss-hexes=5\n",
		"\ndecl 2317,2318,2417 attackers=C4,C5,C6,C7,C8,C9 next=2 flags=255\n",
		"\ndecl - attackers=- next=0 flags=0\n",
		"\nqueue U5 C53\n",
		"\nsolitaire ready=yes committed-once=I,XII withdraw-turn=6 withdraw-mask=II\n",
		"\nobjective I current=1 first=dunker-church second=- third=sharpsburg@0\n",
		"\nobjective XII current=3 first=unrolled second=unrolled third=unrolled\n",
		"\nobjective IX/3 current=0 first=3224 second=unrolled third=unrolled\n",
		"\nlog-count 300\n",
		"\nevent 7 note \"say \\\"hello\\\" \\x23 not a comment 61\"\n",
		"\nevent 2 note \"\\x20 two\\x20 blanks\\x20\\x20 45\"\n",
		"\nevent 9 note \"back\\\\slash 63\"\n",
		"\nevent 4 note \"tab\\x09here 47\"\n",
		"\nevent 10 note \"\\xe2\\x80\\x93 dash 53\"\n",
		"\nevent 3 attack unit=U12 from=1917 die=3 drm=-3 attack=12 defence=7 column=3 "
		"attacker-loss=1 defender-loss=2 retreat=yes drms=morale:1:4:3,range:-2:7,elan:2\n",
		" fire unit=U12 target=C53 to=2018 die=5 drm=-3 steps=2 column=3 defensive=yes "
		"drms=morale:1:4:3,range:-2:7,elan:2\n",
		"\nevent 2 move unit=U12 from=1917 mp=7 double-time=yes path=1917,1918,2018\n",
		"\nevent 10 new-game setup=quick seed=18446744073709551615\n",
		"\nevent 10 corps-status corps=IX status=unavailable why=artillery-retreat-ezoc-table\n",
		"\nevent 10 objective formation=IX/2 column=3 rolled=yes objective=2836\n",
		"\nevent 9 declare from=1917 several=yes units=U3,C4\n",
		"\nstart empty seed=18446744073709551615 mishap=on unleashed=on solitaire=off\n",
		"\naction \"move U12 1917\"\n",
		"\nend\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		if (!strstr(text, want[i]))
			fail_msg("no '%s' in:\n%s", want[i], text);
	/* Events: only the 256 the ring keeps, oldest first; a field left out is blank. */
	assert_non_null(strstr(text, "\nlog-count 300\nevent 1 cancel from=1917\n"));
	assert_null(strstr(text, "slash 43\"\n"));
	free(text);
	free(g);
	record_free(&rec);
	free(s);
}

/* ---- broken files ---- */

struct broken {
	const char *match;   /* prefix of the line to replace ("" = first line) */
	const char *repl;    /* replacement line (NULL: delete the line) */
	const char *expect;  /* part of the message */
	const char *err_at;  /* NULL: the replaced line; "$": the last line; else a line prefix */
};

static const struct broken broken[] = {
	/* an event's DRMs (version 4) */
	{ "event 3 attack", "event 3 attack unit=U12 drms=bogus:1", "drms=: 'bogus:1' is not a modifier", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=morale:1", "drms=: morale takes 2 numbers", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=range:1:2:3", "drms=: range takes 1 number", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=elan:0", "a modifier of 0 is not noted", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=elan:+1", "'+1' is not a number", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=elan:1,", "malformed drms=", NULL },
	{ "event 3 attack", "event 3 attack unit=U12 drms=elan:99", "out of range", NULL },
	{ "event 9 declare", "event 9 declare from=1917 drms=elan:1", "has no key drms=", NULL },
	/* what the FIRE and ATTACK events say, version 4 keeps no more */
	{ "queue ", "last-fire gun=U1 target=C1 roll=1 drm=0 steps=0",
	  "'last-fire' is a record of position files before version 4", NULL },
	{ "queue ", "last-attack attacker=U1 hex=1916 column=0 drm=0 roll=1 attacker-loss=0 "
		    "defender-loss=0 retreat=no", "'last-attack' is a record of position files before version 4",
	  NULL },
	{ "antietam-position", "antietam-position 99", "unsupported position format version", NULL },
	{ "antietam-position", "antietam-map 1", "expected first line", NULL },
	{ "antietam-position", "antietam-position", "expected first line", NULL },
	{ "end", NULL, "truncated file: no 'end' line", "$" },
	{ "end", "end now", "'end' takes 0 fields", NULL },
	{ "unit U1 ", "unit U1 0000 steps=1", "'0000' is not a hex on the map", NULL },
	{ "unit U1 ", "unit U1 4344 steps=1", "'4344' is not a hex", NULL },
	{ "unit U1 ", "unit U1 19160 steps=1", "is not a hex", NULL },
	{ "unit U1 ", "unit U70 1916 steps=1", "unknown unit 'U70'", NULL },
	{ "unit U1 ", "unit C0 1916 steps=1", "unknown unit 'C0'", NULL },
	{ "unit U1 ", "unit U01 1916 steps=1", "unknown unit 'U01'", NULL },
	{ "unit U1 ", "unit X1 1916 steps=1", "unknown unit 'X1'", NULL },
	{ "unit U2 ", "unit U1 1916 steps=1", "unit U1 given twice", NULL },
	{ "unit U5 ", NULL, "no 'unit' record for U5", "$" },
	{ "unit U1 ", "unit U1 1916 steps=5", "steps: 5 out of range 1..4", NULL },
	{ "unit U4 ", "unit U4 1916 steps=3", "steps: 3 out of range 1..2", NULL },
	{ "unit U1 ", "unit U1 1916 steps=-1", "out of range", NULL },
	{ "unit U1 ", "unit U1 1916 steps=0", "steps: 0 out of range 1..4", NULL },
	{ "unit U1 ", "unit U1 dead steps=2", "steps: 2 out of range 0..0", NULL },
	{ "unit U1 ", "unit U1 1916 steps=x", "'x' is not a number", NULL },
	{ "unit U1 ", "unit U1 1916", "takes 3 to 6 fields", NULL },
	{ "unit U1 ", "unit U1 1916 mp=2 flags=moved", "missing key steps=", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 speed=3", "unknown key 'speed'", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 steps=1", "key 'steps' given twice", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 flags=moved,flying", "unknown unit flag 'flying'", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 flags=moved,moved", "flag 'moved' given twice", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 flags=bit0", "flag bit0 is written 'moved'", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 flags=", "malformed flag list", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 mp=100", "mp: 100 out of range", NULL },
	{ "unit U1 ", "unit U1 1916 steps=1 =3", "expected KEY=VALUE", NULL },
	{ "pending", "pending union retreat", "pending retreat must name a unit", NULL },
	{ "pending", "pending union retreat C5", "not a union unit", NULL },
	{ "pending", "pending union retreat U60", "U60: the unit is not on the map", NULL },
	{ "pending", "pending union frobnicate", "unknown decision 'frobnicate'", NULL },
	{ "pending", "pending union combat U5", "belongs to the phasing player", NULL },
	{ "pending", "pending confederate movement", "pending movement in the combat phase", NULL },
	{ "pending", "pending confederate resolve U5", "pending resolve takes no unit", NULL },
	{ "pending", "pending none combat", "no side owns it", NULL },
	{ "pending", "pending union retreat U5 U6", "takes 2 to 3 fields", NULL },
	{ "turn", "turn 12 confederate combat", "turn: 12 out of range 1..11", NULL },
	{ "turn", "turn 0 confederate combat", "out of range", NULL },
	{ "turn", "turn 7 none combat", "unknown side 'none'", NULL },
	{ "turn", "turn 7 confederate melee", "unknown phase 'melee'", NULL },
	{ "turn", NULL, "missing 'turn' record", "$" },
	{ "pending", "turn 7 confederate combat", "'turn' given twice", NULL },
	{ "rng", "rng 0123456789ABCDEF", "16 lower-case hex digits", NULL },
	{ "rng", "rng 123", "16 lower-case hex digits", NULL },
	{ "dice", "dice 1 7", "die: 7 out of range 1..6", NULL },
	{ "dice",
	  "dice 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 "
	  "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
	  "more than 64 forced dice", NULL },
	{ "corps I ", "corps I sleeping lifted=-", "unknown corps status 'sleeping'", NULL },
	{ "corps I ", "corps X committed lifted=-", "unknown corps 'X'", NULL },
	{ "corps I ", "corps II committed lifted=-", "corps II given twice", "corps II available" },
	{ "corps I ", "corps I committed moving lifted=-", "two corps moving", "corps XII" },
	{ "corps I ", "corps I committed lifted=U3", "U3 is not a Confederate unit", NULL },
	{ "corps I ", "corps I committed lifted=C3,C3", "C3 listed twice", NULL },
	{ "corps I ", "corps I committed lifted", "expected lifted=UNITS", NULL },
	{ "corps I ", "corps I committed done=yes", "'done' takes no value", NULL },
	{ "corps I ", "corps I committed since lifted=-", "expected since=TURN", NULL },
	{ "corps I ", "corps I committed since=0 lifted=-", "committed turn: 0 out of range 1..11", NULL },
	{ "corps I ", "corps I committed since=2 since=3 lifted=-", "given twice", NULL },
	{ "corps I ", "corps I available since=2 lifted=-", "corps I is available: since=2 is for a Committed corps (13.1)", NULL },
	{ "corps I ", "corps I committed since=8 lifted=-", "corps I noted as committed on turn 8, after turn 7 (13.1)", "$" },
	{ "corps I ", NULL, "no 'corps' record for I", "$" },
	{ "control 1916", "control 1916 nobody", "unknown side 'nobody'", NULL },
	{ "control 2721", "control 1916 union", "control of 1916 given twice", NULL },
	{ "ford 2836", "ford 2836 2937", "not adjacent", NULL },
	{ "ford 3619", "ford 2935 2836", "given twice", NULL },
	{ "entries", "entries 3:2 3:1", "entry slot 3 given twice", NULL },
	{ "entries", "entries 78:1", "entry slot: 78 out of range", NULL },
	{ "entries", "entries 3", "expected SLOT:COUNT", NULL },
	{ "options", "options mishap=on unleashed=off", "missing key solitaire=", NULL },
	{ "options", "options mishap=maybe unleashed=off solitaire=on", "unknown mishap 'maybe'", NULL },
	{ "hood-released", "hood-released perhaps", "unknown hood-released 'perhaps'", NULL },
	{ "ap-hill", "ap-hill triggered=yes turn=12", "out of range -1..11", NULL },
	{ "combat", "combat round=3 current=1 attacker-loss=1 defender-loss=2 retreat=yes",
	  "round: 3 out of range 0..2", NULL },
	{ "combat", "combat round=2 current=5 attacker-loss=1 defender-loss=2 retreat=yes",
	  "combat current=5 but only 3 declarations", "$" },
	{ "combat", "combat round=2 current=1 attacker-loss=1 defender-loss=2 retreat=yes loss-hexes=9",
	  "loss-hexes: 9 out of range 0..7", NULL },
	{ "decl 2316", "decl 2316 attackers=C3 next=2 flags=5", "next=2 but only 1 attackers", NULL },
	{ "decl 2316", "decl 2316,2316 attackers=C3 next=0 flags=5", "hex 2316 listed twice", NULL },
	{ "decl 2316", "decl 2316 attackers=C3,C3 next=0 flags=5", "unit C3 listed twice", NULL },
	{ "decl 2316", "decl 2316 attackers=C1,C2,C3,C4,C5,C6,C7 next=0 flags=5",
	  "more than 6 units", NULL },
	{ "queue", "queue U5 U5", "unit U5 queued twice", NULL },
	{ "log-count", "log-count 0", "more events than log-count 0 keeps (0)", "event 1 " },
	{ "log-count", "log-count 5", "more events than log-count 5 keeps (5)", "event 6 " },
	{ "event 2 ", "event 2 note \"unterminated", "expected text in double quotes", NULL },
	{ "event 2 ", "event 2 note \"a\"b\"", "unescaped '\"'", NULL },
	{ "event 2 ", "event 2 note \"bad \\q escape\"", "bad escape", NULL },
	{ "event 2 ", "event 2 note \"zero \\x00\"", "\\x00", NULL },
	{ "event 2 ", "event 2 note \"ends in \\\"", "unterminated escape", NULL },
	{ "event 2 ", "event 2 note \"0123456789012345678901234567890123456789012345678901234567890123456789"
		      "0123456789012345678901234567890123456789012345678901234567890123456789\"",
	  "text longer than 119 characters", NULL },
	{ "event 2 ", "event 2 note \"caf\xc3\xa9\"", "not printable ASCII", NULL },
	{ "event 2 ", "event 2", "'event' takes a turn and a kind", NULL },
	{ "event 2 ", "event 2 frobnicate", "unknown event kind 'frobnicate'", NULL },
	{ "event 2 ", "event 2 die die=7", "die: 7 out of range 1..6", NULL },
	{ "event 2 ", "event 2 die die=3 die=4", "key 'die' given twice", NULL },
	{ "event 2 ", "event 2 fire drm=0 drm=0", "key 'drm' given twice", NULL },
	{ "event 2 ", "event 2 die unit=U1", "a 'die' event has no key unit=", NULL },
	{ "event 2 ", "event 2 die why=because", "unknown reason 'because'", NULL },
	{ "event 2 ", "event 2 step-lost unit=U99", "unknown unit 'U99'", NULL },
	{ "event 2 ", "event 2 corps-status corps=X", "unknown corps 'X'", NULL },
	{ "event 2 ", "event 2 move path=1917,,1918", "malformed list", NULL },
	{ "event 2 ", "event 2 move path=1917,4400", "'4400' is not a hex", NULL },
	{ "event 2 ", "event 2 move path=1917 path=1918", "key 'path' given twice", NULL },
	{ "event 2 ", "event 2 turn-begins \"text\"", "a 'turn-begins' event has no text", NULL },
	{ "event 2 ", "event 2 note", "missing quoted text", NULL },
	{ "start", "# no start", "'action' before 'start'", "action " },
	{ "start", "start empty seed=-1 mishap=on unleashed=on solitaire=off", "seed: '-1'", NULL },
	{ "start", "start empty seed=99999999999999999999 mishap=on unleashed=on solitaire=off",
	  "is not a number", NULL },
	{ "action", "action \"\"", "empty action", NULL },
	{ "action", "action \"frobnicate U1\"", "action 'frobnicate U1': ", NULL },
	{ "action", "action \"move U1 9999\"", "action 'move U1 9999': ", NULL },
	{ "solitaire", "solitaire ready=yes committed-once=I,I withdraw-turn=6 withdraw-mask=II",
	  "corps I listed twice", NULL },
	{ "solitaire", "solitaire ready=yes committed-once=I withdraw-turn=12 withdraw-mask=II",
	  "withdraw-turn: 12 out of range 0..11", NULL },
	{ "solitaire", "solitaire ready=yes committed-once=I withdraw-turn=1", "missing key withdraw-mask=",
	  NULL },
	{ "objective I ", "objective I current=4 first=- second=- third=-", "current: 4 out of range 0..3",
	  NULL },
	{ "objective I ", "objective IX/9 current=0 first=- second=- third=-", "unknown formation 'IX/9'",
	  NULL },
	{ "objective I ", "objective XII current=0 first=- second=- third=-", "objectives of XII given twice",
	  "objective XII current=3" },
	{ "objective I ", "objective I current=0 first=cornfield second=- third=-",
	  "unknown objective 'cornfield'", NULL },
	{ "objective I ", "objective I current=0 first=4545 second=- third=-", "'4545' is not a hex", NULL },
	{ "objective I ", "objective I current=0 first=- second=-", "takes 5 fields", NULL },
	{ "setup", "setup random", "unknown set-up 'random'", NULL },
	{ "setup", "flavour vanilla", "unknown record 'flavour'", NULL },
	{ "setup", "setup empty \x01", "not printable ASCII", NULL },
};

/* The text with the first line starting with match replaced (or deleted); the number of
 * the replaced line into *line. */
static char *edit(const char *text, const char *match, const char *repl, int *line)
{
	size_t cap = strlen(text) + (repl ? strlen(repl) : 0) + 2;
	char *out = malloc(cap);
	assert_non_null(out);
	const char *p = text;
	char *o = out;
	int n = 0;
	bool done = false;
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);
		n++;
		if (!done && !strncmp(p, match, strlen(match))) {
			done = true;
			*line = n;
			if (repl)
				o += sprintf(o, "%s\n", repl);
		} else {
			memcpy(o, p, len);
			o += len;
		}
		p += len;
	}
	*o = 0;
	if (!done)
		fail_msg("no line starts with '%s'", match);
	return out;
}

static int line_of(const char *text, const char *prefix)
{
	int n = 1;
	for (const char *p = text; *p; n++) {
		if (!strncmp(p, prefix, strlen(prefix)))
			return n;
		const char *eol = strchr(p, '\n');
		if (!eol)
			break;
		p = eol + 1;
	}
	fail_msg("no line starts with '%s'", prefix);
	return 0;
}

static int last_line(const char *text)
{
	int n = 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n + (*text && text[strlen(text) - 1] != '\n');
}

/* Read text, which must fail with "t.pos:LINE: …expect…", leaving g and rec untouched. */
static void expect_refused(const struct scenario *s, const char *text, size_t len, int line,
			   const char *expect)
{
	struct position_record rec, rec_before;
	struct game *g = filled_game(s, &rec);
	struct game *before = malloc(sizeof *before);
	*before = *g;
	record_copy(&rec_before, &rec);
	char err[512] = "";
	if (read_text(g, &rec, s, text, len, err, sizeof err))
		fail_msg("accepted a broken file (expected '%s'):\n%.300s", expect, text);
	char want[64];
	snprintf(want, sizeof want, "t.pos:%d: ", line);
	if (line > 0 && strncmp(err, want, strlen(want)))
		fail_msg("expected '%s…%s', got '%s'", want, expect, err);
	if (line <= 0 && strncmp(err, "t.pos:", 6))
		fail_msg("expected 't.pos:LINE: …', got '%s'", err);
	if (expect && !strstr(err, expect))
		fail_msg("expected '%s' in '%s'", expect, err);
	assert_memory_equal(g, before, sizeof *g);
	assert_int_equal(rec.n, rec_before.n);
	for (int i = 0; i < rec.n; i++)
		assert_string_equal(rec.action[i], rec_before.action[i]);
	free(g);
	free(before);
	record_free(&rec);
	record_free(&rec_before);
}

/* Issue 21 item 11: a file cut off anywhere after its first line is refused as
 * "truncated", at the line where it ends (not as a syntax error of the cut line). */
static void test_truncated_says_so(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec;
	struct game *g = filled_game(s, &rec);
	char *good = write_text(g, &rec);
	size_t len = strlen(good), first = strcspn(good, "\n") + 1;
	size_t last = len - 4; /* "end\n" */
	assert_string_equal(good + last, "end\n");
	struct game *scratch = calloc(1, sizeof *scratch);
	char err[512];
	int cuts = 0;
	for (size_t cut = first; cut < last + 2; cut += 1 + cut % 7) {
		assert_false(read_text(scratch, NULL, s, good, cut, err, sizeof err));
		int line = 1;
		for (size_t i = 0; i < cut; i++)
			line += good[i] == '\n' && i + 1 < cut;
		char want[64];
		snprintf(want, sizeof want, "t.pos:%d: truncated file", line);
		if (strncmp(err, want, strlen(want)))
			fail_msg("cut after %zu bytes: '%s' (expected '%s …')", cut, err, want);
		cuts++;
	}
	assert_true(cuts > 100);
	free(scratch);
	free(good);
	free(g);
	record_free(&rec);
	free(s);
}

static void test_broken(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec;
	struct game *g = filled_game(s, &rec);
	char *good = write_text(g, &rec);
	char err[512];
	struct game *scratch = calloc(1, sizeof *scratch);
	assert_true(read_text(scratch, NULL, s, good, strlen(good), err, sizeof err));
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		const struct broken *b = &broken[i];
		int line = 0;
		char *text = edit(good, b->match, b->repl, &line);
		if (b->err_at && !strcmp(b->err_at, "$"))
			line = last_line(text);
		else if (b->err_at)
			line = line_of(text, b->err_at);
		print_message("broken %zu: %s\n", i, b->expect);
		expect_refused(s, text, strlen(text), line, b->expect);
		free(text);
	}
	free(scratch);
	free(good);
	free(g);
	record_free(&rec);
	free(s);
}

/* Files broken in ways an edit of one line cannot make. */
static void test_broken_bytes(void **state)
{
	(void)state;
	struct scenario *s = fake_scenario();
	struct position_record rec;
	struct game *g = filled_game(s, &rec);
	char *good = write_text(g, &rec);
	size_t len = strlen(good);

	expect_refused(s, "", 0, 1, "empty file");
	/* Cut anywhere: every prefix of the file is refused (most cut mid-record). */
	for (size_t cut = 0; cut < len - 1; cut += 1 + cut / 16)
		expect_refused(s, good, cut, -1, NULL);
	/* A NUL byte inside a line. */
	char *nul = strdup(good);
	char *at = strstr(nul, "\nrng ") + 3;
	*at = 0;
	expect_refused(s, nul, len, line_of(good, "rng"), "NUL byte");
	/* An overlong line. */
	char *longline = malloc(len + 6000);
	int l = line_of(good, "dice");
	char *d = strstr(good, "\ndice") + 1;
	size_t head = (size_t)(d - good);
	memcpy(longline, good, head);
	memset(longline + head, '1', 5000);
	strcpy(longline + head + 5000, d);
	expect_refused(s, longline, strlen(longline), l, "line longer than");
	/* Garbage: random bytes, and random bytes after a good first line. */
	srand(7);
	char junk[2048];
	for (int round = 0; round < 200; round++) {
		size_t n = (size_t)(rand() % (int)sizeof junk);
		for (size_t i = 0; i < n; i++)
			junk[i] = (char)(rand() % 256);
		if (round % 2)
			memcpy(junk, "antietam-position 1\n", n < 20 ? n : 20);
		expect_refused(s, junk, n, -1, NULL);
	}
	/* Text after the end. */
	char *after = malloc(len + 32);
	sprintf(after, "%sunit U1 1916 steps=1\n", good);
	expect_refused(s, after, strlen(after), last_line(after), "text after the 'end' line");
	/* Comments and blank lines after the end are fine. */
	sprintf(after, "%s\n# the end\n\n", good);
	char err[512];
	struct game *back = calloc(1, sizeof *back);
	if (!read_text(back, NULL, s, after, strlen(after), err, sizeof err))
		fail_msg("%s", err);
	free(back);
	free(after);
	free(longline);
	free(nul);
	free(good);
	free(g);
	record_free(&rec);
	free(s);
}

/* ---- every field is written ---- */

struct field {
	const char *name;
	size_t off, size;
};

/* The fields position_write.c writes, in declaration order, must tile the struct: a field added
 * to struct game or struct combat_state without being taught to position_write.c and
 * position_read.c (written, read, checked, documented in docs/formats.md) shows here as a
 * gap. */
static void check_tiling(const char *type, const struct field *f, size_t n, size_t total)
{
	size_t end = 0;
	for (size_t i = 0; i < n; i++) {
		if (f[i].off < end || f[i].off - end >= 8)
			fail_msg("struct %s: a field before '%s' that position files do not know: "
				 "teach src/data/position_write.c and position_read.c to write and "
				 "read it, then list it in tests/test_position.c", type, f[i].name);
		end = f[i].off + f[i].size;
	}
	if (total - end >= 8)
		fail_msg("struct %s: a field after '%s' that position files do not know", type,
			 f[n - 1].name);
}

/* The fields struct `type` declares in `header`, in order, as the compiler reads them
 * (comments dropped, one name per declarator: "int8_t a, b;" is two fields); their number. */
static int declared_fields(const char *header, const char *type, char names[][40], int max)
{
	FILE *f = fopen(header, "r");
	assert_non_null(f);
	char *text = NULL;
	size_t cap = 0;
	assert_true(getdelim(&text, &cap, 0, f) > 0);
	fclose(f);
	/* drop comments */
	for (char *p = text; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");
			assert_non_null(e);
			memset(p, ' ', (size_t)(e + 2 - p));
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
		}
	}
	char open[64];
	snprintf(open, sizeof open, "\nstruct %s {", type);
	char *body = strstr(text, open);
	if (!body)
		fail_msg("%s: no 'struct %s {' at the start of a line", header, type);
	body += strlen(open);
	char *end = strstr(body, "\n};");
	assert_non_null(end);
	*end = 0;
	int n = 0;
	for (char *decl = strtok(body, ";"); decl; decl = strtok(NULL, ";")) {
		/* array sizes out: what is left is "type a, b" or "type *a" */
		for (char *p = decl; *p; p++)
			if (*p == '[')
				while (*p && *p != ']')
					*p++ = ' ';
		for (char *p = decl; *p; p++)
			if (*p == ']' || *p == '*' || *p == '\n' || *p == '\t')
				*p = ' ';
		char *part = decl;
		for (;;) {
			char *comma = strchr(part, ',');
			if (comma)
				*comma = 0;
			/* the last word of the declarator is the name */
			char *e = part + strlen(part);
			while (e > part && e[-1] == ' ')
				e--;
			char *b = e;
			while (b > part && b[-1] != ' ')
				b--;
			if (e > b) {
				assert_true(n < max && e - b < 40);
				snprintf(names[n++], 40, "%.*s", (int)(e - b), b);
			}
			if (!comma)
				break;
			part = comma + 1;
		}
	}
	free(text);
	return n;
}

/* Every field the header declares is one position files know (field[]), in the same order:
 * a field added anywhere, however small (even one the compiler tucks into padding, which
 * the tiling check cannot see), fails here until position_write.c and position_read.c
 * write and read it and it is listed above. */
static void check_declared(const char *header, const char *type, const struct field *f, size_t n)
{
	char names[256][40];
	int nd = declared_fields(header, type, names, 256);
	for (int i = 0; i < nd || (size_t)i < n; i++) {
		if (i >= nd)
			fail_msg("struct %s: '%s' is listed in tests/test_position.c but not declared "
				 "in %s", type, f[i].name, header);
		if ((size_t)i >= n || strcmp(names[i], f[i].name))
			fail_msg("struct %s (%s): field '%s' that position files do not know: teach "
				 "src/data/position_write.c and position_read.c to write and read it, "
				 "document it in docs/formats.md, then list it in tests/test_position.c",
				 type, header, names[i]);
	}
}

static void test_every_field_known(void **state)
{
	(void)state;
#define F(T, x) { #x, offsetof(struct T, x), sizeof(((struct T *)0)->x) }
	static const struct field game[] = {
		F(game, scn), F(game, opt), F(game, empty_setup), F(game, rng), F(game, forced),
		F(game, nforced), F(game, turn), F(game, side), F(game, phase), F(game, pending),
		F(game, unit), F(game, corps), F(game, corps_lifted), F(game, commitment_lifted),
		F(game, hood_released), F(game, corps_moving), F(game, corps_done),
		F(game, withdrawing), F(game, corps_committed), F(game, vi_entered_free),
		F(game, ap_hill_triggered),
		F(game, ap_hill_turn), F(game, entry_count), F(game, ford_from), F(game, ford_to),
		F(game, nfords_used), F(game, control), F(game, fired_at), F(game, combat),
		F(game, solitaire), F(game, nlog), F(game, events),
	};
	static const struct field combat[] = {
		F(combat_state, round), F(combat_state, stage), F(combat_state, current),
		F(combat_state, auto_order), F(combat_state, decl), F(combat_state, ndecl),
		F(combat_state, queue), F(combat_state, queue_kind), F(combat_state, queue_rolled),
		F(combat_state, nqueue), F(combat_state, attacker_loss),
		F(combat_state, defender_loss), F(combat_state, loss_hexes),
		F(combat_state, retreat_result),
		F(combat_state, attacking), F(combat_state, advancer), F(combat_state, advance_from),
		F(combat_state, breakoff_side), F(combat_state, asked),
		F(combat_state, attacked_round), F(combat_state, attacked_r1), F(combat_state, r1),
		F(combat_state, nr1),
	};
	static const struct field unit[] = {
		F(unit_state, hex), F(unit_state, steps), F(unit_state, mp_used), F(unit_state, flags),
	};
	static const struct field solo[] = {
		F(solitaire_state, ready), F(solitaire_state, committed_once),
		F(solitaire_state, current), F(solitaire_state, obj),
		F(solitaire_state, withdraw_turn), F(solitaire_state, withdraw_mask),
	};
#undef F
	check_tiling("game", game, sizeof game / sizeof game[0], sizeof(struct game));
	check_tiling("combat_state", combat, sizeof combat / sizeof combat[0],
		     sizeof(struct combat_state));
	check_tiling("unit_state", unit, sizeof unit / sizeof unit[0], sizeof(struct unit_state));
	check_tiling("solitaire_state", solo, sizeof solo / sizeof solo[0],
		     sizeof(struct solitaire_state));
	check_declared("include/game_state.h", "game", game, sizeof game / sizeof game[0]);
	check_declared("include/combat.h", "combat_state", combat, sizeof combat / sizeof combat[0]);
	check_declared("include/game_state.h", "unit_state", unit, sizeof unit / sizeof unit[0]);
	check_declared("include/solitaire.h", "solitaire_state", solo, sizeof solo / sizeof solo[0]);
}

/* ---- save anywhere, resume exactly ---- */

#define PLAY_MAX 300
#define LEGAL_MAX 8192

/* A deterministic playout from the historical set-up: at each decision one of the legal
 * actions, chosen by a fixed little generator, `end` only now and then so that phases are
 * played and not just skipped. The action texts go into texts[]; returns their count. */
static int playout(const struct scenario *s, struct game *snap, uint64_t seed, char (*texts)[256])
{
	static struct action legal[LEGAL_MAX];
	struct game_options opt = { 0 };
	struct game *g = &snap[0];
	game_new(g, s, SETUP_HISTORICAL, seed, &opt);
	uint64_t r = seed * 0x9e3779b97f4a7c15ULL + 1;
	int n = 0;
	while (n < PLAY_MAX && g->pending.what != DECISION_GAMEOVER) {
		int nl = game_legal_first(g, legal, LEGAL_MAX);
		if (nl <= 0)
			fail_msg("no legal action at step %d", n);
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		int pick = (int)(r % (uint64_t)nl);
		int nend = -1;
		for (int i = 0; i < nl; i++)
			if (legal[i].type == ACT_END)
				nend = i;
		if (nend >= 0 && nl > 1 && pick == nend)
			pick = (pick + 1) % nl;
		if (nend >= 0 && (r >> 20) % 5 == 0)
			pick = nend;
		/* attack where attacks are possible, to reach the combat sub-decisions */
		if (g->pending.what == DECISION_COMBAT && (r >> 24) % 3 != 0)
			for (int i = 0; i < nl; i++)
				if (legal[(pick + i) % nl].type == ACT_ATTACK) {
					pick = (pick + i) % nl;
					break;
				}
		char err[512];
		action_format(s, &legal[pick], texts[n], 256);
		snap[n + 1] = *g;
		g = &snap[n + 1];
		if (!game_apply(g, &legal[pick], err, sizeof err))
			fail_msg("step %d '%s' refused: %s", n, texts[n], err);
		n++;
	}
	return n;
}

/* Where two games first differ, by field, for failure messages. */
static const char *first_field_differing(const struct game *a, const struct game *b)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
#define F(x) { #x, offsetof(struct game, x) }
		F(opt), F(empty_setup), F(rng), F(forced), F(nforced), F(turn), F(side), F(phase),
		F(pending), F(unit), F(corps), F(corps_lifted), F(commitment_lifted), F(hood_released),
		F(corps_moving), F(corps_done), F(withdrawing), F(vi_entered_free),
		F(ap_hill_triggered), F(ap_hill_turn), F(entry_count), F(ford_from), F(ford_to),
		F(nfords_used), F(control), F(fired_at), F(combat), F(solitaire), F(nlog), F(events),
#undef F
	};
	static char buf[128];
	const unsigned char *pa = (const void *)a, *pb = (const void *)b;
	size_t i = 0;
	while (i < sizeof *a && pa[i] == pb[i])
		i++;
	const char *name = "start";
	for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
		if (fields[f].off <= i)
			name = fields[f].name;
	snprintf(buf, sizeof buf, "byte %zu, in or after field %s", i, name);
	return buf;
}

/* Apply action texts [from, to) to g as a player would type them. */
static void apply_texts(const struct scenario *s, struct game *g, char (*texts)[256], int from,
			int to)
{
	for (int i = from; i < to; i++) {
		struct action a;
		char err[512];
		if (!action_parse(s, texts[i], &a, err, sizeof err) ||
		    !game_apply(g, &a, err, sizeof err))
			fail_msg("step %d '%s' refused after resuming: %s", i, texts[i], err);
	}
}

/* A file whose every record reads but whose whole breaks a rule no game can reach (found by
 * tests/fuzz/fuzz_position.c: two infantry units in one hex, 7.1A) is refused at its 'end'
 * line, with check_game's reason, and the caller's game is left as it was. */
static void test_unreachable_position_refused(void **state)
{
	(void)state;
	const struct scenario *s = fx_real_scenario();
	char err[1024];
	struct game *g = calloc(1, sizeof *g), *before = calloc(1, sizeof *before);
	game_new(g, s, SETUP_HISTORICAL, 1, NULL);
	*before = *g;
	const char *path = "tests/data/position-overstacked.pos";
	if (store_load(g, NULL, s, path, err, sizeof err))
		fail_msg("%s accepted", path);
	assert_string_equal(err, "tests/data/position-overstacked.pos:151: not a position a game "
				 "can reach: hex 1803: 7.1A: at most one infantry and one "
				 "artillery unit a hex");
	assert_memory_equal(g, before, sizeof *g);
	free(g);
	free(before);
}

static void test_resume(void **state)
{
	(void)state;
	const struct scenario *s = fx_real_scenario();
	char err[1024];
	static char texts[PLAY_MAX][256];
	struct game *snap = calloc(PLAY_MAX + 1, sizeof *snap); /* snap[k]: after k actions */
	struct game *back = calloc(1, sizeof *back);
	assert_non_null(snap);
	int decisions[DECISION_COUNT] = { 0 };
	for (uint64_t seed = 1; seed <= 3; seed++) {
		int n = playout(s, snap, seed, texts);
		print_message("seed %d: %d actions, turn %d\n", (int)seed, n, snap[n].turn);
		/* Save at every decision point, read back: the same game to the byte; play on
		 * for a while (from the first, to the end): the same actions are legal, the same
		 * dice fall, the same game results. */
		for (int k = 0; k <= n; k++) {
			const struct game *g = &snap[k];
			decisions[g->pending.what]++;
			char *text = write_text(g, NULL);
			memset(back, 0, sizeof *back);
			if (!read_text(back, NULL, s, text, strlen(text), err, sizeof err))
				fail_msg("step %d: %s\n%s", k, err, text);
			if (memcmp(back, g, sizeof *g))
				fail_msg("seed %d step %d: the game read back differs from the game saved "
					 "(%s)", (int)seed, k, first_field_differing(back, g));
			char *again = write_text(back, NULL);
			assert_string_equal(text, again);
			int to = k == 0 ? n : k + 12 < n ? k + 12 : n;
			apply_texts(s, back, texts, k, to);
			if (memcmp(back, &snap[to], sizeof *back))
				fail_msg("seed %d: resumed at step %d, the game differs at step %d (%s)",
					 (int)seed, k, to, first_field_differing(back, &snap[to]));
			free(text);
			free(again);
		}
	}
	/* Which decision points the saves fell on (shown, and at least the main phases). */
	for (int d = 0; d < DECISION_COUNT; d++)
		if (decisions[d])
			print_message("saved at %d %s decisions\n", decisions[d], names_of_decision(d));
	assert_true(decisions[DECISION_MOVEMENT] > 0);
	assert_true(decisions[DECISION_ARTILLERY] > 0);
	free(snap);
	free(back);
}

/* The solitaire game: the bot's objectives and commitment history survive every save. */
static void test_solitaire_saves(void **state)
{
	(void)state;
	const struct scenario *s = fx_real_scenario();
	char err[1024];
	struct game *g = calloc(1, sizeof *g), *back = calloc(1, sizeof *back);
	struct game_options opt = { .solitaire = true };
	game_new(g, s, SETUP_HISTORICAL, 11, &opt);
	bool objectives = false;
	for (int round = 0; round < 16 && g->pending.what != DECISION_GAMEOVER; round++) {
		if (bot_play_game(g, NULL, 0, err, sizeof err) < 0)
			fail_msg("round %d: %s", round, err);
		char *text = write_text(g, NULL);
		memset(back, 0, sizeof *back);
		if (!read_text(back, NULL, s, text, strlen(text), err, sizeof err))
			fail_msg("round %d: %s", round, err);
		if (memcmp(back, g, sizeof *g))
			fail_msg("round %d: the game read back differs (%s)", round,
				 first_field_differing(back, g));
		objectives = objectives || strstr(text, "\nobjective ");
		free(text);
	}
	assert_true(g->solitaire.ready);
	assert_true(objectives);
	free(g);
	free(back);
}

/* ---- files on disk ---- */

static char tmpdir[256];

static int count_files(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.' || (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."));
	closedir(d);
	return n;
}

static void test_save_load(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/antietam-test-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	struct scenario *s = fake_scenario();
	struct position_record rec, rec2 = { 0 };
	struct game *g = filled_game(s, &rec);
	struct game *back = calloc(1, sizeof *back);
	char path[512], err[512];
	snprintf(path, sizeof path, "%s/game.pos", tmpdir);
	if (!store_save(g, &rec, path, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(count_files(tmpdir), 1);
	if (!store_load(back, &rec2, s, path, err, sizeof err))
		fail_msg("%s", err);
	assert_memory_equal(g, back, sizeof *g);
	assert_int_equal(rec2.n, rec.n);

	/* Saving over a directory fails, leaves no temporary file. */
	char sub[512];
	snprintf(sub, sizeof sub, "%s/sub", tmpdir);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_false(store_save(g, &rec, sub, err, sizeof err));
	assert_non_null(strstr(err, "cannot save"));
	assert_int_equal(count_files(tmpdir), 2);
	rmdir(sub);
	/* A directory that does not exist. */
	snprintf(sub, sizeof sub, "%s/none/game.pos", tmpdir);
	assert_false(store_save(g, &rec, sub, err, sizeof err));
	assert_non_null(strstr(err, "cannot create a temporary file"));

	/* A write that fails half way (file size limit): the old file stays as it was. */
	struct stat before, after;
	assert_int_equal(stat(path, &before), 0);
	g->turn = 3;
	struct rlimit old, small = { 1000, 1000 };
	getrlimit(RLIMIT_FSIZE, &old);
	small.rlim_max = old.rlim_max;
	void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	bool saved = store_save(g, &rec, path, err, sizeof err);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, prev);
	assert_false(saved);
	assert_int_equal(count_files(tmpdir), 1);
	assert_int_equal(stat(path, &after), 0);
	assert_int_equal(before.st_size, after.st_size);
	assert_true(store_load(back, NULL, s, path, err, sizeof err));
	assert_int_equal(back->turn, 7);

	/* A missing file. */
	snprintf(sub, sizeof sub, "%s/missing.pos", tmpdir);
	assert_false(store_load(back, NULL, s, sub, err, sizeof err));
	assert_non_null(strstr(err, "missing.pos: cannot open"));
	unlink(path);
	rmdir(tmpdir);
	free(back);
	free(g);
	record_free(&rec);
	record_free(&rec2);
	free(s);
}

/* ---- the --batch commands ---- */

/* Run one command line through the interpreter; the answer (malloc'd). */
static char *run(struct cli *c, const char *line)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	cli_exec(c, line, m);
	fclose(m);
	return buf;
}

static void expect_answer(struct cli *c, const char *line, const char *want)
{
	char *got = run(c, line);
	if (strcmp(got, want))
		fail_msg("'%s': expected '%s', got '%s'", line, want, got);
	free(got);
}

/* A file of version 2, 3 or 4 (tests/data/saved-format2.pos, saved-format3.pos and
 * saved-format4.pos, written by the programs of their time: a historical game, seed 3, after
 * six `bot` turns) still opens: its fires come back without the target's hex and the fire
 * value (before version 5), its attacks and fires without their lists of DRMs and its
 * last-fire and last-attack records read and left (before version 4), and it is written back
 * as today's version with every other line as it was (a file of version 2 naming the order of
 * battle it was read under, that of its time: 2; each naming the ground and charts it was
 * read on, the first of its time: position_read leaves the rest to match_settle_data). */
static void reads_back_as_today(const char *path, int version, int ground, int charts)
{
	size_t len;
	char *old = fx_read_file(path, &len), first[32];
	snprintf(first, sizeof first, "antietam-position %d\n", version);
	assert_int_equal(strncmp(old, first, strlen(first)), 0);
	assert_true((strstr(old, "\nlast-fire ") != NULL) == (version < 4));
	assert_true((strstr(old, "\nlast-attack ") != NULL) == (version < 4));
	struct game *g = malloc(sizeof *g);
	assert_non_null(g);
	struct position_record rec = { 0 };
	char err[512];
	if (!read_text(g, &rec, fx_real_scenario(), old, len, err, sizeof err))
		fail_msg("%s", err);
	int fires = 0, attacks = 0;
	for (int k = rec.events.first; k < event_log_end(&rec.events); k++) {
		const struct game_event *e = event_log_at(&rec.events, k);
		fires += e->kind == EVENT_FIRE;
		attacks += e->kind == EVENT_ATTACK;
		if ((e->kind == EVENT_FIRE || e->kind == EVENT_ATTACK) && version < 4)
			assert_int_equal(e->n, 0);
		if (e->kind == EVENT_FIRE) {
			assert_int_equal(e->to, HEX_NONE);
			assert_int_equal(e->column, 0);
		}
	}
	assert_true(fires > 0 && attacks > 0);
	/* the file's lines but its comments, its version and the two records, in their order */
	char *want = malloc(len + 64), *w = want;
	assert_non_null(want);
	for (const char *line = old; *line;) {
		size_t n = strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
		if (line == old)
			w += sprintf(w, "%s", VERSION_LINE);
		else if (version < 3 && !strncmp(line, "setup ", 6))
			w += sprintf(w, "order-of-battle 2\nground %d\ncharts %d\n%.*s", ground,
				     charts, (int)n, line);
		else if (!strncmp(line, "order-of-battle ", 16))
			w += sprintf(w, "%.*sground %d\ncharts %d\n", (int)n, line, ground, charts);
		else if (line[0] != '#' && strncmp(line, "last-fire ", 10) &&
			 strncmp(line, "last-attack ", 12))
			w += sprintf(w, "%.*s", (int)n, line);
		line += n;
	}
	*w = 0;
	char *text = write_text(g, &rec);
	for (char *c; (c = strstr(text, "\n#"));) /* its comment lines left out */
		memmove(c + 1, strchr(c + 1, '\n') + 1, strlen(strchr(c + 1, '\n') + 1) + 1);
	assert_string_equal(text, want);
	free(text);
	free(want);
	free(old);
	record_free(&rec);
	free(g);
}

static void test_old_versions_read(void **state)
{
	(void)state;
	/* each on the first ground and charts of its time (match_settle_data settles them) */
	reads_back_as_today("tests/data/saved-format2.pos", 2, 2, 1);
	reads_back_as_today("tests/data/saved-format3.pos", 3, 3, 1);
	reads_back_as_today("tests/data/saved-format4.pos", 4, 3, 1);
	/* a version-4 fire names no hex nor fire value: those keys are refused there */
	size_t len;
	char *old = fx_read_file("tests/data/saved-format4.pos", &len);
	char *fire = strstr(old, " fire unit=U5 target=C18 ");
	assert_non_null(fire);
	const char *keys[] = { "to=1108 ", "column=4 " };
	for (int i = 0; i < 2; i++) {
		size_t at = (size_t)(fire - old) + strlen(" fire unit=U5 target=C18 ");
		char *bad = malloc(len + 16);
		assert_non_null(bad);
		snprintf(bad, len + 16, "%.*s%s%s", (int)at, old, keys[i], old + at);
		struct game *g = malloc(sizeof *g);
		assert_non_null(g);
		char err[512], want[64];
		assert_false(read_text(g, NULL, fx_real_scenario(), bad, strlen(bad), err, sizeof err));
		snprintf(want, sizeof want, "a 'fire' event has no key %.*s", (int)strcspn(keys[i], "=") + 1,
			 keys[i]);
		if (!strstr(err, want))
			fail_msg("'%s': expected '%s'", err, want);
		free(g);
		free(bad);
	}
	free(old);
	/* version 6 does not say when a corps was committed (13.1): the key is refused there */
	old = fx_read_file("tests/data/saved-format6.pos", &len);
	char *ii = strstr(old, "\ncorps II committed ");
	assert_non_null(ii);
	size_t at = (size_t)(ii - old) + strlen("\ncorps II committed");
	char *bad = malloc(len + 16);
	assert_non_null(bad);
	snprintf(bad, len + 16, "%.*s since=2%s", (int)at, old, old + at);
	struct game *g = malloc(sizeof *g);
	assert_non_null(g);
	char err[512];
	assert_false(read_text(g, NULL, fx_real_scenario(), bad, strlen(bad), err, sizeof err));
	if (!strstr(err, "'since=' is a key of position files of version 7 on"))
		fail_msg("'%s'", err);
	assert_true(read_text(g, NULL, fx_real_scenario(), old, len, err, sizeof err));
	assert_int_equal(g->corps[CORPS_II], CORPS_COMMITTED);
	assert_int_equal(g->corps_committed[CORPS_II], 0); /* not known */
	free(g);
	free(bad);
	free(old);
}

/* The answer to `state` is "= ", the file, and the blank line that ends every answer. */
static void same_as_file(const char *answer, const char *file)
{
	size_t n = strlen(file);
	assert_int_equal(strlen(answer), n + 3);
	assert_int_equal(strncmp(answer + 2, file, n), 0);
	assert_string_equal(answer + 2 + n, "\n");
}

static void test_cli_commands(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/antietam-test-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	char err[512], line[1024], path[800], broken_path[600];
	struct cli *c = cli_new("data", err, sizeof err);
	assert_non_null(c);
	expect_answer(c, "state", "? no game: start one with 'new historical' or 'new empty'\n\n");
	expect_answer(c, "new historical 5", "= turn 1 union movement\n\n");
	expect_answer(c, "end", "= union movement\n\n");
	expect_answer(c, "dice 6 6", "= \n\n");

	/* state: the position file verbatim after "= ", then the blank line */
	char *st = run(c, "state");
	assert_int_equal(strncmp(st, "= " VERSION_LINE, strlen("= " VERSION_LINE)), 0);
	size_t n = strlen(st);
	assert_true(n > 3 && !strcmp(st + n - 6, "\nend\n\n"));
	assert_null(strstr(st, "\n\n\n"));
	assert_non_null(strstr(st, "\ndice 6 6\n"));
	assert_non_null(strstr(st, "\nstart historical seed=5 mishap=off unleashed=off solitaire=off\n"
				   "action \"end\"\naction \"dice 6 6\"\nend\n"));

	/* save writes the same text; load brings the game back after it moved on */
	snprintf(path, sizeof path, "%s/a.pos", tmpdir);
	snprintf(line, sizeof line, "save %s", path);
	expect_answer(c, line, "= \n\n");
	char *file = fx_read_file(path, NULL);
	same_as_file(st, file);
	expect_answer(c, "end", "= union artillery\n\n");
	snprintf(line, sizeof line, "load %s", path);
	expect_answer(c, line, "= \n\n");
	char *st2 = run(c, "state");
	assert_string_equal(st, st2);

	/* a broken file is refused with its line, and the game stays as it was */
	snprintf(broken_path, sizeof broken_path, "%s/broken.pos", tmpdir);
	FILE *f = fopen(broken_path, "w");
	char *u7 = strstr(file, "\nunit U7 ");
	assert_non_null(u7);
	fprintf(f, "%.*s\nunit U7 9999 steps=1%s", (int)(u7 - file), file, strchr(u7 + 1, '\n'));
	fclose(f);
	int l = line_of(file, "unit U7 ");
	snprintf(line, sizeof line, "load %s", broken_path);
	char want[1024];
	snprintf(want, sizeof want, "? %s:%d: '9999' is not a hex on the map (CCRR, columns 10-42, "
		 "rows 00-44)\n\n", broken_path, l);
	expect_answer(c, line, want);
	expect_answer(c, "end", "= union artillery\n\n");
	expect_answer(c, line, want);
	char *st3 = run(c, "state");
	assert_string_not_equal(st, st3);
	assert_non_null(strstr(st3, "action \"end\"\nend\n"));

	/* replay: each action with its events, and whether it reaches the saved position */
	snprintf(line, sizeof line, "replay %s", path);
	char *rp = run(c, line);
	assert_int_equal(strncmp(rp, "= start historical seed=5\n", 26), 0);
	assert_non_null(strstr(rp, "\n1 end\n"));
	assert_non_null(strstr(rp, "\n2 dice 6 6\n"));
	assert_non_null(strstr(rp, "\nreplay matches the saved position after 2 actions\n\n"));
	free(rp);
	/* a quick set-up's record replays as one ("start quick", list-setups.h; it said
	 * "start historical") */
	struct cli *q = cli_new("data", err, sizeof err);
	assert_non_null(q);
	expect_answer(q, "new quick 9", "= turn 1 union movement\n\n");
	char quick_path[800];
	snprintf(quick_path, sizeof quick_path, "%s/quick.pos", tmpdir);
	snprintf(line, sizeof line, "save %s", quick_path);
	expect_answer(q, line, "= \n\n");
	snprintf(line, sizeof line, "replay %s", quick_path);
	rp = run(q, line);
	assert_int_equal(strncmp(rp, "= start quick seed=9\n", 21), 0);
	free(rp);
	cli_free(q);
	unlink(quick_path);
	/* a file whose position is not where its actions lead */
	f = fopen(broken_path, "w");
	char *rng = strstr(file, "\nrng ");
	fprintf(f, "%.*s\nrng 00000000000000ff%s", (int)(rng - file), file, strchr(rng + 1, '\n'));
	fclose(f);
	snprintf(line, sizeof line, "replay %s", broken_path);
	rp = run(c, line);
	assert_non_null(strstr(rp, "\nreplay differs from the saved position: line "));
	free(rp);

	/* autosave: off unless asked; on, every phase change saves (the game's own files) */
	char dir[700];
	snprintf(dir, sizeof dir, "%s/state", tmpdir);
	setenv("XDG_STATE_HOME", dir, 1);
	expect_answer(c, "end", "= union combat\n\n");
	struct stat sb;
	snprintf(path, sizeof path, "%s/antietam", dir);
	assert_int_not_equal(stat(path, &sb), 0);
	snprintf(want, sizeof want, "= %s/antietam\n\n", dir);
	expect_answer(c, "autosave on", want);
	expect_answer(c, "end", "= confederate movement\n\n");
	struct position_game *games;
	assert_int_equal(store_recent_games(path, &games, err, sizeof err), 1);
	assert_int_equal(games[0].nsaves, 1);
	char *saved = fx_read_file(games[0].path, NULL);
	free(games);
	char *st4 = run(c, "state");
	same_as_file(st4, saved);
	/* an autosave that fails is said on the answer */
	assert_int_equal(chmod(path, 0500), 0);
	if (access(path, W_OK) != 0) { /* root writes anyway */
		char *ans = run(c, "end");
		assert_int_equal(strncmp(ans, "= confederate artillery\nautosave failed: ", 42), 0);
		assert_non_null(strstr(ans, "Permission denied\n\n"));
		free(ans);
	} else {
		expect_answer(c, "end", "= confederate artillery\n\n");
	}
	assert_int_equal(chmod(path, 0700), 0);
	expect_answer(c, "autosave off", "= \n\n");
	expect_answer(c, "autosave maybe", "? usage: autosave on|off\n\n");
	unsetenv("XDG_STATE_HOME");

	/* a game the bot played in replays exactly, without the bot: its turns are recorded as
	 * the plain actions it chose (match_play_bot) */
	expect_answer(c, "new historical 9", "= turn 1 union movement\n\n");
	char *b1 = run(c, "bot");
	assert_int_equal(strncmp(b1, "= ", 2), 0);
	char *b2 = run(c, "bot");
	assert_int_equal(strncmp(b2, "= ", 2), 0);
	snprintf(path, sizeof path, "%s/bot.pos", tmpdir);
	snprintf(line, sizeof line, "save %s", path);
	expect_answer(c, line, "= \n\n");
	char *botfile = fx_read_file(path, NULL);
	assert_null(strstr(botfile, "action \"bot\""));
	char first[256];
	snprintf(first, sizeof first, "\nstart historical seed=9 mishap=off unleashed=off "
		 "solitaire=off\naction \"%.*s\"\n", (int)strcspn(b1 + 2, "\n"), b1 + 2);
	assert_non_null(strstr(botfile, first));
	snprintf(line, sizeof line, "replay %s", path);
	rp = run(c, line);
	assert_null(strstr(rp, " bot\n"));
	assert_non_null(strstr(rp, "\nreplay matches the saved position after "));

	/* a file written when records held `bot` for a bot's turn still opens (docs/formats.md):
	 * converted to plain actions when today's bots replay it to the saved position … */
	char *start = strstr(botfile, "\nstart ");
	assert_non_null(start);
	char *legacy_path = malloc(strlen(tmpdir) + 16);
	sprintf(legacy_path, "%s/legacy.pos", tmpdir);
	f = fopen(legacy_path, "w");
	fprintf(f, "%.*s\n%.*s\naction \"bot\"\naction \"bot\"\nend\n", (int)(start - botfile),
		botfile, (int)strcspn(start + 1, "\n"), start + 1);
	fclose(f);
	snprintf(line, sizeof line, "load %s", legacy_path);
	expect_answer(c, line, "= its record's `bot` turns were replayed into plain actions\n\n");
	char *converted = run(c, "state");
	same_as_file(converted, botfile);
	free(converted);
	free(legacy_path);
	/* … else the position is kept without its record */
	char *legacy = run(c, "load tests/data/legacy-bot-record.pos");
	assert_string_equal(legacy, "= its record (with `bot` turns that today's bot plays "
			    "differently) was dropped: the game goes on from the saved position; it "
			    "was played with order of battle 2, ground 1 and charts 1 and goes on "
			    "with those (new games: order of battle 3, ground 3, charts 3)\n\n");
	char *st5 = run(c, "state");
	assert_null(strstr(st5, "\nstart "));
	char *orig = fx_read_file("tests/data/legacy-bot-record.pos", NULL);
	char *u1 = strstr(orig, "\nunit U1 "), *logc = strstr(orig, "\nlog-count");
	assert_non_null(u1);
	assert_non_null(logc);
	*logc = 0; /* the position itself (units to control) is the file's */
	/* but for the last fire and attack of a version-1 file, which its events now say */
	for (char *at; (at = strstr(u1, "\nlast-fire ")) || (at = strstr(u1, "\nlast-attack "));) {
		char *eol = strchr(at + 1, '\n');
		memmove(at, eol, strlen(eol) + 1);
	}
	assert_non_null(strstr(st5, u1));
	free(legacy);
	free(st5);
	free(orig);
	free(rp);
	free(botfile);
	free(b1);
	free(b2);

	free(saved);
	free(st4);
	free(st3);
	free(st2);
	free(st);
	free(file);
	cli_free(c);
	snprintf(line, sizeof line, "rm -rf '%s'", tmpdir);
	assert_int_equal(system(line), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_field_known),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_version_1_log),
		cmocka_unit_test(test_symbolic),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_truncated_says_so),
		cmocka_unit_test(test_broken_bytes),
		cmocka_unit_test(test_resume),
		cmocka_unit_test(test_solitaire_saves),
		cmocka_unit_test(test_save_load),
		cmocka_unit_test(test_unreachable_position_refused),
		cmocka_unit_test(test_cli_commands),
		cmocka_unit_test(test_old_versions_read),
	};
	return cmocka_run_group_tests_name("position", tests, NULL, fx_teardown);
}
