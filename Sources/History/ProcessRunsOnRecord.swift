import Foundation
import GRDB
import Results

/// What a history already holds of a run's process runs (``Results/Replicate/runID``; an unmerged run is one
/// process run under its own id), read before the run is recorded.
///
/// A process run is one measurement whichever file carries it: the run itself, a merge of it with others, a merge
/// of that merge. Recording it again under a new run id would be a second trend point of the same data, and a
/// second count of its spread in the noise floor, which pools spreads as independent evidence.
public struct ProcessRunsOnRecord: Sendable, Equatable {
    /// Per benchmark id, the run's process runs that a recorded run already holds for that benchmark.
    public var recorded: [String: Set<String>]
    /// Per benchmark id, those of them that a stored between-run spread rests on.
    public var counted: [String: Set<String>]
    /// The recorded runs that hold them, sorted.
    public var holders: [String]

    public init(recorded: [String: Set<String>] = [:], counted: [String: Set<String>] = [:], holders: [String] = []) {
        self.recorded = recorded
        self.counted = counted
        self.holders = holders
    }

    /// Each benchmark's process runs in `run`, by benchmark id.
    public static func processRuns(of run: RunResults) -> [String: [String]] {
        Dictionary(run.benchmarks.map { ($0.id, $0.replicates(runID: run.runID).map(\.runID)) }, uniquingKeysWith: { $0 + $1 })
    }

    /// The ids of every process run of `run`, sorted.
    public static func processRunIDs(of run: RunResults) -> [String] {
        Set(processRuns(of: run).values.joined()).sorted()
    }

    /// True when every benchmark's every process run of `run` is already recorded: the run adds no measurement.
    public func holdsAll(of run: RunResults) -> Bool {
        let all = Self.processRuns(of: run)
        return !all.isEmpty && all.allSatisfy { id, runs in Set(runs).isSubset(of: recorded[id] ?? []) }
    }

    /// The process runs already recorded, sorted.
    public var processRunIDs: [String] { Set(recorded.values.joined()).sorted() }

    /// Builds the answer from rows of (benchmark id, process run id, counted in a spread, holding run id).
    public init(rows: [(benchmarkID: String, processRunID: String, inSpread: Bool, holder: String)]) {
        self.init()
        for row in rows {
            recorded[row.benchmarkID, default: []].insert(row.processRunID)
            if row.inSpread { counted[row.benchmarkID, default: []].insert(row.processRunID) }
        }
        holders = Set(rows.map(\.holder)).sorted()
    }
}

extension HistoryDatabase {
    public func processRunsOnRecord(of run: RunResults) throws -> ProcessRunsOnRecord {
        try read { db in try Self.processRunsOnRecord(ProcessRunsOnRecord.processRunIDs(of: run), db: db) }
    }

    /// What the database holds of `processRunIDs` (see ``ProcessRunsOnRecord``).
    static func processRunsOnRecord(_ processRunIDs: [String], db: Database) throws -> ProcessRunsOnRecord {
        guard !processRunIDs.isEmpty else { return ProcessRunsOnRecord() }
        let marks = Array(repeating: "?", count: processRunIDs.count).joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.benchmark_id, p.process_run_id, p.in_spread, r.run_id FROM run_process_runs p JOIN runs r ON r.id = p.run
            WHERE p.process_run_id IN (\(marks))
            """, arguments: StatementArguments(processRunIDs))
        let table = "run_process_runs"
        return try ProcessRunsOnRecord(rows: rows.map {
            try ($0.checked("benchmark_id", of: table), $0.checked("process_run_id", of: table),
                 $0.checked("in_spread", of: table), $0.checked("run_id", of: "runs"))
        })
    }

    /// The `run_process_runs` rows of a run: each benchmark's process runs, marked where `spreads` rests on them.
    static func storeProcessRuns(of run: RunResults, spreads: [HistorySpreads.Spread], number: Int64, db: Database) throws {
        let inSpread = Dictionary(spreads.map { ($0.id, Set($0.processRunIDs)) }, uniquingKeysWith: { $0.union($1) })
        for (benchmarkID, processRuns) in ProcessRunsOnRecord.processRuns(of: run) {
            for processRun in Set(processRuns) {
                try db.execute(sql: """
                    INSERT OR IGNORE INTO run_process_runs (run, benchmark_id, process_run_id, in_spread) VALUES (?, ?, ?, ?)
                    """, arguments: [number, benchmarkID, processRun, inSpread[benchmarkID]?.contains(processRun) == true])
            }
        }
    }

    /// Migration v3: the process runs of the runs recorded before it, from their stored documents; a stored spread
    /// rests on all the process runs its document holds for the benchmark (as spreads were computed then).
    static func backfillProcessRuns(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, run_id, document FROM runs") {
            let number: Int64 = row["id"]
            guard let run = try? ResultsFile.decode(row["document"], path: "run \(row["run_id"] as String)") else { continue }
            let stored = Set(try String.fetchAll(db, sql: "SELECT benchmark_id FROM run_spreads WHERE run = ?", arguments: [number]))
            try storeProcessRuns(of: run, spreads: HistorySpreads.spreads(of: run).filter { stored.contains($0.id) },
                                 number: number, db: db)
        }
    }
}
