/* sim_player.c — owns the players the simulator can seat (--union, --confederate): the
 * solitaire Union bot (14.0–18.0), the scripted Confederate player, and random legal play.
 * A new computer player is one more row of `players` below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "general.h"
#include "move.h"
#include "sim.h"

const char *const sim_rules_names[SIM_RULES_COUNT] = { "solitaire", "two-player" };

#define UNION_SOLO SIM_SEAT(SIDE_UNION, SIM_SOLITAIRE)
#define UNION_TWO SIM_SEAT(SIDE_UNION, SIM_TWO_PLAYER)
#define CONFED_BOTH (SIM_SEAT(SIDE_CONFEDERATE, SIM_SOLITAIRE) | SIM_SEAT(SIDE_CONFEDERATE, SIM_TWO_PLAYER))
#define LEGAL_MAX 8192

static int play_bot(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		    char *err, size_t errlen)
{
	(void)side, (void)level, (void)rng;
	return bot_play(port, err, errlen);
}

static int play_scripted(const struct bot_port *port, enum side side, int level, uint64_t *rng,
			 char *err, size_t errlen)
{
	(void)side, (void)level, (void)rng;
	return bot_confederate_play(port, err, errlen);
}

static int play_general(const struct bot_port *port, enum side side, int level, uint64_t *rng,
			char *err, size_t errlen)
{
	(void)side, (void)rng;
	return general_play(port, level, err, errlen);
}

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* One random action at the port's decision: in movement, 23 times in 24 a random unit to a
 * random hex it may reach (listing every move of every unit each time would make the games
 * slow), else the end of the phase; elsewhere any legal action. False when the pick does
 * not apply (a unit with nowhere to go, an `end` refused by 9.1C): the caller picks again;
 * err is set only when there is nothing to pick. */
static bool random_action(const struct bot_port *port, uint64_t *rng, struct action *legal,
			  char *err, size_t errlen)
{
	const struct game *g = port->g;
	uint64_t r = next(rng);
	struct action a;
	memset(&a, 0, sizeof a);
	a.unit = -1;
	if (g->pending.what == DECISION_MOVEMENT) {
		if (r % 24) {
			struct move_dest d[HEX_INDEX_COUNT];
			a.unit = (int)(r / 24 % ROSTER_UNITS);
			int n = move_reachable(g, a.unit, d, HEX_INDEX_COUNT, NULL, 0);
			if (n == 0)
				return false;
			a.type = ACT_MOVE;
			a.n = 1;
			a.hex[0] = d[(r >> 20) % (uint64_t)n].hex;
		} else {
			a.type = ACT_END;
		}
	} else {
		int n = game_legal(g, legal, LEGAL_MAX);
		if (n <= 0) {
			snprintf(err, errlen, "no legal action at %s",
				 names_of_decision(g->pending.what));
			return false;
		}
		a = legal[(r >> 12) % (uint64_t)n];
	}
	char why[256];
	return port->apply(port->ctx, &a, why, sizeof why);
}

/* Random legal play for side until the decision passes or the game ends. */
static int play_random(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		       char *err, size_t errlen)
{
	(void)level;
	struct action *legal = malloc(sizeof *legal * LEGAL_MAX);
	if (!legal) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int applied = 0, misses = 0;
	err[0] = 0;
	while (port->g->pending.what != DECISION_GAMEOVER && port->g->pending.side == side) {
		if (random_action(port, rng, legal, err, errlen)) {
			applied++;
			misses = 0;
		} else if (err[0] || ++misses > 10000) {
			if (!err[0])
				snprintf(err, errlen, "random play found nothing to apply at %s",
					 names_of_decision(port->g->pending.what));
			applied = -1;
			break;
		}
	}
	free(legal);
	return applied;
}

/* Who may sit where: the bot is the solitaire game's Union (14.0); the general plays either
 * side under the two-player rules and the Confederacy against the bot (general.h). */
static const struct sim_player players[] = {
	{ "bot", "the solitaire Union player of rules 14.0-18.0 (solitaire rules only)",
	  UNION_SOLO, 0, play_bot },
	{ "scripted", "the simple scripted Confederate player (holds, fires, attacks at +1)",
	  CONFED_BOTH, 0, play_scripted },
	{ "random", "a random legal action at every decision", UNION_SOLO | UNION_TWO | CONFED_BOTH,
	  0, play_random },
	{ "general", "the computer general, general:1 quick, :2 normal, :3 strong, :4 analysis (slow; Union: "
	  "two-player rules)", UNION_TWO | CONFED_BOTH,
	  GENERAL_LEVELS, play_general },
};

const struct sim_player *sim_players(int *n)
{
	*n = (int)(sizeof players / sizeof players[0]);
	return players;
}

bool sim_player_parse(const char *text, enum side side, enum sim_rules rules,
		      struct sim_choice *out, char *err, size_t errlen)
{
	char name[SIM_NAME_MAX];
	const char *colon = strchr(text, ':');
	size_t k = colon ? (size_t)(colon - text) : strlen(text);
	if (k >= sizeof name)
		k = sizeof name - 1;
	memcpy(name, text, k);
	name[k] = 0;
	const char *sname = side == SIDE_UNION ? "Union" : "Confederate";
	for (size_t i = 0; i < sizeof players / sizeof players[0]; i++) {
		const struct sim_player *p = &players[i];
		if (strcmp(p->name, name))
			continue;
		unsigned side_seats = SIM_SEAT(side, SIM_SOLITAIRE) | SIM_SEAT(side, SIM_TWO_PLAYER);
		if (!(p->seats & side_seats)) {
			snprintf(err, errlen, "the %s player does not play the %s side", name, sname);
			return false;
		}
		if (!(p->seats & SIM_SEAT(side, rules))) {
			snprintf(err, errlen, "the %s player does not play the %s side under the %s "
				 "rules%s", name, sname, sim_rules_names[rules],
				 rules == SIM_SOLITAIRE ? " (14.0: the solitaire game's Union is the bot)"
				 : " (the bot is the solitaire game's Union, 14.0)");
			return false;
		}
		int level = 1;
		if (colon) {
			char *end;
			long v = strtol(colon + 1, &end, 10);
			if (!p->levels || *end || end == colon + 1 || v < 1 || v > p->levels) {
				if (p->levels)
					snprintf(err, errlen, "%s: the level is 1 to %d", text, p->levels);
				else
					snprintf(err, errlen, "%s: the %s player has no levels", text, name);
				return false;
			}
			level = (int)v;
		}
		out->player = p;
		out->level = level;
		return true;
	}
	int n = (int)(sizeof players / sizeof players[0]);
	int w = snprintf(err, errlen, "unknown player '%s' (players:", name);
	for (int i = 0; i < n && w > 0 && (size_t)w < errlen; i++)
		w += snprintf(err + w, errlen - (size_t)w, " %s", players[i].name);
	if (w > 0 && (size_t)w < errlen)
		snprintf(err + w, errlen - (size_t)w, ")");
	return false;
}

void sim_choice_name(const struct sim_choice *c, char *buf, size_t len)
{
	if (c->player->levels)
		snprintf(buf, len, "%s:%d", c->player->name, c->level);
	else
		snprintf(buf, len, "%s", c->player->name);
}
