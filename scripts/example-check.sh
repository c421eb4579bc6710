#!/usr/bin/env bash
# Builds Examples/StringKernels (a package that depends on FrameBudget by path) and exercises its benchmark
# executable the way README's "Benchmark your own package" does: list, run --quick, gate (exit 1 with its failing
# budget, 0 filtered to its passing one, 2 for a budget naming no registered benchmark), merge and compare (3 for
# one run per side, 0 for a side against itself).
# Prints one PASS/FAIL line per check and exits 1 when any failed; a failed build of the example stops it at once
# (exit 1), before any check. Called by `make test`.
#
# The example builds FrameBudget and its dependencies again in its own Examples/StringKernels/.build (a package
# cannot share another root package's build folder); the time it took is printed. Debug build, so every measuring
# command gets --allow-debug: the example's budgets are set a factor of ~1000 away from the measured times, so the
# verdicts do not depend on the build or on a noisy machine.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
example="$root/Examples/StringKernels"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

check() {  # check NAME EXPECTED_STATUS ACTUAL_STATUS [CONDITION_RESULT]
    local name=$1 expected=$2 actual=$3 condition=${4:-0}
    if [[ $actual == "$expected" && $condition == 0 ]]; then
        echo "example-check: PASS  $name"; passed=$((passed + 1))
    else
        echo "example-check: FAIL  $name (exit $actual, expected $expected; condition $condition)"; failed=$((failed + 1))
        sed 's/^/    | /' "$work/last.out" "$work/last.err" 2>/dev/null | tail -n 25
    fi
}

bench() {  # runs the example's executable in its folder (budgets.yaml is relative), output kept in last.*
    (cd "$example" && SWIFT_BACKTRACE=enable=no "$binary" "$@") >"$work/last.out" 2>"$work/last.err"
}

started=$(date +%s)
binary="$example/.build/debug/string-kernels-bench"
# The binary goes before the build: a failed build then leaves none, so no check can run on an earlier build's
# binary, older than the sources. SwiftPM links a missing product again, so an up-to-date build only relinks.
rm -f "$binary"
${SWIFT:-swift} build --package-path "$example" >"$work/build.log" 2>&1; build=$?
echo "example-check: built Examples/StringKernels in $(( $(date +%s) - started )) s"
if [[ $build != 0 ]]; then
    sed 's/^/    | /' "$work/build.log" | tail -n 25
    echo "example-check: FAIL  build of Examples/StringKernels (swift build exit $build): stopping, no check ran"
    exit 1
fi
if [[ ! -x $binary ]]; then
    echo "example-check: FAIL  build of Examples/StringKernels made no $binary: stopping, no check ran"; exit 1
fi
tail -n 3 "$work/build.log"
quick=(--quick --allow-debug --no-roofs --reports "$work/reports")

bench list; status=$?
[[ $(cat "$work/last.out") == $'adler32/optimized/64KiB\nsort-words/optimized/10k-words' ]]; check "list prints the two registered ids" 0 $status $?

bench run "${quick[@]}" --run-id a; status=$?
[[ -s $work/reports/a/results.json ]]; check "run --quick writes results.json" 0 $status $?

bench gate "${quick[@]}" --run-id gated; status=$?
grep -Eq "^FAIL +sort-words-10k-p95" "$work/last.out" && grep -Eq "^PASS +adler32-64KiB-p95" "$work/last.out"
check "gate exits 1 on the failing budget (sort-words FAIL, adler32 PASS)" 1 $status $?

bench gate "${quick[@]}" --run-id passing 'adler32/*'; status=$?
grep -Eq "^PASS +adler32-64KiB-p95" "$work/last.out" && ! grep -q "sort-words" "$work/last.out"; check "gate 'adler32/*' exits 0 (only the passing budget)" 0 $status $?

printf 'version: 1\nbudgets:\n  - {name: typo, hot-path: adler23, workload: 64KiB, metric: time, statistic: p95, limit: 1, unit: ms, direction: max, source: test}\n' >"$work/typo.yaml"
bench gate --results "$work/reports/a/results.json" --budgets "$work/typo.yaml"; status=$?
[[ $(wc -l <"$work/last.err") -eq 1 ]] && grep -q "$work/typo.yaml.*adler23/optimized/64KiB" "$work/last.err"
check "gate with a budget naming no registered benchmark exits 2, one line naming file and id" 2 $status $?

# compare: one process run per side is INCONCLUSIVE whatever the numbers (exit 3: more runs needed). Two runs
# merged into one side (process runs as replicates) compared with itself: every change is 0, under the 2% threshold,
# so nothing regressed (exit 0). (A real slowdown's verdict depends on the machine's noise: on a loaded 2-core VM
# even a 5x slower debug head stayed INCONCLUSIVE over 2 runs per side, so it is not asserted here.)
bench run "${quick[@]}" --run-id b; status=$?
check "a second run --quick" 0 $status
bench compare "$work/reports/a/results.json" "$work/reports/b/results.json"; status=$?
grep -Eq "^adler32/optimized/64KiB .* INCONCLUSIVE" "$work/last.out"; check "compare of two single runs exits 3 (inconclusive)" 3 $status $?
bench merge "$work/reports/a/results.json" "$work/reports/b/results.json" --out "$work/merged.json"; status=$?
check "merge of two runs" 0 $status
bench compare "$work/merged.json" "$work/merged.json"; status=$?
grep -q "0 regressed" "$work/last.out"; check "compare of merged runs with themselves exits 0 (nothing regressed)" 0 $status $?

if ((failed > 0)); then
    echo "example-check: FAIL, $failed of $((passed + failed)) checks failed"
    exit 1
fi
echo "example-check: PASS, all $passed checks"
