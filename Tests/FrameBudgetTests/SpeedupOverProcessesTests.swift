@testable import FrameBudget
import Foundation
import Measurement
import XCTest

/// The speed-up over fresh processes: processes measured back to back agreed within ±0.3–0.6% while the next
/// invocations spread over ±1.5% and more; the interval assumes at least that spread between processes.
final class SpeedupOverProcessesTests: XCTestCase {
    private func process(_ speedup: Double) -> InterleavedSpeedup {
        InterleavedSpeedup(baselineID: "k/reference/w", candidateID: "k/optimized/w",
                           baselineTimes: Array(repeating: speedup * 100, count: 10), candidateTimes: Array(repeating: 100, count: 10))
    }

    /// Numbers: scipy, exp(mean(log) ± t(0.975, 2)·0.015/√3) for three processes agreeing to 0.02%.
    func testThreeProcessesThatAgreeToAHairGetTheIntervalOfTheSpreadBetweenInvocations() throws {
        let overall = try XCTUnwrap(SpeedupOverProcesses([process(4.580), process(4.581), process(4.582)]))
        let interval = try XCTUnwrap(overall.interval)
        let half = 4.302652729696142 * 0.015 / 3.0.squareRoot()
        XCTAssertEqual(interval.lower, overall.speedup * exp(-half), accuracy: 1e-9)
        XCTAssertEqual(interval.upper, overall.speedup * exp(half), accuracy: 1e-9)
    }

    /// "%.2f" read a 0.2174× slowdown as "0.22× [0.22, 0.22]" and 0.0062× as "0.01× [0.01, 0.01]".
    func testRatiosAreShownToFourSignificantFigures() {
        XCTAssertEqual(SpeedupText.ratio(0.21737), "0.2174")
        XCTAssertEqual(SpeedupText.ratio(0.0062), "0.006200")
        XCTAssertEqual(SpeedupText.ratio(4.5834), "4.583")
        XCTAssertEqual(SpeedupText.ratio(104.4), "104.4")
    }
}
