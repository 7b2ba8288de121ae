/* pending.c — owns the pending decision of a game (SEQUENCE.md): the one decision, with its
 * side and subject, that the next action answers. The sequence (game.c) and the phases set
 * it; everything else reads g->pending. */
#include "game.h"
#include "internal.h"

void pending_set(struct game *g, enum side side, enum decision what, int subject)
{
	g->pending.side = side;
	g->pending.what = what;
	g->pending.subject = subject;
}
