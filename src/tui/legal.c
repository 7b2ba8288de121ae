/* legal.c — the front-end's list of legal actions, sized to what the decision needs, and the
 * allocator's policy for the terminal game. No curses here (libtui.a, which the tests link).
 *
 * Memory (issue 20: flat over a whole game): a movement phase can offer over 8,000 actions
 * (160 bytes each), an end-of-game screen none. The list grows by doubling when game_legal
 * fills it and, when a decision needs a quarter of it or less, is copied into a fresh block
 * the size of the need, so the pages one big phase touched go back to the system instead of
 * staying resident for the rest of the game (docs/performance.md). */
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "legal.h"

int legal_fit(int n)
{
	int cap = LEGAL_FIRST;
	while (cap <= n && cap < LEGAL_LIMIT)
		cap *= 2;
	return cap;
}

bool legal_init(struct legal_list *l)
{
	l->n = 0;
	l->cap = LEGAL_FIRST;
	l->a = malloc((size_t)l->cap * sizeof *l->a);
	return l->a != NULL;
}

void legal_free(struct legal_list *l)
{
	free(l->a);
	l->a = NULL;
	l->n = l->cap = 0;
}

bool legal_fill(struct legal_list *l, const struct game *g)
{
	bool whole = true;
	for (;;) {
		l->n = game_legal(g, l->a, l->cap);
		if (l->n < 0)
			l->n = 0;
		if (l->n < l->cap)
			break;
		if (l->cap >= LEGAL_LIMIT) {
			whole = false;
			break;
		}
		struct action *more = realloc(l->a, 2 * (size_t)l->cap * sizeof *more);
		if (!more) {
			whole = false;
			break;
		}
		l->a = more;
		l->cap *= 2;
	}
	int fit = legal_fit(l->n);
	if (whole && fit * 4 <= l->cap) {
		/* a fresh block, not realloc: shrinking in place keeps the pages already touched */
		struct action *less = malloc((size_t)fit * sizeof *less);
		if (less) {
			memcpy(less, l->a, (size_t)l->n * sizeof *less);
			free(l->a);
			l->a = less;
			l->cap = fit;
		}
	}
	return whole;
}

size_t legal_bytes(const struct legal_list *l)
{
	return (size_t)l->cap * sizeof *l->a;
}

void legal_memory_policy(void)
{
#ifdef __GLIBC__
	/* A fixed mmap threshold: glibc otherwise raises it to the size of the largest block
	 * freed (the legal list, the computer general's 1.6 MB of scratch), after which those
	 * blocks come from the heap, where a free leaves their pages resident. */
	mallopt(M_MMAP_THRESHOLD, LEGAL_MMAP_THRESHOLD);
#endif
}
