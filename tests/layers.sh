#!/bin/sh
# layers.sh — the layers of docs/layers.md, checked on the built archives: no archive calls a
# function that only an archive above it defines. The rules (libantietam.a) call nothing of
# the files (libdata.a) nor of the layers above (libfront.a: the players, the match, the
# front-ends); the files call nothing of libfront.a, and libfront.a nothing of the terminal
# game's curses-free half (libtui.a), which itself calls no curses; inside libfront.a the
# words of events, the players and the match call nothing of the layers above them.
#   sh tests/layers.sh BUILD
set -u
build=${1:-build}
defined() { nm --defined-only "$1" 2>/dev/null | awk '$2 ~ /^[TDBRC]$/ { print $3 }' | sort -u; }
undefined() { nm -u "$1" 2>/dev/null | awk '{ print $NF }' | sort -u; }
fail=0
check() { # LOWER UPPER: what LOWER calls that only UPPER defines
	for f in "$1" "$2"; do
		[ -f "$build/$f" ] || { echo "layers: $build/$f not built"; exit 1; }
	done
	up=$(comm -23 "$tmp/def.$2" "$tmp/def.$1")
	bad=$(printf '%s\n' "$up" | comm -12 - "$tmp/und.$1")
	if [ -n "$bad" ]; then
		echo "layers: $1 calls up into $2: $(echo $bad)"
		fail=1
	fi
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for a in libantietam.a libdata.a libfront.a libtui.a; do
	defined "$build/$a" >"$tmp/def.$a"
	undefined "$build/$a" >"$tmp/und.$a"
done
check libantietam.a libdata.a
check libantietam.a libfront.a
check libdata.a libfront.a
check libfront.a libtui.a
# Inside libfront.a, by the objects of each layer's sources (docs/layers.md): the words of
# events call no player, match nor front-end; the players no match nor front-end; the match no
# front-end nor the program's paths (src/paths.c: the environment, which the front-ends read
# and hand down). A group is the objects of its folders' .c files (no stale object counts).
objs() { # FOLDER...: the objects of their sources
	for d in "$@"; do
		for c in $d/*.c; do
			[ -f "$c" ] && echo "$build/${c%.c}.o"
		done
	done
}
group() { # NAME FOLDER-OR-FILE...: its defined and undefined symbols into $tmp/def.NAME, und.NAME
	name=$1
	shift
	: >"$tmp/def.$name.all"
	: >"$tmp/und.$name.all"
	for o in $(for x in "$@"; do case $x in *.c) echo "$build/${x%.c}.o" ;; *) objs "$x" ;; esac; done); do
		[ -f "$o" ] || { echo "layers: $o not built"; exit 1; }
		defined "$o" >>"$tmp/def.$name.all"
		undefined "$o" >>"$tmp/und.$name.all"
	done
	sort -u "$tmp/def.$name.all" >"$tmp/def.$name"
	sort -u "$tmp/und.$name.all" >"$tmp/und.$name"
}
group words src/text
group players src/bot src/general
group match src/match
group fronts src/cli src/sim src/image src/tui src/paths.c src/main.c
check_group() { # LOWER UPPER
	up=$(comm -23 "$tmp/def.$2" "$tmp/def.$1")
	bad=$(printf '%s\n' "$up" | comm -12 - "$tmp/und.$1")
	if [ -n "$bad" ]; then
		echo "layers: $1 calls up into $2: $(echo $bad)"
		fail=1
	fi
}
for upper in players match fronts; do check_group words $upper; done
for upper in match fronts; do check_group players $upper; done
check_group match fronts
# the curses-free half of the terminal game calls no curses (its tests run without a terminal)
curses=$(grep -xE 'stdscr|curscr|LINES|COLS|initscr|endwin|newterm|set_term|delscreen|refresh|wrefresh|wnoutrefresh|doupdate|getch|wgetch|move|wmove|clear|wclear|erase|werase|addch|waddch|mvaddch|mvwaddch|addstr|waddstr|mvaddstr|mvwaddstr|addnstr|waddnstr|mvaddnstr|mvwaddnstr|printw|wprintw|mvprintw|mvwprintw|attron|attroff|attrset|wattron|wattroff|wattrset|wattr_on|wattr_off|init_pair|start_color|has_colors|newwin|delwin|keypad|nodelay|curs_set|beep|resizeterm|box|wborder|mvwhline|mvwvline|add_wch|wadd_wch|mvwadd_wch|setcchar' "$tmp/und.libtui.a")
if [ -n "$curses" ]; then
	echo "layers: libtui.a (the terminal game's curses-free half) calls curses: $(echo $curses)"
	fail=1
fi
[ $fail -eq 0 ] && echo "layers: the rules call no file format, the files no player nor front-end, the words of events, the players and the match nothing above them, the TUI's curses-free half no curses"
exit $fail
