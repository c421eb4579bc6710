import Dispatch
import Foundation
import History
import Results
import RunFixtures
import Statistics
import Synchronization
import XCTest

/// What every ``HistoryStore`` promises, checked on each backend (SQLite: ``SQLiteStoreContractTests``; PostgreSQL:
/// ``PostgresStoreContractTests``). `open` opens the history under test (again, for several writers).
enum StoreContract {
    typealias Open = () throws -> any HistoryStore

    /// Night `index` of one benchmark, `days` after a fixed start, on `commit` "<index>abcdef0123".
    static func night(_ index: Int, median: Double = 1000, runID: String? = nil) -> RunResults {
        var run = Fixture.run(runID ?? String(format: "night-%02d", index),
                              [Fixture.result("a/x/1", Fixture.times(20, median: median, seed: UInt64(index)))],
                              commit: String(format: "%02dabcdef0123", index))
        run.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400)
        return run
    }

    /// A night of 3 process runs (merged) on machine `cpu`, which stores a between-run spread.
    static func replicatedNight(_ index: Int, cpu: String = "Test CPU") -> RunResults {
        var run = Fixture.merged(String(format: "night-%02d", index),
                                 [("a/x/1", Fixture.processRuns(3, median: 1000, between: 0.02, seed: UInt64(index)))])
        run.environment.cpuModel = cpu
        run.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400)
        return run
    }

    static func recordsRunsAndReadsThemBack(_ open: Open) throws {
        let history = try open()
        let first = night(1), second = night(2)
        let one = try history.record(first, branch: "main")
        let two = try history.record(second, branch: "feature")
        XCTAssertLessThan(one, two, "numbers follow the recording order")
        let runs = try history.runs(limit: 50, branch: nil)
        XCTAssertEqual(runs.map(\.runID), ["night-02", "night-01"])
        XCTAssertEqual(runs.map(\.gitBranch), ["feature", "main"])
        XCTAssertEqual(runs.map(\.benchmarks), [1, 1])
        XCTAssertEqual(runs[1].gitCommit, "01abcdef0123")
        XCTAssertEqual(runs[1].machineClass, first.machineClass.hash)
        XCTAssertEqual(try history.runs(limit: 50, branch: "main").map(\.runID), ["night-01"])
        let stored = try history.run("night-01")
        XCTAssertEqual(stored.benchmarks[0].samplesNanoseconds, first.benchmarks[0].samplesNanoseconds)
        XCTAssertEqual(stored.environment, first.environment, "the machine fingerprint comes back as recorded")
        XCTAssertEqual(try history.run("\(two)").runID, "night-02", "a run number works as a reference too")
        XCTAssertThrowsError(try history.run("nope")) { XCTAssertEqual($0 as? HistoryError, .unknownRun(reference: "nope")) }
        XCTAssertEqual(try history.benchmarkIDs(), ["a/x/1"])
        XCTAssertEqual(try history.machineClasses().map(\.runs), [2])
        XCTAssertEqual(try history.integrityCheck(), "ok")
    }

    /// A stored document that does not read (damaged bytes, or another run's) made `baseline-commit` and `gate
    /// --baseline` fail every night while verify said `ok`: verify reads each one as every reader does.
    /// A run named "1" is that run, not run #1 (`compare 1 …` resolved to the first run recorded); a number that
    /// names no run id is the run of that number.
    static func aRunIDWinsOverARunNumber(_ open: Open) throws {
        let history = try open()
        try history.record(night(1), branch: "main")
        try history.record(night(2, runID: "1"), branch: "main")
        XCTAssertEqual(try history.run("1").runID, "1")
        XCTAssertEqual(try history.run("2").runID, "1", "run #2 is the one named 1")
        XCTAssertEqual(try history.run("night-01").runID, "night-01")
    }

    static func verifyReadsEveryRunsDocument(_ open: Open) throws {
        let history = try open()
        try history.record(night(1), branch: "main")
        XCTAssertEqual(try history.integrityCheck(), "ok")
        let cut = try ResultsFile.encode(night(2)).prefix(200)
        try history.record(night(2), document: Data(cut), branch: "main")
        try history.record(night(3), document: try ResultsFile.encode(night(1)), branch: "main")
        XCTAssertEqual(try history.integrityCheck(), "runs.document: 2 runs' results documents do not read (first: run night-02: "
                       + "not a FrameBudget results file: not valid JSON: it ends in the middle of a value (truncated?))")
        XCTAssertThrowsError(try history.run("night-03"), "a document of another run is not read as this one") {
            XCTAssertTrue("\($0)".hasSuffix("(run night-03): runID: 'night-01' is not the run recorded here: a damaged or hand-edited history"), "\($0)")
        }
    }

    static func recordingARunTwiceChangesNothing(_ open: Open) throws {
        let history = try open()
        try history.record(night(1), branch: "main")
        XCTAssertThrowsError(try history.record(night(1), branch: "other"), "a retry") {
            XCTAssertEqual($0 as? HistoryError, .alreadyRecorded(runID: "night-01"))
        }
        // Another run under the same id is not a retry: its samples were dropped as "nothing changed".
        XCTAssertThrowsError(try history.record(night(1, median: 2000), branch: "other")) {
            XCTAssertEqual($0 as? HistoryError, .runIDTaken(runID: "night-01", file: nil))
            XCTAssertEqual(($0 as? HistoryError)?.naming("b.json").description, "b.json: run id 'night-01' is recorded for "
                           + "another run (other samples): nothing changed; record this run under a run id of its own (--run-id)")
        }
        XCTAssertEqual(try history.runs(limit: 50, branch: nil).map(\.gitBranch), ["main"])
        XCTAssertEqual(try history.series(of: "a/x/1", completeOnly: false, machineClass: nil).count, 1)
    }

    static func aFailureInsideTheTransactionLeavesNoPartialRun(_ open: Open) throws {
        let history = try open()
        var run = night(1)
        run.benchmarks.append(run.benchmarks[0])  // a duplicate id violates the primary key on the second insert
        XCTAssertThrowsError(try history.record(run, branch: "main"))
        XCTAssertEqual(try history.runs(limit: 50, branch: nil).count, 0)
        XCTAssertThrowsError(try history.series(of: "a/x/1", completeOnly: false, machineClass: nil), "no orphan results")
        try history.record(night(1), branch: "main")
        XCTAssertEqual(try history.runs(limit: 50, branch: nil).count, 1, "the run id is free again")
    }

    static func seriesShowTheStepAndItsStatistics(_ open: Open) throws {
        let history = try open()
        for index in 1...16 { try history.record(night(index, median: index <= 9 ? 1000 : 1100), branch: "main") }
        let points = try history.series(of: "a/x/1", completeOnly: true, machineClass: night(1).machineClass.hash)
        let trend = Trend.analyze("a/x/1", points: points)
        XCTAssertEqual(trend.points.count, 16)
        XCTAssertEqual(trend.steps.map(\.runID), ["night-10"])
        XCTAssertEqual(trend.steps.first?.gitCommit, "10abcdef0123")
        let statistics = night(1).benchmarks[0].statistics
        XCTAssertEqual(points[0].p95, statistics.p95)
        XCTAssertEqual(points[0].mean, statistics.mean)
        XCTAssertEqual(points[0].lower, statistics.interval(of: .median)?.lower)
        XCTAssertEqual(try history.newestMachineClass(of: "a/x/1"), night(1).machineClass.hash)
        XCTAssertThrowsError(try history.series(of: "nope/x/1", completeOnly: false, machineClass: nil)) {
            XCTAssertEqual($0 as? HistoryError, .unknownBenchmark(id: "nope/x/1"))
        }
    }

    static func baselinesResolveRunsBranchesAndCommitsButNeverIncompleteRuns(_ open: Open) throws {
        let history = try open()
        var cut = night(4, median: 900)
        cut.complete = false
        try history.record(night(1), branch: "main")
        try history.record(night(2), branch: "feature")
        try history.record(night(3), branch: "main")
        try history.record(cut, branch: "main")
        XCTAssertEqual(try BaselineResolver.resolve("main", database: history).run.runID, "night-03")
        XCTAssertEqual(try BaselineResolver.resolve("feature", database: history).run.runID, "night-02")
        XCTAssertEqual(try BaselineResolver.resolve("01abcdef", database: history).run.runID, "night-01")
        XCTAssertEqual(try BaselineResolver.resolve("night-04", database: history).run.runID, "night-04")
        XCTAssertThrowsError(try BaselineResolver.resolve("04abcdef", database: history)) { error in
            XCTAssertTrue("\(error)".contains("only incomplete (interrupted) runs (1)"), "\(error)")
        }
        XCTAssertEqual(try history.latestRunID(branch: "main", commitPrefix: nil, machineClass: nil), "night-03")
    }

    static func noiseFloorsPoolTheSpreadsOfOneMachineClass(_ open: Open) throws {
        let history = try open()
        let nights = [replicatedNight(1), replicatedNight(2), replicatedNight(3, cpu: "AMD EPYC")]
        for run in nights { try history.record(run, branch: "main") }
        let floor = try XCTUnwrap(history.noiseFloor(of: "a/x/1", machineClass: nights[0].machineClass))
        XCTAssertEqual(floor.degreesOfFreedom, 4, "two runs of this class, 2 degrees of freedom each; EPYC's apart")
        let spreads = nights.prefix(2).map { run in
            RunLevel.Spread(run.samplesByReplicate("a/x/1").map { log(Descriptive.median(Array($0))) }).standardDeviation!
        }
        XCTAssertEqual(floor.standardDeviation, ((spreads[0] * spreads[0] + spreads[1] * spreads[1]) / 2).squareRoot(),
                       accuracy: 1e-12)
        XCTAssertEqual(try history.noiseFloor(of: "a/x/1", machineClass: nights[2].machineClass)?.degreesOfFreedom, 2)
        XCTAssertEqual(try history.machineClasses().count, 2)
    }

    /// A merged file whose process runs were recorded before adds only its new process runs' spread (the noise floor
    /// pools spreads as independent evidence, and would otherwise count a process run once per file that holds it);
    /// one of recorded process runs only is refused, as a second trend point of the same measurements.
    static func aMergeOfRecordedProcessRunsCountsEachOnceInTheNoiseFloor(_ open: Open) throws {
        let history = try open()
        let first = replicatedNight(1)
        try history.record(first, branch: "main")
        let recordedRuns = first.samplesByReplicate("a/x/1").map(Array.init)
        let newRuns = Fixture.processRuns(3, median: 1000, between: 0.02, seed: 99)
        var again = Fixture.merged("again", [("a/x/1", recordedRuns + newRuns)])
        again.startedAt = first.startedAt.addingTimeInterval(86_400)
        for index in 0..<3 { again.benchmarks[0].replicates?[index].runID = "night-01-\(index + 1)" }
        let onRecord = try history.processRunsOnRecord(of: again)
        XCTAssertEqual(onRecord.counted, ["a/x/1": ["night-01-1", "night-01-2", "night-01-3"]])
        XCTAssertEqual(onRecord.recorded, onRecord.counted)
        XCTAssertEqual(onRecord.holders, ["night-01"])
        XCTAssertFalse(onRecord.holdsAll(of: again), "three of its six process runs are new")
        try history.record(again, branch: "main")
        let floor = try XCTUnwrap(history.noiseFloor(of: "a/x/1", machineClass: first.machineClass))
        XCTAssertEqual(floor.degreesOfFreedom, 4, "2 from the first run, 2 from the merge's 3 new runs, not 2 + 5")
        let newSpread = try XCTUnwrap(RunLevel.Spread(newRuns.map { log(Descriptive.median($0)) }).standardDeviation)
        let firstSpread = try XCTUnwrap(RunLevel.Spread(recordedRuns.map { log(Descriptive.median($0)) }).standardDeviation)
        XCTAssertEqual(floor.standardDeviation, ((firstSpread * firstSpread + newSpread * newSpread) / 2).squareRoot(),
                       accuracy: 1e-12)
        var onlyRecorded = Fixture.merged("only-recorded", [("a/x/1", recordedRuns)])
        for index in 0..<3 { onlyRecorded.benchmarks[0].replicates?[index].runID = "night-01-\(index + 1)" }
        XCTAssertThrowsError(try history.record(onlyRecorded, branch: "main")) {
            XCTAssertEqual($0 as? HistoryError, .processRunsAlreadyRecorded(runID: "only-recorded", holders: ["again", "night-01"]))
        }
        XCTAssertEqual(try history.runs(limit: 50, branch: nil).map(\.runID), ["again", "night-01"], "nothing changed")
        XCTAssertEqual(try history.noiseFloor(of: "a/x/1", machineClass: first.machineClass)?.degreesOfFreedom, 4)
        XCTAssertEqual(try history.processRunsOnRecord(of: replicatedNight(2)), ProcessRunsOnRecord(), "new process runs are nowhere yet")
    }

    /// `writers` stores on one history record at once: each its own `runs` runs, and all of them the same `runs`
    /// shared run ids. Every run is there exactly once; each shared run was recorded by exactly one writer and
    /// found already recorded by the others.
    static func concurrentWritersLoseAndDuplicateNothing(_ open: Open, writers: Int = 4, runs: Int = 10) throws {
        let stores = try (0..<writers).map { _ in try open() }
        let outcome = Mutex((recorded: 0, already: 0, failures: [String]()))
        inThreads(writers) { writer in
            for index in 0..<runs {
                for runID in ["w\(writer)-\(index)", "shared-\(index)"] {
                    do {
                        try stores[writer].record(night(index + 1, runID: runID), branch: "main")
                        outcome.withLock { $0.recorded += 1 }
                    } catch HistoryError.alreadyRecorded {
                        outcome.withLock { $0.already += 1 }
                    } catch {
                        outcome.withLock { $0.failures.append("\(runID): \(error)") }
                    }
                }
            }
        }
        let (recorded, already, failures) = outcome.withLock { ($0.recorded, $0.already, $0.failures) }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(recorded, writers * runs + runs)
        XCTAssertEqual(already, (writers - 1) * runs)
        let stored = try stores[0].runs(limit: 10_000, branch: nil).map(\.runID)
        XCTAssertEqual(stored.count, writers * runs + runs)
        XCTAssertEqual(Set(stored).count, stored.count, "no run twice")
    }

    /// Runs `body(0..<count)` each on a thread of its own, all at once, and waits for them
    /// (`concurrentPerform` would run only as many at a time as there are cores).
    private static func inThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread { body(index); done.leave() }.start()
        }
        done.wait()
    }
}
