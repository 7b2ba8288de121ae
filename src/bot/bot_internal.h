/* bot_internal.h — what the files of the solitaire bot share: the context of one bot_play
 * call (the game read, the port its choices go to, the attacks planned in the movement phase) and the
 * small queries every part of the bot asks. Only src/bot/ includes it. */
#ifndef ANTIETAM_BOT_INTERNAL_H
#define ANTIETAM_BOT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "combat.h"
#include "game.h"
#include "tables.h"

#define BOT_ACTIONS_MAX 4096
#define BOT_FAR 1000000
#define BOT_MOVES_MAX 256
#define BOT_HEX_WORDS ((HEX_INDEX_COUNT + 63) / 64)
#define BOT_SIGHT_SLOTS_MIN 16384     /* the sight table's first size, a power of two */
#define BOT_SIGHT_SLOTS_MAX (1 << 18) /* its largest (2 MB) */
#define BOT_FIELDS 16

/* An attack the movement phase planned (16.4, 16.5): a Union infantry unit and the
 * Confederate hex it moved to attack. */
struct bot_plan {
	int16_t unit;
	int16_t defhex;
	int16_t target;   /* the Confederate unit attacked (16.3.2) */
	int8_t corps;
};

/* What the bot works out from the map and the charts alone, kept from one call to the next
 * (bot_keep: the process's one, emptied when the map or the charts it was worked out on are
 * not the scenario's any more): the playouts of the general call the bot thousands of times
 * a game on the same ground. */
struct bot_keep {
	bool ready;                          /* map and tables hold what it was worked out on */
	struct map map;
	struct tables tables;
	/* 10.6, 10.4: the sight (fire_sight) from hex to hex that gun_value asked for. Open
	 * addressing on key = from's index * HEX_INDEX_COUNT + to's index + 1 (0 empty) in
	 * sight_slots slots (NULL and 0 until first asked); three quarters full, it doubles up to
	 * BOT_SIGHT_SLOTS_MAX, and past that further pairs are worked out and not kept. A game
	 * of Lee's playouts asks 25-30 thousand pairs (the 16,384 slots of session 10 kept
	 * 12,288 of them and worked out the others at each ask: 248 k sights a game) */
	struct bot_sight {
		uint32_t key;
		bool clear;
		uint16_t sides;
	} *sight;
	uint32_t sight_slots;
	int nsight;
	/* bot_distance_field's last BOT_FIELDS fields, by their list of targets: a field depends
	 * on the map and the targets alone, and the formations head for the same objectives turn
	 * after turn. nfields counts the fields kept (the slot nfields % BOT_FIELDS is the next
	 * one replaced). */
	struct bot_field {
		int n;
		int targets[MAP_OBJ_HEXES];
		int field[HEX_INDEX_COUNT];
	} fields[BOT_FIELDS];
	int nfields;
};

/* The process's keep for scenario s, emptied first unless it was worked out on the same map
 * and charts (compared byte for byte: a test's board drawn anew, another scenario loaded). */
struct bot_keep *bot_keep(const struct scenario *s);

struct bot {
	const struct bot_port *port;         /* where the chosen actions go */
	const struct game *g;                /* the game read (port->g), changed only by the port */
	const struct scenario *s;
	char note[1024];                     /* reasons for the next action, one a line */
	int applied;
	int refused;                         /* actions the engine refused */
	uint64_t banned[2];                  /* 11.1B: attackers kept out of this combat */
	char *err;
	size_t errlen;

	struct bot_plan plan[ROSTER_UNION];
	int nplan;
	int plan_turn;                       /* turn the plan was made for (0 none) */

	/* the Confederate side as the Union movement phase sees it (fixed while it lasts) */
	uint8_t conf_at[HEX_INDEX_COUNT];    /* a Confederate unit stands there */
	uint8_t conf_inf_at[HEX_INDEX_COUNT];/* a Confederate infantry unit stands there */
	uint8_t ezoc[HEX_INDEX_COUNT];       /* in a Confederate ZOC (6.1-6.2) */
	uint8_t near[HEX_INDEX_COUNT];       /* range to the nearest Confederate unit (cap 60) */
	uint8_t near_inf[HEX_INDEX_COUNT];   /* range to the nearest Confederate infantry */
	/* the Confederate units on the map, in roster order, with their hexes' cube coordinates
	 * (hex_cube): the targets gun_value weighs from every hex a gun may move to */
	int nconf;
	int16_t conf_unit[ROSTER_CONFEDERATE];
	int16_t conf_x[ROSTER_CONFEDERATE], conf_z[ROSTER_CONFEDERATE];

	/* 16.4.4: the infantry of the corps now moving that has already had its move (IX
	 * Corps: all four divisions, 16.1B), in order */
	int16_t moved[ROSTER_UNION];
	int nmoved;

	/* 17.0A, 10.7D: the target each Union gun stayed in its hex to fire at (-1 none), and
	 * how many such guns each Confederate unit has (this turn's movement phase) */
	int16_t gun_target[ROSTER_UNION];
	uint8_t gun_claims[ROSTER_CONFEDERATE];

	/* the moves this call applied, from and to (a reinforcement comes from HEX_NONE); any
	 * other action applied bumps `generation` instead */
	struct { int16_t from, to; } moves[BOT_MOVES_MAX];
	int nmoves;
	int generation;

	/* 16.6A: where each Confederate unit could end a move in its next movement phase and
	 * every hex that search entered and their neighbours (bits at hex_index), kept while no
	 * move applied since comes next to those (conf_reach in bot_move.c) */
	uint64_t conf_reach[ROSTER_CONFEDERATE][BOT_HEX_WORDS];
	uint64_t conf_entered[ROSTER_CONFEDERATE][BOT_HEX_WORDS];
	int conf_gen[ROSTER_CONFEDERATE];    /* generation + 1 when worked out, 0 never */
	int conf_moves[ROSTER_CONFEDERATE];  /* nmoves when last found current */
	struct game next_phase;              /* scratch for move_reachable_next_phase */
	/* 16.6A: whether each Confederate unit stands in a Union ZOC (zoc_in_ezoc), kept for
	 * the position it was asked in: conf_ezoc_at is that position's stamp (conf_in_ezoc:
	 * generation and nmoves), 0 never asked */
	long long conf_ezoc_at[ROSTER_CONFEDERATE];
	bool conf_ezoc[ROSTER_CONFEDERATE];
	/* 16.6: a Union unit stands there (any), for the position of stamp union_at_stamp (as
	 * conf_ezoc_at's), 0 never filled: encircle_threat asks it of every neighbour it weighs */
	uint8_t union_at[HEX_INDEX_COUNT];
	long long union_at_stamp;

	struct bot_keep *keep;               /* what outlasts the call (bot_keep) */

	struct action acts[BOT_ACTIONS_MAX]; /* scratch for game_legal */
	int field[HEX_INDEX_COUNT];          /* scratch distance field */
	struct game what_if;                 /* scratch position for hypothetical queries */
};

/* ---- bot.c ---- */

/* Hand a to the port with "rule: why" as its note (after the reasons bot_note kept); true
 * when it was applied. */
bool bot_apply(struct bot *b, const struct action *a, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Keep a reason for a choice that is no action (a gun that stays …): it goes with the next
 * action applied. */
void bot_note(struct bot *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Legal actions now into b->acts; the count. */
int bot_legal(struct bot *b);
/* True when unit u may not declare an attack in this combat phase (11.1B chain cancelled). */
bool bot_banned(const struct bot *b, int u);
/* Apply the first legal action of this type (ACT_END, ACT_DECLINE …) if any. */
bool bot_apply_type(struct bot *b, enum action_type t, const char *rule, const char *why);

/* ---- small queries (bot.c) ---- */

const struct unit_def *bot_def(const struct game *g, int u);
bool bot_is_infantry(const struct game *g, int u);
/* Formation of a Union unit for objectives (15.6A–B), or -1. */
int bot_formation(const struct game *g, int u);
/* Distance from hex to the nearest Confederate unit on the map. */
int bot_enemy_distance(const struct game *g, int hex, enum side mine);
/* Unit indices of side s in hex (infantry first); the count. */
int bot_side_at(const struct game *g, int hex, enum side s, int *out, int max);
/* Steps gun is expected to take from target firing at it now (fire_check), in sixths of a
 * step; -1 when it may not fire. */
int bot_fire_sixths(const struct game *g, int gun, int target, bool defensive);

/* Fill the conf_at, ezoc and near maps from the position now. */
void bot_maps(struct bot *b);

/* 8.14: the mishap move that puts the enemy unit next to the most of side mine's infantry. */
bool bot_mishap(struct bot *b, enum side mine);

/* ---- bot_confed.c: the scripted Confederacy ---- */
bool bot_confederate_decide(struct bot *b);

/* ---- bot_commit.c: 14.0 ---- */
bool bot_withdrawal(struct bot *b);
bool bot_commitment(struct bot *b);

/* ---- bot_objective.c: 15.0 ---- */

/* The objective a formation pursues now: its hexes not yet Union-controlled into out (15.3);
 * the count, 0 when it has none left (15.5). */
int bot_objective_hexes(const struct bot *b, int formation, int *out, int max);
/* Display name of a formation's current objective. */
const char *bot_objective_name(const struct bot *b, int formation, char *buf, size_t len);
/* Fill field[] with the MP-weighted distance from every hex to the nearest of the targets
 * (terrain costs of the charts, creek only at bridges and fords). */
void bot_distance_field(struct bot *b, const int *targets, int n, int *field);

/* ---- bot_loss.c: 11.15B, both bots ---- */

/* The unit that loses the next step at a `step-loss` decision: of the candidates, the one
 * with most steps left, then the smallest fall in combat value, then the lowest index; -1
 * when there is none (docs/rules-notes.md). */
int bot_loss_choice(const struct game *g);
/* Apply bot_loss_choice with its reason. */
bool bot_step_loss(struct bot *b);

/* ---- bot_move.c: 16.0, 17.0 ---- */
bool bot_movement(struct bot *b);
bool bot_withdraw_move(struct bot *b);
/* 16.6: could Confederate infantry attack a Union unit of combat value cv in hex encircled
 * next turn, the position as it stands (bot_maps first)? */
bool bot_flank_exposed(struct bot *b, int hex, int cv);
/* 16.6A: could Confederate unit c end a move in hex x in its next movement phase, the
 * position as it stands (the engine's search, kept while the moves the bot applied since
 * do not bear on it)? */
bool bot_conf_reaches(struct bot *b, int c, int x);
/* Add to bits (BOT_HEX_WORDS words, a bit at each hex_index) every hex next to one set. */
void bot_widen(uint64_t *bits);

/* ---- bot_combat.c: 10.0 (fire choice), 17.0, 18.0 ---- */
bool bot_artillery(struct bot *b);
bool bot_combat_decide(struct bot *b);

/* 16.3: the attack of Union infantry u standing in hex `from` on defhex; *score = CI number
 * + DRM (16.3.5), *favourable per 16.3.4. False when it cannot attack from there. */
bool bot_attack_eval(struct bot *b, int u, int from, int defhex, int *score, bool *favourable,
		     struct combat_odds *odds);

#endif
