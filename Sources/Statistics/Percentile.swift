import Foundation

/// Percentiles by numpy's default ("linear", Hyndman & Fan type 7) definition:
/// for sorted x of size n and q in [0, 100], h = (n − 1)·q/100, result = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
public enum Percentile {
    /// The q-th percentile of already sorted values. Time: O(1).
    /// - Precondition: `sorted` is non-empty and ascending; `q` is in 0...100.
    public static func ofSorted(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "percentile of an empty sample")
        precondition((0...100).contains(q), "percentile \(q) outside 0...100")
        let h = Double(sorted.count - 1) * q / 100
        let lower = Int(h.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = h - Double(lower)
        return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
    }

    /// The q-th percentile of already sorted values by Hyndman & Fan's type 8 (numpy's "median_unbiased"): for n
    /// values, h = (n + 1/3)·q/100 + 1/3 (1-based), interpolated, clamped to the smallest and largest value. Its
    /// estimate of a tail quantile has that quantile for median whatever the distribution, where type 7's sits
    /// below it: a p95 from 20 values read near the p90.5. What the gate averages over process runs.
    /// - Precondition: `sorted` is non-empty and ascending; `q` is in 0...100.
    public static func medianUnbiasedOfSorted(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "percentile of an empty sample")
        precondition((0...100).contains(q), "percentile \(q) outside 0...100")
        let n = Double(sorted.count), h = (n + 1.0 / 3) * q / 100 + 1.0 / 3
        if h <= 1 { return sorted[0] }
        if h >= n { return sorted[sorted.count - 1] }
        let lower = Int(h.rounded(.down))  // 1-based: sorted[lower - 1]
        return sorted[lower - 1] + (h - Double(lower)) * (sorted[lower] - sorted[lower - 1])
    }

    /// The fewest values whose type-8 estimate of the q-th percentile needs no clamping to the largest value:
    /// n ≥ (1 + p) / (3 (1 − p)), p = q/100 (7 for a p90, 13 for a p95, 67 for a p99). From fewer, the estimate is
    /// the largest value, which sits below the quantile more often than not; nil for q = 100 (the max itself).
    public static func medianUnbiasedMinimumCount(_ q: Double) -> Int? {
        let p = q / 100
        guard p < 1 else { return nil }
        guard p > 0.5 else { return 1 }
        return Int(((1 + p) / (3 * (1 - p)) - 1e-9).rounded(.up))
    }

    /// The q-th percentile of unsorted values. Time: O(n log n).
    public static func of(_ values: [Double], _ q: Double) -> Double {
        ofSorted(values.sorted(), q)
    }
}

/// Descriptive statistics as free functions over samples.
public enum Descriptive {
    /// Arithmetic mean. - Precondition: non-empty.
    public static func mean(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "mean of an empty sample")
        // Kahan-compensated so that long runs of nanosecond samples do not drift.
        var sum = 0.0, compensation = 0.0
        for value in values {
            let y = value - compensation
            let t = sum + y
            compensation = (t - sum) - y
            sum = t
        }
        return sum / Double(values.count)
    }

    /// Geometric mean, exp(mean(log x)): the centre of ratios and of values compared on a log scale.
    /// - Precondition: non-empty, none ≤ 0 (a NaN gives NaN, as the arithmetic mean does).
    public static func geometricMean(_ values: [Double]) -> Double {
        precondition(!values.contains { $0 <= 0 }, "geometric mean of a value ≤ 0")
        return exp(mean(values.map(log)))
    }

    /// Sample standard deviation (n − 1 in the denominator, numpy's `ddof=1`); 0 for a single value.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let m = mean(values)
        let squares = values.reduce(0.0) { $0 + ($1 - m) * ($1 - m) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// Median (the 50th percentile, averaging the middle pair for even counts).
    public static func median(_ values: [Double]) -> Double {
        Percentile.of(values, 50)
    }

    /// Median absolute deviation, unscaled (scipy's `median_abs_deviation` with `scale=1.0`).
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let center = median(values)
        return median(values.map { abs($0 - center) })
    }
}
