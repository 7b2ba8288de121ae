/* action_text.c — owns the text form of every action: the --batch command that performs it
 * (PROTOCOL.md and the sub-decision commands documented in `help`). action_parse reads a
 * line into a struct action; action_format writes it back canonically, so that
 * action_format(action_parse(x)) == x for every canonical x and `legal` can print each
 * legal action as the command a player would type.
 *
 *   end                          finish the current step or phase
 *   move UNIT HEX [HEX ...]      move (one hex: the cheapest path; several: that path)
 *   fire UNIT TARGET             artillery fire, or defensive fire at an attacker
 *   attack HEX[+HEX...] UNIT ... declare an attack on a hex (11.3B: several hexes joined by +)
 *   resolve HEX                  resolve the attacks on HEX next (11.4E)
 *   decline [HEX]                decline an optional step (defensive fire, advance, support);
 *                                with HEX: withdraw the attack declared on HEX
 *   retreat UNIT HEX [HEX ...]   retreat along a path (1-3 hexes; more for stacking, 11.17.3A)
 *   advance UNIT HEX             advance after combat into HEX
 *   support UNIT                 make a supporting advance with UNIT (11.19)
 *   breakoff HEX                 break off the combat against HEX (11.5E)
 *   commit CORPS / withdraw CORPS
 *   mishap UNIT HEX              8.14: move an enemy unit one hex
 *   place UNIT HEX [STEPS] / remove UNIT / set turn N / set phase SIDE PHASE /
 *   set corps CORPS STATUS / seed N / dice D [D ...]     set-up and test actions */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action_text.h"
#include "game.h"

#define WORDS_MAX (GAME_PATH_MAX + 4)

static bool get_unit(const char *w, int *u, char *err, size_t errlen)
{
	*u = names_parse_unit(w);
	return *u >= 0 ? true : names_refusal(err, errlen, "'%s' is not a unit (U1-U69, C1-C53)", w);
}

static bool get_hex(const char *w, int *h, char *err, size_t errlen)
{
	return hex_parse(w, h) ? true : names_refusal(err, errlen, "'%s' is not a hex on the map", w);
}

static bool get_int(const char *w, long lo, long hi, long *v, char *err, size_t errlen)
{
	char *end;
	errno = 0;
	long x = strtol(w, &end, 10);
	if (errno || *end || end == w || x < lo || x > hi)
		return names_refusal(err, errlen, "'%s' is not a number from %ld to %ld", w, lo, hi);
	*v = x;
	return true;
}

static bool get_corps(const char *w, int *c, char *err, size_t errlen)
{
	enum corps x;
	if (!names_parse_corps(w, &x))
		return names_refusal(err, errlen, "'%s' is not a corps (I II V VI IX XII)", w);
	*c = x;
	return true;
}

bool game_parse_seed(const char *text, uint64_t *seed)
{
	if (!text[0] || strspn(text, "0123456789") != strlen(text))
		return false;
	errno = 0;
	unsigned long long x = strtoull(text, NULL, 10);
	if (errno)
		return false;
	*seed = x;
	return true;
}

static bool nargs(int argc, int lo, int hi, const char *usage, char *err, size_t errlen)
{
	if (argc < lo || argc > hi)
		return names_refusal(err, errlen, "usage: %s", usage);
	return true;
}

static bool parse_set(const char *const *w, int argc, struct action *a, char *err, size_t errlen)
{
	if (argc >= 2 && !strcmp(w[1], "turn")) {
		long n;
		if (!nargs(argc, 3, 3, "set turn N", err, errlen) ||
		    !get_int(w[2], 1, GAME_TURNS, &n, err, errlen))
			return false;
		a->type = ACT_SET_TURN;
		a->target = (int)n;
		return true;
	}
	if (argc >= 2 && !strcmp(w[1], "phase")) {
		enum phase p;
		if (!nargs(argc, 4, 4, "set phase SIDE PHASE", err, errlen))
			return false;
		if (!names_parse_side(w[2], &a->side))
			return names_refusal(err, errlen, "'%s' is not a side (union, confederate)", w[2]);
		if (!names_parse_phase(w[3], &p))
			return names_refusal(err, errlen, "'%s' is not a phase (movement, artillery, combat)", w[3]);
		a->type = ACT_SET_PHASE;
		a->value = (int)p;
		return true;
	}
	if (argc >= 2 && !strcmp(w[1], "corps")) {
		enum corps_status s;
		if (!nargs(argc, 4, 4, "set corps CORPS STATUS", err, errlen) ||
		    !get_corps(w[2], &a->target, err, errlen))
			return false;
		if (!names_parse_corps_status(w[3], &s))
			return names_refusal(err, errlen, "'%s' is not a status (committed, available, unavailable)", w[3]);
		a->type = ACT_SET_CORPS;
		a->value = (int)s;
		return true;
	}
	return names_refusal(err, errlen, "usage: set turn N | set phase SIDE PHASE | set corps CORPS STATUS");
}

/* "2520" or "2520+2521": the defending hexes of an attack. */
static bool parse_attack_hexes(const char *word, struct action *a, char *err, size_t errlen)
{
	char w[1024];
	if (strlen(word) >= sizeof w)
		return names_refusal(err, errlen, "attack: '%.40s…' is too long", word);
	strcpy(w, word);
	char *save = NULL;
	for (char *tok = strtok_r(w, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
		int h;
		if (a->n >= GAME_PATH_MAX || !get_hex(tok, &h, err, errlen))
			return false;
		a->hex[a->n++] = (int16_t)h;
	}
	if (a->n == 0)
		return names_refusal(err, errlen, "attack: no hex");
	a->target = a->hex[0];
	return true;
}

bool action_parse(const struct scenario *s, const char *line, struct action *a, char *err,
		  size_t errlen)
{
	char buf[1024];
	const char *w[WORDS_MAX + 1];
	int argc = 0;
	snprintf(buf, sizeof buf, "%s", line);
	char *save = NULL;
	for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (argc == WORDS_MAX + 1)
			break; /* one too many is enough to refuse */
		w[argc++] = tok;
	}
	return action_parse_words(s, argc, w, a, err, errlen);
}

bool action_parse_words(const struct scenario *s, int argc, const char *const *w,
			struct action *a, char *err, size_t errlen)
{
	(void)s;
	memset(a, 0, sizeof *a);
	a->unit = -1;
	a->target = -1;
	a->side = SIDE_NONE;
	if (argc > WORDS_MAX)
		return names_refusal(err, errlen, "too many words");
	if (argc == 0)
		return names_refusal(err, errlen, "empty command");
	const char *cmd = w[0];
	int h;
	long n;
	if (!strcmp(cmd, "end")) {
		a->type = ACT_END;
		return nargs(argc, 1, 1, cmd, err, errlen);
	}
	if (!strcmp(cmd, "decline")) {
		/* "decline HEX": withdraw the attack declared on HEX (combat.c) */
		a->type = ACT_DECLINE;
		return nargs(argc, 1, 2, "decline [HEX]", err, errlen) &&
		       (argc == 1 || get_hex(w[1], &a->target, err, errlen));
	}
	if (!strcmp(cmd, "move") || !strcmp(cmd, "retreat")) {
		bool move = cmd[0] == 'm';
		/* a retreat is 1-3 hexes, more when stacking forbids its end (11.17.3A) */
		const char *usage = move ? "move UNIT HEX [HEX ...]" : "retreat UNIT HEX [HEX ...]";
		if (!nargs(argc, 3, 2 + (move ? GAME_PATH_MAX : RETREAT_LEN_MAX), usage, err, errlen) ||
		    !get_unit(w[1], &a->unit, err, errlen))
			return false;
		a->type = move ? ACT_MOVE : ACT_RETREAT;
		for (int i = 2; i < argc; i++) {
			if (!get_hex(w[i], &h, err, errlen))
				return false;
			a->hex[a->n++] = (int16_t)h;
		}
		return true;
	}
	if (!strcmp(cmd, "fire")) {
		a->type = ACT_FIRE;
		return nargs(argc, 3, 3, "fire UNIT TARGET", err, errlen) &&
		       get_unit(w[1], &a->unit, err, errlen) && get_unit(w[2], &a->target, err, errlen);
	}
	if (!strcmp(cmd, "attack")) {
		a->type = ACT_ATTACK;
		if (!nargs(argc, 3, 2 + 8, "attack HEX[+HEX...] UNIT [UNIT ...]", err, errlen) ||
		    !parse_attack_hexes(w[1], a, err, errlen))
			return false;
		for (int i = 2; i < argc; i++) {
			int u;
			if (!get_unit(w[i], &u, err, errlen))
				return false;
			a->units[a->nunits++] = (int16_t)u;
		}
		return true;
	}
	if (!strcmp(cmd, "resolve") || !strcmp(cmd, "breakoff")) {
		a->type = cmd[0] == 'r' ? ACT_RESOLVE : ACT_BREAK_OFF;
		return nargs(argc, 2, 2, cmd[0] == 'r' ? "resolve HEX" : "breakoff HEX", err, errlen) &&
		       get_hex(w[1], &a->target, err, errlen);
	}
	if (!strcmp(cmd, "advance") || !strcmp(cmd, "mishap")) {
		a->type = cmd[0] == 'a' ? ACT_ADVANCE : ACT_MISHAP;
		return nargs(argc, 3, 3, cmd[0] == 'a' ? "advance UNIT HEX" : "mishap UNIT HEX", err,
			     errlen) &&
		       get_unit(w[1], &a->unit, err, errlen) && get_hex(w[2], &a->target, err, errlen);
	}
	if (!strcmp(cmd, "lose")) {
		a->type = ACT_LOSE;
		return nargs(argc, 2, 2, "lose UNIT", err, errlen) &&
		       get_unit(w[1], &a->unit, err, errlen);
	}
	if (!strcmp(cmd, "support") || !strcmp(cmd, "remove")) {
		a->type = cmd[0] == 's' ? ACT_SUPPORT : ACT_REMOVE;
		return nargs(argc, 2, 2, cmd[0] == 's' ? "support UNIT" : "remove UNIT", err, errlen) &&
		       get_unit(w[1], &a->unit, err, errlen);
	}
	if (!strcmp(cmd, "commit") || !strcmp(cmd, "withdraw")) {
		a->type = cmd[0] == 'c' ? ACT_COMMIT : ACT_WITHDRAW;
		return nargs(argc, 2, 2, cmd[0] == 'c' ? "commit CORPS" : "withdraw CORPS", err, errlen) &&
		       get_corps(w[1], &a->target, err, errlen);
	}
	if (!strcmp(cmd, "place")) {
		a->type = ACT_PLACE;
		if (!nargs(argc, 3, 4, "place UNIT HEX [STEPS]", err, errlen) ||
		    !get_unit(w[1], &a->unit, err, errlen) || !get_hex(w[2], &a->target, err, errlen))
			return false;
		if (argc == 4) {
			if (!get_int(w[3], 1, ROSTER_STEPS_MAX, &n, err, errlen))
				return false;
			a->value = (int)n;
		}
		return true;
	}
	if (!strcmp(cmd, "set"))
		return parse_set(w, argc, a, err, errlen);
	if (!strcmp(cmd, "seed")) {
		a->type = ACT_SEED;
		if (!nargs(argc, 2, 2, "seed N", err, errlen))
			return false;
		if (!game_parse_seed(w[1], &a->number))
			return names_refusal(err, errlen, "'%s' is not a seed (a whole number 0 to "
					     "18446744073709551615)", w[1]);
		return true;
	}
	if (!strcmp(cmd, "dice")) {
		a->type = ACT_DICE;
		if (!nargs(argc, 2, 1 + GAME_FORCED_MAX, "dice D [D ...]", err, errlen))
			return false;
		for (int i = 1; i < argc; i++) {
			if (!get_int(w[i], 1, 6, &n, err, errlen))
				return false;
			a->hex[a->n++] = (int16_t)n;
		}
		return true;
	}
	return names_refusal(err, errlen, "'%s' is not an action", cmd);
}

/* Append to buf at *len, never past len. */
static void put(char *buf, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	if (*len >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len += (size_t)k;
}

void action_format(const struct scenario *s, const struct action *a, char *buf, size_t size)
{
	(void)s;
	size_t len = 0;
	if (size)
		buf[0] = 0;
	const char *u = a->unit >= 0 ? names_of_unit(a->unit) : "?";
	switch (a->type) {
	case ACT_END: put(buf, size, &len, "end"); break;
	case ACT_DECLINE:
		put(buf, size, &len, "decline");
		if (a->target >= 0)
			put(buf, size, &len, " %04d", a->target);
		break;
	case ACT_MOVE:
	case ACT_RETREAT:
		put(buf, size, &len, "%s %s", a->type == ACT_MOVE ? "move" : "retreat", u);
		for (int i = 0; i < a->n; i++)
			put(buf, size, &len, " %04d", a->hex[i]);
		break;
	case ACT_FIRE: put(buf, size, &len, "fire %s %s", u, names_of_unit(a->target)); break;
	case ACT_ATTACK:
		put(buf, size, &len, "attack ");
		if (a->n == 0)
			put(buf, size, &len, "%04d", a->target);
		for (int i = 0; i < a->n; i++)
			put(buf, size, &len, "%s%04d", i ? "+" : "", a->hex[i]);
		for (int i = 0; i < a->nunits; i++)
			put(buf, size, &len, " %s", names_of_unit(a->units[i]));
		break;
	case ACT_RESOLVE: put(buf, size, &len, "resolve %04d", a->target); break;
	case ACT_BREAK_OFF: put(buf, size, &len, "breakoff %04d", a->target); break;
	case ACT_ADVANCE: put(buf, size, &len, "advance %s %04d", u, a->target); break;
	case ACT_MISHAP: put(buf, size, &len, "mishap %s %04d", u, a->target); break;
	case ACT_SUPPORT: put(buf, size, &len, "support %s", u); break;
	case ACT_LOSE: put(buf, size, &len, "lose %s", u); break;
	case ACT_REMOVE: put(buf, size, &len, "remove %s", u); break;
	case ACT_COMMIT:
	case ACT_WITHDRAW:
		put(buf, size, &len, "%s %s", a->type == ACT_COMMIT ? "commit" : "withdraw",
		    names_of_corps((enum corps)a->target));
		break;
	case ACT_PLACE:
		put(buf, size, &len, "place %s %04d", u, a->target);
		if (a->value)
			put(buf, size, &len, " %d", a->value);
		break;
	case ACT_SET_TURN: put(buf, size, &len, "set turn %d", a->target); break;
	case ACT_SET_PHASE:
		put(buf, size, &len, "set phase %s %s", names_of_side(a->side),
		    names_of_phase((enum phase)a->value));
		break;
	case ACT_SET_CORPS:
		put(buf, size, &len, "set corps %s %s", names_of_corps((enum corps)a->target),
		    names_of_corps_status((enum corps_status)a->value));
		break;
	case ACT_SEED: put(buf, size, &len, "seed %llu", (unsigned long long)a->number); break;
	case ACT_DICE:
		put(buf, size, &len, "dice");
		for (int i = 0; i < a->n; i++)
			put(buf, size, &len, " %d", a->hex[i]);
		break;
	default: put(buf, size, &len, "?"); break;
	}
}
