import Budgets
import Reports
import XCTest

/// Text reports fold MISSING verdicts whose benchmark did not run into one line: they decide on the verdict's typed
/// reason, not on how its warning happens to be worded.
final class VerdictTextTests: XCTestCase {
    private func missing(_ reason: MissingReason, warning: String) -> BudgetVerdict {
        BudgetVerdict(budget: ReportFixture.budget("b", "colormap/optimized/256x192", limit: 1), outcome: .missing, measured: nil,
                      interval: nil, headroomPercent: nil, warning: warning, missingReason: reason)
    }

    func testABenchmarkThatDidNotRunIsFoldedWhateverItsWarningSays() {
        XCTAssertTrue(VerdictText.didNotRun(missing(.benchmarkDidNotRun, warning: "colormap/optimized/256x192 did not run")))
        XCTAssertTrue(VerdictText.didNotRun(missing(.benchmarkDidNotRun, warning: "skipped: the capture has no depth.npy")))
    }

    func testAMetricThatWasNotMeasuredIsNotFoldedEvenWhenItsWordsEndSo() {
        XCTAssertFalse(VerdictText.didNotRun(missing(.metricNotMeasured, warning: "the frame loop did not run")))
    }

    func testTheFixturesMissingVerdictIsOneThatDidNotRun() {
        let missing = ReportFixture.input().verdicts.filter { $0.outcome == .missing }
        XCTAssertEqual(missing.map(\.missingReason), [.benchmarkDidNotRun])
        XCTAssertTrue(missing.allSatisfy(VerdictText.didNotRun))
    }
}
