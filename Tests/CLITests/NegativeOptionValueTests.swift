import Foundation
import XCTest

/// A negative number given to a numeric option is that option's value, refused with the option's own range (exit 2),
/// not read as an unknown flag ("missing value for '--seconds'", exit 64).
final class NegativeOptionValueTests: XCTestCase {
    func testANegativeNumberIsTheOptionsValueAndItsRangeIsSaid() throws {
        let cases: [([String], String)] = [
            (["profile", "--seconds", "-1", "finger-count/optimized/21-landmarks"], "--seconds must be in (0, 3600] (got -1.0)"),
            // 1e11 s was accepted and crashed the iterating child (exit 4 after measuring, a backtrace's last line).
            (["profile", "--seconds", "1e11", "finger-count/optimized/21-landmarks"], "--seconds must be in (0, 3600] (got 100000000000.0)"),
            (["compare", "a.json", "b.json", "--alpha", "-0.5"], "--alpha must be between 1e-9 and 0.5 (got -0.5)"),
            (["history", "list", "--limit", "-3"], "--limit must be at least 1 (got -3)"),
            // Options declared without `parsing: .unconditional`: the command line attaches the value itself.
            (["compare", "a.json", "b.json", "--threshold", "-1"], "--threshold must be a percentage from 0 to under 1000"),
            (["nightly-quality", "a", "b", "--watch", "x", "-n", "-1"], "-n must be in 1...1000 (got -1)"),
            (["speedup", "a", "b", "--blocks", "-3"], "--blocks must be in 6...100000 (got -3)"),
            (["nightly", "--branch", "b", "--", "--max-processes", "-2"], "--max-processes must be in 1…1000"),
        ]
        for (arguments, message) in cases {
            let result = try Framebudget.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
