/* general_tunables.h — the computer general's tunables, as data (data/general.txt,
 * docs/formats.md, docs/general.md): the weights of its evaluation for each side, the weights
 * of Lee's movement plan, the Union's plan of commitment and withdrawal, the bar of Lee's
 * counterattacks and what each level spends. One plain value: loaded by
 * general_tunables_load (src/data/general_load.c) and carried by the scenario (scenario.h),
 * so that every game, and every copy of a game the general plays out, has the tunables of the
 * data it was loaded with; read only by the general (src/general/). The rules never read it.
 * The simulator's --general-weights FILE loads another file in its place (docs/simulate.md). */
#ifndef ANTIETAM_GENERAL_TUNABLES_H
#define ANTIETAM_GENERAL_TUNABLES_H

#include <stdbool.h>
#include <stddef.h>

#include "names.h"

#define GENERAL_LEVELS 4   /* 1 quick, 2 normal, 3 strong, 4 analysis (slow) */

/* The weights of the evaluation (general.c; docs/general.md says what each one weighs). */
struct general_weights {
	double objective;     /* an objective hex held (3.3), per VP it is worth */
	double threat;        /* an objective hex next to enemy infantry, per VP */
	double step;          /* a step of infantry on the map */
	double gun_step;      /* a step of artillery on the map */
	double eliminated;    /* a unit next to enemy infantry, scaled by its danger */
	double exposed_gun;   /* a gun next to enemy infantry */
	double approach;      /* an attacker's infantry per hex nearer an objective it lacks */
	double aggression;    /* attacks: weight of the defender's expected losses against ours */
	double attack_min;    /* an attack is declared only when its value exceeds this */
	double keep_away;     /* movement: per enemy unit next to a destination (its danger) */
};

/* The weights of Lee's movement plan (general_conf.c, docs/general.md "Lee against the
 * bot"), tuned by self-play against the bot. */
struct general_lee_weights {
	double partial;   /* an objective not all held: this share of its VP per share held */
	double steps;     /* a step of infantry on the map */
	double gun_steps; /* a step of artillery */
	double adjacent;  /* a unit next to Union infantry, by their number against its steps */
	bool guns_clear;  /* the guns stand clear in every plan (else as the infantry) */
	double gain_risk; /* the bot's favourable attacks weighed against hexes gained */
	double weak_risk; /* the most a weak unit (a gun, two steps or fewer) may risk to gain */
	int reach;        /* hexes a Union unit may cover to stand next to its target */
	int repairs;      /* playouts kept for the repair of the units the reply hurt */
	double battery_guns; /* the Union guns' threat to a battery, times this */
	double bridge;    /* the Lower Bridge kept from the Union (15.2, 15.6C: IX Corps' first
			   * objective), in VP on turn 1, less as the turns pass */
	double regroup;   /* a brigade that may regroup (12.2-12.3) standing three hexes and more
			   * from the enemy, where the next movement phase gives it a step back */
	int fragile;      /* the units stepped back from the bot's attacks (24.3B), bits: 1 a
			   * battery, 2 a brigade of one step, 4 a brigade of combat value 2 or
			   * less (a 2:1 attack destroys them), 8 a brigade shot to ribbons
			   * (11.2A) with no hex to regroup in within reach (12.2) */
	int fragile_late; /* the same bits on the last three turns (from start_last_turn - 2) */
	bool keep_all;    /* the bridge's keeper holds in the general retreat too */
	bool final_count; /* at the game's end the value is the 19.0 count alone (5.3: no
			   * steps, neighbours or partial credit: nothing follows) */
};

/* The Union's plan under the two-player rules (general_union.c, docs/general.md "The
 * Union's plan"). */
struct general_union_plan {
	enum corps first;   /* 13.7C: the corps committed with I Corps on turn 1 (24.2G-H: XII) */
	enum corps lead;    /* 24.2H: `follow` is committed only after this corps has entered
			     * the fight (Committed now, or has lost steps) … */
	enum corps follow;  /* … (IX after II) … */
	int follow_after;   /* … and, while `lead` is Committed, has fought this many turns
			     * (13.1: counted from the turn it was committed; 0 or 1: as soon as
			     * it is Committed, the turn after, when a place is free) */
	enum corps reserve; /* 24.2F: the good corps held fresh (VI) … */
	int reserve_until;  /* … to this turn, while another fresh corps can be committed */
	unsigned large;     /* 24.2B: bit (1 << enum corps) per large corps (II, VI: planned
			     * for three turns) … */
	unsigned small;     /* … per small one (V, XII: two); the rest (I, IX) two or three,
			     * depending on casualties */
	double spent_large; /* a Committed corps is withdrawn below this share of its steps
			     * (large) … */
	double spent;       /* … (between) … */
	double spent_small; /* … (small) … */
	int withdraw_from;  /* … from this turn */
	int withdraw_until; /* … to this turn (a corps committed later has no time left) */
	double fresh;       /* … when an Available corps keeps at least this share of its steps */
	int turns_large;    /* 24.2B: the turns a Committed corps is planned to fight, counted
			     * from the turn it was committed (13.1, commit_committed_turn): a
			     * large one … */
	int turns;          /* … one between (I, IX: one turn fewer once below `fresh` of its
			     * steps, "two or three, depending on casualties") … */
	int turns_small;    /* … a small one; then withdrawn as its marks above withdraw it */
};

/* What one level spends. */
struct general_level {
	int samples;         /* dice samples per candidate at a sub-decision (general.c) */
	int dests;           /* destinations tried on a copy per unit */
	int candidates;      /* legal actions tried at a sub-decision */
	int playouts;        /* Lee's movement plan: playouts of the bot's reply (general_conf.c) */
	int reply_samples;   /* … dice samples for each */
	int postures;        /* … the most of them spent on the divisions' postures */
	int counter_attacks; /* Lee's counterattacks (24.3-24.4): attacks tried a declaration … */
	int counter_samples; /* … each with this many dice samples, played through the reply */
	int setups;          /* Lee's quick set-up (4.2): set-ups played through the Union's
			      * first player-turn (0: the 4.3 hexes) … */
	int setup_samples;   /* … dice samples for each */
};

struct general_tunables {
	struct general_weights weights[2];   /* by enum side: the Union, the Confederacy */
	struct general_lee_weights lee;
	struct general_union_plan union_plan;
	double counter_ratio;  /* a counterattack tried: its expected steps taken at least this
				* many times those lost (the CRT's expectation) … */
	double counter_margin; /* … and kept when better than holding back by this many VP */
	int counter_last;      /* on the last turn (5.3) at least this many attacks tried, at
				* any odds (steps lost cost nothing then, units lost do); 0: as
				* on the other turns */
	struct general_level level[GENERAL_LEVELS]; /* level 1 … GENERAL_LEVELS */
};

/* Read the file at path (data/general.txt's format, docs/formats.md) into *out: every tunable
 * given once, each in its range; all or nothing. false with err set ("path:line: message"). */
bool general_tunables_load(struct general_tunables *out, const char *path, char *err,
			   size_t errlen);

#endif
