#!/usr/bin/env bash
# make gate-quality [N=20] [FILTER='ids…'] [COMPARE_ARGS='…']
#
# Builds the three revisions `framebudget gate-quality` compares, then hands over to it (the measuring, the verdicts,
# the caps, the exit rule and the counting are Swift: RunPipeline.PairedSession and PairedQuality; this script only
# builds):
#   A  = the current commit; A2 = A plus a comment-only commit (identical code, another commit: false alarms);
#   B  = A plus real slowdowns (scripts/gate-quality/colormap-paired-slowdowns.patch: ~3% more work in the
#        single-threaded depth-size colormap, ~5% in the two-thread display-size colormap; extra work, not a sleep).
# Each is built as `make compare` builds it (scripts/build-revision.sh). Writes $OUT/gate-quality.{md,json} (OUT:
# Reports/gate-quality/<UTC time>, and Reports/gate-quality/latest points at it).
# Exit: gate-quality's; 64 an N that is not a number of rounds in 1…1000 (checked before anything is built).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
n=${N:-20}
if ! [[ $n =~ ^[1-9][0-9]*$ ]] || (( n > 1000 )); then
    echo "gate-quality: N='$n': not a number of rounds in 1…1000" >&2; exit 64
fi
out=${OUT:-Reports/gate-quality/$(date -u +%Y%m%dT%H%M%SZ)}
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
patch=${PATCH:-scripts/gate-quality/colormap-paired-slowdowns.patch}
read -r -a slowed <<< "${SLOWED:-colormap/optimized/256x192 colormap/optimized/1920x1440 photo-frame/optimized/256x192-to-1920x1440}"
read -r -a filter <<< "${FILTER:-}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"
if [[ -n ${LINK_ORDERS:-} && ${LINK_ORDERS:-} != 0 ]]; then compare_args+=(--link-orders); fi   # built by build-revision.sh

# A commit of HEAD plus an edit, made in a scratch worktree (never on a branch): prints its sha.
derived_commit() {  # name edit-command…
    local name=$1; shift
    local tree="$worktrees/gate-quality-$name"
    git worktree remove --force "$tree" 2>/dev/null || true
    # (Each step checked by hand: this runs inside `$(…) ||`, where bash ignores set -e.)
    git worktree add --detach "$tree" HEAD >&2 || { echo "gate-quality: cannot make the worktree $tree" >&2; exit 4; }
    # A patch that no longer applies must stop here: measured on, B would be A and every slowdown "missed".
    (cd "$tree" && "$@" >&2) || { echo "gate-quality: the $name edit does not apply to HEAD ($patch): nothing measured" >&2; exit 2; }
    git -C "$tree" -c user.name=gate-quality -c user.email=gate-quality@localhost commit -qam "gate-quality: $name" >&2 \
        || { echo "gate-quality: cannot commit the $name edit in $tree" >&2; exit 4; }
    git -C "$tree" rev-parse HEAD
}
comment_only() { printf '\n// gate-quality: a comment-only change (identical code)\n' >> Sources/HotPaths/HotPaths.swift; }
slowdown() { git apply "$root/$patch"; }

a=$(git rev-parse HEAD)
a2=$(derived_commit identical comment_only) || exit $?
b=$(derived_commit slowdown slowdown) || exit $?
binaries=()
for sha in "$a" "$a2" "$b"; do
    binary="$worktrees/bin/${sha:0:12}/framebudget"
    COMPARE_CACHE_HOLD="$a $a2 $b" scripts/tied scripts/build-revision.sh "$sha" "$binary"
    binaries+=("$binary")
done
slowed_args=()
for id in "${slowed[@]}"; do slowed_args+=(--slowed "$id"); done
if [[ -z ${OUT:-} ]]; then mkdir -p "$out" && ln -sfn "$(basename "$out")" "$(dirname "$out")/latest"; fi
exec "$tool" gate-quality "${binaries[@]}" "${filter[@]}" "${slowed_args[@]}" -n "$n" --budgeted \
    --out "$out" "${compare_args[@]}"
