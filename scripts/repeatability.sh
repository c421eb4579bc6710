#!/usr/bin/env bash
# make repeatability [BENCHMARK=colormap/optimized/256x192] [RUNS=10] [RUN_ARGS='…']
#
# How repeatable is a measurement on this machine? Runs one benchmark RUNS times, each in a fresh process with the
# default settings, and prints each run's median, then the mean of the medians, their standard deviation and their
# coefficient of variation (the run-to-run noise a comparison or a budget verdict has to see through).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
benchmark=${BENCHMARK:-${1:-colormap/optimized/256x192}}
runs=${RUNS:-10}
out=${OUT:-Reports/repeatability}
read -r -a run_args <<< "${RUN_ARGS:---no-roofs --counters none}"
rm -rf "$out"
mkdir -p "$out"
for ((i = 1; i <= runs; i++)); do
    "$tool" run --reports "$out" --run-id "run-$i" --format none "${run_args[@]}" "$benchmark" 2>>"$out/stderr.log"
done
python3 - "$out" "$runs" "$benchmark" <<'PY'
import json, statistics, sys
out, runs, benchmark = sys.argv[1], int(sys.argv[2]), sys.argv[3]
medians = []
for i in range(1, runs + 1):
    run = json.load(open(f"{out}/run-{i}/results.json"))
    result = run["benchmarks"][0]
    medians.append(result["statistics"]["median"])
    ci = result["statistics"]["intervals"]["median"]
    print(f"run {i:2d}: median {result['statistics']['median']:12.1f} ns  [{ci['lower']:.1f}, {ci['upper']:.1f}]  "
          f"CV within run {100 * result['statistics']['coefficientOfVariation']:.2f}%")
mean, sd = statistics.mean(medians), statistics.stdev(medians)
print(f"{benchmark}: {runs} runs, mean of medians {mean:.1f} ns, sd {sd:.1f} ns, "
      f"CV of the median across runs {100 * sd / mean:.2f}%")
PY
