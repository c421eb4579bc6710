import Foundation
import Results

/// Turns `gate --baseline <reference>` into a run: a results file, a run of the history (number or run id), or
/// the newest run recorded for a git branch or commit.
///
/// Order of interpretation: an existing file path → that results file; else, with a database: a run number or run
/// id → that run; a branch name → its newest complete run; a hex prefix of ≥ 7 characters → the newest complete run
/// of that commit. A branch or commit with only incomplete (interrupted) runs, and anything else, is
/// ``HistoryError/noBaseline(reference:reason:)``. With a machine class, a branch or commit resolves to its newest
/// complete run *of that class*; one that has runs only of other classes is refused (a baseline from another machine
/// class is never compared).
public enum BaselineResolver {
    public struct Baseline: Sendable {
        public var run: RunResults
        /// How the reference was read, e.g. `results file x.json`, `run 12 of Reports/history.sqlite`.
        public var source: String
    }

    public static func resolve(_ reference: String, database: (any HistoryStore)?, machineClass: MachineClass? = nil) throws
        -> Baseline {
        if FileManager.default.fileExists(atPath: reference) {
            return Baseline(run: try ResultsFile.read(from: reference), source: "results file \(reference)")
        }
        guard let database else {
            throw HistoryError.noBaseline(reference: reference, reason: "no such results file, and no history database given")
        }
        if let run = try? database.run(reference) {
            return Baseline(run: run, source: "run \(reference) of \(database.location)")
        }
        let hash = machineClass?.hash
        let onBranch = try database.latestCompleteRunID(branch: reference, commitPrefix: nil, machineClass: hash)
        if let runID = onBranch.runID {
            return Baseline(run: try database.run(runID), source: "newest complete run \(runID) on branch \(reference)")
        }
        try refuseOnlyIncomplete(onBranch.incomplete, of: "branch \(reference)", reference: reference)
        let isHex = reference.count >= 7 && reference.allSatisfy(\.isHexDigit)
        if isHex {
            let ofCommit = try database.latestCompleteRunID(branch: nil, commitPrefix: reference.lowercased(), machineClass: hash)
            if let runID = ofCommit.runID {
                return Baseline(run: try database.run(runID), source: "newest complete run \(runID) of commit \(reference)")
            }
            try refuseOnlyIncomplete(ofCommit.incomplete, of: "commit \(reference)", reference: reference)
        }
        if let machineClass, try database.latestRunID(branch: reference, commitPrefix: nil, machineClass: nil) != nil
            || (isHex && database.latestRunID(branch: nil, commitPrefix: reference.lowercased(), machineClass: nil) != nil) {
            throw HistoryError.noBaseline(
                reference: reference,
                reason: "recorded only in other machine classes than this run's \(machineClass); runs of another class are never compared")
        }
        throw HistoryError.noBaseline(
            reference: reference, reason: "not a results file, run number, run id, recorded branch or commit in \(database.location)")
    }

    /// The newest complete run recorded for `branch`, read as a branch name only (`history baseline-commit`, where
    /// a branch named like a run number, run id, folder or commit must not resolve to that instead).
    public static func resolve(branch: String, database: any HistoryStore) throws -> Baseline {
        let onBranch = try database.latestCompleteRunID(branch: branch, commitPrefix: nil, machineClass: nil)
        if let runID = onBranch.runID {
            return Baseline(run: try database.run(runID), source: "newest complete run \(runID) on branch \(branch)")
        }
        try refuseOnlyIncomplete(onBranch.incomplete, of: "branch \(branch)", reference: branch)
        throw HistoryError.noBaseline(reference: branch, reason: "no run of this branch in \(database.location)")
    }

    /// A branch or commit whose runs were all interrupted has no baseline: its partial numbers would decide a
    /// verdict (the docs promise incomplete runs never do). Naming the run itself still compares with it.
    private static func refuseOnlyIncomplete(_ incomplete: Int, of what: String, reference: String) throws {
        guard incomplete > 0 else { return }
        throw HistoryError.noBaseline(reference: reference, reason:
            "\(what) has only incomplete (interrupted) runs (\(incomplete)); an incomplete run is never a baseline (name its run number or id to compare with it anyway)")
    }
}
