#!/usr/bin/env bash
# scripts/build-revision.sh <commit> <out-binary>
#
# Builds one revision of FrameBudget in release and copies its `framebudget` to <out-binary>; `make compare` builds
# both sides with it (Docs/CODE-LAYOUT.md has the measurements behind every choice here).
# Any package built on the FrameBudget library too: PACKAGE=<folder of its Package.swift, relative to the git root>
# and PRODUCT=<its benchmark executable> (defaults: . and framebudget); CONFIGURATION=debug for a quick debug build
# (tests; compare-builds then needs --allow-debug).
#
# - One fixed source path for every revision: a single git worktree, $COMPARE_WORKTREES/src, checked out at each
#   revision in turn, with one scratch folder. The absolute source paths that #filePath and the standard library's
#   precondition/fatalError messages embed are then the same for every revision, so identical code gives a
#   byte-identical binary. (swiftc 6.3's -file-prefix-map remaps debug info only, not #filePath: checked.)
# - LAYOUT_FLAGS (default below) are passed to `swift build`: the vector width of `make build`, and function
#   alignment, so that a change in one function moves the functions after it by whole cache lines rather than by
#   a few bytes.
# - A revision built once with the same flags is kept under $COMPARE_WORKTREES/cache/ and not rebuilt while it is
#   among the COMPARE_CACHE_KEEP (24) most recently used there; older ones are removed (each is a ~100 MB binary,
#   and a nightly builds a new baseline every night).
# - Builds are serialized by a lock on $COMPARE_WORKTREES/build.lock (the worktree is shared).
#
# Exit: 0 built (or taken from the cache); 2 not a commit; 4 the build failed; 64 usage (or a bad COMPARE_CACHE_KEEP).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: scripts/build-revision.sh <commit> <out-binary>" >&2
    exit 64
fi
root=$(git rev-parse --show-toplevel)
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
sha=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}") \
    || { echo "build-revision: '$1' is not a git commit, branch or tag" >&2; exit 2; }
out=$2
# Function alignment, and the machine's vector width as `make build` uses it (scripts/release-flags.sh), so that
# `make compare` measures the binaries `make bench` would build.
default_flags="-Xswiftc -Xllvm -Xswiftc -align-all-functions=6 $("$(dirname "$0")/release-flags.sh")"
read -r -a layout_flags <<< "${LAYOUT_FLAGS-$default_flags}"
package=${PACKAGE:-.}
product=${PRODUCT:-framebudget}
configuration=${CONFIGURATION:-release}
flags_key=$(printf '%s|%s|%s|%s' "${layout_flags[*]:-}" "$package" "$product" "$configuration" | sha256sum | cut -c1-8)
cached="$worktrees/cache/${sha:0:12}-$flags_key/$product"
tree="$worktrees/src"
keep=${COMPARE_CACHE_KEEP:-24}
[[ $keep =~ ^[1-9][0-9]*$ ]] || { echo "build-revision: COMPARE_CACHE_KEEP='$keep': not a whole number of revisions ≥ 1" >&2; exit 64; }

# Beside the binary, <binary>.commit names the commit it was built from: the binary records that commit in its
# results (EnvironmentProbe), not the commit of whatever checkout it happens to run in.
install_binary() {
    mkdir -p "$(dirname "$out")"
    echo "$sha" > "$out.commit.tmp.$$" && mv "$out.commit.tmp.$$" "$out.commit"
    cp "$cached" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
    forget_least_used
}

# Marks this revision used (its folder's time) and removes all but the $keep most recently used. Runs under the
# build lock, so no other build-revision is copying from a folder being removed.
forget_least_used() {
    touch "$(dirname "$cached")"
    ls -1dt "$worktrees"/cache/*/ 2>/dev/null | tail -n +$((keep + 1)) | xargs -r rm -rf --
}

mkdir -p "$worktrees"
exec 9> "$worktrees/build.lock"
flock 9
if [[ -x "$cached" ]]; then install_binary; exit 0; fi
if [[ ! -d "$tree" ]]; then
    git -C "$root" worktree add --detach "$tree" "$sha" >&2
else
    git -C "$tree" checkout --quiet --force --detach "$sha"
fi
if [[ ! -f "$tree/$package/Package.swift" ]]; then
    echo "build-revision: ${sha:0:10} has no $package/Package.swift" >&2; exit 4
fi
if [[ -f "$root/$package/Package.resolved" ]]; then cp "$root/$package/Package.resolved" "$tree/$package/"; fi   # the same dependency versions
echo "build-revision: building $product of ${sha:0:10} at $tree/$package ($configuration) ${layout_flags[*]:-}" >&2
(cd "$tree/$package" && swift build -c "$configuration" --product "$product" --scratch-path "$worktrees/scratch-$flags_key" \
    "${layout_flags[@]}" >&2) || { echo "build-revision: build of ${sha:0:10} failed" >&2; exit 4; }
mkdir -p "$(dirname "$cached")"
cp "$worktrees/scratch-$flags_key/$configuration/$product" "$cached.tmp" && mv "$cached.tmp" "$cached"
install_binary
