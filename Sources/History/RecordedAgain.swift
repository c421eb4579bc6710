import Foundation
import Results

extension HistoryError {
    /// What recording `run` again means, its id already on record with the document `stored`: a retry of the same
    /// run (``alreadyRecorded(runID:)``), or another run under the same id (``runIDTaken(runID:file:)``), whose
    /// samples the history must not silently drop as "nothing changed".
    public static func recordedAgain(_ run: RunResults, stored: Data) -> HistoryError {
        guard let recorded = try? ResultsFile.decode(stored, path: "the recorded run"), !run.measuresTheSame(as: recorded) else {
            return .alreadyRecorded(runID: run.runID)
        }
        return .runIDTaken(runID: run.runID, file: nil)
    }

    /// The error naming the file the run was read from.
    public func naming(_ file: String) -> HistoryError {
        guard case let .runIDTaken(runID, _) = self else { return self }
        return .runIDTaken(runID: runID, file: file)
    }
}

extension RunResults {
    /// Whether `other` holds the same measurements: the same benchmarks with the same samples (a retry of one run,
    /// whatever its notes or annotations).
    public func measuresTheSame(as other: RunResults) -> Bool {
        let mine = Dictionary(benchmarks.map { ($0.id, $0.samplesNanoseconds) }, uniquingKeysWith: { first, _ in first })
        let theirs = Dictionary(other.benchmarks.map { ($0.id, $0.samplesNanoseconds) }, uniquingKeysWith: { first, _ in first })
        return mine == theirs
    }
}
