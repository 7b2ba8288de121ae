/* player.h — the players a seat can hold, in one table (src/match/player.c): each row a
 * computer player's name, its levels, the sides and rules it plays and its play function;
 * and the one loop that lets the computer seats decide until a person must (seats_play).
 * The terminal game, --batch (through the match, match.h) and the simulator (sim.h) read
 * this table and run this loop: a new computer player is one more row of the table.
 *
 * A player only chooses, as the bots do (bot.h): it reads the position, picks among the
 * actions game_legal() offers and hands each choice, with its reason as the action's note,
 * to a port, which applies it (game_apply) and records it. */
#ifndef ANTIETAM_PLAYER_H
#define ANTIETAM_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "game.h"

#define PLAYER_NAME_MAX 24

/* The bit of the seats a player may take: side (enum side) under the solitaire rules or the
 * two-player rules. */
#define PLAYER_SEAT(side, solitaire) (1u << ((side) * 2 + ((solitaire) ? 0 : 1)))

struct player {
	const char *name;          /* "bot", "scripted", "random", "general" */
	const char *about;         /* one line for --help, the menus and the report */
	unsigned seats;            /* PLAYER_SEAT(side, solitaire) per seat it may take */
	int levels;                /* 0: none; else NAME:1..levels, NAME alone = level 1 */
	/* Decide for side until the decision passes to the other side or the game ends, each
	 * choice through port. The number of actions applied (>= 0), or -1 with err when it
	 * could not go on. rng is the seat's own stream (random play), apart from the dice. */
	int (*play)(const struct bot_port *port, enum side side, int level, uint64_t *rng,
		    char *err, size_t errlen);
	const char *title;         /* its words in the terminal game's menus: "the computer general" */
	const char *const *level_words; /* NULL, or a word for each level: "quick", "normal" … */
};

/* A seat: who decides for a side. player NULL: a person. */
struct seat {
	const struct player *player;
	int level;                 /* 1..player->levels (1 for a player without levels) */
};

/* The players, in the order --help and the menus list them: player_at(0 .. count-1). */
int player_count(void);
const struct player *player_at(int i);
/* The player of that name, NULL when none. */
const struct player *player_named(const char *name);
/* Add a player to the table at run time (a test's, a timing wrapper's): it is then listed,
 * parsed and seated like the table's own; false when the table is full or the name taken. */
bool player_add(const struct player *p);
/* The word of p's level (its level_words), "" when it has none. */
const char *player_level_word(const struct player *p, int level);
/* May p take side's seat under those rules? */
bool player_sits(const struct player *p, enum side side, bool solitaire);
/* Parse "NAME" or "NAME:LEVEL" into a seat for side under those rules; false with err when
 * the name is unknown, the player does not take that seat, or the level is out of range. */
bool player_parse(const char *text, enum side side, bool solitaire, struct seat *out,
		  char *err, size_t errlen);
/* "a person", "bot", "general:3": the seat as player_parse reads it (a person: "human"). */
void seat_name(const struct seat *s, char *buf, size_t len);

/* After each stretch a computer seat played (side's decisions until they passed to the
 * other side or the game ended; n actions): false stops seats_play there. */
typedef bool (*seats_hook_fn)(void *ctx, enum side side, int n);

/* The one loop of the computer seats: while the game on port is not over and the side to
 * decide has a computer seat (seat[side].player), that player plays (rng[side] its stream),
 * then hook (may be NULL) hears of it. Stops when a person must decide, the game is over or
 * the hook says so. Returns the number of actions applied, or -1 with err set when a player
 * could not go on or decided nothing (the game is left at that decision). */
int seats_play(const struct bot_port *port, const struct seat seat[2], uint64_t rng[2],
	       seats_hook_fn hook, void *ctx, char *err, size_t errlen);

#endif
