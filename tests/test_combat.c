/* test_combat.c — the combat phase (11.0) on hand-made positions with forced dice: the odds
 * (columns, halvings, every DRM), who may attack what, the mandatory-attack chain, the CRT
 * applied, retreats (paths, EZOC losses, panic, stacking, elimination), the artillery
 * retreat table, advances and supporting advances, defensive fire, break-offs, round two,
 * and the combat example of 23.0. Every refusal must leave the game byte-identical. */
#include "event_text.h"
#include "fixture.h"
#include "../src/engine/combat_internal.h"
#include "position.h"

static struct combat_odds odds_of(int a, int hex, int ndes, ...)
{
	int des[8];
	va_list ap;
	va_start(ap, ndes);
	for (int i = 0; i < ndes; i++)
		des[i] = va_arg(ap, int);
	va_end(ap);
	struct combat_odds o;
	char err[200];
	if (!odds_attack(G, a, &hex, 1, des, ndes, &o, err, sizeof err))
		fail_msg("odds refused: %s", err);
	return o;
}

static bool has_mod(const struct combat_odds *o, const char *rule, int value)
{
	for (int i = 0; i < o->nmods; i++)
		if (!strcmp(modifier_rule((enum modifier)o->mod[i].id), rule) && o->mod[i].value == value)
			return true;
	return false;
}

/* ---- the odds ---- */

static void test_column_and_morale(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 4, 3);
	fx_inf(C(1), 2, 2, 1);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	struct combat_odds o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.attack, 4);
	assert_int_equal(o.defence, 2);
	assert_int_equal(o.column, CRT_COL_2TO1); /* 11.5C: 4 against 2 is 2:1, not +2 */
	assert_int_equal(o.drm, 2);
	assert_true(has_mod(&o, "11.10B", 2));
	/* 5 against 3: +2 */
	fx_inf(U(1), 4, 5, 3);
	fx_inf(C(1), 3, 3, 1);
	fx_place(C(1), 2010);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.column, CRT_COL_PLUS2);
	/* the CRT line for each die: +2 column at 2+2 = row 4 */
	struct crt_result r = tables_crt_result(&S->tables, CRT_COL_PLUS2, 4);
	assert_int_equal(o.att_loss[2], r.attacker);
	assert_int_equal(o.def_loss[2], r.defender);
}

/* The ATTACK event carries the attack's DRMs, each with its rule and numbers (11.10B: the two
 * morales), as the odds listed them: a front-end shows them from the event. */
static void test_attack_event_carries_its_drms(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 4, 3);
	fx_inf(C(1), 2, 2, 1);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	struct combat_odds o = odds_of(U(1), 2010, 1, U(1));
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 4);
	fx_ok("end");
	const struct game_event *e = fx_last_event(EVENT_ATTACK);
	assert_int_equal(e->unit, U(1));
	assert_int_equal(e->die, 4);
	assert_int_equal(e->drm, 2);
	assert_int_equal(e->n, 1);
	assert_int_equal(e->n, o.nmods);
	assert_memory_equal(e->mod, o.mod, sizeof o.mod[0]);
	assert_int_equal(e->mod[0].id, MOD_MORALE);
	assert_string_equal(modifier_rule((enum modifier)e->mod[0].id), "11.10B");
	char text[64];
	modifier_text(&e->mod[0], text, sizeof text);
	assert_string_equal(text, "morale 3 against 1");
}

static void test_elan_and_lone_artillery(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(C(1), 4, 4, 1);
	fx_gun(U(40), 2, 5, 8);
	fx_place(C(1), 2011);
	fx_place(U(40), 2010);
	struct combat_odds o = odds_of(C(1), 2010, 1, C(1));
	assert_int_equal(o.defence, 1);     /* 11.7A */
	assert_int_equal(o.drm, 2);         /* 11.11 élan; morale ignored 11.7B */
	assert_true(has_mod(&o, "11.11", 2));
	assert_false(has_mod(&o, "11.10B", 1));
	/* artillery stacked with infantry adds nothing; the infantry's morale counts */
	fx_inf(U(1), 4, 3, 2);
	fx_place(U(1), 2010);
	o = odds_of(C(1), 2010, 1, C(1));
	assert_int_equal(o.defence, 3);
	assert_int_equal(o.drm, 2 - 1);
}

static void test_halving(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 7, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_side(2011, 2010, SIDE_CREEK | SIDE_BRIDGE);
	struct combat_odds o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.attack, 3); /* 11.12A, 11.8C: 7 halved is 3 */
	fx_terrain(2010, TERRAIN_TOWN);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.attack, 1); /* and into town (11.13) */
	fx_board_plain();
	fx_inf(U(1), 4, 7, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_terrain(2011, TERRAIN_TOWN); /* out of town */
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.attack, 3);
}

static void test_terrain_drms(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_terrain(2010, TERRAIN_CORNFIELD);
	struct combat_odds o = odds_of(U(1), 2010, 1, U(1));
	assert_true(has_mod(&o, "11.14C", -1));
	assert_int_equal(o.drm, -1);
	fx_terrain(2010, TERRAIN_CLEAR);
	fx_side(2011, 2010, SIDE_SLOPE);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.drm, 0); /* a slope only counts up to high ground */
	fx_high(2010);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_true(has_mod(&o, "11.14A", -1));
	assert_int_equal(o.drm, -1);
	/* one hexside, one terrain DRM: a ford (-2) is not also a slope */
	fx_side(2011, 2010, SIDE_CREEK | SIDE_FORD);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.drm, -2);
	assert_true(has_mod(&o, "20.1", -2));
	/* the Sunken Road: -2 through a protected side, not from another Sunken Road hex */
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_sunken(2010);
	fx_side(2011, 2010, SIDE_SUNKEN);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_true(has_mod(&o, "11.14B", -2));
	fx_sunken(2009);
	fx_place(U(1), 2009);
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.drm, 0);
}

static void test_encirclement(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(C(1), 2010);
	fx_place(U(1), 2009);
	fx_place(U(2), 2011);
	struct combat_odds o = odds_of(U(1), 2010, 2, U(1), U(2));
	assert_true(has_mod(&o, "11.9A1", 2));
	/* a third designated attacker: +3 */
	fx_place(U(3), 2110);
	o = odds_of(U(1), 2010, 3, U(1), U(2), U(3));
	assert_true(has_mod(&o, "11.9A2", 3));
	assert_false(has_mod(&o, "11.9A1", 2));
	/* other defenders adjacent do not break it (11.9B) */
	fx_place(C(2), 1909);
	o = odds_of(U(1), 2010, 2, U(1), U(2));
	assert_true(has_mod(&o, "11.9A1", 2));
	/* one attacker alone never encircles */
	o = odds_of(U(1), 2010, 1, U(1));
	assert_int_equal(o.drm, 0);
	/* a creek side stops U1's ZOC from covering 2109: no encirclement */
	fx_side(2009, 2109, SIDE_CREEK);
	o = odds_of(U(1), 2010, 2, U(1), U(2));
	assert_false(has_mod(&o, "11.9A1", 2));
}

/* ---- declarations ---- */

static void test_who_may_attack(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(U(2), 2110);
	fx_place(U(3), 2012);
	fx_place(C(1), 2010);
	fx_corps(U(2), CORPS_II, 1);
	fx_phase("union", "combat");
	fx_pending(SIDE_UNION, DECISION_COMBAT, -1);
	fx_refused("attack 2010 U3", "11.1A");   /* not adjacent */
	fx_refused("attack 2010 C1", "11.1A");   /* not the phasing side */
	fx_refused("attack 2012 U1", "11.1A");   /* no enemy there */
	fx_steps(U(1), 1);
	fx_refused("attack 2010 U1", "11.2B");   /* shot to ribbons */
	fx_steps(U(1), 4);
	fx_ok("attack 2010 U1");
	fx_refused("attack 2010 U1", "11.3A");   /* once a round */
	fx_refused("attack 2010 U2", "11.6A");   /* II Corps on I Corps' hex */
	fx_gun(U(4), 2, 4, 8);
	fx_place(U(4), 2009);
	fx_refused("attack 2010 U4", "11.1A");   /* artillery does not attack */
}

static void test_creek_and_corps_status(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_side(2011, 2010, SIDE_CREEK);
	fx_phase("union", "combat");
	fx_refused("attack 2010 U1", "11.12B");
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	G->corps[CORPS_I] = CORPS_AVAILABLE;
	fx_phase("union", "combat");
	fx_refused("attack 2010 U1", "13.3F");
	G->corps_lifted[CORPS_I] |= 1ull << 0; /* C1 moved adjacent */
	fx_ok("attack 2010 U1");
	/* a declaration can be taken back before the round is resolved */
	fx_refused("decline", "11.5A");
	fx_refused("decline 2011", "11.5A");
	fx_ok("decline 2010");
	assert_int_equal(G->combat.ndecl, 0);
	assert_false(G->unit[U(1)].flags & UF_ATTACKED);
}

static void test_mandatory_chain(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(U(2), 2210);
	fx_place(C(1), 2010);
	fx_place(C(2), 2110); /* U1 is in C2's ZOC too */
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_refused("end", "11.1B");
	/* U2 takes C2; U2 is in nobody else's ZOC */
	fx_ok("attack 2110 U2");
	struct game before = *G;
	fx_dice(2, 1, 1);
	fx_ok("end");
	assert_int_not_equal(memcmp(&before, G, sizeof *G), 0);
	/* solitaire: the Union need not (18.1) */
	fx_board_plain();
	G->opt.solitaire = true;
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2110);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	/* but the Confederate must */
	fx_board_plain();
	G->opt.solitaire = true;
	fx_place(C(1), 2011);
	fx_place(U(1), 2010);
	fx_place(U(2), 2110);
	fx_phase("confederate", "combat");
	fx_ok("attack 2010 C1");
	fx_refused("end", "11.1B");
}

static void test_multi_hex(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 4, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 1, 0);
	fx_inf(C(2), 2, 1, 0);
	fx_place(C(1), 2010);
	fx_place(C(2), 2110);
	fx_phase("union", "combat");
	fx_refused("attack 2010+2012 U1", "11.1A");
	/* three hexes are allowed (11.3B), four are not */
	fx_place(C(3), 2012);
	fx_place(C(4), 1911);
	fx_refused("attack 2010+2110+2012+1911 U1", "11.3B");
	fx_ok("attack 2010+2110+2012 U1");
	fx_ok("decline 2010");
	fx_place(C(3), 2030);
	fx_place(C(4), 2032);
	fx_ok("attack 2010+2110 U1");
	fx_refused("attack 2010 U2", "11.4C");
	/* 4 against 1+1: 2:1; roll 6 at 2:1 takes two steps and retreats */
	struct combat_odds o;
	int hexes[2] = { 2010, 2110 }, des = U(1);
	assert_true(odds_attack(G, U(1), hexes, 2, &des, 1, &o, fx_err, sizeof fx_err));
	assert_int_equal(o.defence, 2);
	assert_int_equal(o.column, CRT_COL_2TO1);
	struct crt_result r = tables_crt_result(&S->tables, CRT_COL_2TO1, 6);
	fx_dice(1, 6);
	fx_ok("end");
	/* 11.15B: the Confederate chooses which unit loses each step: both from C2 */
	assert_int_equal(r.defender, 2);
	fx_pending(SIDE_CONFEDERATE, DECISION_STEP_LOSS, -1);
	fx_refused("lose C3", "11.15B");
	fx_ok("lose C2");
	fx_pending(SIDE_CONFEDERATE, DECISION_STEP_LOSS, -1);
	fx_ok("lose C2");
	assert_int_equal(G->unit[C(2)].steps, 0);
	assert_int_equal(G->unit[C(1)].steps, 2);
}

static void round_trip(void);

/* 11.15B–C: a real choice only across hexes (in a stack the infantry goes first), asked of
 * the owner at every step; none when one hex defends or every step is lost anyway. */
static void test_step_loss_choice(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 1, 0);
	fx_inf(C(2), 2, 1, 0);
	fx_gun(C(20), 2, 1, 4);
	fx_place(C(1), 2010);
	fx_place(C(20), 2010);              /* a stack: C1 before C20 (11.15C) */
	fx_place(C(2), 2110);
	fx_phase("union", "combat");
	fx_ok("attack 2010+2110 U1");
	struct combat_odds o;
	int hexes[2] = { 2010, 2110 }, des = U(1);
	assert_true(odds_attack(G, U(1), hexes, 2, &des, 1, &o, fx_err, sizeof fx_err));
	int die = 0;
	for (int d = 1; d <= 6 && !die; d++)
		if (o.def_loss[d] >= 1 && o.def_loss[d] < 5)
			die = d;
	assert_true(die > 0);
	fx_dice(3, 1, die, 1);              /* C20's defensive fire misses; the CRT; spare */
	fx_ok("end");
	if (G->pending.what == DECISION_DEFENSIVE_FIRE)
		fx_ok("decline");
	fx_pending(SIDE_CONFEDERATE, DECISION_STEP_LOSS, -1);
	struct action a[8];
	int n = game_legal(G, a, 8);
	assert_int_equal(n, 2);             /* lose C1, lose C2 */
	assert_int_equal(a[0].type, ACT_LOSE);
	assert_int_equal(a[0].unit, C(1));
	assert_int_equal(a[1].unit, C(2));
	fx_refused("lose C20", "11.15C");
	fx_refused("end", "11.15B");
	round_trip();
	fx_ok("lose C1");
	assert_int_equal(G->unit[C(1)].steps, 1);
	/* one hex with a stack: no choice, the infantry takes it */
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_gun(C(20), 2, 1, 4);
	fx_place(C(20), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	o = odds_of(U(1), 2010, 1, U(1));
	die = 0;
	for (int d = 1; d <= 6 && !die; d++)
		if (o.def_loss[d] >= 1)
			die = d;
	fx_dice(3, 1, die, 1);
	fx_ok("end");
	if (G->pending.what == DECISION_DEFENSIVE_FIRE)
		fx_ok("decline");
	assert_int_not_equal(G->pending.what, DECISION_STEP_LOSS);
	assert_int_equal(G->unit[C(1)].steps, fx_def(C(1))->steps - o.def_loss[die]);
	assert_int_equal(G->unit[C(20)].steps, 2);
}

/* ---- resolution, retreat, advance, support ---- */

static void test_attack_retreat_advance_support(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(U(2), 2012);   /* same corps, not in an EZOC, behind U1 */
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	struct crt_result r = tables_crt_result(&S->tables, CRT_COL_2TO1, 5);
	assert_true(r.retreat);
	fx_dice(1, 5);
	fx_ok("end");
	assert_int_equal(G->unit[U(1)].steps, 4 - r.attacker);
	assert_int_equal(G->unit[C(1)].steps, 4 - r.defender);
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	/* retreat legality */
	fx_refused("retreat C1 2009 2008", "11.17.1B");             /* exactly three */
	fx_refused("retreat C1 2009 2010 2009", "11.17.3E");        /* no hex twice */
	fx_refused("retreat C1 2009 2008 1908", "11.17.2C");        /* not as far as possible */
	fx_refused("retreat C1 2109 2110 2111", "11.17.4A");        /* ends next to U1 */
	struct retreat_path p[RETREAT_PATHS_MAX];
	int n = retreat_paths(G, C(1), RETREAT_MANDATORY, p, RETREAT_PATHS_MAX);
	assert_true(n > 0);
	int far = hex_distance(p[0].hex[2], 2011);
	for (int i = 0; i < n; i++)
		assert_int_equal(hex_distance(p[i].hex[2], 2011), far);
	fx_ok("retreat C1 2009 2008 2007");
	assert_int_equal(G->unit[C(1)].hex, 2007);
	/* U1 advanced at once (one vacated hex, 11.18A); U2 may support into 2011 */
	assert_int_equal(G->unit[U(1)].hex, 2010);
	fx_pending(SIDE_UNION, DECISION_SUPPORT, U(1));
	fx_refused("support U1", "11.19");
	fx_ok("support U2");
	assert_int_equal(G->unit[U(2)].hex, 2011);
	/* no engaged combat left: the phase is over */
	assert_int_not_equal(G->phase, PHASE_COMBAT);
}

/* The legal retreats are kept for the position they were worked out on (retreat.c): the
 * board redrawn (a creek between the defender and 2009, 11.17.3C), the same position asks
 * them afresh and no retreat goes through 2009 any more. */
static void test_retreats_follow_the_board(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 5);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	struct retreat_path p[RETREAT_PATHS_MAX];
	int n = retreat_paths(G, C(1), RETREAT_MANDATORY, p, RETREAT_PATHS_MAX), via = 0;
	for (int i = 0; i < n; i++)
		via += p[i].hex[0] == 2009;
	assert_true(via > 0);
	fx_side(2010, 2009, SIDE_CREEK);
	n = retreat_paths(G, C(1), RETREAT_MANDATORY, p, RETREAT_PATHS_MAX);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		assert_int_not_equal(p[i].hex[0], 2009);
	fx_refused("retreat C1 2009 2008 2007", "11.17.3C");
}

static void test_support_limits(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_inf(C(1), 2, 2, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(U(2), 2012);
	fx_corps(U(2), CORPS_II, 1);    /* 11.19A3: another corps */
	fx_place(U(3), 1912);           /* adjacent to 2011 */
	fx_place(C(2), 1812);           /* ...but in an EZOC (11.19A1) */
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_ok("attack 1812 U3");
	fx_ok("end");
	fx_dice(2, 6, 1); /* 2:1 at 6 eliminates C1; U3's attack then rolls 1 */
	fx_ok("resolve 2010");
	assert_false(unit_on_map(G, C(1)));
	assert_int_equal(G->unit[U(1)].hex, 2010);
	/* U2 is of II Corps, U3 attacked and is in an EZOC: nobody was offered support */
	assert_int_equal(G->unit[U(2)].hex, 2012);
	assert_int_equal(G->unit[U(3)].hex, 1912);
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
}

/* Is the attack of unit u on the hexes given (in the order legal lists them) among G's legal
 * actions? */
static bool attack_offered(int u, int nh, const int *hexes)
{
	static struct action a[512]; /* off the stack (-Wstack-usage) */
	int n = game_legal_first(G, a, 512);
	for (int i = 0; i < n; i++) {
		if (a[i].type != ACT_ATTACK || a[i].nunits != 1 || a[i].units[0] != u ||
		    a[i].n != nh)
			continue;
		bool same = true;
		for (int k = 0; k < nh; k++)
			same &= a[i].hex[k] == hexes[k];
		if (same)
			return true;
	}
	return false;
}

/* 11.1B with 13.3F / 13.4C (RECONSTRUCTION.md): the chain binds only the enemy units the
 * attacker's corps may attack. U1 of an Available I Corps attacks C1, which lifted the
 * corps' limits; C2, next to U1 too, did not, so I Corps may not attack it and the chain does
 * not ask for it: `end` is accepted. The old engine refused `end` (11.1B, C2) though no unit
 * of the corps could ever attack C2. */
static void test_chain_binds_what_the_corps_may_attack(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2111);
	G->corps[CORPS_I] = CORPS_AVAILABLE;
	G->corps_lifted[CORPS_I] = 1ull << (C(1) - ROSTER_UNION);
	fx_phase("union", "combat");
	fx_refused("attack 2111 U1", "13.3F");
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	assert_int_not_equal(G->combat.stage, CS_DECLARE);
	/* a Committed corps may attack C2, so there the chain binds it */
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2111);
	fx_place(U(2), 2112);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_refused("end", "11.1B");
}

/* 11.1B (RECONSTRUCTION.md): the legal list never offers an attack that cannot be
 * concluded. U1 alone stands next to C1 and C2: attacking either alone leaves the other
 * with an attacker in its ZOC that no unit can attack, so only the two-hex attack is
 * offered; with U2 next to C2 the one-hex attack on C1 is offered again (U2 can take C2).
 * The old list offered both one-hex attacks, after which `end` was refused for good. */
static void test_chain_legal_only_when_it_can_be_concluded(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2111);
	fx_phase("union", "combat");
	int c1[1] = { 2010 }, c2[1] = { 2111 }, both[2] = { 2010, 2111 };
	assert_true(attack_offered(U(1), 2, both));
	assert_false(attack_offered(U(1), 1, c1));
	assert_false(attack_offered(U(1), 1, c2));
	fx_place(U(2), 2112);
	assert_true(attack_offered(U(1), 1, c1));
	assert_true(attack_offered(U(1), 2, both));
	fx_ok("attack 2010 U1");
	assert_true(attack_offered(U(2), 1, c2));
}

/* 9.3D's second sentence (RECONSTRUCTION.md's decided reading): on turn 6 an attack by VI
 * Corps (Available; C1 lifted its limits, 13.3F) makes VI one of the two corps of the turn,
 * so it is allowed only while at most one other corps of the allotment has moved or
 * attacked. I and II (Committed) have both moved: refused; with II still: allowed; on turn 7
 * the sentence no longer applies (13.3F alone). The old engine allowed all three. */
static void test_vi_corps_in_combat_on_turn_6(void **st)
{
	(void)st;
	fx_board_plain();
	G->turn = 6;
	fx_corps(U(1), CORPS_VI, 1);
	fx_corps(U(3), CORPS_II, 1);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(U(2), 2030);
	fx_place(U(3), 2430);
	G->corps[CORPS_VI] = CORPS_AVAILABLE;
	G->corps_lifted[CORPS_VI] = 1ull << (C(1) - ROSTER_UNION);
	fx_phase("union", "combat");
	G->unit[U(2)].flags |= UF_MOVED;
	G->unit[U(3)].flags |= UF_MOVED;
	fx_refused("attack 2010 U1", "9.3D");
	G->unit[U(3)].flags &= ~(uint32_t)UF_MOVED;
	fx_ok("attack 2010 U1");
	fx_ok("decline 2010");
	G->unit[U(3)].flags |= UF_MOVED;
	G->turn = 7;
	fx_ok("attack 2010 U1");
}

/* An attack by U1 of a corps whose limits C1 lifted (13.3F / 13.4C: it came adjacent) on C1
 * in 2010, U2 of the same corps behind U1 in 2012, C2 in 2007: three hexes from 2010, four
 * from 2011, five from 2012. 2:1 at 6 eliminates C1. */
static void lifted_attack(enum corps_status status)
{
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_inf(C(1), 2, 2, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(U(2), 2012);
	fx_place(C(2), 2007);
	G->corps[CORPS_I] = status;
	G->corps_lifted[CORPS_I] = 1ull << (C(1) - ROSTER_UNION);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 6);
	fx_ok("end");
	if (G->pending.what == DECISION_DEFENSIVE_FIRE)
		fx_ok("decline");
}

/* 11.19 with 13.3B / 13.4B (RECONSTRUCTION.md: supporting advances follow the same corps
 * restrictions as movement). The lifted attack itself and its mandatory 11.18A advance stand
 * (U1 ends in 2010, three hexes from C2, which never came next to I Corps); U2 may not follow
 * into 2011: Unavailable, it may not move at all (13.4B), Available, not into a hex within
 * four hexes of C2 (13.3B). The old engine offered the supporting advance in both cases. */
static void test_support_by_corps_status(void **st)
{
	(void)st;
	lifted_attack(CORPS_UNAVAILABLE);
	assert_false(unit_on_map(G, C(1)));
	assert_int_equal(G->unit[U(1)].hex, 2010); /* 11.18A: part of the lifted attack */
	assert_int_not_equal(G->pending.what, DECISION_SUPPORT);
	char err[160] = "";
	assert_false(resolve_support_ok(G, U(2), U(1), 2011, err, sizeof err));
	assert_non_null(strstr(err, "13.4B"));
	assert_int_equal(G->unit[U(2)].hex, 2012);

	lifted_attack(CORPS_AVAILABLE);
	assert_int_equal(G->unit[U(1)].hex, 2010);
	assert_int_not_equal(G->pending.what, DECISION_SUPPORT);
	assert_false(resolve_support_ok(G, U(2), U(1), 2011, err, sizeof err));
	assert_non_null(strstr(err, "13.3B"));
	assert_int_equal(G->unit[U(2)].hex, 2012);

	/* C2 gone: nothing keeps the Available unit out of 2011, and it follows */
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_inf(C(1), 2, 2, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(U(2), 2012);
	G->corps[CORPS_I] = CORPS_AVAILABLE;
	G->corps_lifted[CORPS_I] = 1ull << (C(1) - ROSTER_UNION);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 6);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_SUPPORT, U(1));
	fx_ok("support U2");
	assert_int_equal(G->unit[U(2)].hex, 2011);
}

/* 11.18 with 13.3B / 13.4B (RECONSTRUCTION.md): after a lifted attack the optional 11.18C
 * advance into the hex the defender left by breaking off is refused to an Unavailable unit
 * (13.4B) and to an Available one when the hex is within four hexes of an enemy that did not
 * lift its limits (13.3B: C2, four hexes from 2010). U1 (6 steps) attacks C1 at 0, roll 1:
 * 2/1, no retreat; C1 breaks off north. The old engine offered U1 the advance in both cases;
 * with C2 out of the way it still does. */
static void bo_advance(enum corps_status status, bool with_c2)
{
	fx_board_plain();
	fx_inf(U(1), 6, 4, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	if (with_c2)
		fx_place(C(2), 2006);
	G->corps[CORPS_I] = status;
	G->corps_lifted[CORPS_I] = 1ull << (C(1) - ROSTER_UNION);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	fx_ok("breakoff 2010");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	fx_ok("retreat C1 2009 2008");
}

static void test_optional_advance_by_corps_status(void **st)
{
	(void)st;
	bo_advance(CORPS_UNAVAILABLE, false);
	assert_int_not_equal(G->pending.what, DECISION_ADVANCE);
	assert_int_equal(G->unit[U(1)].hex, 2011);
	bo_advance(CORPS_AVAILABLE, true);
	assert_int_not_equal(G->pending.what, DECISION_ADVANCE);
	assert_int_equal(G->unit[U(1)].hex, 2011);
	bo_advance(CORPS_AVAILABLE, false);
	fx_pending(SIDE_UNION, DECISION_ADVANCE, U(1));
	fx_ok("advance U1 2010");
	assert_int_equal(G->unit[U(1)].hex, 2010);
}

/* A corridor north from 2010: 2009, 2008, 2007, then open; the walls are creek. */
static void corridor(void)
{
	int walls[][2] = { { 2010, 2109 }, { 2010, 2110 }, { 2010, 1910 }, { 2010, 1909 },
			   { 2009, 2108 }, { 2009, 2109 }, { 2009, 1909 }, { 2009, 1908 },
			   { 2008, 2107 }, { 2008, 2108 }, { 2008, 1908 }, { 2008, 1907 },
			   { 2007, 2106 }, { 2007, 2107 }, { 2007, 1907 }, { 2007, 1906 } };
	for (size_t i = 0; i < sizeof walls / sizeof walls[0]; i++)
		fx_side(walls[i][0], walls[i][1], SIDE_CREEK);
}

static void test_retreat_ezoc_loss_and_panic(void **st)
{
	(void)st;
	fx_board_plain();
	corridor();
	fx_side(2008, 2107, SIDE_BRIDGE); /* U5's ZOC reaches 2008 over the bridge */
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 4, 0);
	fx_place(C(2), 2009);   /* a friend on the way: it rolls for panic */
	fx_place(U(5), 2107);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 5);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	int before = G->unit[C(1)].steps;
	fx_dice(1, 1); /* C2's panic roll: 1 + morale 0 <= 2 */
	fx_ok("retreat C1 2009 2008 2007");
	assert_int_equal(G->unit[C(2)].steps, 3);          /* 11.17.5 */
	assert_int_equal(G->unit[C(1)].steps, before - 1);  /* 11.17.4B: 2008, no friend */
	assert_int_equal(G->unit[C(1)].hex, 2007);
	/* the same with a panic roll of 3: nothing (3 + 0 > 2) */
	fx_board_plain();
	corridor();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2009);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 5);
	fx_ok("end");
	before = G->unit[C(1)].steps;
	fx_dice(1, 3);
	fx_ok("retreat C1 2009 2008 2007");
	assert_int_equal(G->unit[C(2)].steps, 4);
	assert_int_equal(G->unit[C(1)].steps, before);
}

static void test_retreat_blocked_eliminated(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	/* surround the other five sides with creek */
	fx_side(2010, 2009, SIDE_CREEK);
	fx_side(2010, 2109, SIDE_CREEK);
	fx_side(2010, 2110, SIDE_CREEK);
	fx_side(2010, 1910, SIDE_CREEK);
	fx_side(2010, 1909, SIDE_CREEK);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 5);
	fx_ok("end");
	assert_false(unit_on_map(G, C(1))); /* 11.17.3F */
	assert_int_equal(G->unit[C(1)].steps, 0);
	assert_int_equal(G->unit[U(1)].hex, 2010);
}

static void test_retreat_stacking(void **st)
{
	(void)st;
	/* a corridor: only 2009-2008-2007-2006 is open north, 2007 holds friendly infantry, so a
	 * 3-hex retreat would end over-stacked: it goes on to 2006 (11.17.3A) */
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(C(2), 2008);
	fx_inf(C(2), 4, 4, 3);
	int walls[][2] = { { 2010, 2109 }, { 2010, 2110 }, { 2010, 1910 }, { 2010, 1909 },
			   { 2009, 2108 }, { 2009, 2109 }, { 2009, 1909 }, { 2009, 1908 },
			   { 2008, 2107 }, { 2008, 2108 }, { 2008, 1908 }, { 2008, 1907 },
			   { 2007, 2106 }, { 2007, 2107 }, { 2007, 1907 }, { 2007, 1906 } };
	for (size_t i = 0; i < sizeof walls / sizeof walls[0]; i++)
		fx_side(walls[i][0], walls[i][1], SIDE_CREEK);
	fx_place(C(3), 2007); /* a friend at the third hex: over-stacked there */
	fx_inf(C(3), 4, 4, 3);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 5);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	struct retreat_path p[8];
	int n = retreat_paths(G, C(1), RETREAT_MANDATORY, p, 8);
	assert_int_equal(n, 1);
	assert_int_equal(p[0].n, 4);
	assert_int_equal(p[0].hex[3], 2006);
	fx_refused("retreat C1 2009 2008 2007", "11.17.3A");
	fx_dice(2, 6, 6); /* panic rolls of C2 and C3 (morale 3: safe) */
	fx_ok("retreat C1 2009 2008 2007 2006");
	assert_int_equal(G->unit[C(1)].hex, 2006);
}

/* 4.6 binds every way a Confederate unit changes hex: no advance after combat into a hex
 * within two hexes of 3324 (the attacker simply stays), no retreat path through one. */
static void test_middle_bridge_after_combat(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(C(1), 4, 8, 0);
	fx_inf(U(1), 1, 1, 0);
	fx_place(C(1), 3321);                  /* three hexes from 3324 */
	fx_place(U(1), 3322);                  /* two */
	fx_phase("confederate", "combat");
	fx_ok("attack 3322 C1");
	struct combat_odds o = odds_of(C(1), 3322, 1, C(1));
	int die = 0;
	for (int d = 1; d <= 6 && !die; d++)
		if (o.def_loss[d] >= 1 && o.att_loss[d] < G->unit[C(1)].steps)
			die = d; /* U1 eliminated, C1 still there to advance */
	assert_true(die > 0);
	fx_dice(1, die);
	fx_ok("end");
	assert_int_equal(G->unit[U(1)].steps, 0);
	assert_int_equal(G->unit[C(1)].hex, 3321);   /* 11.18A would advance; 4.6 forbids it */
	assert_int_not_equal(G->pending.what, DECISION_ADVANCE);
	/* a forced retreat never passes within two hexes of 3324 */
	fx_board_plain();
	fx_inf(U(2), 4, 8, 0);
	fx_place(U(2), 3021);
	fx_place(C(2), 3121);
	struct retreat_path p[RETREAT_PATHS_MAX];
	int n = retreat_paths(G, C(2), RETREAT_MANDATORY, p, RETREAT_PATHS_MAX);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < p[i].n; k++)
			assert_true(hex_distance(p[i].hex[k], 3324) > 2);
	char err[200];
	int16_t path[3] = { 3221, 3222, 3322 };
	assert_false(retreat_check(G, C(2), RETREAT_MANDATORY, path, 3, err, sizeof err));
	assert_non_null(strstr(err, "4.6"));
}

static void test_artillery_retreat_table(void **st)
{
	(void)st;
	/* 4: retreat and lose a step, then the Moved marker (11.17.6E) */
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_gun(C(10), 3, 4, 8);
	fx_place(C(10), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_DEFENSIVE_FIRE, C(10));
	fx_dice(2, 6, 4); /* CRT 2:1 at 6 (gun defends at 1: 8 vs 1), then the table: 4 */
	fx_ok("decline");
	struct crt_result r = tables_crt_result(&S->tables, CRT_COL_2TO1, 6);
	int left = 3 - r.defender - 1;
	if (left > 0) {
		fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(10));
		assert_int_equal(G->unit[C(10)].steps, left);
		fx_ok("retreat C10 2009 2008 2007");
		assert_true(G->unit[C(10)].flags & UF_ART_MOVED);
	}
	/* 5: eliminated */
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_gun(C(10), 6, 6, 8);
	fx_place(C(10), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_ok("end");
	fx_dice(2, 5, 5);
	fx_ok("decline");
	assert_false(unit_on_map(G, C(10)));
	assert_int_equal(G->unit[U(1)].hex, 2010); /* and U1 advanced */
}

static void test_defensive_fire(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 5, 5, 0);
	fx_place(U(1), 2011);
	fx_place(U(2), 2110); /* attacks too */
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_gun(C(10), 2, 9, 8);
	fx_place(C(10), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1 U2");
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_DEFENSIVE_FIRE, C(10));
	fx_refused("fire C10 U3", "10.9");
	/* fire value 9, infantry -2, range 1 +2: drm 0; a 6 takes a step; then U1 (4 against
	 * 4, column 0) and U2 roll 3 each */
	struct crt_result r = tables_crt_result(&S->tables, CRT_COL_0, 3);
	fx_dice(3, 6, 3, 3);
	fx_ok("fire C10 U1");
	assert_int_equal(G->unit[U(1)].steps, 4 - r.attacker);
	const struct game_event *e = fx_last_event(EVENT_FIRE);
	assert_true(e->defensive);
	assert_int_equal(e->die, 6);
	assert_int_equal(e->drm, 0);
	assert_int_equal(e->steps, 1);
	assert_int_equal(e->n, 2); /* 20.3 infantry -2, 10.3B range 1 +2 */
	assert_int_equal(e->mod[0].id, MOD_FIRE_INFANTRY);
	assert_int_equal(e->mod[1].id, MOD_RANGE);
	assert_int_equal(e->mod[1].a, 1);
	assert_true(G->unit[C(10)].flags & UF_DEF_FIRED);
	/* the attacks follow; the gun is not asked again this turn */
	assert_int_not_equal(G->pending.what, DECISION_DEFENSIVE_FIRE);
	/* 13.4C: an Unavailable corps' gun fires defensively at the attacker that moved
	 * adjacent to the corps, and at no other */
	fx_board_plain();
	fx_gun(U(5), 2, 9, 8);
	fx_place(U(5), 2010);
	fx_place(C(1), 2011);
	fx_place(C(2), 2110);
	G->corps[CORPS_I] = CORPS_UNAVAILABLE;
	G->corps_lifted[CORPS_I] = 1ull << (C(2) - ROSTER_UNION);
	fx_phase("confederate", "combat");
	fx_ok("attack 2010 C1 C2");
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_DEFENSIVE_FIRE, U(5));
	fx_refused("fire U5 C1", "13.4B");
	fx_dice(1, 1);
	fx_ok("fire U5 C2");
	/* without a lifted attacker the gun is not asked */
	fx_board_plain();
	fx_gun(U(5), 2, 9, 8);
	fx_place(U(5), 2010);
	fx_place(C(1), 2011);
	G->corps[CORPS_I] = CORPS_UNAVAILABLE;
	fx_phase("confederate", "combat");
	fx_ok("attack 2010 C1");
	fx_ok("end");
	assert_int_not_equal(G->pending.what, DECISION_DEFENSIVE_FIRE);
}

static void test_break_off_and_round2(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 6, 4, 0);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	/* 4 vs 4 at 0; roll 1: 2/1, no retreat: still engaged */
	fx_dice(1, 1);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	fx_refused("breakoff 2011", "11.5E");
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_BREAK_OFF, -1);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_COMBAT_ROUND2, -1);
	fx_refused("attack 2012 U1", "11.5E");
	/* round two: U1 attacks again (11.1C: it may) */
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	assert_int_equal(G->unit[U(1)].steps, 2);
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	/* the defender breaks off: C1 retreats one to three hexes, U1 may advance (11.18C) */
	fx_ok("breakoff 2010");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	fx_refused("retreat C1 2009 2008 2007 2006", NULL);
	fx_ok("retreat C1 2009 2008");
	fx_pending(SIDE_UNION, DECISION_ADVANCE, U(1));
	fx_ok("decline");
	assert_int_equal(G->unit[U(1)].hex, 2011);
	/* nothing engaged: the round and the phase end */
	assert_int_not_equal(G->phase, PHASE_COMBAT);
}

static void test_round2_only_engaged(void **st)
{
	(void)st;
	fx_board_plain();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_place(U(2), 2014);
	fx_place(C(2), 2013);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	fx_ok("end"); /* confederate: no break-off */
	fx_ok("end"); /* union */
	fx_pending(SIDE_UNION, DECISION_COMBAT_ROUND2, -1);
	fx_refused("attack 2013 U2", "11.5E");
	fx_ok("end");
	assert_int_not_equal(G->phase, PHASE_COMBAT);
}

/* ---- 23.0: the combat example ---- */

static void test_combat_example_23(void **st)
{
	(void)st;
	fx_board_plain();
	/* Confederates: C1 1909, C2 2009, C3 2010, C4 2011, C5 2012 */
	fx_inf(C(1), 3, 3, 1);
	fx_inf(C(2), 2, 2, 0);
	fx_inf(C(3), 2, 2, 2);
	fx_inf(C(4), 2, 2, 0);
	fx_inf(C(5), 4, 4, 2);
	fx_place(C(1), 1909);
	fx_place(C(2), 2009);
	fx_place(C(3), 2010);
	fx_place(C(4), 2011);
	fx_place(C(5), 2012);
	fx_inf(U(1), 4, 5, 0);
	fx_inf(U(2), 4, 4, 0);
	fx_inf(U(3), 4, 4, 0);
	fx_inf(U(4), 4, 4, 0);
	fx_inf(U(6), 4, 4, 0);
	fx_inf(U(7), 3, 3, 0);
	fx_place(U(1), 1908);
	fx_place(U(2), 2108);
	fx_place(U(3), 2109);
	fx_place(U(4), 2111);
	fx_place(U(6), 2211);
	fx_place(U(7), 2112);
	fx_phase("union", "combat");
	fx_ok("attack 1909 U1");
	fx_ok("attack 2009 U2");
	fx_ok("attack 2010 U3");
	fx_ok("attack 2011 U4");
	fx_ok("attack 2012 U7");
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_RESOLVE, -1);

	/* A: +2 column, -1 (morale), roll 2 -> 1: the Union loses two, the Confederacy one */
	struct combat_odds o = odds_of(U(1), 1909, 1, U(1));
	assert_int_equal(o.column, CRT_COL_PLUS2);
	assert_int_equal(o.drm, -1);
	fx_dice(1, 2);
	fx_ok("resolve 1909");
	assert_int_equal(G->unit[U(1)].steps, 2);
	assert_int_equal(G->unit[C(1)].steps, 2);

	/* B: 2:1, 0, roll 5: C2 loses two and is eliminated, U2 loses one and advances */
	o = odds_of(U(2), 2009, 1, U(2));
	assert_int_equal(o.column, CRT_COL_2TO1);
	assert_int_equal(o.drm, 0);
	fx_dice(1, 5);
	fx_ok("resolve 2009");
	assert_false(unit_on_map(G, C(2)));
	assert_int_equal(G->unit[U(2)].steps, 3);
	assert_int_equal(G->unit[U(2)].hex, 2009);

	/* C: 2:1, -2, roll 1 -> -1: the printed table gives 1/0 (the example says 2/0:
	 * rules-notes.md, Charts) */
	o = odds_of(U(3), 2010, 1, U(3));
	assert_int_equal(o.column, CRT_COL_2TO1);
	assert_int_equal(o.drm, -2);
	fx_dice(1, 1);
	fx_ok("resolve 2010");
	assert_int_equal(G->unit[U(3)].steps, 3);
	assert_int_equal(G->unit[C(3)].steps, 2);

	/* D: 2:1, 0, roll 6: C4 eliminated, U4 loses one and advances, U6 supports */
	fx_dice(1, 6);
	fx_ok("resolve 2011");
	assert_false(unit_on_map(G, C(4)));
	assert_int_equal(G->unit[U(4)].hex, 2011);
	fx_pending(SIDE_UNION, DECISION_SUPPORT, U(4));

	/* E: -1 column, -2, roll 3: the Union loses two, the Confederacy none; the last
	 * combat resolves by itself once U6 has made its supporting advance */
	o = odds_of(U(7), 2012, 1, U(7));
	assert_int_equal(o.column, CRT_COL_MINUS1);
	assert_int_equal(o.drm, -2);
	fx_dice(1, 3);
	fx_ok("support U6");
	assert_int_equal(G->unit[U(6)].hex, 2111);
	assert_int_equal(G->unit[U(7)].steps, 1);
	assert_int_equal(G->unit[C(5)].steps, 4);

	/* the end of round one: nobody breaks off */
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_BREAK_OFF, -1);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_COMBAT_ROUND2, -1);

	/* Round two A: U2 and U4 encircle C3, but must then attack C1 and C5 */
	fx_ok("attack 2010 U2 U3 U4");
	fx_refused("end", "11.1B");
	/* B: U1 takes C1; U7 is STR; U6 must attack C5 */
	fx_ok("attack 1909 U1");
	fx_refused("end", "11.1B");
	fx_refused("attack 2012 U7", "11.2B");
	fx_ok("attack 2012 U6");
	/* C: U2, U3 and U4 attack C3 one at a time: encircled by three, +3 */
	o = odds_of(U(2), 2010, 3, U(2), U(3), U(4));
	assert_true(has_mod(&o, "11.9A2", 3));
	fx_dice(3, 3, 3, 3);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_RESOLVE, -1);
}

/* A game saved in the middle of a combat reads back identical and goes on the same way. */
static void round_trip(void)
{
	/* consumed forced dice leave stale bytes behind the queue; the file keeps the queue */
	memset(G->forced + G->nforced, 0, sizeof G->forced - (size_t)G->nforced);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_true(position_write(G, NULL, f));
	fclose(f);
	struct game back;
	f = fmemopen(text, len, "r");
	assert_non_null(f);
	char err[512];
	if (!position_read(&back, NULL, S, f, "mid-combat", err, sizeof err))
		fail_msg("%s", err);
	fclose(f);
	free(text);
	if (memcmp(&back, G, sizeof *G) != 0) {
		const unsigned char *a = (const void *)&back, *b = (const void *)G;
		size_t i = 0;
		while (a[i] == b[i])
			i++;
		fail_msg("the position read back differs at byte %zu (combat at %zu, nlog at %zu, "
			 "combat.r1 at %zu)", i, offsetof(struct game, combat),
			 offsetof(struct game, nlog), offsetof(struct game, combat.r1));
	}
}

static void test_saved_mid_combat(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 8, 0);
	fx_place(U(1), 2011);
	fx_place(U(2), 2012);
	fx_place(C(1), 2010);
	fx_gun(C(10), 2, 4, 8);
	fx_place(C(10), 2010);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	round_trip();
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_DEFENSIVE_FIRE, C(10));
	round_trip();
	fx_dice(3, 1, 5, 1); /* the fire misses; 2:1 at 5: 1/2*; the gun's table roll: 1 */
	fx_ok("fire C10 U1");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(1));
	round_trip();
	fx_ok("retreat C1 2009 2008 2007");
	fx_pending(SIDE_CONFEDERATE, DECISION_RETREAT, C(10));
	round_trip();
	struct retreat_path p[4];
	assert_true(retreat_paths(G, C(10), RETREAT_MANDATORY, p, 4) > 0);
	char line[64];
	snprintf(line, sizeof line, "retreat C10 %04d %04d %04d", p[0].hex[0], p[0].hex[1],
		 p[0].hex[2]);
	fx_ok(line);
	fx_pending(SIDE_UNION, DECISION_SUPPORT, U(1));
	round_trip();
}

/* ---- what a combat is likely to come to (odds_outcome) ---- */

/* Infantry of fx_inf: its combat value at `steps` of `full`, from cv_full (one less a step). */
static int cv_at(int cv_full, int full, int steps) { return cv_full - (full - steps) < 1 ? 1 : cv_full - (full - steps); }

/* One attacker against one infantry unit, both rounds (11.5E), worked out die by die from the
 * CRT: 4-step U1 (cv 4, morale 3) on 3-step C1 (cv 3, morale 1); round 2 when C1 neither died
 * nor retreated in round 1, with the values the losses left (a shot-to-ribbons U1 does not
 * attack again, 11.2B). */
static void test_outcome_two_rounds_by_hand(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 4, 3);
	fx_inf(C(1), 3, 3, 1);
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_phase("union", "combat");
	const struct tables *t = &S->tables;
	int drm = 3 - 1; /* 11.10B: the morales */
	double elim = 0, back = 0, att = 0, def = 0;
	for (int d1 = 1; d1 <= 6; d1++) {
		struct crt_result r1 = tables_crt_result(t, tables_crt_column(4, 3), d1 + drm);
		int a = 4 - r1.attacker, d = 3 - r1.defender;
		if (a < 0) a = 0;
		if (d < 0) d = 0;
		if (d == 0 || r1.retreat || a <= 1) {
			elim += (d == 0) / 6.0;
			back += (d > 0 && r1.retreat) / 6.0;
			att += (4 - a) / 6.0;
			def += (3 - d) / 6.0;
			continue;
		}
		for (int d2 = 1; d2 <= 6; d2++) {
			struct crt_result r2 = tables_crt_result(
				t, tables_crt_column(cv_at(4, 4, a), cv_at(3, 3, d)), d2 + drm);
			int a2 = a - r2.attacker, dd = d - r2.defender;
			if (a2 < 0) a2 = 0;
			if (dd < 0) dd = 0;
			elim += (dd == 0) / 36.0;
			back += (dd > 0 && r2.retreat) / 36.0;
			att += (4 - a2) / 36.0;
			def += (3 - dd) / 36.0;
		}
	}
	struct combat_outcome o;
	int hex = 2010, attacker = U(1);
	assert_true(odds_outcome(G, &hex, 1, &attacker, 1, &o, fx_err, sizeof fx_err));
	assert_int_equal(o.rounds, 2);
	assert_float_equal(o.eliminated, elim, 1e-9);
	assert_float_equal(o.retreat, back, 1e-9);
	assert_float_equal(o.att_steps, att, 1e-9);
	assert_float_equal(o.def_steps, def, 1e-9);
	assert_true(elim > 0 && def > 0 && att > 0); /* the case says something */
	/* the query changes nothing */
	struct game before = *G;
	assert_true(odds_outcome(G, &hex, 1, &attacker, 1, &o, fx_err, sizeof fx_err));
	assert_memory_equal(&before, G, sizeof before);
}

/* What a '*' (11.17.1B) costs the survivors of 2010 between U1 (2011) and U2 (2009): every
 * hex next to 2010 is in an attacker's ZOC and none is friendly, so the cheapest retreat
 * loses one step (11.17.4B); the gun rolls on the Artillery Retreat Table before it
 * (11.17.6A, 20.4) and again after it, its path having passed an EZOC (11.17.6C). Adds the
 * outcomes, with chance p, to the tallies (total steps 5). */
struct tally { double elim, back, att, def; };
static void star_2010(int inf, int gun, int att_lost, double p, struct tally *t)
{
	const struct tables *tb = &S->tables;
	for (int d1 = 1; d1 <= 6; d1++)
		for (int d2 = 1; d2 <= 6; d2++) {
			int i = inf > 0 ? inf - 1 : 0, g = gun;
			enum art_retreat r1 = tables_art_retreat(tb, d1);
			g = g <= 0 ? 0 : r1 == ART_RETREAT_ELIMINATED ? 0 : r1 == ART_RETREAT_STEP ? g - 1 : g;
			bool again = g > 0;
			if (g > 0)
				g--; /* the EZOC's step */
			if (again && g > 0) {
				enum art_retreat r2 = tables_art_retreat(tb, d2);
				g = r2 == ART_RETREAT_ELIMINATED ? 0 : r2 == ART_RETREAT_STEP ? g - 1 : g;
			}
			double q = p / 36.0;
			t->elim += (i + g == 0) * q;
			t->back += (i + g > 0) * q;
			t->att += att_lost * q;
			t->def += (5 - i - g) * q;
		}
}

/* Two attackers in turn, in round 2 (one round left): the second meets the defence the
 * first left, and has nothing to attack after a '*' (11.17.1B: what the retreat costs, above)
 * or an elimination; the defender's infantry loses its steps before the gun stacked with it
 * (11.15C). The gun has fired defensively already this turn (11.5B: once a turn). */
static void test_outcome_attackers_in_turn(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 4, 4, 3);
	fx_inf(U(2), 4, 4, 3);
	fx_inf(C(1), 3, 3, 1);
	fx_gun(C(2), 2, 3, 4);
	fx_place(U(1), 2011);
	fx_place(U(2), 2009);
	fx_place(C(1), 2010);
	fx_place(C(2), 2010);
	fx_phase("union", "combat");
	G->combat.round = 2;
	G->unit[C(2)].flags |= UF_DEF_FIRED;
	const struct tables *t = &S->tables;
	int hex = 2010, des[2] = { U(1), U(2) };
	struct combat_odds o1;
	assert_true(odds_attack(G, U(1), &hex, 1, des, 2, &o1, fx_err, sizeof fx_err));
	int drm = o1.drm; /* morale and encirclement (11.9A1): the same for both */
	struct tally ty = { 0, 0, 0, 0 };
	for (int d1 = 1; d1 <= 6; d1++) {
		struct crt_result r1 = tables_crt_result(t, tables_crt_column(4, 3), d1 + drm);
		int inf = 3 - r1.defender, gun = 2;
		if (inf < 0) { gun += inf; inf = 0; } /* 11.15C: the infantry first */
		if (gun < 0) gun = 0;
		if (inf + gun > 0 && r1.retreat) {
			star_2010(inf, gun, r1.attacker, 1 / 6.0, &ty);
			continue;
		}
		if (inf + gun == 0) {
			ty.elim += 1 / 6.0;
			ty.att += r1.attacker / 6.0;
			ty.def += 5 / 6.0;
			continue;
		}
		/* U2 on what is left: the infantry's value, or the lone gun's 1 (11.7A) */
		int dv = inf > 0 ? cv_at(3, 3, inf) : 1;
		struct combat_odds o2;
		assert_true(odds_attack(G, U(2), &hex, 1, des, 2, &o2, fx_err, sizeof fx_err));
		int drm2 = inf > 0 ? o2.drm : o2.drm - (3 - 1); /* 11.7B: no morale against a gun */
		for (int d2 = 1; d2 <= 6; d2++) {
			struct crt_result r2 = tables_crt_result(t, tables_crt_column(4, dv), d2 + drm2);
			int i2 = inf - r2.defender, g2 = gun;
			if (i2 < 0) { g2 += i2; i2 = 0; }
			if (g2 < 0) g2 = 0;
			if (i2 + g2 > 0 && r2.retreat) {
				star_2010(i2, g2, r1.attacker + r2.attacker, 1 / 36.0, &ty);
				continue;
			}
			ty.elim += (i2 + g2 == 0) / 36.0;
			ty.att += (r1.attacker + r2.attacker) / 36.0;
			ty.def += (5 - i2 - g2) / 36.0;
		}
	}
	double elim = ty.elim, back = ty.back, att = ty.att, def = ty.def;
	struct combat_outcome o;
	assert_true(odds_outcome(G, &hex, 1, des, 2, &o, fx_err, sizeof fx_err));
	assert_int_equal(o.rounds, 1);
	assert_float_equal(o.eliminated, elim, 1e-9);
	assert_float_equal(o.retreat, back, 1e-9);
	assert_float_equal(o.att_steps, att, 1e-9);
	assert_float_equal(o.def_steps, def, 1e-9);
	assert_true(back > 0 && def > 0);
	/* refused, with its rule, when the hex holds no enemy */
	hex = 2012;
	assert_false(odds_outcome(G, &hex, 1, des, 2, &o, fx_err, sizeof fx_err));
	assert_non_null(strstr(fx_err, "11.1A"));
}

/* 11.5B: the gun in the defending hex fires at the attacker before its attack (the round's
 * first), and the attack meets what the fire left; die by die over the fire's die and the
 * CRT's, in round 2 (one round left, U1 declared at full strength: a fire that leaves it
 * shot to ribbons does not undo its attack). A '*' sends C1 back at no cost (U1 alone, at
 * 2011: the hexes north of 2010 are out of its ZOC) and the gun after its roll on the
 * Artillery Retreat Table (11.17.6A, 20.4), clear of every EZOC (no second roll). */
static void test_outcome_defensive_fire(void **st)
{
	(void)st;
	fx_board_plain();
	fx_inf(U(1), 5, 5, 3);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_gun(C(10), 2, 9, 8);
	fx_place(C(10), 2010);
	fx_phase("union", "combat");
	G->combat.round = 2;
	const struct tables *t = &S->tables;
	struct fire_odds fo;
	assert_true(fire_check(G, C(10), U(1), true, &fo, fx_err, sizeof fx_err));
	struct tally ty = { 0, 0, 0, 0 };
	for (int f = 1; f <= 6; f++) {
		int a = 5 - fo.steps[f];
		if (a <= 0) {
			ty.att += 5 / 6.0;
			continue;
		}
		for (int d = 1; d <= 6; d++) {
			/* morale 3 against 0 (11.10B); no terrain, no encirclement, the Union's */
			struct crt_result r = tables_crt_result(t, tables_crt_column(cv_at(5, 5, a), 4),
								 d + 3);
			int inf = 4 - r.defender, gun = 2;
			if (inf < 0) { gun += inf; inf = 0; }
			if (gun < 0) gun = 0;
			int lost = 5 - (a - r.attacker > 0 ? a - r.attacker : 0);
			if (inf + gun > 0 && r.retreat) {
				for (int d2 = 1; d2 <= 6; d2++) {
					enum art_retreat ar = tables_art_retreat(t, d2);
					int g = ar == ART_RETREAT_ELIMINATED ? 0
						: ar == ART_RETREAT_STEP && gun > 0 ? gun - 1 : gun;
					ty.elim += (inf + g == 0) / 216.0;
					ty.back += (inf + g > 0) / 216.0;
					ty.att += lost / 216.0;
					ty.def += (6 - inf - g) / 216.0;
				}
				continue;
			}
			ty.elim += (inf + gun == 0) / 36.0;
			ty.att += lost / 36.0;
			ty.def += (6 - inf - gun) / 36.0;
		}
	}
	struct combat_outcome o;
	int hex = 2010, attacker = U(1);
	assert_true(odds_outcome(G, &hex, 1, &attacker, 1, &o, fx_err, sizeof fx_err));
	assert_int_equal(o.rounds, 1);
	assert_float_equal(o.eliminated, ty.elim, 1e-9);
	assert_float_equal(o.retreat, ty.back, 1e-9);
	assert_float_equal(o.att_steps, ty.att, 1e-9);
	assert_float_equal(o.def_steps, ty.def, 1e-9);
	assert_true(ty.back > 0 && ty.def > 0 && ty.att > 0);
	/* the fire counts: without it (the gun has fired this turn) U1 loses less */
	G->unit[C(10)].flags |= UF_DEF_FIRED;
	struct combat_outcome held;
	assert_true(odds_outcome(G, &hex, 1, &attacker, 1, &held, fx_err, sizeof fx_err));
	assert_true(held.att_steps < o.att_steps);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attack_event_carries_its_drms),
		cmocka_unit_test(test_outcome_two_rounds_by_hand),
		cmocka_unit_test(test_outcome_attackers_in_turn),
		cmocka_unit_test(test_outcome_defensive_fire),
		cmocka_unit_test(test_column_and_morale),
		cmocka_unit_test(test_elan_and_lone_artillery),
		cmocka_unit_test(test_halving),
		cmocka_unit_test(test_terrain_drms),
		cmocka_unit_test(test_encirclement),
		cmocka_unit_test(test_who_may_attack),
		cmocka_unit_test(test_creek_and_corps_status),
		cmocka_unit_test(test_mandatory_chain),
		cmocka_unit_test(test_multi_hex),
		cmocka_unit_test(test_step_loss_choice),
		cmocka_unit_test(test_attack_retreat_advance_support),
		cmocka_unit_test(test_support_limits),
		cmocka_unit_test(test_vi_corps_in_combat_on_turn_6),
		cmocka_unit_test(test_support_by_corps_status),
		cmocka_unit_test(test_chain_binds_what_the_corps_may_attack),
		cmocka_unit_test(test_chain_legal_only_when_it_can_be_concluded),
		cmocka_unit_test(test_optional_advance_by_corps_status),
		cmocka_unit_test(test_retreats_follow_the_board),
		cmocka_unit_test(test_retreat_ezoc_loss_and_panic),
		cmocka_unit_test(test_retreat_blocked_eliminated),
		cmocka_unit_test(test_retreat_stacking),
		cmocka_unit_test(test_middle_bridge_after_combat),
		cmocka_unit_test(test_artillery_retreat_table),
		cmocka_unit_test(test_defensive_fire),
		cmocka_unit_test(test_break_off_and_round2),
		cmocka_unit_test(test_round2_only_engaged),
		cmocka_unit_test(test_combat_example_23),
		cmocka_unit_test(test_saved_mid_combat),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
