import Budgets
import Comparison
import Gate
import Results
import RunFixtures
import Statistics
import XCTest

/// The gate's re-measurement in fresh processes, with a launcher that hands out fixture runs: which benchmarks get
/// processes, that their runs merge as replicates, and how the verdicts change (issue 10; issue 15 item 4).
final class SequentialGateTests: XCTestCase {
    private let colormap = "colormap/optimized/1920x1440"
    private let upload = "texture-upload/optimized/256x192"

    private func budget(_ name: String, _ id: String, limit: Double) -> Budget {
        let parts = id.split(separator: "/").map(String.init)
        return Budget(name: name, hotPath: parts[0], workload: parts[2], variant: parts[1], metric: .time,
                      statistic: .p95, limit: limit, unit: .ms, source: "test")
    }

    private var budgets: [Budget] {
        [budget("colormap-p95", colormap, limit: 2), budget("upload-p95", upload, limit: 1)]
    }

    /// One process run: each benchmark's samples scatter 1% around its p95-ish level (ms).
    private func process(_ label: String, _ levels: [String: Double], seed: UInt64) -> RunResults {
        Fixture.run(label, levels.keys.sorted().enumerated().map { index, id in
            Fixture.result(id, Fixture.times(60, median: levels[id]! * 1e6, spread: 0.01, seed: seed &+ UInt64(index)))
        })
    }

    /// Hands out prepared process runs in order and records what it was asked to measure.
    final class ScriptedLauncher: ProcessLauncher {
        var script: [[String: Double]]
        var calls: [(ids: [String], label: String)] = []
        var failure: LaunchFailure?
        let make: (String, [String: Double], UInt64) -> RunResults

        init(_ script: [[String: Double]], make: @escaping (String, [String: Double], UInt64) -> RunResults) {
            self.script = script
            self.make = make
        }

        func measure(_ ids: [String], label: String) throws -> RunResults {
            calls.append((ids, label))
            if let failure { throw failure }
            let levels = script.removeFirst().filter { ids.contains($0.key) }
            return make(label, levels, UInt64(calls.count) * 1000)
        }
    }

    private func launcher(_ script: [[String: Double]]) -> ScriptedLauncher {
        ScriptedLauncher(script) { [unowned self] in process($0, $1, seed: $2) }
    }

    private func gate(processes: Int = 5, seconds: Double = 300, clock: @escaping () -> Double = { 0 }) -> SequentialGate {
        SequentialGate(budgets: budgets, evaluator: BudgetEvaluator(), cap: .init(processes: processes, seconds: seconds), clock: clock)
    }

    func testAFailNeedsASecondProcessWhichIsReallyRunAndMergedAsAReplicate() throws {
        // The first process reads the colormap over its limit: undecided until a second process agrees.
        let first = process("gate", [colormap: 2.6, upload: 0.1], seed: 1)
        let script = launcher([[colormap: 2.62]])
        let outcome = try gate().run(first: first, launcher: script)
        XCTAssertEqual(script.calls.map(\.ids), [[colormap]], "only the undecided benchmark, in a fresh process")
        XCTAssertEqual(script.calls.map(\.label), ["p2"])
        XCTAssertEqual(outcome.rounds, [.init(process: 2, ids: [colormap])])
        let verdict = outcome.verdicts[0]
        XCTAssertEqual(verdict.outcome, .fail)
        XCTAssertEqual(verdict.evidence?.processes, 2)
        XCTAssertEqual(verdict.evidence?.basis, .runLevelInterval)
        XCTAssertEqual(outcome.run.benchmark(colormap)?.replicates?.map(\.runID), ["gate", "gate-p2"],
                       "the process run named with its gate: two gates merged never share a replicate id")
        XCTAssertEqual(outcome.run.benchmark(colormap)?.samplesNanoseconds.count, 120, "every process's samples kept")
        XCTAssertEqual(outcome.run.runID, "gate", "the merged run keeps the gate's run id (its folder)")
        XCTAssertEqual(outcome.verdicts[1].outcome, .pass, "the upload passed on the first process")
        XCTAssertEqual(outcome.verdicts[1].evidence?.processes, 1)
        XCTAssertEqual(outcome.stop, .decided)
    }

    func testTwoProcessesAFewPercentApartAreNotYetAFail() throws {
        // 2.2 and 2.3 ms: t(1) = 12.7 stretches the interval below 2 ms; a third run (2.25) makes it a FAIL.
        let first = process("gate", [colormap: 2.2], seed: 1)
        let script = launcher([[colormap: 2.3], [colormap: 2.25]])
        let outcome = try gate().run(first: first, launcher: script)
        XCTAssertEqual(script.calls.count, 2)
        XCTAssertEqual(outcome.verdicts[0].outcome, .fail)
        XCTAssertEqual(outcome.verdicts[0].evidence?.processes, 3)
    }

    func testAFirstProcessThatIsNotAClearPassIsConfirmedByMoreProcesses() throws {
        // 1.8 ms is under 2 ms but not clear of it by the 18% margin of one process; more runs pass it.
        let first = process("gate", [colormap: 1.8, upload: 0.1], seed: 1)
        let script = launcher([[colormap: 1.78], [colormap: 1.79]])
        let outcome = try gate().run(first: first, launcher: script)
        XCTAssertEqual(outcome.verdicts[0].outcome, .pass)
        XCTAssertEqual(outcome.verdicts[0].evidence?.processes, 3)
        XCTAssertEqual(script.calls.count, 2, "after 2 processes t(1) is too wide; the third decides")
    }

    func testEveryLookIsJudgedAtTheLevelItsCapNeedsNotAtTheEvaluatorsOwn() throws {
        // Three runs at 1.8, 1.78 and 1.79 ms against 2 ms pass at 95% and at the boundary of looks 2…5 alike; what
        // the gate changes is the level: the evaluator it was given looks once, the gate looks up to five times.
        let first = process("gate", [colormap: 1.8, upload: 0.1], seed: 1)
        let outcome = try SequentialGate(budgets: budgets, evaluator: BudgetEvaluator(looks: .once), cap: .init(processes: 5))
            .run(first: first, launcher: launcher([[colormap: 1.78], [colormap: 1.79]]))
        XCTAssertEqual(outcome.verdicts[0].evidence?.processes, 3)
        XCTAssertEqual(outcome.verdicts[0].interval?.level, SequentialLooks.level(lastLook: 5))
        XCTAssertGreaterThan(SequentialLooks.level(lastLook: 5), 0.95)
    }

    func testStraddlingRunsStopAtTheProcessCapInconclusive() throws {
        let first = process("gate", [colormap: 2.4], seed: 1)
        let script = launcher([[colormap: 1.6], [colormap: 2.3], [colormap: 1.7], [colormap: 2.2]])
        let outcome = try gate(processes: 4).run(first: first, launcher: script)
        XCTAssertEqual(script.calls.count, 3, "processes 2, 3 and 4")
        XCTAssertEqual(outcome.stop, .processCap)
        XCTAssertEqual(outcome.verdicts[0].outcome, .inconclusive)
        XCTAssertEqual(outcome.verdicts[0].evidence?.processes, 4)
        XCTAssertEqual(outcome.extraRuns.count, 3)
    }

    func testABudgetsOwnProcessCapOutlastsTheGatesAndOnlyItsBenchmarkIsMeasuredPastIt() throws {
        // Both straddle their limits; the colormap budget may take 4 processes, the upload the gate's 2.
        var budgets = self.budgets
        budgets[0].maxProcesses = 4
        let first = process("gate", [colormap: 2.4, upload: 1.2], seed: 1)
        let script = launcher([[colormap: 1.6, upload: 0.8], [colormap: 2.3, upload: 1.3], [colormap: 1.7]])
        let gate = SequentialGate(budgets: budgets, evaluator: BudgetEvaluator(), cap: .init(processes: 2))
        var lines: [String] = []
        let outcome = try gate.run(first: first, launcher: script) { lines.append($0) }
        XCTAssertEqual(script.calls.map(\.ids), [[colormap, upload], [colormap], [colormap]])
        XCTAssertEqual(outcome.stop, .processCap)
        XCTAssertEqual(outcome.verdicts.map { $0.evidence?.processes }, [4, 2])
        XCTAssertEqual(outcome.verdicts.map(\.outcome), [.inconclusive, .inconclusive])
        XCTAssertTrue(lines[1].contains("fresh process 3 of ≤ 4: \(colormap)"), lines[1])
    }

    func testACapGivenOnTheCommandLineCapsEveryBudgetItsOwnIncluded() throws {
        var budgets = self.budgets
        budgets[0].maxProcesses = 4
        let cap = SequentialGate.Cap(processes: 2, overridesBudgets: true)
        XCTAssertEqual(cap.processes(for: budgets[0]), 2)
        XCTAssertEqual(SequentialGate.Cap(processes: 2).processes(for: budgets[0]), 4)
        XCTAssertEqual(SequentialGate.Cap(processes: 2).processes(for: budgets[1]), 2)
        let script = launcher([[colormap: 1.6], [colormap: 2.3]])
        let outcome = try SequentialGate(budgets: budgets, evaluator: BudgetEvaluator(), cap: cap)
            .run(first: process("gate", [colormap: 2.4], seed: 1), launcher: script)
        XCTAssertEqual(script.calls.count, 1, "process 2 only")
        XCTAssertEqual(outcome.stop, .processCap)
    }

    func testRunsSetAsideForStealDoNotUseUpTheProcessCap() throws {
        // Two stolen runs over the limit, then quiet ones under it: the cap of 3 counts the runs the verdict rests on.
        let levels: [(ms: Double, steal: Double)] = [(2.4, 0.3), (2.5, 0.2), (1.8, 0.0), (1.7, 0.01), (1.75, 0.0)]
        func stolen(_ label: String, _ level: [String: Double], _ seed: UInt64) -> RunResults {
            var run = process(label, level, seed: seed)
            let index = label == "gate" ? 0 : Int(label.dropFirst())! - 1
            run.benchmarks = run.benchmarks.map { var result = $0; result.hostSteal = levels[index].steal; return result }
            return run
        }
        let script = ScriptedLauncher(levels.dropFirst().map { [colormap: $0.ms] }, make: stolen)
        let gate = SequentialGate(budgets: [budgets[0]], evaluator: BudgetEvaluator(), cap: .init(processes: 3))
        let outcome = try gate.run(first: stolen("gate", [colormap: 2.4], 1), launcher: script)
        XCTAssertEqual(script.calls.count, 4, "processes 2–5: three quiet runs, the two stolen on top")
        XCTAssertEqual(outcome.stop, .decided)
        XCTAssertEqual(outcome.verdicts[0].outcome, .pass)
        XCTAssertEqual(outcome.verdicts[0].evidence?.processes, 3)
        XCTAssertEqual(outcome.verdicts[0].evidence?.setAsideForSteal, 2)

        let strict = SequentialGate(budgets: [budgets[0]], evaluator: BudgetEvaluator(), cap: .init(processes: 3, overridesBudgets: true))
        let given = ScriptedLauncher(levels.dropFirst().map { [colormap: $0.ms] }, make: stolen)
        let capped = try strict.run(first: stolen("gate", [colormap: 2.4], 1), launcher: given)
        XCTAssertEqual(given.calls.count, 2, "a cap given on the command line is kept as given")
        XCTAssertEqual(capped.stop, .processCap)
    }

    func testTheTimeCapStopsNewRounds() throws {
        var now = 0.0
        let first = process("gate", [colormap: 2.4], seed: 1)
        let script = launcher([[colormap: 1.6], [colormap: 2.3]])
        let sequential = gate(seconds: 60) { now += 45; return now }
        let outcome = try sequential.run(first: first, launcher: script)
        // The clock reads 45 at the start, 90 before round 2 (45 s in: starts), 135 before round 3 (90 s: stops).
        XCTAssertEqual(script.calls.count, 1)
        XCTAssertEqual(outcome.stop, .timeCap)
    }

    func testNoRoundsWhenEverythingIsDecidedOrCapIsOne() throws {
        let script = launcher([])
        let decided = try gate().run(first: process("gate", [colormap: 1.2, upload: 0.1], seed: 1), launcher: script)
        XCTAssertEqual(decided.stop, .decided)
        let capped = try gate(processes: 1).run(first: process("gate", [colormap: 2.6], seed: 1), launcher: script)
        XCTAssertEqual(capped.stop, .processCap)
        XCTAssertEqual(capped.verdicts[0].outcome, .inconclusive, "one process never fails")
        XCTAssertTrue(script.calls.isEmpty)
    }

    func testAnInterruptedProcessStopsTheGateAndMarksTheRunIncomplete() throws {
        let script = launcher([[colormap: 2.6]])
        script.failure = .interrupted(.sigint)
        let outcome = try gate().run(first: process("gate", [colormap: 2.6], seed: 1), launcher: script)
        XCTAssertEqual(outcome.stop, .interrupted)
        XCTAssertFalse(outcome.run.complete)
        XCTAssertEqual(outcome.run.incompleteReason, "interrupted by SIGINT")
        XCTAssertEqual(outcome.run.interruptingSignal, .sigint)
    }

    func testAProcessEndedBySIGTERMRecordsThatSignal() throws {
        let script = launcher([[colormap: 2.6]])
        script.failure = .interrupted(.sigterm)
        let outcome = try gate().run(first: process("gate", [colormap: 2.6], seed: 1), launcher: script)
        XCTAssertEqual(outcome.run.incompleteReason, "interrupted by SIGTERM")
        XCTAssertEqual(outcome.run.interruptingSignal, .sigterm)
    }

    func testAGateInterruptedBeforeARoundStartsNoProcessAndMarksTheRunIncomplete() throws {
        let script = launcher([[colormap: 2.6]])
        var gate = gate()
        gate.interruption = { .sigterm }
        let outcome = try gate.run(first: process("gate", [colormap: 2.6], seed: 1), launcher: script)
        XCTAssertTrue(script.calls.isEmpty)
        XCTAssertEqual(outcome.stop, .interrupted)
        XCTAssertFalse(outcome.run.complete, "a partial result is never complete")
        XCTAssertEqual(outcome.run.interruptingSignal, .sigterm)
    }

    func testAProcessThatDiedEndsTheGateWithTheRunIncompleteForThatReasonAndNoSignal() throws {
        // At the limit: still undecided after two processes, so a third is measured, and dies.
        let first = process("gate", [colormap: 2.0], seed: 1)
        var calls = 0
        let dying = ScriptedLauncher([[colormap: 2.0]]) { [unowned self] label, levels, seed in
            calls += 1
            return process(label, levels, seed: seed)
        }
        let outcome = try gate().run(first: first, launcher: FailingAfter(dying, rounds: 1,
            failure: .died(label: "p3", pid: 42, signal: SIGKILL, exitStatus: nil)))
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(outcome.stop, .processFailed)
        XCTAssertEqual(outcome.rounds.count, 1)
        XCTAssertFalse(outcome.run.complete)
        XCTAssertEqual(outcome.run.incompleteReason, "re-measuring process p3 (pid 42) was killed by SIGKILL")
        XCTAssertNil(outcome.run.interruptingSignal, "the gate itself was not interrupted")
        XCTAssertEqual(outcome.run.benchmark(colormap)?.replicateCount, 2, "the complete extra process stays merged")
    }

    /// Passes `rounds` calls on to `launcher`, then fails with `failure`.
    final class FailingAfter: ProcessLauncher {
        let launcher: ScriptedLauncher
        var rounds: Int
        let failure: LaunchFailure

        init(_ launcher: ScriptedLauncher, rounds: Int, failure: LaunchFailure) {
            self.launcher = launcher
            self.rounds = rounds
            self.failure = failure
        }

        func measure(_ ids: [String], label: String) throws -> RunResults {
            guard rounds > 0 else { throw failure }
            rounds -= 1
            return try launcher.measure(ids, label: label)
        }
    }

    func testAProcessOfAnotherBuildIsRefusedNotMerged() {
        let first = process("gate", [colormap: 2.6], seed: 1)
        let other = ScriptedLauncher([[colormap: 2.6]]) { label, levels, seed in
            Fixture.run(label, levels.map { Fixture.result($0.key, Fixture.times(60, median: $0.value * 1e6, seed: seed)) },
                        commit: "fedcba9876543210")
        }
        XCTAssertThrowsError(try gate().run(first: first, launcher: other)) { error in
            XCTAssertTrue("\(error)".contains("measured by a different build"), "\(error)")
        }
    }

    func testUndecidedIDsAreUniqueInBudgetOrder() {
        let summary = SampleSummary.of([1, 2, 3], resamples: 10)
        func verdict(_ id: String, _ outcome: VerdictOutcome) -> BudgetVerdict {
            BudgetVerdict(budget: budget(id, id, limit: 1), outcome: outcome, measured: 1, interval: summary.interval(of: .p95),
                          headroomPercent: nil, warning: nil)
        }
        let verdicts = [verdict(upload, .inconclusive), verdict(colormap, .pass), verdict(upload, .inconclusive),
                        verdict(colormap, .inconclusive)]
        XCTAssertEqual(SequentialGate.undecidedIDs(verdicts), [upload, colormap])
    }
}
