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
#   among the COMPARE_CACHE_KEEP (24) most recently used there and the most recently used that fit in
#   COMPARE_CACHE_GB (10) together; older ones are removed (each is a ~100 MB binary, ~400 MB with 8 link orders,
#   and a nightly builds a new baseline every night). The revision just asked for is always kept, and so are the
#   commits in COMPARE_CACHE_HOLD (space-separated: the callers' other side, still to be run).
# - <out-binary> is a hard link to the cached binary where the file system allows (a copy elsewhere), so an
#   install costs no space of its own. The installs in $COMPARE_WORKTREES/bin/<sha12>/ (where make compare, gate,
#   nightly and bisect put them) go with their revision's last cache folder: those folders are never left to grow
#   by one revision a night. A build folder ($COMPARE_WORKTREES/scratch-<flags>) goes when no cached revision
#   has its flags any more.
# - Builds are serialized by a lock on $COMPARE_WORKTREES/build.lock (the worktree is shared).
# - LINK_ORDERS=K (2…64; default none): also K link orders of the revision in <out-binary>.link-orders/1 … /K, for
#   `compare-builds --link-orders`. Every function gets its own section (Swift and C) and lld links them, once in
#   its own order (<out-binary>) and once per seed 1…K in an order shuffled by that seed (--shuffle-sections); the
#   relinks recompile nothing (~4 s each). The same seeds for every revision: identical code gives identical orders.
#   The orders are stripped of debug information (binutils' strip); <out-binary> keeps it, for profiles.
#
# Exit: 0 built (or taken from the cache); 2 not a commit; 4 the build failed; 64 usage (or a bad COMPARE_CACHE_KEEP,
# COMPARE_CACHE_GB or LINK_ORDERS).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: scripts/build-revision.sh <commit> <out-binary>" >&2
    exit 64
fi
root=$(git rev-parse --show-toplevel)
scripts=$(cd "$(dirname "$0")" && pwd)
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
sha=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}") \
    || { echo "build-revision: '$1' is not a git commit, branch or tag" >&2; exit 2; }
out=$2
# Function alignment, and the machine's vector width as `make build` uses it (scripts/release-flags.sh), so that
# `make compare` measures the binaries `make bench` would build.
default_flags="-Xswiftc -Xllvm -Xswiftc -align-all-functions=6 $("$scripts/release-flags.sh")"
read -r -a layout_flags <<< "${LAYOUT_FLAGS-$default_flags}"
link_orders=${LINK_ORDERS:-0}
if [[ $link_orders != 0 ]]; then
    [[ $link_orders =~ ^[1-9][0-9]*$ ]] && (( link_orders >= 2 && link_orders <= 64 )) \
        || { echo "build-revision: LINK_ORDERS='$link_orders': not a whole number of link orders in 2…64" >&2; exit 64; }
    # Function sections for the linker to shuffle, and lld (the toolchain's), which shuffles them.
    layout_flags+=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=lld)
fi
package=${PACKAGE:-.}
product=${PRODUCT:-framebudget}
configuration=${CONFIGURATION:-release}
flags_key=$(printf '%s|%s|%s|%s' "${layout_flags[*]:-}" "$package" "$product" "$configuration" | sha256sum | cut -c1-8)
cached="$worktrees/cache/${sha:0:12}-$flags_key/$product"
cached_orders="$cached.link-orders-$link_orders"   # per K: a cached revision with 4 orders is not one with 8
tree="$worktrees/src"
keep=${COMPARE_CACHE_KEEP:-24}
[[ $keep =~ ^[1-9][0-9]*$ ]] || { echo "build-revision: COMPARE_CACHE_KEEP='$keep': not a whole number of revisions ≥ 1" >&2; exit 64; }
gigabytes=${COMPARE_CACHE_GB:-10}
[[ $gigabytes =~ ^[1-9][0-9]{0,5}$ ]] || { echo "build-revision: COMPARE_CACHE_GB='$gigabytes': not a whole number of gigabytes ≥ 1" >&2; exit 64; }

# Beside the binary, <binary>.commit names the commit it was built from: the binary records that commit in its
# results (EnvironmentProbe), not the commit of whatever checkout it happens to run in.
install_binary() {
    mkdir -p "$(dirname "$out")"
    echo "$sha" > "$out.commit.tmp.$$" && mv "$out.commit.tmp.$$" "$out.commit"
    if [[ ! "$out" -ef "$cached" ]]; then   # installed before: already this link (mv refuses a file onto itself)
        ln -f "$cached" "$out.tmp.$$" 2>/dev/null || cp "$cached" "$out.tmp.$$"
        mv "$out.tmp.$$" "$out"
    fi
    if (( link_orders > 0 )); then
        rm -rf "$out.link-orders.tmp.$$"
        cp -rl "$cached_orders" "$out.link-orders.tmp.$$" 2>/dev/null \
            || { rm -rf "$out.link-orders.tmp.$$"; cp -r "$cached_orders" "$out.link-orders.tmp.$$"; }
        for order in $(seq "$link_orders"); do echo "$sha" > "$out.link-orders.tmp.$$/$order.commit"; done
        rm -rf "$out.link-orders" && mv "$out.link-orders.tmp.$$" "$out.link-orders"
    else
        rm -rf "$out.link-orders"   # another build's orders must not pass for this one's
    fi
    forget_least_used
}

# The revision is cached, with its link orders when they are asked for.
is_cached() { [[ -x "$cached" ]] && { (( link_orders == 0 )) || [[ -x "$cached_orders/$link_orders" ]]; }; }

# swift build of the checked-out revision, with these extra arguments; the product is left in the scratch folder.
# (Tied: a SIGTERM that ends this script ends the build too, rather than leaving it holding the build lock.)
swift_build() {
    (cd "$tree/$package" && exec "$scripts/tied" swift build -c "$configuration" --product "$product" \
        --scratch-path "$worktrees/scratch-$flags_key" "${layout_flags[@]}" "$@" >&2) \
        || { echo "build-revision: build of ${sha:0:10} failed" >&2; exit 4; }
}

# Relinks the revision once per seed 1…K, in function orders shuffled by the seed, into $cached_orders/<seed>
# (only the link command changes between these builds: SwiftPM relinks and compiles nothing).
link_shuffled_orders() {
    rm -rf "$cached_orders.tmp" && mkdir -p "$cached_orders.tmp"
    for seed in $(seq "$link_orders"); do
        swift_build -Xlinker "--shuffle-sections=.text.*=$seed"
        # Without debug information: 38 MB instead of 105 (a revision keeps K of them); the loaded segments
        # and the symbol table are unchanged. Profiles (--profile-seconds) run <out-binary>, which keeps it.
        strip --strip-debug -o "$cached_orders.tmp/$seed" "$worktrees/scratch-$flags_key/$configuration/$product"
    done
    rm -rf "$cached_orders" && mv "$cached_orders.tmp" "$cached_orders"
}

# Marks this revision used (its folder's time) and keeps, from the most recently used down, the folders that fit
# in $keep revisions and $gigabytes GB, removing the first that does not and every older one; this one always
# stays (it is the most recent), and so do the revisions the caller still runs (COMPARE_CACHE_HOLD: make compare's
# base while its head builds, the nightly's baseline, bisect's GOOD), or a small cache would remove the binary of
# the other side of a comparison about to start. Then removes the installs in $worktrees/bin whose revision has no
# cache folder left. Runs under the build lock, so no other build-revision is linking from a folder being removed.
forget_least_used() {
    touch "$(dirname "$cached")"
    local folder size kept=0 bytes=0 full=0 limit=$((gigabytes * 1024 * 1024 * 1024))
    while IFS= read -r folder; do
        size=$(du -sb -- "$folder" | cut -f1)
        (( kept == 0 || (kept < keep && bytes + size <= limit) )) || full=1
        if (( full )) && ! is_held "$folder"; then rm -rf -- "$folder"; else kept=$((kept + 1)); bytes=$((bytes + size)); fi
    done < <(ls -1dt "$worktrees"/cache/*/ 2>/dev/null)
    forget_uncached_installs
    forget_unused_scratch
}

# The cache folder (…/cache/<sha12>-<flags>/) is of a revision in COMPARE_CACHE_HOLD (commits, space-separated).
is_held() {
    local name commit
    name=$(basename "$1")
    for commit in ${COMPARE_CACHE_HOLD:-}; do
        [[ ${#commit} -ge 12 && $name == "${commit:0:12}"-* ]] && return 0
    done
    return 1
}

# Removes $worktrees/scratch-<key>/ (a build folder, ~640 MB in release) when no cached revision was built with its
# flags any longer: it only speeds up the next build with those flags, and the cache has judged them not recent.
# The folder of the flags just used always stays. (Each set of flags, package or configuration ever asked for used
# to leave its folder for good.)
forget_unused_scratch() {
    local folder key
    for folder in "$worktrees"/scratch-*/; do
        [[ -d $folder ]] || continue
        key=${folder%/}; key=${key##*/scratch-}
        [[ $key =~ ^[0-9a-f]{8}$ && $key != "$flags_key" ]] || continue
        compgen -G "$worktrees/cache/*-$key" > /dev/null || rm -rf -- "$folder"
    done
}

# Removes $worktrees/bin/<sha12>/ (the callers' installs) when no cache folder of that revision is left. Other
# names there (bin/working-tree: the nightly's build of uncommitted code) are the callers' own.
forget_uncached_installs() {
    local install name
    for install in "$worktrees"/bin/*/; do
        [[ -d $install ]] || continue
        name=$(basename "$install")
        [[ $name =~ ^[0-9a-f]{12}$ ]] || continue
        compgen -G "$worktrees/cache/$name-*" > /dev/null || rm -rf -- "$install"
    done
}

mkdir -p "$worktrees"
exec 9> "$worktrees/build.lock"
flock 9
if is_cached; then install_binary; exit 0; fi
if [[ ! -d "$tree" ]]; then
    git -C "$root" worktree add --detach "$tree" "$sha" >&2
else
    git -C "$tree" checkout --quiet --force --detach "$sha"
fi
if [[ ! -f "$tree/$package/Package.swift" ]]; then
    echo "build-revision: ${sha:0:10} has no $package/Package.swift" >&2; exit 4
fi
# A revision that commits its Package.resolved is built with its own pins (a dependency bump is then part of the
# change it makes); otherwise with the checkout's, so that every revision resolves the same dependency versions.
if git -C "$tree" ls-files --error-unmatch -- "$package/Package.resolved" > /dev/null 2>&1; then :
elif [[ -f "$root/$package/Package.resolved" ]]; then cp "$root/$package/Package.resolved" "$tree/$package/"; fi
echo "build-revision: building $product of ${sha:0:10} at $tree/$package ($configuration) ${layout_flags[*]:-}" >&2
swift_build
mkdir -p "$(dirname "$cached")"
cp "$worktrees/scratch-$flags_key/$configuration/$product" "$cached.tmp" && mv "$cached.tmp" "$cached"
if (( link_orders > 0 )); then link_shuffled_orders; fi
install_binary
