#!/usr/bin/env bash
# scripts/bisect-check.sh <repo> <compare-worktrees> <tool>
#
# `bisect` end to end, called by scripts/example-check.sh on its throwaway repository (a copy of the working tree
# with Examples/StringKernels in it) once its checks are done, reusing its build-revision worktree and scratch folder
# (COMPARE_WORKTREES), so every revision is an incremental debug build of the example. Adds seven commits: one makes
# uppercaseASCII do its work three times (a real 3x of the kernel), one does not build (the next fixes it), the others
# touch only a notes file. Then `<tool> bisect --mode instructions` (exact instruction counts under valgrind:
# deterministic, no timing) over them must exit 0, name that commit and report the broken one as skipped (it is the
# search's first midpoint), and (with perf) its differential profile against its parent must put
# uppercaseASCII first; the same bisection run again must give the same answer; a GOOD that is not an ancestor of BAD
# must exit 2 with one line.
# Exit 0 passed, 1 failed (the bisection's output printed).
set -uo pipefail
repo=$1 worktrees=$2 tool=$3
started=$(date +%s)
kernels="$repo/Examples/StringKernels/Sources/StringKernels/StringKernels.swift"
commit() { git -C "$repo" -c user.name=bisect-check -c user.email=bisect-check@localhost commit -qam "$1"; }
note() { echo "$1" >>"$repo/Examples/StringKernels/NOTES.md"; git -C "$repo" add Examples/StringKernels/NOTES.md; commit "$1"; }

good=$(git -C "$repo" rev-parse HEAD)
note "notes: a first line"
note "notes: a second line"
# A commit that does not build, fixed by the next one: the search's first midpoint, so it must be skipped for a
# neighbour and reported, and the culprit still named.
echo 'let doesNotBuild: Int = "bisect-check"' >> "$kernels"
commit "kernels: a typo that breaks the build"
broken=$(git -C "$repo" rev-parse HEAD)
sed -i '$d' "$kernels"
commit "kernels: the typo fixed"
python3 - "$kernels" <<'PATCH' || exit 1
import sys
path = sys.argv[1]
text = open(path).read()
loop = "    for index in input.indices {\n        let byte = input[index]\n        output[index] = byte &- (byte >= 97 && byte <= 122 ? 32 : 0)\n    }\n"
assert text.count(loop) == 1, "uppercaseASCII's loop not found"
text = text.replace(loop, "    for _ in 0..<3 {\n" + loop.replace("\n    ", "\n        ").replace("    for index", "        for index", 1) + "    }\n", 1)
open(path, "w").write(text)
PATCH
commit "uppercase: the conversion three times over"
culprit=$(git -C "$repo" rev-parse HEAD)
note "notes: a third line"
note "notes: a fourth line"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bisect=(env COMPARE_WORKTREES="$worktrees" LAYOUT_FLAGS= SWIFT_BACKTRACE=enable=no "$tool" bisect --repo "$repo"
        --package Examples/StringKernels --product string-kernels-bench --configuration debug --reports "$out"
        --profile-seconds 1)
"${bisect[@]}" --good "$good" --bad HEAD --mode instructions 'uppercase/*' >"$out/bisect.out" 2>"$out/bisect.err"
status=$?
result="$out/bisect-${good:0:10}-$(git -C "$repo" rev-parse HEAD | cut -c1-10)/bisect.json"
failed=0
if [[ $status != 0 ]] || ! grep -q "^first regressed commit: ${culprit:0:10} uppercase: the conversion three times over, against its parent: REGRESSED +" "$out/bisect.out" \
    || ! python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['outcome']=='found' and r['firstRegressed']['sha']==sys.argv[2] and [c['sha'] for c in r['skipped']]==[sys.argv[3]], r" "$result" "$culprit" "$broken"; then
    echo "bisect-check: FAIL  bisect --mode instructions (exit $status, expected 0 naming ${culprit:0:10}, skipping ${broken:0:10})"
    sed 's/^/    | /' "$out/bisect.out" "$out/bisect.err" | tail -n 40
    failed=1
fi
# The culprit against its parent under perf: the function the commit changed comes first in its differential profile,
# named as the one the commit's diff edited.
if [[ -x /usr/bin/perf ]] && ! python3 - "$result" <<'PROFILE'
import json, os, sys
r = json.load(open(sys.argv[1]))
p = r.get("profile") or sys.exit("no profile in bisect.json")
first = p["functions"][0]["name"]
assert "uppercaseASCII" in first, f"first function {first!r}"
assert p.get("responsibleChanged") is True, "named without the commit's diff saying uppercaseASCII was edited"
assert os.path.isfile(os.path.join(os.path.dirname(sys.argv[1]), p["flameGraph"])), p["flameGraph"]
PROFILE
then
    echo "bisect-check: FAIL  the culprit's differential profile does not put uppercaseASCII first"; failed=1
fi
# The same bisection again (its builds cached): each counting run's id is its revision's, and the earlier bisection's
# runs of those ids made every revision "skipped: run folder exists already" and the result a build failure (exit 4).
"${bisect[@]}" --good "$good" --bad HEAD --mode instructions --profile-seconds 0 'uppercase/*' >"$out/again.out" 2>"$out/again.err"
status=$?
if [[ $status != 0 ]] || ! grep -q "^first regressed commit: ${culprit:0:10} " "$out/again.out" \
    || [[ ! -f "$(dirname "$result")/comparisons/bisect-${culprit:0:12}/results.json" ]]; then
    echo "bisect-check: FAIL  the same bisection again (exit $status, expected 0 naming ${culprit:0:10}, its counting runs in comparisons/)"
    sed 's/^/    | /' "$out/again.out" "$out/again.err" | tail -n 20
    failed=1
fi
"${bisect[@]}" --good HEAD --bad "$good" 'uppercase/*' >"$out/refused.out" 2>"$out/refused.err"; status=$?
if [[ $status != 2 || $(wc -l <"$out/refused.err") != 1 ]] || ! grep -q "is not an ancestor of BAD" "$out/refused.err" \
    || [[ -e "$out/bisect-$(git -C "$repo" rev-parse HEAD | cut -c1-10)-${good:0:10}" ]]; then
    echo "bisect-check: FAIL  a GOOD after BAD exits 2 with one line, writing nothing (exit $status)"; sed 's/^/    | /' "$out/refused.err"; failed=1
fi
sed "s/^/bisect-check:   /" "$out/bisect.out"
echo "bisect-check: $( ((failed)) && echo FAIL || echo PASS ), 7 commits bisected in $(( $(date +%s) - started )) s"
exit $failed
