/* stack.c — owns the stacking limits of 7.0 in a position (checked at every placement and
 * at the end of every move, retreat and advance): no hex with enemy units (8.4), then the
 * roster's rule for the units that would share the hex (roster_may_stack). */
#include <stdio.h>

#include "game.h"

bool stack_why(const struct game *g, int hex, int u, char *why, size_t whylen)
{
	int units[ROSTER_UNITS], n = 0;
	enum side side = unit_side(u);
	for (int v = 0; v < ROSTER_UNITS; v++) {
		if (v == u || !unit_on_map(g, v) || g->unit[v].hex != hex)
			continue;
		if (unit_side(v) != side) {
			if (why)
				snprintf(why, whylen, "8.4: units never enter a hex holding enemy units");
			return false;
		}
		units[n++] = v;
	}
	units[n++] = u;
	return roster_may_stack(&g->scn->roster, units, n, why, whylen);
}

bool stack_allows(const struct game *g, int hex, int u)
{
	return stack_why(g, hex, u, NULL, 0);
}
