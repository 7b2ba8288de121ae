/* event.c — owns the game's event log: raising typed events (event_new) into the ring of
 * struct game, and the words of the kinds and reasons (event.h's X-macro lists) that position
 * files use. No English here: that is src/text/event_text.c. */
#include <stdarg.h>
#include <stdio.h>
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

struct game_event *event_new(struct game *g, enum event_kind k)
{
	struct game_event *e = &g->log[g->nlog % GAME_LOG_MAX];
	event_clear(e, k, g->turn); /* nothing of the event this slot held before */
	g->nlog++;
	return e;
}

const struct game_event *game_event_at(const struct game *g, int k)
{
	if (k < 0 || k >= g->nlog || k < g->nlog - GAME_LOG_MAX)
		return NULL;
	return &g->log[k % GAME_LOG_MAX];
}

void event_note(struct game *g, const char *fmt, ...)
{
	struct game_event *e = event_new(g, EVENT_NOTE);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}
