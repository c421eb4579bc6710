import Budgets
import Comparison
import FrameLoop
import Results
import RunFixtures
import Statistics
import XCTest

/// Seed 000's "no cumulative degradation over long runs", judged across process runs (issue 10): a slow regime of
/// the machine in one process does not fail a steady loop, and a loop whose per-frame work grows with time fails.
final class DriftAcrossRunsTests: XCTestCase {
    private let id = "frame-loop/photo/drop"
    private let budget = Budget(name: "frame-loop-photo-drop-drift", hotPath: "frame-loop", workload: "drop", variant: "photo",
                                metric: .drift, statistic: .p50, limit: 1.10, unit: .ratio, source: "000 AC3")

    /// One process's 600-frame loop at 60 fps: per-frame work `work(frame)` ms, with 3% seeded noise.
    private func loop(seed: UInt64, work: (Int) -> Double) -> BenchmarkResult {
        let frames = 600, noise = Fixture.times(frames, median: 1, spread: 0.03, seed: seed)
        let arrivals = FrameSchedule.arrivals(count: frames, cadenceMilliseconds: 1000.0 / 60)
        let durations = (0..<frames).map { work($0) * noise[$0] }
        let record = FrameLoopRecord(
            cadenceMilliseconds: 1000.0 / 60, policy: .drop, mode: .simulated,
            outcomes: FrameSchedule.outcomes(arrivals: arrivals, durations: durations, policy: .drop),
            callbackLatencies: Array(repeating: 0.01, count: frames))
        let summary = FrameLoopAnalysis.summary(of: record, resamples: 200, seed: seed)
        var result = Fixture.result(id, summary.frameTimesMilliseconds.map { $0 * 1e6 })
        result.frameLoop = summary
        return result
    }

    /// Process runs of the loop merged as the gate merges them.
    private func processes(_ loops: [BenchmarkResult]) throws -> BenchmarkResult {
        let runs = loops.enumerated().map { Fixture.run("p\($0.offset + 1)", [$0.element]) }
        return try XCTUnwrap(RunMerge.merge(runs, runID: "gate").benchmark(id))
    }

    private let steady: (Int) -> Double = { _ in 2.7 }
    /// A worker preempted for the second half of the run: the VM's slow regime, not the loop's fault.
    private let slowRegime: (Int) -> Double = { $0 < 300 ? 2.7 : 5.5 }
    /// Per-frame work that grows with time (a leak of work: 4 µs more every frame).
    private let degrading: (Int) -> Double = { 2.7 + 0.004 * Double($0) }

    func testASlowRegimeInOneProcessIsNotAFailure() throws {
        let slow = loop(seed: 2, work: slowRegime)
        let alone = BudgetEvaluator().evaluate(budget, result: slow)
        let ownInterval = try XCTUnwrap(slow.frameLoop?.driftInterval)
        XCTAssertNotEqual(BudgetEvaluator.outcome(measured: alone.measured!, interval: ownInterval, budget: budget), .pass,
                          "a step half-way looks like a trend to one run: its own interval cannot pass it")
        XCTAssertEqual(alone.outcome, .inconclusive, "one process never fails")
        let five = try processes([loop(seed: 1, work: steady), slow] + (3...5).map { loop(seed: UInt64($0), work: steady) })
        let verdict = BudgetEvaluator().evaluate(budget, result: five)
        XCTAssertEqual(verdict.evidence?.processes, 5)
        XCTAssertNotEqual(verdict.outcome, .fail, "four steady processes and one slow regime: \(verdict.evidence!.perRunValues)")
    }

    func testSteadyProcessesPass() throws {
        let verdict = BudgetEvaluator().evaluate(budget, result: try processes((1...3).map { loop(seed: UInt64($0), work: steady) }))
        XCTAssertEqual(verdict.outcome, .pass, "\(verdict.evidence!.perRunValues)")
    }

    func testALoopThatReallyDegradesFailsOnTwoProcessesButNotOnOne() throws {
        let one = BudgetEvaluator().evaluate(budget, result: loop(seed: 1, work: degrading))
        XCTAssertEqual(one.outcome, .inconclusive)
        XCTAssertGreaterThan(one.measured!, 1.5, "late frames take ~5 ms, early ones ~3 ms")
        let verdict = BudgetEvaluator().evaluate(budget, result: try processes([loop(seed: 1, work: degrading), loop(seed: 2, work: degrading)]))
        XCTAssertEqual(verdict.outcome, .fail, "\(verdict.evidence!.perRunValues)")
        XCTAssertEqual(verdict.evidence?.processes, 2)
    }
}
