#!/usr/bin/env bash
# make gate-quality [BENCHMARK=row-copy/strided/256x192] [N=20] [SLOWDOWN=0.05] [RUN_ARGS='…'] [THRESHOLD=2]
#
# Measures how trustworthy `framebudget compare` is on this machine, with the tool itself:
#   1. false alarms: N A/A comparisons of two runs of the same build; any 'regressed' verdict is a false alarm;
#   2. power: N A/B comparisons where B busy-waits SLOWDOWN × each sample inside the timed window (the hidden
#      --inject-slowdown knob); a 'regressed' verdict is a detection.
# The two runs of a pair alternate their order (AB, BA, …) so that drift hits both sides alike.
# Prints every comparison and a summary; writes gate-quality.json in $OUT (default Reports/gate-quality/).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
benchmark=${BENCHMARK:-${1:-row-copy/strided/256x192}}
n=${N:-20}
slowdown=${SLOWDOWN:-0.05}
threshold=${THRESHOLD:-2}
out=${OUT:-Reports/gate-quality}
read -r -a run_args <<< "${RUN_ARGS:---samples 60 --sample-time 2 --warmup 100}"
rm -rf "$out"
mkdir -p "$out"

measure() {  # run-id [extra args]
    local id=$1; shift
    "$tool" run --reports "$out/runs" --run-id "$id" --format none "${run_args[@]}" "$@" "$benchmark" >/dev/null 2>>"$out/stderr.log"
}
verdict() {  # base head → "verdict change p"
    "$tool" compare "$1" "$2" --format json --threshold "$threshold" | python3 -c '
import json, sys
b = json.load(sys.stdin)["benchmarks"][0]
print(b["verdict"], "%+.4f" % b["relativeChange"], "%.3g" % b["pValue"])' || true
}

: > "$out/comparisons.txt"
for phase in aa ab; do
    extra=()
    [[ $phase == ab ]] && extra=(--inject-slowdown "$slowdown")
    for ((i = 1; i <= n; i++)); do
        if ((i % 2)); then measure "$phase-$i-a"; measure "$phase-$i-b" "${extra[@]}"
        else measure "$phase-$i-b" "${extra[@]}"; measure "$phase-$i-a"; fi
        line=$(verdict "$out/runs/$phase-$i-a/results.json" "$out/runs/$phase-$i-b/results.json")
        echo "$phase $i $line" | tee -a "$out/comparisons.txt"
    done
done

python3 - "$out" "$n" "$slowdown" "$benchmark" <<'PY'
import json, sys
out, n, slowdown, benchmark = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rows = [line.split() for line in open(f"{out}/comparisons.txt")]
aa = [r for r in rows if r[0] == "aa"]; ab = [r for r in rows if r[0] == "ab"]
false_alarms = sum(r[2] == "regressed" for r in aa)
detections = sum(r[2] == "regressed" for r in ab)
summary = {"benchmark": benchmark, "comparisons": n, "injectedSlowdown": slowdown,
           "falseAlarms": false_alarms, "detections": detections,
           "aaChanges": [float(r[3]) for r in aa], "abChanges": [float(r[3]) for r in ab]}
json.dump(summary, open(f"{out}/gate-quality.json", "w"), indent=1)
print(f"false alarms (A/A): {false_alarms}/{len(aa)}   target ≤ 1")
print(f"{slowdown:.0%} slowdown detected: {detections}/{len(ab)}   target ≥ {max(0, len(ab) - 1)}")
PY
