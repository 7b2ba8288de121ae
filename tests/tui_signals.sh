#!/bin/sh
# tui_signals.sh — issue 21.2: a game in the terminal is never lost to a signal. For each of
# SIGHUP (a closed terminal, a killed tmux), SIGTERM, SIGINT and SIGQUIT: start a new game in
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
cleanup() { $T kill-server 2>/dev/null; rm -rf "$STATE"; }
trap cleanup EXIT INT TERM
fail=0
screen() { $T capture-pane -p -t sig 2>/dev/null; }
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1; i=$((i + 1))
	done
	return 1
}
check() { if eval "$1"; then echo "ok   $2"; else echo "FAIL $2"; screen | sed 's/^/     | /'; fail=1; fi; }

for sig in HUP TERM INT QUIT; do
	# a server of its own for each signal: one still shutting down fails a new session
	T="tmux -L antietam-signals-$$-$sig"
	dir="$STATE/$sig"
	mkdir -p "$dir"
	$T new-session -d -s sig -x 100 -y 30 \
		"env XDG_STATE_HOME=$dir TERM=xterm-256color LANG=C.UTF-8 $PROGRAM 2>$dir/stderr; stty -a > $dir/stty; echo DONE; sleep 30" || exit 1
	wait_for "New game" || { echo "FAIL $sig: no start menu"; fail=1; $T kill-server; continue; }
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
	$T kill-server 2>/dev/null
done
[ $fail -eq 0 ] && echo "tui_signals: all passed" || echo "tui_signals: FAILED"
exit $fail
