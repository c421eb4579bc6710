import Comparison
import Foundation

/// One commit of the bisected history.
public struct BisectCommit: Codable, Sendable, Equatable {
    public var sha: String
    public var subject: String

    public init(sha: String, subject: String) {
        self.sha = sha
        self.subject = subject
    }
}

/// What one comparison of two builds said about the bisected benchmarks.
public struct BisectMeasurement: Codable, Sendable, Equatable {
    /// REGRESSED when any bisected benchmark regressed; else INCONCLUSIVE when any is; else UNCHANGED or IMPROVED.
    public var verdict: Verdict
    /// The benchmark whose change is shown (the regressed one, when one is).
    public var benchmark: String
    /// head/base − 1 (+0.05 is 5% slower, or 5% more instructions).
    public var change: Double?
    /// The interval of the change (paired mode); nil for exact instruction counts.
    public var interval: ConfidenceIntervalBounds?
    /// The process pairs the shown benchmark's change is over (paired mode): three pairs that agree can decide a
    /// step, and the count says how much its verdict rests on. nil for instruction counts.
    public var pairs: Int?
    /// The whole paired comparison behind this measurement (every pair's ratio, the host's steal over each pair), kept
    /// beside the bisection's result; the path is relative to the result's folder. nil for instruction counts.
    public var comparison: String?

    public init(verdict: Verdict, benchmark: String, change: Double?, interval: ConfidenceIntervalBounds? = nil,
                pairs: Int? = nil, comparison: String? = nil) {
        self.verdict = verdict
        self.benchmark = benchmark
        self.change = change
        self.interval = interval
        self.pairs = pairs
        self.comparison = comparison
    }
}

/// The bounds of an interval of a relative change.
public struct ConfidenceIntervalBounds: Codable, Sendable, Equatable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

/// Why a revision gives no measurement: it does not build, or its benchmark does not run.
public struct RevisionUnavailable: Error, Sendable, Equatable {
    public var reason: String
    /// The comparison refused its input (its benchmarks or options), which no other revision would change: the
    /// bisection is refused rather than reported as a build failure.
    public var badInput: Bool

    public init(_ reason: String, badInput: Bool = false) {
        self.reason = reason
        self.badInput = badInput
    }
}

/// Builds a revision into an executable. The bisection asks for each revision at most once.
public protocol RevisionBuilding {
    /// - Returns: the path of the executable built from `commit`.
    /// - Throws: ``RevisionUnavailable`` when the revision does not build.
    func build(_ commit: String) throws(RevisionUnavailable) -> String
}

/// The change that splits a search step's two answers: a midpoint either has BAD's regression (a change near BAD's)
/// or has not (a change near none), so the step asks which side of half BAD's change (half the lower bound of its
/// interval, when it has one) it lies on, not whether it is within the usual threshold of none. Half of a 5% regression is 2.5%, a decision a few pairs make in a busy hour,
/// where "unchanged within ±2%" may stay undecided.
public struct MidpointThreshold: Codable, Sendable, Equatable {
    /// The benchmark BAD regressed.
    public var benchmark: String
    /// Half the lower bound of BAD's change against GOOD (+0.02 for a +5% [+4%, +6%] regression), at most ``largest``.
    public var change: Double
    /// The largest split: the largest threshold a comparison accepts. A regression of more than twice that (BAD ten
    /// times slower) splits there, its midpoints far above or near none either way; half its lower bound was refused
    /// by every comparison, and the search could not take a step.
    public static let largest = PairedSettings.largestThreshold

    public init(benchmark: String, change: Double) {
        self.benchmark = benchmark
        self.change = change
    }
}

/// Compares two built executables on the bisected benchmarks.
public protocol BuildComparing {
    /// `attempt` counts from 0; each higher attempt measures more (an INCONCLUSIVE step is measured again).
    /// `threshold`, on search steps: the change that counts as the regression for its benchmark (nil: the usual
    /// thresholds).
    /// - Throws: ``RevisionUnavailable`` when a build cannot run the benchmarks.
    func compare(base: String, head: String, attempt: Int, threshold: MidpointThreshold?) throws(RevisionUnavailable)
        -> BisectMeasurement
    /// Why the bisected benchmarks cannot be selected in `executable` (a pattern naming none of its benchmarks), or
    /// nil: asked of BAD's build before anything else is built or measured.
    func selectionRefusal(in executable: String) -> String?
    /// Whether a search step's `threshold` changes its answer: false for exact counts, whose every change is one.
    var splitsSearchSteps: Bool { get }
}

extension BuildComparing {
    public var splitsSearchSteps: Bool { true }
}

/// The git history a bisection walks.
public protocol CommitHistory {
    /// The full sha of a commit, branch or tag; nil when it names none.
    func resolve(_ reference: String) -> String?
    func isAncestor(_ ancestor: String, of descendant: String) -> Bool
    /// The first-parent commits after `good` up to and including `bad`, oldest first.
    func firstParentPath(from good: String, to bad: String) -> [BisectCommit]
    /// The first parent of a commit; nil for a root commit.
    func firstParent(of sha: String) -> String?
    func commit(_ sha: String) -> BisectCommit
}

/// Bad input to a bisection: one line naming the problem (exit 2).
public struct BisectRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// How far a bisection goes.
public struct BisectSettings: Codable, Sendable, Equatable {
    /// Most commits tried by the search (after the check of BAD against GOOD).
    public var maximumSteps: Int
    /// Times an INCONCLUSIVE comparison is measured again, each with more, before the search stops there.
    public var remeasures: Int

    public init(maximumSteps: Int = 32, remeasures: Int = 2) {
        self.maximumSteps = maximumSteps
        self.remeasures = remeasures
    }
}
