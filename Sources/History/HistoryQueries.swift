import Foundation
import GRDB
import Results
import Statistics

/// One recorded run, as `history list` shows it.
public struct RunRecord: Codable, Sendable, Equatable {
    /// The run's number in the database (1, 2, …, in recording order).
    public var number: Int64
    public var runID: String
    public var startedAt: String
    public var complete: Bool
    public var gitCommit: String?
    public var gitBranch: String?
    public var hostname: String
    public var benchmarks: Int
    /// The run's machine class hash (``Results/MachineClass/hash``).
    public var machineClass: String?

    /// A run as a ``HistoryStore`` lists it.
    public init(number: Int64, runID: String, startedAt: String, complete: Bool, gitCommit: String?, gitBranch: String?,
                hostname: String, benchmarks: Int, machineClass: String?) {
        (self.number, self.runID, self.startedAt, self.complete) = (number, runID, startedAt, complete)
        (self.gitCommit, self.gitBranch, self.hostname, self.benchmarks) = (gitCommit, gitBranch, hostname, benchmarks)
        self.machineClass = machineClass
    }
}

/// One night of one benchmark's series.
public struct SeriesPoint: Codable, Sendable, Equatable {
    public var number: Int64
    public var runID: String
    public var startedAt: String
    public var gitCommit: String?
    public var complete: Bool
    /// Median ns per iteration, with its bootstrap interval when recorded.
    public var median: Double
    public var lower: Double?
    public var upper: Double?
    /// The other statistics the history keeps per run, ns per iteration: what a budget on them is drawn over.
    public var p95: Double? = nil
    public var p99: Double? = nil
    public var mean: Double? = nil
    /// The branch the run was recorded on (`history record --branch`), nil when none was given: a series of every
    /// branch's runs shows it, or a feature branch's nights read as changes of the main line.
    public var gitBranch: String? = nil

    /// A night of a series as a ``HistoryStore`` reads it.
    public init(number: Int64, runID: String, startedAt: String, gitCommit: String?, complete: Bool, median: Double,
                lower: Double?, upper: Double?, p95: Double? = nil, p99: Double? = nil, mean: Double? = nil,
                gitBranch: String? = nil) {
        (self.number, self.runID, self.startedAt, self.gitCommit, self.complete) = (number, runID, startedAt, gitCommit, complete)
        (self.median, self.lower, self.upper, self.p95, self.p99, self.mean) = (median, lower, upper, p95, p99, mean)
        self.gitBranch = gitBranch
    }

    /// The statistic in this run, ns per iteration; nil for one the history does not keep (p90, p99.9, min, max).
    public func value(of statistic: Statistic) -> Double? {
        switch statistic {
        case .median, .p50: return median
        case .p95: return p95
        case .p99: return p99
        case .mean: return mean
        case .min, .max, .p90, .p999: return nil
        }
    }
}

extension HistoryDatabase {
    /// Runs, newest first.
    public func runs(limit: Int = 50, branch: String? = nil) throws -> [RunRecord] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT r.id, r.run_id, r.started_at, r.complete, r.git_commit, r.git_branch, r.hostname,
                       r.machine_class_hash, (SELECT COUNT(*) FROM results WHERE run = r.id) AS benchmarks
                FROM runs r WHERE (?1 IS NULL OR r.git_branch = ?1)
                ORDER BY r.started_at DESC, r.id DESC LIMIT ?2
                """, arguments: [branch, limit])
            return try rows.map { row in
                try RunRecord(number: row.checked("id", of: "runs"), runID: row.checked("run_id", of: "runs"),
                              startedAt: row.checked("started_at", of: "runs"), complete: row.checked("complete", of: "runs"),
                              gitCommit: row.checked("git_commit", of: "runs"), gitBranch: row.checked("git_branch", of: "runs"),
                              hostname: row.checked("hostname", of: "runs"), benchmarks: row.checked("benchmarks", of: "results"),
                              machineClass: row.checked("machine_class_hash", of: "runs"))
            }
        }
    }

    /// The series of one benchmark, oldest first; with `machineClass` (a ``Results/MachineClass/hash``) only the
    /// runs of that class, so a fleet's machines never make one series.
    /// - Throws: ``HistoryError/unknownBenchmark(id:)`` when no run measured it.
    public func series(of benchmarkID: String, completeOnly: Bool = false, machineClass: String? = nil) throws -> [SeriesPoint] {
        let points = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, r.run_id, r.started_at, r.git_commit, r.complete, s.median, s.median_lower, s.median_upper,
                       s.p95, s.p99, s.mean, r.git_branch
                FROM results s JOIN runs r ON r.id = s.run
                WHERE s.benchmark_id = ? AND (? = 0 OR r.complete = 1) AND (? IS NULL OR r.machine_class_hash = ?)
                ORDER BY r.started_at, r.id
                """, arguments: [benchmarkID, completeOnly, machineClass, machineClass]).map { row in
                try SeriesPoint(number: row.checked("id", of: "runs"), runID: row.checked("run_id", of: "runs"),
                                startedAt: row.checked("started_at", of: "runs"), gitCommit: row.checked("git_commit", of: "runs"),
                                complete: row.checked("complete", of: "runs"), median: row.statistic("median", of: "results"),
                                lower: row.optionalStatistic("median_lower", of: "results"),
                                upper: row.optionalStatistic("median_upper", of: "results"),
                                p95: row.statistic("p95", of: "results"), p99: row.statistic("p99", of: "results"),
                                mean: row.statistic("mean", of: "results"), gitBranch: row.checked("git_branch", of: "runs"))
            }
        }
        guard !points.isEmpty else { throw HistoryError.unknownBenchmark(id: benchmarkID) }
        return points
    }

    /// Every benchmark id ever recorded, sorted.
    public func benchmarkIDs() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT DISTINCT benchmark_id FROM results ORDER BY benchmark_id") }
    }

    /// The full results of a run, by number or run id, decoded through ``ResultsFile`` (schema checked).
    public func run(_ reference: String) throws -> RunResults {
        let found = try read { db -> (String, Data)? in
            // A run named "1" is that run, not run #1 (`compare 1 …` resolved to the first run recorded): a run id
            // wins over a number.
            let row = try Row.fetchOne(db, sql: """
                SELECT run_id, document FROM runs WHERE run_id = ?1 OR CAST(id AS TEXT) = ?1 ORDER BY (run_id = ?1) DESC LIMIT 1
                """, arguments: [reference])
            return try row.map { try ($0.checked("run_id", of: "runs"), $0.checked("document", of: "runs")) }
        }
        guard let (runID, document) = found else { throw HistoryError.unknownRun(reference: reference) }
        return try RunDocumentAudit.decode(document, of: runID, path: "\(path) (run \(runID))")
    }

    /// The newest complete run whose branch is `branch` or whose commit starts with `commitPrefix` (with
    /// `machineClass`, a hash, only runs of that class), and how many matching runs are incomplete (an interrupted
    /// run is never a baseline; the count lets the caller say why there is none).
    public func latestCompleteRunID(branch: String? = nil, commitPrefix: String? = nil, machineClass: String? = nil) throws
        -> (runID: String?, incomplete: Int) {
        try read { db in
            let matching = """
                ((?1 IS NOT NULL AND git_branch = ?1) OR (?2 IS NOT NULL AND git_commit LIKE ?2 || '%'))
                AND (?3 IS NULL OR machine_class_hash = ?3)
                """
            let runID = try String.fetchOne(db, sql: """
                SELECT run_id FROM runs WHERE \(matching) AND complete = 1 ORDER BY started_at DESC, id DESC LIMIT 1
                """, arguments: [branch, commitPrefix, machineClass])
            let incomplete = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM runs WHERE \(matching) AND complete = 0",
                                              arguments: [branch, commitPrefix, machineClass]) ?? 0
            return (runID, incomplete)
        }
    }

    /// The newest run (complete ones first) whose branch is `branch` or whose commit starts with `commit`; with
    /// `machineClass` (a hash) only runs of that class.
    public func latestRunID(branch: String? = nil, commitPrefix: String? = nil, machineClass: String? = nil) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT run_id FROM runs
                WHERE ((?1 IS NOT NULL AND git_branch = ?1) OR (?2 IS NOT NULL AND git_commit LIKE ?2 || '%'))
                  AND (?3 IS NULL OR machine_class_hash = ?3)
                ORDER BY complete DESC, started_at DESC, id DESC LIMIT 1
                """, arguments: [branch, commitPrefix, machineClass])
        }
    }

    /// The machine class hash of the newest run that measured `benchmarkID` (complete runs first).
    public func newestMachineClass(of benchmarkID: String) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT r.machine_class_hash FROM results s JOIN runs r ON r.id = s.run
                WHERE s.benchmark_id = ? ORDER BY r.complete DESC, r.started_at DESC, r.id DESC LIMIT 1
                """, arguments: [benchmarkID])
        }
    }
}
