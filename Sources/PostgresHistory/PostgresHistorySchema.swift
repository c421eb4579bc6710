import Foundation
import History
import PostgresNIO
import Results

/// The tables of the shared history and their migrations: the model of the SQLite schema (version 4) in
/// PostgreSQL's types, with the schema version in a table of its own, `framebudget_schema`.
///
/// Migrations run in one transaction under an advisory lock, so two runners meeting a new server at once migrate it
/// once; a server whose version is newer than ``currentVersion`` is refused before anything is written.
enum PostgresHistorySchema {
    /// The schema version this build writes and reads.
    static let currentVersion = 3

    /// The oldest schema the reading queries work on (v2 only adds what a record reads; v3 recomputes rows).
    static let oldestReadable = 1

    /// The advisory lock key that serializes migrations (any constant that other software on the server is
    /// unlikely to use: "FBHIST" in ASCII).
    static let migrationLock: Int64 = 0x4642_4849_5354

    /// The migrations, in order: migration `n` brings the schema from version `n` to `n + 1`.
    static let migrations: [[PostgresQuery]] = [[
        """
        CREATE TABLE runs (
            id BIGSERIAL PRIMARY KEY,
            run_id TEXT NOT NULL UNIQUE,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            recorded_at TEXT NOT NULL,
            complete BOOLEAN NOT NULL,
            git_commit TEXT,
            git_branch TEXT,
            git_dirty BOOLEAN,
            hostname TEXT NOT NULL,
            cpu_model TEXT NOT NULL,
            build_configuration TEXT NOT NULL,
            environment_json JSONB NOT NULL,
            document BYTEA NOT NULL,
            machine_class TEXT NOT NULL,
            machine_class_hash TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE results (
            run BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            benchmark_id TEXT NOT NULL,
            samples BIGINT NOT NULL,
            median DOUBLE PRECISION NOT NULL,
            median_lower DOUBLE PRECISION,
            median_upper DOUBLE PRECISION,
            p95 DOUBLE PRECISION NOT NULL,
            p99 DOUBLE PRECISION NOT NULL,
            mean DOUBLE PRECISION NOT NULL,
            standard_deviation DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (run, benchmark_id)
        )
        """,
        """
        CREATE TABLE run_spreads (
            run BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            benchmark_id TEXT NOT NULL,
            statistic TEXT NOT NULL,
            log_standard_deviation DOUBLE PRECISION NOT NULL,
            degrees_of_freedom DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (run, benchmark_id, statistic)
        )
        """,
        "CREATE INDEX results_by_benchmark ON results(benchmark_id)",
        "CREATE INDEX runs_by_branch ON runs(git_branch, started_at)",
        "CREATE INDEX runs_by_class ON runs(machine_class_hash, started_at)",
    ], [
        // v2: each run's process runs per benchmark (SQLite's v3), back-filled by `backfillProcessRuns`.
        """
        CREATE TABLE run_process_runs (
            run BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            benchmark_id TEXT NOT NULL,
            process_run_id TEXT NOT NULL,
            in_spread BOOLEAN NOT NULL,
            PRIMARY KEY (run, benchmark_id, process_run_id)
        )
        """,
        "CREATE INDEX run_process_runs_by_id ON run_process_runs(process_run_id)",
    ], [
        // Migration 3 is a back-fill alone (``recomputeMergedResultRows(_:)``), as SQLite's v4.
    ]]

    /// Checks the schema version and, for `readWrite`, migrates to ``currentVersion``.
    static func prepare(_ connection: PostgresConnection, access: HistoryDatabase.Access, location: String) async throws {
        switch access {
        case .readOnly:
            guard let version = try await version(connection) else {
                throw HistoryError.noHistory(location: location)
            }
            try refuseNewer(version, location: location)
            if version < oldestReadable {
                throw HistoryError.olderDatabase(path: location, found: version, supported: currentVersion)
            }
        case .readWrite:
            if let version = try await version(connection), version >= currentVersion {
                try refuseNewer(version, location: location)
                return
            }
            try await migrate(connection, location: location)
        }
    }

    /// The recorded schema version, nil when the server holds no history yet.
    static func version(_ connection: PostgresConnection) async throws -> Int? {
        let exists = try await connection.query("SELECT to_regclass('framebudget_schema') IS NOT NULL",
                                                logger: PostgresHistoryStore.logger)
        for try await present in exists.decode(Bool.self) where !present { return nil }
        let rows = try await connection.query("SELECT max(version) FROM framebudget_schema", logger: PostgresHistoryStore.logger)
        for try await version in rows.decode(Int?.self) { return version ?? 0 }
        return 0
    }

    private static func refuseNewer(_ version: Int, location: String) throws {
        if version > currentVersion {
            throw HistoryError.newerDatabase(path: location, found: version, supported: currentVersion)
        }
    }

    /// Applies the missing migrations in one transaction, under the advisory lock (a second runner waits, then
    /// finds the schema current).
    private static func migrate(_ connection: PostgresConnection, location: String) async throws {
        let logger = PostgresHistoryStore.logger
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS framebudget_schema (version INTEGER NOT NULL)", logger: logger)
            let version = try await version(connection) ?? 0
            try refuseNewer(version, location: location)
            for (index, migration) in migrations.enumerated() where index >= version {
                for statement in migration { try await connection.query(statement, logger: logger) }
                if index == 1 { try await backfillProcessRuns(connection) }
                if index == 2 { try await recomputeMergedResultRows(connection) }
                try await connection.query("INSERT INTO framebudget_schema (version) VALUES (\(index + 1))", logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Every recorded run whose document reads, with its number: what the back-fills recompute from (read whole
    /// before any update, so that no query runs while the rows are still being decoded).
    private static func storedRuns(_ connection: PostgresConnection) async throws -> [(Int64, RunResults)] {
        var stored = [(Int64, String, Data)]()
        let rows = try await connection.query("SELECT id, run_id, document FROM runs", logger: PostgresHistoryStore.logger)
        for try await (number, runID, document) in rows.decode((Int64, String, Data).self) { stored.append((number, runID, document)) }
        return stored.compactMap { number, runID, document in
            (try? ResultsFile.decode(document, path: "run \(runID)")).map { (number, $0) }
        }
    }

    /// Migration 3's back-fill: the rows of merged results recorded before it, from the pooled samples' statistics
    /// to the process runs' (``History/HistoryResultRow``), read from the stored documents.
    private static func recomputeMergedResultRows(_ connection: PostgresConnection) async throws {
        let logger = PostgresHistoryStore.logger
        for (number, run) in try await storedRuns(connection) {
            for result in run.benchmarks where result.replicates(runID: run.runID).count > 1 {
                let row = HistoryResultRow(result, runID: run.runID)
                let (lower, upper) = (row.lower ?? .nan, row.upper ?? .nan)
                try await connection.query("""
                    UPDATE results SET median = \(row.median), median_lower = NULLIF(\(lower)::float8, 'NaN'::float8),
                           median_upper = NULLIF(\(upper)::float8, 'NaN'::float8), p95 = \(row.p95), p99 = \(row.p99),
                           mean = \(row.mean)
                    WHERE run = \(number) AND benchmark_id = \(result.id)
                    """, logger: logger)
            }
        }
    }

    /// Migration 2's back-fill: the process runs of the runs recorded before it, read from the stored documents (a
    /// stored spread then rested on all the process runs its document holds for the benchmark).
    private static func backfillProcessRuns(_ connection: PostgresConnection) async throws {
        let logger = PostgresHistoryStore.logger
        for (number, run) in try await storedRuns(connection) {
            var withSpread = Set<String>()
            let ids = try await connection.query("SELECT benchmark_id FROM run_spreads WHERE run = \(number)", logger: logger)
            for try await id in ids.decode(String.self) { withSpread.insert(id) }
            let spreads = HistorySpreads.spreads(of: run).filter { withSpread.contains($0.id) }
            try await PostgresHistoryStore.storeProcessRuns(of: run, spreads: spreads, number: number, connection)
        }
    }
}
