#!/usr/bin/env bash
# Runs the already built tests (XCTest; the package has no Swift Testing tests, whose empty run would otherwise
# close the log with "0 tests") and ends with one plain summary line, "tests: N passed, M failed, K skipped".
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Tied (scripts/tied): a SIGTERM that ends this script ends the tests too.
"$(dirname "$0")/tied" ${SWIFT:-swift} test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Counted per test case, from the line XCTest prints as each one ends: "Test Case 'Class.test' passed|failed|skipped
# (0.001 seconds)". Not from "Executed N tests, with F failures": F counts failed assertions, so a test with three
# failed assertions would read as three failed tests. That line still says whether the run finished at all.
if grep -qE 'Executed [0-9]+ tests?, with ' "$log"; then
    count() { grep -cE "^Test Case '[^']+' $1 \\(" "$log"; }
    echo "tests: $(count passed) passed, $(count failed) failed, $(count skipped) skipped"
fi
exit "$status"
