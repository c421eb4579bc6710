import RunFixtures
import Foundation
import GRDB
import XCTest
@testable import History
import Results
import Statistics

/// Like with like: series, noise floors and baselines of the history stay within one machine class, and each
/// replicated run keeps its between-run spread for later comparisons.
final class MachineClassHistoryTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-class-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A night of `runs` process runs of "a/x/1" (merged), on machine `cpu`.
    private func night(_ index: Int, runs: Int = 3, cpu: String = "Test CPU", median: Double = 1000) -> RunResults {
        var run = Fixture.merged(String(format: "night-%02d", index),
                                 [("a/x/1", Fixture.processRuns(runs, median: median, between: 0.02, seed: UInt64(index)))])
        run.environment.cpuModel = cpu
        run.environment.gitCommit = String(format: "%02dabcdef0123", index)
        run.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400)
        return run
    }

    /// SD of log per-run medians, computed here from the samples.
    private func spread(_ run: RunResults) -> Double {
        let logs = run.samplesByReplicate("a/x/1").map { log(Descriptive.median(Array($0))) }
        return RunLevel.Spread(logs).standardDeviation!
    }

    func testTheNoiseFloorPoolsTheSpreadsOfReplicatedRunsOfTheSameClassOnly() throws {
        let history = try HistoryDatabase(path: path)
        let nights = [night(1), night(2, runs: 4), night(3, cpu: "AMD EPYC"), night(4, runs: 1)]
        for run in nights { try history.record(run, branch: "main") }
        let floor = try XCTUnwrap(history.noiseFloor(of: "a/x/1", machineClass: nights[0].machineClass))
        XCTAssertEqual(floor.degreesOfFreedom, 2 + 3, "the single-run night adds nothing, the other machine nothing")
        let expected = ((2 * pow(spread(nights[0]), 2) + 3 * pow(spread(nights[1]), 2)) / 5).squareRoot()
        XCTAssertEqual(floor.standardDeviation, expected, accuracy: 1e-12)
        let epyc = try history.noiseFloor(of: "a/x/1", machineClass: nights[2].machineClass)
        XCTAssertEqual(epyc?.degreesOfFreedom, 2)
        XCTAssertNil(try history.noiseFloor(of: "a/x/1", machineClass: nights[0].machineClass, window: 0))
    }

    func testTooFewRunsGiveNoNoiseFloor() throws {
        let history = try HistoryDatabase(path: path)
        try history.record(night(1, runs: 2), branch: "main")
        XCTAssertNil(try history.noiseFloor(of: "a/x/1", machineClass: night(1).machineClass), "1 degree of freedom is too few")
    }

    func testSeriesAndBaselinesKeepToOneMachineClass() throws {
        let history = try HistoryDatabase(path: path)
        let xeon = night(1), epyc = night(2, cpu: "AMD EPYC")
        try history.record(xeon, branch: "main")
        try history.record(epyc, branch: "main")
        XCTAssertEqual(try history.series(of: "a/x/1", machineClass: xeon.machineClass.hash).map(\.runID), ["night-01"])
        XCTAssertEqual(try history.series(of: "a/x/1").count, 2)
        XCTAssertEqual(try BaselineResolver.resolve("main", database: history, machineClass: xeon.machineClass).run.runID, "night-01")
        XCTAssertEqual(try BaselineResolver.resolve("main", database: history).run.runID, "night-02")
        XCTAssertEqual(try history.runs().map(\.machineClass), [epyc.machineClass.hash, xeon.machineClass.hash])
        var cold = xeon
        cold.settings.cacheMode = .cold
        XCTAssertThrowsError(try BaselineResolver.resolve("main", database: history, machineClass: cold.machineClass)) { error in
            XCTAssertTrue("\(error)".contains("recorded only in other machine classes than this run's"), "\(error)")
        }
    }

    /// A database as an older framebudget wrote it: the schema up to `migration`, `run` recorded in version 1's
    /// tables (the later migrations back-fill from its document, as they would for a real one).
    private func olderDatabase(holding run: RunResults, upTo migration: String) throws {
        let pool = try DatabasePool(path: path)
        try HistorySchema.migrator.migrate(pool, upTo: "v1")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO runs (run_id, started_at, recorded_at, complete, hostname, cpu_model, build_configuration,
                                  environment_json, document) VALUES (?, '2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 1, 'h', 'c', 'release', '{}', ?)
                """, arguments: [run.runID, try ResultsFile.encode(run)])
        }
        try HistorySchema.migrator.migrate(pool, upTo: migration)
        try pool.close()
    }

    func testADatabaseOfSchemaOneGainsClassesAndSpreadsOfItsRunsWhenOpened() throws {
        let run = night(1)
        try olderDatabase(holding: run, upTo: "v1")
        let history = try HistoryDatabase(path: path)
        XCTAssertEqual(try history.runs().first?.machineClass, run.machineClass.hash)
        XCTAssertEqual(try history.noiseFloor(of: "a/x/1", machineClass: run.machineClass)?.degreesOfFreedom, 2,
                       "the spread of its three process runs, back-filled from the stored document")
    }

    /// v3 adds only what a record reads (each run's process runs): reading commands go on reading a v2 history as it
    /// is, and opening it for a record back-fills the process runs of the runs already stored.
    func testADatabaseOfSchemaTwoIsReadAsItIsAndGainsTheProcessRunsOfItsRunsWhenOpenedForWriting() throws {
        let run = night(1)
        try olderDatabase(holding: run, upTo: "v2-machine-class")
        let reader = try HistoryDatabase(path: path, access: .readOnly)
        XCTAssertEqual(try reader.noiseFloor(of: "a/x/1", machineClass: run.machineClass)?.degreesOfFreedom, 2)
        XCTAssertEqual(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 2,
                       "reading did not migrate")
        let history = try HistoryDatabase(path: path)
        let onRecord = try history.processRunsOnRecord(of: run)
        XCTAssertEqual(onRecord.counted, ["a/x/1": ["night-01-1", "night-01-2", "night-01-3"]],
                       "the stored spread's process runs, back-filled from its document")
        XCTAssertTrue(onRecord.holdsAll(of: run))
    }

    /// A merged result's row holds what its reports give (the process runs' geometric mean, the t interval over
    /// them), not the pooled samples' median and bootstrap interval: recorded so, and v4 recomputes the rows an
    /// older framebudget wrote, from their documents; `history verify` agrees with both.
    func testAMergedResultsRowHoldsItsProcessRunsStatisticsAndOlderRowsAreRecomputed() throws {
        let run = night(1)
        let result = try XCTUnwrap(run.benchmark("a/x/1"))
        let reported = result.reported(.median, runID: run.runID)
        XCTAssertNotEqual(reported.value, result.statistics.median, "the fixture's pooled median differs")
        let fresh = try HistoryDatabase(path: path)
        try fresh.record(run)
        var row = try XCTUnwrap(try fresh.series(of: "a/x/1").first)
        XCTAssertEqual(row.median, reported.value, accuracy: 1e-9)
        XCTAssertEqual(row.lower ?? 0, reported.interval?.lower ?? -1, accuracy: 1e-9)
        XCTAssertEqual(row.p95 ?? 0, result.reported(.p95, runID: run.runID).value, accuracy: 1e-9)
        XCTAssertEqual(try fresh.integrityCheck(), "ok")
        try FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")

        try olderDatabase(holding: run, upTo: "v3-process-runs")
        try DatabaseQueue(path: path).write { db in
            let pooled = result.statistics, interval = pooled.interval(of: .median)
            try db.execute(sql: """
                INSERT INTO results (run, benchmark_id, samples, median, median_lower, median_upper, p95, p99, mean, standard_deviation)
                VALUES (1, 'a/x/1', ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [pooled.count, pooled.median, interval?.lower, interval?.upper, pooled.p95, pooled.p99,
                                 pooled.mean, pooled.standardDeviation])
        }
        let upgraded = try HistoryDatabase(path: path)
        row = try XCTUnwrap(try upgraded.series(of: "a/x/1").first)
        XCTAssertEqual(row.median, reported.value, accuracy: 1e-9, "recomputed by v4")
        XCTAssertEqual(row.upper ?? 0, reported.interval?.upper ?? -1, accuracy: 1e-9)
        XCTAssertEqual(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 4)
        XCTAssertEqual(try upgraded.integrityCheck(), "ok", "the rows agree with their documents")
    }
}
