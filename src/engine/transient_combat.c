/* transient_combat.c — TRANSIENT: replaced by engine2's fire.c / combat*.c / control.c.
 * Until they land, the artillery and combat phases offer only `end`, and control is not
 * updated, so the turn sequence can run end to end. */
#include <stdio.h>

#include "combat.h"
#include "game.h"
#include "internal.h"

void fire_phase_begin(struct game *g) { (void)g; }
void combat_phase_begin(struct game *g) { (void)g; }
void control_update(struct game *g) { (void)g; }

static bool only_end(struct game *g, const struct action *a, char *err, size_t errlen)
{
	if (a->type != ACT_END) {
		snprintf(err, errlen, "this phase is not written yet: only end");
		return false;
	}
	game_advance(g);
	return true;
}

bool fire_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	return only_end(g, a, err, errlen);
}

bool combat_apply(struct game *g, const struct action *a, char *err, size_t errlen)
{
	return only_end(g, a, err, errlen);
}

static int end_only(struct action *out, int max)
{
	if (max < 1)
		return 0;
	out[0].type = ACT_END;
	out[0].unit = -1;
	out[0].n = 0;
	return 1;
}

int fire_legal(const struct game *g, struct action *out, int max)
{
	(void)g;
	return end_only(out, max);
}

int combat_legal(const struct game *g, struct action *out, int max)
{
	(void)g;
	return end_only(out, max);
}
