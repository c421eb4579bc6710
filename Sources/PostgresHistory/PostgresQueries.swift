import Statistics
import Foundation
import History
import PostgresNIO
import Results

extension PostgresHistoryStore {
    public func runs(limit: Int, branch: String?) throws -> [RunRecord] {
        try fetch("""
            SELECT r.id, r.run_id, r.started_at, r.complete, r.git_commit, r.git_branch, r.hostname, r.machine_class_hash,
                   (SELECT COUNT(*) FROM results WHERE run = r.id)
            FROM runs r WHERE (\(branch)::text IS NULL OR r.git_branch = \(branch))
            ORDER BY r.started_at DESC, r.id DESC LIMIT \(limit)
            """) { row in
            let (number, runID, startedAt, complete, commit, branch, host, machineClass, benchmarks) = try row.decode(
                (Int64, String, String, Bool, String?, String?, String, String?, Int).self)
            return RunRecord(number: number, runID: runID, startedAt: startedAt, complete: complete, gitCommit: commit,
                             gitBranch: branch, hostname: host, benchmarks: benchmarks, machineClass: machineClass)
        }
    }

    public func series(of benchmarkID: String, completeOnly: Bool, machineClass: String?) throws -> [SeriesPoint] {
        let points = try fetch("""
            SELECT r.id, r.run_id, r.started_at, r.git_commit, r.complete, s.median, s.median_lower, s.median_upper,
                   s.p95, s.p99, s.mean, r.git_branch
            FROM results s JOIN runs r ON r.id = s.run
            WHERE s.benchmark_id = \(benchmarkID) AND (NOT \(completeOnly) OR r.complete)
              AND (\(machineClass)::text IS NULL OR r.machine_class_hash = \(machineClass))
            ORDER BY r.started_at, r.id
            """) { row in
            let (number, runID, startedAt, commit, complete, median, lower, upper, p95, p99, mean, branch) = try row.decode(
                (Int64, String, String, String?, Bool, Double, Double?, Double?, Double, Double, Double, String?).self)
            return SeriesPoint(number: number, runID: runID, startedAt: startedAt, gitCommit: commit, complete: complete,
                               median: median, lower: lower, upper: upper, p95: p95, p99: p99, mean: mean, gitBranch: branch)
        }
        guard !points.isEmpty else { throw HistoryError.unknownBenchmark(id: benchmarkID) }
        return points
    }

    public func benchmarkIDs() throws -> [String] {
        try fetch("SELECT DISTINCT benchmark_id FROM results ORDER BY benchmark_id") { try $0.decode(String.self) }
    }

    public func run(_ reference: String) throws -> RunResults {
        // A run named "1" is that run, not run #1: a run id wins over a number (as in the SQLite store).
        let found = try fetch("""
            SELECT run_id, document FROM runs WHERE run_id = \(reference) OR id::text = \(reference)
            ORDER BY (run_id = \(reference)) DESC LIMIT 1
            """) {
            try $0.decode((String, Data).self)
        }
        guard let (runID, document) = found.first else { throw HistoryError.unknownRun(reference: reference) }
        return try RunDocumentAudit.decode(document, of: runID, path: "\(location) (run \(runID))")
    }

    public func latestCompleteRunID(branch: String?, commitPrefix: String?, machineClass: String?) throws
        -> (runID: String?, incomplete: Int) {
        let counts = try fetch("""
            SELECT (SELECT run_id FROM runs WHERE ((\(branch)::text IS NOT NULL AND git_branch = \(branch))
                     OR (\(commitPrefix)::text IS NOT NULL AND starts_with(git_commit, \(commitPrefix))))
                    AND (\(machineClass)::text IS NULL OR machine_class_hash = \(machineClass)) AND complete
                    ORDER BY started_at DESC, id DESC LIMIT 1),
                   (SELECT COUNT(*) FROM runs WHERE ((\(branch)::text IS NOT NULL AND git_branch = \(branch))
                     OR (\(commitPrefix)::text IS NOT NULL AND starts_with(git_commit, \(commitPrefix))))
                    AND (\(machineClass)::text IS NULL OR machine_class_hash = \(machineClass)) AND NOT complete)
            """) { try $0.decode((String?, Int).self) }
        return (counts.first?.0, counts.first?.1 ?? 0)
    }

    public func latestRunID(branch: String?, commitPrefix: String?, machineClass: String?) throws -> String? {
        try fetch("""
            SELECT run_id FROM runs WHERE ((\(branch)::text IS NOT NULL AND git_branch = \(branch))
                     OR (\(commitPrefix)::text IS NOT NULL AND starts_with(git_commit, \(commitPrefix))))
                    AND (\(machineClass)::text IS NULL OR machine_class_hash = \(machineClass))
            ORDER BY complete DESC, started_at DESC, id DESC LIMIT 1
            """) { try $0.decode(String.self) }.first
    }

    public func newestMachineClass(of benchmarkID: String) throws -> String? {
        try fetch("""
            SELECT r.machine_class_hash FROM results s JOIN runs r ON r.id = s.run
            WHERE s.benchmark_id = \(benchmarkID) ORDER BY r.complete DESC, r.started_at DESC, r.id DESC LIMIT 1
            """) { try $0.decode(String?.self) }.first ?? nil
    }

    public func noiseFloors(of benchmarkIDs: [String], machineClass: MachineClass, window: Int) throws -> [String: PriorSpread] {
        var floors = [String: PriorSpread]()
        for id in benchmarkIDs {
            let spreads = try fetch("""
                SELECT s.log_standard_deviation, s.degrees_of_freedom
                FROM run_spreads s JOIN runs r ON r.id = s.run
                WHERE s.benchmark_id = \(id) AND s.statistic = \(HistorySpreads.statistic)
                  AND r.machine_class_hash = \(machineClass.hash) AND r.complete
                ORDER BY r.started_at DESC, r.id DESC LIMIT \(window)
                """) { try $0.decode((Double, Double).self) }
            let df = spreads.reduce(0.0) { $0 + $1.1 }
            guard df >= 2 else { continue }
            let sum = spreads.reduce(0.0) { $0 + $1.1 * $1.0 * $1.0 }
            floors[id] = PriorSpread(standardDeviation: (sum / df).squareRoot(), degreesOfFreedom: df)
        }
        return floors
    }

    public func machineClasses() throws -> [(machineClass: MachineClass, runs: Int)] {
        try fetch("""
            SELECT machine_class, COUNT(*), MAX(started_at) AS newest FROM runs GROUP BY machine_class ORDER BY newest DESC
            """) { row in
            let (canonical, runs, _) = try row.decode((String, Int, String).self)
            return (MachineClass(canonical: canonical), runs)
        }
    }

    /// `ok` when every result and spread belongs to a run and every run has its document, which reads as that run's
    /// results; else what is not.
    public func integrityCheck() throws -> String {
        let problems = try fetch("""
            SELECT (SELECT COUNT(*) FROM results s WHERE NOT EXISTS (SELECT 1 FROM runs r WHERE r.id = s.run)),
                   (SELECT COUNT(*) FROM run_spreads s WHERE NOT EXISTS (SELECT 1 FROM runs r WHERE r.id = s.run)),
                   (SELECT COUNT(*) FROM runs WHERE length(document) = 0)
            """) { try $0.decode((Int, Int, Int).self) }
        guard let (results, spreads, documents) = problems.first else { return "no answer from the server" }
        let found = [(results, "results without their run"), (spreads, "spreads without their run"),
                     (documents, "runs without their results document")].filter { $0.0 > 0 }
        // Each document read as every reader reads it, one at a time (a history's documents may not fit in memory).
        var audit = RunDocumentAudit()
        let runIDs = try fetch("SELECT run_id FROM runs WHERE length(document) > 0 ORDER BY id") { try $0.decode(String.self) }
        for runID in runIDs {
            for document in try fetch("SELECT document FROM runs WHERE run_id = \(runID)", { try $0.decode(Data.self) }) {
                audit.check(runID: runID, document: document)
            }
        }
        let lines = found.map { "\($0.0) \($0.1)" } + [audit.problem].compactMap { $0 }
        return lines.isEmpty ? "ok" : lines.joined(separator: "; ")
    }

    /// The rows of `query`, each decoded by `decode`.
    func fetch<Row: Sendable>(_ query: PostgresQuery, _ decode: @escaping @Sendable (PostgresRow) throws -> Row) throws -> [Row] {
        try withConnection { connection in
            var rows = [Row]()
            for try await row in try await connection.query(query, logger: Self.logger) { rows.append(try decode(row)) }
            return rows
        }
    }
}
