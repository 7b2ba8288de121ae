/* sim_player.c — owns the names of the simulator's rules and the reading of its --union and
 * --confederate players, which are the rows of the one table of players (player.h). */
#include "player.h"
#include "sim.h"

const char *const sim_rules_names[SIM_RULES_COUNT] = { "solitaire", "two-player" };

bool sim_player_parse(const char *text, enum side side, enum sim_rules rules, struct seat *out,
		      char *err, size_t errlen)
{
	return player_parse(text, side, rules == SIM_SOLITAIRE, out, err, errlen);
}
