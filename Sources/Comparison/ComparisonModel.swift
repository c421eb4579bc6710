import Statistics
import TextFormatting

/// How `compare` and the regression gate decide.
public struct ComparisonSettings: Codable, Sendable, Equatable {
    /// Family-wise significance level: the chance that any benchmark of the comparison is called regressed (or
    /// improved) while nothing changed is held under alpha by Holm's adjustment of the run-level p-values.
    public var alpha: Double
    /// The user's noise threshold on the relative change; a benchmark's own noise floor may raise it
    /// (``BenchmarkComparison/noiseFloor``), never lower it.
    public var threshold: Double
    /// Confidence level of the per-benchmark intervals (1 − alpha by default).
    public var level: Double
    /// Power at which the minimum detectable effect is reported.
    public var power: Double
    public var resamples: Int
    public var seed: UInt64
    /// The percentile whose change is reported and judged: 50 (the median, default) or a low one such as 10, which
    /// ignores bursts of interference from a shared machine (they only ever add time).
    public var percentile: Double
    /// How many looks at the same benchmarks this comparison is one of (`compare --looks`: a compare after every
    /// round of the rounds recipe); nil for one. UNCHANGED's interval is spent over them (``equivalenceLevel``).
    public var looks: Int?

    /// The level of the interval UNCHANGED needs inside ±threshold: 90% (two one-sided tests at 5%) over one look,
    /// 1 − 0.10 / n over n looks (Bonferroni, as the recipe divides --alpha). A compare after every round judged
    /// each at 90%, and a change of exactly the threshold ended UNCHANGED in 9–15% of sessions (audit, 7 Dec).
    public var equivalenceLevel: Double { 1 - (1 - RunLevelDecision.equivalenceLevel) / Double(Swift.max(looks ?? 1, 1)) }

    /// The family-wise levels a comparison can honour: its intervals are at 1 − α, and below 1e-9 their quantiles
    /// (t at 1 − α/2, the bootstrap's tails) are no longer distinct from 1 in double precision; above 0.5 a call is
    /// likelier wrong than right. `compare --alpha` and `gate --regression-alpha` accept exactly this range.
    public static let alphaRange: ClosedRange<Double> = 1e-9...0.5

    public init(alpha: Double = 0.01, threshold: Double = 0.02, level: Double? = nil, power: Double = 0.8,
                resamples: Int = 2000, seed: UInt64 = 0x5EED, percentile: Double = 50, looks: Int? = nil) {
        self.looks = looks
        self.alpha = alpha
        self.threshold = threshold
        self.level = level ?? 1 - alpha
        self.power = power
        self.resamples = resamples
        self.seed = seed
        self.percentile = percentile
    }

    /// `median`, or `p10` for the 10th percentile.
    public var statisticName: String {
        percentile == 50 ? "median" : "p" + (percentile == percentile.rounded() ? String(Int(percentile)) : String(percentile))
    }
}

/// The verdict of one benchmark: by ``PairedVerdictRule`` on paired process runs (`compare-builds`, `make compare`,
/// the nightly's paired check), or by ``RunLevelDecision`` on two results files' per-run values (`compare`).
public enum Verdict: String, Codable, Sendable, CaseIterable {
    /// Faster, with the family-wise evidence, by more than the threshold (run-level: the noise floor).
    case improved
    /// Slower, with the family-wise evidence, by more than the threshold (run-level: the noise floor).
    case regressed
    /// Shown unchanged: the change's equivalence interval lies within ±threshold, never merely "no significant
    /// change".
    case unchanged
    /// The evidence cannot say (an interval that reaches beyond the threshold, too few pairs or runs, a
    /// between-run variance unknown): more process runs are needed.
    case inconclusive
}

/// The run-level test of one benchmark: head vs base on the logarithm of each process run's statistic.
public struct RunLevelTest: Codable, Sendable, Equatable {
    /// `welch` (both sides ≥ 2 runs, no history) or `pooled` (one variance from both sides and the history's prior).
    public var method: TwoSampleT.Method
    /// mean(log head) − mean(log base).
    public var difference: Double
    public var standardError: Double
    public var degreesOfFreedom: Double
    /// Two-sided p-value before the family-wise adjustment.
    public var pValue: Double
    /// Degrees of freedom contributed by the history's between-run spread; nil when no prior was used.
    @ExplicitNull public var priorDegreesOfFreedom: Double?
}

/// A counter's change, with the evidence behind it.
public struct CounterDelta: Codable, Sendable, Equatable {
    public var name: String
    /// Geometric mean over runs of the per-iteration value.
    public var base: Double
    public var head: Double
    /// head/base − 1; nil when base is 0.
    public var relativeChange: Double?
    /// Process runs measuring this counter on each side.
    public var baseRuns: Int
    public var headRuns: Int
    /// Run-level p-value, Holm-adjusted within the benchmark's counters; nil without a test (a single run per
    /// side, or a zero value).
    public var adjustedPValue: Double?
    /// True when the delta has the same kind of evidence as a timing verdict (adjusted p < α and at least 1%, or an
    /// exact counter — no spread on either side — that differs): only these are shown in reports.
    public var evidenced: Bool

    public init(name: String, base: Double, head: Double, relativeChange: Double?, baseRuns: Int = 1, headRuns: Int = 1,
                adjustedPValue: Double? = nil, evidenced: Bool = false) {
        self.name = name
        self.base = base
        self.head = head
        self.relativeChange = relativeChange
        self.baseRuns = baseRuns
        self.headRuns = headRuns
        self.adjustedPValue = adjustedPValue
        self.evidenced = evidenced
    }
}

/// One benchmark present on both sides.
public struct BenchmarkComparison: Codable, Sendable, Equatable {
    public var id: String
    /// Process runs (replicates) per side: the unit of replication.
    public var baseRuns: Int
    public var headRuns: Int
    /// Samples per side, all runs pooled.
    public var baseSamples: Int
    public var headSamples: Int
    /// Median time per iteration of all pooled samples, ns.
    public var baseMedian: Double
    public var headMedian: Double
    /// Geometric mean over runs of each run's compared statistic (``ComparisonSettings/percentile``), ns.
    public var baseStatistic: Double
    public var headStatistic: Double
    /// exp(mean log head − mean log base) − 1 of the per-run statistics (negative is faster).
    public var relativeChange: Double
    /// t interval of that change over runs at ``ComparisonSettings/level`` (not adjusted); nil without a test.
    @ExplicitNull public var interval: ConfidenceInterval?
    /// The run-level test; nil when the between-run variance is unknown (one run per side, no history).
    @ExplicitNull public var runLevel: RunLevelTest?
    /// Holm-adjusted run-level p-value over the comparison's benchmarks: what the verdict compares with α.
    @ExplicitNull public var adjustedPValue: Double?
    /// Between-run standard deviation of the log statistic (both sides pooled, with the history's prior).
    @ExplicitNull public var betweenRunSpread: Double?
    /// The threshold this benchmark is judged at: max(the user's threshold, exp(between-run SD) − 1). A change
    /// smaller than one run-to-run standard deviation of this benchmark is never called.
    public var noiseFloor: Double
    /// The smallest relative change these runs detect with ``ComparisonSettings/power`` at α (two-sided); nil
    /// without a test.
    @ExplicitNull public var minimumDetectableEffect: Double?
    /// INCONCLUSIVE: more process runs could still decide it (`compare --undecided` lists these).
    public var needsMoreRuns: Bool
    public var verdict: Verdict
    /// Informational, never decides: pooled-sample ratio of the statistic with its bootstrap interval, the
    /// Hodges–Lehmann ratio with its Moses interval and the Mann–Whitney test on all samples pooled.
    public var pooledChange: Double
    public var pooledInterval: ConfidenceInterval
    public var hodgesLehmannChange: Double
    public var hodgesLehmannInterval: ConfidenceInterval
    public var mannWhitneyPValue: Double
    public var mannWhitneyMethod: MannWhitney.Method
    /// Counters measured on both sides with their evidence, largest relative change first.
    public var counters: [CounterDelta]
    /// e.g. `instructions +12%, IPC −8%`: only evidenced counter deltas; empty when none.
    public var explanation: String
    public var notes: [String]
    /// The interval UNCHANGED is judged on (``RunLevelDecision/equivalenceInterval(_:)``, 90%), wider or narrower
    /// than ``interval``: shown for an unchanged benchmark, so that its interval is the one inside the threshold;
    /// nil without a test.
    public var equivalenceInterval: ConfidenceInterval? = nil

    /// The interval a report shows beside the change: the equivalence one for UNCHANGED (what it rests on), else
    /// ``interval``; with its level when that differs from the comparison's.
    public var shownInterval: ConfidenceInterval? { verdict == .unchanged ? equivalenceInterval ?? interval : interval }
}

/// The geometric mean of head/base ratios of the compared statistic over the compared benchmarks.
public struct GeometricMeanSummary: Codable, Sendable, Equatable {
    /// Geometric mean of the ratios − 1; nil (JSON null) when nothing was compared: the mean of no ratios is
    /// no change of 0%.
    public var relativeChange: Double?
    public var benchmarks: Int
    public var improved: Int
    public var regressed: Int
    public var unchanged: Int
    public var inconclusive: Int

    private enum CodingKeys: String, CodingKey { case relativeChange, benchmarks, improved, regressed, unchanged, inconclusive }

    /// Writes `relativeChange` as null when nothing was compared, rather than leaving the key out, so a reader of the
    /// JSON finds the field it looks for and no number in it.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(relativeChange, forKey: .relativeChange)
        try container.encode(benchmarks, forKey: .benchmarks)
        try container.encode(improved, forKey: .improved)
        try container.encode(regressed, forKey: .regressed)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(inconclusive, forKey: .inconclusive)
    }

    /// `geometric mean of <statistic> ratios +1.2% over 12 benchmarks`, or that nothing was compared; `bold` marks
    /// the change in Markdown.
    public func sentence(statistic: String, bold: Bool = false) -> String {
        guard let relativeChange else { return "nothing compared (no benchmark in common, or each left out)" }
        let change = bold ? "**\(Percent.signed(relativeChange))**" : Percent.signed(relativeChange)
        return "geometric mean of \(statistic) ratios \(change) over \(benchmarks) benchmark\(benchmarks == 1 ? "" : "s")"
    }
}

/// How the exit code controls false regressions over the whole comparison.
public struct FamilyWiseControl: Codable, Sendable, Equatable {
    /// `holm`.
    public var method: String
    /// Benchmarks in the family (those with a run-level test).
    public var tests: Int
    public var alpha: Double
    /// One line for reports: `exit code: Holm-adjusted over 12 benchmarks, family-wise α = 0.01`.
    public var description: String
}

/// Everything `compare` found; its JSON form is the `--format json` output.
public struct ComparisonReport: Codable, Sendable {
    public static let format = "framebudget-comparison"
    /// 2: run-level verdicts (runs per side, t test over runs, Holm, noise floor, MDE, inconclusive).
    public static let formatVersion = 2

    public var format: String = ComparisonReport.format
    public var formatVersion: Int = ComparisonReport.formatVersion
    public var baseRunID: String
    public var headRunID: String
    public var baseCommit: String?
    public var headCommit: String?
    /// The machine class both sides were measured in (``Results/MachineClass``).
    public var machineClass: String?
    public var settings: ComparisonSettings
    public var familyWise: FamilyWiseControl
    public var benchmarks: [BenchmarkComparison]
    /// Ids only in head / only in base, the other side complete.
    public var added: [String]
    public var removed: [String]
    /// Ids nothing is decided about (exit 3): one side lacks them because its run was interrupted before measuring
    /// them (not removed, nor added), or a side has no positive sample of them. nil when there are none (and in files
    /// written before 7 Dec 2026).
    public var notMeasured: [String]? = nil
    public var summary: GeometricMeanSummary
    /// Anything that weakens the comparison (an incomplete run, one run per side, different hosts).
    public var warnings: [String]

    public var regressions: [BenchmarkComparison] { benchmarks.filter { $0.verdict == .regressed } }
    public var hasRegression: Bool { !regressions.isEmpty }
    /// No benchmark was compared (every common one left out: frame loops of two modes, no usable sample): no verdict
    /// at all, which no report may show as a pass.
    public var comparedNothing: Bool { benchmarks.isEmpty }
    public var inconclusive: [BenchmarkComparison] { benchmarks.filter { $0.verdict == .inconclusive } }
    /// Ids whose verdict more runs could still change (``BenchmarkComparison/needsMoreRuns``).
    public var undecided: [String] { benchmarks.filter(\.needsMoreRuns).map(\.id) }
}
