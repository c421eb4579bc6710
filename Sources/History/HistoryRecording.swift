import Foundation
import GRDB
import Results

extension HistoryDatabase {
    /// Records a run in one transaction: its row (with the whole results document) and one row per benchmark.
    /// - Parameters:
    ///   - document: the results JSON as read (stored as is, raw samples included); encoded from `run` when nil.
    ///   - branch: the git branch the run measured, for baseline look-ups by branch.
    ///   - insideTransaction: test hook called after every insert, before the commit (a crash test pauses there).
    ///   - afterCommit: called with the run's number once it is committed, before the checkpoint that may wait up to
    ///     the busy timeout for readers: a stop meanwhile can say that the run is recorded (its retry is refused).
    /// - Returns: the run's number in the database.
    /// - Throws: ``HistoryError/alreadyRecorded(runID:)`` when the run id is present, and
    ///   ``HistoryError/processRunsAlreadyRecorded(runID:holders:)`` when every process run of it is (nothing is changed).
    /// ``record(_:document:branch:insideTransaction:afterCommit:)`` with nothing to do after the commit (the store's
    /// requirement).
    @discardableResult
    public func record(_ run: RunResults, document: Data? = nil, branch: String? = nil,
                       insideTransaction: @escaping @Sendable () -> Void = {}) throws -> Int64 {
        try record(run, document: document, branch: branch, insideTransaction: insideTransaction, afterCommit: { _ in })
    }

    @discardableResult
    public func record(
        _ run: RunResults, document: Data? = nil, branch: String? = nil, insideTransaction: @escaping @Sendable () -> Void = {},
        afterCommit: @escaping @Sendable (Int64) -> Void
    ) throws -> Int64 {
        let bytes = try document ?? ResultsFile.encode(run)
        let environment = String(decoding: try ResultsFile.encoder().encode(run.environment), as: UTF8.self)
        let stamp = ISO8601DateFormatter()
        guard let pool else { throw HistoryError.unwritable(path: path, reason: "opened for reading only") }
        do {
            return try pool.writeWithoutTransaction { db in
                var number: Int64 = 0
                try db.inTransaction(.immediate) {
                    if let stored = try Data.fetchOne(db, sql: "SELECT document FROM runs WHERE run_id = ?", arguments: [run.runID]) {
                        throw HistoryError.recordedAgain(run, stored: stored)
                    }
                    try db.execute(sql: """
                        INSERT INTO runs (run_id, started_at, finished_at, recorded_at, complete, git_commit, git_branch,
                                          git_dirty, hostname, cpu_model, build_configuration, environment_json, document)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [
                            run.runID, stamp.string(from: run.startedAt), run.finishedAt.map { stamp.string(from: $0) },
                            stamp.string(from: Date()), run.complete, run.environment.gitCommit, branch,
                            run.environment.gitDirty, run.environment.hostname, run.environment.cpuModel,
                            run.environment.buildConfiguration, environment, bytes,
                        ])
                    number = db.lastInsertedRowID
                    let onRecord = try Self.processRunsOnRecord(ProcessRunsOnRecord.processRunIDs(of: run), db: db)
                    if onRecord.holdsAll(of: run) {
                        throw HistoryError.processRunsAlreadyRecorded(runID: run.runID, holders: onRecord.holders)
                    }
                    insideTransaction()
                    for result in run.benchmarks { try Self.insert(HistoryResultRow(result, runID: run.runID), id: result.id, run: number, db: db) }
                    try HistorySpreads.store(run, number: number, excluding: onRecord.counted, db: db)
                    insideTransaction()
                    return .commit
                }
                // The run is committed. Leave it (and every earlier one) in the database file itself, the WAL empty:
                // SQLite would do so only when this is the last connection to close, and a reader that keeps the
                // database open, or a kill before the close, would otherwise leave the run in the WAL alone, out of
                // a copy of the file and of readers that cannot use the WAL. It waits for readers in a transaction
                // (the busy timeout); if it cannot complete, the run stays recorded and the last to close checkpoints.
                afterCommit(number)
                _ = try? db.checkpoint(.truncate)
                return number
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    private static func insert(_ row: HistoryResultRow, id: String, run: Int64, db: Database) throws {
        try db.execute(sql: """
            INSERT INTO results (run, benchmark_id, samples, median, median_lower, median_upper, p95, p99, mean,
                                 standard_deviation)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [run, id, row.samples, row.median, row.lower, row.upper, row.p95, row.p99, row.mean,
                             row.standardDeviation])
    }

    /// Migration v4's back-fill: the rows of merged results recorded before it, from the pooled samples' statistics
    /// to the process runs' (``HistoryResultRow``), read from the stored documents.
    static func recomputeMergedResultRows(_ db: Database) throws {
        for stored in try Row.fetchAll(db, sql: "SELECT id, run_id, document FROM runs") {
            let number: Int64 = stored["id"]
            guard let run = try? ResultsFile.decode(stored["document"], path: "run \(stored["run_id"] as String)") else { continue }
            for result in run.benchmarks where result.replicates(runID: run.runID).count > 1 {
                let row = HistoryResultRow(result, runID: run.runID)
                try db.execute(sql: """
                    UPDATE results SET median = ?, median_lower = ?, median_upper = ?, p95 = ?, p99 = ?, mean = ?
                    WHERE run = ? AND benchmark_id = ?
                    """, arguments: [row.median, row.lower, row.upper, row.p95, row.p99, row.mean, number, result.id])
            }
        }
    }
}
