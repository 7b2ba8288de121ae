#!/bin/sh
# deps.sh — check that the libraries the build needs are installed; when one is missing, say
# which Debian package to install and fail. With --install (only the README's quick-start
# commands, make run and make check, pass it) a missing package is installed with apt-get
# when running as root, saying so first.
# Usage: sh tests/deps.sh [--install] ncurses [cairo] [cmocka] [gnuplot] [python3] [scipy]
# (gnuplot: the program, which test_sim runs through --simulate's plots and make balance for
# its own; python3: make balance's table of issue 35's targets; scipy: make fit's optimiser)
install=no
if [ "$1" = --install ]; then
	install=yes
	shift
fi
missing=""
for want in "$@"; do
	case "$want" in
	ncurses) hdr=ncursesw/curses.h; pkg=libncurses-dev; alt=/usr/include/curses.h ;;
	cmocka) hdr=cmocka.h; pkg=libcmocka-dev; alt= ;;
	cairo) hdr=cairo/cairo.h; pkg=libcairo2-dev; alt= ;;
	gnuplot) command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox"; continue ;;
	python3) command -v "${PYTHON:-python3}" >/dev/null 2>&1 || missing="$missing python3"; continue ;;
	scipy) "${PYTHON:-python3}" -c 'import scipy.optimize' >/dev/null 2>&1 || missing="$missing python3-scipy"; continue ;;
	*) echo "deps.sh: unknown dependency $want" >&2; exit 2 ;;
	esac
	found=no
	for dir in /usr/include /usr/local/include /usr/include/x86_64-linux-gnu /usr/include/aarch64-linux-gnu; do
		[ -f "$dir/$hdr" ] && found=yes
	done
	[ "$want" = ncurses ] && [ -n "$alt" ] && [ -f "$alt" ] && [ ! -f /usr/include/ncursesw/curses.h ] && found=no
	[ $found = no ] && missing="$missing $pkg"
done
command -v cc >/dev/null 2>&1 || missing="$missing build-essential"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
[ -z "$missing" ] && exit 0
if [ $install = yes ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "Installing the missing packages with apt-get:$missing (make run and make check do this as root)"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq $missing >/dev/null && exit 0
	echo "apt-get could not install:$missing" >&2
	exit 1
fi
echo "Missing packages:$missing" >&2
echo "Install them with:  sudo apt-get install$missing" >&2
[ $install = yes ] || echo "(or run 'make run' or 'make check' as root: the quick-start commands install them)" >&2
exit 1
