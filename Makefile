# FrameBudget: two commands do everything on a fresh machine: `make bench` and `make test`.
SWIFT        ?= swift
REPORTS      ?= Reports
RELEASE_BIN  := .build/release/framebudget
# The machine's vector width for release builds (AVX2 where the CPU has it; TARGET_CPU=generic for a portable
# binary): see scripts/release-flags.sh.
ISA_FLAGS    ?= $(shell scripts/release-flags.sh)
BENCH_ARGS   ?=
# Where the system's python3 refuses pip (PEP 668), scripts/ensure-system-packages.sh puts the python modules the
# tests and scripts use in this virtual environment: every recipe finds its python3 first.
export PATH := $(CURDIR)/.build-python/bin:$(PATH)

.DEFAULT_GOAL := all
.PHONY: all deps build build-debug test snippets bench quick gate env clean counters profile reference help

## help: these lines: every target and what it does
help:
	@sed -n 's/^## \{0,1\}//p' $(firstword $(MAKEFILE_LIST))

all: build

## deps: install libpapi-dev, libopenblas-dev, libssl-dev, gnuplot-nox, valgrind, linux-perf, libxml2-utils, chromium, postgresql
##       (its own cluster stopped: the tests start theirs; python3-pip, python3-venv on a PEP 668 python; pip:
##       jsonschema, cmarkgfm, numpy, opencv-python-headless, apache-otava) when missing (as root), else print the command
deps:
	@scripts/ensure-system-packages.sh

## build: release build of the framebudget command, for this machine's vector width (ISA_FLAGS)
build: deps
	$(SWIFT) build -c release --product framebudget $(ISA_FLAGS)

## build-debug: debug build of every product (what `make test` builds first)
build-debug: deps
	$(SWIFT) build

## reference: regenerate Docs/reference/ (every command's --help, one file each) from the debug build; `make test`
##            fails when a file there no longer matches the binary's --help
reference: build-debug
	scripts/generate-reference.sh .build/debug/framebudget Docs/reference

## test: every test target, debug build (fixed seeds, golden files; no speed asserted but the example's real 2x
##       slowdown read REGRESSED end to end); Package.swift's dependencies against the
##       imports (scripts/check-module-graph.py); the example package (Examples/StringKernels, its own debug build:
##       scripts/example-check.sh), and in that same build every swift snippet of README.md, Docs/*.md and the
##       library's doc comments (scripts/check-snippets.sh: "N snippets compiled, M skipped"). The tests run with a
##       throw-away PostgreSQL on loopback (scripts/test-postgres.sh), so the history tests cover both the SQLite
##       file and a shared server. The test summary line comes last.
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/check-module-graph.py
	SWIFT=$(SWIFT) scripts/example-check.sh
	FRAMEBUDGET_MAKE_TEST=1 SWIFT=$(SWIFT) scripts/test-postgres.sh run scripts/run-tests.sh

## snippets: only the docs' snippets, compiled against this checkout in .build-snippets (the first run builds
##           FrameBudget there, minutes; later runs take seconds)
snippets: deps
	SWIFT=$(SWIFT) scripts/check-snippets.sh

## bench: the main job: measure the whole suite in release, write Reports/<run-id>/ (results.json, every report,
## plots) and point Reports/latest at it. Advisory: failing budgets are reported but do not fail `make bench`
## (bad input and run failures still do); `make gate` is the gate. BENCH_ARGS is split into words but never
## expanded as a file glob (set -f): BENCH_ARGS='colormap/*' reaches the tool as written.
bench: build
	set -f; $(RELEASE_BIN) gate --advisory --reports "$(REPORTS)" $(BENCH_ARGS)

## quick: a short smoke pass of the whole suite, with every report
quick: build
	set -f; $(RELEASE_BIN) gate --advisory --quick --reports "$(REPORTS)" $(BENCH_ARGS)

## gate: like bench, but exits 1 when a budget fails or is missing; undecided budgets get fresh processes first
##       (up to 10); still INCONCLUSIVE exits 0, or 3 with BENCH_ARGS=--strict
gate: build
	set -f; $(RELEASE_BIN) gate --reports "$(REPORTS)" $(BENCH_ARGS)

## env: the machine's facts as a run records them (CPU, vector path, clock, governor, load, steal)
env: build
	$(RELEASE_BIN) env

## clean: remove .build (the builds of make compare and bisect stay in .build-compare)
clean:
	rm -rf .build

## fuzz: libFuzzer + AddressSanitizer for FUZZ_SECONDS (default 60) on each of two targets: the .npy reader (NpyFuzz,
## seeded from Tests/NumpyFilesTests/Corpus, new inputs in fuzz-corpus/) and results files (ResultsFuzz: the
## loader's validation and every reader of a loaded run, seeded from Schemas/examples, new inputs in
## fuzz-corpus-results/); crashes go to fuzz-artifacts/ (replay: NpyFuzz FILE, ResultsFuzz FILE).
## SwiftPM hands swiftc "-sanitize=fuzzer -sanitize=address" as two flags and the last one wins, which silently
## drops the coverage instrumentation libFuzzer needs: the combined -Xswiftc flag restores it. Both targets build
## with the same flags into FUZZ_SCRATCH, so neither rebuilds what the other built.
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_BUILD   := $(SWIFT) build -c release --sanitize=fuzzer --sanitize=address --scratch-path $(FUZZ_SCRATCH) \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -DNPY_FUZZING -Xswiftc -DRESULTS_FUZZING
FUZZ_RUN     := SWIFT_BACKTRACE=enable=no
.PHONY: fuzz fuzz-npy fuzz-results
fuzz: fuzz-npy fuzz-results

## fuzz-npy / fuzz-results: one target of `make fuzz` alone
fuzz-npy:
	$(FUZZ_BUILD) --product NpyFuzz
	mkdir -p fuzz-corpus fuzz-artifacts
	$(FUZZ_RUN) $(FUZZ_SCRATCH)/release/NpyFuzz fuzz-corpus Tests/NumpyFilesTests/Corpus -max_total_time=$(FUZZ_SECONDS) \
		-use_value_profile=1 -artifact_prefix=fuzz-artifacts/ -print_final_stats=1

# Results inputs grow past the seeds' 27 KB as the fuzzer adds benchmarks and replicates (-max_len: 64 KB); the
# dictionary holds the schema's keys and the values the loader's rules turn on.
fuzz-results:
	$(FUZZ_BUILD) --product ResultsFuzz
	mkdir -p fuzz-corpus-results fuzz-artifacts
	$(FUZZ_RUN) $(FUZZ_SCRATCH)/release/ResultsFuzz fuzz-corpus-results Schemas/examples -max_total_time=$(FUZZ_SECONDS) \
		-max_len=65536 -dict=Sources/ResultsFuzz/results.dict -use_value_profile=1 -artifact_prefix=fuzz-artifacts/results- \
		-print_final_stats=1

## counters: what this machine can count (PAPI events, perf_event_open, valgrind, perf)
counters: build
	$(RELEASE_BIN) counters

## profile: stages, flame graph (and callgrind top functions with PROFILE_ARGS=--counters callgrind) of ID
profile: build
	set -f; $(RELEASE_BIN) profile --reports "$(REPORTS)" $(PROFILE_ARGS) $(ID)

.PHONY: compare bisect bisect-quality nightly gate-quality nightly-quality repeatability peers

## peers: what a user would pick instead (OpenCV, numpy, hashlib; pip-installed when missing), on the kernels'
##        inputs, one core and every core, merged into the run as `peer` variants (RESULTS=<results.json> to add
##        them to an existing run; PEERS_ARGS=--quick for a smoke pass)
peers: build
	RESULTS="$(RESULTS)" RUN_ARGS="$(RUN_ARGS)" PEERS_ARGS="$(PEERS_ARGS)" scripts/peers.sh

## compare: build BASE and HEAD (git refs) in release at one fixed path (scripts/build-revision.sh), then
##          `framebudget compare-builds`: both builds alive at once, blocks alternating A B B A, process pairs added
##          until every budgeted benchmark is decided or COMPARE_MINUTES (10) pass; exit 1 regressed, 3 inconclusive
##          e.g. make compare BASE=main HEAD=my-branch FILTER='colormap/*' COMPARE_MINUTES=5
##          MODE=instructions: exact instruction counts under valgrind instead of times (no noise, one run per side)
##          LINK_ORDERS=8: each revision also linked in 8 shuffled function orders, process pair i on the i-th of both
compare: build
	BASE="$(BASE)" HEAD="$(HEAD)" FILTER="$(FILTER)" COMPARE_MINUTES="$(COMPARE_MINUTES)" LINK_ORDERS="$(LINK_ORDERS)" \
		COMPARE_ARGS="$(COMPARE_ARGS)" OUT="$(OUT)" MODE="$(MODE)" scripts/compare-revisions.sh

## bisect: the first commit after GOOD up to BAD (git refs) where FILTER's benchmarks regressed (`framebudget bisect`:
##         each revision built once in release at one fixed path, cached; BAD checked against GOOD first, then a binary
##         search comparing each midpoint with GOOD in pairs; exit 0 found, 1 BAD not regressed, 3 inconclusive, 4 build
##         failure); MODE=instructions: exact instruction counts; e.g. make bisect GOOD=v1.2 BAD=main FILTER='colormap/*'
##         LINK_ORDERS=8: every revision also linked in 8 shuffled function orders, as for make compare
bisect: build
	set -f; $(RELEASE_BIN) bisect --good "$(GOOD)" --bad "$(BAD)" --mode "$(or $(MODE),time)" \
		$(if $(LINK_ORDERS),--link-orders "$(LINK_ORDERS)") $(FILTER) $(BISECT_ARGS)

## nightly: the gate (budgets), then tonight's build against the branch's last recorded commit in pairs
##          (`framebudget nightly`; the baseline is built once and cached), both recorded in Reports/history.sqlite
nightly: build
	BENCH_ARGS="$(BENCH_ARGS)" COMPARE_ARGS="$(COMPARE_ARGS)" DATABASE="$(DATABASE)" scripts/nightly.sh

## gate-quality: what make compare users get, on real builds (`framebudget gate-quality`): N comparisons of identical
##               code (A/A) and N against real slowdowns of the colormap (~3% one thread, ~5% two threads), the same
##               paired procedure and exit rule as make compare; e.g. make gate-quality N=20 (Reports/gate-quality/<time>/, latest);
##               LINK_ORDERS=8 as for compare
gate-quality: build
	N="$(N)" FILTER="$(FILTER)" COMPARE_ARGS="$(COMPARE_ARGS)" PATCH="$(PATCH)" SLOWED="$(SLOWED)" LINK_ORDERS="$(LINK_ORDERS)" \
		scripts/gate-quality.sh

## bisect-quality: how often `framebudget bisect` names the right commit, on real builds: two 16-commit test
##                 histories made from HEAD (a ~5% single-thread and a ~10% two-thread colormap slowdown at known
##                 commits), N attempts each (scripts/bisect-quality.sh)   e.g. make bisect-quality N=10
##                 LINK_ORDERS=8: every attempt runs bisect --link-orders 8
bisect-quality: build
	N="$(N)" KINDS="$(KINDS)" OUT="$(OUT)" BASE="$(BASE)" LINK_ORDERS="$(LINK_ORDERS)" scripts/bisect-quality.sh

## nightly-quality: N gate runs of an unchanged build (no FAIL expected) and of a real colormap slowdown (FAIL
##                  expected every time), alternating (`framebudget nightly-quality`)   e.g. make nightly-quality N=10
nightly-quality: build
	N="$(N)" FILTER="$(FILTER)" BENCH_ARGS="$(BENCH_ARGS)" scripts/nightly-quality.sh

## repeatability: the run-to-run noise of one benchmark here (`framebudget repeatability`): RUNS fresh runs, CV of
##                their medians   e.g. make repeatability BENCHMARK=colormap/optimized/256x192 RUNS=10
repeatability: build
	BENCHMARK="$(BENCHMARK)" RUNS="$(RUNS)" RUN_ARGS="$(RUN_ARGS)" scripts/repeatability.sh
