#!/bin/sh
# install_test.sh — `make install PREFIX=/usr` into a DESTDIR installs a program that finds its
# data files under PREFIX/share/antietam wherever it is run from, and installs no package.
# Run by make check (MAKE is the make that runs it). Exit 0 when all is well.
set -u
make=${MAKE:-make}
dest=$(mktemp -d /tmp/antietam-install-XXXXXX) || exit 1
trap 'rm -rf "$dest"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

log="$dest/make.log"
if $make --no-print-directory install PREFIX=/usr DESTDIR="$dest/root" >"$log" 2>&1; then
	ok "make install PREFIX=/usr DESTDIR=…"
else
	bad "make install PREFIX=/usr DESTDIR=…: $(tail -3 "$log")"
fi
grep -qiE 'apt-get|installing the missing' "$log" && bad "make install tried to install packages"
prog="$dest/root/usr/bin/antietam"
[ -x "$prog" ] && ok "the program in /usr/bin" || bad "no $prog"
[ -f "$dest/root/usr/share/antietam/map.txt" ] && ok "the data in /usr/share/antietam" ||
	bad "no data in $dest/root/usr/share/antietam"
[ -f "$dest/root/usr/share/man/man6/antietam.6" ] && ok "the manual page" || bad "no manual page"

# run from elsewhere, with no data/ beside it or below the current directory
out=$(cd "$dest" && printf 'new historical 1\nrange 1916 2540\n' | "$prog" --batch 2>&1)
expected=$(printf '= turn 1 union movement\n\n= 27')
[ "$out" = "$expected" ] && ok "the installed program finds /usr/share/antietam" ||
	bad "the installed program: $out"
out=$(cd "$dest" && printf 'new mid-morning 1\n' | "$prog" --batch 2>&1)
[ "$out" = "$(printf '= turn 4 union movement')" ] && ok "the scenarios installed (new mid-morning)" ||
	bad "the installed scenarios: $out"

# the data moved away: it says where it looked, including ../share/antietam (unless a copy
# is installed in the default place, the last one it looks at)
mv "$dest/root/usr/share/antietam" "$dest/moved"
[ -f /usr/local/share/antietam/map.txt ] && { echo "skip no data: /usr/local/share/antietam exists"; exit $fail; }
out=$(cd "$dest" && "$prog" --print-oob 2>&1); rc=$?
case "$out" in
*"../share/antietam"*) [ $rc -eq 2 ] && ok "no data: exit 2, naming the places looked at" ||
	bad "no data: exit $rc" ;;
*) bad "no data: $out" ;;
esac
exit $fail
