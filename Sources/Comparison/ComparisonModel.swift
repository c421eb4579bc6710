import Statistics

/// How `compare` and the regression gate decide.
public struct ComparisonSettings: Codable, Sendable, Equatable {
    /// Significance level of the Mann–Whitney test; a change needs p < alpha.
    public var alpha: Double
    /// Noise threshold on the relative change of the median; a change needs |head/base − 1| > threshold.
    public var threshold: Double
    /// Confidence level of the intervals (1 − alpha by default, so interval and test agree in spirit).
    public var level: Double
    public var resamples: Int
    public var seed: UInt64
    /// The percentile whose change is reported and judged: 50 (the median, default) or a low one such as 10, which
    /// ignores bursts of interference from a shared machine (they only ever add time).
    public var percentile: Double

    public init(alpha: Double = 0.01, threshold: Double = 0.02, level: Double? = nil, resamples: Int = 2000,
                seed: UInt64 = 0x5EED, percentile: Double = 50) {
        self.alpha = alpha
        self.threshold = threshold
        self.level = level ?? 1 - alpha
        self.resamples = resamples
        self.seed = seed
        self.percentile = percentile
    }

    /// `median`, or `p10` for the 10th percentile.
    public var statisticName: String {
        percentile == 50 ? "median" : "p" + (percentile == percentile.rounded() ? String(Int(percentile)) : String(percentile))
    }
}

/// improved / regressed need both significance and a change beyond the threshold; anything else is unchanged.
public enum Verdict: String, Codable, Sendable, CaseIterable {
    case improved, regressed, unchanged
}

/// A counter available on both sides, per iteration.
public struct CounterDelta: Codable, Sendable, Equatable {
    public var name: String
    public var base: Double
    public var head: Double
    /// head/base − 1; nil when base is 0.
    public var relativeChange: Double?
}

/// One benchmark present on both sides.
public struct BenchmarkComparison: Codable, Sendable, Equatable {
    public var id: String
    public var baseSamples: Int
    public var headSamples: Int
    /// Median time per iteration, ns.
    public var baseMedian: Double
    public var headMedian: Double
    /// The compared statistic (``ComparisonSettings/percentile``, the median by default), ns per iteration.
    public var baseStatistic: Double
    public var headStatistic: Double
    /// head/base − 1 of the compared statistic (negative is faster).
    public var relativeChange: Double
    /// Bootstrap interval of that ratio − 1.
    public var interval: ConfidenceInterval
    /// Hodges–Lehmann ratio exp(shift of log times) − 1, with its distribution-free interval.
    public var hodgesLehmannChange: Double
    public var hodgesLehmannInterval: ConfidenceInterval
    public var pValue: Double
    public var test: MannWhitney.Method
    public var verdict: Verdict
    /// Counters both sides measured, largest relative change first.
    public var counters: [CounterDelta]
    /// e.g. `instructions +12%, IPC −8%`; empty when no counter moved by 1% or more.
    public var explanation: String
    public var notes: [String]
}

/// The geometric mean of head/base ratios of the compared statistic over the compared benchmarks.
public struct GeometricMeanSummary: Codable, Sendable, Equatable {
    /// Geometric mean of the ratios − 1.
    public var relativeChange: Double
    public var benchmarks: Int
    public var improved: Int
    public var regressed: Int
    public var unchanged: Int
}

/// Everything `compare` found; its JSON form is the `--format json` output.
public struct ComparisonReport: Codable, Sendable {
    public static let format = "framebudget-comparison"
    public static let formatVersion = 1

    public var format: String = ComparisonReport.format
    public var formatVersion: Int = ComparisonReport.formatVersion
    public var baseRunID: String
    public var headRunID: String
    public var baseCommit: String?
    public var headCommit: String?
    public var settings: ComparisonSettings
    public var benchmarks: [BenchmarkComparison]
    /// Ids only in head / only in base.
    public var added: [String]
    public var removed: [String]
    public var summary: GeometricMeanSummary
    /// Anything that weakens the comparison (an incomplete run, different machines or builds).
    public var warnings: [String]

    public var regressions: [BenchmarkComparison] { benchmarks.filter { $0.verdict == .regressed } }
    public var hasRegression: Bool { !regressions.isEmpty }
}
