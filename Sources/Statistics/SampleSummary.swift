/// Everything FrameBudget reports about one sample of per-iteration times (or any positive metric).
///
/// Percentiles follow numpy's "linear" definition (``Percentile``); the standard deviation uses n − 1; the MAD is
/// unscaled. The median's and the mean's intervals are percentile bootstraps from a fixed seed; the tail quantiles'
/// (p90, p95, p99) are distribution-free order-statistic intervals (``QuantileInterval``), absent where the values
/// cannot bound them (a p99 from 100 values, a p95 from 20). Files written before 8 Dec 2026 hold bootstrap
/// intervals of the tails too, and of the max.
public struct SampleSummary: Codable, Sendable, Equatable {
    public var count: Int
    public var min: Double
    public var max: Double
    public var mean: Double
    public var standardDeviation: Double
    /// Standard deviation over mean; 0 when the mean is 0.
    public var coefficientOfVariation: Double
    public var median: Double
    public var p50: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var p999: Double
    public var medianAbsoluteDeviation: Double
    /// Intervals keyed by statistic name: `median`, `mean` (bootstrap), `p90`, `p95`, `p99` (order statistics, each
    /// absent when the values cannot bound it).
    public var intervals: [String: ConfidenceInterval]
    public var outliers: OutlierClassification

    /// The value of a statistic.
    public func value(of statistic: Statistic) -> Double {
        switch statistic {
        case .min: return min
        case .max: return max
        case .mean: return mean
        case .median, .p50: return median
        case .p90: return p90
        case .p95: return p95
        case .p99: return p99
        case .p999: return p999
        }
    }

    /// The value of a statistic named in text (`p50`, `p99.9`...), or nil for a name that is no ``Statistic``.
    public func value(of name: String) -> Double? {
        (try? Statistic(parsing: name)).map { value(of: $0) }
    }

    /// The confidence interval of a statistic, when one was computed.
    public func interval(of statistic: Statistic) -> ConfidenceInterval? {
        intervals[statistic.intervalKey]
    }
}

extension SampleSummary {
    /// Names of the statistics that can have an interval.
    public static let intervalStatistics = ["median", "mean", "p90", "p95", "p99"]

    /// The fewest values whose median and mean get an interval: the median's distribution-free interval needs 6 at
    /// 95% ([x₍₁₎, x₍₆₎] holds it with 1 − 2·0.5⁶ = 96.9%; from 5, 93.8% at most).
    public static let minimumForCentreIntervals = 6

    /// The tail quantiles whose intervals are order statistics, with their fractions.
    static let tailQuantiles: [(name: String, q: Double)] = [("p90", 0.90), ("p95", 0.95), ("p99", 0.99)]

    /// Summarizes a sample.
    /// - Parameters:
    ///   - values: at least one value.
    ///   - level: confidence level of the intervals.
    ///   - resamples: bootstrap replicates.
    ///   - seed: bootstrap seed (same seed, same intervals).
    public static func of(
        _ values: [Double], level: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> SampleSummary {
        precondition(!values.isEmpty, "summary of an empty sample")
        let sorted = values.sorted()
        let mean = Descriptive.mean(sorted)
        let sd = Descriptive.standardDeviation(sorted)
        var intervals = Bootstrap.intervals(
            ofSorted: sorted, percentiles: ["median": 50], includeMean: true, resamples: resamples, level: level, seed: seed)
        for (name, q) in tailQuantiles {
            intervals[name] = QuantileInterval.ofSorted(sorted, q: q, level: level)
        }
        if sorted.count < minimumForCentreIntervals {
            // The percentile bootstrap of 2–5 values reads about [min, max], which holds the median in 50–88% of
            // runs, not the 95% it would be labelled (verdict audit, 7 Dec): no interval is better than a wrong one.
            intervals["median"] = nil
            intervals["mean"] = nil
        }
        return SampleSummary(
            count: sorted.count, min: sorted[0], max: sorted[sorted.count - 1], mean: mean,
            standardDeviation: sd, coefficientOfVariation: mean == 0 ? 0 : sd / mean,
            median: Percentile.ofSorted(sorted, 50), p50: Percentile.ofSorted(sorted, 50),
            p90: Percentile.ofSorted(sorted, 90), p95: Percentile.ofSorted(sorted, 95),
            p99: Percentile.ofSorted(sorted, 99), p999: Percentile.ofSorted(sorted, 99.9),
            medianAbsoluteDeviation: Descriptive.medianAbsoluteDeviation(sorted),
            intervals: intervals, outliers: .tukey(sorted))
    }
}
