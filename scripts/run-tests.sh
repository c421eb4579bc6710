#!/usr/bin/env bash
# Runs the already built tests (XCTest; the package has no Swift Testing tests, whose empty run would otherwise
# close the log with "0 tests") and ends with one plain summary line, "tests: N passed, M failed".
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
${SWIFT:-swift} test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -n 1)
if [[ $summary =~ Executed\ ([0-9]+)\ tests?,\ with\ ([0-9]+)\ failures? ]]; then
    echo "tests: $((BASH_REMATCH[1] - BASH_REMATCH[2])) passed, ${BASH_REMATCH[2]} failed"
fi
exit "$status"
