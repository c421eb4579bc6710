#!/usr/bin/env bash
# make nightly-quality [N=10] [FILTER='ids or globs…'] [BENCH_ARGS='…']
#
# The nightly gate's two promises, measured on real builds: N `framebudget gate` runs of an unchanged build give
# no FAIL, and N runs of a build with a real slowdown that puts the display-size colormap's p95 clearly over its
# 2 ms budget (scripts/gate-quality/colormap-slowdown.patch: every pair of output rows computed four times, ~4× the
# work: the AVX2 kernel of issue 13 takes 0.6–0.8 ms, so the earlier ~1.75× no longer crossed 2 ms)
# give FAIL every time. Default FILTER: every benchmark (the whole gate, as `make gate` runs it).
#
# This script only builds the two revisions (scripts/build-revision.sh, cached) and hands over to
# `framebudget nightly-quality`, which runs the gates alternating, reads each one's verdicts.json and counts
# (RunPipeline.NightlyQualitySession): $OUT/summary.{md,json} and one folder per gate run (OUT:
# Reports/nightly-quality/<UTC time>, and Reports/nightly-quality/latest points at it).
# Exit: nightly-quality's; 64 an N that is not a number of rounds in 1…1000 (checked before anything is built).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
n=${N:-10}
if ! [[ $n =~ ^[1-9][0-9]*$ ]] || (( n > 1000 )); then
    echo "nightly-quality: N='$n': not a number of rounds in 1…1000" >&2; exit 64
fi
out=${OUT:-Reports/nightly-quality/$(date -u +%Y%m%dT%H%M%SZ)}
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
read -r -a filter <<< "${FILTER:-}"
read -r -a bench_args <<< "${BENCH_ARGS:-}"
# A fresh folder each night: the command refuses to write a gate into a run folder that exists. A given OUT is
# replaced only when it is an earlier nightly-quality's (or empty): OUT also names make compare's folder, and
# OUT=Reports would take the history with it; and only once the builds are done (a failed build keeps it).
if [[ -d $out && -n $(ls -A "$out") && ! -e $out/summary.json && ! -d $out/unchanged-1 && ! -d $out/slowed-1 ]]; then
    echo "nightly-quality: OUT=$out is not an earlier nightly-quality's folder (no summary.json, unchanged-1/ or slowed-1/): not removing it; choose another OUT" >&2
    exit 2
fi

tree="$worktrees/nightly-quality-slowdown"
git worktree remove --force "$tree" 2>/dev/null || true
git worktree add --detach "$tree" HEAD >&2 || { echo "nightly-quality: cannot make the worktree $tree" >&2; exit 4; }
(cd "$tree" && git apply "$root/scripts/gate-quality/colormap-slowdown.patch" \
    && git -c user.name=gate-quality -c user.email=gate-quality@localhost commit -qam "nightly-quality: colormap slowdown") \
    || { echo "nightly-quality: scripts/gate-quality/colormap-slowdown.patch does not apply to HEAD: nothing measured" >&2; exit 2; }
binaries=()
shas=("$(git rev-parse HEAD)" "$(git -C "$tree" rev-parse HEAD)")
for sha in "${shas[@]}"; do
    binary="$worktrees/bin/${sha:0:12}/framebudget"
    [[ -x "$binary" ]] || COMPARE_CACHE_HOLD="${shas[*]}" scripts/tied scripts/build-revision.sh "$sha" "$binary"
    binaries+=("$binary")
done
rm -rf "$out"
if [[ -z ${OUT:-} ]]; then mkdir -p "$out" && ln -sfn "$(basename "$out")" "$(dirname "$out")/latest"; fi
exec "$tool" nightly-quality "${binaries[@]}" -n "$n" --watch colormap-1920x1440-p95 --out "$out" \
    -- "${bench_args[@]}" "${filter[@]}"
