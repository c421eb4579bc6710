#!/usr/bin/env bash
# make nightly [DATABASE=Reports/history.sqlite] [BENCH_ARGS='…'] [THRESHOLD=2]
#
# Runs the suite in release, records the run (environment, commit, branch, statistics and raw samples) in the
# history database, then checks it for regressions against the newest complete run previously recorded on the
# same branch (framebudget compare; the Markdown report goes to Reports/<run-id>/comparison.md).
# Exit: 0 no regression (or no baseline yet), 1 regression, 2 bad input, 4 run failure, 130/143 interrupted
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

"$tool" run --reports "$reports" --run-id "$run_id" --format none "${bench_args[@]}"
run_status=$?
results="$reports/$run_id/results.json"
[[ -f "$results" ]] || exit "$run_status"
"$tool" history record "$results" --branch "$branch" --database "$database" || exit $?
((run_status == 0)) || exit "$run_status"

if [[ -z "$baseline" ]]; then
    echo "nightly: no earlier complete run on branch $branch: recorded $run_id as the first baseline"
    exit 0
fi
echo "nightly: comparing with $baseline"
"$tool" compare "$baseline" "$results" --database "$database" --threshold "${THRESHOLD:-2}" \
    --format markdown --out "$reports/$run_id/comparison.md" --plots "$reports/$run_id" >/dev/null
"$tool" compare "$baseline" "$results" --database "$database" --threshold "${THRESHOLD:-2}"
