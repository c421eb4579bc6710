/// The sufficient statistics of the least-squares fit abs = α·rel + β, accumulated in one pass without storing pairs.
public struct FusionSums: Sendable, Equatable {
    public var pairs = 0
    public var sumX = 0.0, sumY = 0.0, sumXY = 0.0, sumX2 = 0.0

    public init() {}

    /// The document's closed form, evaluated in Double (the sums of ~40 000 pairs lose digits in Float, and
    /// n·Σx² − (Σx)² cancels). The document's degenerate fallback (1, 0) when the relative values do not vary
    /// beyond Float rounding (``FusionFit/isDegenerate(determinant:pairs:sumX:)``).
    public func solve() -> (alpha: Float, beta: Float) {
        let n = Double(pairs)
        let denom = n * sumX2 - sumX * sumX
        guard !FusionFit.isDegenerate(determinant: denom, pairs: pairs, sumX: sumX) else { return (1.0, 0.0) }
        let alpha = (n * sumXY - sumX * sumY) / denom
        let beta = (sumY * sumX2 - sumX * sumXY) / denom
        return (Float(alpha), Float(beta))
    }
}
