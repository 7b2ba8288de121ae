/* sim_game.c — owns one simulated game: the players take turns at the decisions until the
 * game ends, and the record (struct sim_game) is read off the position after every player's
 * turn: steps lost and regrouped by comparing each unit's steps, eliminations and VPs from
 * the engine's own counts (victory.h), control from the position (3.3), A.P. Hill and the
 * corps' status from struct game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "bot.h"
#include "position.h"
#include "unit.h"
#include "sim.h"
#include "victory.h"

#define CALLS_MAX 20000     /* a player's turns in one game: far above any real game */

void sim_layout(const struct scenario *s, struct sim_layout *l)
{
	memset(l, 0, sizeof *l);
	const struct map *m = &s->map;
	l->nobj = m->nobjectives;
	for (int i = 0; i < m->nobjectives; i++) {
		const struct map_objective *o = &m->objective[i];
		snprintf(l->key[i], sizeof l->key[i], "%s", o->key);
		snprintf(l->name[i], sizeof l->name[i], "%s", o->name);
		l->nhexes[i] = o->nhexes;
		for (int k = 0; k < o->nhexes; k++) {
			int j = 0;
			while (j < l->nhex && l->hex[j] != o->hexes[k])
				j++;
			if (j == l->nhex && l->nhex < SIM_HEXES_MAX)
				l->hex[l->nhex++] = o->hexes[k];
			if (j < l->nhex)
				l->objs[j] |= 1u << i;
		}
	}
}

/* The running count of one game: each unit's steps at the last look (12.0 regrouping is
 * counted as it happens; losses are the game's own, start minus now). */
struct tally {
	int steps[ROSTER_UNITS];
};

static void look(const struct game *g, struct tally *t, struct sim_game *r)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		int now = g->unit[u].steps;
		if (now > t->steps[u])
			r->steps_regrouped[unit_side(u)] += now - t->steps[u];
		t->steps[u] = now;
	}
	for (int c = 0; c < CORPS_COUNT; c++)
		if (g->corps[c] == CORPS_COMMITTED && !r->commit_turn[c])
			r->commit_turn[c] = g->turn;
	if (g->ap_hill_triggered)
		r->ap_hill_turn = g->ap_hill_turn;
}

/* Steps lost by each side: the counters' steps at the start less their steps now (a unit
 * taken off by `remove` is not a loss). Men likewise for infantry, at each unit's men per
 * step (units.txt: men engaged over steps), by side and by Union corps. */
static void losses(const struct game *g, int *steps, double *men, double *corps_men)
{
	for (int s = 0; s < 2; s++)
		steps[s] = 0, men[s] = 0;
	for (int c = 0; c < CORPS_COUNT; c++)
		corps_men[c] = 0;
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_def *d = unit_def(g, u);
		int lost = d->steps - g->unit[u].steps;
		if (lost <= 0 || (g->unit[u].flags & UF_REMOVED))
			continue;
		steps[d->side] += lost;
		if (d->type != UNIT_INFANTRY)
			continue;
		double m = (double)lost * d->strength / d->steps;
		men[d->side] += m;
		if (d->corps != CORPS_NONE)
			corps_men[d->corps] += m;
	}
}

static void held(const struct game *g, uint8_t *out)
{
	const struct map *m = &g->scn->map;
	for (int i = 0; i < m->nobjectives; i++) {
		out[i] = 0;
		for (int k = 0; k < m->objective[i].nhexes; k++)
			out[i] = (uint8_t)(out[i] + (victory_control(g, m->objective[i].hexes[k]) == SIDE_UNION));
	}
}

static int eliminated(const struct game *g, enum side s, int type)
{
	int n = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (unit_side(u) == s && g->unit[u].steps <= 0 &&
		    !(g->unit[u].flags & UF_REMOVED) &&
		    (type < 0 || (int)unit_def(g, u)->type == type))
			n++;
	return n;
}

static void turn_row(const struct game *g, struct sim_turn *t)
{
	struct victory_count c;
	victory_two_player(g, &c);
	t->vp2[0] = c.vp2;
	victory_solitaire(g, &c);
	t->vp2[1] = c.vp2;
	for (int s = 0; s < 2; s++)
		t->eliminated[s] = eliminated(g, (enum side)s, -1);
	for (int c2 = 0; c2 < CORPS_COUNT; c2++)
		t->corps[c2] = (int8_t)g->corps[c2];
	double men[2], corps_men[CORPS_COUNT];
	losses(g, t->steps_lost, men, corps_men);
	held(g, t->held);
}

const int sim_hour_turns[SIM_HOURS] = { 4, 8 };

/* Where every unit stands, and with how many steps, when game-turn `ended` is over: the
 * start of the next turn, the hour of 1862's yardstick by hour (sim_hours.h) when it is one. */
static void hour_row(const struct game *g, int ended, struct sim_game *r)
{
	if (r->nhours == SIM_HOURS || sim_hour_turns[r->nhours] != ended + 1)
		return;
	struct sim_hour *h = &r->hour[r->nhours++];
	for (int u = 0; u < ROSTER_UNITS; u++) {
		bool on = unit_on_map(g, u);
		h->steps[u] = (int8_t)(on ? g->unit[u].steps : 0);
		h->hex[u] = (int16_t)(on ? g->unit[u].hex : HEX_NONE);
	}
}

void sim_game_figures(const struct game *g, struct sim_game *r)
{
	struct sim_layout l;
	sim_layout(g->scn, &l);
	struct victory_count c;
	double men[2], corps_men[CORPS_COUNT];
	losses(g, r->steps_lost, men, corps_men);
	victory_two_player(g, &c);
	r->vp2_two = c.vp2;
	snprintf(r->level_two, sizeof r->level_two, "%s", c.level);
	victory_solitaire(g, &c);
	r->vp2_solo = c.vp2;
	snprintf(r->level_solo, sizeof r->level_solo, "%s", c.level);
	for (int s = 0; s < 2; s++) {
		r->men_lost[s] = (int)(men[s] + 0.5);
		r->infantry_elim[s] = eliminated(g, (enum side)s, UNIT_INFANTRY);
		r->batteries_elim[s] = eliminated(g, (enum side)s, UNIT_ARTILLERY);
	}
	for (int c2 = 0; c2 < CORPS_COUNT; c2++)
		r->corps_men[c2] = (int)(corps_men[c2] + 0.5);
	held(g, r->held);
	for (int i = 0; i < l.nhex; i++)
		r->union_hex[i] = victory_control(g, l.hex[i]) == SIDE_UNION;
}

/* The port the players hand their choices to: each applied to the game and, for --keep,
 * recorded with its note (a record that replays the game, log and all); and what is read
 * off the position after each player's turn. */
struct sim_seats {
	struct game *g;
	struct position_record *rec;
	bool rec_ok;
	struct sim_game *out;
	struct tally *t;
	int calls, turn;       /* players' turns so far; the game-turn the last one began in */
	bool endless;          /* more than CALLS_MAX of them, the last by side endless_side */
	enum side endless_side;
};

static bool seat_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	struct sim_seats *s = ctx;
	if (!game_apply(s->g, a, err, errlen))
		return false;
	if (s->rec) {
		char cmd[POSITION_ACTION_TEXT];
		action_format(s->g->scn, a, cmd, sizeof cmd);
		s->rec_ok &= record_add(s->rec, cmd);
		if (a->note)
			s->rec_ok &= record_note(s->rec, a->note);
	}
	return true;
}

/* After a player's turn: its actions counted, the game looked at, the game-turns it ended
 * written (a game-turn is over when the next one has begun or the game has ended). */
static bool after_turn(void *ctx, enum side side, int k)
{
	struct sim_seats *s = ctx;
	const struct game *g = s->g;
	struct sim_game *out = s->out;
	if (++s->calls > CALLS_MAX) {
		s->endless = true;
		s->endless_side = side;
		return false;
	}
	out->actions += k;
	look(g, s->t, out);
	for (; out->nturns < GAME_TURNS &&
	       (out->nturns + 1 < g->turn || g->pending.what == DECISION_GAMEOVER);
	     out->nturns++) {
		turn_row(g, &out->turn[out->nturns]);
		hour_row(g, out->nturns + 1, out);
	}
	s->turn = g->turn;
	return true;
}

bool sim_play_game(const struct scenario *s, const struct sim_config *cfg, uint64_t seed,
		   struct sim_game *out, struct game *final, struct position_record *rec,
		   char *err, size_t errlen)
{
	struct game *g = malloc(sizeof *g);
	if (!g) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	struct game_options opt = { .mishap = cfg->mishap, .unleashed = cfg->unleashed,
				    .solitaire = cfg->rules == SIM_SOLITAIRE };
	if (cfg->scenario[0] && !(opt.start = (int8_t)start_find(s, cfg->scenario))) {
		snprintf(err, errlen, "seed %llu: no scenario '%s' in data/scenarios/",
			 (unsigned long long)seed, cfg->scenario);
		free(g);
		return false;
	}
	/* 4.2 for the whole day (a scenario starts from its own position: sim_run refuses both) */
	enum game_setup setup = cfg->quick && !opt.start ? SETUP_QUICK : SETUP_HISTORICAL;
	game_new(g, s, setup, seed, &opt);
	if (rec)
		record_init(rec, setup, seed, &opt);
	memset(out, 0, sizeof *out);
	out->seed = seed;
	out->cfg = *cfg;
	for (int sd = 0; sd < 2; sd++)
		seat_name(&cfg->player[sd], out->player_name[sd], sizeof out->player_name[sd]);
	struct tally t;
	memset(&t, 0, sizeof t);
	for (int u = 0; u < ROSTER_UNITS; u++)
		t.steps[u] = g->unit[u].steps;
	/* each side's own stream for random play, apart from the game's dice */
	uint64_t rng[2] = { seed ^ 0x5eed0001u, seed ^ 0x5eed0002u };
	struct sim_seats seat = { g, rec, true, out, &t, 0, g->turn, false, SIDE_NONE };
	struct bot_port port = { g, seat_apply, &seat };
	char why[512];
	why[0] = 0;
	bool ok = seats_play(&port, cfg->player, rng, after_turn, &seat, why, sizeof why) >= 0 &&
		  !seat.endless;
	if (!ok) {
		enum side side = seat.endless ? seat.endless_side : g->pending.side;
		snprintf(err, errlen, "seed %llu turn %d: the %s player (%s): %s",
			 (unsigned long long)seed, seat.turn, out->player_name[side],
			 names_of_side(side), seat.endless ? "the game does not end" : why);
	}
	if (ok && !seat.rec_ok) {
		snprintf(err, errlen, "seed %llu: out of memory for the record of the game",
			 (unsigned long long)seed);
		ok = false;
	}
	if (ok)
		sim_game_figures(g, out);
	if (final)
		*final = *g;
	free(g);
	return ok;
}
