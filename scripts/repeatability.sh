#!/usr/bin/env bash
# make repeatability [BENCHMARK=colormap/optimized/256x192] [RUNS=10] [RUN_ARGS='…']
#
# How repeatable is a measurement on this machine? `framebudget repeatability` runs one benchmark RUNS times, each in
# a fresh process, and prints each run's median, then the mean of the medians, their standard deviation and their
# coefficient of variation (the run-to-run noise a comparison or a budget verdict has to see through). This script
# only clears the output folder and hands over; RUN_ARGS (default: the command's --no-roofs --counters none) go to
# every run.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
out=${OUT:-Reports/repeatability}
read -r -a run_args <<< "${RUN_ARGS:-}"
# A fresh folder each time: the command refuses to write a run into a run folder that exists.
rm -rf "$out"
exec "$tool" repeatability "${BENCHMARK:-${1:-colormap/optimized/256x192}}" --runs "${RUNS:-10}" --out "$out" \
    ${run_args[@]+-- "${run_args[@]}"}
