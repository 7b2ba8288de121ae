/* record.c — owns the game record kept beside a struct game (struct position_record,
 * position.h): how the game began and every action applied since, each as its command with
 * its note, for the position file to carry and a replay to apply from game_new(). */
#include <stdlib.h>
#include <string.h>

#include "position.h"

void record_init(struct position_record *r, enum game_setup setup, uint64_t seed,
		 const struct game_options *opt)
{
	memset(r, 0, sizeof *r);
	r->setup = setup;
	r->seed = seed;
	r->has_start = true;
	if (opt)
		r->opt = *opt;
}

bool record_add(struct position_record *r, const char *text)
{
	size_t len = strlen(text);
	if (len >= POSITION_ACTION_TEXT || strpbrk(text, "\r\n"))
		return false;
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 64;
		char **a = realloc(r->action, (size_t)cap * sizeof *a);
		if (!a)
			return false;
		r->action = a;
		char **nt = realloc(r->note, (size_t)cap * sizeof *nt);
		if (!nt)
			return false;
		r->note = nt;
		r->cap = cap;
	}
	char *copy = malloc(len + 1);
	if (!copy)
		return false;
	memcpy(copy, text, len + 1);
	r->note[r->n] = NULL;
	r->action[r->n++] = copy;
	return true;
}

bool record_note(struct position_record *r, const char *note)
{
	if (r->n == 0 || !note || !*note)
		return r->n > 0 || !note || !*note;
	size_t old = r->note[r->n - 1] ? strlen(r->note[r->n - 1]) : 0, len = strlen(note);
	if (strchr(note, '\r'))
		return false;
	char *more = realloc(r->note[r->n - 1], old + len + 2);
	if (!more)
		return false;
	if (old)
		more[old++] = '\n';
	memcpy(more + old, note, len + 1);
	r->note[r->n - 1] = more;
	return true;
}

void record_truncate(struct position_record *r, int n)
{
	if (n < 0)
		n = 0;
	while (r->n > n) {
		r->n--;
		free(r->action[r->n]);
		free(r->note[r->n]);
	}
}

bool record_copy(struct position_record *dst, const struct position_record *src)
{
	record_init(dst, src->setup, src->seed, &src->opt);
	dst->has_start = src->has_start;
	dst->format = src->format;
	dst->nversions = src->nversions;
	memcpy(dst->versions, src->versions, sizeof dst->versions);
	if (!event_log_copy(&dst->events, &src->events)) {
		record_free(dst);
		return false;
	}
	for (int i = 0; i < src->n; i++)
		if (!record_add(dst, src->action[i]) ||
		    !record_note(dst, src->note[i])) {
			record_free(dst);
			return false;
		}
	return true;
}

void record_free(struct position_record *r)
{
	for (int i = 0; i < r->n; i++) {
		free(r->action[i]);
		free(r->note[i]);
	}
	free(r->action);
	free(r->note);
	r->action = NULL;
	r->note = NULL;
	r->n = r->cap = 0;
	r->has_start = false;
	event_log_free(&r->events);
}
