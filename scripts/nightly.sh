#!/usr/bin/env bash
# make nightly [DATABASE=Reports/history.sqlite|postgres://…] [BENCH_ARGS='…'] [COMPARE_ARGS='…']
# (DATABASE defaults to $FRAMEBUDGET_DATABASE, then Reports/history.sqlite: a fleet's shared server is set once.)
#
# Builds the baseline — the commit of this branch's newest complete recorded run, chosen by
# `framebudget history baseline-commit` — once (scripts/build-revision.sh caches it), and tonight's commit the same
# way, then hands over to tonight's `framebudget nightly`: the gate (budgets, absolute), tonight's build against the
# baseline build in pairs (regressions on tonight's machine state), both recorded in the history. This script decides
# nothing.
# Exit: framebudget nightly's (0 pass, 1 a budget failed or a regression, 2 bad input, 3 inconclusive with --strict,
# 4 run or build failure, 5 history server unreachable when the night otherwise passed: tonight's run spooled,
# 130/143 interrupted).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
database=${DATABASE:-${FRAMEBUDGET_DATABASE:-Reports/history.sqlite}}
shown=$(sed -E 's#(://[^:/@]+):.*@#\1@#' <<< "$database")  # a server's URL without its password (up to its last @)
# Handed over in the environment, not on a command line: a password in argv is readable by every local user in
# ps and /proc/<pid>/cmdline for the whole night.
export FRAMEBUDGET_DATABASE=$database
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
read -r -a bench_args <<< "${BENCH_ARGS:-}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"

baseline_args=()
# A history server that cannot be reached (exit 5) does not cost tonight's gate: the budgets are measured, and
# `framebudget nightly` spools the run for the server (exit 5 when the night otherwise passed; the paired half needs
# the baseline's commit).
status=0
commit=$("$tool" history baseline-commit --branch "$branch") || status=$?
budgets_only="no complete run of branch $branch in $shown yet"
if (( status == 5 )); then
    budgets_only="the history server $shown cannot be reached (tonight's run is spooled for it)"
elif (( status != 0 )); then
    exit "$status"
fi
# A shallow clone (a CI checkout's default) may lack last night's commit: fetched when the remote has it, else
# tonight gates the budgets alone, saying why, rather than failing as a build.
if [[ -n "$commit" ]] && ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    git fetch --quiet --depth=1 origin "$commit" 2>/dev/null || true
    if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
        budgets_only="the baseline commit ${commit:0:10} is not in this clone (a shallow checkout? fetch-depth: 0)"
        commit=""
    fi
fi
if [[ -n "$commit" ]]; then
    binary="$worktrees/bin/${commit:0:12}/framebudget"
    # Tied (a SIGTERM that ends this script ends the build); each build keeps the other side's cached binary.
    COMPARE_CACHE_HOLD=$(git rev-parse HEAD) scripts/tied scripts/build-revision.sh "$commit" "$binary" \
        || { echo "nightly: build of the baseline ${commit:0:10} failed" >&2; exit 4; }
    baseline_args=(--baseline-executable "$binary")
    # Tonight's side of the pairs is built the same way (build-revision: one source path, the same layout flags), or
    # the two binaries differ by how they were built: `make build`'s against the baseline's showed crowded-NMS-sized
    # "changes" (nms/optimized/typical IMPROVED −4.4%, then −10.3%, on identical code). Uncommitted changes are built
    # from a snapshot commit of the working tree (scripts/snapshot-tree.sh); that binary gets no commit sidecar, so
    # it reports HEAD and "dirty" from this checkout, as `make build`'s would.
    tonight_sha=$(scripts/snapshot-tree.sh) || exit 4
    tonight_head=$(git rev-parse HEAD)
    if [[ "$tonight_sha" == "$tonight_head" ]]; then
        tonight="$worktrees/bin/${tonight_sha:0:12}/framebudget"
    else
        echo "nightly: uncommitted changes: tonight's build is a snapshot of the working tree (${tonight_sha:0:10}, child of ${tonight_head:0:10}), built as the baseline is" >&2
        tonight="$worktrees/bin/working-tree/framebudget"
    fi
    COMPARE_CACHE_HOLD=$commit scripts/tied scripts/build-revision.sh "$tonight_sha" "$tonight" \
        || { echo "nightly: build of tonight's ${tonight_sha:0:10} failed" >&2; exit 4; }
    [[ "$tonight_sha" == "$tonight_head" ]] || rm -f "$tonight.commit"
    tool=$tonight
else
    echo "nightly: $budgets_only: tonight gates the budgets only" >&2
fi
exec "$tool" nightly --branch "$branch" "${baseline_args[@]}" "${compare_args[@]}" -- "${bench_args[@]}"
