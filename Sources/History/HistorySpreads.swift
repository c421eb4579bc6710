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

    /// Each benchmark's between-run SD of log per-run medians and its degrees of freedom (runs − 1), for the
    /// benchmarks measured by ≥ 2 process runs.
    public static func spreads(of run: RunResults) -> [(id: String, standardDeviation: Double, degreesOfFreedom: Double)] {
        run.benchmarks.compactMap { result in
            // The same per-run values a comparison tests, so the floor it stores is the spread compare would see.
            let logs = RunLevelDecision.perRunLogStatistics(result, runID: run.runID, percentile: 50)
            guard logs.count >= 2, let sd = RunLevel.Spread(logs).standardDeviation, sd.isFinite else { return nil }
            return (result.id, sd, Double(logs.count - 1))
        }
    }

    /// Stores the run's machine class and spreads (inside the recording transaction).
    static func store(_ run: RunResults, number: Int64, db: Database) throws {
        let machineClass = run.machineClass
        try db.execute(sql: "UPDATE runs SET machine_class = ?, machine_class_hash = ? WHERE id = ?",
                       arguments: [machineClass.canonical, machineClass.hash, number])
        for spread in spreads(of: run) {
            try db.execute(sql: """
                INSERT OR REPLACE INTO run_spreads (run, benchmark_id, statistic, log_standard_deviation, degrees_of_freedom)
                VALUES (?, ?, ?, ?, ?)
                """, arguments: [number, spread.id, statistic, spread.standardDeviation, spread.degreesOfFreedom])
        }
    }

    /// Migration v2: classes and spreads of the runs recorded before it, from their stored documents.
    static func backfill(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, run_id, document FROM runs WHERE machine_class IS NULL")
        for row in rows {
            let number: Int64 = row["id"]
            guard let run = try? ResultsFile.decode(row["document"], path: "run \(row["run_id"] as String)") else { continue }
            try store(run, number: number, db: db)
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
                let df = rows.reduce(0.0) { $0 + ($1["df"] as Double) }
                guard df >= 2 else { continue }
                let sum = rows.reduce(0.0) { total, row in
                    let sd: Double = row["sd"], rowDF: Double = row["df"]
                    return total + rowDF * sd * sd
                }
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
                """).map { (MachineClass(canonical: $0["machine_class"]), $0["runs"]) }
        }
    }
}
