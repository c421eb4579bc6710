import Foundation
import History
import PostgresNIO
import Results

extension PostgresHistoryStore {
    /// Records a run in one transaction (see ``History/HistoryStore/record(_:document:branch:insideTransaction:)``).
    ///
    /// The run id is unique: the row is inserted with `ON CONFLICT DO NOTHING`, so a second writer of the same run
    /// waits for the first one's transaction and then finds the run there (or inserts it, when the first rolled
    /// back). A connection lost before the commit leaves nothing: the server rolls the transaction back.
    public func record(_ run: RunResults, document: Data?, branch: String?,
                       insideTransaction: @escaping @Sendable () -> Void) throws -> Int64 {
        let row = try RunRow(run, document: document ?? ResultsFile.encode(run), branch: branch)
        let benchmarks = run.benchmarks.map { BenchmarkRow($0, runID: run.runID) }
        let processRunIDs = ProcessRunsOnRecord.processRunIDs(of: run)
        return try withConnection { connection in
            try await Self.inTransaction(connection) {
                guard let number = try await row.insert(connection) else {
                    throw HistoryError.recordedAgain(run, stored: try await Self.storedDocument(of: run.runID, connection))
                }
                // After the run's row: a second writer of a merge of the same process runs waits for this one's
                // transaction here (the row's unique run id does not stop it), then finds them recorded.
                try await connection.query("LOCK TABLE run_process_runs IN SHARE ROW EXCLUSIVE MODE", logger: Self.logger)
                let onRecord = try await Self.processRunsOnRecord(processRunIDs, connection)
                if onRecord.holdsAll(of: run) {
                    throw HistoryError.processRunsAlreadyRecorded(runID: run.runID, holders: onRecord.holders)
                }
                // One statement per table, the rows as arrays: a row per statement cost a round trip each, and a run
                // of 48 benchmarks × 8 process runs took 26 s at 50 ms from the server (exit 5 past 60 s at 160 ms).
                try await BenchmarkRow.insert(benchmarks, connection, run: number)
                let spreads = HistorySpreads.spreads(of: run, excluding: onRecord.counted)
                try await SpreadRow.insert(spreads.map(SpreadRow.init), connection, run: number)
                try await Self.storeProcessRuns(of: run, spreads: spreads, number: number, connection)
                insideTransaction()
                return number
            }
        }
    }

    /// The results document recorded under `runID` (empty when none: the conflicting row rolled back meanwhile).
    static func storedDocument(of runID: String, _ connection: PostgresConnection) async throws -> Data {
        let rows = try await connection.query("SELECT document FROM runs WHERE run_id = \(runID)", logger: logger)
        for try await document in rows.decode(Data.self) { return document }
        return Data()
    }

    /// `body` between BEGIN and COMMIT; a throw rolls back (a lost connection is rolled back by the server, and no
    /// ROLLBACK is sent on it: a query on a closed connection may never be answered).
    static func inTransaction<T: Sendable>(_ connection: PostgresConnection, _ body: () async throws -> T) async throws -> T {
        try await connection.query("BEGIN", logger: logger)
        do {
            let value = try await body()
            try await connection.query("COMMIT", logger: logger)
            return value
        } catch {
            if !connection.isClosed { try? await connection.query("ROLLBACK", logger: logger) }
            throw error
        }
    }
}

/// The `runs` row of a run, its values computed before the transaction.
private struct RunRow: Sendable {
    var runID, startedAt, recordedAt, hostname, cpuModel, buildConfiguration, environment, machineClass, machineClassHash: String
    var finishedAt, gitCommit, gitBranch: String?
    var complete: Bool
    var gitDirty: Bool?
    var document: Data

    init(_ run: RunResults, document: Data, branch: String?) throws {
        let stamp = ISO8601DateFormatter()
        let environment = run.environment
        runID = run.runID
        startedAt = stamp.string(from: run.startedAt)
        finishedAt = run.finishedAt.map { stamp.string(from: $0) }
        recordedAt = stamp.string(from: Date())
        complete = run.complete
        gitCommit = environment.gitCommit
        gitBranch = branch
        gitDirty = environment.gitDirty
        hostname = environment.hostname
        cpuModel = environment.cpuModel
        buildConfiguration = environment.buildConfiguration
        self.environment = String(decoding: try ResultsFile.encoder().encode(environment), as: UTF8.self)
        machineClass = run.machineClass.canonical
        machineClassHash = run.machineClass.hash
        self.document = document
    }

    /// Inserts the row; the run's number, or nil when the run id is already recorded.
    func insert(_ connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query("""
            INSERT INTO runs (run_id, started_at, finished_at, recorded_at, complete, git_commit, git_branch, git_dirty,
                              hostname, cpu_model, build_configuration, environment_json, document, machine_class,
                              machine_class_hash)
            VALUES (\(runID), \(startedAt), \(finishedAt), \(recordedAt), \(complete), \(gitCommit), \(gitBranch),
                    \(gitDirty), \(hostname), \(cpuModel), \(buildConfiguration), \(environment)::jsonb, \(document),
                    \(machineClass), \(machineClassHash))
            ON CONFLICT (run_id) DO NOTHING RETURNING id
            """, logger: PostgresHistoryStore.logger)
        for try await number in rows.decode(Int64.self) { return number }
        return nil
    }
}

/// The `results` row of one benchmark: its id and the values a history keeps of it.
private struct BenchmarkRow: Sendable {
    var id: String
    var values: HistoryResultRow

    init(_ result: BenchmarkResult, runID: String) {
        id = result.id
        values = HistoryResultRow(result, runID: runID)
    }

    /// Inserts every row in one statement (the columns as arrays; a missing interval bound travels as NaN, which
    /// no recorded bound is, and is stored as NULL).
    static func insert(_ rows: [BenchmarkRow], _ connection: PostgresConnection, run: Int64) async throws {
        guard !rows.isEmpty else { return }
        let ids = rows.map(\.id), values = rows.map(\.values), samples = values.map { Int64($0.samples) }
        let medians = values.map(\.median), lowers = values.map { $0.lower ?? .nan }, uppers = values.map { $0.upper ?? .nan }
        let p95s = values.map(\.p95), p99s = values.map(\.p99), means = values.map(\.mean)
        let deviations = values.map(\.standardDeviation)
        try await connection.query("""
            INSERT INTO results (run, benchmark_id, samples, median, median_lower, median_upper, p95, p99, mean,
                                 standard_deviation)
            SELECT \(run), r.id, r.samples, r.median, NULLIF(r.lower, 'NaN'::float8), NULLIF(r.upper, 'NaN'::float8),
                   r.p95, r.p99, r.mean, r.deviation
            FROM UNNEST(\(ids)::text[], \(samples)::int8[], \(medians)::float8[], \(lowers)::float8[], \(uppers)::float8[],
                        \(p95s)::float8[], \(p99s)::float8[], \(means)::float8[], \(deviations)::float8[])
                 AS r(id, samples, median, lower, upper, p95, p99, mean, deviation)
            """, logger: PostgresHistoryStore.logger)
    }
}

extension PostgresHistoryStore {
    public func processRunsOnRecord(of run: RunResults) throws -> ProcessRunsOnRecord {
        let processRunIDs = ProcessRunsOnRecord.processRunIDs(of: run)
        return try withConnection { try await Self.processRunsOnRecord(processRunIDs, $0) }
    }

    /// What the server holds of `processRunIDs` (see ``History/ProcessRunsOnRecord``).
    static func processRunsOnRecord(_ processRunIDs: [String], _ connection: PostgresConnection) async throws
        -> ProcessRunsOnRecord {
        guard !processRunIDs.isEmpty else { return ProcessRunsOnRecord() }
        let rows = try await connection.query("""
            SELECT p.benchmark_id, p.process_run_id, p.in_spread, r.run_id FROM run_process_runs p JOIN runs r ON r.id = p.run
            WHERE p.process_run_id = ANY(\(processRunIDs))
            """, logger: logger)
        var found = [(benchmarkID: String, processRunID: String, inSpread: Bool, holder: String)]()
        for try await row in rows.decode((String, String, Bool, String).self) { found.append(row) }
        return ProcessRunsOnRecord(rows: found)
    }

    /// The `run_process_runs` rows of a run: each benchmark's process runs, marked where `spreads` rests on them.
    static func storeProcessRuns(of run: RunResults, spreads: [HistorySpreads.Spread], number: Int64,
                                 _ connection: PostgresConnection) async throws {
        let inSpread = Dictionary(spreads.map { ($0.id, Set($0.processRunIDs)) }, uniquingKeysWith: { $0.union($1) })
        var benchmarkIDs = [String](), processRunIDs = [String](), counted = [Bool]()
        for (benchmarkID, processRuns) in ProcessRunsOnRecord.processRuns(of: run) {
            for processRun in Set(processRuns).sorted() {
                benchmarkIDs.append(benchmarkID)
                processRunIDs.append(processRun)
                counted.append(inSpread[benchmarkID]?.contains(processRun) == true)
            }
        }
        guard !benchmarkIDs.isEmpty else { return }
        try await connection.query("""
            INSERT INTO run_process_runs (run, benchmark_id, process_run_id, in_spread)
            SELECT \(number), p.benchmark_id, p.process_run_id, p.in_spread
            FROM UNNEST(\(benchmarkIDs)::text[], \(processRunIDs)::text[], \(counted)::bool[]) AS p(benchmark_id, process_run_id, in_spread)
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }
}

/// The `run_spreads` row of one benchmark measured by several process runs.
private struct SpreadRow: Sendable {
    var id: String
    var sd, df: Double

    init(_ spread: HistorySpreads.Spread) { (id, sd, df) = (spread.id, spread.standardDeviation, spread.degreesOfFreedom) }

    /// Inserts every row in one statement (as ``BenchmarkRow/insert(_:_:run:)``).
    static func insert(_ rows: [SpreadRow], _ connection: PostgresConnection, run: Int64) async throws {
        guard !rows.isEmpty else { return }
        let ids = rows.map(\.id), sds = rows.map(\.sd), dfs = rows.map(\.df)
        try await connection.query("""
            INSERT INTO run_spreads (run, benchmark_id, statistic, log_standard_deviation, degrees_of_freedom)
            SELECT \(run), s.id, \(HistorySpreads.statistic), s.sd, s.df
            FROM UNNEST(\(ids)::text[], \(sds)::float8[], \(dfs)::float8[]) AS s(id, sd, df)
            ON CONFLICT DO NOTHING
            """, logger: PostgresHistoryStore.logger)
    }
}
