/* check.h — the invariant checker (STYLE.md, after vms-empire): run after every applied
 * action in tests and the random-play soak. */
#ifndef ANTIETAM_CHECK_H
#define ANTIETAM_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* True when the position is internally consistent: every unit in one place with steps in
 * bounds, no hex holding both sides, stacking legal (7.0) wherever the rules require it,
 * a pending decision that names a real unit of the right side, turn and phase in range.
 * Otherwise false with the first broken invariant in err. */
bool check_game(const struct game *g, char *err, size_t errlen);

#endif
