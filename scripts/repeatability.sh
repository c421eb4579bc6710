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
# A fresh folder each time: the command refuses to write a run into a run folder that exists. Removed only when it
# is an earlier repeatability's (or empty): OUT also names make compare's folder, and OUT=Reports would take the
# history with it.
if [[ -d $out && -n $(ls -A "$out") && ! -e $out/repeatability.json && ! -d $out/run-1 ]]; then
    echo "repeatability: OUT=$out is not an earlier repeatability's folder (no repeatability.json or run-1/): not removing it; choose another OUT" >&2
    exit 2
fi
rm -rf "$out"
exec "$tool" repeatability "${BENCHMARK:-${1:-colormap/optimized/256x192}}" --runs "${RUNS:-10}" --out "$out" \
    ${run_args[@]+-- "${run_args[@]}"}
