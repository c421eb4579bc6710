#!/usr/bin/env bash
# make nightly [DATABASE=Reports/history.sqlite] [BENCH_ARGS='…'] [THRESHOLD=2]
#
# Runs the gate in release (budgets of Benchmarks/budgets.yaml, and regressions against the newest complete run
# previously recorded on the same branch), records the run (environment, commit, branch, statistics and raw
# samples) in the history database, and writes the comparison beside the reports (Reports/<run-id>/comparison.md).
# Exit: the gate's: 0 all pass, 1 a budget failed/missing or a regression, 2 bad input, 4 run failure, 130/143 interrupted
# (an interrupted run is still recorded, marked incomplete, and is never used as a baseline).
set -uo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
database=${DATABASE:-Reports/history.sqlite}
reports=${REPORTS:-Reports}
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
run_id=nightly-$(date -u +%Y%m%d-%H%M%S)
read -r -a bench_args <<< "${BENCH_ARGS:-}"

# The baseline is chosen before this run is recorded: the newest complete run of this branch, if any.
baseline=""
if [[ -f "$database" ]]; then
    baseline=$("$tool" history list --branch "$branch" --json --database "$database" \
        | python3 -c 'import json,sys; runs=[r for r in json.load(sys.stdin) if r["complete"]]; print(runs[0]["runID"] if runs else "")') || exit 2
fi

# One gate run: the budgets, and (from the second night on) regressions against the baseline. Its results are
# recorded whatever the verdict, so a failing night is in the history too.
gate_args=(--reports "$reports" --run-id "$run_id")
if [[ -n "$baseline" ]]; then
    echo "nightly: gating against the budgets and $baseline"
    gate_args+=(--baseline "$baseline" --history-database "$database" --regression-threshold "${THRESHOLD:-2}")
else
    echo "nightly: no earlier complete run on branch $branch: gating against the budgets only"
fi
"$tool" gate "${gate_args[@]}" "${bench_args[@]}"
gate_status=$?
results="$reports/$run_id/results.json"
[[ -f "$results" ]] || exit "$gate_status"
"$tool" history record "$results" --branch "$branch" --database "$database" || exit $?
if [[ -n "$baseline" ]]; then
    # The comparison, benchmark by benchmark, beside the night's other reports (its verdict is the gate's).
    "$tool" compare "$baseline" "$results" --database "$database" --threshold "${THRESHOLD:-2}" \
        --format markdown --out "$reports/$run_id/comparison.md" --plots "$reports/$run_id" >/dev/null
fi
exit "$gate_status"
