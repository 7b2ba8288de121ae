/* bot.c — owns the decision loop of the bots: bot_play() answers every pending `union …`
 * decision by the solitaire rules (dispatching to the commitment, objective, movement and
 * combat files), bot_confederate_play() runs the simple scripted Confederate player of
 * bot_confed.c that the tests and the `bot` command use. Every action goes through game_apply(); when the engine
 * refuses what a rule chose, the bot falls back on an action game_legal() offers (ending the
 * step first), so it never stalls and never plays an illegal move. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_internal.h"
#include "quick.h"

#define BOT_GUARD 6000   /* actions in one call: far more than a player-turn needs */

/* ---- small queries ---- */

const struct unit_def *bot_def(const struct game *g, int u)
{
	return &g->scn->roster.unit[u];
}

bool bot_is_infantry(const struct game *g, int u)
{
	return bot_def(g, u)->type == UNIT_INFANTRY;
}

int bot_enemy_distance(const struct game *g, int hex, enum side mine)
{
	int best = BOT_FAR;
	int lo = mine == SIDE_UNION ? ROSTER_UNION : 0;
	int hi = mine == SIDE_UNION ? ROSTER_UNITS : ROSTER_UNION;
	for (int u = lo; u < hi; u++)
		if (game_on_map(g, u)) {
			int d = hex_distance(hex, g->unit[u].hex);
			if (d < best)
				best = d;
		}
	return best;
}

int bot_side_at(const struct game *g, int hex, enum side s, int *out, int max)
{
	int n = 0;
	int lo = s == SIDE_UNION ? 0 : ROSTER_UNION;
	int hi = s == SIDE_UNION ? ROSTER_UNION : ROSTER_UNITS;
	for (int pass = 0; pass < 2; pass++)
		for (int u = lo; u < hi && n < max; u++)
			if (game_on_map(g, u) && g->unit[u].hex == hex &&
			    bot_is_infantry(g, u) == (pass == 0))
				out[n++] = u;
	return n;
}

int bot_fire_sixths(const struct game *g, int gun, int target, bool defensive)
{
	struct fire_odds fo;
	char err[160];
	if (!fire_check(g, gun, target, defensive, &fo, err, sizeof err))
		return -1;
	int s = 0;
	for (int d = 1; d <= 6; d++)
		s += fo.steps[d];
	return s;
}

/* A breadth-first spread of ranges from the marked hexes (range = grid steps). */
static void spread(const uint8_t *from, uint8_t *near)
{
	for (int i = 0; i < HEX_INDEX_COUNT; i++)
		near[i] = from[i] ? 0 : 60;
	hex_spread(near, 60);
}

void bot_maps(struct bot *b)
{
	const struct game *g = b->g;
	memset(b->conf_at, 0, sizeof b->conf_at);
	memset(b->conf_inf_at, 0, sizeof b->conf_inf_at);
	memset(b->ezoc, 0, sizeof b->ezoc);
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
		if (!game_on_map(g, c))
			continue;
		int h = g->unit[c].hex;
		b->conf_at[hex_index(h)] = 1;
		if (bot_is_infantry(g, c))
			b->conf_inf_at[hex_index(h)] = 1;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && game_unit_zoc(g, c, n))
				b->ezoc[hex_index(n)] = 1;
		}
	}
	spread(b->conf_at, b->near);
	spread(b->conf_inf_at, b->near_inf);
}

/* ---- applying ---- */

static void record(struct bot *b, const struct action *a)
{
	b->applied++;
	if (!b->played || b->len == 0)
		return;
	char cmd[512];
	action_format(b->s, a, cmd, sizeof cmd);
	int w = snprintf(b->played + b->used, b->len - b->used, "%s\n", cmd);
	if (w > 0 && b->used + (size_t)w < b->len)
		b->used += (size_t)w;
	else
		b->played[b->used] = 0; /* full: keep what fits, whole lines only */
}

bool bot_apply(struct bot *b, const struct action *a, const char *rule, const char *fmt, ...)
{
	char why[GAME_LOG_TEXT];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	/* the reason goes into the log before the dice the action rolls; a refused action
	 * leaves the game unchanged, so its reason is taken back */
	int nlog = b->g->nlog;
	struct game_event oldest = b->g->log[nlog % GAME_LOG_MAX]; /* the slot the ring reuses */
	game_log(b->g, "%s: %s", rule, why);
	char err[256];
	int from = a->type == ACT_MOVE && a->unit >= 0 && a->unit < ROSTER_UNITS
			   ? b->g->unit[a->unit].hex : HEX_NONE;
	if (!game_apply(b->g, a, err, sizeof err)) {
		b->g->nlog = nlog;
		b->g->log[nlog % GAME_LOG_MAX] = oldest;
		b->refused++;
		snprintf(b->err, b->errlen, "%s", err);
		return false;
	}
	record(b, a);
	if (a->type == ACT_MOVE && b->nmoves < BOT_MOVES_MAX) {
		b->moves[b->nmoves].from = (int16_t)from;
		b->moves[b->nmoves++].to = b->g->unit[a->unit].hex;
	} else {
		b->generation++;
		b->nmoves = 0;
	}
	return true;
}

int bot_legal(struct bot *b)
{
	return game_legal(b->g, b->acts, BOT_ACTIONS_MAX);
}

bool bot_apply_type(struct bot *b, enum action_type t, const char *rule, const char *why)
{
	/* `end` and `decline` take no arguments: no need to list every legal action */
	struct action a;
	memset(&a, 0, sizeof a);
	a.type = t;
	a.unit = -1;
	a.target = -1;
	return bot_apply(b, &a, rule, "%s", why);
}

/* 11.1B (the rule of the two-player game, and of the Confederacy in solitaire): every enemy
 * unit that has a declared attacker in its ZOC must be attacked. Declare an attack on the
 * one the engine names (combat_missing_attack), by the attacker whose ZOC it is in if it
 * can, else by any unit; when no legal declaration can reach it, cancel the attack that
 * opened the chain and keep that attacker out of this combat phase. */
static bool close_chain(struct bot *b)
{
	struct game *g = b->g;
	const struct combat_state *cs = &g->combat;
	int a = -1;
	int e = combat_missing_attack(g, &a);
	if (e < 0)
		return false;
	int eh = g->unit[e].hex;
	int n = bot_legal(b);
	for (int pass = 0; pass < 2; pass++)
		for (int x = 0; x < n; x++) {
			struct action act = b->acts[x];
			if (act.type != ACT_ATTACK || act.nunits < 1 ||
			    (pass == 0 && act.units[0] != a) || bot_banned(b, act.units[0]))
				continue;
			bool covers = act.n == 0 && act.target == eh;
			for (int h = 0; h < act.n; h++)
				covers |= act.hex[h] == eh;
			if (covers && bot_apply(b, &act, "11.1B", "%s in %04d has an attacker in its "
						"ZOC", game_unit_name(e), eh))
				return true;
		}
	for (int i = 0; i < cs->ndecl; i++)
		for (int k = 0; k < cs->decl[i].nattackers; k++) {
			if (cs->decl[i].attacker[k] != a)
				continue;
			b->banned[a / 64] |= 1ull << (a % 64);
			struct action d = { .type = ACT_DECLINE, .unit = -1,
					    .target = cs->decl[i].defhex[0] };
			return bot_apply(b, &d, "11.1B", "the attack of %s cannot be followed "
					 "through: cancelled", game_unit_name(a));
		}
	return false;
}

bool bot_banned(const struct bot *b, int u)
{
	return b->banned[u / 64] >> (u % 64) & 1;
}

/* Nothing the rules chose was accepted: end the step if the engine allows it; in a
 * declaration step, close the 11.1B chain; else the first legal action that applies. */
static bool fallback(struct bot *b)
{
	enum decision what = b->g->pending.what;
	bool declaring = what == DECISION_COMBAT || what == DECISION_COMBAT_ROUND2;
	char why[96];
	snprintf(why, sizeof why, "no rule applies to the %s decision; the step ends",
		 game_decision_name(what));
	if (bot_apply_type(b, ACT_END, "bot", why))
		return true;
	if (declaring && close_chain(b))
		return true;
	game_log(b->g, "bot: cannot end the step: %s", b->err);
	if (bot_apply_type(b, ACT_DECLINE, "bot", "declined"))
		return true;
	int n = bot_legal(b);
	for (int i = 0; i < n; i++) {
		struct action a = b->acts[i];
		if (declaring && a.type == ACT_DECLINE)
			continue; /* cancelling attacks goes round in circles */
		if (bot_apply(b, &a, "bot", "the first legal action"))
			return true;
	}
	return false;
}

/* ---- 8.14 ---- */

/* Units of side s (infantry) next to hex. */
static int infantry_around(const struct game *g, int hex, enum side s)
{
	int n = 0, tmp[4];
	for (int d = 0; d < HEX_NDIRS; d++) {
		int nb = hex_neighbour(hex, (enum hex_dir)d);
		if (nb == HEX_NONE)
			continue;
		int k = bot_side_at(g, nb, s, tmp, 4);
		for (int i = 0; i < k; i++)
			n += bot_is_infantry(g, tmp[i]);
	}
	return n;
}

/* 8.14: move the enemy unit where the most of our infantry will be next to it (the
 * command mishap that opens it to attack), first among equals. */
bool bot_mishap(struct bot *b, enum side mine)
{
	const struct game *g = b->g;
	int n = bot_legal(b), best = -1, bv = -100;
	for (int i = 0; i < n; i++) {
		const struct action *a = &b->acts[i];
		if (a->type != ACT_MISHAP || a->unit < 0)
			continue;
		int v = infantry_around(g, a->target, mine) -
			infantry_around(g, g->unit[a->unit].hex, mine);
		if (v > bv)
			bv = v, best = i;
	}
	if (best < 0)
		return false;
	struct action a = b->acts[best];
	return bot_apply(b, &a, "8.14", "mishap: %s moves to %04d, next to %d of our brigades",
			 game_unit_name(a.unit), a.target, infantry_around(g, a.target, mine));
}

/* ---- the Union ---- */

static bool union_decide(struct bot *b)
{
	switch (b->g->pending.what) {
	case DECISION_MISHAP:
		return bot_mishap(b, SIDE_UNION);
	case DECISION_WITHDRAWAL:
		return bot_withdrawal(b);
	case DECISION_COMMITMENT:
		return bot_commitment(b);
	case DECISION_WITHDRAW_MOVE:
		return bot_withdraw_move(b);
	case DECISION_MOVEMENT:
		return bot_movement(b);
	case DECISION_ARTILLERY:
		return bot_artillery(b);
	default:
		return bot_combat_decide(b);
	}
}

/* ---- the loops ---- */

static struct bot *bot_new(struct game *g, char *played, size_t len, char *err, size_t errlen)
{
	struct bot *b = malloc(sizeof *b);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	b->g = g;
	b->s = g->scn;
	b->played = played;
	b->len = len;
	b->used = played && len ? strlen(played) : 0;
	b->applied = 0;
	b->refused = 0;
	b->banned[0] = b->banned[1] = 0;
	b->err = err;
	b->errlen = errlen;
	b->nplan = 0;
	b->plan_turn = 0;
	b->nmoves = 0;
	b->generation = 0;
	memset(b->conf_gen, 0, sizeof b->conf_gen);
	return b;
}

/* ---- the quick set-up (4.2), either side ---- */

/* The 4.3 positions, which are a legal quick set-up (quick.h), one unit at a time, then
 * end. Left to the fallback, the bot would place and remove the same unit for ever. */
static bool quick_setup(struct bot *b)
{
	struct action a;
	if (quick_historical(b->g, &a, 1) == 1)
		return bot_apply(b, &a, "4.2", "%s to %04d, its 4.3 hex", game_unit_name(a.unit), a.target);
	return bot_apply_type(b, ACT_END, "4.2", "the set-up is complete");
}

static int play(struct game *g, enum side side, char *played, size_t len, char *err,
		size_t errlen)
{
	if (errlen)
		err[0] = 0;
	struct bot *b = bot_new(g, played, len, err, errlen);
	if (!b)
		return -1;
	int guard = 0, result;
	while (g->pending.what != DECISION_GAMEOVER && g->pending.side == side) {
		if (++guard > BOT_GUARD) {
			snprintf(err, errlen, "bot: no end to the %s decisions",
				 game_decision_name(g->pending.what));
			free(b);
			return -1;
		}
		int before = b->applied;
		bool ok = g->pending.what == DECISION_SETUP ? quick_setup(b)
			  : side == SIDE_UNION		    ? union_decide(b)
							    : bot_confederate_decide(b);
		if ((!ok || b->applied == before) && !fallback(b)) {
			char why[256];
			snprintf(why, sizeof why, "%s", err);
			snprintf(err, errlen, "bot: no legal action at %s %s (%s)",
				 roster_side_name(side), game_decision_name(g->pending.what), why);
			free(b);
			return -1;
		}
	}
	result = b->applied;
	free(b);
	return result;
}

int bot_play(struct game *g, char *played, size_t len, char *err, size_t errlen)
{
	return play(g, SIDE_UNION, played, len, err, errlen);
}

int bot_confederate_play(struct game *g, char *played, size_t len, char *err, size_t errlen)
{
	return play(g, SIDE_CONFEDERATE, played, len, err, errlen);
}

int bot_play_pending(struct game *g, char *played, size_t len, char *err, size_t errlen)
{
	if (g->pending.what == DECISION_GAMEOVER)
		return 0;
	return g->pending.side == SIDE_UNION ? bot_play(g, played, len, err, errlen)
					     : bot_confederate_play(g, played, len, err, errlen);
}
