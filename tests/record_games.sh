#!/bin/sh
# record_games.sh — the recorded games every refactor must leave unchanged, and their committed
# digest. The record is the move lists of the bench's 100 solitaire games and the soak's 100
# random and 20 bot games (and its general's games: 4 each as Lee against the bot, against
# itself, and as Lee from the quick set-up), with a digest of each end (dice, units, control); its SHA-256 is
# kept in tests/golden/record-games.sha256, so a change of play shows in the commit that makes it.
#   sh tests/record_games.sh record BUILD FILE   write the record to FILE (make record-games)
#   sh tests/record_games.sh check BUILD         fail unless the record's digest is the committed
#                                                one (make check)
#   sh tests/record_games.sh digest BUILD        rewrite the committed digest (make record-digest)
# BUILD is the build directory holding tests/bench and tests/test_soak.
set -u
digest_file=tests/golden/record-games.sha256

# the programs' own output goes to FILE.log, shown when they fail
record() { # BUILD FILE
	{ BENCH_GAMES=100 BENCH_GENERAL_GAMES=0 BENCH_RECORD="$2.bench" "./$1/tests/bench" &&
	  SOAK_GAMES=100 SOAK_BOT_GAMES=20 SOAK_RECORD="$2.soak" "./$1/tests/test_soak"; } >"$2.log" 2>&1 ||
		{ tail -20 "$2.log"; return 1; }
	cat "$2.bench" "$2.soak" >"$2" || return 1
	rm -f "$2.bench" "$2.soak" "$2.log"
}
# the digest line: the record's SHA-256, then its games and lines for a reader
summary() { # FILE
	printf '%s  %s games  %s lines\n' "$(sha256sum <"$1" | cut -d' ' -f1)" \
		"$(grep -c '^game ' "$1")" "$(wc -l <"$1" | tr -d ' ')"
}

case "${1:-}" in
record)
	[ $# -eq 3 ] || { echo "usage: $0 record BUILD FILE" >&2; exit 2; }
	record "$2" "$3" || { echo "record-games: the games could not be played" >&2; exit 1; }
	echo "record-games: $(grep -c '^game ' "$3") games, $(wc -l <"$3" | tr -d ' ') lines in $3"
	;;
check | digest)
	[ $# -eq 2 ] || { echo "usage: $0 $1 BUILD" >&2; exit 2; }
	rec="$2/record-games.rec"
	record "$2" "$rec" || { echo "FAIL record-games: the games could not be played"; exit 1; }
	now=$(summary "$rec")
	if [ "$1" = digest ]; then
		echo "$now" >"$digest_file" || exit 1
		echo "record-digest: $now written to $digest_file"
		exit 0
	fi
	was=$(cat "$digest_file" 2>/dev/null || echo "(no $digest_file)")
	if [ "$now" = "$was" ]; then
		echo "ok   record-games: the recorded games are unchanged ($(echo "$now" | cut -d' ' -f3-))"
	else
		echo "FAIL the recorded games changed: if this change alters play on purpose, run make record-digest and say so in the commit"
		echo "     committed: $was"
		echo "     now:       $now"
		echo "     (this record: $rec; diff it against make record-games RECORD=FILE on the commit before)"
		exit 1
	fi
	;;
*)
	echo "usage: $0 record BUILD FILE | check BUILD | digest BUILD" >&2
	exit 2
	;;
esac
