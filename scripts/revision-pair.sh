# Sourced by compare-revisions.sh and compare-instructions.sh (not run on its own): the two revisions and the paths
# both comparisons share.
# Needs: $usage (the caller's usage line) and $out_stem (the default output is Reports/<stem>-<base10>-<head10>).
# Sets: base_ref head_ref scripts root worktrees product package filter[] compare_args[] base_sha head_sha, and out
# (created, absolute); the working directory becomes the git root.
# Exits 64 without BASE and HEAD, 2 outside a git checkout or when one is not a commit.
base_ref=${1:-${BASE:-}}
head_ref=${2:-${HEAD:-}}
if [[ -z "$base_ref" || -z "$head_ref" ]]; then
    echo "$usage" >&2
    exit 64
fi
scripts=$(cd "$(dirname "$0")" && pwd)   # FrameBudget's scripts, also when run from a user's package checkout
root=$(git rev-parse --show-toplevel 2>/dev/null) \
    || { echo "compare: $(pwd) is not in a git checkout: run it in the repository whose revisions it compares" >&2; exit 2; }
cd "$root"
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
product=${PRODUCT:-framebudget}
package=${PACKAGE:-.}
read -r -a filter <<< "${FILTER:-}"
read -r -a compare_args <<< "${COMPARE_ARGS:-}"

resolve() {
    git rev-parse --verify --quiet "$1^{commit}" || { echo "compare: '$1' is not a git commit, branch or tag" >&2; exit 2; }
}
base_sha=$(resolve "$base_ref")
head_sha=$(resolve "$head_ref")
out=${OUT:-Reports/$out_stem-${base_sha:0:10}-${head_sha:0:10}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
