import GRDB

/// The tables of the history database and their migrations.
///
/// `runs` holds one row per recorded run with its environment, git commit/branch and the whole results document
/// (raw samples included, so any later analysis can be redone); `results` holds each benchmark's statistics for
/// quick trend queries. `PRAGMA user_version` carries ``currentVersion`` so that an older framebudget refuses a
/// newer database before touching it.
enum HistorySchema {
    /// The schema version this build writes and reads.
    static let currentVersion = 4

    /// The oldest schema the reading queries work on: v3 only adds what a record reads (the process runs of each
    /// recorded run), and v4 only recomputes merged results' rows, so reading commands keep working on a v2 history
    /// until a record upgrades it.
    static let oldestReadable = 2

    static var migrator: DatabaseMigrator { migrator() }

    /// - Parameter inLastMigration: a test hook, run inside the last migration's transaction before it commits (two
    ///   processes migrating one new database at once: see ``HistoryDatabase/init(path:access:onLockWait:inLastMigration:)``).
    static func migrator(inLastMigration: (@Sendable () -> Void)? = nil) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE runs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    run_id TEXT NOT NULL UNIQUE,
                    started_at TEXT NOT NULL,
                    finished_at TEXT,
                    recorded_at TEXT NOT NULL,
                    complete INTEGER NOT NULL,
                    git_commit TEXT,
                    git_branch TEXT,
                    git_dirty INTEGER,
                    hostname TEXT NOT NULL,
                    cpu_model TEXT NOT NULL,
                    build_configuration TEXT NOT NULL,
                    environment_json TEXT NOT NULL,
                    document BLOB NOT NULL
                );
                CREATE TABLE results (
                    run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    benchmark_id TEXT NOT NULL,
                    samples INTEGER NOT NULL,
                    median REAL NOT NULL,
                    median_lower REAL,
                    median_upper REAL,
                    p95 REAL NOT NULL,
                    p99 REAL NOT NULL,
                    mean REAL NOT NULL,
                    standard_deviation REAL NOT NULL,
                    PRIMARY KEY (run, benchmark_id)
                );
                CREATE INDEX results_by_benchmark ON results(benchmark_id);
                CREATE INDEX runs_by_branch ON runs(git_branch, started_at);
                PRAGMA user_version = 1;
                """)
        }
        // v2 (issue 10): the machine class of every run, and each benchmark's between-run spread where a run held
        // several process runs, so that series, noise floors and baselines keep like with like.
        migrator.registerMigration("v2-machine-class") { db in
            try db.execute(sql: """
                ALTER TABLE runs ADD COLUMN machine_class TEXT;
                ALTER TABLE runs ADD COLUMN machine_class_hash TEXT;
                CREATE INDEX runs_by_class ON runs(machine_class_hash, started_at);
                CREATE TABLE run_spreads (
                    run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    benchmark_id TEXT NOT NULL,
                    statistic TEXT NOT NULL,
                    log_standard_deviation REAL NOT NULL,
                    degrees_of_freedom REAL NOT NULL,
                    PRIMARY KEY (run, benchmark_id, statistic)
                );
                PRAGMA user_version = 2;
                """)
            try HistorySpreads.backfill(db)
        }
        // v3: each run's process runs per benchmark, and whether its stored spread rests on them, so that a merged
        // file of recorded process runs is neither a second trend point nor a second count in the noise floor.
        migrator.registerMigration("v3-process-runs") { db in
            try db.execute(sql: """
                CREATE TABLE run_process_runs (
                    run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    benchmark_id TEXT NOT NULL,
                    process_run_id TEXT NOT NULL,
                    in_spread INTEGER NOT NULL,
                    PRIMARY KEY (run, benchmark_id, process_run_id)
                );
                CREATE INDEX run_process_runs_by_id ON run_process_runs(process_run_id);
                PRAGMA user_version = 3;
                """)
            try HistoryDatabase.backfillProcessRuns(db)
        }
        // v4: a merged result's row holds its process runs' statistics, as its reports give them, not the pooled
        // samples' (``HistoryResultRow``).
        migrator.registerMigration("v4-run-level-rows") { db in
            try HistoryDatabase.recomputeMergedResultRows(db)
            try db.execute(sql: "PRAGMA user_version = 4")
            inLastMigration?()  // keep in the last migration registered
        }
        return migrator
    }
}
