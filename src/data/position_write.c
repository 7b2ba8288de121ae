/* position_write.c — owns writing a position file: every field of struct game (and its
 * combat state) as symbolic, hex-coded records, the newest events and the game's record. The
 * reader is position_read.c; the words both share, position_words.h.
 *
 * The format is documented in docs/formats.md ("Position files"). Names are the protocol's
 * (PROTOCOL.md): units U12/C7, hexes CCRR, sides, phases, decisions, corps. Free text (the
 * event log, action texts) is written quoted with \" \\ \xHH escapes so that a '#' or a run
 * of blanks cannot be mistaken for a comment or a field separator: inside quotes no two
 * blanks follow each other, so joining the fields of the line with single blanks gives the
 * quoted text back exactly. A position file is printable ASCII. */
#include "position.h"

#include <inttypes.h>
#include <string.h>

#include "commit.h"
#include "position_words.h"
#include "start.h"

/* ================================================================ writing */

/* Write s quoted (see the file comment). */
static void write_quoted(FILE *f, const char *s)
{
	putc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned c = *p;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == ' ' && p[1] != ' ')
			putc(' ', f);
		else if (c <= ' ' || c >= 0x7f || c == '#')
			fprintf(f, "\\x%02x", c);
		else
			putc((int)c, f);
	}
	putc('"', f);
}

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

static const char *on_off(bool b)
{
	return b ? "on" : "off";
}

/* Comma-separated unit names of the set bits of a Confederate-unit mask, or "-". */
static void write_lifted(FILE *f, uint64_t mask)
{
	if (!mask) {
		fputs("-", f);
		return;
	}
	const char *sep = "";
	for (int b = 0; b < 64; b++)
		if (mask >> b & 1) {
			if (b < ROSTER_CONFEDERATE)
				fprintf(f, "%sC%d", sep, b + 1);
			else
				fprintf(f, "%sbit%d", sep, b);
			sep = ",";
		}
}

static void write_unit_list(FILE *f, const int16_t *u, int n)
{
	if (n == 0) {
		fputs("-", f);
		return;
	}
	for (int i = 0; i < n; i++) {
		char name[16];
		unit_name(u[i], name);
		fprintf(f, "%s%s", i ? "," : "", name);
	}
}

static void write_units(FILE *f, const struct game *g)
{
	for (int u = 0; u < ROSTER_UNITS; u++) {
		const struct unit_state *us = &g->unit[u];
		char name[16];
		unit_name(u, name);
		fprintf(f, "unit %s ", name);
		if (us->hex != HEX_NONE)
			fprintf(f, "%04d", us->hex);
		else
			fputs(us->steps ? "off" : "dead", f);
		fprintf(f, " steps=%d", us->steps);
		if (us->mp_used)
			fprintf(f, " mp=%d", us->mp_used);
		if (us->flags) {
			const char *sep = " flags=";
			for (int b = 0; b < 32; b++)
				if (us->flags >> b & 1) {
					if (flag_names[b])
						fprintf(f, "%s%s", sep, flag_names[b]);
					else
						fprintf(f, "%sbit%d", sep, b);
					sep = ",";
				}
		}
		if (g->fired_at[u])
			fprintf(f, " fired-at=%d", g->fired_at[u]);
		putc('\n', f);
	}
}

static void write_corps(FILE *f, const struct game *g)
{
	for (int c = 0; c < CORPS_COUNT; c++) {
		fprintf(f, "corps %s %s", names_corps[c], names_corps_status[g->corps[c]]);
		if (commit_committed_turn(g, (enum corps)c))
			fprintf(f, " since=%d", commit_committed_turn(g, (enum corps)c)); /* 13.1, version 7 */
		if (g->corps_moving == c)
			fputs(" moving", f);
		if (g->corps_done >> c & 1)
			fputs(" done", f);
		if (g->withdrawing >> c & 1)
			fputs(" withdrawing", f);
		fputs(" lifted=", f);
		write_lifted(f, g->corps_lifted[c]);
		putc('\n', f);
	}
}

/* ---- the rest of a combat in progress (combat.h): where it stands, who is queued how,
 * round one's hexes ---- */


static void write_unit_or_none(FILE *f, int u)
{
	char name[16];
	if (u < 0) {
		fputs("-", f);
		return;
	}
	unit_name(u, name);
	fputs(name, f);
}

static void write_unit_set(FILE *f, const uint64_t *set)
{
	int16_t list[ROSTER_UNITS];
	int n = 0;
	for (int u = 0; u < ROSTER_UNITS; u++)
		if (set[u / 64] >> (u % 64) & 1)
			list[n++] = (int16_t)u;
	write_unit_list(f, list, n);
}

static void write_combat_flow(FILE *f, const struct combat_state *c)
{
	fprintf(f, "combat-flow stage=%s auto=%s attacking=",
		c->stage >= 0 && c->stage <= CS_OVER ? stage_names[c->stage] : "over",
		yes_no(c->auto_order));
	write_unit_or_none(f, c->attacking);
	fputs(" advancer=", f);
	write_unit_or_none(f, c->advancer);
	fprintf(f, " from=%d", c->advance_from); /* a hex id, -1 for none */
	fprintf(f, " breakoff=%s asked=", names_side[c->breakoff_side <= SIDE_NONE &&
							  c->breakoff_side >= 0 ? c->breakoff_side : SIDE_NONE]);
	write_unit_set(f, c->asked);
	fputs(" attacked=", f);
	write_unit_set(f, c->attacked_round);
	fputs(" attacked-r1=", f);
	write_unit_set(f, c->attacked_r1);
	fputs(" kinds=", f);
	if (c->nqueue == 0)
		fputs("-", f);
	for (int i = 0; i < c->nqueue; i++)
		fprintf(f, "%s%s", i ? "," : "",
			kind_names[c->queue_kind[i] == RETREAT_BREAKOFF ? 2 : c->queue_rolled[i] ? 1 : 0]);
	putc('\n', f);
	for (int i = 0; i < c->nr1; i++)
		fprintf(f, "round1 %04d corps=%s engaged=%s\n", c->r1[i].hex,
			c->r1[i].corps >= 0 && c->r1[i].corps < CORPS_COUNT ? names_corps[c->r1[i].corps]
									     : "-",
			yes_no(c->r1[i].engaged));
}

static void write_combat(FILE *f, const struct combat_state *c)
{
	fprintf(f, "combat round=%d current=%d attacker-loss=%d defender-loss=%d retreat=%s",
		c->round, c->current, c->attacker_loss, c->defender_loss, yes_no(c->retreat_result));
	if (c->loss_hexes) /* 11.15B: only while a defender's steps are being taken */
		fprintf(f, " loss-hexes=%d", c->loss_hexes);
	putc('\n', f);
	for (int i = 0; i < c->ndecl; i++) {
		const struct combat_decl *d = &c->decl[i];
		fputs("decl ", f);
		if (d->ndefhex == 0)
			fputs("-", f);
		for (int h = 0; h < d->ndefhex; h++)
			fprintf(f, "%s%04d", h ? "," : "", d->defhex[h]);
		fputs(" attackers=", f);
		write_unit_list(f, d->attacker, d->nattackers);
		fprintf(f, " next=%d flags=%d\n", d->next, d->flags);
	}
	fputs("queue", f);
	for (int i = 0; i < c->nqueue; i++) {
		char name[16];
		unit_name(c->queue[i], name);
		fprintf(f, " %s", name);
	}
	putc('\n', f);
	write_combat_flow(f, c);
}

/* ---- the solitaire game's own state (solitaire.h, 14.4, 15.x) ---- */

static const char *const ordinal_keys[SOLO_ORDINALS] = { "first", "second", "third" };

static void write_corps_mask(FILE *f, unsigned mask)
{
	const char *sep = "";
	if (!mask)
		fputs("-", f);
	for (int c = 0; c < 8; c++)
		if (mask >> c & 1) {
			fprintf(f, "%s%s", sep, c < CORPS_COUNT ? names_corps[c] : "?");
			sep = ",";
		}
}

/* One objective of the chart (20.5): a map objective by key, `-` (15.5: none), `unrolled`,
 * or a hex (15.6C); `@N` keeps a hex field the kind does not use when it is not HEX_NONE. */
static void write_solo_objective(FILE *f, const struct game *g, const struct solo_objective *o)
{
	const struct map *m = &g->scn->map;
	if (o->key == SOLO_OBJ_HEX) {
		fprintf(f, "%04d", o->hex);
		return;
	}
	if (o->key == SOLO_OBJ_NONE)
		fputs("-", f);
	else if (o->key == SOLO_OBJ_UNROLLED)
		fputs("unrolled", f);
	else if (o->key >= 0 && o->key < m->nobjectives)
		fputs(m->objective[o->key].key, f);
	else
		fprintf(f, "key%d", o->key);
	if (o->hex != HEX_NONE)
		fprintf(f, "@%d", o->hex);
}

static void write_solitaire(FILE *f, const struct game *g)
{
	const struct solitaire_state *st = &g->solitaire;
	fprintf(f, "solitaire ready=%s committed-once=", yes_no(st->ready));
	write_corps_mask(f, st->committed_once);
	fprintf(f, " withdraw-turn=%d withdraw-mask=", st->withdraw_turn);
	write_corps_mask(f, st->withdraw_mask);
	putc('\n', f);
	static const struct solo_objective zero;
	for (int i = 0; i < SOLO_FORMATIONS; i++) {
		bool blank = st->current[i] == 0;
		for (int n = 0; n < SOLO_ORDINALS; n++)
			blank = blank && !memcmp(&st->obj[i][n], &zero, sizeof zero);
		if (blank)
			continue;
		fprintf(f, "objective %s current=%d", names_solo_formation[i], st->current[i]);
		for (int n = 0; n < SOLO_ORDINALS; n++) {
			fprintf(f, " %s=", ordinal_keys[n]);
			write_solo_objective(f, g, &st->obj[i][n]);
		}
		putc('\n', f);
	}
}

/* ---- events (event.h): `event TURN KIND KEY=VALUE… ["text"]` ---- */


static long ev_get(const struct game_event *e, const struct ev_field *f)
{
	const char *p = (const char *)e + f->off;
	if (f->type == EV_BOOL)
		return *(const bool *)p;
	if (f->type == EV_WHY)
		return *(const uint8_t *)p;
	return f->size == 1 ? *(const int8_t *)p : *(const int16_t *)p;
}


static void write_ev_value(FILE *f, const struct ev_field *fd, long v)
{
	char name[16];
	switch (fd->type) {
	case EV_BOOL: fputs(yes_no(v), f); break;
	case EV_UNIT: unit_name((int)v, name); fputs(name, f); break;
	case EV_HEX: fprintf(f, "%04ld", v); break;
	case EV_SIDE: fputs(names_side[v], f); break;
	case EV_CORPS: fputs(names_of_corps((enum corps)v), f); break;
	case EV_FORMATION: fputs(names_solo_formation[v], f); break;
	case EV_STATUS: fputs(names_corps_status[v], f); break;
	case EV_SETUP: fputs(names_setup[v], f); break;
	case EV_WHY: fputs(event_why_name((enum event_why)v), f); break;
	default: fprintf(f, "%ld", v); break;
	}
}

/* The fields kind e->kind uses that are not blank (a field left out is blank). */
static void write_event(FILE *f, const struct game *g, const struct game_event *e)
{
	struct game_event blank;
	event_clear(&blank, (enum event_kind)e->kind, e->turn);
	unsigned uses = event_kind_fields((enum event_kind)e->kind);
	fprintf(f, "event %d %s", e->turn, event_kind_name((enum event_kind)e->kind));
	for (int i = 0; i < NEV_FIELDS; i++) {
		const struct ev_field *fd = &ev_fields[i];
		long v = ev_get(e, fd);
		if (!(uses & fd->bit) || v == ev_get(&blank, fd))
			continue;
		fprintf(f, " %s=", fd->key);
		write_ev_value(f, fd, v);
	}
	if ((uses & EF_OBJECTIVE) &&
	    (e->objective != blank.objective || e->objective_hex != blank.objective_hex)) {
		struct solo_objective o = { .key = e->objective, .hex = e->objective_hex };
		fputs(" objective=", f);
		write_solo_objective(f, g, &o);
	}
	if ((uses & (EF_PATH | EF_UNITS)) && e->n > 0) {
		fputs(uses & EF_PATH ? " path=" : " units=", f);
		for (int i = 0; i < e->n && i < EVENT_HEXES; i++) {
			char name[16];
			if (uses & EF_PATH) {
				fprintf(f, "%s%04d", i ? "," : "", e->hex[i]);
			} else {
				unit_name(e->hex[i], name);
				fprintf(f, "%s%s", i ? "," : "", name);
			}
		}
	}
	if ((uses & EF_MODS) && e->n > 0) { /* word:value[:a[:b]], each DRM with its numbers */
		fputs(" drms=", f);
		for (int i = 0; i < e->n && i < COMBAT_DRMS_MAX; i++) {
			const struct combat_mod *m = &e->mod[i];
			int numbers = modifier_numbers((enum modifier)m->id);
			fprintf(f, "%s%s:%d", i ? "," : "", modifier_name((enum modifier)m->id), m->value);
			if (numbers > 0)
				fprintf(f, ":%d", m->a);
			if (numbers > 1)
				fprintf(f, ":%d", m->b);
		}
	}
	if (uses & EF_SEED)
		fprintf(f, " seed=%" PRIu64, e->seed);
	if (uses & EF_TEXT) {
		putc(' ', f);
		write_quoted(f, e->text);
	}
	putc('\n', f);
}

/* ` scenario=KEY` after the options of a game begun from a scenario (start.h); nothing for the
 * standard game, whose lines are as they always were. */
static void write_start(FILE *f, const struct scenario *s, const struct game_options *o)
{
	const struct start *st = start_of(s, o->start);
	if (st)
		fprintf(f, " scenario=%s", st->key);
}

/* The count of events and the newest POSITION_EVENTS of log (NULL: none) up to it. */
static void write_log(FILE *f, const struct game *g, const struct event_log *log)
{
	fprintf(f, "log-count %d\n", g->nlog);
	int first = g->nlog > POSITION_EVENTS ? g->nlog - POSITION_EVENTS : 0;
	for (int i = first; log && i < g->nlog; i++) {
		const struct game_event *e = event_log_at(log, i);
		if (e)
			write_event(f, g, e);
	}
}

static void write_record(FILE *f, const struct scenario *s, const struct position_record *r)
{
	fprintf(f, "start %s seed=%" PRIu64 " mishap=%s unleashed=%s solitaire=%s",
		names_setup[r->setup], r->seed, on_off(r->opt.mishap),
		on_off(r->opt.unleashed), on_off(r->opt.solitaire));
	write_start(f, s, &r->opt);
	putc('\n', f);
	for (int i = 0; i < r->n; i++) {
		fputs("action ", f);
		write_quoted(f, r->action[i]);
		putc('\n', f);
		for (const char *n = r->note[i]; n && *n;) {
			size_t len = strcspn(n, "\n");
			char line[POSITION_ACTION_TEXT];
			snprintf(line, sizeof line, "%.*s", (int)len, n);
			fputs("note ", f);
			write_quoted(f, line);
			putc('\n', f);
			n += len + (n[len] == '\n');
		}
	}
}

bool position_write(const struct game *g, const struct position_record *rec, FILE *f)
{
	fprintf(f, "antietam-position %d\n", POSITION_VERSION);
	fputs("# Antietam: Burnished Rows of Steel - a saved game (docs/formats.md)\n", f);
	fprintf(f, "order-of-battle %d\n", scenario_oob_version(g->scn));
	fprintf(f, "ground %d\n", scenario_ground(g->scn));
	fprintf(f, "charts %d\n", scenario_charts(g->scn));
	fprintf(f, "setup %s\n", names_setup[g->empty_setup]);
	fprintf(f, "options mishap=%s unleashed=%s solitaire=%s", on_off(g->opt.mishap),
		on_off(g->opt.unleashed), on_off(g->opt.solitaire));
	write_start(f, g->scn, &g->opt);
	putc('\n', f);
	fprintf(f, "turn %d %s %s\n", g->turn, names_side[g->side], names_phase[g->phase]);
	fprintf(f, "pending %s %s", names_side[g->pending.side], names_decision[g->pending.what]);
	if (g->pending.subject >= 0) {
		char name[16];
		unit_name(g->pending.subject, name);
		fprintf(f, " %s", name);
	}
	putc('\n', f);
	fprintf(f, "rng %016" PRIx64 "\n", g->rng);
	fputs("dice", f);
	for (int i = 0; i < g->nforced; i++)
		fprintf(f, " %d", g->forced[i]);
	putc('\n', f);
	write_corps(f, g);
	fprintf(f, "commitment-lifted %s\n", yes_no(g->commitment_lifted));
	fprintf(f, "hood-released %s\n", yes_no(g->hood_released));
	fprintf(f, "vi-entered-free %s\n", yes_no(g->vi_entered_free));
	fprintf(f, "ap-hill triggered=%s turn=%d\n", yes_no(g->ap_hill_triggered), g->ap_hill_turn);
	fputs("entries", f);
	for (int i = 0; i < HEX_NROWS + HEX_NCOLS; i++)
		if (g->entry_count[i])
			fprintf(f, " %d:%d", i, g->entry_count[i]);
	putc('\n', f);
	for (int i = 0; i < g->nfords_used; i++)
		fprintf(f, "ford %04d %04d\n", g->ford_from[i], g->ford_to[i]);
	for (int i = 0; i < HEX_INDEX_COUNT; i++) {
		int id = hex_from_index(i);
		if (hex_valid(id) && g->control[i] < SIDE_NONE)
			fprintf(f, "control %04d %s\n", id, names_side[g->control[i]]);
	}
	write_units(f, g);
	write_combat(f, &g->combat);
	write_solitaire(f, g);
	write_log(f, g, rec ? &rec->events : NULL);
	if (rec && rec->has_start)
		write_record(f, g->scn, rec);
	fputs("end\n", f);
	return !ferror(f) && fflush(f) == 0;
}
