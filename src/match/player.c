/* player.c — owns the table of players a seat can hold (include/player.h) and the one loop
 * of the computer seats (seats_play) that the match (the terminal game, --batch) and the
 * simulator run. A new computer player is one more row of `players` below: its play
 * function lives with the player (src/bot/, src/general/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "general.h"
#include "player.h"

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

static int play_random(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		       char *err, size_t errlen)
{
	(void)level;
	return bot_random_play(port, side, rng, err, errlen);
}

static int play_general(const struct bot_port *port, enum side side, int level, uint64_t *rng,
			char *err, size_t errlen)
{
	(void)side, (void)rng;
	return general_play(port, level, err, errlen);
}

#define UNION_SOLO PLAYER_SEAT(SIDE_UNION, true)
#define UNION_TWO PLAYER_SEAT(SIDE_UNION, false)
#define CONFED_BOTH (PLAYER_SEAT(SIDE_CONFEDERATE, true) | PLAYER_SEAT(SIDE_CONFEDERATE, false))

/* Who may sit where: the bot is the solitaire game's Union (14.0); the general plays either
 * side under the two-player rules and the Confederacy against the bot (general.h). */
static const char *const general_levels[GENERAL_LEVELS] = { "quick", "normal", "strong",
							     "analysis (slow)" };

static const struct player players[] = {
	{ .name = "bot", .title = "the solitaire Union bot (14-18)",
	  .about = "the solitaire Union player of rules 14.0-18.0 (solitaire rules only)",
	  .seats = UNION_SOLO, .play = play_bot },
	{ .name = "scripted", .title = "the scripted Confederate player",
	  .about = "the simple scripted Confederate player (holds, fires, attacks at +1)",
	  .seats = CONFED_BOTH, .play = play_scripted },
	{ .name = "random", .title = "random legal play",
	  .about = "a random legal action at every decision",
	  .seats = UNION_SOLO | UNION_TWO | CONFED_BOTH, .play = play_random },
	{ .name = "general", .title = "the computer general",
	  .about = "the computer general, general:1 quick, :2 normal, :3 strong, :4 analysis "
		   "(slow; Union: two-player rules)",
	  .seats = UNION_TWO | CONFED_BOTH, .levels = GENERAL_LEVELS, .play = play_general,
	  .level_words = general_levels },
};
#define NPLAYERS ((int)(sizeof players / sizeof players[0]))
#define ADDED_MAX 4

/* The players added at run time after the table's own (player_add). */
static struct player added[ADDED_MAX];
static int nadded;

int player_count(void)
{
	return NPLAYERS + nadded;
}

const struct player *player_at(int i)
{
	return i < 0 || i >= player_count() ? NULL : i < NPLAYERS ? &players[i] : &added[i - NPLAYERS];
}

const struct player *player_named(const char *name)
{
	for (int i = 0; i < player_count(); i++)
		if (!strcmp(player_at(i)->name, name))
			return player_at(i);
	return NULL;
}

bool player_add(const struct player *p)
{
	if (nadded == ADDED_MAX || !p->name || player_named(p->name) || !p->play ||
	    strlen(p->name) >= PLAYER_NAME_MAX || strchr(p->name, ':'))
		return false;
	added[nadded++] = *p;
	return true;
}

const char *player_level_word(const struct player *p, int level)
{
	return p && p->level_words && level >= 1 && level <= p->levels ? p->level_words[level - 1]
								       : "";
}

bool player_sits(const struct player *p, enum side side, bool solitaire)
{
	return (side == SIDE_UNION || side == SIDE_CONFEDERATE) &&
	       (p->seats & PLAYER_SEAT(side, solitaire));
}

bool player_parse(const char *text, enum side side, bool solitaire, struct seat *out,
		  char *err, size_t errlen)
{
	char name[PLAYER_NAME_MAX];
	const char *colon = strchr(text, ':');
	size_t k = colon ? (size_t)(colon - text) : strlen(text);
	if (k >= sizeof name)
		k = sizeof name - 1;
	memcpy(name, text, k);
	name[k] = 0;
	const char *sname = side == SIDE_UNION ? "Union" : "Confederate";
	const struct player *p = player_named(name);
	if (!p) {
		int w = snprintf(err, errlen, "unknown player '%s' (players:", name);
		for (int i = 0; i < player_count() && w > 0 && (size_t)w < errlen; i++)
			w += snprintf(err + w, errlen - (size_t)w, " %s", player_at(i)->name);
		if (w > 0 && (size_t)w < errlen)
			snprintf(err + w, errlen - (size_t)w, ")");
		return false;
	}
	if (!player_sits(p, side, true) && !player_sits(p, side, false)) {
		snprintf(err, errlen, "the %s player does not play the %s side", name, sname);
		return false;
	}
	if (!player_sits(p, side, solitaire)) {
		snprintf(err, errlen, "the %s player does not play the %s side under the %s rules%s",
			 name, sname, solitaire ? "solitaire" : "two-player",
			 solitaire ? " (14.0: the solitaire game's Union is the bot)"
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

void seat_name(const struct seat *s, char *buf, size_t len)
{
	if (!s->player)
		snprintf(buf, len, "human");
	else if (s->player->levels)
		snprintf(buf, len, "%s:%d", s->player->name, s->level);
	else
		snprintf(buf, len, "%s", s->player->name);
}

int seats_play(const struct bot_port *port, const struct seat seat[2], uint64_t rng[2],
	       seats_hook_fn hook, void *ctx, char *err, size_t errlen)
{
	const struct game *g = port->g;
	int total = 0;
	while (g->pending.what != DECISION_GAMEOVER &&
	       (g->pending.side == SIDE_UNION || g->pending.side == SIDE_CONFEDERATE) &&
	       seat[g->pending.side].player) {
		enum side side = g->pending.side;
		const struct seat *s = &seat[side];
		int nlog = g->nlog;
		int k = s->player->play(port, side, s->level, &rng[side], err, errlen);
		if (k < 0)
			return -1;
		if (k == 0 && g->nlog == nlog && g->pending.side == side &&
		    g->pending.what != DECISION_GAMEOVER) {
			snprintf(err, errlen, "the %s player decided nothing at %s %s",
				 s->player->name, names_of_side(side), names_of_decision(g->pending.what));
			return -1;
		}
		total += k;
		if (hook && !hook(ctx, side, k))
			break;
	}
	return total;
}
