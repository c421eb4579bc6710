import Comparison
import Foundation
import Results
import TextFormatting

/// One comparison the bisection made: a commit against GOOD (or the culprit against its parent).
public struct BisectStep: Codable, Sendable, Equatable {
    /// `verify` (BAD against GOOD), `search` (a midpoint against GOOD), `adjacent` (the last bad candidate against
    /// the undecided one before it) or `culprit` (against its parent).
    public enum Role: String, Codable, Sendable { case verify, search, adjacent, culprit }

    public var role: Role
    public var commit: BisectCommit
    /// The sha it was compared against.
    public var base: String
    /// nil when the commit was skipped.
    public var measurement: BisectMeasurement?
    /// Comparisons made (more than 1 when INCONCLUSIVE was measured again).
    public var attempts: Int
    /// Why the commit was skipped (it does not build, or cannot run the benchmark).
    public var skipped: String?
    /// A search step's answer (nil on verify and culprit steps, and when skipped).
    public var answer: SearchAnswer?
    /// True when this step is an earlier step's comparison again (the same two builds, the same question) under
    /// another role: one measurement, not a second confirmation. nil otherwise.
    public var reused: Bool?

    public init(role: Role, commit: BisectCommit, base: String, measurement: BisectMeasurement?, attempts: Int,
                skipped: String? = nil, answer: SearchAnswer? = nil) {
        self.role = role
        self.commit = commit
        self.base = base
        self.measurement = measurement
        self.attempts = attempts
        self.skipped = skipped
        self.answer = answer
    }
}

/// What a search step says of its midpoint, in git bisect's words rather than a verdict's: "unchanged" promises an
/// interval within the usual threshold, while a search step only asks which side of the split the midpoint is on.
public enum SearchAnswer: String, Codable, Sendable {
    /// It has BAD's regression (REGRESSED at the split): the regression is at or before it.
    case bad
    /// It has not (its interval lies wholly below the split): the regression is after it.
    case good
    /// The interval straddles the split.
    case undecided
}

/// What a bisection found, with every step it took; written as the bisection's JSON result.
public struct BisectResult: Codable, Sendable, Equatable {
    /// How the bisection ended; each has its exit status.
    public enum Outcome: String, Codable, Sendable {
        /// The first regressed commit is named (exit 0).
        case found
        /// BAD is UNCHANGED or IMPROVED against GOOD: there is no regression to find (exit 1).
        case notRegressed = "not regressed"
        /// BAD against GOOD stayed INCONCLUSIVE, or the search could not narrow the range below one commit (exit 3).
        case inconclusive
        /// GOOD or BAD does not build, or cannot run the benchmark (exit 4).
        case buildFailure = "build failure"
        /// Stopped by SIGINT/SIGTERM: the steps completed and the range still in question (exit 130/143).
        case interrupted
    }

    public var good: BisectCommit
    public var bad: BisectCommit
    public var outcome: Outcome
    /// The first commit whose build regressed against GOOD, when found.
    public var firstRegressed: BisectCommit?
    /// That commit against its first parent.
    public var againstParent: BisectMeasurement?
    /// The commits the regression is among, oldest first: one when found, more when the search stopped early.
    public var range: [BisectCommit]
    /// Commits that do not build or cannot run the benchmark.
    public var skipped: [BisectCommit]
    public var steps: [BisectStep]
    /// One line saying what was found.
    public var summary: String
    /// Where the culprit's time went against its parent's (a differential profile of the regressed benchmark), when
    /// it was profiled; its flame graph's path is relative to the result's folder.
    public var profile: ProfileDifference?
    /// The change that split the search steps' answers (half the lower bound of BAD's change against GOOD).
    public var midpoint: MidpointThreshold?
    /// Wall time spent building revisions, and comparing builds (every step, every attempt), in seconds.
    public var buildSeconds: Double?
    public var measureSeconds: Double?

    /// The command's exit status for ``outcome``.
    public var exitStatus: Int32 {
        switch outcome {
        case .found: return 0
        case .notRegressed: return 1
        case .inconclusive: return 3
        case .buildFailure: return 4
        case .interrupted: return 130  // SIGINT's; the command exits with the signal it received
        }
    }
}

/// The bisection's text forms.
public enum BisectText {
    /// The path of steps, one line each, then the summary.
    public static func console(_ result: BisectResult) -> String {
        (result.steps.map(line) + [result.summary, split(result), time(result)].compactMap { $0 }
            + (result.profile.map(PairedComparisonText.profileConsole) ?? []))
            .joined(separator: "\n") + "\n"
    }

    /// "search steps split at +2.6% (half the lower bound of BAD's change) for <benchmark>: bad above, good below".
    static func split(_ result: BisectResult) -> String? {
        result.midpoint.map {
            "search steps split at \(percent($0.change)) (half the lower bound of BAD's change) for \($0.benchmark): "
                + "bad above, good below"
        }
    }

    /// "built for 95 s, measured for 210 s".
    static func time(_ result: BisectResult) -> String? {
        guard let built = result.buildSeconds, let measured = result.measureSeconds else { return nil }
        return String(format: "built for %.0f s, measured for %.0f s", built, measured)
    }

    /// "verify  1a2b3c4d5e subject  REGRESSED +5.1% [+4.2%, +6.0%] (benchmark, 3 pairs)", a search step's answer in
    /// place of the verdict ("search  … good +0.3% [−0.9%, +1.5%] (benchmark, 4 pairs)"), or "… skipped: <reason>".
    public static func line(_ step: BisectStep) -> String {
        let head = "\(step.role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(short(step.commit))"
        guard let measurement = step.measurement else { return "\(head)  skipped: \(step.skipped ?? "")" }
        let again = step.reused == true ? " (the comparison above, again)"
            : step.attempts > 1 ? " (\(step.attempts) attempts)" : ""
        let word = step.answer?.rawValue ?? measurement.verdict.rawValue.uppercased()
        return "\(head)  \(word) \(change(measurement))\(again)"
    }

    /// "REGRESSED +5.1% [+4.2%, +6.0%] (benchmark, 3 pairs)".
    public static func describe(_ measurement: BisectMeasurement) -> String {
        measurement.verdict.rawValue.uppercased() + " " + change(measurement)
    }

    /// "+5.1% [+4.2%, +6.0%] (benchmark, 3 pairs)" (paired mode), "+5.1% (benchmark)" (instruction counts).
    static func change(_ measurement: BisectMeasurement) -> String {
        var text = measurement.change.map(percent) ?? "no change measured"
        if let interval = measurement.interval { text += " [\(percent(interval.lower)), \(percent(interval.upper))]" }
        let pairs = measurement.pairs.map { $0 == 1 ? ", 1 pair" : ", \($0) pairs" } ?? ""
        return text + " (\(measurement.benchmark)\(pairs))"
    }

    /// "1a2b3c4d5e subject".
    public static func short(_ commit: BisectCommit) -> String { "\(commit.sha.prefix(10)) \(commit.subject)" }

    public static func json(_ result: BisectResult) throws -> String {
        String(decoding: try ResultsFile.encoder().encode(result), as: UTF8.self) + "\n"
    }

    private static func percent(_ value: Double) -> String { Percent.signed(value) }
}
