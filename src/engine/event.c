/* event.c — owns the game's events: raising typed events (event_new) into the event log
 * the caller of game_apply_events gave (struct game keeps only their count), the log itself
 * (struct event_log), and the words of the kinds and reasons (event.h's X-macro lists) that
 * position files use. No English here: that is src/text/event_text.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "internal.h"
#include "solitaire.h"

_Static_assert(SOLO_OBJ_NONE == -1, "event_clear's blank objective is none");

static const char *const kind_names[EVENT_KIND_COUNT] = {
#define KIND_NAME(name, word, fields) word,
	EVENT_KINDS(KIND_NAME)
#undef KIND_NAME
};

static const unsigned kind_fields[EVENT_KIND_COUNT] = {
#define KIND_FIELDS(name, word, fields) fields,
	EVENT_KINDS(KIND_FIELDS)
#undef KIND_FIELDS
};

static const char *const why_names[EVENT_WHY_COUNT] = {
#define WHY_NAME(name, word, english) word,
	EVENT_WHYS(WHY_NAME)
#undef WHY_NAME
};

void event_clear(struct game_event *e, enum event_kind k, int turn)
{
	memset(e, 0, sizeof *e); /* padding too: equal events are equal bytes */
	e->kind = (uint8_t)k;
	e->turn = (uint8_t)turn;
	e->side = SIDE_NONE;
	e->corps = e->formation = e->objective = -1; /* objective: SOLO_OBJ_NONE */
	e->unit = e->target = -1;
	e->from = e->to = e->objective_hex = HEX_NONE;
}

unsigned event_kind_fields(enum event_kind k)
{
	return k >= 0 && k < EVENT_KIND_COUNT ? kind_fields[k] : 0;
}

const char *event_kind_name(enum event_kind k)
{
	return k >= 0 && k < EVENT_KIND_COUNT ? kind_names[k] : "?";
}

const char *event_why_name(enum event_why w)
{
	return w >= 0 && w < EVENT_WHY_COUNT ? why_names[w] : "?";
}

bool event_kind_parse(const char *s, enum event_kind *out)
{
	for (int k = 0; k < EVENT_KIND_COUNT; k++)
		if (!strcmp(kind_names[k], s)) {
			*out = (enum event_kind)k;
			return true;
		}
	return false;
}

bool event_why_parse(const char *s, enum event_why *out)
{
	for (int w = 0; w < EVENT_WHY_COUNT; w++)
		if (!strcmp(why_names[w], s)) {
			*out = (enum event_why)w;
			return true;
		}
	return false;
}

/* ---- the log ---- */

bool event_log_add(struct event_log *l, const struct game_event *e)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 256;
		struct game_event *ev = realloc(l->ev, (size_t)cap * sizeof *ev);
		if (!ev) {
			l->failed = true;
			return false;
		}
		l->ev = ev;
		l->cap = cap;
	}
	memcpy(&l->ev[l->n++], e, sizeof *e); /* padding too: equal events are equal bytes */
	return true;
}

const struct game_event *event_log_at(const struct event_log *l, int k)
{
	return l && k >= l->first && k < l->first + l->n ? &l->ev[k - l->first] : NULL;
}

int event_log_end(const struct event_log *l)
{
	return l->first + l->n;
}

void event_log_truncate(struct event_log *l, int end)
{
	if (end < l->first)
		end = l->first;
	if (end - l->first < l->n)
		l->n = end - l->first;
}

bool event_log_copy(struct event_log *dst, const struct event_log *src)
{
	*dst = *src;
	dst->ev = NULL;
	dst->cap = 0;
	if (src->n == 0)
		return true;
	dst->ev = malloc((size_t)src->n * sizeof *dst->ev);
	if (!dst->ev) {
		memset(dst, 0, sizeof *dst);
		return false;
	}
	memcpy(dst->ev, src->ev, (size_t)src->n * sizeof *dst->ev);
	dst->cap = src->n;
	return true;
}

void event_log_free(struct event_log *l)
{
	free(l->ev);
	memset(l, 0, sizeof *l);
}

/* ---- raising ---- */

struct game_event *event_new(struct game *g, enum event_kind k)
{
	/* Where no one keeps the events (game_apply without a log, the bots' what-ifs), the
	 * event is written here and forgotten: each thread its own. */
	static _Thread_local struct game_event discard;
	struct game_event *e = &discard;
	struct game_event blank;
	event_clear(&blank, k, g->turn);
	g->nlog++;
	if (g->events && event_log_add(g->events, &blank))
		e = &g->events->ev[g->events->n - 1];
	else
		*e = blank;
	return e;
}

void event_note(struct game *g, const char *fmt, ...)
{
	struct game_event *e = event_new(g, EVENT_NOTE);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}
