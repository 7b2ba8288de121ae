/* action_list.c — owns the lists of legal actions the phases write (struct action_list,
 * internal.h): the first max kept, every one counted (game_legal's real count). The text of an action is
 * src/data/action_text.c's. */
#include <string.h>

#include "internal.h"

struct action *action_list_add(struct action_list *l, enum action_type type, int unit,
			       int target)
{
	struct action *a = l->n < l->max ? &l->a[l->n] : &l->sink;
	l->n++;
	memset(a, 0, sizeof *a);
	a->type = type;
	a->unit = unit;
	a->target = target;
	return a;
}

int action_list_count(const struct action_list *l)
{
	return l->n;
}

bool action_list_full(const struct action_list *l)
{
	return l->first && l->n >= l->max;
}
