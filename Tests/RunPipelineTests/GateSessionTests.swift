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

    private func gate(_ run: RunResults, limit: Double, strict: Bool = false, advisory: Bool = false,
                      measured: Bool = false) throws -> Int32 {
        let session = GateSession(pipeline: ReportPipeline(budgets: [budget(limit)], evaluator: BudgetEvaluator(), strict: strict),
                                  advisory: advisory)
        return try session.gate(run, from: measured ? .measured(nil) : .resultsFile("\(folder)/results.json"), directory: folder)
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
        XCTAssertEqual(try gate(run, limit: 0.1, measured: true), 143)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/report.md"), "the partial run is still reported")
    }

    /// `gate --results` of a run a signal stopped earlier: this gate was not interrupted, and 143 would read in CI as
    /// a job that was killed. Its input is an incomplete run: a run failure (4), the signal named.
    func testAResultsFileOfAnInterruptedRunIsARunFailureNotItsSignalsStatus() {
        var run = mergedRun(complete: false)
        run.incompleteReason = "interrupted by SIGTERM"
        run.interruptingSignal = .sigterm
        XCTAssertThrowsError(try gate(run, limit: 5)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .runFailure)
            XCTAssertEqual("\(error)", "\(self.folder)/results.json: incomplete run (interrupted by SIGTERM): not gated")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/report.md"), "the partial run is still reported")
    }
}

/// `report` and `gate --results` judge a results file as the gate that measured it did (ReportPipeline.judging):
/// its id filters' budgets only, at the level of its recorded `--max-processes`.
final class RecordedJudgingTests: XCTestCase {
    private func budget(_ hotPath: String, limit: Double) -> Budget {
        Budget(name: "\(hotPath)-p95", hotPath: hotPath, workload: "w", variant: "optimized", metric: .time,
               statistic: .p95, limit: limit, unit: .ms, direction: .max, source: "test")
    }

    private var pipeline: ReportPipeline {
        ReportPipeline(budgets: [budget("colormap", limit: 5), budget("nms", limit: 5)], evaluator: BudgetEvaluator(), strict: false)
    }

    private func run(filters: [String], gateMaxProcesses: Int? = nil) -> RunResults {
        var run = Fixture.merged("gated", [(id: "colormap/optimized/w", runs: (1...3).map { Fixture.times(40, median: 5e5, seed: UInt64($0)) })])
        run.settings.filters = filters
        run.settings.gateMaxProcesses = gateMaxProcesses
        return run
    }

    func testAFilteredRunIsJudgedOnTheBudgetsOfTheBenchmarksItsFiltersSelectedSoNoneIsMissing() {
        let judged = pipeline.judging(run(filters: ["colormap/*"]))
        XCTAssertEqual(judged.budgets.map(\.name), ["colormap-p95"])
        XCTAssertEqual(judged.verdicts(for: run(filters: ["colormap/*"])).map(\.outcome), [.pass])
    }

    /// Files from before 6 Dec 2026 recorded a re-measuring process's filters (four frame loops) for a whole-suite
    /// gate: filters that leave out benchmarks the file holds are not the gate's, and every budget is judged.
    func testRecordedFiltersThatLeaveOutBenchmarksTheFileHoldsAreNotTrusted() {
        let stale = run(filters: ["nms/*"])
        XCTAssertEqual(pipeline.judging(stale).budgets.map(\.name), ["colormap-p95", "nms-p95"],
                       "the filters' budgets and those of every benchmark the file holds")
        let onlyHeld = run(filters: ["fusion/*"])
        XCTAssertEqual(pipeline.judging(onlyHeld).budgets.map(\.name), ["colormap-p95"],
                       "no MISSING for a benchmark neither selected nor measured")
        let warning = try? XCTUnwrap(ReportPipeline.recordedFiltersMismatch(stale))
        XCTAssertEqual(warning, "gated: its recorded filters (nms/*) leave out 1 of the 1 benchmarks it holds "
                       + "(colormap/optimized/w): not the gate's own (a file from before 6 Dec 2026); judged on the budgets "
                       + "of every benchmark it holds too")
        XCTAssertNil(ReportPipeline.recordedFiltersMismatch(run(filters: ["colormap/*"])))
        XCTAssertNil(ReportPipeline.recordedFiltersMismatch(run(filters: [])))
    }

    func testAWholeSuiteRunIsJudgedOnEveryBudget() {
        XCTAssertEqual(pipeline.judging(run(filters: [])).budgets.count, 2)
    }

    func testFiltersGivenOnTheCommandLineWinOverTheRecordedOnes() {
        XCTAssertEqual(pipeline.judging(run(filters: ["colormap/*"]), filters: ["nms/*"]).budgets.map(\.name), ["nms-p95"])
    }

    func testTheRecordedCapSetsTheLooksAndACapGivenHereWins() {
        XCTAssertEqual(pipeline.judging(run(filters: [], gateMaxProcesses: 3)).evaluator.looks,
                       SequentialLooks(cap: 3, overridesBudgets: true))
        XCTAssertEqual(pipeline.judging(run(filters: [])).evaluator.looks, SequentialLooks())
        XCTAssertEqual(pipeline.judging(run(filters: [], gateMaxProcesses: 3), maxProcesses: 20).evaluator.looks,
                       SequentialLooks(cap: 20, overridesBudgets: true))
    }
}
