# antietam — build, test and install.
#   make            build ./antietam
#   make run        build and start the game
#   make check      build and run every test suite
#   make SANITIZE=1 check   the same under AddressSanitizer + UBSan
#   make bench      performance figures
#   make record-games RECORD=FILE   the recorded games a refactor must leave unchanged
#   make record-digest  rewrite their committed digest (a change that alters play on purpose)
#   make install PREFIX=/usr/local DESTDIR=
SHELL    := /bin/bash
PREFIX   ?= /usr/local
DATADIR  ?= $(PREFIX)/share/antietam
CC       ?= cc
CFLAGS   ?= -O2 -g
PKG_CONFIG ?= pkg-config

BUILD := build
ifdef SANITIZE
BUILD    := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# fontconfig (under cairo's text) keeps patterns for the life of the process: tests/lsan.supp
export LSAN_OPTIONS := suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0
endif
# Warnings are fatal in CI (CI=true) and whenever WERROR=1 — in the ordinary build: the
# sanitizers' instrumentation makes gcc's flow-based warnings (-Wformat-truncation …) report
# code the ordinary build proves fine, so there they stay warnings.
ifneq ($(filter true 1,$(CI) $(WERROR)),)
ifndef SANITIZE
WFATAL := -Werror
endif
endif

WARN   := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -Wformat=2
# No function keeps more than 64 KB on the stack (withdraw_targets kept 131 KB, move_check
# 47 KB: issue 32): gcc's -Wstack-usage, where the compiler has it (not clang, nor the
# sanitizers' larger frames).
ifndef SANITIZE
STACK_WARN := $(shell $(CC) -Werror -Wstack-usage=65536 -x c -c /dev/null -o /dev/null 2>/dev/null && \
		echo -Wstack-usage=65536)
endif
ALLCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(STACK_WARN) $(WFATAL) \
	    $(SANFLAGS) -Iinclude -MMD -MP $(CFLAGS)
LDFLAGS_ALL = $(SANFLAGS) $(LDFLAGS)

CURSES_CFLAGS := $(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null)
CURSES_LIBS   := $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null || echo -lncursesw)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
CAIRO_CFLAGS  := $(shell $(PKG_CONFIG) --cflags cairo 2>/dev/null)
CAIRO_LIBS    := $(shell $(PKG_CONFIG) --libs cairo 2>/dev/null || echo -lcairo)
# The program does not link cairo: src/image/map_image.c loads it (dlopen) for --map-image
# alone, so the terminal game does not map it and the twenty libraries under it (about 1.8 MB
# resident, docs/performance.md). dlopen is in libc since glibc 2.34, in libdl before: -ldl
# only where something needs it.
DL_LIBS       := -Wl,--push-state,--as-needed -ldl -Wl,--pop-state

ENGINE_SRC := $(sort $(wildcard src/engine/*.c))
# the file formats above the rules (docs/layers.md): loaders, action text, record, position file
DATA_SRC   := $(sort $(wildcard src/data/*.c))
FRONT_SRC  := $(sort $(wildcard src/cli/*.c src/bot/*.c src/sim/*.c src/match/*.c src/text/*.c src/general/*.c))
TUI_SRC    := $(sort $(wildcard src/tui/*.c))
IMAGE_SRC  := $(sort $(wildcard src/image/*.c))
TEST_SRC   := $(sort $(wildcard tests/test_*.c))
BENCH_SRC  := $(sort $(wildcard tests/bench*.c))

# the program's file lookup (include/paths.h), beside main.c: used by both front-ends
FRONT_SRC  += src/paths.c

ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
DATA_OBJ   := $(DATA_SRC:%.c=$(BUILD)/%.o)
FRONT_OBJ  := $(FRONT_SRC:%.c=$(BUILD)/%.o)
TUI_OBJ    := $(TUI_SRC:%.c=$(BUILD)/%.o)
# the curses-free half of the terminal game, an archive of its own that the program and the
# tests link (no test compiles a .c file in): the choices' order, the saved games' list, the
# map's geometry, the legal list, the rules text, what the views draw of an event
TUI_CORE_SRC := $(addprefix src/tui/,act.c files.c geom.c legal.c rules.c view_event.c)
TUI_CORE_OBJ := $(TUI_CORE_SRC:%.c=$(BUILD)/%.o)
TUI_UI_OBJ := $(filter-out $(TUI_CORE_OBJ),$(TUI_OBJ))
IMAGE_OBJ  := $(IMAGE_SRC:%.c=$(BUILD)/%.o)
TESTS      := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
LIBENGINE  := $(BUILD)/libantietam.a
LIBDATA    := $(BUILD)/libdata.a
LIBFRONT   := $(BUILD)/libfront.a
LIBIMAGE   := $(BUILD)/libimage.a
LIBTUI     := $(BUILD)/libtui.a
PROGRAM    := $(if $(SANITIZE),$(BUILD)/antietam,antietam)

# Keep every intermediate file: the objects of the test programs and of the fuzz targets
# (make would delete them and rebuild them on the next run). One .SECONDARY with no
# prerequisites: a second one naming files would narrow it to those files.
.SECONDARY:
.PHONY: all run check check-suites test bench keys-doc record-games record-digest deps deps-test install uninstall clean fuzz soak valgrind general-table
all: deps $(PROGRAM)

# Say which Debian packages are missing instead of failing inside the compiler. Only the
# README's two quick-start commands, make run and make check, also install them (apt-get,
# when run as root; they say so first): make, make install and every other target only
# check, and no test suite installs anything.
DEPS_BUILD := ncurses cairo
DEPS_TEST  := ncurses cairo cmocka gnuplot
deps:
	@sh tests/deps.sh $(DEPS_BUILD)
deps-test:
	@sh tests/deps.sh $(DEPS_TEST)

run:
	@sh tests/deps.sh --install $(DEPS_BUILD)
	@$(MAKE) --no-print-directory $(PROGRAM)
	./$(PROGRAM)

# The archives are rebuilt from scratch so a deleted source leaves no stale member behind.
$(LIBENGINE): $(ENGINE_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
$(LIBDATA): $(DATA_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
$(LIBFRONT): $(FRONT_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
$(LIBIMAGE): $(IMAGE_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
$(LIBTUI): $(TUI_CORE_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

$(PROGRAM): $(BUILD)/src/main.o $(TUI_UI_OBJ) $(LIBTUI) $(LIBIMAGE) $(LIBFRONT) $(LIBDATA) $(LIBENGINE) $(if $(SANITIZE),$(BUILD)/data)
	$(CC) -o $@ $(filter-out $(BUILD)/data,$^) $(LDFLAGS_ALL) $(CURSES_LIBS) $(DL_LIBS) -lm
# A program built elsewhere than the top directory finds data/ beside itself through a link.
$(BUILD)/data:
	@mkdir -p $(@D)
	ln -sfn ../data $@

# The installed data directory is compiled into paths.o alone, as the last place the program
# looks: before it, the program finds ../share/antietam beside its bin/ directory, so
# make && make install PREFIX=/usr installs a program that reads /usr/share/antietam
# (tests/install_test.sh checks it in a DESTDIR).
$(BUILD)/src/paths.o: ALLCFLAGS += -DANTIETAM_DATADIR='"$(DATADIR)"'

$(BUILD)/src/tui/%.o: src/tui/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(CURSES_CFLAGS) -c -o $@ $<
$(BUILD)/src/image/%.o: src/image/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(CAIRO_CFLAGS) -c -o $@ $<
$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# Every suite links the one fixture library (tests/fixture.h, tests/fixture.c).
$(BUILD)/tests/%: $(BUILD)/tests/%.o $(BUILD)/tests/fixture.o $(LIBTUI) $(LIBIMAGE) $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(CMOCKA_LIBS) $(DL_LIBS) -lm
# test_tui_keys reads the key table of the terminal game (src/tui/keys.c), curses and all;
# make keys-doc writes README.md's and docs/antietam.6's keys from it
$(BUILD)/tests/test_tui_keys: $(BUILD)/tests/test_tui_keys.o $(TUI_UI_OBJ) $(LIBTUI) $(LIBIMAGE) $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(CMOCKA_LIBS) $(CURSES_LIBS) $(DL_LIBS) -lm
# test_tui_seats reads the seats dialog's choices (src/tui/seats.c) with the rest of the TUI
$(BUILD)/tests/test_tui_seats: $(BUILD)/tests/test_tui_seats.o $(BUILD)/tests/fixture.o $(TUI_OBJ) $(LIBIMAGE) $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(CMOCKA_LIBS) $(CURSES_LIBS) $(DL_LIBS) -lm
keys-doc: $(BUILD)/tests/test_tui_keys
	./$(BUILD)/tests/test_tui_keys --write
# test_map_image reads the pictures back with cairo itself
$(BUILD)/tests/test_map_image: LDFLAGS_ALL += $(CAIRO_LIBS)
$(BUILD)/tests/test_map_image.o: tests/test_map_image.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(CAIRO_CFLAGS) -c -o $@ $<

# Every suite runs from the top directory (tests read data/ and tests/data/); the
# program itself is built too because the protocol tests run it. make check's one recursive
# line descends under make -n too, as it must (.ci/run asks make -n check whether anything
# would be rebuilt); no line of check-suites may name the make variable itself, or make -n
# would run the whole line, every suite: install_test.sh gets it through SUITE_MAKE.
SUITE_MAKE = $(MAKE)
check:
	@sh tests/deps.sh --install $(DEPS_TEST)
	@$(MAKE) --no-print-directory check-suites
check-suites: deps-test $(PROGRAM) $(TESTS) $(BUILD)/tools/perimeter $(BUILD)/tools/combat_record $(BUILD)/tools/hours-scenario $(BUILD)/tests/bench $(LIBDATA)
	@fail=0; for t in $(TESTS); do \
	  ANTIETAM_PROGRAM=./$(PROGRAM) $$t || fail=1; \
	done; \
	ANTIETAM_PROGRAM=./$(PROGRAM) sh tests/tui_smoke.sh; rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ] || fail=1; \
	ANTIETAM_PROGRAM=./$(PROGRAM) sh tests/tui_signals.sh; rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ] || fail=1; \
	ANTIETAM_PROGRAM=./$(PROGRAM) sh tests/fit_charts.sh; rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ] || fail=1; \
	sh tests/layers.sh $(BUILD) || fail=1; \
	$(if $(SANITIZE),,MAKE='$(SUITE_MAKE)' sh tests/install_test.sh || fail=1;) \
	$(if $(SANITIZE),,sh tests/record_games.sh check $(BUILD) || fail=1;) \
	if [ $$fail -ne 0 ]; then echo "make check: FAILED"; exit 1; fi; echo "make check: all suites passed"
test: check

# The random-play soak with more games: make soak N=1000
N ?= 500
soak: $(BUILD)/tests/test_soak
	SOAK_GAMES=$(N) ./$(BUILD)/tests/test_soak

# The standard set of simulated games (docs/simulate.md): docs/balance.md and README's table.
# BALANCE_GAMES=100 plays fewer; JOBS=1 keeps to one process; REF_GAMES (200) the two
# reference runs of the general in the players' seats (the end report's "games like this").
# The two reference runs are issue 35's standard set, seeds 1 on: make fit never sees them.
# PYTHON: Debian's python3 (where python3-scipy is), not another first on the PATH.
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
export PYTHON
BALANCE_GAMES ?= 1000
JOBS ?=
balance: all
	@sh tests/deps.sh --install python3 gnuplot
	sh tools/balance.sh ./$(PROGRAM) $(BALANCE_GAMES) $(JOBS)
# Only the reference runs of the scenarios of data/scenarios/ (REF_GAMES games each, solitaire
# and two-player): data/simulated.txt's scenario runs, its whole day's kept (make balance
# plays them too).
balance-scenarios: all
	sh tools/balance.sh ./$(PROGRAM) $(BALANCE_GAMES) "$(JOBS)" scenarios

# Issue 35's fit of the rebuilt CRT and AFT cells (docs/provenance-charts.md, "The fit"): play
# the standard set on FIT_GAMES games from FIT_SEED (not make balance's seeds), list every
# chart roll they resolved (build/tools/combat_record), and minimise the targets' miss on the
# surrogate that plays those rolls again on other charts; prints the best point of the family
# (tools/fit_charts.py apply POINT writes it into data/tables.txt). The search starts from
# the point of today's charts (fit_charts.py POINTS, its last) over the widened family (15
# numbers; FIT_WIDE=0: round 1's 13; 2: round 3's, the AFT's fire value weighing up to 2.5
# rolls); FIT_MISS is what each target missed costs besides its distance (round 3: 0.5; 0:
# rounds 1 and 2). Games under nice -n $(FIT_NICE). The defaults are round 3's
# (docs/provenance-charts.md).
FIT_GAMES ?= 150
FIT_SEED ?= 4001
FIT_EVALS ?= 30
FIT_POPSIZE ?= 15
FIT_REPLICAS ?= 2
FIT_WIDE ?= 2
FIT_MISS ?= 0.5
FIT_NICE ?= 5
FIT_DIR ?= build/fit
.PHONY: fit balance balance-scenarios
fit: all $(BUILD)/tools/combat_record
	@sh tests/deps.sh --install python3 scipy
	FIT_NICE=$(FIT_NICE) $(PYTHON) tools/fit_charts.py record $(FIT_DIR)/A --games $(FIT_GAMES) \
		--seed $(FIT_SEED)
	$(PYTHON) tools/fit_charts.py sfit $(FIT_DIR)/A --evals $(FIT_EVALS) --popsize $(FIT_POPSIZE) \
		--replicas $(FIT_REPLICAS) --wide $(FIT_WIDE) --miss $(FIT_MISS) --seed $(FIT_SEED) \
		--log $(FIT_DIR)/charts.log

# The move generator's ratio to the shipped plain reference (issue 29: six plain Dijkstras a
# unit, ../shared/tools/ref-movement, interleaved in one process) when it is there.
REF_MOVEMENT ?= ../shared/tools/ref-movement/run
bench: $(BUILD)/tests/bench $(PROGRAM)
	./$(BUILD)/tests/bench
	@if [ -x "$(REF_MOVEMENT)" ]; then \
		echo "ref-movement: game_legal (turn-1 Union movement) against the shipped plain reference, time, median of 300 interleaved rounds (goal: at most x1.3 of ref6 in instructions, docs/performance.md)"; \
		"$(REF_MOVEMENT)" 300 | sed -n 's/^ratio project\/\(ref[16]\): median of per-round ratios/ref-movement-\1: x/p'; \
	else echo "ref-movement: $(REF_MOVEMENT) not found (the shipped reference of issue 29)"; fi

# The computer general's strength table (docs/general.md "Strength, as measured"): each row
# of GT_ROWS its games (seeds GT_SEED on), one process at a time, niced; the same games as
# `antietam --simulate` with those players. The defaults are the table's own: issue 30's rows,
# seeds 2001 on (seeds no tuning used). GT_OUT=DIR keeps each row's games.csv there.
# GT_ROWS='$(GT_UNION_ROWS)' plays the Union's rows (issue 19's table).
GT_GAMES ?= 100
GT_STRONG_GAMES ?= 200
GT_TWO_GAMES ?= 100
GT_SEED ?= 2001
GT_OUT ?=
GT_LEE_ROWS := \
	"general:3 as Lee against the Union bot (19.0)|$(GT_STRONG_GAMES)|solitaire|bot|general:3" \
	"general:3 as Lee against the Union bot, Lee's quick set-up (4.2; 19.0)|$(GT_STRONG_GAMES)|solitaire-quick|bot|general:3" \
	"general:2 as Lee against the Union bot (19.0)|$(GT_GAMES)|solitaire|bot|general:2" \
	"general:1 as Lee against the Union bot (19.0)|$(GT_GAMES)|solitaire|bot|general:1" \
	"general:3 against general:3 (3.5)|$(GT_TWO_GAMES)|two-player|general:3|general:3"
GT_UNION_ROWS := \
	"general:1 as the Union against the scripted Confederacy (3.5)|$(GT_GAMES)|two-player|general:1|scripted" \
	"general:2 as the Union against the scripted Confederacy (3.5)|$(GT_GAMES)|two-player|general:2|scripted" \
	"general:3 as the Union against the scripted Confederacy (3.5)|$(GT_STRONG_GAMES)|two-player|general:3|scripted" \
	"general:2 against general:2 (3.5)|$(GT_GAMES)|two-player|general:2|general:2"
GT_ROWS ?= $(GT_LEE_ROWS)
general-table: $(BUILD)/tests/general_table
	@echo "| games | seeds | results | median VP | mean VP (10th…90th) | units lost Union / Confederacy, median (mean) | Confederate attacks a game | Lower Bridge first Union (median turn; 12 never) | CPU a player-turn, median / worst (ms) |"
	@echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	@for row in $(GT_ROWS); do \
		IFS='|' read -r label n rules u c <<< "$$row"; \
		out=; if [ -n "$(GT_OUT)" ]; then mkdir -p "$(GT_OUT)"; \
			out="$(GT_OUT)/$$(echo "$$u-$$c-$$rules" | tr ':' '_').csv"; fi; \
		nice -n 5 ./$(BUILD)/tests/general_table "$$label" "$$n" $(GT_SEED) "$$rules" "$$u" "$$c" data $$out || exit 1; \
	done
$(BUILD)/tests/general_table: $(BUILD)/tests/general_table.o $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) -lm
# tools/perimeter.c (docs/general.md, "Is there a perimeter"): built by make check so that it
# follows the bot's test it calls; run it as ./build/tools/perimeter data.
$(BUILD)/tools/perimeter: $(BUILD)/tools/perimeter.o $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) -lm
# tools/combat_record.c: the chart results of kept games, for tools/fit_charts.py (make balance,
# make fit; docs/provenance-charts.md).
$(BUILD)/tools/combat_record: $(BUILD)/tools/combat_record.o $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) -lm

# tools/hours-scenario.c (docs/provenance-hours.md, "Scenarios"): rewrites a scenario file's
# units and control from data/history-hours.txt; built by make check-suites.
$(BUILD)/tools/hours-scenario: $(BUILD)/tools/hours-scenario.o $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) -lm

# The move lists of the bench's 100 solitaire games and the soak's 100 random and 20 bot
# games, with a digest of each end (dice, units, control), into $(RECORD): a change that
# must alter no play leaves this file byte for byte the same (diff it against main's).
# make check compares its SHA-256 with tests/golden/record-games.sha256 (not under
# SANITIZE, which plays the same games slower); a change that alters play on purpose runs
# make record-digest and commits the new digest with it (tests/record_games.sh).
RECORD ?= games.rec
record-games: $(BUILD)/tests/bench $(BUILD)/tests/test_soak
	sh tests/record_games.sh record $(BUILD) $(RECORD)
record-digest: $(BUILD)/tests/bench $(BUILD)/tests/test_soak
	sh tests/record_games.sh digest $(BUILD)
# the bench times the terminal game's key-to-screen path too (src/tui/latency.c)
$(BUILD)/tests/bench: $(BENCH_SRC:%.c=$(BUILD)/%.o) $(TUI_UI_OBJ) $(LIBTUI) $(LIBFRONT) $(LIBDATA) $(LIBENGINE)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(CURSES_LIBS) -lm

# Fuzzing (libFuzzer, clang): every tests/fuzz/fuzz_*.c target for FUZZ_TIME seconds each,
# starting from the seed corpus tests/fuzz/corpus/NAME (new inputs kept in build-fuzz/, a
# crashing input written to build-fuzz/crash-*). Fails when any target finds a crash, a leak,
# undefined behaviour or an input slower than FUZZ_TIMEOUT seconds. docs/robustness.md.
FUZZ_TIME ?= 60
FUZZ_TIMEOUT ?= 10
# FUZZ_SEED=N makes a run repeatable (CI uses one, so a red CI is a finding anyone can redo).
FUZZ_SEED ?=
FUZZ_CC ?= clang
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_SAN := address,undefined -fno-sanitize-recover=undefined
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 $(WARN) $(WFATAL) \
	      -Iinclude -Isrc/cli -MMD -MP
FUZZ_OBJ := $(patsubst %.c,build-fuzz/obj/%.o,$(ENGINE_SRC) $(DATA_SRC) $(FRONT_SRC) $(TUI_CORE_SRC))
build-fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,$(FUZZ_SAN) -c -o $@ $<
build-fuzz/%: build-fuzz/obj/tests/fuzz/%.o $(FUZZ_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer,$(FUZZ_SAN) -o $@ $^ -lm
fuzz: $(FUZZ_TARGETS:%=build-fuzz/%)
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  name=$${t#fuzz_}; mkdir -p build-fuzz/corpus/$$name; \
	  echo "== fuzz $$name for $(FUZZ_TIME) s"; \
	  ./build-fuzz/$$t -max_total_time=$(FUZZ_TIME) -max_len=32768 -timeout=$(FUZZ_TIMEOUT) \
	    $(if $(FUZZ_SEED),-seed=$(FUZZ_SEED)) -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=build-fuzz/ \
	    build-fuzz/corpus/$$name tests/fuzz/corpus/$$name >build-fuzz/$$name.log 2>&1; \
	  rc=$$?; \
	  grep -E 'DONE|stat::number_of_executed_units|stat::average_exec_per_sec|ERROR|SUMMARY|Test unit written' build-fuzz/$$name.log; \
	  if [ $$rc -ne 0 ]; then fail=1; echo "fuzz $$name: FAILED (build-fuzz/$$name.log)"; fi; \
	done; test $$fail -eq 0

# The test suites under valgrind's memcheck.
valgrind: deps-test $(PROGRAM) $(TESTS)
	@fail=0; for t in $(TESTS); do \
	  SOAK_GAMES=3 ANTIETAM_PROGRAM=./$(PROGRAM) valgrind -q --error-exitcode=99 --leak-check=full --suppressions=tests/valgrind.supp $$t >/dev/null 2>build/valgrind.log || { fail=1; echo "valgrind: $$t"; tail -20 build/valgrind.log; }; \
	done; test $$fail -eq 0 && echo "valgrind: all suites clean"

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR) $(DESTDIR)$(PREFIX)/share/man/man6
	install -m 755 antietam $(DESTDIR)$(PREFIX)/bin/antietam
	install -m 644 data/*.txt $(DESTDIR)$(DATADIR)/
	install -d $(DESTDIR)$(DATADIR)/scenarios
	install -m 644 data/scenarios/*.txt $(DESTDIR)$(DATADIR)/scenarios/
	install -m 644 docs/antietam.6 $(DESTDIR)$(PREFIX)/share/man/man6/antietam.6
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/antietam $(DESTDIR)$(PREFIX)/share/man/man6/antietam.6
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-san build-fuzz antietam

-include $(shell find $(BUILD) build-fuzz/obj -name '*.d' 2>/dev/null)
