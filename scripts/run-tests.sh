#!/usr/bin/env bash
# Runs the already built tests (XCTest; the package has no Swift Testing tests, whose empty run would otherwise
# close the log with "0 tests") and ends with one plain summary line, "tests: N passed, M failed, K skipped".
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
${SWIFT:-swift} test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# XCTest: "Executed N tests, with F failures …" or "Executed N tests, with S tests skipped and F failures …".
summary=$(grep -E 'Executed [0-9]+ tests?, with ' "$log" | tail -n 1)
if [[ $summary =~ Executed\ ([0-9]+)\ tests?,\ with\ (([0-9]+)\ tests?\ skipped\ and\ )?([0-9]+)\ failures? ]]; then
    total=${BASH_REMATCH[1]} skipped=${BASH_REMATCH[3]:-0} failed=${BASH_REMATCH[4]}
    echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
