#!/usr/bin/env bash
# scripts/check-snippets.sh [--framebudget DIR] [--scratch-path DIR] [--only FILE.md] [--self-test]
#
# Compiles every ```swift snippet of README.md, Docs/*.md and the doc comments of the library modules against the
# FrameBudget library, as a user would paste it: scripts/snippets/extract.py writes a throwaway package (one
# executable target per snippet, its lines mapped back to the document, the stub module MyKernels for "your code")
# and each snippet target is built with `swift build --target` (compiled, not linked: a failure does not hide the
# next one). A failure prints the document's file:line:column and the compiler's message. A snippet that is not
# meant to compile says so before its fence: <!-- snippet: skip (why) --> (scripts/snippets/extract.py).
#
# --framebudget: the FrameBudget checkout the package depends on (default: this one); --scratch-path: the build
# folder (default .build-snippets, kept: the first run builds FrameBudget, ~4-5 min, later ones take seconds).
# scripts/example-check.sh passes its own build of the example (the same FrameBudget path, debug), whose modules
# are then reused as they are: only the snippets compile. --only: one markdown file instead of the docs.
# --self-test: checks the checker on scripts/snippets/broken.md (a wrong snippet must fail, named by its line).
# Exit: 0 every snippet compiled; 1 one did not (or the self-test failed); 2 a malformed document or usage.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
framebudget=$root
scratch=$root/.build-snippets
only=() self_test=0
while (($#)); do
    case $1 in
        --framebudget) framebudget=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --only) only=(--markdown "$2"); shift 2 ;;
        --self-test) self_test=1; shift ;;
        *) echo "usage: scripts/check-snippets.sh [--framebudget DIR] [--scratch-path DIR] [--only FILE.md] [--self-test]" >&2; exit 2 ;;
    esac
done

if ((self_test)); then
    # The fixture holds two snippets that compile together, a skipped one and a wrong one, whose error line is marked.
    fixture=scripts/snippets/broken.md
    line=$(grep -n 'the error is on this line' "$root/$fixture" | cut -d: -f1)
    output=$("$0" --framebudget "$framebudget" --scratch-path "$scratch" --only "$fixture" 2>&1); status=$?
    if [[ $status == 1 ]] && grep -q "^    $fixture:$line:[0-9]*: error: " <<<"$output" \
        && grep -q "^check-snippets: FAIL, 1 of 3 snippets failed to compile, 1 skipped" <<<"$output"; then
        echo "check-snippets: self-test PASS  the wrong snippet of $fixture fails, named $fixture:$line"; exit 0
    fi
    sed 's/^/    | /' <<<"$output"
    echo "check-snippets: self-test FAIL  expected exit 1 naming $fixture:$line, 1 of 3 failed, 1 skipped (exit $status)"
    exit 1
fi

started=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package=$work/Snippets
python3 "$root/scripts/snippets/extract.py" --root "$root" --out "$package" --framebudget "$framebudget" "${only[@]}" \
    || exit 2
# The dependency versions of the build being reused, so that nothing is resolved or rebuilt again.
for resolved in "$framebudget/Examples/StringKernels/Package.resolved" "$framebudget/Package.resolved"; do
    if [[ -f $resolved ]]; then cp "$resolved" "$package/"; break; fi
done

compiled=0 failed=0
skipped=$(grep -c '^skipped' "$package/snippets.tsv")
# A scratch folder without FrameBudget's modules builds them first: minutes of silence, so say so.
[[ -d $scratch/debug/Measurement.build ]] || echo "check-snippets: building FrameBudget in $scratch first (minutes)"
for target in $(awk -F'\t' '$1 == "compiled" { split($3, part, "/"); print part[1] }' "$package/snippets.tsv" | sort -u); do
    where=$(awk -F'\t' -v target="$target" '$1 == "compiled" && index($3, target "/") == 1 { print $2 }' "$package/snippets.tsv")
    count=$(wc -w <<<"$where")
    if (cd "$package" && "${SWIFT:-swift}" build --target "$target" --scratch-path "$scratch") >"$work/build.log" 2>&1; then
        compiled=$((compiled + count))
        continue
    fi
    failed=$((failed + count))
    echo "check-snippets: FAIL  $(tr '\n' ' ' <<<"$where")($target)"
    # The compiler reports each error twice (module emission and compilation): once each here, in order.
    errors=$(grep -E '^[^ :]+:[0-9]+:[0-9]+: error: ' "$work/build.log" | awk '!seen[$0]++')
    if [[ -n $errors ]]; then sed 's/^/    /' <<<"$errors"; else sed 's/^/    | /' "$work/build.log" | tail -n 25; fi
done
seconds=$(( $(date +%s) - started ))
awk -F'\t' '$1 == "skipped" { print "check-snippets: skipped " $2 ": " $3 }' "$package/snippets.tsv"
if ((failed > 0)); then
    echo "check-snippets: FAIL, $failed of $((compiled + failed)) snippets failed to compile, $skipped skipped ($seconds s)"
    exit 1
fi
echo "check-snippets: PASS, $compiled snippets compiled, $skipped skipped ($seconds s)"
