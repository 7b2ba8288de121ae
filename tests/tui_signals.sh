#!/bin/sh
# tui_signals.sh — issue 21.2: a game in the terminal is never lost to a signal. For each of
# SIGHUP (a closed terminal, a killed tmux), SIGTERM, SIGINT and SIGQUIT, and (issue 33)
# SIGUSR1, SIGALRM and SIGPIPE, which left the terminal raw: start a new game in
# a private tmux server with a private state directory, end the commitment step, send the signal to the
# program, and check that the game saved in the state directory holds the move, that the
# program said where it is (not for SIGHUP: no terminal is left to say it on) and that the
# terminal is back in its normal mode (the shell's `stty` after the program shows icanon and
# echo). Exit 0 pass, 1 fail, 77 skipped (no tmux).
set -u
PROGRAM=${ANTIETAM_PROGRAM:-./antietam}
command -v tmux >/dev/null 2>&1 || { echo "tui_signals: tmux is not installed: skipped"; exit 77; }
[ -x "$PROGRAM" ] || { echo "tui_signals: $PROGRAM not built"; exit 1; }
STATE=$(mktemp -d)
T="tmux -L antietam-signals-$$"
# Every process this script starts is ended on every path (a pass, a failure, the script
# itself killed or timed out): each tmux pane is a session and process group of its own
# (tmux makes it one), and the one program started outside tmux runs under setsid. PGROUPS
# lists them; stop_group gives each SIGHUP/SIGTERM, then SIGKILL after 5 s (issue 33: left
# to tmux's kill-server alone, sanitizer builds stayed behind).
PGROUPS=""
SERVERS=""
stop_group() {
	kill -TERM "-$1" 2>/dev/null || return 0
	i=0
	while [ $i -lt 50 ] && kill -0 "-$1" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
	kill -KILL "-$1" 2>/dev/null
	return 0
}
# stop_server: the current tmux server ($T), its pane's process group first
stop_server() {
	pg=$($T display -p -t sig '#{pane_pid}' 2>/dev/null)
	$T kill-server 2>/dev/null
	[ -n "$pg" ] && stop_group "$pg"
	return 0
}
cleanup() {
	for s in $SERVERS; do T="tmux -L $s"; stop_server; done
	for g in $PGROUPS; do stop_group "$g"; done
	rm -rf "$STATE"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
# new_server NAME COMMAND: a tmux server of its own ($T) running COMMAND in a pane
new_server() {
	T="tmux -L antietam-signals-$$-$1"
	SERVERS="$SERVERS antietam-signals-$$-$1"
	$T new-session -d -s sig -x 100 -y 30 "$2" || exit 1
	pg=$($T display -p -t sig '#{pane_pid}' 2>/dev/null)
	[ -n "$pg" ] && PGROUPS="$PGROUPS $pg"
	return 0
}
fail=0
screen() { $T capture-pane -p -t sig 2>/dev/null; }
# wait_for TEXT: until the screen shows TEXT, 30 s at most (a sanitizer build under load
# takes seconds to start)
wait_for() {
	i=0
	while [ $i -lt 300 ]; do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1; i=$((i + 1))
	done
	return 1
}
check() { if eval "$1"; then echo "ok   $2"; else echo "FAIL $2"; screen | sed 's/^/     | /'; fail=1; fi; }

for sig in HUP TERM INT QUIT USR1 ALRM PIPE; do
	# a server of its own for each signal: one still shutting down fails a new session
	dir="$STATE/$sig"
	mkdir -p "$dir"
	new_server "$sig" \
		"env XDG_STATE_HOME=$dir TERM=xterm-256color LANG=C.UTF-8 $PROGRAM 2>$dir/stderr; stty -a > $dir/stty; echo DONE; sleep 30"
	wait_for "New game" || { echo "FAIL $sig: no start menu"; fail=1; stop_server; continue; }
	# a new two-player game; the Union ends its commitment step (13.1): an action that
	# changes the game, autosaved at once
	$T send-keys -t sig Enter; sleep 0.3
	wait_for "Turn 1" || { echo "FAIL $sig: no game"; fail=1; }
	$T send-keys -t sig e
	wait_for "Union movement (8.0)" || { echo "FAIL $sig: the commitment step did not end"; fail=1; }
	pid=$(pgrep -P "$($T display -p -t sig '#{pane_pid}')" | head -1)
	kill -s "$sig" "$pid"
	if [ "$sig" = HUP ]; then
		sleep 1
	else
		wait_for DONE || true
	fi
	last=$(ls -t "$dir"/antietam/*.pos 2>/dev/null | head -1)
	check '[ -n "$last" ] && grep -q "^action \"end\"" "$last" && grep -q "^pending union movement" "$last"' \
		"SIG$sig: the autosave holds the action made just before"
	if [ "$sig" != HUP ]; then
		check 'grep -q "the game in play is saved in" "$dir/stderr"' "SIG$sig: says where the game is saved"
		check 'grep -q " icanon" "$dir/stty" && grep -q " echo" "$dir/stty"' \
			"SIG$sig: the terminal is restored (icanon, echo)"
	fi
	stop_server
done
# Issue 33: at the end of its input (standard input /dev/null, a pipe closed, ssh without -t
# after a drop) the game spun at 100% of a core for ever; it now saves the game in play and
# ends, saying so. The keys come down a pipe that then closes.
# start NAME COMMAND: a tmux server and state directory $dir of their own for COMMAND
start() {
	dir="$STATE/$1"
	mkdir -p "$dir"
	new_server "$1" "$2"
}
# wait_rc TENTHS: until the program's exit status is in $dir/rc
wait_rc() { i=0; while [ $i -lt "$1" ] && [ ! -s "$dir/rc" ]; do sleep 0.1; i=$((i + 1)); done; }
start eof "(sleep 2; printf '\r'; sleep 2; printf e; sleep 2) | env XDG_STATE_HOME=$STATE/eof TERM=xterm-256color LANG=C.UTF-8 $PROGRAM 2>$STATE/eof/stderr; echo \"EXIT \$?\" > $STATE/eof/rc; stty -a > $STATE/eof/stty; sleep 30"
wait_rc 150
last=$(ls -t "$dir"/antietam/*.pos 2>/dev/null | head -1)
check '[ -s "$dir/rc" ]' "end of input: the program ends (within 15 s)"
check '[ -n "$last" ] && grep -q "^action \"end\"" "$last"' "end of input: the game in play is saved"
check 'grep -q "the terminal.s input has ended: the game in play is saved in" "$dir/stderr"' \
	"end of input: says so, and where the game is"
check 'grep -q " icanon" "$dir/stty" && grep -q " echo" "$dir/stty"' "end of input: the terminal is restored"
stop_server
start null "env XDG_STATE_HOME=$STATE/null TERM=xterm-256color $PROGRAM </dev/null 2>$STATE/null/stderr; echo \"EXIT \$?\" > $STATE/null/rc; sleep 30"
wait_rc 100
check 'grep -q "EXIT 1" "$dir/rc" && grep -q "input has ended" "$dir/stderr"' "standard input /dev/null: ends at once"
stop_server
# Issue 33: an autosave that failed at a phase's end was hidden by the next phase's hint. The
# state directory cannot be made (XDG_STATE_HOME is a file); the Union ends its commitment step.
mkdir -p "$STATE/hidden" && echo "a file" > "$STATE/hidden/file"
start hidden "env XDG_STATE_HOME=$STATE/hidden/file TERM=xterm-256color LANG=C.UTF-8 $PROGRAM 2>$STATE/hidden/stderr; sleep 30"
wait_for "New game" || { echo "FAIL hidden: no start menu"; fail=1; }
$T send-keys -t sig Enter; sleep 0.3
wait_for "Turn 1" || { echo "FAIL hidden: no game"; fail=1; }
$T send-keys -t sig e
wait_for "autosave failed"
check 'screen | grep -q "autosave failed"' "a failed autosave at the phase's end is shown"
stop_server
# Issue 33: the start menu's Resume of a game open in another antietam (a forgotten terminal)
# opened it, and only its first autosave said the game was open elsewhere. It is now refused
# at once, on the menu. The other antietam: a --batch session holding the game open.
mkdir -p "$STATE/twice"
printf 'new historical 2\nautosave on\nend\nend\nquit\n' | \
	env XDG_STATE_HOME=$STATE/twice $PROGRAM --batch >/dev/null 2>&1
first=$(ls "$STATE"/twice/antietam/autosave-*.pos 2>/dev/null | head -1)
# setsid: the pipeline (its sleep too) is a process group of its own, ended whole
setsid sh -c '(printf "load %s\nautosave on\nend\n" "$1"; sleep 20) |
	env XDG_STATE_HOME="$2" "$3" --batch >"$2/other" 2>&1' sh "$first" "$STATE/twice" "$PROGRAM" &
other=$!
PGROUPS="$PGROUPS $other"
i=0; while [ $i -lt 100 ] && ! grep -q "union combat" "$STATE/twice/other" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
start twice "env XDG_STATE_HOME=$STATE/twice TERM=xterm-256color LANG=C.UTF-8 $PROGRAM 2>$STATE/twice/stderr; sleep 30"
wait_for "Resume the last game saved" || { echo "FAIL twice: no Resume on the start menu"; fail=1; }
$T send-keys -t sig Enter
wait_for "Not resumed"
check 'screen | grep -q "Not resumed: game .* is open in another antietam" && screen | grep -q "New game"' \
	"Resume of a game open elsewhere: refused at once, on the start menu"
stop_server
stop_group "$other"; wait "$other" 2>/dev/null
[ $fail -eq 0 ] && echo "tui_signals: all passed" || echo "tui_signals: FAILED"
exit $fail
