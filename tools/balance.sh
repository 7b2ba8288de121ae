#!/bin/sh
# tools/balance.sh PROGRAM [GAMES] [JOBS] [scenarios] — `make balance`: the standard set of
# simulated games (docs/simulate.md). Each run's files go to build/balance/NAME/;
# docs/balance.md gets each run's headline table and victory levels with the time it took,
# data/simulated.txt each run's percentiles (summary.txt) for the terminal game's end, and
# README.md's balance block (between its balance:begin and balance:end lines) the headline
# table of the solitaire game against the scripted Confederacy.
#
# With `scenarios` (`make balance-scenarios`) only the reference runs of the scenarios of
# data/scenarios/ are played (into build/balance-scenarios/): data/simulated.txt keeps its
# runs of the whole day and gets those in place of its scenario runs; docs/balance.md and
# README.md are left as they are.
set -eu
prog=${1:?usage: tools/balance.sh PROGRAM [GAMES] [JOBS] [scenarios]}
games=${2:-1000}
jobs=${3:-}
only=${4:-}
case $only in '' | scenarios) ;; *) echo "tools/balance.sh: '$only': the 4th argument is 'scenarios' or none" >&2; exit 2 ;; esac
if [ "$only" = scenarios ]; then
	out=build/balance-scenarios
	rm -rf "$out"
else
	out=build/balance
	rm -rf "$out" docs/balance
fi
mkdir -p "$out"

# the reference runs of the games a player starts at the terminal (src/sim/sim_compare.c:
# the general in the player's seats) play REF_GAMES games (200 unless set: the general costs
# about 1.5 s of processor time a game against itself), the others GAMES
ref_games=${REF_GAMES:-200}
runs="solitaire-scripted|--rules solitaire --union bot --confederate scripted|Solitaire: the Union bot against the scripted Confederacy|$games
solitaire-random|--rules solitaire --union bot --confederate random|Solitaire: the Union bot against random Confederate play|$games
solitaire-general|--rules solitaire --union bot --confederate general:1|Solitaire: the Union bot against the computer general (level 1) as Lee, the reference of a solitaire game at the terminal|$ref_games
two-player|--rules two-player --union general:1 --confederate scripted|Two-player rules: the computer general (level 1) against the scripted Confederacy|$games
two-player-general|--rules two-player --union general:1 --confederate general:1|Two-player rules: the computer general (level 1) on both sides, the reference of a two-player game at the terminal (hot-seat, against the general, watched)|$ref_games"

# The reference runs of each scenario of "The day by the hour" (data/scenarios/KEY.txt,
# `--scenario KEY`), REF_GAMES games each: the same players as the whole day's two, for a
# solitaire and a two-player game started from that scenario at the terminal
scenario_runs=
for f in data/scenarios/*.txt; do
	[ -f "$f" ] || continue
	key=$(awk '$1 == "key" { print $2; exit }' "$f")
	stitle=$(awk '$1 == "title" { $1 = ""; sub(/^ /, ""); print; exit }' "$f")
	scenario_runs="$scenario_runs
scenario-$key-solitaire|--scenario $key --rules solitaire --union bot --confederate general:1|$stitle, solitaire: the Union bot against the computer general (level 1) as Lee, the reference of a solitaire game of this scenario|$ref_games
scenario-$key-two-player|--scenario $key --rules two-player --union general:1 --confederate general:1|$stitle, two-player rules: the computer general (level 1) on both sides, the reference of a two-player game of this scenario|$ref_games"
done
scenario_runs=${scenario_runs#?}
if [ "$only" = scenarios ]; then
	runs=$scenario_runs
elif [ -n "$scenario_runs" ]; then
	runs="$runs
$scenario_runs"
fi

doc=$out/balance.md
runs_md=$out/runs.md
: >"$runs_md"
{
	echo "# Balance: the standard set of simulated games"
	echo
	# the engine, bots and data played: main's commit (a branch's own commits may follow)
	base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD 2>/dev/null || echo unknown)
	echo "Written by \`make balance\` (tools/balance.sh) on $(date -u +%Y-%m-%d): $games games"
	echo "each (the reference runs of the general in the players' seats, of the whole day and of each scenario, $ref_games), seeds 1 on, with the engine, bots and data of main at $(echo "$base" | cut -c1-7)."
	echo "Each run's full report (every distribution, by turn, the objective map, A.P. Hill,"
	echo "corps commitment) is build/balance/NAME/report.html; how to read the tables:"
	echo "docs/simulate.md."
} >"$doc"

echo "$runs" | while IFS='|' read -r name args title n; do
	echo "== $name: $n games ($args)" >&2
	# shellcheck disable=SC2086
	rc=0
	"$prog" --simulate "$n" $args ${jobs:+--jobs "$jobs"} --out "$out/$name" \
		>"$out/$name.txt" 2>"$out/$name.err" || rc=$?
	# 1: some games could not be played to the end (named in the .err file), the rest stand
	if [ "$rc" -gt 1 ]; then
		cat "$out/$name.err" >&2
		exit 1
	fi
	failed=$(grep -c 'seed .* turn' "$out/$name.err" || true)
	took=$(grep 'per 100 games' "$out/$name.err" | tail -1)
	{
		echo
		echo "## $title"
		echo
		echo "\`antietam --simulate $n $args\`: $took."
		if [ "$failed" -gt 0 ]; then
			echo
			echo "**$failed game(s) could not be played to the end** and are left out:"
			grep 'seed .* turn' "$out/$name.err" | sed 's/^antietam: /* /'
		fi
		# the headline and the victory levels of the run's report, one heading level down
		awk '/^## Distributions/ { exit } go { sub(/^## /, "### "); print } /^## Headline/ { go = 1 }' \
			"$out/$name/report.md"
		# the charts of the VP in force and the losses, and the map of the objectives: the
		# report's sections (gnuplot's SVGs copied beside this file, else text charts)
		case $name in *two-player*) vp="VP, two-player" ;; *) vp="VP, solitaire" ;; esac
		for section in "$vp" "Union steps lost" "Confederate steps lost" \
			"How often each objective hex ends Union"; do
			awk -v s="### $section" -v run="$name" '
				index($0, s) == 1 { go = 1; print "#" $0; next }
				go && /^##/ { exit }
				go { gsub(/\(plots\//, "(balance/" run "-"); print }' "$out/$name/report.md"
		done
		# the SVGs those sections show (docs/ only for the whole standard set)
		if [ "$only" != scenarios ]; then
			grep -o "(balance/$name-[a-z0-9-]*\.svg)" "$runs_md" | tr -d '()' | while read -r svg; do
				mkdir -p docs/balance
				cp "$out/$name/plots/${svg#balance/"$name"-}" "docs/$svg"
			done
		fi
	} >>"$runs_md"
done

if [ "$only" = scenarios ]; then
	# data/simulated.txt: its runs of the whole day as they are, then the scenarios' new ones
	{
		awk '/^run / { keep = $0 !~ / scenario=/ } !/^(run|figure) / || keep' data/simulated.txt
		echo "$runs" | while IFS='|' read -r name args title n; do
			grep -v -e '^antietam-simulated' -e '^#' "$out/$name/summary.txt"
		done
	} >"$out/simulated.txt"
	cp "$out/simulated.txt" data/simulated.txt
	echo "written: data/simulated.txt (the scenarios' runs); the runs in $out/" >&2
	exit 0
fi

# Issue 35's targets on its standard set, the two reference runs (seeds 1 on: make fit plays
# seeds 4001 on, so these are games the fit never saw), with gnuplot's boxes of the figures
# beside the games of the same seeds before the fit (docs/balance-before/, kept), then the
# text between the kept markers of the docs/balance.md this replaces (the argument, written
# by hand: the fit, the before/after table, the rejected alternatives).
mkdir -p docs/balance
{
	echo
	echo "## Issue 35: the targets on the standard set"
	echo
	echo "The two reference runs below ($ref_games games each, seeds 1 to $ref_games: seeds the fit"
	echo "of the charts never saw; \`REF_GAMES=N make balance\` sets the count), read by"
	echo "\`tools/fit_charts.py targets\`. Median and 10th-90th percentile of the games."
	echo
	"${PYTHON:-python3}" tools/fit_charts.py targets --two-player "$out/two-player-general" \
		--solitaire "$out/solitaire-general" >"$out/targets.md" || true
	cat "$out/targets.md"
	echo
	echo "Targets missed: $(grep -c '\*\*no\*\*' "$out/targets.md") of $(grep -c '^| [^-f]' "$out/targets.md")."
	before=
	for run in two-player solitaire; do
		[ -f "docs/balance-before/$run/games.csv" ] &&
			before="$before --before-$run docs/balance-before/$run"
	done
	# shellcheck disable=SC2086
	"${PYTHON:-python3}" tools/fit_charts.py plots "$out/plots-35" --two-player "$out/two-player-general" \
		--solitaire "$out/solitaire-general" $before >"$out/plots-35.txt"
	for svg in $(cat "$out/plots-35.txt"); do
		cp "$svg" docs/balance/
		echo
		echo "![$(basename "$svg" .svg)](balance/$(basename "$svg"))"
	done
} >"$out/targets-section.md"
{
	cat "$doc"
	if [ -f docs/balance.md ]; then
		awk '/<!-- kept:begin/ { go = 1 } go { print } /<!-- kept:end/ { go = 0 }' docs/balance.md
	fi
	cat "$out/targets-section.md" "$runs_md"
} >"$out/balance-all.md"
cp "$out/balance-all.md" docs/balance.md

# data/simulated.txt: every run's summary, for the end-of-game report at the terminal
{
	echo "antietam-simulated 1"
	echo "# Written by make balance (tools/balance.sh): the 10th, 50th and 90th percentile of"
	echo "# each figure over each run's games (the runs of docs/balance.md); read by the"
	echo "# end-of-game report (\"games like this\"). Format: docs/formats.md."
	echo "$runs" | while IFS='|' read -r name args title n; do
		grep -v -e '^antietam-simulated' -e '^#' "$out/$name/summary.txt"
	done
} >data/simulated.txt

# README.md: the headline table of the first run between the balance markers
table=$(awk '/^\| / { print } /^## Victory levels/ { exit }' "$out/solitaire-scripted/report.md")
awk -v games="$games" -v table="$table" '
	/<!-- balance:begin/ { print; print ""; print "The Union bot against the scripted Confederacy, " games " solitaire games (`make balance`;"; print "every table in docs/balance.md):"; print ""; print table; print ""; skip = 1; next }
	/<!-- balance:end/ { skip = 0 }
	!skip { print }' README.md >"$out/README.md"
cp "$out/README.md" README.md
cat "$out/targets.md" >&2
echo "issue 35's targets: $(grep -c '\*\*no\*\*' "$out/targets.md") missed ($out/targets.md)" >&2
echo "written: docs/balance.md, data/simulated.txt, README.md's balance table; the runs in $out/" >&2
