import Foundation
import Results
import Statistics
import TextFormatting

/// How a paired comparison measures and decides.
public struct PairedSettings: Codable, Sendable, Equatable {
    /// The change that matters, as a fraction (0.02 = 2%), for single-threaded benchmarks.
    public var threshold: Double
    /// The same for benchmarks running on more than one thread (the machine's second core is shared: noisier).
    public var multithreadedThreshold: Double
    /// Per-benchmark thresholds, overriding the two above.
    public var thresholds: [String: Double]
    /// Family-wise error of the REGRESSED/IMPROVED words over the compared benchmarks and over the looks after every
    /// pair: each benchmark gets alpha / benchmarks (Bonferroni, so its verdict does not depend on the others'), spent
    /// over its looks from the minimum to the maximum pairs by a Pocock boundary (``boundary(benchmarks:)``).
    public var alpha: Double
    /// Level of the equivalence interval: "unchanged" needs it inside ±threshold (0.90 is the two one-sided tests
    /// at 5% each).
    public var equivalenceLevel: Double
    /// Power of the minimum detectable effect shown beside each verdict.
    public var power: Double
    /// Process pairs before any verdict; and the most measured for one benchmark.
    public var minimumPairs: Int
    public var maximumPairs: Int
    /// Measuring time after which no new pair starts, in seconds.
    public var maximumSeconds: Double
    /// Blocks per benchmark in each pair, and timed samples per side in a block.
    public var blocks: Int
    public var samplesPerBlock: Int
    /// Untimed samples each side runs just before its timed ones in every block, so that a timed sample starts from
    /// its own build's cache state rather than from the other build's; nil (none) in reports that do not say.
    public var warmupSamplesPerBlock: Int?
    /// Target duration of one sample, in milliseconds; nil in reports from before 29 Nov 2026, which do not say.
    public var sampleMilliseconds: Double?
    /// The sample duration the tools ask for unless told otherwise (with the default `blocks`, `samplesPerBlock`
    /// and `warmupSamplesPerBlock`: 120 timed ms a side per pair, 240 with the untimed, the timed samples of a
    /// block's two sides ~2 ms apart).
    public static let standardSampleMilliseconds = 1.0
    /// The most process pairs a comparison may be given (`--max-pairs`), and the largest threshold (1 = +100%, a
    /// doubling): the bounds the command line accepts, which a bisection's doubled pairs and split keep within.
    public static let largestMaximumPairs = 1000
    public static let largestThreshold = 1.0
    /// The untimed samples each side runs just before its timed ones in a block unless told otherwise (since 2 Dec
    /// 2026): the timed sample starts in that side's own cache state. `framebudget speedup` takes it too.
    public static let standardWarmupSamplesPerBlock = 1
    /// The CPU both workers' measuring threads were pinned to; nil when they floated (or a report from before
    /// 28 Nov 2026, which does not say).
    public var pinnedCPU: Int?
    /// Whether each worker started from its own copy of its executable; nil in reports that do not say.
    public var freshCopies: Bool?
    /// How many times each worker sets a benchmark up (its inputs and outputs at other addresses each time), moving
    /// to the next set-up at every block: a process then times its buffers' typical placement, not one draw of it.
    /// Nil or 1: one set-up (all reports before 5 Dec 2026). Used only when both builds' workers offer it.
    public var placements: Int?
    /// How many link orders of each build the process pairs ran in turn (pair i the i-th order of both: the same
    /// code with its functions laid out in another shuffled order); nil: each build as it was linked.
    public var linkOrders: Int?
    /// The share of `alpha` the boundary was computed for: ``tCalibration`` since 7 Dec 2026; nil in reports from
    /// before, whose boundary was computed for the whole α (so that pooling tells the two procedures apart).
    public var boundaryShare: Double?
    /// Whether UNCHANGED's interval is widened for the looks, as the boundary is for REGRESSED/IMPROVED
    /// (``equivalenceLevel(over:)``): true since 7 Dec 2026; nil in reports from before, whose interval was the
    /// ``equivalenceLevel`` one at every look (a change of exactly the threshold then ended UNCHANGED in up to 19% of
    /// sessions, not 5%).
    public var equivalenceOverLooks: Bool?

    public init(threshold: Double = 0.02, multithreadedThreshold: Double = 0.03, thresholds: [String: Double] = [:],
                alpha: Double = 0.01, equivalenceLevel: Double = 0.90, power: Double = 0.8, minimumPairs: Int = 3,
                maximumPairs: Int = 40, maximumSeconds: Double = 600, blocks: Int = 120, samplesPerBlock: Int = 1,
                warmupSamplesPerBlock: Int? = standardWarmupSamplesPerBlock, sampleMilliseconds: Double? = nil, pinnedCPU: Int? = nil, freshCopies: Bool? = nil,
                placements: Int? = nil, linkOrders: Int? = nil, boundaryShare: Double? = tCalibration,
                equivalenceOverLooks: Bool? = true) {
        self.threshold = threshold
        self.multithreadedThreshold = multithreadedThreshold
        self.thresholds = thresholds
        self.alpha = alpha
        self.equivalenceLevel = equivalenceLevel
        self.power = power
        self.minimumPairs = minimumPairs
        self.maximumPairs = maximumPairs
        self.maximumSeconds = maximumSeconds
        self.blocks = blocks
        self.samplesPerBlock = samplesPerBlock
        self.warmupSamplesPerBlock = warmupSamplesPerBlock
        self.sampleMilliseconds = sampleMilliseconds
        self.pinnedCPU = pinnedCPU
        self.freshCopies = freshCopies
        self.placements = placements
        self.linkOrders = linkOrders
        self.boundaryShare = boundaryShare
        self.equivalenceOverLooks = equivalenceOverLooks
    }

    /// These settings with `more` thresholds for the benchmarks that have none yet: a source of lower precedence
    /// (the command line over budgets.yaml, over what the build declares).
    public func filling(thresholds more: [String: Double]) -> PairedSettings {
        var filled = self
        filled.thresholds.merge(more) { own, _ in own }
        return filled
    }

    /// The boundary every look of every benchmark is tested at, when `benchmarks` are compared: the chance that
    /// noise crosses it at some look from the minimum to the maximum pairs is at most alpha / benchmarks.
    public func boundary(benchmarks: Int) -> PocockBoundary {
        let first = Swift.max(minimumPairs, 2)
        let familyAlpha = (boundaryShare ?? 1) * alpha / Double(Swift.max(benchmarks, 1))
        return PocockBoundary(familyAlpha: familyAlpha, looks: first...Swift.max(maximumPairs, first))
    }

    /// The level of the interval UNCHANGED needs inside ±threshold at each of `looks`. A session looks after every
    /// pair and an UNCHANGED can end it, so one look's 90% interval (two one-sided tests at 5%) is spent over the
    /// looks by a Pocock boundary, at the same t calibration as the boundary: 98.9% for looks 3…40. Then a change of
    /// exactly the threshold ends UNCHANGED in at most ~5% of sessions (3.5–5.0% at pair SD 1%, 0.7–3.3% noisier:
    /// Docs/measurements/2026-12-07-unchanged-over-looks-simulation.md), where one look's level gave up to 19%.
    /// Reports from before (``equivalenceOverLooks`` nil): ``equivalenceLevel`` itself.
    public func equivalenceLevel(over looks: ClosedRange<Int>) -> Double {
        guard equivalenceOverLooks == true else { return equivalenceLevel }
        let family = (boundaryShare ?? 1) * (1 - equivalenceLevel)
        return 1 - PocockBoundary(familyAlpha: family, looks: looks).nominalAlpha
    }

    /// The share of α the Pocock boundary is computed for. The boundary is exact for z statistics (a known
    /// variance); each look here is a t test whose variance is estimated from the 3, 4, … pairs so far, and those
    /// cross it more often: at the full α, 1.14–1.29 times α (first look 2 or 3, last 10–160, α from 0.05 to
    /// 0.01/38, 3–12 million simulated sessions a case). Computed for 0.75 α, the t tests' family rate is 0.86–0.98 α
    /// (Tests/ComparisonTests/Golden/make_paired_boundary_golden.py; Docs/measurements/
    /// 2026-12-07-paired-boundary-calibration.md). The gate's own looks are calibrated the same way
    /// (`SequentialLooks.boundaryAlpha`).
    public static let tCalibration = 0.75

    /// The threshold of a benchmark running on `threads` threads.
    public func threshold(of id: String, threads: Int) -> Double {
        thresholds[id] ?? (threads > 1 ? multithreadedThreshold : threshold)
    }
}

/// One benchmark of a paired comparison.
public struct PairedBenchmarkComparison: Codable, Sendable, Equatable {
    public var id: String
    public var threads: Int
    public var threshold: Double
    /// Over the pairs measured so far; nil before the first pair.
    public var estimate: PairedChange.Estimate?
    /// The equivalence interval of the relative change (level ``PairedSettings/equivalenceLevel``).
    public var interval: ConfidenceInterval?
    /// The α each look at this benchmark is tested at: the nominal α of the Pocock boundary that holds the family-wise
    /// α / benchmarks over all its looks.
    public var testedAlpha: Double
    public var minimumDetectableEffect: Double?
    /// Iterations per timed sample, the same on both sides, one per pair.
    public var iterationsPerSample: [Int]
    public var verdict: Verdict
    /// Why the verdict is what it is, in a few words (e.g. "interval within ±2.0%").
    public var reason: String

    public init(id: String, threads: Int, threshold: Double, estimate: PairedChange.Estimate?, interval: ConfidenceInterval?,
                testedAlpha: Double, minimumDetectableEffect: Double?, iterationsPerSample: [Int], verdict: Verdict,
                reason: String) {
        self.id = id
        self.threads = threads
        self.threshold = threshold
        self.estimate = estimate
        self.interval = interval
        self.testedAlpha = testedAlpha
        self.minimumDetectableEffect = minimumDetectableEffect
        self.iterationsPerSample = iterationsPerSample
        self.verdict = verdict
        self.reason = reason
    }
}

extension PairedBenchmarkComparison {
    /// UNCHANGED whose minimum detectable effect still exceeds its threshold: the interval is inside ±threshold, but
    /// a change of the threshold would have been seen less often than the power asks. Such a benchmark gets more
    /// pairs (the interval narrows on average, though a pair can widen it), so a run's "unchanged" comes with the power to
    /// have seen the change that matters; at the pair or time cap it stays UNCHANGED with its MDE in the row.
    public var lacksPower: Bool {
        verdict == .unchanged && (minimumDetectableEffect ?? .infinity) > threshold
    }

    /// Whether a paired session measures this benchmark in its next pair (below its caps): INCONCLUSIVE, or
    /// UNCHANGED without the power yet. REGRESSED, IMPROVED and a powered UNCHANGED are final.
    public var needsMorePairs: Bool { verdict == .inconclusive || lacksPower }
}

/// A paired comparison of two builds: what `framebudget compare --paired` and the nightly's paired check answer.
public struct PairedComparisonReport: Codable, Sendable, Equatable {
    /// What a reader of `comparison.json` tells it apart by from `compare`'s document (`framebudget-comparison`).
    public static let format = "framebudget-paired-comparison"
    /// 1: the first tagged version (7 Dec 2026); files from before carry no tag.
    public static let formatVersion = 1

    /// ``format`` and ``formatVersion`` in a written report; nil in one read from before they were written.
    public var format: String? = PairedComparisonReport.format
    public var formatVersion: Int? = PairedComparisonReport.formatVersion
    public var base: String
    public var head: String
    public var settings: PairedSettings
    public var benchmarks: [PairedBenchmarkComparison]
    /// Benchmarks that could not be paired, with the reason (frame loops, present in one build only, a worker that
    /// died measuring them).
    public var notPaired: [String: String]
    /// Process pairs started.
    public var pairsStarted: Int
    public var seconds: Double
    /// Why measuring stopped: `decided`, `pair cap`, `time cap`, `interrupted by SIGINT`…
    public var stop: String
    /// False when interrupted: the verdicts are over the pairs measured, and nothing undecided is final.
    public var complete: Bool
    public var warnings: [String]
    /// Where each regressed benchmark's time went on each side (sampling profiles of both builds), when profiled.
    public var profiles: [ProfileDifference]?
    /// The folder the profiles' files (flame graphs) are in; their paths are relative to it.
    public var profileFolder: String?
    /// The share of the machine's CPU time the hypervisor stole while each process pair measured, 0...1, in pair
    /// order (pairs whose steal could not be read are left out): a pair measured while the host took a third of the
    /// CPUs is a pair of the host's minutes, which the reader can see beside the verdicts. Absent before 3 Dec 2026.
    public var pairHostSteal: [Double]?

    public init(base: String, head: String, settings: PairedSettings, benchmarks: [PairedBenchmarkComparison],
                notPaired: [String: String], pairsStarted: Int, seconds: Double, stop: String, complete: Bool,
                warnings: [String]) {
        self.base = base
        self.head = head
        self.settings = settings
        self.benchmarks = benchmarks
        self.notPaired = notPaired
        self.pairsStarted = pairsStarted
        self.seconds = seconds
        self.stop = stop
        self.complete = complete
        self.warnings = warnings
    }

    public func count(_ verdict: Verdict) -> Int { benchmarks.filter { $0.verdict == verdict }.count }

    /// The level of the intervals UNCHANGED was judged on (``PairedSettings/equivalenceLevel(over:)``), as the
    /// benchmarks' intervals record it.
    public var testedEquivalenceLevel: Double {
        // With no interval yet (one pair, or stopped in the first), the level the session's looks would have used:
        // the plain 90% read as if UNCHANGED were judged on one look's interval.
        benchmarks.lazy.compactMap(\.interval?.level).first
            ?? settings.equivalenceLevel(over: settings.boundary(benchmarks: benchmarks.count).looks)
    }

}

/// The verdict words of a paired comparison, each a promise:
/// - **regressed** / **improved**: the change differs from zero beyond the Pocock boundary (family-wise over the
///   benchmarks and over the looks after every pair) and its estimate lies beyond the threshold, both with the
///   disturbed pairs set aside and with every pair;
/// - **unchanged**: the equivalence interval lies inside ±threshold (two one-sided tests, spent over the looks);
/// - **inconclusive**: anything else, including fewer than the minimum pairs: the session measures more.
public enum PairedVerdictRule {
    /// The change beyond the boundary and the threshold with every pair counted too. Setting pairs aside is decided
    /// on the data: at 4–7 pairs the MAD is unsteady, ordinary pairs were set aside, the interval narrowed, and a
    /// build compared with itself was called REGRESSED or IMPROVED 1.7–2.5% of the time against α = 1% (normal pairs,
    /// SD 3–5%, threshold 2%: Docs/measurements/2026-12-07-paired-set-aside-simulation.md). A change the disturbed
    /// pairs hide waits for more pairs (INCONCLUSIVE); one they would invent is never called.
    static func holdsOverEveryPair(_ estimate: PairedChange.Estimate, alpha: Double, threshold: Double) -> Bool {
        guard !estimate.disturbedPairs.isEmpty else { return true }
        let every = PairedChange.estimate(pairLogRatios: estimate.pairLogRatios, settingAside: false)
        guard let p = every.pValue else { return false }
        return p <= alpha && abs(every.relativeChange) > threshold
            && (every.relativeChange > 0) == (estimate.relativeChange > 0)
    }

    /// - Parameters:
    ///   - boundary: ``PairedSettings/boundary(benchmarks:)`` of the session (computed once: a few ms for 40 pairs,
    ///     seconds for 1000).
    ///   - equivalenceLevel: ``PairedSettings/equivalenceLevel(over:)`` of the boundary's looks (computed once too).
    public static func judge(id: String, threads: Int, estimate: PairedChange.Estimate?, iterations: [Int],
                             settings: PairedSettings, boundary: PocockBoundary,
                             equivalenceLevel: Double) -> PairedBenchmarkComparison {
        let threshold = settings.threshold(of: id, threads: threads)
        let alpha = boundary.nominalAlpha
        var comparison = PairedBenchmarkComparison(
            id: id, threads: threads, threshold: threshold, estimate: estimate,
            interval: estimate?.interval(level: equivalenceLevel), testedAlpha: alpha,
            minimumDetectableEffect: estimate?.minimumDetectableEffect(alpha: alpha, power: settings.power),
            iterationsPerSample: iterations, verdict: .inconclusive, reason: "")
        guard let estimate, estimate.pairs >= settings.minimumPairs, let interval = comparison.interval,
              let p = estimate.pValue else {
            comparison.reason = "\(estimate?.pairs ?? 0) of \(settings.minimumPairs) pairs needed"
            return comparison
        }
        let bound = String(format: "%.1f%%", threshold * 100)
        if p <= alpha && abs(estimate.relativeChange) > threshold && holdsOverEveryPair(estimate, alpha: alpha, threshold: threshold) {
            comparison.verdict = estimate.relativeChange > 0 ? .regressed : .improved
            comparison.reason = String(format: "p = %.2g ≤ %.2g and beyond ±", p, alpha) + bound
        } else if interval.lower >= -threshold && interval.upper <= threshold {
            comparison.verdict = .unchanged
            comparison.reason = "\(Percent.level(equivalenceLevel)) interval within ±" + bound
        } else if p <= alpha && abs(estimate.relativeChange) > threshold {
            comparison.reason = "a change beyond ±" + bound + " once \(estimate.disturbedPairs.count) disturbed pair(s) are set aside, "
                + "not with every pair"
        } else if p <= alpha {
            comparison.reason = "a change, not shown beyond ±" + bound
        } else if interval.lower > threshold || interval.upper < -threshold {
            // The interval shown is the equivalence one (90%); a change is held to the family-wise boundary, which
            // asks for more: say so, or the row reads as a contradiction.
            comparison.reason = "interval beyond ±" + bound + String(format: ", but p = %.2g > %.2g (family-wise)", p, alpha)
        } else {
            comparison.reason = "interval reaches beyond ±" + bound
        }
        return comparison
    }
}
