/* cmd_combat.c — the --batch commands of artillery fire, combat and victory (PROTOCOL.md):
 * `fire` (the fixed `roll R drm D result S` answer), `attack`, `odds` (one fixed line per
 * attacker, then the breakdown with rule numbers and the chance of each result),
 * `control` and `vp`. Actions go through action_parse() and game_apply(); the rest are
 * queries of combat.h and victory.h. */
#include <stdio.h>
#include <string.h>

#include "action_text.h"
#include "cli_internal.h"
#include "combat.h"
#include "event_text.h"
#include "tables.h"
#include "victory.h"

static const char *cmd_fire(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	if (argc != 3)
		return cli_fail(err, errlen, "usage: fire UNIT TARGET");
	int nlog = g->nlog;
	if (cli_apply_action(c, argc, argv, err, errlen))
		return err;
	/* the answer is the FIRE event the action raised (10.2C) */
	const struct event_log *log = &match_record(c->match)->events;
	for (int k = nlog; k < g->nlog; k++) {
		const struct game_event *e = event_log_at(log, k);
		if (e && e->kind == EVENT_FIRE) {
			fprintf(out, "roll %d drm %d result %d", e->die, e->drm, e->steps);
			return NULL;
		}
	}
	return cli_fail(err, errlen, "no fire was resolved");
}

static const char *cmd_attack(struct cli *c, int argc, char **argv, FILE *out, char *err,
			      size_t errlen)
{
	(void)out;
	return cli_apply_action(c, argc, argv, err, errlen);
}

/* "2520" or "2520+2521" (11.3B). */
static bool parse_hexes(const char *w, int *hexes, int *n)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%s", w);
	*n = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, "+,", &save); t; t = strtok_r(NULL, "+,", &save)) {
		if (*n >= COMBAT_DEFHEX_MAX || !hex_parse(t, &hexes[*n]))
			return false;
		(*n)++;
	}
	return *n > 0;
}

static const char *cmd_odds(struct cli *c, int argc, char **argv, FILE *out, char *err,
			    size_t errlen)
{
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	if (argc < 3 || argc > 2 + COMBAT_ATTACKERS_MAX)
		return cli_fail(err, errlen, "usage: odds HEX[+HEX] UNIT [UNIT ...]");
	int hexes[COMBAT_DEFHEX_MAX], nh;
	if (!parse_hexes(argv[1], hexes, &nh))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[1]);
	int units[COMBAT_ATTACKERS_MAX], nu = 0;
	for (int i = 2; i < argc; i++) {
		units[nu] = names_parse_unit(argv[i]);
		if (units[nu] < 0)
			return cli_fail(err, errlen, "'%s' is not a unit", argv[i]);
		nu++;
	}
	struct combat_odds o[COMBAT_ATTACKERS_MAX];
	for (int i = 0; i < nu; i++)
		if (!odds_attack(g, units[i], hexes, nh, units, nu, &o[i], err, errlen))
			return err;
	for (int i = 0; i < nu; i++)
		fprintf(out, "%s%s column %s drm %+d", i ? "\n" : "", names_of_unit(units[i]),
			tables_crt_column_name((enum crt_column)o[i].column), o[i].drm);
	for (int i = 0; i < nu; i++) {
		const char *id = names_of_unit(units[i]);
		fprintf(out, "\n%s attack %d (printed %d, halved %d time%s) defence %d", id,
			o[i].attack, o[i].attack_printed, o[i].halvings,
			o[i].halvings == 1 ? "" : "s", o[i].defence);
		for (int k = 0; k < o[i].nmods; k++) {
			char what[64];
			modifier_text(&o[i].mod[k], what, sizeof what);
			fprintf(out, "\n%s %+d %s %s", id, o[i].mod[k].value,
				modifier_rule((enum modifier)o[i].mod[k].id), what);
		}
		struct crt_chance ch[6];
		int n = odds_chances(&o[i], ch);
		fprintf(out, "\n%s results", id);
		for (int k = 0; k < n; k++)
			fprintf(out, " %d/%d%s:%d/6", ch[k].attacker, ch[k].defender,
				ch[k].retreat ? "*" : "", ch[k].sixths);
	}
	return NULL;
}

static const char *cmd_control(struct cli *c, int argc, char **argv, FILE *out, char *err,
			       size_t errlen)
{
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	int hex;
	if (argc != 2)
		return cli_fail(err, errlen, "usage: control HEX");
	if (!hex_parse(argv[1], &hex))
		return cli_fail(err, errlen, "'%s' is not a hex on the map", argv[1]);
	enum side s = victory_control(g, hex);
	fputs(s == SIDE_NONE ? "none" : names_of_side(s), out);
	return NULL;
}

static const char *cmd_vp(struct cli *c, int argc, char **argv, FILE *out, char *err,
			  size_t errlen)
{
	const struct game *g = cli_game(c, err, errlen);
	if (!g)
		return err;
	bool solo = false, detail = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "solitaire"))
			solo = true;
		else if (!strcmp(argv[i], "detail"))
			detail = true;
		else
			return cli_fail(err, errlen, "usage: vp [solitaire] [detail]");
	}
	struct victory_count vc;
	if (solo)
		victory_solitaire(g, &vc);
	else
		victory_two_player(g, &vc);
	char buf[32];
	victory_format(vc.vp2, buf, sizeof buf);
	fprintf(out, "%s %s", buf, vc.level ? vc.level : "?");
	for (int i = 0; detail && i < vc.nlines; i++) {
		const struct victory_line *l = &vc.line[i];
		victory_format(l->vp2, buf, sizeof buf);
		if (!strncmp(l->key, "eliminated-", 11))
			fprintf(out, "\n%s %s units %d", l->key, buf, l->held);
		else
			fprintf(out, "\n%s %s held %d/%d", l->key, buf, l->held, l->nhexes);
	}
	return NULL;
}

static const struct cli_command combat_cmds[] = {
	{ "fire", "fire UNIT TARGET          artillery fire (10.2) or defensive fire (11.5B)", cmd_fire },
	{ "attack", "attack HEX[+HEX] UNIT ... declare an attack (11.5A; several hexes 11.3B)", cmd_attack },
	{ "odds", "odds HEX[+HEX] UNIT ...   column and DRM of each attacker, then the breakdown", cmd_odds },
	{ "control", "control HEX               who controls a hex (3.3)", cmd_control },
	{ "vp", "vp [solitaire] [detail]   victory points and level (3.2-3.5, 19.0)", cmd_vp },
};
const struct cli_table cli_combat_commands = { combat_cmds,
					       sizeof combat_cmds / sizeof combat_cmds[0] };
