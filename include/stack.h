/* stack.h — the stacking limits of 7.0 in a position (stack.c). */
#ifndef ANTIETAM_STACK_H
#define ANTIETAM_STACK_H

#include <stdbool.h>
#include <stddef.h>

struct game;

/* 7.0: true when unit u may end a move or retreat in hex given the units already there (u
 * itself not counted): one infantry and one artillery per side, Union corps never mixed, IX
 * Corps by division with U57 free to join any IX infantry. */
bool stack_allows(const struct game *g, int hex, int u);
/* The same, writing why not (citing the rule) into why when it is not NULL. */
bool stack_why(const struct game *g, int hex, int u, char *why, size_t whylen);

#endif
