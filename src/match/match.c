/* match.c — owns a match (include/match.h): the game, its record, the undo of the current
 * movement phase's moves kept as the bytes each move changed, the autosave policy, the
 * computer players' turns through the same door as a player's actions, and the event sink.
 * Both front-ends (src/tui, src/cli) keep their game here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "bot.h"
#include "general.h"
#include "match.h"
#include "player.h"

#define UNDO_MAX 64

/* One undoable move: the record's length before it and, in the undo pool, the runs of bytes
 * of struct game it changed, each as (offset, length, the old bytes). */
struct undo_step {
	int nrec;
	size_t at, len; /* its runs in pool */
};

struct match {
	struct game game;
	struct position_record rec;
	struct undo_step undo[UNDO_MAX];
	int nundo;
	unsigned char *pool;
	size_t pool_used, pool_cap;
	char autosave_dir[POSITION_PATH_MAX];
	char game_id[POSITION_ID_MAX]; /* its autosaves' id (position.h) */
	enum match_autosave autosave;
	bool in_bot;              /* a computer player's turn: autosave once, at its end */
	bool defer_autosave;      /* the policy's autosaves wait for match_autosave_due */
	bool autosave_waits;      /* one does */
	char autosave_err[512];
	char autosave_notice[768]; /* the games the bound took at the last autosave, "" none */
	int open_lock;            /* store_game_lock of game_id in autosave_dir, -1 none */
	long long autosave_bound; /* the player's bound on autosave_dir's bytes (match_set_autosave) */
	match_sink_fn sink;
	void *sink_ctx;
	struct seat seat[2];      /* who decides for each side (enum side): player NULL a person */
	uint64_t rng[2];          /* each seat's own stream (random play), apart from the dice */
};

/* Each seat's stream from the game's seed, as the simulator seeds them. */
static void seed_seats(struct match *m, uint64_t seed)
{
	m->rng[SIDE_UNION] = seed ^ 0x5eed0001u;
	m->rng[SIDE_CONFEDERATE] = seed ^ 0x5eed0002u;
}

static struct match *alloc_match(void)
{
	struct match *m = calloc(1, sizeof *m);
	if (m)
		m->open_lock = -1;
	return m;
}

struct match *match_new(const struct scenario *s, enum game_setup setup, uint64_t seed,
			const struct game_options *opt)
{
	struct match *m = alloc_match();
	if (!m)
		return NULL;
	record_init(&m->rec, setup, seed, opt);
	game_new_events(&m->game, s, setup, seed, opt, &m->rec.events);
	seed_seats(m, seed);
	store_game_id(m->game_id, sizeof m->game_id);
	return m;
}

void match_free(struct match *m)
{
	if (!m)
		return;
	record_free(&m->rec);
	free(m->pool);
	store_game_unlock(m->open_lock);
	free(m);
}

const struct game *match_game(const struct match *m)
{
	return &m->game;
}

const struct position_record *match_record(const struct match *m)
{
	return &m->rec;
}

const char *match_game_id(const struct match *m)
{
	return m->game_id;
}

void match_set_sink(struct match *m, match_sink_fn fn, void *ctx)
{
	m->sink = fn;
	m->sink_ctx = ctx;
}

/* ---- undo: the bytes a move changed ---- */

static bool same_movement_phase(const struct game *a, const struct game *b)
{
	return a->turn == b->turn && a->side == b->side && a->phase == b->phase &&
	       b->pending.what == DECISION_MOVEMENT;
}

static bool pool_put(struct match *m, const void *p, size_t n)
{
	if (m->pool_used + n > m->pool_cap) {
		size_t cap = m->pool_cap ? m->pool_cap : 4096;
		while (cap < m->pool_used + n)
			cap *= 2;
		unsigned char *more = realloc(m->pool, cap);
		if (!more)
			return false;
		m->pool = more;
		m->pool_cap = cap;
	}
	memcpy(m->pool + m->pool_used, p, n);
	m->pool_used += n;
	return true;
}

/* Keep the runs of bytes that differ between before and after (runs closer than 8 bytes
 * joined) as one undo step; false when out of memory (the step is then not kept). */
static bool undo_push(struct match *m, const struct game *before, int nrec)
{
	if (m->nundo == UNDO_MAX) { /* drop the oldest: its runs stay in the pool until reset */
		memmove(m->undo, m->undo + 1, (UNDO_MAX - 1) * sizeof *m->undo);
		m->nundo--;
	}
	const unsigned char *b = (const unsigned char *)before;
	const unsigned char *a = (const unsigned char *)&m->game;
	size_t n = sizeof m->game, start = m->pool_used;
	for (size_t i = 0; i < n;) {
		if (a[i] == b[i]) {
			i++;
			continue;
		}
		size_t j = i, same = 0;
		while (j < n && same < 8) {
			same = a[j] == b[j] ? same + 1 : 0;
			j++;
		}
		size_t len = j - i - same;
		uint32_t hdr[2] = { (uint32_t)i, (uint32_t)len };
		if (!pool_put(m, hdr, sizeof hdr) || !pool_put(m, b + i, len)) {
			m->pool_used = start;
			return false;
		}
		i += len;
	}
	m->undo[m->nundo++] = (struct undo_step){ nrec, start, m->pool_used - start };
	return true;
}

int match_undo_count(const struct match *m)
{
	return m->nundo;
}

bool match_undo(struct match *m)
{
	if (m->nundo == 0)
		return false;
	struct undo_step *u = &m->undo[--m->nundo];
	unsigned char *g = (unsigned char *)&m->game;
	for (size_t at = u->at; at < u->at + u->len;) {
		uint32_t hdr[2];
		memcpy(hdr, m->pool + at, sizeof hdr);
		memcpy(g + hdr[0], m->pool + at + sizeof hdr, hdr[1]);
		at += sizeof hdr + hdr[1];
	}
	m->pool_used = u->at;
	record_truncate(&m->rec, u->nrec);
	event_log_truncate(&m->rec.events, m->game.nlog);
	if (m->nundo == 0)
		m->pool_used = 0;
	return true;
}

static void undo_reset(struct match *m)
{
	m->nundo = 0;
	m->pool_used = 0;
}

/* ---- autosave ---- */

void match_set_autosave(struct match *m, const char *dir, enum match_autosave policy,
			long long bound)
{
	m->autosave_bound = bound;
	if (strcmp(m->autosave_dir, dir ? dir : "")) {
		store_game_unlock(m->open_lock); /* the game is open in the new directory only */
		m->open_lock = -1;
	}
	snprintf(m->autosave_dir, sizeof m->autosave_dir, "%s", dir ? dir : "");
	m->autosave = m->autosave_dir[0] ? policy : MATCH_AUTOSAVE_OFF;
}

void match_defer_autosave(struct match *m, bool defer)
{
	m->defer_autosave = defer;
}

bool match_autosave_due(struct match *m)
{
	if (!m->autosave_waits) {
		m->autosave_notice[0] = 0; /* said once, after the autosave that made it */
		return true;
	}
	char err[512];
	return match_autosave(m, err, sizeof err);
}

bool match_autosave(struct match *m, char *err, size_t errlen)
{
	m->autosave_waits = false;
	if (!m->autosave_dir[0]) {
		snprintf(err, errlen, "no autosave directory");
		return false;
	}
	/* The game is marked open for the match's life from its first autosave on. A second
	 * copy of it (one of its autosaves opened by name while a forgotten terminal has it)
	 * goes on as a new game, with an id of its own: so neither prunes the other's files nor
	 * takes the other's place (issue 33). */
	bool busy = false, ok = true;
	char forked[POSITION_PATH_MAX + 256] = "";
	if (m->open_lock < 0) {
		m->open_lock = store_game_lock(m->autosave_dir, m->game_id, &busy, err, errlen);
		if (busy) {
			snprintf(forked, sizeof forked, "%s", err);
			store_game_id(m->game_id, sizeof m->game_id);
			m->open_lock = store_game_lock(m->autosave_dir, m->game_id, &busy, err,
						       errlen);
			size_t k = strlen(forked);
			snprintf(forked + k, sizeof forked - k, ": this copy goes on as a new game, %s "
				 "(antietam --resume %s)", m->game_id, m->game_id);
		}
		ok = m->open_lock >= 0;
	}
	ok = ok && store_autosave(m->autosave_dir, m->game_id, &m->game, &m->rec, err, errlen);
	snprintf(m->autosave_err, sizeof m->autosave_err, "%s", ok ? "" : err);
	/* the player's bound holds wherever autosaves are written, not only at a start (issue
	 * 33); this game's own autosaves are never taken */
	char berr[256], bound[sizeof m->autosave_notice];
	bound[0] = 0;
	if (ok && !store_hold_autosave_bound(m->autosave_dir, m->autosave_bound, m->game_id, bound,
					     sizeof bound, berr, sizeof berr))
		snprintf(bound, sizeof bound, "%s", berr);
	snprintf(m->autosave_notice, sizeof m->autosave_notice, "%s%s%s", forked,
		 forked[0] && bound[0] ? "; " : "", bound);
	return ok;
}

const char *match_autosave_notice(const struct match *m)
{
	return m->autosave_notice;
}

const char *match_autosave_error(const struct match *m)
{
	return m->autosave_err;
}

bool match_save(struct match *m, const char *path, char *err, size_t errlen)
{
	return store_save(&m->game, &m->rec, path, err, errlen);
}

static void autosave_after(struct match *m, const struct game *before)
{
	const struct game *g = &m->game;
	bool phase_over = g->turn != before->turn || g->side != before->side ||
			  g->phase != before->phase || g->pending.what == DECISION_GAMEOVER;
	if (m->in_bot || m->autosave == MATCH_AUTOSAVE_OFF ||
	    (m->autosave == MATCH_AUTOSAVE_PHASE && !phase_over))
		return;
	if (m->defer_autosave) {
		m->autosave_waits = true;
		return;
	}
	char err[512];
	match_autosave(m, err, sizeof err);
}

/* ---- the one door ---- */

bool match_apply(struct match *m, const struct action *a, char *err, size_t errlen)
{
	struct game *before = malloc(sizeof *before);
	if (!before) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	*before = m->game;
	int nrec = m->rec.n;
	m->autosave_err[0] = 0;
	m->autosave_notice[0] = 0;
	if (!game_apply_events(&m->game, a, &m->rec.events, err, errlen)) {
		free(before);
		return false;
	}
	/* Out of memory the record stops being a replay of the game: the position file then
	 * has no `start` and says so. */
	char text[POSITION_ACTION_TEXT];
	action_format(m->game.scn, a, text, sizeof text);
	if (!record_add(&m->rec, text) || !record_note(&m->rec, a->note))
		m->rec.has_start = false;
	/* Undo: the moves of one movement phase (a move rolls no die: taking one back reveals
	 * nothing hidden). */
	if (before->pending.what == DECISION_MOVEMENT && a->type == ACT_MOVE &&
	    same_movement_phase(before, &m->game)) {
		if (!undo_push(m, before, nrec))
			undo_reset(m);
	} else if (!same_movement_phase(before, &m->game)) {
		undo_reset(m);
	}
	autosave_after(m, before);
	if (m->sink)
		m->sink(m->sink_ctx, &m->game, before->nlog, m->game.nlog);
	free(before);
	return true;
}

/* ---- the seats and the computer players ---- */

bool match_set_seat(struct match *m, enum side side, const struct player *p, int level,
		    char *err, size_t errlen)
{
	if (side != SIDE_UNION && side != SIDE_CONFEDERATE) {
		snprintf(err, errlen, "no such side");
		return false;
	}
	if (p && !player_sits(p, side, m->game.opt.solitaire)) {
		struct seat s = { p, 1 };
		/* player_parse says why, in the words of --simulate */
		char name[PLAYER_NAME_MAX];
		seat_name(&s, name, sizeof name);
		player_parse(name, side, m->game.opt.solitaire, &s, err, errlen);
		return false;
	}
	if (p && (level < 1 || level > (p->levels ? p->levels : 1))) {
		snprintf(err, errlen, "the %s player's level is 1 to %d", p->name,
			 p->levels ? p->levels : 1);
		return false;
	}
	m->seat[side] = (struct seat){ p, p ? level : 0 };
	return true;
}

bool match_seat_all(struct match *m, const struct player *p, int level, char *err,
		    size_t errlen)
{
	bool solo = m->game.opt.solitaire;
	if (p && (level < 1 || level > (p->levels ? p->levels : 1))) {
		snprintf(err, errlen, "the %s player's level is 1 to %d", p->name,
			 p->levels ? p->levels : 1);
		return false;
	}
	struct seat now[2] = { m->seat[0], m->seat[1] };
	for (int s = 0; s < 2; s++) {
		if (now[s].player)
			continue;
		const struct player *q = p && player_sits(p, (enum side)s, solo) ? p : NULL;
		for (int i = 0; !q && i < player_count(); i++)
			if (player_sits(player_at(i), (enum side)s, solo))
				q = player_at(i);
		if (!q) {
			snprintf(err, errlen, "no computer player takes the %s seat",
				 names_of_side((enum side)s));
			return false;
		}
		now[s] = (struct seat){ q, q == p ? level : 1 };
	}
	m->seat[0] = now[0];
	m->seat[1] = now[1];
	return true;
}

const struct seat *match_seat(const struct match *m, enum side side)
{
	static const struct seat nobody;
	return side == SIDE_UNION || side == SIDE_CONFEDERATE ? &m->seat[side] : &nobody;
}

static bool port_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	return match_apply(ctx, a, err, errlen);
}

struct seats_run {
	struct match *m;
	match_seat_hook hook;
	void *ctx;
	bool keep;      /* each stretch autosaved at its end (else once, at the end of all) */
};

/* After each stretch of a computer seat: one autosave at its end (what may yet be rolled back
 * is saved once, at the end), then the caller's hook. */
static bool after_stretch(void *ctx, enum side side, int n)
{
	struct seats_run *r = ctx;
	struct match *m = r->m;
	if (r->keep && n > 0 && m->autosave != MATCH_AUTOSAVE_OFF) {
		char aerr[512];
		match_autosave(m, aerr, sizeof aerr);
	}
	if (!r->hook)
		return true;
	m->in_bot = false; /* the hook may act for a person (defensive fire) */
	bool go_on = r->hook(r->ctx, m, side, n);
	m->in_bot = true;
	return go_on;
}

/* The computer seats in seat[] play through seats_play (the one loop, player.h), every
 * action through match_apply; rolled back on failure unless keep. */
static int play_seats(struct match *m, const struct seat seat[2], bool keep,
		      match_seat_hook hook, void *ctx, char *err, size_t errlen)
{
	struct game *before = keep ? NULL : malloc(sizeof *before);
	if (!keep && !before) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (before)
		*before = m->game;
	int nrec = m->rec.n;
	bool had_start = m->rec.has_start;
	struct bot_port port = { &m->game, port_apply, m };
	struct seats_run run = { m, hook, ctx, keep };
	m->in_bot = true;
	int n = seats_play(&port, seat, m->rng, after_stretch, &run, err, errlen);
	m->in_bot = false;
	if (n < 0 && before) {
		m->game = *before;
		record_truncate(&m->rec, nrec);
		event_log_truncate(&m->rec.events, m->game.nlog);
		m->rec.has_start = had_start;
		undo_reset(m);
	} else if (!keep && n > 0 && m->autosave != MATCH_AUTOSAVE_OFF) {
		char aerr[512];
		match_autosave(m, aerr, sizeof aerr);
	}
	free(before);
	return n;
}

int match_play_seats(struct match *m, bool keep, match_seat_hook hook, void *ctx, char *err,
		     size_t errlen)
{
	return play_seats(m, m->seat, keep, hook, ctx, err, errlen);
}

int match_play(struct match *m, const struct player *p, int level, bool keep, char *err,
	       size_t errlen)
{
	const struct game *g = &m->game;
	if (g->pending.what == DECISION_GAMEOVER)
		return 0;
	/* the side to decide seated with p for one stretch, the other side nobody's */
	struct seat seat[2] = { { NULL, 0 }, { NULL, 0 } };
	seat[g->pending.side] = (struct seat){ p, level };
	return play_seats(m, seat, keep, NULL, NULL, err, errlen);
}

int match_play_bot(struct match *m, bool keep, char *err, size_t errlen)
{
	const struct game *g = &m->game;
	if (g->pending.what == DECISION_GAMEOVER)
		return 0;
	return match_play(m, player_named(g->pending.side == SIDE_UNION ? "bot" : "scripted"), 1,
			  keep, err, errlen);
}

int match_play_general(struct match *m, int level, bool keep, char *err, size_t errlen)
{
	return match_play(m, player_named("general"), level < 1 ? 1 : level, keep, err, errlen);
}

/* ---- opening a file ---- */

void match_fill_committed(struct game *saved, const struct game *replayed)
{
	for (int c = 0; c < CORPS_COUNT; c++)
		if (saved->corps[c] == CORPS_COMMITTED && !saved->corps_committed[c])
			saved->corps_committed[c] = replayed->corps_committed[c];
}

/* Replay rec from its start on scenario s, with today's bots at its `bot` lines: the match
 * replayed when it reaches the game saved (the count of events and the scenario aside), else
 * NULL. */
static struct match *replay_record(const struct scenario *s, const struct position_record *rec,
				   const struct game *saved)
{
	struct match *r = match_new(s, rec->setup, rec->seed, &rec->opt);
	if (!r)
		return NULL;
	bool ok = true;
	char err[512];
	for (int i = 0; i < rec->n && ok; i++) {
		struct action a;
		if (!strcmp(rec->action[i], "bot"))
			ok = match_play_bot(r, false, err, sizeof err) >= 0;
		else if ((ok = action_parse(s, rec->action[i], &a, err, sizeof err))) {
			a.note = rec->note[i];
			ok = match_apply(r, &a, err, sizeof err);
		}
	}
	/* the same position, the count of events aside (the bots' reasons are now notes of
	 * actions) */
	struct game x = r->game, y = *saved;
	x.nlog = y.nlog = 0;
	x.scn = y.scn;
	match_fill_committed(&y, &x); /* a turn the file does not know (13.1, version 7) */
	if (!ok || memcmp(&x, &y, sizeof x)) {
		match_free(r);
		return NULL;
	}
	return r;
}

/* Replay rec from its start with today's bots at its `bot` lines into a plain record;
 * true when that reaches the game g was loaded as. */
static bool convert_bot_lines(struct match *m, const struct position_record *rec,
			      const struct game *saved)
{
	struct match *r = replay_record(saved->scn, rec, saved);
	if (!r)
		return false;
	/* the game takes the replay's count, its log the replay's events */
	record_free(&m->rec);
	bool ok = record_copy(&m->rec, &r->rec);
	m->game.nlog = r->game.nlog;
	match_free(r);
	return ok;
}

int match_settle_data(struct game *saved, const struct position_record *rec)
{
	if (!rec->has_start || rec->nversions < 2)
		return 0;
	const struct scenario *first = saved->scn;
	int oob = scenario_oob_version(first);
	for (int i = 0; i < rec->nversions; i++) {
		const struct scenario *s = scenario_version(first, rec->versions[i].ground, oob,
							    rec->versions[i].charts);
		struct match *r = s ? replay_record(s, rec, saved) : NULL;
		if (r) {
			match_free(r);
			saved->scn = s;
			return 1;
		}
	}
	return -1;
}

int match_derive_committed(struct game *saved, const struct position_record *rec)
{
	bool unknown = false;
	for (int c = 0; c < CORPS_COUNT; c++)
		unknown |= saved->corps[c] == CORPS_COMMITTED && !saved->corps_committed[c];
	if (!unknown || !rec->has_start || rec->format >= POSITION_COMMITTED_TURN)
		return 0;
	struct match *r = replay_record(saved->scn, rec, saved);
	if (!r)
		return -1;
	match_fill_committed(saved, &r->game);
	match_free(r);
	return 1;
}

/* The versions of the data g is played with that are not today's, into buf: "order of
 * battle 1, ground 2 and charts 1" (empty when all are today's). */
static void old_versions(const struct scenario *g, char *buf, size_t len)
{
	const struct scenario *top = scenario_newest(g);
	int have[3] = { scenario_oob_version(g), scenario_ground(g), scenario_charts(g) };
	int now[3] = { scenario_oob_version(top), scenario_ground(top), scenario_charts(top) };
	static const char *const what[3] = { "order of battle", "ground", "charts" };
	int n = 0, k = 0;
	for (int i = 0; i < 3; i++)
		n += have[i] != now[i];
	buf[0] = 0;
	for (int i = 0; i < 3; i++)
		if (have[i] != now[i]) {
			size_t used = strlen(buf);
			snprintf(buf + used, len - used, "%s%s %d", !k ? "" : k == n - 1 ? " and " : ", ",
				 what[i], have[i]);
			k++;
		}
}

struct match *match_load(const struct scenario *s, const char *path, char *notice,
			 size_t noticelen, char *err, size_t errlen)
{
	if (notice && noticelen)
		notice[0] = 0;
	struct match *m = alloc_match();
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (!store_load(&m->game, &m->rec, s, path, err, errlen)) {
		match_free(m);
		return NULL;
	}
	seed_seats(m, m->rec.seed);
	/* a game resumed from its autosaves goes on under its id; any other is a game of its own */
	if (!store_autosave_id(path, m->game_id, sizeof m->game_id))
		store_game_id(m->game_id, sizeof m->game_id);
	/* a file that names no ground nor charts: those on which its record replays */
	int settled = match_settle_data(&m->game, &m->rec);
	bool legacy = false;
	for (int i = 0; i < m->rec.n; i++)
		legacy |= !strcmp(m->rec.action[i], "bot");
	if (legacy) {
		settled = 0; /* said below: the record is converted, or dropped */
		struct position_record old;
		bool copied = record_copy(&old, &m->rec);
		bool ok = copied && convert_bot_lines(m, &old, &m->game);
		if (copied)
			record_free(&old);
		if (!ok) {
			/* the record goes, what happened stays */
			struct event_log events = m->rec.events;
			memset(&m->rec.events, 0, sizeof m->rec.events);
			record_free(&m->rec);
			m->rec.events = events;
			m->rec.has_start = false;
		}
		if (notice)
			snprintf(notice, noticelen, "%s", ok
				 ? "its record's `bot` turns were replayed into plain actions"
				 : "its record (with `bot` turns that today's bot plays differently) "
				   "was dropped: the game goes on from the saved position");
	}
	match_derive_committed(&m->game, &m->rec); /* 13.1: before version 7, from its record */
	if (notice && noticelen && settled < 0) {
		size_t used = strlen(notice);
		snprintf(notice + used, noticelen - used,
			 "%sits record does not replay to the saved position on the ground and charts "
			 "of any time of its format (%d): it goes on with ground %d and charts %d, the "
			 "first of its time", used ? "; " : "", m->rec.format,
			 scenario_ground(m->game.scn), scenario_charts(m->game.scn));
	}
	char old[128];
	old_versions(m->game.scn, old, sizeof old);
	if (old[0] && notice && noticelen) {
		/* position_read and match_settle_data opened it with the data it was played with */
		const struct scenario *top = scenario_newest(s);
		size_t used = strlen(notice);
		snprintf(notice + used, noticelen - used,
			 "%sit was played with %s and goes on with those (new games: order of battle "
			 "%d, ground %d, charts %d)", used ? "; " : "", old,
			 scenario_oob_version(top), scenario_ground(top), scenario_charts(top));
	}
	return m;
}
