#!/usr/bin/env bash
# make gate-quality [BENCHMARK=texture-upload/optimized/256x192] [N=20] [SLOWDOWN=0.05] [ROUNDS=3] [STATISTIC=median]
#                   [RUN_ARGS='…'] [THRESHOLD=2]
#
# Measures how trustworthy `framebudget compare` is on this machine, with the tool itself:
#   1. false alarms: N A/A comparisons of two runs of the same build; any 'regressed' verdict is a false alarm;
#   2. power: N A/B comparisons where B busy-waits SLOWDOWN × each sample inside the timed window (the hidden
#      --inject-slowdown knob); a 'regressed' verdict is a detection.
# Each comparison is what `make compare` does: ROUNDS processes per side, interleaved (AB, BA, AB…), merged per
# side (framebudget merge), then compared — a burst of interference from the machine then spoils one round of one
# side, not a whole side.
# Prints every comparison and a summary; writes gate-quality.json in $OUT (default Reports/gate-quality/).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
benchmark=${BENCHMARK:-${1:-texture-upload/optimized/256x192}}
n=${N:-20}
rounds=${ROUNDS:-3}
slowdown=${SLOWDOWN:-0.05}
threshold=${THRESHOLD:-2}
statistic=${STATISTIC:-median}
out=${OUT:-Reports/gate-quality}
# Short samples (0.2 ms) fit inside one scheduler time slice, so on a shared machine most samples are unpreempted
# and the median stays stable; 2 ms samples on a loaded 2-core VM moved the A/A median by up to 30%.
# Roofs and the counting pass are skipped: only timings are compared, and each run stays short.
read -r -a run_args <<< "${RUN_ARGS:---samples 200 --sample-time 0.2 --warmup 50 --no-roofs --counters none}"
rm -rf "$out"
mkdir -p "$out"

measure() {  # run-id [extra args]
    local id=$1; shift
    "$tool" run --reports "$out/runs" --run-id "$id" --format none "${run_args[@]}" "$@" "$benchmark" >/dev/null 2>>"$out/stderr.log"
}
verdict() {  # base head → "verdict change p"
    "$tool" compare "$1" "$2" --format json --threshold "$threshold" --statistic "$statistic" | python3 -c '
import json, sys
b = json.load(sys.stdin)["benchmarks"][0]
print(b["verdict"], "%+.4f" % b["relativeChange"], "%.3g" % b["pValue"])' || true
}

: > "$out/comparisons.txt"
for phase in aa ab; do
    extra=()
    [[ $phase == ab ]] && extra=(--inject-slowdown "$slowdown")
    for ((i = 1; i <= n; i++)); do
        for ((r = 1; r <= rounds; r++)); do
            if (((i + r) % 2)); then measure "$phase-$i-a-$r"; measure "$phase-$i-b-$r" "${extra[@]}"
            else measure "$phase-$i-b-$r" "${extra[@]}"; measure "$phase-$i-a-$r"; fi
        done
        for side in a b; do
            files=()
            for ((r = 1; r <= rounds; r++)); do files+=("$out/runs/$phase-$i-$side-$r/results.json"); done
            "$tool" merge --out "$out/runs/$phase-$i-$side.json" "${files[@]}" >/dev/null
        done
        line=$(verdict "$out/runs/$phase-$i-a.json" "$out/runs/$phase-$i-b.json")
        echo "$phase $i $line" | tee -a "$out/comparisons.txt"
    done
done

python3 - "$out" "$n" "$slowdown" "$benchmark" "$rounds" "$statistic" <<'PY'
import json, sys
out, n, slowdown, benchmark = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rows = [line.split() for line in open(f"{out}/comparisons.txt")]
aa = [r for r in rows if r[0] == "aa"]; ab = [r for r in rows if r[0] == "ab"]
false_alarms = sum(r[2] == "regressed" for r in aa)
detections = sum(r[2] == "regressed" for r in ab)
spurious_improvements = sum(r[2] == "improved" for r in aa)
summary = {"benchmark": benchmark, "comparisons": n, "roundsPerSide": int(sys.argv[5]), "statistic": sys.argv[6], "injectedSlowdown": slowdown,
           "falseAlarms": false_alarms, "spuriousImprovements": spurious_improvements, "detections": detections,
           "aaChanges": [float(r[3]) for r in aa], "abChanges": [float(r[3]) for r in ab]}
json.dump(summary, open(f"{out}/gate-quality.json", "w"), indent=1)
print(f"false alarms (A/A): {false_alarms}/{len(aa)}   target ≤ 1   (spurious 'improved': {spurious_improvements})")
print(f"{slowdown:.1%} slowdown detected: {detections}/{len(ab)}   target ≥ {max(0, len(ab) - 1)}")
PY
