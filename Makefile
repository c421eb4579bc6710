# FrameBudget: two commands do everything on a fresh machine: `make bench` and `make test`.
SWIFT        ?= swift
REPORTS      ?= Reports
RELEASE_BIN  := .build/release/framebudget
BENCH_ARGS   ?=

.PHONY: all deps build build-debug test bench quick env clean counters profile

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

## counters: what this machine can count (PAPI events, perf_event_open, valgrind, perf)
counters: build
	$(RELEASE_BIN) counters

## profile: stages, flame graph (and callgrind top functions with PROFILE_ARGS=--counters callgrind) of ID
profile: build
	$(RELEASE_BIN) profile --reports $(REPORTS) $(PROFILE_ARGS) $(ID)
