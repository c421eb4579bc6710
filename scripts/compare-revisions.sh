#!/usr/bin/env bash
# make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [ROUNDS=5] [RUN_ARGS='--samples 50']
#              [COMPARE_ARGS='--statistic p10 --threshold 3']
#
# Builds both revisions in release, each in its own git worktree under $COMPARE_WORKTREES (default
# .build-compare/, ignored by git; kept between invocations: a commit compared before is not rebuilt), runs them
# interleaved — round r runs A then B, or B then A on even rounds, so machine drift and
# order effects hit both sides alike — merges each side's rounds (framebudget merge) and compares them.
# Output in $OUT (default Reports/compare-<base>-<head>/): rounds/, base.json, head.json, comparison.md, plots.
# Exit: that of `framebudget compare` (0 no regression, 1 regression, 2 bad input); 4 when a build or run fails.
set -euo pipefail
if [[ ${MODE:-time} == instructions ]]; then exec "$(dirname "$0")/compare-instructions.sh" "$@"; fi   # exact counts

base_ref=${1:-${BASE:-}}
head_ref=${2:-${HEAD:-}}
if [[ -z "$base_ref" || -z "$head_ref" ]]; then
    echo "usage: make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [ROUNDS=5]" >&2
    exit 64
fi
root=$(git rev-parse --show-toplevel)
cd "$root"
rounds=${ROUNDS:-5}
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}   # the current checkout's build merges and compares
read -r -a filter <<< "${FILTER:-}"
read -r -a run_args <<< "${RUN_ARGS:-}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"

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

rm -rf "$out/rounds"
mkdir -p "$out/rounds"
measure() {  # side round binary
    echo "compare: round $2/$rounds: $1" >&2
    "$3" run --reports "$out/rounds" --run-id "$1-$2" --format none "${run_args[@]}" "${filter[@]}" \
        || { echo "compare: $1 run of round $2 failed" >&2; exit 4; }
}
for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then measure base "$r" "$base_bin"; measure head "$r" "$head_bin"
    else measure head "$r" "$head_bin"; measure base "$r" "$base_bin"; fi
done

for side in base head; do
    files=()
    for ((r = 1; r <= rounds; r++)); do files+=("$out/rounds/$side-$r/results.json"); done
    sha=$base_sha; [[ $side == head ]] && sha=$head_sha
    "$tool" merge --out "$out/$side.json" --run-id "$side-${sha:0:10}" "${files[@]}" >&2
done
"$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}" --format markdown --out "$out/comparison.md" --plots "$out" >/dev/null || true
exec "$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}"
