/// The sufficient statistics of the least-squares fit abs = α·rel + β, accumulated in one pass without storing pairs.
public struct FusionSums: Sendable, Equatable {
    public var pairs = 0
    public var sumX = 0.0, sumY = 0.0, sumXY = 0.0, sumX2 = 0.0

    public init() {}

    /// The document's closed form, evaluated in Double (the sums of ~40 000 pairs lose digits in Float, and
    /// n·Σx² − (Σx)² cancels). Same degenerate fallback as the document: |denominator| ≤ 1e-10 gives (1, 0).
    public func solve() -> (alpha: Float, beta: Float) {
        let n = Double(pairs)
        let denom = n * sumX2 - sumX * sumX
        guard abs(denom) > 1e-10 else { return (1.0, 0.0) }
        let alpha = (n * sumXY - sumX * sumY) / denom
        let beta = (sumY * sumX2 - sumX * sumXY) / denom
        return (Float(alpha), Float(beta))
    }
}
