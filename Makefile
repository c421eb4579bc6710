# FrameBudget: two commands do everything on a fresh machine: `make bench` and `make test`.
SWIFT        ?= swift
REPORTS      ?= Reports
RELEASE_BIN  := .build/release/framebudget
BENCH_ARGS   ?=

.PHONY: all deps build build-debug test bench quick gate env clean

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

## bench: the main job: measure the whole suite in release, write Reports/<run-id>/ (results.json, every report,
## plots) and point Reports/latest at it. Advisory: failing budgets are reported but do not fail `make bench`
## (bad input and run failures still do); `make gate` is the gate.
bench: build
	$(RELEASE_BIN) gate --advisory --reports $(REPORTS) $(BENCH_ARGS)

## quick: a short smoke pass of the whole suite, with every report
quick: build
	$(RELEASE_BIN) gate --advisory --quick --reports $(REPORTS) $(BENCH_ARGS)

## gate: like bench, but exits 1 when a budget fails or is missing (3 for inconclusive with BENCH_ARGS=--strict)
gate: build
	$(RELEASE_BIN) gate --reports $(REPORTS) $(BENCH_ARGS)

env: build
	$(RELEASE_BIN) env

clean:
	rm -rf .build
