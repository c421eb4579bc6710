#!/usr/bin/env bash
# make compare MODE=instructions BASE=<git ref> HEAD=<git ref> [FILTER='glob …'] [COMPARE_ARGS='--instruction-threshold 1']
#
# The deterministic comparison: builds both revisions (scripts/build-revision.sh: one fixed source path, so
# identical code gives an identical binary), runs each binary ONCE with `--counters callgrind` — every benchmark
# counted in valgrind children over exactly COUNTED_ITERATIONS (default 1) and twice as many iterations, with
# deterministic hashing, no address randomization, one thread, a fixed environment — and compares the exact
# instructions per iteration with `framebudget compare --mode instructions`. No noise: no rounds, no statistics.
# Output in $OUT (default Reports/compare-instructions-<base>-<head>/): base-<sha10>/ and head-<sha10>/ (run
# folders, named after the commit they measured, which each run also records from its binary's .commit: results.json
# and instructions/<id>/ with both cachegrind outputs and functions.tsv), comparison.md.
# Your own package: PACKAGE=<its folder, relative to the git root> PRODUCT=<its benchmark executable>, as for
# compare-revisions.sh; the head build then compares.
# Exit: that of `framebudget compare` (0 no regression, 1 regression, 2 bad input); 4 when a build or run fails; 2 when
# a run refuses its input (FILTER matches no benchmark) or a ref is not a commit; 64 a bad cache setting.
set -euo pipefail

usage="usage: make compare MODE=instructions BASE=<git ref> HEAD=<git ref> [FILTER='glob …']"
out_stem=compare-instructions
source "$(dirname "$0")/revision-pair.sh"
iterations=${COUNTED_ITERATIONS:-1}
if [[ $product == framebudget ]]; then
    tool=${FRAMEBUDGET:-$root/.build/release/framebudget}   # the current checkout's build compares
else
    tool=${FRAMEBUDGET:-$worktrees/bin/${head_sha:0:12}/$product}   # the head build compares
fi

# Both binaries at paths of the same length: the path reaches the program (argv[0]), and its length is counted.
for side in base head; do
    sha=$base_sha; [[ $side == head ]] && sha=$head_sha
    PACKAGE=$package PRODUCT=$product COMPARE_CACHE_HOLD="$base_sha $head_sha" \
        "$scripts/tied" "$scripts/build-revision.sh" "$sha" "$worktrees/bin/${sha:0:12}/$product" \
        || { status=$?; echo "compare: build of ${sha:0:10} failed (build-revision exit $status)" >&2; exit "$status"; }
done

base_run=base-${base_sha:0:10}
head_run=head-${head_sha:0:10}
rm -rf "${out:?}/$base_run" "${out:?}/$head_run"
cd "$root/$package"   # where the package's budgets file and captures are found
for side in base head; do
    sha=$base_sha run_id=$base_run
    [[ $side == head ]] && sha=$head_sha run_id=$head_run
    echo "compare: counting instructions of $side (${sha:0:10}) under valgrind" >&2
    # A run's bad input (a FILTER no benchmark matches: exit 2) is the user's to fix, not a run failure.
    "$scripts/tied" "$worktrees/bin/${sha:0:12}/$product" run --quick --no-roofs --counters callgrind \
        --counted-iterations "$iterations" --reports "$out" --run-id "$run_id" --format none "${filter[@]}" \
        || { status=$?; echo "compare: $side run failed (exit $status)" >&2; exit $(( status == 2 || status >= 128 ? status : 4 )); }
done

results=("$out/$base_run/results.json" "$out/$head_run/results.json")
"$tool" compare --mode instructions "${results[@]}" "${compare_args[@]}" --format markdown --out "$out/comparison.md" \
    >/dev/null || true
exec "$tool" compare --mode instructions "${results[@]}" "${compare_args[@]}"
