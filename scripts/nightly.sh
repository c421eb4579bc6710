#!/usr/bin/env bash
# make nightly [DATABASE=Reports/history.sqlite] [BENCH_ARGS='…'] [THRESHOLD=2] [NIGHTLY_RUNS=3]
#
# The night's measurement is NIGHTLY_RUNS fresh processes of the suite (the process run is the unit of replication),
# merged into one results file whose benchmarks keep each process as a replicate. That file is gated (budgets of
# Benchmarks/budgets.yaml across the runs, and regressions against the newest complete run recorded on the same
# branch *in the same machine class*, with the noise floors the history holds for that class), then recorded in the
# history database with each benchmark's between-run spread — the noise floor later comparisons use — and compared
# benchmark by benchmark beside the reports (Reports/<run-id>/comparison.md). NIGHTLY_RUNS=1 measures inside the gate
# (it re-measures undecided budgets in fresh processes itself) and records no spread for the other benchmarks.
# Exit: the gate's: 0 all pass, 1 a budget failed/missing or a regression, 2 bad input, 3 inconclusive (--strict),
# 4 run failure, 130/143 interrupted (the partial run is still recorded, marked incomplete, never a baseline).
set -uo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
database=${DATABASE:-Reports/history.sqlite}
reports=${REPORTS:-Reports}
runs=${NIGHTLY_RUNS:-3}
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
run_id=nightly-$(date -u +%Y%m%d-%H%M%S)
read -r -a bench_args <<< "${BENCH_ARGS:-}"
folder="$reports/$run_id"
results="$folder/results.json"

# 1. Measure: NIGHTLY_RUNS processes, merged (each process one replicate).
gate_args=()
if ((runs > 1)); then
    files=()
    for ((r = 1; r <= runs; r++)); do
        echo "nightly: process run $r of $runs"
        "$tool" run --reports "$folder/processes" --run-id "run-$r" --format none "${bench_args[@]}"
        status=$?
        [[ -f "$folder/processes/run-$r/results.json" ]] && files+=("$folder/processes/run-$r/results.json")
        ((status == 0)) || break
    done
    ((${#files[@]} > 0)) || exit "$status"
    "$tool" merge --out "$results" --run-id "$run_id" "${files[@]}" || exit $?
    ((status == 0)) || { "$tool" history record "$results" --branch "$branch" --database "$database"; exit "$status"; }
    gate_args+=(--results "$results")
else
    gate_args+=(--reports "$reports" --run-id "$run_id")
fi

# 2. The baseline: the newest complete run of this branch in this run's machine class, chosen before recording.
baseline=""
if [[ -f "$database" && -f "$results" ]]; then
    baseline=$("$tool" history list --branch "$branch" --machine-class-of "$results" --json --database "$database" \
        | python3 -c 'import json,sys; runs=[r for r in json.load(sys.stdin) if r["complete"]]; print(runs[0]["runID"] if runs else "")') || exit 2
elif [[ -f "$database" ]]; then
    baseline=$branch   # measured inside the gate: it resolves the branch within the run's machine class
    "$tool" history list --branch "$branch" --json --database "$database" \
        | python3 -c 'import json,sys; sys.exit(0 if any(r["complete"] for r in json.load(sys.stdin)) else 1)' || baseline=""
fi

# 3. Gate: the budgets and (once a baseline exists) regressions; the run is recorded whatever the verdict.
if [[ -n "$baseline" ]]; then
    echo "nightly: gating against the budgets and $baseline"
    gate_args+=(--baseline "$baseline" --history-database "$database" --regression-threshold "${THRESHOLD:-2}")
else
    echo "nightly: no earlier complete run on branch $branch in this machine class: gating against the budgets only"
fi
if ((runs > 1)); then "$tool" gate "${gate_args[@]}"; else "$tool" gate "${gate_args[@]}" "${bench_args[@]}"; fi
gate_status=$?
[[ -f "$results" ]] || exit "$gate_status"
if [[ -n "$baseline" ]]; then
    # The comparison, benchmark by benchmark, beside the night's other reports (its verdict is the gate's).
    "$tool" compare "$baseline" "$results" --database "$database" --threshold "${THRESHOLD:-2}" \
        --format markdown --out "$folder/comparison.md" --plots "$folder" >/dev/null
fi
"$tool" history record "$results" --branch "$branch" --database "$database" || exit $?
exit "$gate_status"
