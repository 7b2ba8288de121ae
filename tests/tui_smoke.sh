#!/bin/sh
# tui_smoke.sh — smoke test of the ncurses front-end in a detached tmux pane: start the
# game, open a new game, move the cursor, select a unit, open and close the help screen,
# resize the terminal, go back to the start menu, play the quick set-up (4.2) of both sides
# (place, take back, remove, fill, end, hand-over) to turn 1 and quit, and open saved games
# at a supporting advance (11.19) and at a retreat (11.17) and make them, and open one whose log
# holds a hostile note (issue 33); each step asserts text on the screen. Uses private tmux
# servers (-L) and a private autosave directory, so it touches no other session. Exit 0 pass,
# 1 fail, 77 skipped (no tmux).
# Usage: sh tests/tui_smoke.sh   (ANTIETAM_PROGRAM=./antietam by default, run from the top)
set -u
PROGRAM=${ANTIETAM_PROGRAM:-./antietam}
command -v tmux >/dev/null 2>&1 || { echo "tui_smoke: tmux is not installed: skipped"; exit 77; }
[ -x "$PROGRAM" ] || { echo "tui_smoke: $PROGRAM not built"; exit 1; }
SOCK=antietam-smoke-$$
STATE=$(mktemp -d)
T="tmux -L $SOCK"
cleanup() { $T kill-server 2>/dev/null; rm -rf "$STATE"; }
trap cleanup EXIT INT TERM
fail=0

screen() { $T capture-pane -p -t smoke 2>/dev/null; }
# expect TEXT [what]: wait up to 5 s for TEXT to appear on the screen
expect() {
	i=0
	while [ $i -lt 50 ]; do
		if screen | grep -qF -- "$1"; then echo "ok   ${2:-$1}"; return 0; fi
		sleep 0.1; i=$((i + 1))
	done
	echo "FAIL ${2:-$1}: '$1' not on the screen:"; screen | sed 's/^/     | /'
	fail=1
	return 1
}
# absent TEXT [what]: TEXT is not on the screen now
absent() {
	if screen | grep -qF -- "$1"; then
		echo "FAIL ${2:-$1}: '$1' is on the screen:"; screen | sed 's/^/     | /'
		fail=1
		return 1
	fi
	echo "ok   ${2:-not $1}"
}
keys() { $T send-keys -t smoke "$@"; sleep 0.2; }

$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM; echo EXITED \$?; sleep 5" || exit 1
expect "A N T I E T A M" "start menu"
expect "New game" "new game entry"
expect "Watch the computer general as Lee against the Union bot" "the longest entry whole at 80 columns (it was cut)"
keys Down Down Down
expect "Two-player rules (3.2-3.5): the general, level 2 normal, plays the Union" "the highlighted entry says what it starts (Lee against the general: two-player rules)"
keys Up Up
expect "Solitaire (14-19): the Union is the rules' bot; you score 19.0's count" "and the solitaire game against the bot"
keys '>'
expect "</>: the general's level 3 of 3" "> raises the general's level"
keys Down Down
expect "the general, level 3 strong, plays the Union" "the entry says so"
keys '<' Up Up Up
keys Enter
expect "Turn 1 6:00 am" "status line: turn 1 at 6:00 am"
expect "New game: turn 1, 6:00 am. F1 keys, ? rules." "the keys for help and the rules"
expect "Union: " "the pending decision is the Union's"
expect "I Corps" "the game opens where the action is: the Committed corps' unit nearest the enemy"
absent "Hex 1916 Dunker Church" "not always at the Dunker Church"
keys '#' 1916 Enter
expect "Hex 1916 Dunker Church" "# 1916: the Dunker Church"
keys k
expect "Hex 1915" "cursor moved north"
keys l
expect "Hex 2015" "cursor moved east"
keys '?'
expect "Rules reference:" "?: the rules reference"
expect "3.3       Control  (panel)" "?: the rules the side panel cites (the cursor hex's control)"
keys Help Enter
expect "KEYS: On the map" "help screen from it: the key table"
# at 80 columns a long line folds under its text's column, never cut (the old lines ran to 82)
expect "                          of the stack); with a unit selected, act on the" "a key's long text folds"
keys G
expect "THE MAP" "G: the last page, the map legend"
keys q
expect "Log (g: all)" "back on the map"
keys a
expect "actions" "list of legal actions"
keys Escape
keys z
expect "overview (z: bigger; keys act as on the map): < marks the cursor's row" "z: the overview, half a cell a hex at 80x24"
# the legend beside the compact overview: every colour it uses (units and stacks, objectives
# and control, the creek and its crossings, roads, the detailed map's frame, terrain)
for item in "cursor" "Union stack" "Confed. unit" "Union holds" "creek" "bridge" "road" \
	"detailed map" "woods" "high ground"; do
	expect "  $item" "compact legend: $item"
done
expect "$(printf '\342\227\200')" "the cursor's row marked beside the map"
# roads (tan, 180) and the creek (teal, 30) drawn on the map, not only in the legend
for c in 180 30; do
	n=$($T capture-pane -e -p -t smoke | grep -o "8;5;${c}m" | wc -l)
	if [ "$n" -ge 4 ]; then echo "ok   compact overview: colour $c on the map ($n runs)"
	else echo "FAIL compact overview: colour $c drawn $n times"; fail=1; fi
done
keys z
expect "overview (z: back; keys act as on the map): U/C units, a digit the stack" "z again: two cells a hex"
expect "U2" "units and stacks on the overview"
keys j
expect "Hex 2016" "the cursor moves on the overview"
$T resize-window -t smoke -x 160 -y 50
for item in "U2 Union, a stack of 2" "objective: Union's" "Antietam Creek" "primary road" \
	"secondary road" "Sunken Road" "detailed view's edge"; do
	expect "$item" "160x50 overview legend: $item"
done
expect "F1:help ?:rules a:actions e:end" "a wide screen reminds the keys (F1 help, ? the rules)"
$T resize-window -t smoke -x 80 -y 24
expect "Hex 2016" "back at 80x24"
keys z
expect "detailed map (z: the overview)" "z: back to the detailed map"
keys k
keys Z
expect "hexes in the Confederate ZOC (6.1-6.2) marked z" "Z: the enemy's zones of control"
expect "zzzzz" "marked on the map"
keys Z
expect "zones of control hidden" "Z again hides them"
keys R
expect "Roster by corps and division (Tab sorts" "R: the roster"
expect "== I Corps, 1st Division" "by corps and division"
keys Anderson
expect "U12  Anderson       5/5 1706 CV  4 M+0 MA8 I/3   committed" "each unit with steps, hex, CV, morale, MA, division and status"
keys Tab
expect "Roster by combat value" "Tab sorts (by combat value)"
expect "U12  Anderson" "the filter kept"
keys Tab Tab Tab
expect "Roster by corps and division" "back to the order of battle"
keys Enter
expect "Hex 1706" "choosing a unit puts the cursor on it"
keys t
expect "TURN RECORD TRACK (5.0)" "t: the turn track"
expect "A.P. Hill arrives on 4-6 (9.1): 50%, by then 72%" "with the reinforcements due, and A.P. Hill's chance of having come by then (1 - 5/6*4/6*3/6)"
expect "VP at each turn's end" "the points turn by turn"
expect "VICTORY POINTS NOW" "and the score"
keys q
# the ? list at 80 columns: the keys' column as wide as the longest key, no title cut
keys '?'
expect "STR       Shot to Ribbons  (glossary)" "the titles line up after the longest key (break-off)"
expect "Chart: Artillery Fire Table, ranges, retreats (20.3, 20.4)" "a chart's whole title inside the list"
keys Escape
# the charts in ?, from the loaded tables
keys '?' 'Chart: Comb' Enter
expect "COMBAT RESULTS TABLE (20.1)" "?: the CRT as a grid"
expect "  die+DRM |     -1      0     +1     +2    2:1" "its columns (11.5C)"
expect "column identifying number (16.3.5B): -1:1 0:2 +1:3 +2:4 2:1:5" "and the column numbers (16.3.5B)"
keys q '?' 'Chart: Art' Enter
expect "ARTILLERY FIRE TABLE (20.3)" "?: the AFT as a grid"
expect "          |   1   2   3   4   5   6   7   8   9" "by fire value"
keys Space
expect "   range 1      +2" "a range of one hex reads 'range 1', not 'range 1-1' (20.3)"
expect "   range 9-20   -3  (Parrott guns only)" "the longest range's Parrott guns (10.3A)"
keys q '?' 'Chart: Terr' Enter
expect "TERRAIN EFFECTS (20.2)" "?: the terrain chart"
expect "  woods            2   -1" "with its numbers (8.7, 11.14C)"
keys q
keys '#'
expect "Go to hex (four digits, column and row: 1916):" "#: go to a hex"
keys 3020 Enter
expect "Hex 3020: the view centred on it" "the cursor there, the view centred"
keys '#' 9999 Enter
expect "no hex 9999 on the map" "a hex not on the map is refused"
keys R Anderson Enter
expect "Hex 1706" "back to U12 through the roster"
# the score: each objective's worth beside its row (3.2), V from it lights the hexes not held
keys v
expect "Nicodemus Hill                0 of  5 hexes     0 VP  some 1, all 2" "v: an objective's worth beside its row"
expect "Sharpsburg                    0 of 12 hexes     0 VP  any hex 3" "any hex of the town pays (3.2 fn 1)"
expect "Lower Bridge                  0 of  2 hexes     0 VP  all 3" "the bridge only whole"
expect "Confederate units eliminated                    0 VP  each 1" "and what each eliminated unit pays (3.4A)"
keys V
expect "objective hexes the Union does not hold (3.3) lit" "V in the score: the hexes not held lit on the map"
lit=$($T capture-pane -e -p -t smoke | grep -o "48;5;160m" | wc -l)
if [ "$lit" -ge 2 ]; then echo "ok   V: the objective hexes near the cursor lit ($lit runs)"
else echo "FAIL V: $lit lit runs"; screen | sed 's/^/     | /'; fail=1; fi
keys V
expect "objective marks hidden (V shows them)" "V again hides them"
lit=$($T capture-pane -e -p -t smoke | grep -o "48;5;160m" | wc -l)
if [ "$lit" -eq 0 ]; then echo "ok   V again: nothing lit"
else echo "FAIL V again: $lit lit runs"; screen | sed 's/^/     | /'; fail=1; fi
$T resize-window -t smoke -x 120 -y 40
expect "Hex 1706" "redrawn after a resize to 120x40"
$T resize-window -t smoke -x 50 -y 12
expect "too small" "tiny terminal says so"
$T resize-window -t smoke -x 80 -y 24
expect "Hex 1706" "back at 80x24"
# a dialog open when the terminal shrinks: the guard alone, nothing drawn over it
for d in a F1 v; do
	keys $d
	$T resize-window -t smoke -x 40 -y 12
	expect "too small" "$d open, 40x12: the guard"
	absent "filter:" "$d open, 40x12: no menu over the guard"
	absent "lines 1-" "$d open, 40x12: no page over the guard"
	$T resize-window -t smoke -x 80 -y 24
	keys Escape
done
expect "Hex 1706" "the dialogs closed, back at 80x24"
keys q
expect "(y/n)" "leave-game question"
keys y
expect "Continue the game" "start menu offers to continue"
keys Down Down Enter
expect "The Union has played" "solitaire: the Union bot plays its first turn"
expect "Enter go on, w on the map, Up/PgUp/g earlier, Down/PgDn/G later: " "the bot's turn is longer than the screen: it scrolls (the key line fits 80 columns)"
keys g
expect "15.6C IX Corps objective markers" "g (Home): the first line of the bot's turn"
keys w
expect "(<- -> Home Esc; a:" "w: the bot's turn on the map, step by step, saying a's mode"
expect " moves " "the first move, its log line beside"
expect "This event's unit:" "the panel shows the unit that moved, not only the hex's occupant"
keys Right
expect "2/" "Right: the next one"
keys a
expect "this trail only; P: play)" "a: the current trail alone, and the message says so"
keys a
expect "trails shown, this one lit" "a again: every trail of the replay"
keys - P
expect "playing, 4 s an event (P stops, +/-)" "P: the replay plays itself (- first: 4 s an event)"
keys +
expect "playing, 2 s an event" "+: a shorter pause"
sleep 3
if screen | grep -qE "^[3-9]/[0-9]+ T[0-9]"; then echo "ok   the replay went on by itself"
else echo "FAIL the replay did not go on by itself:"; screen | sed 's/^/     | /'; fail=1; fi
keys P
expect "P: play)" "P again stops it"
keys Escape
expect "CSA VP" "solitaire: the Confederate score on the status line"
absent "The Union is moving" "the message line hands the turn to the player (not the bot's stale one)"
# Ewell's artillery (C10, with Lawton at 2014) may fire at U8 before its attack (11.5B)
expect "C10 in 2014 may fire at an attacker before the attack (11.5B):" "the bot's attack asks for defensive fire"
keys d
expect "Combat result (11.5)" "the attack's result"
keys Enter
keys '?'
expect "  (log)" "?: the rules the latest log lines cite (the bot's notes)"
keys Escape
keys q
expect "(y/n)" "leave-game question"
keys y
expect "Continue the game" "start menu again"
# the quick set-up entry is the 8th from the bottom, wherever the menu starts
keys Up Up Up Up Up Up Up Up Enter
expect "To place (4.2): 60" "quick set-up: the Union's units to place"
keys n
expect "hexes of its zone marked" "n selects the next unit and marks its zone"
keys Enter
expect "To place (4.2): 59" "Enter places it"
keys Enter
expect "To place (4.2): 58" "Enter places the next one"
keys e
expect "4.1B: 58 union units still to place" "end refused with its rule"
keys u
expect "removed: Enter on a marked hex" "u takes the last placement back"
expect "To place (4.2): 59" "the unit is to place again"
keys u
expect "To place (4.2): 60" "and the one before"
keys f
expect "4.3 hexes? (y/n)" "fill asks first"
keys y
expect "60 units placed" "the rest placed on their 4.3 hexes"
keys e
expect "Hand over to the Confederate player" "hand-over between the set-ups"
keys Enter
expect "To place (4.2): 47" "the Confederate sets up"
keys f
keys y
expect "47 units placed" "Confederate filled"
keys e
expect "Hand over to the Union player" "hand-over to turn 1"
keys Enter
expect "Union movement" "turn 1 begins"
keys q
expect "(y/n)" "leave-game question"
keys y
keys Up Up Up Enter
expect "Type a path (Tab completes)..." "Load: the files of the directory and the autosaves"
expect "autosave" "the autosaves listed"
keys Enter
expect "Load (in " "a typed path: the directory is shown"
keys C-u tests/data/supp Tab
expect "tests/data/support-11-19.pos" "Tab completes the file name"
keys Escape
keys q
expect "EXITED 0" "clean exit"

# A saved solitaire game at a supporting advance (11.19): the units that may follow are offered
$T kill-server 2>/dev/null
T="tmux -L $SOCK-2" # a server of its own: the first may still be shutting down
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/support-11-19.pos; echo EXITED \$?; sleep 5" || exit 1
expect "11.19 supporting advance into 1714: select C2 or C4" "a loaded game says what its decision asks"
expect "Hex 1614" "the cursor on the first unit that may follow"
keys Enter
expect "C2 Jones: 1 hex marked" "Enter selects it"
keys 3
expect "Hex 1714" "the cursor on the vacated hex"
keys Enter
# the advance ends the combat phase and the bot plays turn 2 up to an attack C5 may fire at:
# its whole turn first in the hand-over (the defensive fire screen shows only the attack
# coming; it used to swallow the rest), then defensive fire in one screen
expect "The Union has played" "the bot's turn in the hand-over"
expect "Turn 2, 7:00 am - Confederate: defensive-fire C5" "up to the defensive fire"
keys g
expect "turn 2 begins" "all of it, from the turn's start"
keys Enter
expect "may fire at an attacker before the attack (11.5B):" "then defensive fire in one screen"
expect "18.2C: resolve 1714" "the screen shows the bot's attack coming"
keys Escape
expect "defensive fire (11.5B): Enter on a marked attacker fires C5, e holds fire" "Esc: the decision stays, on the map"
keys R Jones
expect "C2   Jones          2/2 1714" "Enter there made the advance (C2 is in 1714)"
keys Escape
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# A saved two-player game at a retreat (11.17): the map says where the unit may end, and two
# paths to one hex are offered to choose from
$T kill-server 2>/dev/null
T="tmux -L $SOCK-3"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/retreat-11-17.pos; echo EXITED \$?; sleep 5" || exit 1
expect "C3 Winder: 10 hexes marked" "a loaded retreat selects the retreating unit"
keys 2 Enter
expect "C3 has no retreat action on 1815: Enter on a marked hex" "Enter off the marked hexes says so"
keys 3 Enter
expect "C3 to 1915: which way?" "two paths to 1915: the player chooses"
keys Down Enter
expect "C3 retreats 2 hexes from 1814: 1815 1915" "the retreat went the chosen way"
keys Enter
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# No traps (11.1B): `e` with an attack 11.1B still requires says so and offers to declare
# again; the builder opens on the only declaration that can be concluded; the list shows each
# attack's chance and goes through the odds screen (tests/data/combat-11-1b.pos: C2 declared
# on 1612 while U3 in 1712 is in its ZOC)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-4"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/combat-11-1b.pos; echo EXITED \$?; sleep 5" || exit 1
expect "1612 <- C2" "a loaded declaration"
keys e
expect "11.1B: U3 (1712) must be attacked too. Redeclare C2 (now on 1612)? (y/n)" "e says what blocks ending (11.1B) and offers the way out"
keys n
expect "1612 <- C2" "n: the declaration stays (e never cancels it)"
expect "11.1B: U3 in 1712 must be attacked" "and the message says why"
keys '?'
expect "11.1      Attacks are voluntary, then binding  (message)" "?: the rule the message cites first"
keys Enter
expect "11.1 Attacks are voluntary, then binding (a summary: the rulebook decides)" "its summary"
expect "every enemy unit that has it in" "in the program's own words"
keys q
keys '?' EZOC Enter
expect "EZOC Enemy zone of control (glossary)" "the glossary"
keys q
keys e
keys y
expect "Attack on 1612+1712 (11.0)" "y: the attack is withdrawn and the builder opens on the one grouping C2 can conclude (11.1B: nobody else can attack 1612, so neither hex alone is offered)"
keys Escape
keys a
expect "attack 1612+1712 C2  elim " "the list shows each declaration's outcome: the defender eliminated,"
expect "% retreat " "retreating,"
expect "% yours -1." "and the steps each side loses (both rounds, odds_outcome)"
expect "his -1." "the defender's too"
keys 1612+ Enter
expect "Attack on 1612+1712 (11.0)" "a declaration from the list goes through the odds screen"
expect "all chosen, both rounds unless one side breaks off (11.5E):" "the builder: the declaration's outcome over both rounds"
expect " defender eliminated " "the defender's chance of elimination"
expect "his" "and the steps each side loses"
keys Enter
expect "done: attack 1612+1712 C2" "and is declared from there"
keys e
expect "Combat result (11.5)" "the result box before play goes on"
expect "C2 attacks 1612: 2 against 8, column -1" "with the odds column"
expect "+2 11.11 Confederate elan" "the DRMs with their rules"
expect "DRM +2: row" "the die"
expect "the defender in 1612 loses" "and the result in words"
keys Enter
expect "Hand over to the Union player" "then the hand-over, with what happened"
expect "die 3: combat (11.5D)" "the hand-over lists the combat"
keys Enter
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# A retreat whose every path passes an enemy ZOC (11.17.4B): the costly ends are marked with
# their steps, and the list says what each path costs (tests/data/retreat-ezoc.pos)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-5"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/retreat-ezoc.pos; echo EXITED \$?; sleep 5" || exit 1
expect "U1: 8 hexes marked, 8 cost steps (red -N, 11.17.4B)" "a retreat that costs steps says so"
expect "__-1_/" "the map marks each costly end with its steps"
keys a
expect "retreat U1 2514 2513 2512  -1 step (11.17.4B)" "the list says what each path costs"
keys Escape
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# Defensive fire in one screen (11.5B): the attack coming, each attacker with its odds;
# the fire and the attack in one result box (tests/data/deffire-11-5b.pos, two players)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-6"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/deffire-11-5b.pos; echo EXITED \$?; sleep 5" || exit 1
expect "1714 <- U2" "a loaded declaration"
keys e
expect "C5 in 1714 may fire at an attacker before the attack (11.5B):" "defensive fire in one screen"
expect "fire at U2   in 1713: range 1, DRM -1, hit" "each attacker with its odds"
expect "(nothing new since you looked)" "no empty hand-over: a message instead"
keys Enter
# U2 has 3 steps: no cell of fire value 5 takes one (1+, 20.3), and the player is asked
expect "No die can hit (0 in 6, 0%): fire anyway? (y/n)" "a fire no die can make hit asks first"
keys y
expect "C5 fires defensively at U2 in 1713" "the result box shows the fire"
expect "= 2 on the Artillery Fire Table, fire value 5 (20.3)" "the die's row on the fire table"
expect "U2 attacks 1714" "and the attack that followed"
$T resize-window -t smoke -x 60 -y 30
expect "    value 5 (20.3)" "at 60 columns its long lines fold, not cut"
$T resize-window -t smoke -x 80 -y 24
# the resize is drawn before Enter is sent (a KEY_RESIZE read after it shifted every key on)
expect "= 2 on the Artillery Fire Table, fire value 5 (20.3)" "back at 80 columns, one line again"
keys Enter
absent "Combat result" "Enter closes it"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# 11.15B: U1's attack on 2010+2110 took one step; the Confederate chooses whose: both hexes
# are marked and the message says why; Enter on 2010 takes it from C1
# (tests/data/step-loss-11-15b.pos)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-loss"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM tests/data/step-loss-11-15b.pos; echo EXITED \$?; sleep 5" || exit 1
expect "which unit loses the next step (1 to take)? C1 in 2010, C2 in 2110" "a step-loss decision names the candidates"
expect "__X__/C2  2" "and marks their hexes"
keys Enter
expect "C1 loses a step (combat (11.15)), 1 left" "Enter on a marked hex: that unit loses the step"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# Hot-seat hand-over: the Confederate ends his combat phase; after the hand-over the Union
# player's message line says what he decides now, not the Confederate's "done: end"
printf 'new historical 5\nset phase confederate combat\nsave %s/cc.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-hand"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/cc.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Confederate combat (11.0): no unit can attack: e ends the phase" "the phase says what can be done"
keys e
expect "Hand over to the Union player" "a hand-over when the player changes"
keys Enter
expect "Union player: your withdrawal (a: what you may do, ?: the rules)" "the message line is the Union's"
absent "done: end" "not the Confederate's last action"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# As the Union against the computer general (start menu): the new game says so in one
# sentence; a Union turn ended, the general plays the Confederate turn and the hand-over shows it
$T kill-server 2>/dev/null
T="tmux -L $SOCK-gen"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE/gen TERM=xterm-256color LANG=C.UTF-8 $PROGRAM -m; echo EXITED \$?; sleep 5" || exit 1
expect "New game: you are the Union against the computer" "the start menu's entry"
keys Down Down Enter
expect "New game against the computer general: turn 1, 6:00 am. F1 keys, ? rules." "the new game says what it is"
keys e
expect "Union movement (8.0)" "commitment done"
keys a Enter
expect " MP, clear, low ground" "a unit's move list: each destination's MP cost and terrain"
expect " MP double-time (8.9), " "and the moves only double-time reaches (8.9)"
keys Escape Escape
keys e y
expect "Union artillery fire (10.0)" "movement ended"
keys e y
expect "Union combat (11.0)" "artillery ended"
keys e
expect "The Confederacy has played" "the general's turn in the hand-over"
expect "Turn 2, 7:00 am - Union: " "back to the Union on turn 2"
keys Enter
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# An attack declared on the compact overview (80x24), as on the detailed map
printf 'new empty 7\nplace C32 2415\nplace U1 2515\nplace C1 2616\nset phase confederate combat\nsave %s/att.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-ovatt"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/att.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Confederate combat (11.0)" "a combat phase"
keys z
expect "overview (z: bigger; keys act as on the map)" "the compact overview"
keys R U1 Enter
expect "Hex 2515" "the cursor on the defender (the roster)"
keys Enter
expect "Attack on 2515 (11.0)" "Enter on the overview opens the attack builder"
keys Space Enter
expect "done: attack 2515 C1" "and declares"
expect "$(printf '\342\226\200')" "still on the overview"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# 11.6A in the attack builder: a tick the engine would refuse (two corps on one hex) is
# refused at once, with its rule, and the choices stay; Enter declares what is chosen (it
# used to be refused at Enter, the builder closed and the attack lost)
printf 'new empty 7\nplace C1 2515\nplace U1 2415\nplace U29 2616\nset phase union combat\nsave %s/c116.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-116"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/c116.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Union combat (11.0): 2 units can attack 1 hex" "a combat phase"
keys R C1 Enter
keys Enter
expect "Attack on 2515 (11.0)" "the attack builder"
keys Down Space
expect "[x] U29" "U29 chosen"
keys Up Space
expect "U1 not chosen: 11.6A: U29 of XII Corps may not attack a hex attacked by I" "a second corps refused at the tick, with its rule"
expect "[ ] U1" "U1 stays out"
expect "[x] U29" "U29 stays chosen"
keys Enter
expect "done: attack 2515 U29" "Enter declares the attack chosen"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# The artillery list, one line a gun: its count of shots in words ("1 action", not "1 actions")
printf 'new historical 5\nset phase union artillery\nsave %s/ua.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-art"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/ua.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Union artillery fire (10.0): 5 guns can fire" "the phase says what can be done"
keys a
expect "U63  Artillery      in 3633    1 action " "one line a gun, its actions counted in words"
expect "U9   Artillery      in 2208    3 actions" "and the plural"
keys Escape
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# The result box of a combat with two attackers (issue 18): C32's 1/1 thins U1 before C1
# attacks; each attack shows its own DRMs (C1's were missing), the die and the result
printf 'new empty 7\nplace C32 2415\nplace U1 2515\nplace C1 2616\nset phase confederate combat\nattack 2515 C32 C1\ndice 1 1\nsave %s/two.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-two"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/two.pos; echo EXITED \$?; sleep 5" || exit 1
expect "2515 <- C32 C1" "two attackers declared"
expect "Hex 2616" "the game opens on the deciding side's unit nearest the enemy (C1, the first of two)"
keys e
expect "C1 attacks 2515: 4 against 4, column 0" "the result box: the second attacker"
n=$(screen | grep -c "11.11 Confederate elan")
if [ "$n" -eq 2 ]; then echo "ok   each attacker's DRMs (11.11 elan twice)"
else echo "FAIL each attacker's DRMs: 11.11 shown $n times"; screen | sed 's/^/     | /'; fail=1; fi
keys Enter
absent "Combat result" "Enter closes it"
expect "Hand over to the Union player" "then the hand-over (the Union breaks off or not)"
keys Enter
expect "break off which combat (11.5E): Enter on a marked hex, e for none" "the break-off decision"
keys Enter
expect "breakoff 2515" "Enter on the marked hex: its action"
keys Enter
expect "Break off the combat at 2515 (11.5E)? All your units in it retreat. (y/n)" "then a question before breaking off (an Enter too many must not retreat the units)"
keys Enter
expect "not broken off" "Enter there is no: the combat goes on"
keys Enter Enter
expect "(y/n)" "asked again"
keys n
expect "not broken off" "n: the combat goes on"
expect "Union: break-off" "the decision is still open"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# The second round of combat says what can be done (11.5E)
printf 'new empty 7\nplace C32 2415\nplace U1 2515\nplace C1 2616\nset phase confederate combat\nattack 2515 C32 C1\ndice 1 1\nend\nend\nend\nsave %s/r2.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-r2"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/r2.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Confederate combat, round 2 (11.5E): 2 units may attack again" "round 2 says what can be done"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# The solitaire score says why a held row pays nothing (19.0): the Sunken Road all
# Confederate, but no road of Confederate hexes from it to Sharpsburg
printf 'new empty 7 solitaire\nplace C1 2319\nplace C2 2420\nplace C3 2520\nplace C4 2621\nplace C5 2721\nset phase confederate combat\nend\nset phase confederate movement\nsave %s/sr.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-sr"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/sr.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Confederate movement (8.0)" "a solitaire game, the Sunken Road held"
keys v
expect "Sunken Road and a road to Sharpsburg   5 of  5 hexes     0 VP  all 4" "the full row pays nothing"
expect "no road of Confederate hexes from it to a Confederate hex of Sharpsburg" "and says why (the road chain)"
expect "Some of the Sunken Road                5 of  5 hexes     2 VP  any hex 2" "it pays as some of the road"
keys q
keys V
expect "objective hexes the Confederacy does not hold (3.3) lit" "V: the player's own side (solitaire: the Confederacy)"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# Reasons for inaction, from the engine's own checks: Hood's division on turn 1 (4.5C) in
# the panel; no commitment step with two corps Committed (13.2B) at the Union's movement
printf 'new historical 5\nset phase confederate movement\nsave %s/hood.pos\nset turn 2\nset corps XII committed\nset phase union movement\nsave %s/two.pos\n' "$STATE" "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-why"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/hood.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Confederate movement (8.0)" "the Confederate movement of turn 1"
keys '#' 1816 Enter
expect "cannot move: 4.5C: Hood's" "the panel says why Hood's brigade cannot move, with its rule"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
$T kill-server 2>/dev/null
T="tmux -L $SOCK-why2"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/two.pos; echo EXITED \$?; sleep 5" || exit 1
expect "no commitment" "two corps Committed: the movement phase says there is no commitment step"
expect "13.2B: two corps are Committed already" "and why, with the rule"
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# Watching the computer general play both sides: Enter on a hand-over goes on with the other
# side's turn; Esc stops to look at the map, where no key acts for the computer and any key
# but q goes on (before, the map asked the watcher for the computer's decision).
$T kill-server 2>/dev/null
T="tmux -L $SOCK-watch"
mkdir -p "$STATE/watch"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE/watch TERM=xterm-256color LANG=C.UTF-8 $PROGRAM; echo EXITED \$?; sleep 5" || exit 1
expect "Watch the computer general play both sides" "the start menu offers watching"
keys Down Down Down Down
keys Enter
slow() { i=0; while [ $i -lt 6 ]; do screen | grep -qF -- "$1" && break; sleep 5; i=$((i + 1)); done; expect "$@"; }
slow "The Union has played" "the Union's general plays its turn"
keys Enter
slow "The Confederacy has played" "Enter: the Confederacy's general plays on at once"
keys Escape
expect "Watching: the Union is next" "Esc stops to look at the map, saying who is next"
absent "has played" "the map, not a hand-over"
keys Enter
slow "The Union has played" "a key on the map goes on with the computer's turn, acting for no side"
keys a
expect "goes on by itself every 2 s (a: stop, +/-: speed)" "a: watching goes on by itself"
keys - -
expect "goes on by itself every 8 s" "- twice: a longer pause"
slow "The Confederacy has played" "the next side's turn came without a key"
keys a
expect "a: go on by itself" "a again: it waits for Enter"
keys Escape
keys q
expect "Leave the game for the start menu" "q: the menu"
keys y
keys q
expect "EXITED 0" "clean exit"
# issue 31: a scenario from the start menu's Start line (4th from the bottom), and 1862 on
# the map (i)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-scenario"
mkdir -p "$STATE/scenario"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE/scenario TERM=xterm-256color LANG=C.UTF-8 $PROGRAM; echo EXITED \$?; sleep 5" || exit 1
expect "Start: dawn, the whole day (4.3, turns 1-11)" "the Start line: the standard game"
keys Up Up Up Up Enter
expect "Start: The Cornfield (6:00, turns 1-2; not quick)" "Enter: the first scenario"
keys Enter
expect "Start: Mid-Morning (9:00, turns 4-11; not quick)" "Enter again: the next"
keys Down Down Down Down Enter
expect "New game, Mid-Morning: turn 4, 9:00 am" "the game starts at 9:00"
expect "Turn 4 9:00 am" "the status line says turn 4"
keys i
expect "1862 at 9:00: " "i: 1862 at the nearest hour on the map"
keys n
expect "1862 at 13:00: " "n: the next hour"
keys Escape
absent "1862 at" "Esc: back to the game"
keys q
expect "Leave the game for the start menu" "q: the menu"
keys y
keys q
expect "EXITED 0" "clean exit"
# issue 33: a saved game's text reaches the terminal as printable text only: a note with the
# escapes that set the window's title (OSC 0) and the clipboard (OSC 52) shows as '?'s in the
# log (without the filter ncurses would show them as ^[ and ^G, and pass C1 and the direction
# overrides on)
$T kill-server 2>/dev/null
T="tmux -L $SOCK-escapes"
mkdir -p "$STATE/escapes"
HOSTILE=$STATE/escapes/hostile.pos
printf 'new historical 1\nend\nsave %s\n' "$HOSTILE" | $PROGRAM --batch >/dev/null 2>&1
# the first event of the log becomes the note (the count of events unchanged)
awk 'BEGIN { done = 0 }
	/^event / && !done { print "event 1 note \"\\x1b]0;owned\\x07\\x1b]52;c;cm0gLXJmIH4=\\x07 hostile note\""; done = 1; next }
	{ print }' "$HOSTILE" >"$HOSTILE.tmp" && mv "$HOSTILE.tmp" "$HOSTILE"
$T new-session -d -s smoke -x 100 -y 30 \
	"env XDG_STATE_HOME=$STATE/escapes TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $HOSTILE; echo EXITED \$?; sleep 5" || exit 1
keys g
expect "?]0;owned??]52;c;cm0gLXJmIH4=? hostile note" "a hostile note in the log: its escapes shown as ?"
keys Escape q
expect "Leave the game for the start menu" "q: the menu"
keys y
keys q
expect "EXITED 0" "clean exit"
# issue 34: the result box centres the map left of it on the combat (the view was elsewhere:
# # 4244), at 160x50 and at 80x24: the attacked unit in the middle rows of the map
printf 'new empty 7\nplace C32 2415\nplace U1 2515\nplace C1 2616\nset phase confederate combat\nattack 2515 C32 C1\ndice 1 1\nsave %s/centre.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
# middle TEXT ROWS what: TEXT on a row of the middle half of a screen of ROWS rows
middle() {
	row=$(screen | grep -nF -- "$1" | head -1 | cut -d: -f1)
	if [ -n "$row" ] && [ "$row" -gt $(($2 / 4)) ] && [ "$row" -le $(($2 * 3 / 4)) ]; then
		echo "ok   $3 (row $row of $2)"
	else
		echo "FAIL $3: '$1' on row '${row:-none}' of $2:"; screen | sed 's/^/     | /'; fail=1
	fi
}
for size in 160x50 80x24; do
	$T kill-server 2>/dev/null
	T="tmux -L $SOCK-centre$size"
	$T new-session -d -s smoke -x "${size%x*}" -y "${size#*x}" \
		"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/centre.pos; echo EXITED \$?; sleep 5" || exit 1
	expect "2515 <- C32 C1" "$size: two attackers declared"
	keys '#' 4244 Enter
	expect "Hex 4244: the view centred on it" "$size: the view moved away, to 4244"
	absent "U1  5" "$size: the defender out of the view"
	keys e
	expect "Combat result (11.5)" "$size: the result box"
	middle "U1  3" "${size#*x}" "$size: the map left of the box centred on the combat (U1 in view)"
	keys Enter
	expect "Hand over to the Union player" "$size: then the hand-over"
	keys Enter
	keys q
	keys y
	keys q
	expect "EXITED 0" "clean exit"
done
# issue 34: The Cornfield has units of I Corps alone: the status line names no other corps
# (it showed "II:C IX:C", committed by 13.4D's rolls or the bot, with no unit there), and the
# turn track shows the scenario's turns and says which corps are not in it
printf 'new cornfield 5\nset corps II committed\nset corps IX committed\nsave %s/corn.pos\n' "$STATE" | \
	$PROGRAM --batch >/dev/null
$T kill-server 2>/dev/null
T="tmux -L $SOCK-corn"
$T new-session -d -s smoke -x 80 -y 24 \
	"env XDG_STATE_HOME=$STATE TERM=xterm-256color LANG=C.UTF-8 $PROGRAM $STATE/corn.pos; echo EXITED \$?; sleep 5" || exit 1
expect "Union: movement | VP 0 | I:C" "the Cornfield's status line: I Corps"
absent "II:C" "no II Corps (no unit in the scenario)"
absent "IX:C" "no IX Corps"
keys t
expect "The Cornfield: turns 1-2" "t: the scenario's turns"
absent "A.P. Hill arrives" "none of the day's later turns"
expect "not in this scenario (no units): II V VI IX XII" "the corps not in it, named apart"
keys q
keys R
expect "Roster by corps and division (Tab sorts; type I/3, Hd: a" "R: the roster, its title on the frame"
expect " division)   " "and the rest of the title folded below it at 80 columns, not cut"
keys Escape
keys q
keys y
keys q
expect "EXITED 0" "clean exit"
# issue 34: the computer takes over on request, from any position (C, which the start menu's
# Continue names): the computer general takes the Union of a hot-seat game at the level chosen
# and plays its turn; "the computer finishes the game" goes on by itself; stopped to look,
# C gives the side next to decide back to the player at this terminal; at 80x24 and 160x50
seats_case() {
	$T kill-server 2>/dev/null
	T="tmux -L $SOCK-seats$1"
	mkdir -p "$STATE/seats$1"
	$T new-session -d -s smoke -x "$1" -y "$2" \
		"env XDG_STATE_HOME=$STATE/seats$1 TERM=xterm-256color LANG=C.UTF-8 $PROGRAM; echo EXITED \$?; sleep 5" || exit 1
	expect "New game: historical set-up, two players" "$1x$2: the start menu"
	keys Enter
	expect "New game: turn 1, 6:00 am" "$1x$2: a hot-seat game"
	keys C
	expect "Seats: who plays each side" "$1x$2: C opens the seats"
	expect "The computer finishes the game (you watch)" "$1x$2: the computer may finish the game"
	expect "Union: a player at this terminal" "$1x$2: the Union is the player's"
	keys Down Enter
	expect "Who plays the Union from now on?" "$1x$2: the players that may take the Union's seat"
	expect "the computer general, level 4 analysis (slow)" "$1x$2: the general at each level (the table of players)"
	keys Down Down Enter
	expect "The Union has played" "$1x$2: the general (level 1) plays the Union's turn"
	keys Enter
	expect "Confederate" "$1x$2: the Confederate player decides"
	keys Escape C
	expect "Union: the computer general, level 1 quick" "$1x$2: the seats say who plays the Union"
	keys Enter
	expect "The computer finishes the game, at the level:" "$1x$2: finish: the level asked"
	keys Up Enter
	expect "goes on by itself every" "$1x$2: the computer plays both sides by itself"
	keys Escape
	expect "Watching: the " "$1x$2: Esc at a hand-over stops to look"
	if screen | grep -qF "Watching: the Union is next"; then
		side=Union; keys C Enter
	else
		side=Confederacy; keys C Down Enter
	fi
	expect "Who plays the $side from now on?" "$1x$2: the seat of the side next to decide"
	keys p l a y e r Enter
	expect "$side: a player at this" "$1x$2: the $side given back to the player"
	absent "Watching: the " "$1x$2: no longer watching"
	keys q
	expect "Leave the game for the start menu" "$1x$2: q: the menu"
	keys y
	expect "Back to the game; there C: the computer takes a side or finishes it" "$1x$2: the start menu says where the seats are"
	keys q
	expect "EXITED 0" "$1x$2: clean exit"
}
seats_case 80 24
seats_case 160 50
[ $fail -eq 0 ] && echo "tui_smoke: all passed" || echo "tui_smoke: FAILED"
exit $fail
