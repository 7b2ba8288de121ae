/* reference.c — owns the rules reference at the terminal (`?`): a list of the rules the
 * message line (a refusal), the pending decision, the side panel and the latest log lines
 * cite, then the glossary, the help and the index of every summary; the chosen one opens as
 * a page. The summaries are data/rules.txt (rules.c loads and looks them up). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_text.h"
#include "rules.h"
#include "tui_internal.h"

/* The rules behind each decision (SEQUENCE.md), so `?` always has something to say. */
static const char *const decision_rules[DECISION_COUNT] = {
	[DECISION_MISHAP] = "8.14", [DECISION_WITHDRAWAL] = "13.5",
	[DECISION_WITHDRAW_MOVE] = "13.6", [DECISION_COMMITMENT] = "13",
	[DECISION_MOVEMENT] = "8", [DECISION_ARTILLERY] = "10", [DECISION_COMBAT] = "11.1",
	[DECISION_RESOLVE] = "11.4", [DECISION_DEFENSIVE_FIRE] = "10.9",
	[DECISION_RETREAT] = "11.17", [DECISION_ADVANCE] = "11.18", [DECISION_SUPPORT] = "11.19",
	[DECISION_BREAK_OFF] = "11.5", [DECISION_COMBAT_ROUND2] = "11.5",
	[DECISION_GAMEOVER] = "3", [DECISION_SETUP] = "4.2",
};

#define REF_ITEMS (RULES_MAX + 16)

struct ref_list {
	const struct rules_entry *entry[REF_ITEMS];
	char text[REF_ITEMS][128];
	const char *item[REF_ITEMS];
	int n;
	int key_w; /* the longest key of the loaded reference: the titles line up */
};

static void add(struct ref_list *l, const struct rules_entry *e, const char *why)
{
	if (!e || l->n >= REF_ITEMS)
		return;
	for (int i = 0; i < l->n; i++)
		if (l->entry[i] == e)
			return;
	snprintf(l->text[l->n], sizeof l->text[l->n], "%-*s %s%s%s%s", l->key_w, e->key, e->title,
		 why[0] ? "  (" : "", why, why[0] ? ")" : "");
	l->item[l->n] = l->text[l->n];
	l->entry[l->n++] = e;
}

/* The rules a text cites, as list lines saying where they were seen. */
static void add_cited(const struct tui *t, struct ref_list *l, const char *text, const char *why)
{
	char keys[16][RULES_KEY_W];
	int n = rules_scan(text, keys, 16);
	for (int i = 0; i < n; i++)
		add(l, rules_find(t->rules, keys[i]), why);
}

void reference_page(struct tui *t, const struct rules_entry *e)
{
	/* the entry's text as one paragraph, folded at spaces to the screen's width */
	static char para[RULES_LINES / 4 * RULES_LINE_W];
	static char folded[RULES_LINES / 2][RULES_LINE_W];
	const char *lines[RULES_LINES / 2];
	size_t len = 0;
	para[0] = 0;
	for (int i = 0; i < e->nlines && len + RULES_LINE_W + 1 < sizeof para; i++)
		len += (size_t)snprintf(para + len, sizeof para - len, "%s%s", len ? " " : "",
					t->rules->line[e->first + i]);
	int w = COLS - 3 < RULES_LINE_W - 1 ? COLS - 3 : RULES_LINE_W - 1, n = 0;
	if (w < 20)
		w = 20;
	for (const char *p = para; *p && n < RULES_LINES / 2; n++) {
		int cut = (int)strlen(p);
		if (cut > w) {
			cut = w;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = w;
		}
		snprintf(folded[n], sizeof folded[n], "%.*s", cut, p);
		lines[n] = folded[n];
		p += cut;
		while (*p == ' ')
			p++;
	}
	char title[128];
	snprintf(title, sizeof title, "%s %s%s", e->key, e->title,
		 e->term ? " (glossary)" : " (a summary: the rulebook decides)");
	dialog_text(t, title, lines, n);
}

void reference_open(struct tui *t)
{
	static struct ref_list l;
	l.n = 0;
	l.key_w = 8;
	for (int i = 0; i < t->rules->n; i++)
		if ((int)strlen(t->rules->entry[i].key) > l.key_w)
			l.key_w = (int)strlen(t->rules->entry[i].key);
	if (t->playing) {
		add_cited(t, &l, t->msg, "message");
		const struct game *g = t->g;
		if (g->pending.what < DECISION_COUNT && decision_rules[g->pending.what])
			add(&l, rules_find(t->rules, decision_rules[g->pending.what]), "decision");
		const char *panel[256];
		int np = panel_lines(panel, 256);
		for (int i = 0; i < np; i++)
			add_cited(t, &l, panel[i], "panel");
		const struct event_log *log = &match_record(t->match)->events;
		int end = event_log_end(log);
		for (int k = end - 1; k >= log->first && k >= end - 12; k--) {
			const struct game_event *e = event_log_at(log, k);
			if (!e)
				break;
			char text[EVENT_TEXT_MAX];
			event_format(g->scn, e, text, sizeof text);
			add_cited(t, &l, text, "log");
		}
	}
	int cited = l.n;
	for (int i = 0; i < t->rules->n; i++)
		if (t->rules->entry[i].term)
			add(&l, &t->rules->entry[i], "glossary");
	int help = l.n;
	if (l.n < REF_ITEMS) {
		snprintf(l.text[l.n], sizeof l.text[l.n], "Help: keys, sequence of play, map legend");
		l.item[l.n] = l.text[l.n];
		l.entry[l.n++] = NULL;
	}
	int charts = l.n; /* the charts, from the tables the game loaded (charts.c) */
	for (int c = 0; c < CHART_COUNT && l.n < REF_ITEMS; c++) {
		snprintf(l.text[l.n], sizeof l.text[l.n], "%s", charts_title((enum chart)c));
		l.item[l.n] = l.text[l.n];
		l.entry[l.n++] = NULL;
	}
	for (int i = 0; i < t->rules->n; i++)
		if (!t->rules->entry[i].term)
			add(&l, &t->rules->entry[i], "");
	char title[96];
	snprintf(title, sizeof title, "Rules reference: %d cited now, the glossary, help, every "
		 "rule", cited);
	int k = dialog_menu(t, title, l.item, l.n, 0, NULL, NULL);
	if (k < 0)
		return;
	if (k > help && k <= charts + CHART_COUNT - 1 && k >= charts)
		charts_show(t, (enum chart)(k - charts));
	else if (k == help || !l.entry[k])
		dialog_help(t);
	else
		reference_page(t, l.entry[k]);
}
