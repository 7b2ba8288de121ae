/* test_bot.c — the solitaire Union bot (14.0–18.0) and the scripted Confederacy: the
 * withdrawal rolls with their DRMs, the commitment priority, the recommitment limit and the
 * extra availability rolls (14.x) with forced dice; the Corps Objective Chart, the IX Corps
 * draw, taking, recapture and running out of objectives (15.x); each movement priority on
 * a hand-made position where its choice is unique (16.x); and whole solitaire games on the
 * real data that must run to the end of turn 11 with every action legal and every position
 * consistent. */
#include "action_text.h"
#include "fixture.h"
#include "../src/bot/bot_internal.h"

#include "bot.h"
#include "check.h"
#include "commit.h"
#include "event_text.h"
#include "los.h"

static char played[1 << 16];

/* ---- helpers ---- */

/* Objectives for the hand-made map: each key of the charts on one or two hexes. */
static void board_objectives(void)
{
	fx_objective("dunker-church", "Dunker Church", 1, 2005);
	fx_objective("sunken-road", "Sunken Road", 2, 2505, 2605);
	fx_objective("sharpsburg", "Sharpsburg", 2, 2030, 2130);
	fx_objective("hex-1032", "Hex 1032", 1, 1032);
	fx_objective("middle-bridge", "Middle Bridge", 1, 3324);
	fx_objective("lower-bridge", "Lower Bridge", 2, 2836, 2935);
	fx_objective("harpers-ferry-road", "Harpers Ferry Road", 2, 1831, 1832);
}

/* What the engine does whenever the Union is to decide (15.2A, 15.4, 15.5): here after a
 * test action that changes nothing (set turn to the turn it is). */
static void objectives_update(void)
{
	char line[32];
	snprintf(line, sizeof line, "set turn %d", G->turn);
	fx_ok(line);
}

/* A solitaire game on the hand-made map: every corps Committed, turn 2, objectives drawn
 * with the dice given (IX draw: four dice, then one for the V Corps row). */
static void solo_new(void)
{
	fx_board_plain();
	board_objectives();
	G->opt.solitaire = true;
	/* IX draw 3 3 5 1 -> IX/1 2443, IX/2 2942, IX/3 2836, IX/4 2836; V Corps: 5 */
	fx_dice(5, 3, 3, 5, 1, 5);
	objectives_update(); /* the engine draws them before the Union's next decision */
	assert_true(G->solitaire.ready);
}

/* The sentence of the game's event number i ("" when the log does not hold it). */
static const char *log_text(int i)
{
	static char text[EVENT_TEXT_MAX];
	const struct game_event *e = event_log_at(&fx_log, i);
	text[0] = 0;
	if (e)
		event_format(G->scn, e, text, sizeof text);
	return text;
}

/* The bot's choices applied to G as a match applies them (their events into fx_log), each
 * listed in `played`. */
static bool logged_apply(void *ctx, const struct action *a, char *err, size_t errlen)
{
	(void)ctx;
	if (!game_apply_events(G, a, &fx_log, err, errlen))
		return false;
	char cmd[512];
	size_t used = strlen(played);
	action_format(G->scn, a, cmd, sizeof cmd);
	snprintf(played + used, sizeof played - used, "%s\n", cmd);
	return true;
}

/* The bot plays G's pending decisions (bot_play_pending), its events kept. */
static int play_logged(char *err, size_t errlen)
{
	struct bot_port port = { G, logged_apply, NULL };
	return bot_play_pending(&port, err, errlen);
}

static void dump_log(void)
{
	int first = fx_log.first;
	for (int i = first; i < G->nlog; i++)
		print_message("log: %s\n", log_text(i));
	print_message("played:\n%s\n", played);
}

/* Is text in the game's log? logged() prints the log when it is not (for the failure). */
static bool logged_quiet(const char *text)
{
	int first = fx_log.first;
	for (int i = first; i < G->nlog; i++)
		if (strstr(log_text(i), text))
			return true;
	return false;
}

static bool logged(const char *text)
{
	if (logged_quiet(text))
		return true;
	dump_log();
	return false;
}

static void describe(int f, const char *want)
{
	char buf[96];
	solitaire_objective_describe(G, f, buf, sizeof buf);
	if (strcmp(buf, want))
		fail_msg("formation %d: '%s', expected '%s'", f, buf, want);
}

/* The Union bot plays the pending Union decisions; every action legal. */
static void union_plays(void)
{
	played[0] = 0;
	char err[512];
	int n = G->pending.side == SIDE_UNION ? play_logged(err, sizeof err) : 0;
	if (n < 0)
		fail_msg("bot_play: %s", err);
	char why[256];
	if (!check_game(G, why, sizeof why))
		fail_msg("after the bot: %s", why);
}

static bool played_line(const char *line)
{
	const char *p = played;
	size_t n = strlen(line);
	while ((p = strstr(p, line))) {
		if ((p == played || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
			return true;
		p++;
	}
	return false;
}

/* ---- 15.0 objectives ---- */

static void test_objective_chart_and_ix_draw(void **st)
{
	(void)st;
	solo_new();
	describe(SOLO_I, "I 1 Dunker Church");
	describe(SOLO_II, "II 1 Sunken Road");
	describe(SOLO_V, "V 1 Dunker Church"); /* 20.5: 4-6 */
	describe(SOLO_VI, "VI 1 Middle Bridge");
	describe(SOLO_IX1, "IX/1 1 hex 2443");   /* 15.6C */
	describe(SOLO_IX2, "IX/2 1 hex 2942");
	describe(SOLO_IX3, "IX/3 1 hex 2836");
	describe(SOLO_IX4, "IX/4 1 hex 2836");
	assert_true(logged("15.6C"));
	assert_int_equal(G->nforced, 0);
}

static void test_objective_taken_and_recaptured(void **st)
{
	(void)st;
	solo_new();
	/* 15.2A: the Union holds the church: I Corps rolls its second objective (5: Sunken Road) */
	G->control[hex_index(2005)] = SIDE_UNION;
	fx_dice(1, 5);
	objectives_update();
	describe(SOLO_I, "I 2 Sunken Road");
	assert_true(logged("15.2A: I has taken Dunker Church"));
	/* 15.4: the Confederacy retakes the church: back to it, the second roll kept */
	G->control[hex_index(2005)] = SIDE_CONFEDERATE;
	objectives_update();
	describe(SOLO_I, "I 1 Dunker Church");
	assert_true(logged("15.4"));
	G->control[hex_index(2005)] = SIDE_UNION;
	objectives_update();
	describe(SOLO_I, "I 2 Sunken Road");
	assert_int_equal(G->nforced, 0);
	/* 15.3: a multi-hex objective is taken only when every hex is held */
	G->control[hex_index(2505)] = SIDE_UNION;
	objectives_update();
	describe(SOLO_I, "I 2 Sunken Road");
}

/* 15.2A "taken" (RECONSTRUCTION.md's decided reading: as written, by any Union unit): on
 * turn 2, with no VI Corps unit on the map, the Union holds the Middle Bridge (3324, VI's
 * first objective; 4.6 keeps the Confederates off it, so another corps always reaches it):
 * VI Corps has taken it and rolls its second column (die 4: Hex 1032), the objective its
 * units will enter the map for on turn 6. The engine did so already: this pins it. */
static void test_15_2a_taken_by_any_union_unit(void **st)
{
	(void)st;
	solo_new();
	describe(SOLO_VI, "VI 1 Middle Bridge");
	for (int u = 0; u < ROSTER_UNION; u++)
		assert_false(unit_on_map(G, u));
	fx_place(U(1), 3324); /* of I Corps */
	G->control[hex_index(3324)] = SIDE_UNION;
	fx_dice(1, 4);
	objectives_update();
	describe(SOLO_VI, "VI 2 Hex 1032");
	assert_true(logged("15.2A: VI has taken Middle Bridge"));
}

static void test_out_of_objectives(void **st)
{
	(void)st;
	solo_new();
	/* II Corps: Sunken Road, Sharpsburg, then "-" (15.5) */
	int hexes[] = { 2505, 2605, 2030, 2130 };
	for (size_t i = 0; i < sizeof hexes / sizeof hexes[0]; i++)
		G->control[hex_index(hexes[i])] = SIDE_UNION;
	objectives_update();
	describe(SOLO_II, "II - none");
	assert_true(logged("15.5"));
	/* its units neither move nor attack */
	fx_corps(U(14), CORPS_II, 1);
	fx_place(U(14), 2011);
	fx_inf(C(1), 2, 1, 0);
	fx_place(C(1), 2010);
	fx_phase("union", "movement");
	union_plays();
	assert_int_equal(G->unit[U(14)].hex, 2011);
	assert_false(strstr(played, "attack") != NULL);
	/* nor fire: artillery fire is an attack (10.1A) */
	fx_corps(U(15), CORPS_II, 1);
	fx_gun(U(15), 2, 6, 8);
	fx_place(U(15), 2014);
	fx_phase("union", "artillery");
	union_plays();
	assert_false(strstr(played, "fire U15") != NULL);
}

/* ---- 14.0 commitment ---- */

/* Lead the game to the start of the next Union player-turn (13.4D rolls, then 14.2). */
static void next_union_turn(void)
{
	fx_phase("confederate", "combat");
	fx_ok("end");
}

/* I Corps withdrawn (14.2) with U1 in 1020 and C1 in c1_hex. */
static void withdrawal_position(int c1_hex);

static void test_withdrawal_roll_drms(void **st)
{
	(void)st;
	withdrawal_position(4001);
	/* 14.2: I rolls 4 - 3 = 1: withdrawn; XII rolls 3: stays */
	fx_dice(2, 4, 3);
	next_union_turn();
	union_plays();
	assert_true(logged("14.2: I Corps rolls 4-3"));
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);
	assert_int_equal(G->corps[CORPS_XII], CORPS_COMMITTED);
	/* 14.3A: II Corps is next in priority after I and XII */
	assert_int_equal(G->corps[CORPS_II], CORPS_COMMITTED);
	assert_true(logged("14.3A: II Corps committed"));
	/* 13.6: U1, far from C1, stays; the note says so in the player's words */
	assert_int_equal(G->unit[U(1)].hex, 1020);
	assert_true(logged("13.6: U1 stays in 1020, already five hexes from the enemy"));
	assert_false(logged_quiet("engine"));
}

/* 13.6 with the enemy near: U1 (1020) withdraws from C1 (1023); the note says what it does. */
static void test_withdrawal_note_when_the_enemy_is_near(void **st)
{
	(void)st;
	withdrawal_position(1023);
	fx_dice(2, 4, 3);
	next_union_turn();
	union_plays();
	assert_int_equal(G->corps[CORPS_I], CORPS_UNAVAILABLE);
	assert_true(logged("13.6: U1 withdraws five hexes from the enemy at the least loss of "
			   "steps, or as far as it can"));
	assert_true(hex_distance(G->unit[U(1)].hex, 1023) >= 5);
}

static void withdrawal_position(int c1_hex)
{
	solo_new();
	for (int c = 0; c < CORPS_COUNT; c++)
		G->corps[c] = CORPS_AVAILABLE;
	G->corps[CORPS_I] = CORPS_COMMITTED;
	G->corps[CORPS_XII] = CORPS_COMMITTED;
	/* I Corps: four 4-step brigades, three eliminated and the fourth at 3 steps:
	 * 14.2B -1 and 14.2C -2 (every other unit of the hand-made roster is V Corps') */
	for (int u = 4; u < ROSTER_UNION; u++)
		fx_corps(u, CORPS_V, 1);
	for (int u = 0; u < 4; u++)
		fx_corps(U(1 + u), CORPS_I, 1);
	fx_place(U(1), 1020);
	fx_steps(U(1), 3);
	for (int u = 1; u < 4; u++) {
		G->unit[U(1 + u)].hex = HEX_NONE;
		G->unit[U(1 + u)].steps = 0;
	}
	fx_corps(U(29), CORPS_XII, 1);
	fx_place(U(29), 1030);
	fx_corps(U(14), CORPS_II, 1);
	fx_place(U(14), 1040);
	fx_place(C(1), c1_hex);
}

static void test_recommitment_limit(void **st)
{
	(void)st;
	solo_new();
	for (int c = 0; c < CORPS_COUNT; c++)
		G->corps[c] = CORPS_AVAILABLE;
	G->corps[CORPS_I] = CORPS_UNAVAILABLE;
	G->corps[CORPS_XII] = CORPS_COMMITTED;
	/* II has been committed before, IX and V have not: 14.4 passes over II */
	G->solitaire.committed_once = (1u << CORPS_I) | (1u << CORPS_XII) | (1u << CORPS_II);
	fx_corps(U(29), CORPS_XII, 1);
	fx_place(U(29), 1030);
	fx_place(C(1), 4001);
	G->turn = 3;
	/* 13.4D for I: 1; 14.2 for XII: 6 */
	fx_dice(2, 1, 6);
	next_union_turn();
	union_plays();
	assert_int_equal(G->corps[CORPS_XII], CORPS_COMMITTED);
	assert_int_equal(G->corps[CORPS_II], CORPS_AVAILABLE);
	assert_int_equal(G->corps[CORPS_IX], CORPS_COMMITTED);
}

static void test_extra_availability_rolls(void **st)
{
	(void)st;
	solo_new();
	for (int c = 0; c < CORPS_COUNT; c++)
		G->corps[c] = CORPS_UNAVAILABLE;
	G->corps[CORPS_XII] = CORPS_COMMITTED;
	G->solitaire.committed_once = (1u << CORPS_COUNT) - 1;
	fx_corps(U(29), CORPS_XII, 1);
	fx_place(U(29), 1030);
	fx_place(C(1), 4001);
	G->turn = 7;
	/* 13.4D: I II V VI IX roll 1; 14.2 XII rolls 6; 14.3B in priority order: I 1, II 1,
	 * IX 6 -> IX Available, and committed */
	fx_dice(9, 1, 1, 1, 1, 1, 6, 1, 1, 6);
	next_union_turn();
	union_plays();
	assert_true(logged("14.3B: IX Corps is Available"));
	assert_int_equal(G->corps[CORPS_IX], CORPS_COMMITTED);
	assert_int_equal(G->corps[CORPS_II], CORPS_UNAVAILABLE);
}

static void test_8_14_mishap_exposes_the_enemy(void **st)
{
	(void)st;
	solo_new();
	G->opt.mishap = true;
	fx_place(C(1), 2010);
	fx_place(U(1), 2012);
	fx_place(U(2), 2111);
	/* 8.14: a 1 at the start of the Union movement phase; then no corps withdraws */
	fx_dice(7, 1, 6, 6, 6, 6, 6, 6);
	next_union_turn();
	fx_pending(SIDE_UNION, DECISION_MISHAP, -1);
	union_plays();
	assert_true(logged("mishap: C1 moves to 2011, next to 2"));
}

/* ---- 16.0 movement priorities ---- */

/* An I Corps unit against Confederate units, on the empty clear map; objective 2005. */
static void movement_setup(void)
{
	solo_new();
	fx_phase("union", "movement");
}

/* The line of `played` that begins with prefix: its index (0 first), or -1. */
static int played_index(const char *prefix)
{
	int line = 0;
	for (const char *p = played; *p; line++) {
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return line;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	return -1;
}

/* 16.2A: only units that can *and will* attack move first. U1 could reach a favourable
 * attack on C1 (CV 1), four hexes behind it, but nothing takes it there: it is not adjacent
 * (16.4.3) and the attack is not on its way to the objective, 2005 (16.4.5B), so it marches
 * north. It is no attacker, and U2, farther from the enemy, moves first (16.2D). The old
 * reading counted any favourable attack within reach and moved U1 first. */
static void test_16_2a_only_units_that_will_attack_move_first(void **st)
{
	(void)st;
	movement_setup();
	fx_place(U(1), 2020);
	fx_place(U(2), 1515);
	fx_inf(C(1), 4, 1, 0);
	fx_place(C(1), 2024);
	union_plays();
	assert_true(logged("16.4.5A: U1"));
	assert_true(logged("16.4.5A: U2"));
	assert_false(strstr(played, "attack") != NULL);
	int u1 = played_index("move U1 "), u2 = played_index("move U2 ");
	assert_true(u1 >= 0 && u2 >= 0);
	assert_true(u2 < u1);
}

/* 16.2C: of two attackers equally near (both adjacent to their target, 16.4.3), the stronger
 * in printed combat factors moves first — the counter as it stands now: U1, printed 8 at full
 * strength but down to 2 steps (5), comes after U2 (6). */
static void test_16_2c_stronger_as_printed_now(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 5, 8, 0);
	fx_place(U(1), 2011);
	fx_steps(U(1), 2);
	fx_inf(C(1), 2, 1, 0);
	fx_place(C(1), 2010);
	fx_inf(U(2), 4, 6, 0);
	fx_place(U(2), 2511);
	fx_inf(C(2), 2, 1, 0);
	snprintf(fx_def(C(2))->formation, sizeof fx_def(C(2))->formation, "Hd"); /* not 16.4.2 */
	fx_place(C(2), 2510);
	union_plays();
	int first = -1, second = -1;
	for (int i = 0; i < G->nlog; i++) {
		const char *t = log_text(i);
		if (strncmp(t, "16.4.3: U2 attacks", 18) == 0 && first < 0)
			first = i;
		if (strncmp(t, "16.4.3: U1 attacks", 18) == 0 && second < 0)
			second = i;
	}
	if (first < 0 || second < 0)
		dump_log();
	assert_true(first >= 0 && second > first);
}

/* 16.1C: stacks first, then lone infantry, lone artillery last. U1 with its gun U5 in 2030,
 * U2 alone in 1530 (farther from the enemy, so first of the infantry by 16.2D), U6 a lone
 * gun in 2032; nothing in reach. The stack moves first — U1, then U5 (17.0C: toward the
 * infantry) — then U2, then U6. The old order moved every infantry unit first (U2, U1), the
 * guns after. */
static void test_16_1c_stacks_then_lone_infantry_then_lone_artillery(void **st)
{
	(void)st;
	movement_setup();
	fx_place(U(1), 2030);
	fx_gun(U(5), 2, 3, 8);
	fx_place(U(5), 2030);
	fx_place(U(2), 1530);
	fx_gun(U(6), 2, 3, 8);
	fx_place(U(6), 2032);
	fx_place(C(1), 4040);
	union_plays();
	int u1 = played_index("move U1 "), u5 = played_index("move U5 ");
	int u2 = played_index("move U2 "), u6 = played_index("move U6 ");
	if (u1 < 0 || u5 < 0 || u2 < 0 || u6 < 0)
		dump_log();
	assert_true(u1 >= 0 && u5 >= 0 && u2 >= 0 && u6 >= 0);
	assert_true(u1 < u5 && u5 < u2 && u2 < u6);
}

static void test_16_4_3_attack_adjacent(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 4, 4, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 2, 0);
	fx_place(C(1), 2010);
	union_plays();
	assert_true(played_line("attack 2010 U1"));
	assert_true(logged("16.4.3"));
}

static void test_16_4_5_toward_objective(void **st)
{
	(void)st;
	movement_setup();
	fx_place(U(1), 2025);
	fx_place(C(1), 4040);
	int before = hex_distance(2025, 2005);
	union_plays();
	assert_true(logged("16.4.5A"));
	assert_true(hex_distance(G->unit[U(1)].hex, 2005) < before);
}

static void test_16_4_5_stops_short_of_a_strong_enemy(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 4, 2, 0);
	fx_place(U(1), 2016);
	fx_inf(C(1), 6, 8, 2);
	fx_place(C(1), 2012);
	union_plays();
	int h = G->unit[U(1)].hex;
	assert_true(hex_distance(h, 2012) >= 2); /* 16.4.5D: not into its ZOC */
	assert_true(hex_distance(h, 2005) < hex_distance(2016, 2005));
	assert_false(strstr(played, "attack") != NULL);
}

static void test_16_4_5_attacks_what_it_meets(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 4, 5, 1);
	fx_place(U(1), 2015);
	fx_inf(C(1), 2, 2, 0);
	fx_place(C(1), 2011);
	union_plays();
	/* it moved next to C1 (the combat that followed may have moved it again) */
	const char *m = strstr(played, "move U1 ");
	assert_non_null(m);
	assert_true(hex_adjacent(atoi(m + 8), 2011));
	assert_true(played_line("attack 2011 U1"));
	assert_true(logged("16.4.5B"));
}

static void test_16_4_1_supporting_attack(void **st)
{
	(void)st;
	movement_setup();
	/* U1 attacks C1 (16.4.3); C2 has U1 in its ZOC; U2, weaker than C2, must attack it */
	fx_inf(U(1), 4, 5, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 2, 0);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 6, 1);
	fx_place(C(2), 2111);
	fx_inf(U(2), 4, 2, 0);
	fx_place(U(2), 2414);
	union_plays();
	assert_true(logged("16.4.1"));
	assert_true(played_line("attack 2111 U2"));
}

/* 16.2A judged again as the phase goes: U1's attack on C1 (16.4.3) opens a supporting attack
 * for U2 on C2 (16.4.1: C2 exerts a ZOC on U1), so U2 now can and will attack and moves
 * before U3, which merely marches although it is farther from the enemy (16.2D). The old
 * order, sorted once as the phase began, moved U3 before U2 (as U8 came after five I Corps
 * units on every turn 1). */
static void test_16_2a_attacks_that_arise_move_before_marches(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 4, 5, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 2, 0);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 6, 1);
	fx_place(C(2), 2111);
	fx_inf(U(2), 4, 2, 0);
	fx_place(U(2), 2414);
	fx_place(U(3), 2030);
	union_plays();
	assert_true(logged("16.4.1: U2"));
	assert_true(logged("16.4.5A: U3"));
	int u2 = played_index("move U2 "), u3 = played_index("move U3 ");
	if (u2 < 0 || u3 < 0)
		dump_log();
	assert_true(u2 >= 0 && u3 >= 0);
	assert_true(u2 < u3);
}

static void test_16_4_2_same_division(void **st)
{
	(void)st;
	movement_setup();
	/* U1 attacks C1 of Jackson's division; C3, of the same division, is open to a
	 * favourable attack by U3 a few hexes away */
	fx_inf(U(1), 4, 5, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 2, 0);
	fx_place(C(1), 2010);
	fx_inf(C(3), 2, 2, 0);
	fx_place(C(3), 2410);
	fx_inf(U(3), 4, 5, 0);
	fx_place(U(3), 2415);
	union_plays();
	assert_true(logged("16.4.2"));
	assert_true(played_line("attack 2410 U3"));
}

/* The flank tests' position: U1 (CV 6) in 2011 will attack C1 (CV 4) in 2010; C2 (CV 7, MA
 * c2_ma) in c2_hex might come to 2012, south of U1, and attack it encircled; U2 (CV u2_cv)
 * in 2216 moves after U1. */
static void flank_setup(int c2_ma, int c2_hex, int u2_cv)
{
	movement_setup();
	fx_inf(U(1), 4, 6, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 7, 0);
	fx_def(C(2))->ma = c2_ma;
	fx_place(C(2), c2_hex);
	fx_inf(U(2), 4, u2_cv, 0);
	fx_place(U(2), 2216);
}

/* The Union plays; U2 protects U1's flank (16.4.4): next to U1, onto 2012 or next to it. */
static void assert_u2_protects_u1(void)
{
	union_plays();
	assert_true(logged("16.4.4: U2"));
	const char *m = strstr(played, "move U2 ");
	assert_non_null(m);
	int h = atoi(m + 8);
	assert_true(hex_adjacent(h, 2011));
	assert_true(h == 2012 || hex_adjacent(h, 2012));
}

static void test_16_4_4_protects_a_flank(void **st)
{
	(void)st;
	/* U1 moves first (it attacks C1, 16.4.3); C2, strong and slow, can step into 2012 and
	 * with C1 in 2010 attack U1 encircled; U2 comes to block 2012 or put it in its ZOC */
	flank_setup(2, 2013, 2);
	assert_u2_protects_u1();
}

/* 16.4.4A "an already moved unit of the same corps": IX Corps' divisions protect each other.
 * The flank position with U1 of IX/1 and U2 of IX/2 (16.1B: IX/1 moves first, each division
 * with its own objective, 15.6A): U2 protects U1. The old bot looked only within the
 * division now moving and sent U2 toward its objective. */
static void test_16_4_4_flank_protection_within_the_corps(void **st)
{
	(void)st;
	flank_setup(2, 2013, 2);
	fx_corps(U(1), CORPS_IX, 1);
	fx_corps(U(2), CORPS_IX, 2);
	assert_u2_protects_u1();
}

/* 16.6A "having sufficient MPs to reach the encircling hex" by the movement rules, not by
 * distance: C2 (MA 8) stands seven hexes south of the encircling hex 2012 on open ground; it
 * can get there next turn, so U1 (attacking C1 in 2010) is threatened and U2 protects it. */
static void test_16_6_threat_from_a_full_move_away(void **st)
{
	(void)st;
	flank_setup(8, 2019, 2);
	assert_u2_protects_u1();
}

/* ...and no threat from a unit that is near but cannot get there: C2 two hexes from 2012 is
 * hemmed in by Antietam Creek on every side (8.7.6), so U2 (too strong for any Confederate
 * here to threaten) has no flank to protect: it goes on toward its objective. The reading
 * by distance saw a threat here and sent U2 next to U1. */
static void test_16_6_no_threat_from_a_unit_that_cannot_move_there(void **st)
{
	(void)st;
	flank_setup(8, 2014, 8);
	for (int d = 0; d < HEX_NDIRS; d++)
		fx_side(2014, hex_neighbour(2014, (enum hex_dir)d), SIDE_CREEK);
	union_plays();
	assert_true(played_line("attack 2010 U1"));
	assert_false(logged_quiet("16.4.4"));
}

/* 16.6A with 11.2B: C2 could step into 2012 and its CV would beat U1's, but Shot to Ribbons
 * it may not attack, so it cannot be a designated attacker encircling U1 (11.9A): no flank
 * to protect. */
static void test_16_6_no_threat_from_an_str_unit(void **st)
{
	(void)st;
	flank_setup(2, 2013, 2);
	fx_inf(C(2), 4, 10, 0);                 /* CV 7 at one step, U1 6 */
	fx_steps(C(2), 1);
	union_plays();
	assert_true(played_line("attack 2010 U1"));
	assert_false(logged_quiet("16.4.4"));
}

/* 16.6 "two different units": U1 attacks C1 on its NE side; its SE, SW and NW neighbours are
 * closed by the creek, so only the N–S pair (2010–2012) is open, and C2 (strong, in 1813)
 * can reach both — but one unit cannot stand on both sides of an encirclement: U2 has no
 * flank to protect. With C3 in 2008 able to reach 2010, U1 is threatened and U2 protects
 * it. (Counting C2 for both sides, as before 2026-11-30, fails the first half.) */
static void two_units_setup(bool with_c3)
{
	flank_setup(8, 1813, 2);
	fx_place(C(1), hex_neighbour(2011, HEX_NE));
	static const enum hex_dir closed[] = { HEX_SE, HEX_SW, HEX_NW };
	for (size_t i = 0; i < sizeof closed / sizeof closed[0]; i++) {
		int h = hex_neighbour(2011, closed[i]);
		for (int d = 0; d < HEX_NDIRS; d++)
			fx_side(h, hex_neighbour(h, (enum hex_dir)d), SIDE_CREEK);
	}
	if (with_c3) {
		fx_inf(C(3), 4, 2, 0);
		fx_place(C(3), 2008);
	}
}

static void test_16_6_one_unit_is_not_both_sides(void **st)
{
	(void)st;
	two_units_setup(false);
	union_plays();
	char line[32];
	snprintf(line, sizeof line, "attack %04d U1", hex_neighbour(2011, HEX_NE));
	assert_true(played_line(line));
	assert_false(logged_quiet("16.4.4"));
	two_units_setup(true);
	assert_u2_protects_u1();
}

/* The Union unit a movement-phase log line says attacks ("16.4.5B: U4 to 2009: U4 attacks C1
 * (…", "16.4.1: U4 attacks C3 (…"), or -1; not a declaration ("16.4: U4 attacks C3 in 1908"). */
static int planned_attacker(const char *text)
{
	if (strncmp(text, "16.4.", 5) != 0)
		return -1;
	const char *a = strstr(text, " attacks ");
	if (!a || strchr(a + 9, ' ') == NULL || strncmp(strchr(a + 9, ' '), " (", 2) != 0)
		return -1;
	const char *p = a;
	while (p > text && p[-1] != ' ')
		p--;
	return *p == 'U' ? U(atoi(p + 1)) : -1;
}

/* No unit has more than one attack planned among the log lines from `from` on (16.4: one
 * attack a unit, 11.3A); fails naming the unit. */
static void assert_planned_once(int from, const char *where)
{
	int count[ROSTER_UNION] = { 0 };
	for (int i = from; i < G->nlog; i++) {
		int u = planned_attacker(log_text(i));
		if (u >= 0 && ++count[u] > 1)
			fail_msg("%s: U%d has a second attack planned: %s", where, u + 1,
				 log_text(i));
	}
}

/* Item 8 of issue 16, the exact sequence. U1 attacks C1 (16.4.3); C2 could step into 2012
 * and attack it encircled. U3, farthest from the enemy, protects U1's flank from 2111
 * (16.4.4). U2 and U4 had their reachable hexes worked out before that move, 2111 among them.
 * The old bot gave U2 and U4 those lists: U4's protecting move to 2111 was refused (7.1A), it
 * fell through to 16.4.5B and moved to 2009 to attack C1 encircled — and because an action
 * had been refused it was run a second time, from 2009: a second plan (16.4.1 against C3,
 * whose ZOC covers 2009) that was never declared (11.3A) but marked 1908 "already attacked",
 * so U5 passed C3 by. Now the lists are asked again once a move has been applied: U2 protects
 * U1 from 2012, U4 attacks C1 from 2009 and nothing else, and U5 makes the supporting attack
 * on C3 (16.4.1: C3 exerts a ZOC on U4, which attacks). */
static void test_16_4_a_unit_is_planned_once(void **st)
{
	(void)st;
	movement_setup();
	fx_inf(U(1), 4, 6, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 7, 0);
	fx_def(C(2))->ma = 1;
	fx_place(C(2), 2013);
	fx_inf(C(3), 4, 6, 0);
	fx_def(C(3))->ma = 0;
	fx_place(C(3), 1908);
	for (int c = 2; c <= 3; c++) /* not C1's division (16.4.2) */
		snprintf(fx_def(C(c))->formation, sizeof fx_def(C(c))->formation, "Hd");
	for (int u = 2; u <= 5; u++)
		fx_inf(U(u), 4, 2, 0);
	fx_place(U(2), 2312);
	fx_place(U(3), 2413);
	fx_place(U(4), 2211);
	fx_place(U(5), 2212);
	int from = G->nlog;
	union_plays();
	assert_true(logged("16.4.4: U3 to 2111: protects the flank of U1"));
	assert_true(logged("16.4.4: U2 to 2012: protects the flank of U1"));
	assert_true(logged("16.4.5B: U4 to 2009: U4 attacks C1"));
	assert_false(logged_quiet("16.4.1: U4"));
	assert_true(logged("16.4.1: U5 to "));
	assert_true(played_line("attack 2010 U1"));
	assert_true(played_line("attack 2010 U4"));
	assert_true(played_line("attack 1908 U5"));
	assert_planned_once(from, "the hand-made position");
}

static void test_16_7_str_unit_moves_away(void **st)
{
	(void)st;
	movement_setup();
	fx_place(U(1), 2011);
	fx_steps(U(1), 1);
	fx_place(C(1), 2010);
	union_plays();
	assert_true(logged("16.7"));
	assert_true(hex_distance(G->unit[U(1)].hex, 2010) >= 3);
}

static void test_16_7_str_unit_far_away_regroups(void **st)
{
	(void)st;
	movement_setup();
	fx_place(U(1), 2020);
	fx_steps(U(1), 1);
	fx_place(C(1), 2010);
	union_plays();
	assert_int_equal(G->unit[U(1)].hex, 2020);
	assert_int_equal(G->unit[U(1)].steps, 2); /* 12.2 at the end of the phase */
}


/* 16.8 with 13.3B: a full-strength brigade of an Available corps on the east bank, five
 * hexes from a Confederate unit across the creek (C1, 2420), heads for its objective (Dunker
 * Church, 2005, over the bridge 2510/2610) like any Available unit: 13.3B's east-bank
 * exception frees every hex on its way, and the engine's legal list says so. The old bot held
 * every Available unit within five hexes of an enemy ("nowhere nearer to go"), as U64 and U65
 * stood until IX Corps was committed. */
static void test_16_8_available_unit_near_the_enemy_across_the_creek_moves(void **st)
{
	(void)st;
	movement_setup();
	fx_creek_after_column(25);
	fx_side(2510, 2610, SIDE_BRIDGE);
	G->corps[CORPS_I] = CORPS_AVAILABLE;
	fx_place(U(1), 2920);
	fx_place(C(1), 2420);
	assert_int_equal(hex_distance(2920, 2420), 5);
	int before = hex_distance(2920, 2610);
	union_plays();
	assert_true(logged("16.4.5A: U1"));
	assert_true(hex_distance(G->unit[U(1)].hex, 2610) < before);
	assert_int_equal(commit_available_forbids(G, U(1), G->unit[U(1)].hex), COMMIT_FREE);
}

/* 16.8 with 13.3E: an Available brigade three hexes from C1 on its own bank moves only as the
 * engine lets it (farther from C1, 13.3E) toward its objective; it never comes nearer. */
static void test_16_8_available_unit_within_four_hexes_obeys_13_3e(void **st)
{
	(void)st;
	movement_setup();
	G->corps[CORPS_I] = CORPS_AVAILABLE;
	fx_place(U(1), 2015);
	fx_place(C(1), 2018);
	union_plays();
	assert_true(logged("16.4.5A: U1"));
	assert_true(hex_distance(G->unit[U(1)].hex, 2018) > 3);
	assert_true(hex_distance(G->unit[U(1)].hex, 2005) < hex_distance(2015, 2005));
}

/* ---- 17.0 artillery ---- */

static void test_17_0c_gun_joins_the_infantry(void **st)
{
	(void)st;
	movement_setup();
	fx_gun(U(5), 2, 3, 8);
	fx_place(U(5), 2032);
	fx_place(U(1), 2020);
	fx_place(U(2), 2034);
	fx_place(C(1), 4040);
	union_plays();
	/* no target in reach: it goes toward U1, the infantry nearest the objective */
	assert_true(logged("17.0C: U5"));
	assert_true(hex_distance(G->unit[U(5)].hex, G->unit[U(1)].hex) <
		    hex_distance(2032, G->unit[U(1)].hex));
}

static void test_17_0a_gun_stays_when_it_can_fire(void **st)
{
	(void)st;
	movement_setup();
	fx_gun(U(5), 2, 6, 8);
	fx_place(U(5), 2016);
	fx_place(U(1), 2016);
	fx_place(C(1), 2012);
	fx_inf(C(1), 6, 9, 3); /* too strong to attack: the gun is the only fire */
	union_plays();
	assert_int_equal(G->unit[U(5)].hex, 2016);
	assert_true(played_line("fire U5 C1"));
}

/* 17.0A as decided (docs/rules-notes.md): a gun that can already fire from its hex at a
 * Confederate unit stays and fires, though another hex would give a better shot — a gun that
 * moves does not fire that turn (10.8A). U5 (fire value 6) at range 6 from C1, a lone
 * Confederate gun (no infantry to threaten it, 17.0E), hits on four rolls of six; three hexes
 * closer it would hit on all six, and the old reading moved it there. With C1 out of its
 * range (nine hexes) it has no target where it stands and moves up to the best fire
 * position. */
static void gun_and_target(int target_hex)
{
	movement_setup();
	fx_gun(U(5), 2, 6, 8);
	fx_place(U(5), 2030);
	fx_gun(C(1), 2, 3, 8);
	fx_place(C(1), target_hex);
	union_plays();
}

static void test_17_0a_gun_with_a_target_stays_and_fires(void **st)
{
	(void)st;
	gun_and_target(2024);
	assert_int_equal(G->unit[U(5)].hex, 2030);
	assert_true(logged("17.0A: U5 stays in 2030"));
	assert_true(played_line("fire U5 C1"));
	assert_null(strstr(played, "move U5 "));
	gun_and_target(2021);
	assert_true(logged("17.0A: U5 to "));
	assert_true(hex_distance(G->unit[U(5)].hex, 2021) <= 3);
	assert_null(strstr(played, "fire U5 "));
}

/* 17.0E "subject to attack by Confederate infantry" by the movement rules. A lone gun (no
 * infantry of its corps, range 8) twelve hexes from C1: with C1's MA 6 it goes to a hex
 * eight hexes away, where C1 cannot come next to it, and with MA 8 no hex in range is out of
 * C1's reach, so it stays. With C1 hemmed in by the creek the gun goes up as close as the
 * fire table rewards — within three hexes of C1, which the old reading (Confederate infantry
 * within three hexes) forbade, while it allowed every hex from four to eight. */
static void lone_gun_setup(int c1_ma, bool hemmed)
{
	movement_setup();
	fx_gun(U(5), 2, 7, 8); /* fire value 7: a shot at range 6-8 can hit (20.3 row 2) */
	fx_place(U(5), 2030);
	fx_place(C(1), 2018);
	fx_def(C(1))->ma = c1_ma;
	if (hemmed)
		for (int d = 0; d < HEX_NDIRS; d++)
			fx_side(2018, hex_neighbour(2018, (enum hex_dir)d), SIDE_CREEK);
	union_plays();
}

static void test_17_0e_lone_gun_keeps_out_of_reach(void **st)
{
	(void)st;
	lone_gun_setup(6, false);
	assert_true(logged("17.0A: U5"));
	assert_int_equal(hex_distance(G->unit[U(5)].hex, 2018), 8);
	lone_gun_setup(8, false);
	assert_int_equal(G->unit[U(5)].hex, 2030);
	lone_gun_setup(8, true);
	assert_true(logged("17.0A: U5"));
	assert_true(hex_distance(G->unit[U(5)].hex, 2018) <= 3);
}

/* ---- 18.0 combat ---- */

static void test_18_2_encircled_defender_first(void **st)
{
	(void)st;
	solo_new();
	fx_inf(C(2), 2, 1, 0);
	fx_place(C(2), 2510);
	fx_place(U(3), 2511);
	fx_place(C(1), 2010);
	fx_place(U(1), 2009);
	fx_place(U(2), 2011);
	fx_phase("union", "combat");
	fx_ok("attack 2510 U3");
	fx_ok("attack 2010 U1");
	fx_ok("attack 2010 U2");
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_RESOLVE, -1);
	fx_dice(6, 3, 3, 3, 3, 3, 3);
	union_plays();
	assert_true(strncmp(played, "resolve 2010\n", 13) == 0);
	assert_true(logged("18.2A"));
}

/* The break-off tests: U1 (4 steps, CV 4) in 2011 next to C1 (CV 4, morale +2) in 2010. */
static void breakoff_position(void)
{
	solo_new();
	fx_inf(U(1), 4, 4, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 2);
	fx_place(C(1), 2010);
}

/* U1 attacks C1 and the Union breaks off after round one (18.3A). */
static void breakoff_play(void)
{
	fx_place(C(9), 4040);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_ok("end");
	/* 11.10B: 3 - 2 = 1 on the 0 column: 2/1; then U1 (2 steps, cv 2) against C1 (cv 3,
	 * morale +2) is no longer favourable */
	fx_dice(1, 3);
	if (G->pending.what == DECISION_RESOLVE)
		fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_BREAK_OFF, -1);
	union_plays();
	assert_true(played_line("breakoff 2010"));
	assert_true(logged("18.3A"));
}

static void test_18_3a_attacker_breaks_off_one_hex(void **st)
{
	(void)st;
	breakoff_position();
	breakoff_play();
	/* a path of exactly one hex: "retreat U1 HEX" */
	const char *r = strstr(played, "retreat U1 ");
	assert_non_null(r);
	int hex = 0, len = 0;
	assert_int_equal(sscanf(r, "retreat U1 %d%n", &hex, &len), 1);
	assert_true(r[len] == '\n' || r[len] == 0);
	assert_true(hex_adjacent(hex, 2011));
	assert_true(hex_distance(G->unit[U(1)].hex, 2010) >= 2);
}

/* 18.3A when no one-hex retreat is legal: every hex next to U1 is in a Confederate ZOC
 * (C1 covers 1910 and 2110, C2 2012 and 2111, C3 1911), so a one-hex retreat would end in
 * an EZOC (11.17.4A). The bot retreats the fewest hexes that end legally — two — by its own
 * rule, not by its last resort (which used to take the first legal retreat). */
static void test_18_3a_break_off_two_hexes_when_one_is_not_legal(void **st)
{
	(void)st;
	breakoff_position();
	fx_inf(C(2), 4, 4, 0);
	fx_place(C(2), 2112);
	fx_inf(C(3), 4, 4, 0);
	fx_place(C(3), 1812);
	breakoff_play();
	assert_true(logged("no one-hex retreat ends outside an EZOC"));
	assert_false(logged("bot: "));
	const char *r = strstr(played, "retreat U1 ");
	assert_non_null(r);
	int h1 = 0, h2 = 0, len = 0;
	assert_int_equal(sscanf(r, "retreat U1 %d %d%n", &h1, &h2, &len), 2);
	assert_true(r[len] == '\n' || r[len] == 0);
	assert_true(hex_adjacent(h1, 2011) && hex_adjacent(h2, h1));
	assert_int_equal(G->unit[U(1)].hex, h2);
	assert_true(hex_distance(h2, 2010) >= 2 && hex_distance(h2, 2112) >= 2 &&
		    hex_distance(h2, 1812) >= 2);
}

/* 18.3B: the Union defender breaks off when the next round's combat reaches CI number +
 * DRMs of 10. U1 (5 steps, CV 3) in 2011 is attacked by C1 (CV 3) from the north and C2 (CV
 * 1) from the south, both morale +1: encircled by two designated attackers. Round one: C1 at
 * 0 (CI 2) with DRM +5 (elan +2, 11.9A1 +2, morale +1), roll 1: row 6, 1/1; C2 at -1, roll
 * 1: 1/1. U1 is down to 3 steps (CV 1), C1 to CV 2: the next round C1 attacks at 2:1, CI 5 +
 * 5 = 10, and the Union breaks off (18.3B); U1 retreats by 18.3D. */
static void defender_breakoff(bool c1_str)
{
	solo_new();
	fx_inf(U(1), 5, 3, 0);
	/* both attacks of the first round in the -1 column (C1 3 against 4, C2 1 against 3: the
	 * CRT's row 6 there is 1/1, no retreat), and U1 left with 3 steps of CV 1, at 2:1 to C1 */
	fx_def(U(1))->cv[5] = 4;
	fx_def(U(1))->cv[4] = 3;
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 3, 1);
	fx_place(C(1), 2010);
	fx_inf(C(2), 4, 1, 1);
	fx_place(C(2), 2012);
	fx_place(U(9), 4040);
	fx_phase("confederate", "combat");
	fx_ok("attack 2011 C1 C2");
	fx_dice(2, 1, 1);
	fx_ok("end");
	if (G->pending.what == DECISION_RESOLVE)
		fx_ok("resolve 2011");
	assert_int_equal(G->unit[U(1)].steps, 3);
	fx_pending(SIDE_UNION, DECISION_BREAK_OFF, -1);
	if (c1_str) {
		fx_inf(C(1), 4, 10, 1); /* Shot to Ribbons with CV 7: still 2:1, but no attack */
		fx_steps(C(1), 1);
	}
	union_plays();
}

/* ...and the next round counts only attackers that can attack: Shot to Ribbons C1 may not
 * (11.2B), so U1 stays. */
static void test_18_3b_defender_breaks_off_at_10(void **st)
{
	(void)st;
	defender_breakoff(false);
	assert_true(played_line("breakoff 2011"));
	assert_true(logged("18.3B"));
	assert_true(hex_distance(G->unit[U(1)].hex, 2010) >= 2);
	defender_breakoff(true);
	assert_false(strstr(played, "breakoff") != NULL);
	assert_int_equal(G->unit[U(1)].hex, 2011);
	/* the note says what the Union did, in the player's words */
	assert_true(logged("18.3B: the Union defenders stand: no next attack on them would reach 10 (column number, 16.3.5, + DRMs)"));
	assert_false(logged_quiet("no combat broken off"));
}

/* 18.4 with 11.18C: after the defender breaks off, a Union attacker advances only where the
 * movement rules would take it — nearer its objective (2005, north), not Shot to Ribbons,
 * not open to an encircling attack. U1 attacks C1 (0 column, roll 1: 2/1); C1 breaks off and
 * retreats two hexes. C1 north of U1: U1 advances into 2010. C1 south: the hex is farther
 * from the objective and U1 declines. (The old bot always advanced.) */
static void optional_advance(int c1_hex, const char *retreat)
{
	solo_new();
	fx_place(U(1), 2011);
	fx_place(C(1), c1_hex);
	fx_place(C(9), 4040);
	fx_phase("union", "combat");
	char line[64];
	snprintf(line, sizeof line, "attack %04d U1", c1_hex);
	fx_ok(line);
	fx_dice(1, 1);
	fx_ok("end");
	if (G->pending.what == DECISION_RESOLVE)
		fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_BREAK_OFF, -1);
	snprintf(line, sizeof line, "breakoff %04d", c1_hex);
	fx_ok(line);
	fx_ok(retreat);
	fx_pending(SIDE_UNION, DECISION_ADVANCE, U(1));
	union_plays();
}

static void test_18_4_optional_advance_by_the_movement_rules(void **st)
{
	(void)st;
	optional_advance(2010, "retreat C1 2009 2008");
	assert_true(played_line("advance U1 2010"));
	assert_true(logged("18.4: U1 advances into 2010 (11.18C)"));
	optional_advance(2012, "retreat C1 2013 2014");
	assert_int_equal(G->unit[U(1)].hex, 2011);
	assert_true(logged("the optional advance (11.18C) is declined: not nearer its objective"));
}

/* 11.19 in solitaire: U1 eliminates C1 (2:1, roll 1: 1/1) and advances into 2010 (11.18A);
 * U2, behind it in 2012, follows into 2011, nearer its objective. Shot to Ribbons, U2 stays
 * (16.7). (The old bot declined every supporting advance.) */
static void supporting_advance(int u2_steps)
{
	solo_new();
	fx_place(U(1), 2011);
	fx_place(C(1), 2010);
	fx_steps(C(1), 1);
	fx_place(U(2), 2012);
	fx_steps(U(2), u2_steps);
	fx_place(C(9), 4040);
	fx_phase("union", "combat");
	fx_ok("attack 2010 U1");
	fx_dice(1, 1);
	fx_ok("end");
	if (G->pending.what == DECISION_RESOLVE)
		fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_SUPPORT, U(1));
	union_plays();
}

static void test_11_19_supporting_advance_by_the_movement_rules(void **st)
{
	(void)st;
	supporting_advance(4);
	assert_true(played_line("support U2"));
	assert_true(logged("11.19: U2 follows U1 into 2011"));
	assert_int_equal(G->unit[U(2)].hex, 2011);
	supporting_advance(1);
	assert_int_equal(G->unit[U(2)].hex, 2012);
	assert_true(logged("no supporting advance into 2011: Shot to Ribbons (16.7)"));
}

/* ---- the `bot` command ---- */

static void test_bot_command(void **st)
{
	(void)st;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "printf 'new historical 5 solitaire\\nbot\\npending\\nbot\\n"
		 "pending\\n' | %s --batch", fx_program_path());
	int rc;
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	/* the Union commits XII (14.3A) first, one command a line, then the Confederacy owns
	 * the decision; the second `bot` plays the Confederacy */
	assert_true(strstr(out, "= turn 1 union movement\n\n= commit XII\n") != NULL);
	const char *pend = strstr(out, "\n\n= confederate ");
	assert_non_null(pend);
	assert_null(strstr(out, "\n? "));
	free(out);
}

/* Through --batch on the real map, 17.0A as decided: U5 (I Corps artillery) six hexes from
 * C19, a lone Confederate gun in its sight, stays and fires, though three hexes nearer it
 * would shoot better; its first action is the fire, and it never moves. */
static void test_bot_command_gun_stays_and_fires(void **st)
{
	(void)st;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "printf 'new empty 7 solitaire\nplace U5 3805\nplace C19 3811\n"
		 "bot\n' | %s --batch", fx_program_path());
	int rc;
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	if (!strstr(out, "= end\nfire U5 C19\n") || strstr(out, "move U5"))
		fail_msg("%s", out);
	free(out);
}

/* Through --batch, 16.2A on the historical turn 1 (the case issue 16 reported): U10, which
 * attacks, moves before U3, U12 and U2, which march (they moved first when any favourable
 * attack within reach made a unit an attacker). */
static void test_bot_command_attackers_move_first(void **st)
{
	(void)st;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "printf 'new historical 5 solitaire\nbot\n' | %s --batch",
		 fx_program_path());
	int rc;
	char *out = fx_program_output(cmd, &rc);
	assert_int_equal(rc, 0);
	const char *u10 = strstr(out, "\nmove U10 ");
	static const char *const later[] = { "\nmove U3 ", "\nmove U12 ", "\nmove U2 " };
	for (size_t i = 0; i < sizeof later / sizeof later[0]; i++) {
		const char *m = strstr(out, later[i]);
		if (!u10 || !m || m < u10)
			fail_msg("%s before U10:\n%s", later[i] + 1, out);
	}
	free(out);
}

/* ---- whole games ---- */

/* Whole games, bots on both sides, every action legal and every position consistent. */
static void play_games(int games, bool solitaire)
{
	const struct scenario *real = fx_real_scenario();
	char err[512];
	int attacks = 0;
	for (int seed = 1; seed <= games; seed++) {
		struct game_options opt = { .solitaire = solitaire };
		event_log_free(&fx_log);
		game_new_events(G, real, SETUP_HISTORICAL, (uint64_t)seed, &opt, &fx_log);
		int guard = 0;
		while (G->pending.what != DECISION_GAMEOVER) {
			if (++guard > 2000)
				fail_msg("seed %d: the game does not end", seed);
			played[0] = 0;
			enum side who = G->pending.side;
			int seen = G->nlog;
			int n = play_logged(err, sizeof err);
			if (n < 0)
				fail_msg("seed %d turn %d: %s", seed, G->turn, err);
			/* every Union decision comes from a rule of 14.0–18.0: never the bot's
			 * last resort (bot.c fallback, logged "bot: …") */
			for (int i = seen; who == SIDE_UNION && i < G->nlog; i++) {
				const struct game_event *e = event_log_at(&fx_log, i);
				if (e && e->kind == EVENT_NOTE && strncmp(e->text, "bot: ", 5) == 0)
					fail_msg("seed %d turn %d: the Union bot had no rule: %s",
						 seed, G->turn, e->text);
			}
			char why[256];
			if (!check_game(G, why, sizeof why))
				fail_msg("seed %d turn %d: %s", seed, G->turn, why);
			if (who == SIDE_UNION) {
				snprintf(why, sizeof why, "seed %d turn %d", seed, G->turn);
				assert_planned_once(seen, why);
			}
			attacks += strstr(played, "\nattack ") != NULL;
		}
		assert_int_equal(G->turn, GAME_TURNS);
	}
	assert_true(attacks > 0);
}

static void test_full_solitaire_games(void **st)
{
	(void)st;
	play_games(getenv("ANTIETAM_BOT_GAMES") ? atoi(getenv("ANTIETAM_BOT_GAMES")) : 20, true);
}

/* Without the solitaire option the Union bot must also follow the 11.1B chain. */
static void test_full_games_two_player_rules(void **st)
{
	(void)st;
	play_games(3, false);
}

/* 4.2: asked to play a quick set-up, each bot places its side's units (the 4.3 positions)
 * and ends; found by tests/fuzz/fuzz_batch.c, where the fallback placed and removed the same
 * unit until the guard gave up. */
static void test_quick_setup(void **st)
{
	(void)st;
	char err[512];
	game_new(G, fx_real_scenario(), SETUP_QUICK, 9, NULL);
	assert_int_equal(G->pending.what, DECISION_SETUP);
	assert_int_equal(G->pending.side, SIDE_UNION);
	if (bot_play_game(G, played, sizeof played, err, sizeof err) <= 0)
		fail_msg("union set-up: %s", err);
	assert_int_equal(G->pending.what, DECISION_SETUP);
	assert_int_equal(G->pending.side, SIDE_CONFEDERATE);
	if (bot_play_game(G, played, sizeof played, err, sizeof err) <= 0)
		fail_msg("confederate set-up: %s", err);
	assert_int_not_equal(G->pending.what, DECISION_SETUP); /* turn 1 begins */
	assert_int_equal(G->pending.side, SIDE_UNION);
	char why[256];
	if (!check_game(G, why, sizeof why))
		fail_msg("%s", why);
}

/* The bot asks for lines of sight along the north map edge (1600 to 1000 runs along the
 * hexsides of the odd columns' row 0, whose other hexes are off the map): they must be
 * answered, not crash. */
static void test_los_along_the_map_edge(void **st)
{
	(void)st;
	const struct scenario *real = fx_real_scenario();
	(void)los_clear(&real->map, 1600, 1000);
	(void)los_clear(&real->map, 1000, 1600);
}

static void test_bench_figures(void **st)
{
	(void)st;
	char err[512];
	struct bot_bench_result r;
	if (!bot_bench(fx_real_scenario(), 2, NULL, &r, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(r.games, 2);
	assert_true(r.turns >= 2 * GAME_TURNS);
	assert_true(r.worst_ms >= r.median_ms);
}

/* 11.15B (bot_loss.c): each bot gives the step from the unit with most steps left, then the
 * one whose combat value falls least; the Union bot by that rule, not its last resort. */
static void test_bot_step_loss(void **st)
{
	(void)st;
	solo_new();
	fx_inf(C(1), 4, 9, 0);
	fx_place(C(1), 2011);
	fx_inf(U(1), 3, 1, 0);
	fx_inf(U(2), 2, 1, 0);
	fx_place(U(1), 2010);
	fx_place(U(2), 2110);
	fx_phase("confederate", "combat");
	fx_ok("attack 2010+2110 C1");
	struct combat_odds o;
	int hexes[2] = { 2010, 2110 }, des = C(1);
	assert_true(odds_attack(G, C(1), hexes, 2, &des, 1, &o, fx_err, sizeof fx_err));
	int die = 0;
	for (int d = 1; d <= 6 && !die; d++)
		if (o.def_loss[d] == 1)
			die = d;
	assert_true(die > 0);
	fx_dice(1, die);
	fx_ok("end");
	fx_pending(SIDE_UNION, DECISION_STEP_LOSS, -1);
	union_plays();
	if (!played_line("lose U1"))
		fail_msg("the Union bot played:\n%s", played);
	assert_true(logged("11.15B: U1 loses the step: most steps left (3)"));
	assert_int_equal(G->unit[U(1)].steps, 2);
	/* equal steps: the smaller fall in combat value (the scripted Confederate player too) */
	fx_board_plain();
	fx_inf(U(1), 4, 9, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 2, 1, 0);
	fx_inf(C(2), 2, 1, 0);
	fx_def(C(1))->cv[2] = 5;               /* 5 -> 1 */
	fx_def(C(2))->cv[2] = 2;               /* 2 -> 1 */
	fx_place(C(1), 2010);
	fx_place(C(2), 2110);
	fx_phase("union", "combat");
	fx_ok("attack 2010+2110 U1");
	des = U(1);
	assert_true(odds_attack(G, U(1), hexes, 2, &des, 1, &o, fx_err, sizeof fx_err));
	die = 0;
	for (int d = 1; d <= 6 && !die; d++)
		if (o.def_loss[d] == 1)
			die = d;
	assert_true(die > 0);
	fx_dice(1, die);
	fx_ok("end");
	fx_pending(SIDE_CONFEDERATE, DECISION_STEP_LOSS, -1);
	played[0] = 0;
	char err[256];
	assert_true(bot_play_game(G, played, sizeof played, err, sizeof err) > 0);
	if (!played_line("lose C2"))
		fail_msg("the Confederate player played:\n%s", played);
	assert_int_equal(G->unit[C(2)].steps, 1);
	assert_int_equal(G->unit[C(1)].steps, 2);
}

/* bot_widen (a set of hexes and every hex next to one, a column a word) is the set hex by
 * hex: random sets of every density, and every single hex of the map (its corners and edges,
 * the odd columns' short last row). */
static void test_widen_is_the_neighbours(void **st)
{
	(void)st;
	uint64_t rng = 12345;
	for (int t = 0; t < 200 + HEX_INDEX_COUNT; t++) {
		uint64_t bits[BOT_HEX_WORDS] = { 0 }, want[BOT_HEX_WORDS];
		int one = t - 200;
		for (int i = 0; i < HEX_INDEX_COUNT; i++) {
			rng = rng * 6364136223846793005ull + 1442695040888963407ull;
			bool on = one >= 0 ? i == one : (int)(rng >> 33) % 200 < t;
			if (on && hex_valid(hex_from_index(i)))
				bits[i / 64] |= 1ull << (i % 64);
		}
		memcpy(want, bits, sizeof want);
		for (int i = 0; i < HEX_INDEX_COUNT; i++)
			if (bits[i / 64] >> (i % 64) & 1)
				for (int d = 0; d < HEX_NDIRS; d++) {
					int n = hex_index(hex_neighbour(hex_from_index(i), (enum hex_dir)d));
					if (n >= 0)
						want[n / 64] |= 1ull << (n % 64);
				}
		bot_widen(bits);
		assert_memory_equal(bits, want, sizeof want);
	}
}

/* 16.6A's reach of a Confederate unit, kept by the bot between its moves (conf_reach), is the
 * engine's answer after every move: C1 starts next to U1 (in an EZOC), so 6.3A refuses it
 * 2015 while U2 stands in 2016, six hexes from C1; U2 moves away (as bot_apply notes a
 * move) and 2015 is open to C1. A kept answer looked only at the hexes next to those its
 * search entered — U2's neighbours, all refused, none of them — and said no (seen in 1,339
 * of 166,562 kept answers in 30 of the bench's games). */
static void test_16_6a_kept_reach_follows_a_union_move_two_hexes_out(void **st)
{
	(void)st;
	static struct bot b, fresh_bot;
	movement_setup();
	fx_inf(U(1), 4, 6, 0);
	fx_place(U(1), 2011);
	fx_inf(C(1), 4, 4, 0);
	fx_def(C(1))->ma = 12;
	fx_place(C(1), 2010);
	fx_inf(U(2), 4, 6, 0);
	fx_place(U(2), 2016);
	b.s = fresh_bot.s = S;
	b.g = fresh_bot.g = G;
	b.keep = fresh_bot.keep = bot_keep(S);
	assert_false(bot_conf_reaches(&b, C(1), 2015)); /* 6.3A: EZOC to EZOC */
	assert_true(bot_conf_reaches(&b, C(1), 2018));  /* around U2 */
	fx_place(U(2), 1024);
	b.moves[b.nmoves].from = 2016;
	b.moves[b.nmoves].to = 1024;
	b.nmoves++;
	assert_true(bot_conf_reaches(&fresh_bot, C(1), 2015));
	assert_true(bot_conf_reaches(&b, C(1), 2015));
}

/* bot_distance_field keeps its last BOT_FIELDS fields (struct bot_keep) by their targets: a
 * field asked again, whether still kept or pushed out by others since, is the one worked out
 * afresh. */
static void test_distance_fields_kept(void **st)
{
	(void)st;
	static struct bot fresh_bot, b;
	static struct bot_keep fresh_keep, keep; /* empty: zeroed */
	static int fresh[HEX_INDEX_COUNT], other[HEX_INDEX_COUNT], again[HEX_INDEX_COUNT];
	fresh_bot.s = b.s = S;
	fresh_bot.g = b.g = G;
	fresh_bot.keep = &fresh_keep;
	b.keep = &keep;
	const int a[2] = { 2016, 2020 }, first[1] = { 1010 };
	bot_distance_field(&fresh_bot, a, 2, fresh);
	assert_int_equal(fresh[hex_index(2016)], 0);
	assert_true(fresh[hex_index(1010)] > 0);
	bot_distance_field(&b, first, 1, other);
	bot_distance_field(&b, a, 2, again);
	assert_int_equal(keep.nfields, 2);
	assert_memory_equal(again, fresh, sizeof fresh);
	bot_distance_field(&b, first, 1, again); /* kept: not worked out again */
	assert_int_equal(keep.nfields, 2);
	assert_memory_equal(again, other, sizeof other);
	assert_int_not_equal(other[hex_index(2016)], fresh[hex_index(2016)]);
	for (int i = 1; i <= BOT_FIELDS; i++) {
		const int t[1] = { hex_from_index(100 + 37 * i) }; /* BOT_FIELDS other targets */
		bot_distance_field(&b, t, 1, other);
	}
	bot_distance_field(&b, a, 2, again); /* pushed out and worked out again */
	assert_int_equal(keep.nfields, BOT_FIELDS + 3);
	assert_memory_equal(again, fresh, sizeof fresh);
}

/* The keep (bot_keep) outlasts a call only on the same map and charts: a field worked out,
 * the board then redrawn (woods in the target's neighbours), the field asked again is the
 * new board's, as a bot with nothing kept works it out. */
static void test_keep_follows_the_map(void **st)
{
	(void)st;
	static struct bot b, fresh_bot;
	static struct bot_keep empty;
	static int before[HEX_INDEX_COUNT], after[HEX_INDEX_COUNT], fresh[HEX_INDEX_COUNT];
	const int t[1] = { 2016 };
	b.s = fresh_bot.s = S;
	b.g = fresh_bot.g = G;
	b.keep = bot_keep(S);
	bot_distance_field(&b, t, 1, before);
	for (int d = 0; d < HEX_NDIRS; d++)
		fx_terrain(hex_neighbour(2016, (enum hex_dir)d), TERRAIN_WOODS);
	b.keep = bot_keep(S); /* as bot_new asks it */
	bot_distance_field(&b, t, 1, after);
	fresh_bot.keep = &empty;
	bot_distance_field(&fresh_bot, t, 1, fresh);
	assert_memory_equal(after, fresh, sizeof fresh);
	assert_true(after[hex_index(1910)] != before[hex_index(1910)]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bot_step_loss),
		cmocka_unit_test(test_objective_chart_and_ix_draw),
		cmocka_unit_test(test_objective_taken_and_recaptured),
		cmocka_unit_test(test_15_2a_taken_by_any_union_unit),
		cmocka_unit_test(test_out_of_objectives),
		cmocka_unit_test(test_withdrawal_roll_drms),
		cmocka_unit_test(test_withdrawal_note_when_the_enemy_is_near),
		cmocka_unit_test(test_recommitment_limit),
		cmocka_unit_test(test_extra_availability_rolls),
		cmocka_unit_test(test_8_14_mishap_exposes_the_enemy),
		cmocka_unit_test(test_16_2a_only_units_that_will_attack_move_first),
		cmocka_unit_test(test_16_2c_stronger_as_printed_now),
		cmocka_unit_test(test_16_1c_stacks_then_lone_infantry_then_lone_artillery),
		cmocka_unit_test(test_16_4_3_attack_adjacent),
		cmocka_unit_test(test_16_4_5_toward_objective),
		cmocka_unit_test(test_16_4_5_stops_short_of_a_strong_enemy),
		cmocka_unit_test(test_16_4_5_attacks_what_it_meets),
		cmocka_unit_test(test_16_4_1_supporting_attack),
		cmocka_unit_test(test_16_4_2_same_division),
		cmocka_unit_test(test_16_2a_attacks_that_arise_move_before_marches),
		cmocka_unit_test(test_16_4_4_protects_a_flank),
		cmocka_unit_test(test_16_4_4_flank_protection_within_the_corps),
		cmocka_unit_test(test_16_6_threat_from_a_full_move_away),
		cmocka_unit_test(test_16_6_no_threat_from_a_unit_that_cannot_move_there),
		cmocka_unit_test(test_16_6_one_unit_is_not_both_sides),
		cmocka_unit_test(test_16_6a_kept_reach_follows_a_union_move_two_hexes_out),
		cmocka_unit_test(test_widen_is_the_neighbours),
		cmocka_unit_test(test_16_6_no_threat_from_an_str_unit),
		cmocka_unit_test(test_16_4_a_unit_is_planned_once),
		cmocka_unit_test(test_16_7_str_unit_moves_away),
		cmocka_unit_test(test_16_7_str_unit_far_away_regroups),
		cmocka_unit_test(test_16_8_available_unit_near_the_enemy_across_the_creek_moves),
		cmocka_unit_test(test_16_8_available_unit_within_four_hexes_obeys_13_3e),
		cmocka_unit_test(test_17_0c_gun_joins_the_infantry),
		cmocka_unit_test(test_17_0a_gun_stays_when_it_can_fire),
		cmocka_unit_test(test_17_0a_gun_with_a_target_stays_and_fires),
		cmocka_unit_test(test_17_0e_lone_gun_keeps_out_of_reach),
		cmocka_unit_test(test_18_2_encircled_defender_first),
		cmocka_unit_test(test_18_3a_attacker_breaks_off_one_hex),
		cmocka_unit_test(test_18_3a_break_off_two_hexes_when_one_is_not_legal),
		cmocka_unit_test(test_18_3b_defender_breaks_off_at_10),
		cmocka_unit_test(test_18_4_optional_advance_by_the_movement_rules),
		cmocka_unit_test(test_11_19_supporting_advance_by_the_movement_rules),
		cmocka_unit_test(test_bot_command),
		cmocka_unit_test(test_bot_command_gun_stays_and_fires),
		cmocka_unit_test(test_bot_command_attackers_move_first),
		cmocka_unit_test(test_full_solitaire_games),
		cmocka_unit_test(test_full_games_two_player_rules),
		cmocka_unit_test(test_los_along_the_map_edge),
		cmocka_unit_test(test_quick_setup),
		cmocka_unit_test(test_bench_figures),
		cmocka_unit_test(test_distance_fields_kept),
		cmocka_unit_test(test_keep_follows_the_map),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
