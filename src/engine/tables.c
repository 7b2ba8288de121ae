/* tables.c — owns the lookups into the charts of data/tables.txt (struct tables, loaded by
 * tables_load.c): CRT column choice and results, the artillery fire table and its modifiers,
 * movement costs, victory points and levels, A.P. Hill, the Corps Objective Chart. Pure
 * functions of the loaded tables; the values themselves live in the data file. */
#include "tables.h"

#include <stdio.h>
#include <string.h>

static const char *const column_names[CRT_COLS] = { "-1", "0", "+1", "+2", "2:1" };

static const struct corps_row *find_corps(const struct tables *t, const char *corps)
{
	for (int i = 0; i < t->ncorps; i++)
		if (!strcmp(t->corps[i].corps, corps))
			return &t->corps[i];
	return NULL;
}

/* ---- lookups ---------------------------------------------------------------------------- */

enum crt_column tables_crt_column(int attack, int defence)
{
	/* 11.5C: the rightmost applicable column — a ratio of 2:1 or more beats any difference. */
	if (attack >= 2 * defence)
		return CRT_COL_2TO1;
	int diff = attack - defence;
	if (diff <= -1)
		return CRT_COL_MINUS1;
	if (diff >= 2)
		return CRT_COL_PLUS2;
	return (enum crt_column)(CRT_COL_0 + diff);
}

const char *tables_crt_column_name(enum crt_column col)
{
	return (unsigned)col < CRT_COLS ? column_names[col] : "?";
}

int tables_crt_column_parse(const char *s)
{
	for (int c = 0; c < CRT_COLS; c++)
		if (!strcmp(column_names[c], s))
			return c;
	return -1;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

struct crt_result tables_crt_result(const struct tables *t, enum crt_column col,
				    int modified_roll)
{
	int r = clamp(modified_roll, CRT_ROW_MIN, CRT_ROW_MAX) - CRT_ROW_MIN;
	return t->crt[r][clamp((int)col, 0, CRT_COLS - 1)];
}

int tables_crt_ci(const struct tables *t, enum crt_column col)
{
	return t->crt_ci[clamp((int)col, 0, CRT_COLS - 1)];
}

int tables_combat_drm(const struct tables *t, enum combat_drm d)
{
	return (unsigned)d < COMBAT_DRM_COUNT ? t->combat_drm[d] : 0;
}

enum fire_result tables_fire_result(const struct tables *t, int fire_value, int modified_roll)
{
	if (fire_value < 1)
		return FIRE_NONE;
	int r = clamp(modified_roll, AFT_ROW_MIN, AFT_ROW_MAX) - AFT_ROW_MIN;
	return t->aft[r][clamp(fire_value, 1, AFT_FIRE_MAX) - 1];
}

int tables_fire_steps(enum fire_result r, bool target_is_artillery, int target_steps)
{
	if (r == FIRE_STEP)
		return 1;
	if (r == FIRE_DAGGER)
		return target_is_artillery || target_steps > 3 ? 1 : 0;
	return 0;
}

int tables_fire_drm(const struct tables *t, enum fire_drm d)
{
	return (unsigned)d < FIRE_DRM_COUNT ? t->fire_drm[d] : 0;
}

bool tables_range_drm(const struct tables *t, int range, bool parrott, int *drm)
{
	for (int i = 0; i < t->nranges; i++) {
		const struct range_band *b = &t->range[i];
		if (range >= b->lo && range <= b->hi && (parrott || !b->parrott_only)) {
			*drm = b->drm;
			return true;
		}
	}
	return false;
}

int tables_max_range(const struct tables *t, bool parrott)
{
	int max = 0;
	for (int i = 0; i < t->nranges; i++)
		if (parrott || !t->range[i].parrott_only)
			max = t->range[i].hi;
	return max;
}

bool tables_is_parrott(const struct tables *t, int union_unit_id)
{
	for (int i = 0; i < t->nparrott; i++)
		if (t->parrott[i] == union_unit_id)
			return true;
	return false;
}

enum art_retreat tables_art_retreat(const struct tables *t, int roll)
{
	return t->art_retreat[clamp(roll, 1, 6)];
}

const struct vp_objective *tables_vp_objective(const struct tables *t, const char *key)
{
	for (int i = 0; i < t->nvp; i++)
		if (!strcmp(t->vp[i].key, key))
			return &t->vp[i];
	return NULL;
}

int tables_vp_award2(const struct vp_objective *o, int held, int nhexes)
{
	if (o->rule == VP_RULE_ANY)
		return held > 0 ? o->full2 : 0;
	if (nhexes > 0 && held >= nhexes)
		return o->full2;
	if (held > 0 && o->partial2 > 0)
		return o->partial2;
	return 0;
}

int tables_vp_eliminated2(const struct tables *t, bool confederate)
{
	return confederate ? t->vp_elim_confederate2 : t->vp_elim_union2;
}

const char *tables_victory_level(const struct tables *t, enum victory_mode mode, int vp2)
{
	if ((unsigned)mode >= VICTORY_MODES)
		return "?";
	for (int i = 0; i < t->nlevels[mode]; i++)
		if (vp2 >= t->level[mode][i].min2)
			return t->level[mode][i].name;
	return "?";
}

int tables_solo_vp2(const struct tables *t, const char *key)
{
	for (int i = 0; i < t->nsolo; i++)
		if (!strcmp(t->solo[i].key, key))
			return t->solo[i].vp2;
	return 0;
}

int tables_solo_eliminated2(const struct tables *t, bool confederate)
{
	return confederate ? t->solo_elim_confederate2 : t->solo_elim_union2;
}

bool tables_ap_hill_span(const struct tables *t, int turn, int *lo, int *hi)
{
	if (turn < 1 || turn > 11 || t->ap_hill_lo[turn] == 0)
		return false;
	*lo = t->ap_hill_lo[turn];
	*hi = t->ap_hill_hi[turn];
	return true;
}

bool tables_ap_hill_arrives(const struct tables *t, int turn, int roll)
{
	int lo, hi;
	return tables_ap_hill_span(t, turn, &lo, &hi) && roll >= lo && roll <= hi;
}

static const struct objective_cell *find_cell(const struct tables *t, const char *corps, int n)
{
	const struct corps_row *row = find_corps(t, corps);
	if (!row || n < 1 || n > row->ncells)
		return NULL;
	return &row->cell[n - 1];
}

const char *tables_corps_objective(const struct tables *t, const char *corps, int n, int roll)
{
	const struct objective_cell *cell = find_cell(t, corps, n);
	if (!cell)
		return NULL;
	return cell->keys[cell->key_of_roll[clamp(roll, 1, 6)]];
}

bool tables_corps_objective_rolls(const struct tables *t, const char *corps, int n)
{
	const struct objective_cell *cell = find_cell(t, corps, n);
	return cell && cell->nkeys > 1;
}

const int *tables_ix_draw(const struct tables *t)
{
	return t->ix_draw;
}

const char *tables_commit_priority(const struct tables *t, int i)
{
	return i >= 0 && i < 6 ? t->commit_priority[i] : NULL;
}

bool tables_turn_time(const struct tables *t, int turn, char *buf, size_t len)
{
	if (turn < 1 || turn > 11)
		return false;
	int m = t->turn_minutes[turn], h = m / 60 % 12;
	snprintf(buf, len, "%d:%02d %s", h ? h : 12, m % 60, m >= 12 * 60 ? "pm" : "am");
	return true;
}
