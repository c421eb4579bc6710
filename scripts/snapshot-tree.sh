#!/usr/bin/env bash
# scripts/snapshot-tree.sh
#
# Prints a commit that holds the working tree as it is: HEAD itself when nothing differs from it, else a new commit
# (child of HEAD, referenced by no branch) of every tracked change and every untracked file git does not ignore.
# The real index, the working tree and the branches are left untouched (a private index builds the snapshot).
#
# Why: scripts/build-revision.sh builds commits, so a nightly with uncommitted changes can build tonight's binary
# the way it builds the baseline's (one source path, the same layout flags) from this snapshot, instead of pairing
# `make build`'s binary against build-revision's: two builds of the same code that differ by how they were built
# (nms/optimized/typical read −10% on identical code).
#
# Exit: 0 printed; 2 not inside a git checkout with a commit.
set -euo pipefail
root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "snapshot-tree: not inside a git checkout" >&2; exit 2; }
head=$(git -C "$root" rev-parse --verify --quiet 'HEAD^{commit}') || { echo "snapshot-tree: the checkout has no commit yet" >&2; exit 2; }
if [[ -z "$(git -C "$root" status --porcelain --untracked-files=normal)" ]]; then
    echo "$head"
    exit 0
fi
index=$(mktemp "${TMPDIR:-/tmp}/snapshot-index.XXXXXX")
trap 'rm -f "$index"' EXIT
cp "$(git -C "$root" rev-parse --path-format=absolute --git-path index)" "$index"
GIT_INDEX_FILE=$index git -C "$root" add --all
tree=$(GIT_INDEX_FILE=$index git -C "$root" write-tree)
# A fixed identity: the snapshot is the tool's, and a clone with no user configured must still make one.
git -C "$root" -c user.name="FrameBudget snapshot" -c user.email="snapshot@framebudget.invalid" commit-tree "$tree" -p "$head" -m "snapshot of the working tree on $(date -u +%Y-%m-%dT%H:%M:%SZ) (scripts/snapshot-tree.sh)"
