import Comparison
import Foundation
import GRDB
import Results
import Statistics

/// Machine classes and between-run spreads in the history: written with every record (and back-filled for runs
/// recorded before schema v2), read as the noise floor of a benchmark in one machine class.
public enum HistorySpreads {
    /// The statistic whose per-run spread is stored (per-run medians, on the log scale), as the `statistic`
    /// column writes it.
    public static let statistic = Statistic.median.rawValue

    /// One benchmark's between-run spread in a run, and the process runs it rests on.
    public struct Spread: Sendable, Equatable {
        public var id: String
        /// SD of the log per-run medians.
        public var standardDeviation: Double
        /// Process runs − 1.
        public var degreesOfFreedom: Double
        /// The ids of the process runs the spread was computed from (``Results/Replicate/runID``).
        public var processRunIDs: [String]
    }

    /// Each benchmark's between-run SD of log per-run medians and its degrees of freedom (runs − 1), for the
    /// benchmarks measured by ≥ 2 process runs not in `counted`.
    /// - Parameter counted: per benchmark id, the process runs that a recorded spread already rests on. A merged file
    ///   whose process runs were recorded before (two merges sharing runs, a gate's file merged again) would
    ///   otherwise count their spread twice in the noise floor, which pools spreads as independent evidence.
    public static func spreads(of run: RunResults, excluding counted: [String: Set<String>] = [:]) -> [Spread] {
        run.benchmarks.compactMap { result in
            let skip = counted[result.id] ?? []
            // The same per-run values a comparison tests, so the floor it stores is the spread compare would see.
            let perRun = zip(result.replicates(runID: run.runID), result.samplesByReplicate(runID: run.runID))
                .filter { !skip.contains($0.0.runID) }
                .compactMap { replicate, samples in
                    RunLevelDecision.logStatistic(samples, percentile: 50).map { (replicate.runID, $0) }
                }
            guard perRun.count >= 2, let sd = RunLevel.Spread(perRun.map(\.1)).standardDeviation, sd.isFinite else { return nil }
            return Spread(id: result.id, standardDeviation: sd, degreesOfFreedom: Double(perRun.count - 1),
                          processRunIDs: perRun.map(\.0))
        }
    }

    /// Stores the run's machine class, spreads and process runs (inside the recording transaction), leaving out of
    /// each spread the process runs in `counted`: those a stored spread of the benchmark already rests on.
    static func store(_ run: RunResults, number: Int64, excluding counted: [String: Set<String>], db: Database) throws {
        try storeMachineClass(of: run, number: number, db: db)
        let spreads = spreads(of: run, excluding: counted)
        for spread in spreads { try insertRow(spread, run: number, db: db) }
        try HistoryDatabase.storeProcessRuns(of: run, spreads: spreads, number: number, db: db)
    }

    private static func storeMachineClass(of run: RunResults, number: Int64, db: Database) throws {
        let machineClass = run.machineClass
        try db.execute(sql: "UPDATE runs SET machine_class = ?, machine_class_hash = ? WHERE id = ?",
                       arguments: [machineClass.canonical, machineClass.hash, number])
    }

    private static func insertRow(_ spread: Spread, run number: Int64, db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO run_spreads (run, benchmark_id, statistic, log_standard_deviation, degrees_of_freedom)
            VALUES (?, ?, ?, ?, ?)
            """, arguments: [number, spread.id, statistic, spread.standardDeviation, spread.degreesOfFreedom])
    }

    /// Migration v2: classes and spreads of the runs recorded before it, from their stored documents.
    static func backfill(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, run_id, document FROM runs WHERE machine_class IS NULL")
        for row in rows {
            let number: Int64 = row["id"]
            guard let run = try? ResultsFile.decode(row["document"], path: "run \(row["run_id"] as String)") else { continue }
            try storeMachineClass(of: run, number: number, db: db)
            for spread in spreads(of: run) { try insertRow(spread, run: number, db: db) }
        }
    }
}

extension HistoryDatabase {
    /// How many recorded runs of a class the noise floor pools at most (the newest).
    public static let noiseFloorWindow = 20

    /// ``noiseFloor(of:machineClass:window:)`` of several benchmarks at once; benchmarks without one are absent.
    public func noiseFloors(of benchmarkIDs: [String], machineClass: MachineClass, window: Int = noiseFloorWindow) throws
        -> [String: PriorSpread] {
        try read { db in
            var floors = [String: PriorSpread]()
            for id in benchmarkIDs {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT s.log_standard_deviation AS sd, s.degrees_of_freedom AS df
                    FROM run_spreads s JOIN runs r ON r.id = s.run
                    WHERE s.benchmark_id = ? AND s.statistic = ? AND r.machine_class_hash = ? AND r.complete = 1
                    ORDER BY r.started_at DESC, r.id DESC LIMIT ?
                    """, arguments: [id, HistorySpreads.statistic, machineClass.hash, window])
                let spreads = try rows.map {
                    try (sd: $0.statistic("sd", of: "run_spreads"), df: $0.statistic("df", of: "run_spreads"))
                }
                let df = spreads.reduce(0.0) { $0 + $1.df }
                guard df >= 2 else { continue }
                let sum = spreads.reduce(0.0) { $0 + $1.df * $1.sd * $1.sd }
                floors[id] = PriorSpread(standardDeviation: (sum / df).squareRoot(), degreesOfFreedom: df)
            }
            return floors
        }
    }

    /// The machine classes recorded, newest first, with how many runs each holds.
    public func machineClasses() throws -> [(machineClass: MachineClass, runs: Int)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT machine_class, COUNT(*) AS runs, MAX(started_at) AS newest FROM runs
                WHERE machine_class IS NOT NULL GROUP BY machine_class ORDER BY newest DESC
                """).map { try (MachineClass(canonical: $0.checked("machine_class", of: "runs")), $0.checked("runs", of: "runs")) }
        }
    }
}
