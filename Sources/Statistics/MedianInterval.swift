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
}
