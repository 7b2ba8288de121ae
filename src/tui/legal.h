/* legal.h — the terminal game's list of legal actions, sized to need (legal.c). */
#ifndef ANTIETAM_TUI_LEGAL_H
#define ANTIETAM_TUI_LEGAL_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

#define LEGAL_FIRST 1024          /* the list grows by doublings from here to the need */
#define LEGAL_MMAP_THRESHOLD (128 * 1024) /* blocks this big come from mmap (legal.c) */

struct legal_list {
	struct action *a;
	int n, cap;
};

/* An empty list of LEGAL_FIRST places; false when out of memory. */
bool legal_init(struct legal_list *l);
void legal_free(struct legal_list *l);
/* Every legal action at g's decision point: grown to game_legal's count when it has no room
 * for all, given back when the need drops to a quarter of it. False when the list is cut
 * short (out of memory), l->n then what fitted. */
bool legal_fill(struct legal_list *l, const struct game *g);
/* The smallest capacity (a power of two times LEGAL_FIRST) above n. */
int legal_fit(int n);
/* The bytes the list holds now. */
size_t legal_bytes(const struct legal_list *l);
/* The allocator's policy for a long game (glibc: a fixed mmap threshold). */
void legal_memory_policy(void);

#endif
