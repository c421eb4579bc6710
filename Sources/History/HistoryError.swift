/// Errors of the history database. Each message names the file or reference and the problem in one line.
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    case newerDatabase(path: String, found: Int, supported: Int)
    /// The database was written by a newer framebudget whose schema changes this one does not know.
    case unknownMigrations(path: String)
    /// A reading command met a database of an older schema: reading never migrates; recording does.
    case olderDatabase(path: String, found: Int, supported: Int)
    case unusable(path: String, reason: String)
    /// The database is intact but could not be written (full disk, read-only file or file system, I/O error).
    case unwritable(path: String, reason: String)
    case alreadyRecorded(runID: String)
    case unknownRun(reference: String)
    case noBaseline(reference: String, reason: String)
    case unknownBenchmark(id: String)

    public var description: String {
        switch self {
        case let .newerDatabase(path, found, supported):
            return "\(path): history database schema version \(found) is newer than this framebudget handles (\(supported)); "
                + "upgrade framebudget (the database was not modified)"
        case let .unknownMigrations(path):
            return "\(path): history database was written by a newer framebudget (schema changes this one does not know); "
                + "upgrade framebudget (the database was not modified)"
        case let .olderDatabase(path, found, supported):
            return "\(path): history schema version \(found) is older than this framebudget's (\(supported)); reading commands "
                + "never migrate: record a run with this framebudget (framebudget history record) to upgrade it"
        case let .unusable(path, reason): return "\(path): not a usable history database: \(reason)"
        case let .unwritable(path, reason):
            return "\(path): cannot write the history database: \(reason) (nothing was recorded; the database is unchanged)"
        case let .alreadyRecorded(runID): return "run \(runID) is already recorded (nothing changed)"
        case let .unknownRun(reference): return "no recorded run '\(reference)' (see 'framebudget history list')"
        case let .noBaseline(reference, reason): return "baseline '\(reference)': \(reason)"
        case let .unknownBenchmark(id): return "no recorded results for benchmark '\(id)' (see 'framebudget history list')"
        }
    }
}
