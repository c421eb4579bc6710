import Budgets
import Foundation
import Results
import RunFixtures
import RunPipeline
import XCTest

/// The gate's procedure after the run (GateSession): verdicts, reports, checks and the exit status, on results
/// files built from known samples (no measuring, so no timing in the test).
final class GateSessionTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "gate-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private let id = "colormap/optimized/256x192"

    /// A p95 budget of `limitMilliseconds` on `id`.
    private func budget(_ limitMilliseconds: Double) -> Budget {
        Budget(name: "colormap-p95", hotPath: "colormap", workload: "256x192", variant: "optimized", metric: .time,
               statistic: .p95, limit: limitMilliseconds, unit: .ms, direction: .max, source: "test")
    }

    /// Three process runs of ~0.5 ms each, merged: enough process runs for a FAIL as well as a PASS.
    private func mergedRun(complete: Bool = true) -> RunResults {
        var run = Fixture.merged("gated", [(id: id, runs: (1...3).map { Fixture.times(40, median: 5e5, seed: UInt64($0)) })])
        run.complete = complete
        return run
    }

    private func gate(_ run: RunResults, limit: Double, strict: Bool = false, advisory: Bool = false) throws -> Int32 {
        let session = GateSession(pipeline: ReportPipeline(budgets: [budget(limit)], evaluator: BudgetEvaluator(), strict: strict),
                                  advisory: advisory)
        return try session.gate(run, from: .resultsFile("\(folder)/results.json"), directory: folder)
    }

    func testABudgetFarUnderItsLimitPassesAndEveryReportIsWritten() throws {
        XCTAssertEqual(try gate(mergedRun(), limit: 5), 0)
        for report in ["report.html", "report.md", "junit.xml"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(report)"), report)
        }
    }

    func testABudgetFarOverItsLimitExitsOneUnlessAdvisory() throws {
        XCTAssertEqual(try gate(mergedRun(), limit: 0.1), 1)
        XCTAssertEqual(try gate(mergedRun(), limit: 0.1, advisory: true), 0)
    }

    func testOneProcessRunNearItsLimitIsInconclusiveAndExitsThreeOnlyWhenStrict() throws {
        let single = Fixture.run("single", [Fixture.result(id, Fixture.times(40, median: 5e5, seed: 9))])
        XCTAssertEqual(try gate(single, limit: 0.5), 0)
        XCTAssertEqual(try gate(single, limit: 0.5, strict: true), 3)
    }

    func testAnIncompleteResultsFileIsARunFailureNotAVerdict() {
        var run = mergedRun(complete: false)
        run.incompleteReason = "a re-measuring process died"
        XCTAssertThrowsError(try gate(run, limit: 5)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .runFailure)
            XCTAssertTrue("\(error)".contains("a re-measuring process died"), "\(error)")
        }
    }

    func testAnInterruptedRunExitsWithItsSignalsStatusEvenWhenItsBudgetFails() throws {
        var run = mergedRun(complete: false)
        run.incompleteReason = "interrupted by SIGTERM"
        run.interruptingSignal = .sigterm
        XCTAssertEqual(try gate(run, limit: 0.1), 143)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/report.md"), "the partial run is still reported")
    }
}
