#!/usr/bin/env bash
# link-order.sh <commit> <plain|slowed> <out-dir> <seed>...
#
# Builds one revision of FrameBudget as scripts/build-revision.sh does (fixed source path, release, function
# alignment, `make build`'s vector width), but with every function in its own section and lld laying the sections
# out in an order shuffled by <seed> (`none`: lld's own order, unshuffled); then relinks it for each further seed (SwiftPM recompiles nothing: only the
# link command changes). "slowed" applies scripts/gate-quality/colormap-paired-slowdowns.patch first.
# Writes <out-dir>/framebudget-<plain|slowed>-s<seed> and prints where two NMS functions landed in each.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
commit=$1 kind=$2 out=$3; shift 3
src=/tmp/lay/src scratch=/tmp/lay/scratch
git -C "$root" worktree remove --force "$src" 2>/dev/null || true
git -C "$root" worktree add --detach "$src" "$commit" >/dev/null
[[ -f "$root/Package.resolved" ]] && cp "$root/Package.resolved" "$src/"
[[ $kind == slowed ]] && git -C "$src" apply "$root/scripts/gate-quality/colormap-paired-slowdowns.patch"
flags=(-Xswiftc -Xllvm -Xswiftc -align-all-functions=6 $("$root/scripts/release-flags.sh")
       -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=lld)
mkdir -p "$out"
for seed in "$@"; do
    start=$(date +%s)
    (cd "$src" && swift build -c release --product framebudget --scratch-path "$scratch" "${flags[@]}" \
        $([[ $seed == none ]] || echo "-Xlinker --shuffle-sections=.text.*=$seed") 2>&1 | tail -1)
    cp "$scratch/release/framebudget" "$out/framebudget-$kind-s$seed"
    echo "$kind seed $seed: built in $(( $(date +%s) - start )) s; $(nm "$out/framebudget-$kind-s$seed" \
        | grep -E "keepInScoreOrder|selectCandidates" | grep HotPaths17NonMax | cut -c1-16,19-90 | tr '\n' ' ')"
done
