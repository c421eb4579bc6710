# FrameBudget: two commands do everything on a fresh machine: `make bench` and `make test`.
SWIFT        ?= swift
REPORTS      ?= Reports
RELEASE_BIN  := .build/release/framebudget
BENCH_ARGS   ?=

.PHONY: all deps build build-debug test bench quick env clean

all: build

## deps: install libpapi-dev, libopenblas-dev, gnuplot when missing (as root), else print the command to run
deps:
	@scripts/ensure-system-packages.sh

## build: release build of the framebudget command
build: deps
	$(SWIFT) build -c release --product framebudget

build-debug: deps
	$(SWIFT) build

## test: every test target, debug build (deterministic; no timing assertions)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: the main job: measure the whole suite in release, write Reports/<run-id>/ and point Reports/latest at it
bench: build
	$(RELEASE_BIN) run --reports $(REPORTS) $(BENCH_ARGS)

## quick: a short smoke pass of the whole suite
quick: build
	$(RELEASE_BIN) run --quick --reports $(REPORTS) $(BENCH_ARGS)

env: build
	$(RELEASE_BIN) env

clean:
	rm -rf .build

.PHONY: compare nightly gate-quality

## compare: build BASE and HEAD (git refs) in release worktrees, run them interleaved, compare (exit 1 on regression)
##          e.g. make compare BASE=main HEAD=my-branch FILTER='colormap/*' ROUNDS=5
compare: build
	BASE="$(BASE)" HEAD="$(HEAD)" FILTER="$(FILTER)" ROUNDS="$(ROUNDS)" scripts/compare-revisions.sh

## nightly: run the suite, record it in Reports/history.sqlite, check regressions against the branch's last run
nightly: build
	BENCH_ARGS="$(BENCH_ARGS)" scripts/nightly.sh

## gate-quality: false-alarm rate (A/A) and power against an injected slowdown of compare, on one benchmark
gate-quality: build
	scripts/gate-quality.sh
