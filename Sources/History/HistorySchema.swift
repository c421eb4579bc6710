import GRDB

/// The tables of the history database and their migrations.
///
/// `runs` holds one row per recorded run with its environment, git commit/branch and the whole results document
/// (raw samples included, so any later analysis can be redone); `results` holds each benchmark's statistics for
/// quick trend queries. `PRAGMA user_version` carries ``currentVersion`` so that an older framebudget refuses a
/// newer database before touching it.
enum HistorySchema {
    /// The schema version this build writes and reads.
    static let currentVersion = 1

    static var migrator: DatabaseMigrator {
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
        return migrator
    }
}
