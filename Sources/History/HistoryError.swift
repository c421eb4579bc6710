/// Errors of the history database. Each message names the file or reference and the problem in one line.
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    case newerDatabase(path: String, found: Int, supported: Int)
    case unusable(path: String, reason: String)
    case alreadyRecorded(runID: String)
    case unknownRun(reference: String)
    case noBaseline(reference: String, reason: String)
    case unknownBenchmark(id: String)

    public var description: String {
        switch self {
        case let .newerDatabase(path, found, supported):
            return "\(path): history database schema version \(found) is newer than this framebudget handles (\(supported)); "
                + "upgrade framebudget (the database was not modified)"
        case let .unusable(path, reason): return "\(path): not a usable history database: \(reason)"
        case let .alreadyRecorded(runID): return "run \(runID) is already recorded (nothing changed)"
        case let .unknownRun(reference): return "no recorded run '\(reference)' (see 'framebudget history list')"
        case let .noBaseline(reference, reason): return "baseline '\(reference)': \(reason)"
        case let .unknownBenchmark(id): return "no recorded results for benchmark '\(id)' (see 'framebudget history list')"
        }
    }
}
