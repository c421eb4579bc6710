#!/usr/bin/env bash
# make gate-quality [N=20] [RUNS=40] [ROUNDS=5] [MAX_ROUNDS=20] [FILTER='ids…'] [RUN_ARGS='…'] [COMPARE_ARGS='…']
#
# Measures what `make compare` users get on this machine, end to end, on real builds:
#   A  = the current commit, A2 = A plus a comment-only commit built in another worktree (identical code, another
#   path and commit: false alarms, layout included), B = A plus a real code change that makes one single-threaded
#   kernel ~5% slower (scripts/gate-quality/edge-overlay-slowdown.patch: extra work in the kernel, not a sleep).
# Each build is made as `make compare` makes it (scripts/build-revision.sh). RUNS rounds of fresh processes of the
# three builds are recorded once, interleaved; then N comparisons per pair replay make compare's sequential decision
# procedure (ROUNDS runs per side first, more for undecided benchmarks up to MAX_ROUNDS) with the real merge and
# compare commands (scripts/gate_quality.py). Default benchmarks: every optimized benchmark that carries a budget.
# Writes Reports/gate-quality/gate-quality.{json,md}; the recording is resumable (an interrupted one goes on).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
out=${OUT:-Reports/gate-quality}
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
slowed=${SLOWED:-edge-overlay/optimized/256x192}   # with PATCH: the benchmark the patch slows
patch=${PATCH:-scripts/gate-quality/edge-overlay-slowdown.patch}
read -r -a run_args <<< "${RUN_ARGS:---samples 30 --no-roofs --counters none}"
mkdir -p "$out"

# A commit of HEAD plus an edit, made in a scratch worktree (never on a branch): prints its sha.
derived_commit() {  # name edit-command…
    local name=$1; shift
    local tree="$worktrees/gate-quality-$name"
    git worktree remove --force "$tree" 2>/dev/null || true
    git worktree add --detach "$tree" HEAD >&2
    (cd "$tree" && "$@" >&2 && git -c user.name=gate-quality -c user.email=gate-quality@localhost commit -qam "gate-quality: $name" >&2)
    git -C "$tree" rev-parse HEAD
}
comment_only() { printf '\n// gate-quality: a comment-only change (identical code)\n' >> Sources/HotPaths/HotPaths.swift; }
slowdown() { git apply "$root/$patch"; }

a=$(git rev-parse HEAD)
a2=$(derived_commit identical comment_only)
b=$(derived_commit slowdown slowdown)
declare -A binary
for pair in "A:$a" "A2:$a2" "B:$b"; do
    name=${pair%%:*}; sha=${pair#*:}
    binary[$name]="$worktrees/bin/${sha:0:12}/framebudget"
    [[ -x "${binary[$name]}" ]] || scripts/build-revision.sh "$sha" "${binary[$name]}"
done

if [[ -n "${FILTER:-}" ]]; then read -r -a ids <<< "$FILTER"
else mapfile -t ids < <("$tool" list '*/optimized/*' | python3 scripts/gate_quality.py budgeted Benchmarks/budgets.yaml); fi
echo "gate-quality: ${#ids[@]} benchmarks: ${ids[*]}" >&2

python3 scripts/gate_quality.py record --out "$out" --runs "${RUNS:-40}" --run-args "${run_args[*]}" \
    --build "A=${binary[A]}" --build "A2=${binary[A2]}" --build "B=${binary[B]}" \
    --commit "A=$a" --commit "A2=$a2" --commit "B=$b" "${ids[@]}"
python3 scripts/gate_quality.py evaluate --tool "$tool" --out "$out" --n "${N:-20}" --rounds "${ROUNDS:-5}" \
    --max-rounds "${MAX_ROUNDS:-20}" --compare-args "${COMPARE_ARGS:-}" --slowed "$slowed"
