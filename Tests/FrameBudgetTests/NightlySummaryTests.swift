import Comparison
@testable import FrameBudget
import Foundation
import Results
import Statistics
import XCTest

/// What the nightly keeps of its paired comparison in results.json (and so in the history).
final class NightlySummaryTests: XCTestCase {
    private func row(_ id: String, ratios: [Double]?) -> PairedBenchmarkComparison {
        PairedBenchmarkComparison(
            id: id, threads: 1, threshold: 0.02, estimate: ratios.map { PairedChange.estimate(pairLogRatios: $0) },
            interval: nil, testedAlpha: 0.01, minimumDetectableEffect: nil, iterationsPerSample: [], verdict: .inconclusive,
            reason: "")
    }

    /// A benchmark no pair measured (a night stopped before its turn) has no change to record: not a 0% one.
    func testABenchmarkNoPairMeasuredIsLeftOutNotRecordedAsNoChange() {
        let report = PairedComparisonReport(
            base: "a", head: "b", settings: PairedSettings(),
            benchmarks: [row("x/optimized/1", ratios: [log(1.05), log(1.04)]), row("y/optimized/1", ratios: nil)],
            notPaired: [:], pairsStarted: 2, seconds: 1, stop: "interrupted by SIGINT", complete: false, warnings: [])
        let summary = NightlyCommand.summary(report, baseline: "a")
        XCTAssertEqual(summary.benchmarks.map(\.id), ["x/optimized/1"])
        XCTAssertEqual(summary.benchmarks[0].pairs, 2)
        XCTAssertEqual(summary.benchmarks[0].relativeChange, exp((log(1.05) + log(1.04)) / 2) - 1, accuracy: 1e-12)
    }
}
