#!/usr/bin/env bash
# make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [COMPARE_MINUTES=10] [COMPARE_ARGS='--threshold 3']
#
# Builds both revisions in release (scripts/build-revision.sh: one fixed source path, cached per commit), then hands
# over to `framebudget compare-builds`, which measures and decides: both builds' processes alive at once, blocks of
# samples alternating A B B A, process pairs added until every benchmark is decided or a cap is reached (the whole
# procedure, its caps and exit rules live in Swift: RunPipeline.PairedSession). This script decides nothing.
# Default selection: the benchmarks that carry a budget (--budgeted) in the budgets file the executable registers
# (Benchmarks/budgets.yaml, or a package's own); FILTER narrows it. A package without that file has no budgets to
# select by: compare-builds compares every timed benchmark, with a warning (FILTER still narrows).
# LINK_ORDERS=K: each revision also linked in K shuffled function orders (build-revision.sh), and compare-builds
# --link-orders runs process pair i on the i-th order of both (Docs/CODE-LAYOUT.md).
# Your own package (built on the FrameBudget library): PACKAGE=<its folder, relative to the git root> PRODUCT=<its
# benchmark executable>; the head build then coordinates, from PACKAGE (where its budgets file is found).
# Output in $OUT (default Reports/compare-<base sha>-<head sha>/, 10 digits each): comparison.md, comparison.json and comparison.html; the
# table on stdout.
# Exit: that of compare-builds (0 unchanged/improved, 1 regressed, 3 inconclusive, 2 bad input, 130/143 interrupted);
# 4 when a build fails; 64 without BASE/HEAD, or with a MODE, LINK_ORDERS or cache setting that is not one.
set -euo pipefail
case ${MODE:-time} in
    time) ;;
    instructions) unset LINK_ORDERS; exec "$(dirname "$0")/compare-instructions.sh" "$@" ;;   # exact counts
    *) echo "compare: MODE='$MODE': not a mode (time or instructions)" >&2; exit 64 ;;
esac

usage="usage: make compare BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [COMPARE_MINUTES=10]"
out_stem=compare
# The options this script sets itself: given again in COMPARE_ARGS the last one would silently win (`--format
# markdown` wrote Markdown into comparison.json). Checked before anything is resolved, built or created.
read -r -a requested <<< "${COMPARE_ARGS:-}"
for arg in "${requested[@]}"; do
    case $arg in
        --format|--format=*|--out|--out=*|--markdown|--markdown=*|--html|--html=*|--max-minutes|--max-minutes=*)
            echo "compare: COMPARE_ARGS: ${arg%%=*} is set by make compare itself (comparison.json, .md and .html in \$OUT, COMPARE_MINUTES): leave it out" >&2
            exit 64 ;;
    esac
done
source "$(dirname "$0")/revision-pair.sh"
if [[ -n ${LINK_ORDERS:-} && ${LINK_ORDERS:-} != 0 ]]; then compare_args+=(--link-orders); fi   # built by build-revision.sh

# Builds a revision into $worktrees/bin/<sha12>/ (tied: a SIGTERM that ends this script ends the build), keeping
# the cached builds of the commits in $2 (the other side). Exits with build-revision's status when it fails (2 not a
# commit, 4 the build failed, 64 a bad LINK_ORDERS or cache setting: its own line says which).
build() {
    COMPARE_CACHE_HOLD="$2" "$scripts/tied" "$scripts/build-revision.sh" "$1" "$worktrees/bin/${1:0:12}/$product" >&2 \
        || { status=$?; echo "compare: build of ${1:0:10} failed (build-revision exit $status)" >&2; exit "$status"; }
}
build "$base_sha" "$head_sha"
build "$head_sha" "$base_sha"
base_bin="$worktrees/bin/${base_sha:0:12}/$product"
head_bin="$worktrees/bin/${head_sha:0:12}/$product"
if [[ $product == framebudget ]]; then
    tool=${FRAMEBUDGET:-$root/.build/release/framebudget}   # the current checkout's build coordinates
else
    tool=${FRAMEBUDGET:-$head_bin}   # any FrameBudget-based executable has compare-builds
fi
if [[ ${CONFIGURATION:-release} == debug ]]; then compare_args+=(--allow-debug); fi
cd "$root/$package"
# The HTML page where the coordinator has it (a package built on an older FrameBudget library has not).
# (Help read whole first: `grep -q` in a pipe closes it early, and under pipefail the tool's SIGPIPE would say "no".)
html_args=()
help=$("$tool" compare-builds --help 2>/dev/null || true)
if [[ $help == *--html* ]]; then html_args=(--html "$out/comparison.html"); fi
selection=(--budgeted)
# A coordinator built before compare-builds knew a missing budgets file refuses one: look for the usual file here.
if [[ $(tr -s ' \n' ' ' <<< "$help") != *"without its budgets file"* && ! -e Benchmarks/budgets.yaml ]]; then
    selection=()
    echo "compare: no Benchmarks/budgets.yaml in $package: comparing every timed benchmark${FILTER:+ matching $FILTER}" >&2
fi
exec "$tool" compare-builds "$base_bin" "$head_bin" "${filter[@]}" "${selection[@]}" --max-minutes "${COMPARE_MINUTES:-10}" \
    --format json --out "$out/comparison.json" --markdown "$out/comparison.md" "${html_args[@]}" "${compare_args[@]}"
