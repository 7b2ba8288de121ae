/* legal.c — the front-end's list of legal actions, sized to what the decision needs, and the
 * allocator's policy for the terminal game. No curses here (libtui.a, which the tests link).
 *
 * Memory (issue 20: flat over a whole game): a movement phase can offer over 8,000 actions
 * (160 bytes each), an end-of-game screen none. The list grows to the count game_legal
 * gives (by doublings of LEGAL_FIRST) when it has no room for every action and, when a decision needs a quarter of it or less, is copied into a fresh block
 * the size of the need, so the pages one big phase touched go back to the system instead of
 * staying resident for the rest of the game (docs/performance.md). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "legal.h"

int legal_fit(int n)
{
	int cap = LEGAL_FIRST;
	while (cap <= n && cap <= INT_MAX / 2)
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
	int n = game_legal(g, l->a, l->cap); /* the real count: more than cap when it had no room */
	if (n > l->cap) {
		int cap = legal_fit(n);
		struct action *more = realloc(l->a, (size_t)cap * sizeof *more);
		if (more) {
			l->a = more;
			l->cap = cap;
			n = game_legal(g, l->a, l->cap);
		}
		whole = n <= l->cap;
	}
	l->n = n < l->cap ? n : l->cap;
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
