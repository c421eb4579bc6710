/// The sufficient statistics of the least-squares fit abs = α·rel + β, accumulated in one pass without storing pairs.
public struct FusionSums: Sendable, Equatable {
    public var pairs = 0
    public var sumX = 0.0, sumY = 0.0, sumXY = 0.0, sumX2 = 0.0
    /// What was subtracted from every relative value before it was summed (0, or the exact pass's first sample),
    /// so that the sums of a map that hardly varies hold its deviations, which do not cancel in n·Σx² − (Σx)².
    public var shift = 0.0
    /// The smallest and largest relative value among the pairs, when they were added one at a time
    /// (``OptimizedFusion``'s exact pass); nil from the vector passes, which do not track them.
    public var relativeRange: ClosedRange<Float>?

    public init() {}

    /// The document's closed form, evaluated in Double (the sums of ~40 000 pairs lose digits in Float, and
    /// n·Σx² − (Σx)² cancels). The document's degenerate fallback (1, 0) when the relative values do not vary
    /// beyond Float rounding: judged on ``relativeRange`` when known, else on the variance
    /// (``FusionFit/isDegenerate(determinant:pairs:sumX:)``).
    public func solve() -> (alpha: Float, beta: Float) {
        let n = Double(pairs)
        let denom = n * sumX2 - sumX * sumX
        let constant = relativeRange.map { FusionFit.isWithinRounding($0, mean: shift + sumX / n) || abs(denom) <= 1e-10 }
        guard !(constant ?? FusionFit.isDegenerate(determinant: denom, pairs: pairs, sumX: sumX)) else { return (1.0, 0.0) }
        let alpha = (n * sumXY - sumX * sumY) / denom
        let beta = (sumY * sumX2 - sumX * sumXY) / denom - alpha * shift
        return (Float(alpha), Float(beta))
    }

    /// Whether the relative values vary too little for the vector passes' sums to tell them from a constant. Their
    /// Float lane sums (32 additions a lane, then eight lanes, before Double) carry up to ~1e-5 of the mean² into
    /// the variance, n·Σx² − (Σx)² over n², which the 4-ulp test cannot see through: a constant 2.7 map was fitted
    /// as α 0.78. Under a spread of 1% of the mean, the pairs are added again one at a time, with their range.
    public var needsExactPass: Bool {
        guard pairs > 0, relativeRange == nil else { return false }
        let n = Double(pairs), mean = sumX / n
        let variance = (n * sumX2 - sumX * sumX) / (n * n)
        return variance <= (1e-2 * mean) * (1e-2 * mean)
    }
}
