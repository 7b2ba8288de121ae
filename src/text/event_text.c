/* event_text.c — owns the English of the game's events: one sentence per event kind, the
 * same words the engine's log held when it was text (so the golden transcripts and saved
 * logs read as before), the English of the reasons from event.h's list and of the die-roll
 * modifiers from modifier.h's. */
#include <stdio.h>
#include <string.h>

#include "event_text.h"
#include "printable.h"
#include "game.h"
#include "solitaire.h"
#include "tables.h"

static const char *const why_english[EVENT_WHY_COUNT] = {
#define WHY_ENGLISH(name, word, english) english,
	EVENT_WHYS(WHY_ENGLISH)
#undef WHY_ENGLISH
};

static const char *const modifier_english[MOD_COUNT] = {
#define MODIFIER_ENGLISH(name, word, rule, numbers, english) english,
	MODIFIERS(MODIFIER_ENGLISH)
#undef MODIFIER_ENGLISH
};

void modifier_text(const struct combat_mod *m, char *buf, size_t len)
{
	const char *w = m->id >= 0 && m->id < MOD_COUNT ? modifier_english[m->id] : "?";
	int number[2] = { m->a, m->b }, used = 0;
	size_t n = 0;
	if (len == 0)
		return;
	/* each "%d" of the English in turn takes the modifier's next number */
	for (; *w && n + 1 < len; w++) {
		if (w[0] == '%' && w[1] == 'd' && used < 2) {
			int k = snprintf(buf + n, len - n, "%d", number[used++]);
			n += k > 0 ? (size_t)k : 0;
			n = n < len ? n : len - 1;
			w++;
		} else {
			buf[n++] = *w;
		}
	}
	buf[n] = '\0';
}

static const char *side_name(int s)
{
	return s >= 0 && s <= SIDE_NONE ? names_of_side((enum side)s) : "?";
}

static const char *corps_name(int c) { return names_of_corps((enum corps)c); }

/* The reason's English, its "%s" replaced by the event's corps or formation. */
static void why_text(const struct game_event *e, char *buf, size_t len)
{
	const char *w = e->why < EVENT_WHY_COUNT ? why_english[e->why] : "?";
	const char *hole = strstr(w, "%s");
	if (!hole) {
		snprintf(buf, len, "%s", w);
		return;
	}
	const char *name = e->formation >= 0 ? solitaire_formation_name(e->formation)
					     : corps_name(e->corps);
	snprintf(buf, len, "%.*s%s%s", (int)(hole - w), w, name, hole + 2);
}

static const char *objective_label(const struct scenario *s, const struct game_event *e,
				   char *buf, size_t len)
{
	struct solo_objective o = { .key = e->objective, .hex = e->objective_hex };
	return solitaire_objective_label(s, &o, buf, len);
}

/* The sentence of a unit's move: "U12 moves 1707 1708 (2 MP)", the path cut where the log's
 * line of old was full. */
static void move_text(const struct game_event *e, char *line, size_t len)
{
	char text[EVENT_TEXT_MAX];
	int n = snprintf(text, sizeof text, "%s moves", names_of_unit(e->unit));
	for (int i = 0; i < e->n && i < EVENT_HEXES && n < (int)sizeof text - 8; i++)
		n += snprintf(text + n, sizeof text - (size_t)n, " %d", e->hex[i]);
	snprintf(line, len, "%s (%d MP%s)", text, e->mp, e->double_time ? ", double-time" : "");
}

static void declare_text(const struct game_event *e, char *line, size_t len)
{
	char names[64] = "";
	for (int i = 0; i < e->n && i < EVENT_HEXES; i++) {
		size_t used = strlen(names);
		snprintf(names + used, sizeof names - used, " %s", names_of_unit(e->hex[i]));
	}
	snprintf(line, len, "attack on %04d%s declared:%s", e->from, e->several ? " (+)" : "",
		 names);
}

static void retreat_text(const struct game_event *e, char *line, size_t len)
{
	char way[EVENT_HEXES * 5 + 1] = "";
	for (int i = 0, used = 0; i < e->n && i < EVENT_HEXES && used + 6 <= (int)sizeof way; i++)
		used += snprintf(way + used, sizeof way - (size_t)used, " %04d", e->hex[i]);
	snprintf(line, len, "%s retreats %d hex%s from %04d:%s", names_of_unit(e->unit), e->n,
		 e->n == 1 ? "" : "es", e->from, way);
}

static void corps_status_text(const struct game_event *e, char *line, size_t len)
{
	char rule[16];
	why_text(e, rule, sizeof rule);
	const char *c = corps_name(e->corps);
	switch (e->status) {
	case CORPS_COMMITTED:
		snprintf(line, len, "%s: %s Corps is Committed", rule, c);
		break;
	case CORPS_AVAILABLE:
		snprintf(line, len, "%s: %s Corps is Available%s", rule, c,
			 e->why == EVENT_WHY_SOLITAIRE_AVAILABLE ? " and must be committed" : "");
		break;
	default:
		snprintf(line, len, "%s: %s Corps withdraws", rule, c);
		break;
	}
}

void event_format(const struct scenario *s, const struct game_event *e, char *buf, size_t len)
{
	char line[4 * EVENT_TEXT_MAX], why[64], label[MAP_NAME_MAX + 8];
	const char *u = names_of_unit(e->unit);
	switch ((enum event_kind)e->kind) {
	case EVENT_NEW_GAME:
		snprintf(line, sizeof line, "new game, %s set-up, seed %llu",
			 e->setup >= 0 && e->setup < SETUP_COUNT ? names_setup[e->setup] : "?",
			 (unsigned long long)e->seed);
		break;
	case EVENT_TURN_BEGINS:
		snprintf(line, sizeof line, "turn %d begins", e->turn);
		break;
	case EVENT_GAME_ENDS:
		snprintf(line, sizeof line, "5.3: the game ends after turn %d", e->turn);
		break;
	case EVENT_SETUP_DONE:
		snprintf(line, sizeof line, "4.2: the %s set-up is complete", side_name(e->side));
		break;
	case EVENT_DIE:
		why_text(e, why, sizeof why);
		snprintf(line, sizeof line, "die %d: %s", e->die, why);
		break;
	case EVENT_STEP_LOST:
		why_text(e, why, sizeof why);
		snprintf(line, sizeof line, "%s loses a step (%s), %d left", u, why, e->steps);
		break;
	case EVENT_ELIMINATED:
		why_text(e, why, sizeof why);
		snprintf(line, sizeof line, "%s eliminated (%s)", u, why);
		break;
	case EVENT_MOVE:
		move_text(e, line, sizeof line);
		break;
	case EVENT_HOOD_RELEASED:
		snprintf(line, sizeof line,
			 "4.5C: a Union unit is adjacent to Hood's division: it may move");
		break;
	case EVENT_AP_HILL:
		snprintf(line, sizeof line, "9.1: A.P. Hill arrives on turn %d", e->turn);
		break;
	case EVENT_REGROUP:
		snprintf(line, sizeof line, "12.0: %s regroups to %d steps", u, e->steps);
		break;
	case EVENT_MISHAP_NONE:
		snprintf(line, sizeof line, "8.14: a mishap, but no enemy unit can legally move");
		break;
	case EVENT_MISHAP_DECLINED:
		snprintf(line, sizeof line, "8.14: no mishap move");
		break;
	case EVENT_MISHAP_MOVE:
		snprintf(line, sizeof line, "8.14: mishap moves %s from %d to %d", u, e->from, e->to);
		break;
	case EVENT_CREEK_CROSSED:
		snprintf(line, sizeof line,
			 "8.12B: %s crosses Antietam Creek: the Union corps limits are lifted", u);
		break;
	case EVENT_LIMITS_LIFTED:
		snprintf(line, sizeof line,
			 "13.3F: %s is adjacent to %s Corps: its limits are lifted against it", u,
			 corps_name(e->corps));
		break;
	case EVENT_CORPS_STATUS:
		corps_status_text(e, line, sizeof line);
		break;
	case EVENT_WITHDRAW_STAYS:
		snprintf(line, sizeof line,
			 "13.6A: %s stays in %d, five or more hexes from every enemy unit", u, e->from);
		break;
	case EVENT_WITHDRAW_MOVE:
		snprintf(line, sizeof line, "13.6: %s withdraws from %d to %d", u, e->from, e->to);
		break;
	case EVENT_WITHDRAW_TRAPPED:
		snprintf(line, sizeof line, "13.6D: %s cannot withdraw and is eliminated", u);
		break;
	case EVENT_FIRE:
		snprintf(line, sizeof line, "%s fires%s at %s: roll %d drm %+d, %d step%s lost", u,
			 e->defensive ? " defensively" : "", names_of_unit(e->target), e->die, e->drm,
			 e->steps, e->steps == 1 ? "" : "s");
		break;
	case EVENT_DECLARE:
		declare_text(e, line, sizeof line);
		break;
	case EVENT_CANCEL:
		snprintf(line, sizeof line, "attack on %04d cancelled", e->from);
		break;
	case EVENT_NO_ATTACKS:
		snprintf(line, sizeof line, "no attacks in round %d", e->round);
		break;
	case EVENT_ATTACK:
		snprintf(line, sizeof line,
			 "%s attacks %04d: %d against %d, column %s, roll %d drm %+d: %d/%d%s", u,
			 e->from, e->attack, e->defence,
			 tables_crt_column_name((enum crt_column)e->column), e->die, e->drm,
			 e->att_loss, e->def_loss, e->retreat ? "*" : "");
		break;
	case EVENT_RETREAT:
		retreat_text(e, line, sizeof line);
		break;
	case EVENT_NO_RETREAT:
		snprintf(line, sizeof line, "%s cannot retreat and is eliminated (11.17.3F)", u);
		break;
	case EVENT_ADVANCE:
		snprintf(line, sizeof line, "%s advances from %04d into %04d (11.18)", u, e->from,
			 e->to);
		break;
	case EVENT_SUPPORT:
		snprintf(line, sizeof line, "%s makes a supporting advance from %04d into %04d (11.19)",
			 u, e->from, e->to);
		break;
	case EVENT_ROUND_TWO:
		snprintf(line, sizeof line, "combat round 2 (11.5E)");
		break;
	case EVENT_BREAK_OFF:
		snprintf(line, sizeof line, "%s breaks off the combat at %04d (11.5E)",
			 side_name(e->side), e->from);
		break;
	case EVENT_IX_MARKER:
		snprintf(line, sizeof line, "15.6C: IX/%d draws the marker of hex %04d",
			 e->formation - SOLO_IX1 + 1, e->from);
		break;
	case EVENT_OBJECTIVE:
		snprintf(line, sizeof line, "15.2: %s objective %d is %s%s",
			 solitaire_formation_name(e->formation), e->column + 1,
			 objective_label(s, e, label, sizeof label), e->rolled ? " (rolled)" : "");
		break;
	case EVENT_OBJECTIVE_TAKEN:
		snprintf(line, sizeof line, "15.2A: %s has taken %s",
			 solitaire_formation_name(e->formation),
			 objective_label(s, e, label, sizeof label));
		break;
	case EVENT_OBJECTIVE_RETAKEN:
		snprintf(line, sizeof line, "15.4: %s reverts to %s, retaken by the Confederacy",
			 solitaire_formation_name(e->formation),
			 objective_label(s, e, label, sizeof label));
		break;
	case EVENT_NO_OBJECTIVE_LEFT:
		snprintf(line, sizeof line, "15.5: %s has no objective left; its units stay put",
			 solitaire_formation_name(e->formation));
		break;
	case EVENT_WITHDRAWAL_ROLL:
		snprintf(line, sizeof line,
			 "14.2: %s Corps rolls %d%+d (%d brigades eliminated, %d of %d infantry steps "
			 "lost): %s", corps_name(e->corps), e->die, e->drm, e->eliminated, e->lost,
			 e->start, e->withdrawn ? "withdrawn" : "stays committed");
		break;
	case EVENT_NOTE:
		snprintf(line, sizeof line, "%.*s", (int)sizeof e->text, e->text);
		break;
	default:
		snprintf(line, sizeof line, "event %d", e->kind);
		break;
	}
	/* cut at EVENT_TEXT_MAX - 1 characters, where the text log of old cut its lines; a
	 * note is a file's text, and every front-end shows this line: printable only */
	text_printable(buf, len < EVENT_TEXT_MAX ? len : EVENT_TEXT_MAX, line);
}

void event_format_at(const struct scenario *s, const struct event_log *log, int k, char *buf,
		     size_t len)
{
	const struct game_event *e = event_log_at(log, k);
	event_format(s, e, buf, len);
	if (e->kind != EVENT_DIE || e->why != EVENT_WHY_PANIC)
		return;
	/* 11.17.5: the step goes at once, so a loss is the very next event */
	const struct game_event *next = k + 1 < event_log_end(log) ? event_log_at(log, k + 1) : NULL;
	size_t n = strlen(buf);
	if (next && (next->kind == EVENT_STEP_LOST || next->kind == EVENT_ELIMINATED) &&
	    next->why == EVENT_WHY_PANIC)
		snprintf(buf + n, len - n, ": %s loses a step (die + morale 2 or less)",
			 names_of_unit(next->unit));
	else
		snprintf(buf + n, len - n, ": the unit holds (die + morale 3 or more)");
}
