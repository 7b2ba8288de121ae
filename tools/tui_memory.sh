#!/bin/sh
# tools/tui_memory.sh [watch|solitaire] [PROGRAM] — the terminal game's memory as a player
# sees it (issue 20: under 6 MB after turn 11; docs/performance.md "The terminal game's
# memory"). Plays a whole game in a detached tmux pane at 80x24 and prints the program's
# resident set (VmRSS, and the peak VmHWM, from /proc/PID/status) when the screen first
# shows each turn (status line or hand-over) and on the game-over screen after turn 11, then
# what is resident at the end by mapping (/proc/PID/smaps: the program, each library, the
# heap, the stack).
#   watch      the start menu's "Watch the computer general play both sides": Enter after
#              each side's turn (the default)
#   solitaire  Lee against the Union bot (rules 14-19), Lee ending every phase at once
#              (y to the question, d to defensive fire, Esc out of a list or a selection,
#              the first legal action when a decision cannot be ended)
# A private tmux server and autosave directory: it touches no other session. About a minute
# for watch, several for solitaire. Exit 1 when the game did not reach its end.
set -u
mode=${1:-watch}
prog=${2:-./antietam}
case "$mode" in
watch) down=4 ;;
solitaire) down=1 ;;
*) echo "usage: tools/tui_memory.sh [watch|solitaire] [PROGRAM]" >&2; exit 2 ;;
esac
command -v tmux >/dev/null 2>&1 || { echo "tui_memory: tmux is not installed" >&2; exit 2; }
[ -x "$prog" ] || { echo "tui_memory: $prog is not built" >&2; exit 2; }
state=$(mktemp -d)
T="tmux -L antietam-mem-$$"
trap '$T kill-server 2>/dev/null; sleep 1; rm -rf "$state"' EXIT
trap 'exit 1' INT TERM
$T new-session -d -s m -x 80 -y 24 \
	"env XDG_STATE_HOME=$state TERM=xterm-256color LANG=C.UTF-8 $prog; sleep 60" || exit 2
sleep 1
while [ "$down" -gt 0 ]; do $T send-keys -t m Down; down=$((down - 1)); done
sleep 0.3
$T send-keys -t m Enter
sleep 1
pid=$(pgrep -P "$($T display -p -t m '#{pane_pid}')" antietam) || { echo "tui_memory: the game did not start" >&2; exit 1; }
rss() { awk '/^VmRSS|^VmHWM/ { printf "%s %.2f MB  ", $1, $2 / 1024 }' "/proc/$pid/status"; }
last=0 prev= n=0
while [ $n -lt 5000 ]; do
	n=$((n + 1))
	scr=$($T capture-pane -p -t m 2>/dev/null) || { echo "tui_memory: the game's terminal closed" >&2; exit 1; }
	# the status line ("Turn 3 8:00 am | …") or a hand-over's title ("Turn 3, 8:00 am - …")
	turn=$(printf '%s\n' "$scr" | sed -n 's/^ *Turn \([0-9]*\),\{0,1\} [0-9].*/\1/p' | head -1)
	if [ -n "$turn" ] && [ "$turn" != "$last" ]; then
		echo "turn $turn: $(rss)"
		last=$turn
	fi
	if printf '%s\n' "$scr" | grep -qE "game over|End of the game"; then
		sleep 1
		echo "end: $(rss)"
		echo "resident at the end, by mapping (KB):"
		awk '/^[0-9a-f]+-[0-9a-f]+ / { name = $6 == "" ? "[anonymous]" : $6 }
		     /^Rss:/ { rss[name] += $2 }
		     END { for (k in rss) if (rss[k] >= 16) printf "  %6d  %s\n", rss[k], k }' \
			"/proc/$pid/smaps" | sort -rn
		exit 0
	fi
	if [ "$mode" = watch ]; then
		$T send-keys -t m Enter
	elif printf '%s\n' "$scr" | grep -qE "filter: |hexes marked; Enter on one to act"; then
		$T send-keys -t m Escape
	elif printf '%s\n' "$scr" | grep -q "(y/n)"; then
		$T send-keys -t m y
	elif printf '%s\n' "$scr" | grep -q "Enter fires"; then
		$T send-keys -t m d
	elif printf '%s\n' "$scr" | grep -qE "Press Enter|Enter go on"; then
		$T send-keys -t m Enter
	elif [ "$scr" = "$prev" ]; then
		# the decision cannot be ended (a retreat, a loss, A.P. Hill's entry): the first
		# unit of the list of legal actions, and its first action
		$T send-keys -t m a
		sleep 0.3
		$T send-keys -t m Enter
		sleep 0.3
		$T send-keys -t m Enter
	else
		$T send-keys -t m e
	fi
	prev=$scr
	sleep 0.2
done
echo "tui_memory: no game over after $n screens; the last:" >&2
$T capture-pane -p -t m >&2
exit 1
