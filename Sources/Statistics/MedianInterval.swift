import Foundation

/// A distribution-free confidence interval for the median: the order statistics x₍k₎ and x₍n−k+1₎, with k the
/// largest rank at which P(Binomial(n, ½) ≤ k − 1) ≤ (1 − level)/2. Its coverage is at least `level` for any
/// continuous distribution (the number of values below the true median is Binomial(n, ½)), so it holds for
/// skewed, heavy-tailed timing ratios where a t interval would not.
public enum MedianInterval {
    /// The rank k (1-based) of the lower bound for `count` values, or nil when even the extremes cover less than
    /// `level` (fewer than 6 values at 95%).
    /// - Precondition: `level` is in (0, 1).
    public static func lowerRank(count: Int, level: Double) -> Int? {
        precondition(level > 0 && level < 1, "level \(level) outside (0, 1)")
        guard count > 0 else { return nil }
        let tail = (1 - level) / 2
        // Cumulative binomial in log space: lgamma keeps n in the thousands exact enough and never overflows.
        let n = Double(count), logHalfToN = n * log(0.5)
        var cumulative = 0.0, rank = 0
        for below in 0..<count {
            let j = Double(below)
            cumulative += exp(lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1) + logHalfToN)
            // Small tolerance: a cumulative equal to the tail in exact arithmetic must not fail on rounding.
            guard cumulative <= tail * (1 + 1e-12) else { break }
            rank = below + 1
        }
        return rank >= 1 ? rank : nil
    }

    /// The interval of the median of `values` at `level`; nil when there are too few values to reach it.
    public static func of(_ values: [Double], level: Double = 0.95) -> ConfidenceInterval? {
        guard let rank = lowerRank(count: values.count, level: level) else { return nil }
        let sorted = values.sorted()
        return ConfidenceInterval(lower: sorted[rank - 1], upper: sorted[values.count - rank], level: level)
    }

    /// The interval of the median of `values` measured in order (the block ratios of one process), widened for the
    /// dependence between neighbours: ``of(_:level:)``'s ranks assume independent values, and a drift that outlasts
    /// a block leaves neighbouring ratios alike, so that interval covers less than `level` (0.75 at a lag-one
    /// correlation of 0.6 over 200 blocks, `scripts/simulate-block-median.py`). The variance of the sample median
    /// is that of the share of values below it, so the series' long-run variance factor is that of the indicator
    /// 1{xᵢ < median} (Bartlett-weighted autocorrelations up to lag ⌊√n⌋, at least 1); the ranks are those of
    /// n / factor values, at the same share of the sorted values. Independent values keep ``of(_:level:)``'s ranks.
    /// - Returns: the interval (nil when the effective count is too small for `level`) and the factor.
    public static func ofSeries(_ values: [Double], level: Double = 0.95) -> (interval: ConfidenceInterval?, varianceFactor: Double) {
        let count = values.count
        guard count > 0 else { return (nil, 1) }
        let factor = indicatorVarianceFactor(values)
        let effective = Int((Double(count) / factor).rounded(.down))
        guard let effectiveRank = lowerRank(count: effective, level: level) else { return (nil, factor) }
        let rank = Swift.max(1, Int((Double(effectiveRank) * Double(count) / Double(effective)).rounded(.down)))
        let sorted = values.sorted()
        return (ConfidenceInterval(lower: sorted[rank - 1], upper: sorted[count - rank], level: level), factor)
    }

    /// 1 + 2 Σₖ (1 − k/(L+1)) ρₖ over k = 1…L, L = ⌊√n⌋, of the indicator of each value below the median; at least 1
    /// (a negative correlation is not counted as extra precision).
    static func indicatorVarianceFactor(_ values: [Double]) -> Double {
        let count = values.count
        guard count > 2 else { return 1 }
        let median = Descriptive.median(values)
        let below = values.map { $0 < median ? 1.0 : 0.0 }
        let mean = below.reduce(0, +) / Double(count)
        let centred = below.map { $0 - mean }
        let variance = centred.reduce(0) { $0 + $1 * $1 }
        guard variance > 0 else { return 1 }
        let lags = Int(Double(count).squareRoot())
        var factor = 1.0
        for lag in 1...Swift.max(1, Swift.min(lags, count - 1)) {
            var sum = 0.0
            for index in 0..<(count - lag) { sum += centred[index] * centred[index + lag] }
            factor += 2 * (1 - Double(lag) / Double(lags + 1)) * sum / variance
        }
        return Swift.max(1, factor)
    }
}
