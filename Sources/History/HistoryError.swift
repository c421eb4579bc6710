import TextFormatting

/// Errors of the history database. Each message names the file or reference and the problem in one line.
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    case newerDatabase(path: String, found: Int, supported: Int)
    /// The database was written by a newer framebudget whose schema changes this one does not know.
    case unknownMigrations(path: String)
    /// A reading command met a database of an older schema: reading never migrates; recording does.
    case olderDatabase(path: String, found: Int, supported: Int)
    case unusable(path: String, reason: String)
    /// A spool folder or spooled run that cannot be read (the database is not to blame).
    case unusableSpool(path: String, reason: String)
    /// The database is intact but could not be written (full disk, read-only file or file system, I/O error).
    case unwritable(path: String, reason: String)
    case alreadyRecorded(runID: String)
    /// The run id is recorded for another run (other samples): two runs named alike (a CI job's fixed `--run-id`).
    case runIDTaken(runID: String, file: String?)
    /// Every process run of the run (every benchmark's) is held by recorded runs (`holders`): a file that merges
    /// recorded runs only would be a second trend point and noise-floor count of the same measurements.
    case processRunsAlreadyRecorded(runID: String, holders: [String])
    case unknownRun(reference: String)
    case noBaseline(reference: String, reason: String)
    case unknownBenchmark(id: String)
    /// No run of the branch measured the benchmark (other branches' runs did).
    case notOnBranch(id: String, branch: String)
    /// A history server holds no history yet (reading commands never create one).
    case noHistory(location: String)
    /// A history server could not be reached (refused, unknown host, timed out): nothing was written to it.
    case serverUnreachable(location: String, reason: String)
    /// A history server was reached but refused the connection as configured (wrong password, no TLS for
    /// `sslmode=require`, no such database): nothing was written to it.
    case serverRefused(location: String, reason: String)
    /// The connection to a history server broke during an operation (the server stopped): a record in progress was
    /// rolled back by the server, so nothing of it was kept.
    case connectionLost(location: String, reason: String)

    /// True when the run's measurements are already recorded, under its run id or in other runs (nothing changed).
    public var isAlreadyRecorded: Bool {
        switch self {
        case .alreadyRecorded, .processRunsAlreadyRecorded: return true
        default: return false
        }
    }

    /// True when the record was refused for what the run is (recorded already, or its id taken by another run):
    /// bad input, with the history unchanged.
    public var isRefusedRecord: Bool {
        if case .runIDTaken = self { return true }
        return isAlreadyRecorded
    }

    /// True when the history server was not there to write to (unreachable, refused, or lost mid-operation): a
    /// run that was to be recorded is kept in the spool for later (``HistorySpool``).
    public var isServerUnavailable: Bool {
        switch self {
        case .serverUnreachable, .serverRefused, .connectionLost: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case let .newerDatabase(path, found, supported):
            return "\(path): history database schema version \(found) is newer than this \(ToolName.current) handles (\(supported)); "
                + "upgrade \(ToolName.current) (the database was not modified)"
        case let .unknownMigrations(path):
            return "\(path): history database was written by a newer \(ToolName.current) (schema changes this one does not know); "
                + "upgrade \(ToolName.current) (the database was not modified)"
        case let .olderDatabase(path, found, supported):
            return "\(path): history schema version \(found) is older than this \(ToolName.current)'s (\(supported)); reading commands "
                + "never migrate: record a run with this \(ToolName.current) (\(ToolName.current) history record) to upgrade it"
        case let .unusable(path, reason): return "\(path): not a usable history database: \(reason)"
        case let .unusableSpool(path, reason): return "\(path): \(reason) (the spool is left as it was)"
        case let .unwritable(path, reason):
            return "\(path): cannot write the history database: \(reason) (nothing was recorded; the database is unchanged)"
        case let .alreadyRecorded(runID): return "run \(runID) is already recorded (nothing changed)"
        case let .runIDTaken(runID, file):
            return "\(file.map { "\($0): " } ?? "")run id '\(runID)' is recorded for another run (other samples): nothing "
                + "changed; record this run under a run id of its own (--run-id)"
        case let .processRunsAlreadyRecorded(runID, holders):
            let names = holders.prefix(3).joined(separator: ", ") + (holders.count > 3 ? ", …" : "")
            return "run \(runID) measures nothing new: each of its process runs is already recorded (in run \(names)); nothing changed"
        case let .unknownRun(reference): return "no recorded run '\(reference)' (see '\(ToolName.current) history list')"
        case let .noBaseline(reference, reason): return "baseline '\(reference)': \(reason)"
        case let .unknownBenchmark(id): return "no recorded results for benchmark '\(id)' (see '\(ToolName.current) history list')"
        case let .notOnBranch(id, branch):
            return "no recorded run of branch '\(branch)' measured '\(id)' (see '\(ToolName.current) history list --branch \(branch)')"
        case let .noHistory(location): return "\(location): no history recorded here yet (record a run first: \(ToolName.current) history record)"
        case let .serverUnreachable(location, reason): return "\(location): cannot reach the history server: \(reason)"
        case let .serverRefused(location, reason): return "\(location): the history server refused the connection: \(reason)"
        case let .connectionLost(location, reason):
            return "\(location): the connection to the history server was lost: \(reason) (a record in progress was rolled back)"
        }
    }
}
