#!/usr/bin/env bash
# make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [ROUNDS=5] [MAX_ROUNDS=20] [COMPARE_MINUTES=8]
#              [RUN_ARGS='--samples 30 --no-roofs --counters none'] [COMPARE_ARGS='--statistic p10 --threshold 3']
#              [DATABASE=Reports/history.sqlite]
#
# Builds both revisions in release, each in its own git worktree under $COMPARE_WORKTREES (default
# .build-compare/, ignored by git; kept between invocations: a commit compared before is not rebuilt), then
# measures sequentially: the process run is the unit of replication, so every round is one fresh process per side,
# interleaved (A then B, B then A on even rounds) so that machine drift and order effects hit both sides alike.
#   1. ROUNDS (default 5) rounds of every selected benchmark;
#   2. then, while some benchmark still needs more runs (`framebudget compare --undecided`: INCONCLUSIVE, or
#      unchanged with a minimum detectable effect over twice its noise floor), one more round of only those
#      benchmarks (exact ids), until MAX_ROUNDS (default 20) or COMPARE_MINUTES of measuring (default 8) is reached;
#   3. the final comparison of each side's merged rounds (framebudget merge keeps every process run as a replicate);
#      benchmarks still undecided at a cap make the answer INCONCLUSIVE (exit 3) unless something regressed.
# Default selection: the optimized benchmarks that carry a budget in Benchmarks/budgets.yaml, frame loops excepted
# (their budgets are about the cadence, checked by the gate; each of their runs takes 10–15 s). Default runs are short
# (30 samples, no roofs, no counters): between-run variance dominates, so repetitions go into more processes.
# Output in $OUT (default Reports/compare-<base>-<head>/): rounds/, base.json, head.json, comparison.md, plots.
# Exit: that of `framebudget compare`: 0 nothing regressed or inconclusive, 1 a regression, 3 INCONCLUSIVE (the caps
# were reached with benchmarks still undecided), 2 bad input; 4 when a build or run fails; 64 without BASE/HEAD.
set -euo pipefail
if [[ ${MODE:-time} == instructions ]]; then exec "$(dirname "$0")/compare-instructions.sh" "$@"; fi   # exact counts

base_ref=${1:-${BASE:-}}
head_ref=${2:-${HEAD:-}}
if [[ -z "$base_ref" || -z "$head_ref" ]]; then
    echo "usage: make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [ROUNDS=5] [MAX_ROUNDS=20] [COMPARE_MINUTES=8]" >&2
    exit 64
fi
root=$(git rev-parse --show-toplevel)
cd "$root"
rounds=${ROUNDS:-5}
max_rounds=${MAX_ROUNDS:-20}
cap_seconds=$(python3 -c "import sys; print(int(float(sys.argv[1]) * 60))" "${COMPARE_MINUTES:-8}")
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}   # the current checkout's build merges and compares
read -r -a filter <<< "${FILTER:-}"
read -r -a run_args <<< "${RUN_ARGS:---samples 30 --no-roofs --counters none}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"
if [[ -n "${DATABASE:-}" ]]; then compare_args+=(--database "$DATABASE"); fi   # noise floors from the history

resolve() {
    git rev-parse --verify --quiet "$1^{commit}" || { echo "compare: '$1' is not a git commit, branch or tag" >&2; exit 2; }
}
base_sha=$(resolve "$base_ref")
head_sha=$(resolve "$head_ref")
out=${OUT:-Reports/compare-${base_sha:0:10}-${head_sha:0:10}}

# Builds one revision (scripts/build-revision.sh: one fixed source path, layout flags; a revision built before is
# taken from its cache) and prints the path of its binary.
build() {
    local binary="$worktrees/bin/${1:0:12}/framebudget"
    scripts/build-revision.sh "$1" "$binary" >&2 || { echo "compare: build of ${1:0:10} failed" >&2; exit 4; }
    echo "$binary"
}
base_bin=$(build "$base_sha")
head_bin=$(build "$head_sha")
source "$root/scripts/compare-rounds.sh"
