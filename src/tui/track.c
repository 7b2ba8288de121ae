/* track.c — owns the army and the clock at a glance: the roster (`R`, every unit by corps
 * or division with its steps, status and hex; choosing one puts the cursor on it and
 * selects it when it can act), the turn track (`t`: the turns and their hours, the
 * reinforcements due, the Union corps' statuses, the victory points now) and the zones of
 * control shown on demand (`Z`: the enemy's ZOC on the map, and with a unit selected what
 * keeps it out of the cursor hex), and the objective hexes a side does not hold (`V`). All of it is read off the position and the engine. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act.h"
#include "action_text.h"
#include "move.h"
#include "start.h"
#include "tui_internal.h"
#include "victory.h"

/* ---- the roster ---- */

/* What a unit is doing: "committed, moved, STR" (13.0, flags, 11.2 Shot to Ribbons). */
void track_unit_status(const struct tui *t, int u, char *buf, size_t len)
{
	const struct game *g = t->g;
	const struct unit_def *d = unit_def(g, u);
	const struct unit_state *us = &g->unit[u];
	size_t n = 0;
	buf[0] = 0;
#define ADD(s) (n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? ", " : "", (s)))
	if (us->steps == 0) {
		ADD("eliminated");
		return;
	}
	if (d->corps != CORPS_NONE)
		ADD(names_of_corps_status(g->corps[d->corps]));
	if (us->flags & UF_MOVED)
		ADD(us->flags & UF_DOUBLE_TIME ? "moved (double-time)" : "moved");
	if (us->flags & UF_FIRED)
		ADD("fired");
	if (us->flags & UF_DEF_FIRED)
		ADD("fired defensively");
	if (us->flags & UF_ATTACKED)
		ADD("attacked");
	if (us->flags & UF_ART_MOVED)
		ADD("Moved marker");
	if (us->flags & UF_WITHDRAWN)
		ADD("withdrawn");
	if (d->type == UNIT_INFANTRY && us->steps == 1)
		ADD("STR"); /* 11.2: Shot to Ribbons, may not attack */
	if (!hex_valid(us->hex))
		ADD(unit_is_reinforcement(g, u) ? "not yet arrived" : "off the map");
#undef ADD
}

struct roster_ctx {
	int *unit;    /* unit of each line; a header line: the first unit of its group */
	int saved;
};

static void roster_preview(struct tui *t, int item, void *vctx)
{
	struct roster_ctx *ctx = vctx;
	int h = t->g->unit[ctx->unit[item]].hex;
	if (hex_valid(h)) {
		t->cursor = h;
		tui_follow(t);
	}
}

/* True when units u and v are of one group of the roster (a corps' division, a
 * Confederate division). */
static bool same_group(const struct tui *t, int u, int v)
{
	const struct unit_def *a = unit_def(t->g, u), *b = unit_def(t->g, v);
	return a->side == b->side && !strcmp(a->formation, b->formation) &&
	       !strcmp(a->division_name, b->division_name);
}

/* The roster's orders (Tab cycles them): by formation, the strongest first, the most
 * steps lost first, the fastest first. */
enum roster_order { BY_FORMATION, BY_CV, BY_LOSSES, BY_MA, ROSTER_ORDERS };
static const char *const order_name[ROSTER_ORDERS] = {
	"corps and division", "combat value", "steps lost", "movement allowance",
};

struct roster_sort {
	const struct tui *t;
	enum roster_order order;
};
static struct roster_sort sort_by; /* qsort has no context */

static int roster_key(int u)
{
	const struct game *g = sort_by.t->g;
	switch (sort_by.order) {
	case BY_CV: return -unit_cv(g, u);
	case BY_LOSSES: return -(unit_def(g, u)->steps - g->unit[u].steps);
	case BY_MA: return -unit_def(g, u)->ma;
	default: return 0;
	}
}

static int roster_cmp(const void *a, const void *b)
{
	int u = *(const int *)a, v = *(const int *)b;
	int ka = roster_key(u), kb = roster_key(v);
	return ka != kb ? (ka < kb ? -1 : 1) : (u > v) - (u < v); /* then the order of battle */
}

void track_roster(struct tui *t)
{
	enum { LINE_W = 200 };
	int maxl = 2 * ROSTER_UNITS;
	char *text = malloc((size_t)maxl * LINE_W);
	const char **items = malloc((size_t)maxl * sizeof *items);
	int *unit = malloc((size_t)maxl * sizeof *unit);
	if (!text || !items || !unit) {
		tui_say(t, true, "out of memory");
		goto done;
	}
	static enum roster_order order = BY_FORMATION;
	char filter[64] = "";
	int k, start = 0;
	struct roster_ctx ctx = { unit, t->cursor };
	for (;;) {
		int n = 0;
		start = 0;
		enum side first = t->g->pending.side == SIDE_CONFEDERATE ? SIDE_CONFEDERATE : SIDE_UNION;
		for (int pass = 0; pass < 2; pass++) {
			enum side s = pass == 0 ? first : first == SIDE_UNION ? SIDE_CONFEDERATE : SIDE_UNION;
			int list[ROSTER_UNITS], nl = 0;
			for (int u = 0; u < ROSTER_UNITS; u++)
				if (unit_def(t->g, u)->side == s)
					list[nl++] = u;
			sort_by = (struct roster_sort){ t, order };
			qsort(list, (size_t)nl, sizeof *list, roster_cmp);
			int prev = -1;
			for (int i = 0; i < nl && n + 2 <= maxl; i++) {
				int u = list[i];
				const struct unit_def *d = unit_def(t->g, u);
				char div[16]; /* the division, for the filter: "I/3", "Hd" */
				if (s == SIDE_UNION)
					snprintf(div, sizeof div, "%s/%d", d->formation, d->division);
				else
					snprintf(div, sizeof div, "%s", d->formation);
				if (order == BY_FORMATION && (prev < 0 || !same_group(t, prev, u))) {
					char *h = text + (size_t)n * LINE_W;
					if (s == SIDE_UNION)
						snprintf(h, LINE_W, "== %s Corps, %s (%s)", d->formation,
							 d->division_name, div);
					else
						snprintf(h, LINE_W, "== %s (%s)", d->division_name, d->formation);
					items[n] = h;
					unit[n++] = u;
				} else if (order != BY_FORMATION && i == 0) {
					char *h = text + (size_t)n * LINE_W;
					snprintf(h, LINE_W, "== %s, by %s", s == SIDE_UNION ? "Union" :
						 "Confederacy", order_name[order]);
					items[n] = h;
					unit[n++] = u;
				}
				prev = u;
				char st[96];
				track_unit_status(t, u, st, sizeof st);
				char where[16];
				int hx = t->g->unit[u].hex;
				snprintf(where, sizeof where, hex_valid(hx) ? "%04d" : "-", hx);
				char *line = text + (size_t)n * LINE_W;
				snprintf(line, LINE_W, "  %-4s %-14.14s %d/%d %-4s %s %2d M%+d MA%d %-5s %.50s",
					 d->id, d->commander, t->g->unit[u].steps, d->steps, where,
					 d->type == UNIT_ARTILLERY ? "FV" : "CV", unit_cv(t->g, u),
					 unit_morale(t->g, u), d->ma, div, st);
				items[n] = line;
				if (u == t->sel_unit || (t->sel_unit < 0 && hx == t->cursor && !start))
					start = n;
				unit[n++] = u;
			}
		}
		char title[128];
		snprintf(title, sizeof title, "Roster by %s (Tab sorts; type I/3, Hd: a division)",
			 order_name[order]);
		k = dialog_menu_ex(t, title, items, n, start, roster_preview, &ctx, filter,
				   sizeof filter, true);
		if (k != DIALOG_TAB)
			break;
		order = (enum roster_order)((order + 1) % ROSTER_ORDERS);
	}
	if (k < 0) {
		t->cursor = ctx.saved;
		tui_follow(t);
		goto done;
	}
	int u = unit[k];
	int h = t->g->unit[u].hex;
	if (hex_valid(h)) { /* a jump: the view centred on the unit (issue 34) */
		t->cursor = h;
		tui_centre(t);
	}
	bool acts = false;
	for (int i = 0; i < t->legal.n && !acts; i++)
		acts = act_uses(&t->legal.a[i], u) && t->legal.a[i].type != ACT_END &&
		       t->legal.a[i].type != ACT_DECLINE;
	if (acts)
		play_select_unit(t, u);
	else
		tui_say(t, false, "%s %s: %s", unit_def(t->g, u)->id,
			hex_valid(h) ? "here" : "is not on the map",
			hex_valid(h) ? "it has nothing to do now" : "(roster)");
done:
	free(text);
	free(items);
	free(unit);
}

/* ---- the turn track ---- */

/* The count of position g (the two-player Union count, or 19.0's in the solitaire game). */
static int count_vp2(const struct game *g)
{
	struct victory_count vc;
	if (g->opt.solitaire)
		victory_solitaire(g, &vc);
	else
		victory_two_player(g, &vc);
	return vc.vp2;
}

/* The VPs at the end of each turn played so far (vp2[turn], *ended the last turn ended),
 * replaying the game's record from its start (game_new, then every action through the door,
 * game_apply): a turn's points are those of the first position of the next, control updated
 * (3.3A). False when the record does not replay (the points then unknown). */
static bool vp_by_turn(const struct tui *t, int *vp2, int *ended)
{
	const struct position_record *r = match_record(t->match);
	const struct scenario *scn = t->g->scn;
	struct game *g = malloc(sizeof *g);
	if (!g)
		return false;
	game_new(g, scn, r->setup, r->seed, &r->opt);
	*ended = 0;
	bool ok = true;
	for (int i = 0; i < r->n && ok; i++) {
		struct action a;
		char err[256];
		int turn = g->turn;
		ok = action_parse(scn, r->action[i], &a, err, sizeof err) &&
		     game_apply(g, &a, err, sizeof err);
		for (int k = turn; ok && k < g->turn && k <= GAME_TURNS; k++) {
			vp2[k] = count_vp2(g);
			*ended = k;
		}
	}
	if (ok && g->pending.what == DECISION_GAMEOVER && g->turn <= GAME_TURNS) {
		vp2[g->turn] = count_vp2(g);
		*ended = g->turn;
	}
	free(g);
	return ok;
}

void track_turns(struct tui *t)
{
	const struct game *g = t->g;
	const struct tables *tb = &t->scn->tables;
	static char buf[64][128];
	static const char *lines[64];
	int n = 0;
#define LINE(...) do { if (n < 64) { snprintf(buf[n], sizeof buf[n], __VA_ARGS__); lines[n] = buf[n]; n++; } } while (0)
	LINE("TURN RECORD TRACK (5.0), the Union first; VP at each turn's end (%s)",
	     g->opt.solitaire ? "19.0" : "3.2-3.4");
	/* a scenario's turns only (start.h: The Cornfield 1-2, Mid-Morning 4-11) */
	const struct start *st = start_game(g);
	int first = st ? st->first_turn : 1, last = start_last_turn(g);
	if (st)
		LINE("%s: turns %d-%d", st->title, first, last);
	int vp2[GAME_TURNS + 2] = { 0 }, ended = 0;
	bool known = vp_by_turn(t, vp2, &ended);
	double stay = g->ap_hill_triggered ? 0 : 1; /* the chance A.P. Hill has not come yet */
	for (int turn = first; turn <= last; turn++) {
		char due[96] = "";
		if (turn == 6)
			snprintf(due, sizeof due, "VI Corps arrives (9.3A)%s",
				 g->corps[CORPS_VI] != CORPS_UNAVAILABLE || g->turn > 6 ? ": arrived" : "");
		if (tb->ap_hill_lo[turn] > 0) {
			size_t l = strlen(due);
			if (g->ap_hill_triggered && g->ap_hill_turn <= turn)
				snprintf(due + l, sizeof due - l, "%sA.P. Hill: arrived on turn %d (9.1)",
					 l ? "; " : "", g->ap_hill_turn);
			else {
				int sixths = tb->ap_hill_hi[turn] - tb->ap_hill_lo[turn] + 1;
				/* by then: he came at one of the rolls still to come up to this one
				 * (9.1; rolled as the Confederate movement starts) */
				bool ahead = turn > g->turn || (turn == g->turn && g->side == SIDE_UNION);
				if (ahead)
					stay *= (6 - sixths) / 6.0;
				char by[32] = "";
				if (ahead)
					snprintf(by, sizeof by, ", by then %d%%",
						 (int)((1 - stay) * 100 + 0.5));
				snprintf(due + l, sizeof due - l, "%sA.P. Hill arrives on %d%s%.0d "
					 "(9.1): %d%%%s", l ? "; " : "", tb->ap_hill_lo[turn],
					 tb->ap_hill_hi[turn] > tb->ap_hill_lo[turn] ? "-" : "",
					 tb->ap_hill_hi[turn] > tb->ap_hill_lo[turn] ? tb->ap_hill_hi[turn] : 0,
					 tui_percent(sixths), by);
			}
		}
		char vp[24] = "";
		if (known && turn <= ended) {
			char v[16];
			victory_format(vp2[turn], v, sizeof v);
			snprintf(vp, sizeof vp, "VP %5s", v);
		}
		LINE("%s %2d  %-8s %-9s %s", turn == g->turn ? ">>" : "  ", turn, tui_turn_time(t, turn),
		     vp, due);
	}
	LINE("Now: turn %d, %s, %s %s phase", g->turn, tui_turn_time(t, g->turn),
	     tui_side_title(g->side), names_of_phase(g->phase));
	LINE("%s", "");
	LINE("UNION CORPS (13.0): committed ones move and attack; available ones may");
	LINE("not close on the enemy (13.3); unavailable ones stay put (13.4)");
	/* three corps a row; those with no unit in a scenario's game named apart */
	char row[128], out[64] = "";
	int len = 0, inrow = 0, lout = 0;
	for (int k = 0; k < CORPS_COUNT; k++) {
		if (!panel_corps_in_game(g, k)) {
			lout += snprintf(out + lout, sizeof out - (size_t)lout, " %s", names_of_corps(k));
			continue;
		}
		len += snprintf(row + len, sizeof row - (size_t)len, "  %-4s %-11s%s",
				names_of_corps(k), names_of_corps_status(g->corps[k]),
				(g->withdrawing >> k) & 1 ? " (withdrawing, 13.5)" : "");
		if (++inrow == 3) {
			LINE("%s", row);
			len = inrow = 0;
		}
	}
	if (inrow)
		LINE("%s", row);
	if (lout)
		LINE("  not in this scenario (no units):%s", out);
	LINE("%s", "");
	struct victory_count vc;
	bool solo = g->opt.solitaire;
	if (solo)
		victory_solitaire(g, &vc);
	else
		victory_two_player(g, &vc);
	char vp[16];
	victory_format(vc.vp2, vp, sizeof vp);
	LINE("VICTORY POINTS NOW (%s): %s %s", solo ? "19.0" : "3.2-3.4",
	     solo ? "Confederate" : "Union", vp);
	char level[48];
	dialog_level_title(vc.level, level, sizeof level);
	LINE("  %s if the game ended now (v: by objective)", level);
#undef LINE
	dialog_text(t, "Turn track", lines, n);
}

/* ---- the objective hexes not held (`V`) ---- */

/* The side whose holdings the marks show: the one player's at this terminal, else the side
 * deciding now (hot-seat), else (watching) the side the count scores for. */
static enum side unheld_side(const struct tui *t)
{
	const struct game *g = t->g;
	bool human_u = !tui_computer(t, SIDE_UNION), human_c = !tui_computer(t, SIDE_CONFEDERATE);
	if (human_u != human_c)
		return human_u ? SIDE_UNION : SIDE_CONFEDERATE;
	if (human_u && (g->pending.side == SIDE_UNION || g->pending.side == SIDE_CONFEDERATE))
		return g->pending.side;
	return g->opt.solitaire ? SIDE_CONFEDERATE : SIDE_UNION;
}

/* Count and mark the hexes of every objective the count reads that side s does not hold. */
static int unheld_fill(const struct tui *t, enum side s, uint8_t *out)
{
	struct victory_count vc;
	if (t->g->opt.solitaire)
		victory_solitaire(t->g, &vc);
	else
		victory_two_player(t->g, &vc);
	memset(out, 0, HEX_INDEX_COUNT);
	int n = 0;
	for (int i = 0; i < vc.nlines; i++)
		for (int k = 0; k < 2; k++) {
			const struct map_objective *o = vc.line[i].obj[k];
			for (int j = 0; o && j < o->nhexes; j++) {
				int x = hex_index(o->hexes[j]);
				if (x < 0 || out[x] || victory_control(t->g, o->hexes[j]) == s)
					continue;
				out[x] = 1;
				n++;
			}
		}
	return n;
}

void track_unheld_update(struct tui *t)
{
	if (t->show_unheld && t->g)
		unheld_fill(t, unheld_side(t), t->unheld);
}

void track_toggle_unheld(struct tui *t)
{
	t->show_unheld = !t->show_unheld;
	if (!t->show_unheld) {
		tui_say(t, false, "objective marks hidden (V shows them)");
		return;
	}
	enum side s = unheld_side(t);
	int n = unheld_fill(t, s, t->unheld);
	tui_say(t, false, "V: %d objective hexes the %s does not hold (3.3) lit; v: what each "
		"objective pays", n, s == SIDE_UNION ? "Union" : "Confederacy");
}

/* ---- zones of control ---- */

void track_toggle_zoc(struct tui *t)
{
	t->show_zoc = !t->show_zoc;
	if (!t->show_zoc) {
		tui_say(t, false, "zones of control hidden (Z shows them)");
		return;
	}
	enum side side = t->g->pending.side;
	int n = 0;
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int h = hex_from_index(i);
		n += hex_valid(h) && zoc_in_ezoc(t->g, h, side);
	}
	tui_say(t, false, "Z: %d hexes in the %s ZOC (6.1-6.2) marked z; the panel says if the "
		"selected unit may end in the cursor hex", n,
		side == SIDE_UNION ? "Confederate" : "Union");
}

void track_zoc_panel(const struct tui *t, char *buf, size_t len)
{
	buf[0] = 0;
	const struct game *g = t->g;
	int u = t->sel_unit;
	if (!t->show_zoc || u < 0 || u >= ROSTER_UNITS || t->cursor == g->unit[u].hex)
		return;
	if (g->pending.what != DECISION_MOVEMENT && g->pending.what != DECISION_WITHDRAW_MOVE)
		return;
	struct action a = { .type = ACT_MOVE, .unit = u, .target = -1, .n = 1 };
	a.hex[0] = (int16_t)t->cursor;
	int16_t path[GAME_PATH_MAX];
	int npath, cost;
	bool dbl;
	char why[160];
	if (move_check(g, &a, path, &npath, &cost, &dbl, why, sizeof why))
		snprintf(buf, len, "%s may end here: %d MP%s", unit_def(g, u)->id, cost,
			 dbl ? " at double-time" : "");
	else
		snprintf(buf, len, "%s may not: %s", unit_def(g, u)->id, why);
}
