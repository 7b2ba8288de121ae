/* bot.c — owns the decision loop of the bots: bot_play() answers every pending `union …`
 * decision by the solitaire rules (dispatching to the commitment, objective, movement and
 * combat files), bot_confederate_play() runs the simple scripted Confederate player of
 * bot_confed.c that the tests and the `bot` command use. The bots only choose: each action,
 * with the rule behind it as its note, goes to the caller's port, which applies it through
 * game_apply() and records it; when the engine refuses what a rule chose, the bot falls back
 * on an action game_legal() offers (ending the step first), so it never stalls and never
 * plays an illegal move. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
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
		if (unit_on_map(g, u)) {
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
			if (g->unit[u].hex == hex && unit_on_map(g, u) &&
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
	b->nconf = 0;
	for (int c = ROSTER_UNION; c < ROSTER_UNITS; c++) {
		if (!unit_on_map(g, c))
			continue;
		int h = g->unit[c].hex, x, z;
		hex_cube(h, &x, &z);
		b->conf_unit[b->nconf] = (int16_t)c;
		b->conf_x[b->nconf] = (int16_t)x;
		b->conf_z[b->nconf++] = (int16_t)z;
		b->conf_at[hex_index(h)] = 1;
		if (bot_is_infantry(g, c))
			b->conf_inf_at[hex_index(h)] = 1;
		for (int d = 0; d < HEX_NDIRS; d++) {
			int n = hex_neighbour(h, (enum hex_dir)d);
			if (n != HEX_NONE && zoc_unit_exerts(g, c, n))
				b->ezoc[hex_index(n)] = 1;
		}
	}
	spread(b->conf_at, b->near);
	spread(b->conf_inf_at, b->near_inf);
}

/* ---- choosing: every action goes to the port, which applies it ---- */

/* Append a line to the reasons in note, unless it is full. */
static void note_vadd(char *note, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void note_vadd(char *note, size_t size, const char *fmt, va_list ap)
{
	size_t used = strlen(note);
	if (used + 2 >= size)
		return;
	if (used)
		note[used++] = '\n';
	vsnprintf(note + used, size - used, fmt, ap);
}

static void note_add(char *note, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void note_add(char *note, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note_vadd(note, size, fmt, ap);
	va_end(ap);
}

bool bot_port_apply(const struct bot_port *port, const struct action *a, char *note,
		    size_t size, const char *who, const char *why, char *err, size_t errlen)
{
	size_t kept = strlen(note);
	note_add(note, size, "%s: %s", who, why);
	struct action act = *a;
	act.note = note;
	if (port->apply(port->ctx, &act, err, errlen))
		return true;
	note[kept] = 0; /* refused: the game is unchanged; its reason goes */
	return false;
}

void bot_note(struct bot *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note_vadd(b->note, sizeof b->note, fmt, ap);
	va_end(ap);
}

bool bot_apply(struct bot *b, const struct action *a, const char *rule, const char *fmt, ...)
{
	/* the reason rides on the action (game_apply logs it before the dice the action rolls),
	 * after any reason noted for a choice that was no action (a gun that stays …) */
	char why[EVENT_TEXT_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	int from = a->type == ACT_MOVE && a->unit >= 0 && a->unit < ROSTER_UNITS
			   ? b->g->unit[a->unit].hex : HEX_NONE;
	if (!bot_port_apply(b->port, a, b->note, sizeof b->note, rule, why, b->err, b->errlen)) {
		b->refused++;
		return false;
	}
	b->note[0] = 0;
	b->applied++;
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
	return game_legal_first(b->g, b->acts, BOT_ACTIONS_MAX);
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
	const struct game *g = b->g;
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
						"ZOC", names_of_unit(e), eh))
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
					 "through: cancelled", names_of_unit(a));
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
		 names_of_decision(what));
	if (bot_apply_type(b, ACT_END, "bot", why))
		return true;
	if (declaring && close_chain(b))
		return true;
	bot_note(b, "bot: cannot end the step: %s", b->err);
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
			 names_of_unit(a.unit), a.target, infantry_around(g, a.target, mine));
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

static struct bot_keep keep;

struct bot_keep *bot_keep(const struct scenario *s)
{
	if (!keep.ready || memcmp(&keep.map, &s->map, sizeof keep.map) ||
	    memcmp(&keep.tables, &s->tables, sizeof keep.tables)) {
		if (keep.sight)
			memset(keep.sight, 0, sizeof *keep.sight * keep.sight_slots);
		keep.nsight = 0;
		keep.nfields = 0;
		keep.map = s->map;
		keep.tables = s->tables;
		keep.ready = true;
	}
	return &keep;
}

static struct bot *bot_new(const struct bot_port *port, char *err, size_t errlen)
{
	struct bot *b = malloc(sizeof *b);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	b->port = port;
	b->g = port->g;
	b->s = port->g->scn;
	b->note[0] = 0;
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
	memset(b->conf_ezoc_at, 0, sizeof b->conf_ezoc_at);
	b->union_at_stamp = 0;
	b->keep = bot_keep(b->s);
	return b;
}

/* ---- the quick set-up (4.2), either side ---- */

/* The 4.3 positions, which are a legal quick set-up (quick.h), one unit at a time, then
 * end. Left to the fallback, the bot would place and remove the same unit for ever. */
static bool quick_setup(struct bot *b)
{
	struct action a;
	if (quick_historical(b->g, &a, 1) == 1)
		return bot_apply(b, &a, "4.2", "%s to %04d, its 4.3 hex", names_of_unit(a.unit), a.target);
	return bot_apply_type(b, ACT_END, "4.2", "the set-up is complete");
}

static int play(const struct bot_port *port, enum side side, char *err, size_t errlen)
{
	if (errlen)
		err[0] = 0;
	const struct game *g = port->g;
	struct bot *b = bot_new(port, err, errlen);
	if (!b)
		return -1;
	int guard = 0, result;
	while (g->pending.what != DECISION_GAMEOVER && g->pending.side == side) {
		if (++guard > BOT_GUARD) {
			snprintf(err, errlen, "bot: no end to the %s decisions",
				 names_of_decision(g->pending.what));
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
				 names_of_side(side), names_of_decision(g->pending.what), why);
			free(b);
			return -1;
		}
	}
	result = b->applied;
	free(b);
	return result;
}

int bot_play(const struct bot_port *port, char *err, size_t errlen)
{
	return play(port, SIDE_UNION, err, errlen);
}

int bot_confederate_play(const struct bot_port *port, char *err, size_t errlen)
{
	return play(port, SIDE_CONFEDERATE, err, errlen);
}

int bot_play_pending(const struct bot_port *port, char *err, size_t errlen)
{
	if (port->g->pending.what == DECISION_GAMEOVER)
		return 0;
	return play(port, port->g->pending.side, err, errlen);
}

/* ---- a port onto a bare game ---- */

struct game_port {
	struct game *g;
	char *played;
	size_t len, used;
};

static bool game_port_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	struct game_port *p = ctx;
	if (!game_apply(p->g, a, err, errlen))
		return false;
	if (!p->played || p->len == 0)
		return true;
	char cmd[512];
	action_format(p->g->scn, a, cmd, sizeof cmd);
	int w = snprintf(p->played + p->used, p->len - p->used, "%s\n", cmd);
	if (w > 0 && p->used + (size_t)w < p->len)
		p->used += (size_t)w;
	else
		p->played[p->used] = 0; /* full: keep what fits, whole lines only */
	return true;
}

int bot_play_game(struct game *g, char *played, size_t len, char *err, size_t errlen)
{
	struct game_port p = { g, played, len, played && len ? strlen(played) : 0 };
	struct bot_port port = { g, game_port_apply, &p };
	return bot_play_pending(&port, err, errlen);
}
