#!/usr/bin/env bash
# make nightly [DATABASE=Reports/history.sqlite|postgres://…] [BENCH_ARGS='…'] [COMPARE_ARGS='…']
# (DATABASE defaults to $FRAMEBUDGET_DATABASE, then Reports/history.sqlite: a fleet's shared server is set once.)
#
# Builds the baseline — the commit of this branch's newest complete recorded run, chosen by
# `framebudget history baseline-commit` — once (scripts/build-revision.sh caches it), then hands over to
# `framebudget nightly`: the gate (budgets, absolute), tonight's build against the baseline build in pairs (regressions
# on tonight's machine state), both recorded in the history. This script decides nothing.
# Exit: framebudget nightly's (0 pass, 1 a budget failed or a regression, 2 bad input, 3 inconclusive with --strict,
# 4 run or build failure, 5 history server unreachable: tonight's run spooled, 130/143 interrupted).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
database=${DATABASE:-${FRAMEBUDGET_DATABASE:-Reports/history.sqlite}}
shown=$(sed -E 's#(://[^:/@]+):[^@]*@#\1@#' <<< "$database")  # a server's URL without its password
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
read -r -a bench_args <<< "${BENCH_ARGS:-}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"

baseline_args=()
commit=$("$tool" history baseline-commit --branch "$branch" --database "$database")
if [[ -n "$commit" ]]; then
    binary="$worktrees/bin/${commit:0:12}/framebudget"
    scripts/build-revision.sh "$commit" "$binary" || { echo "nightly: build of the baseline ${commit:0:10} failed" >&2; exit 4; }
    baseline_args=(--baseline-executable "$binary")
else
    echo "nightly: no complete run of branch $branch in $shown yet: tonight gates the budgets only" >&2
fi
exec "$tool" nightly --branch "$branch" --database "$database" "${baseline_args[@]}" "${compare_args[@]}" -- "${bench_args[@]}"
