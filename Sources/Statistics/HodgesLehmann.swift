/// The Hodges–Lehmann estimate of the shift between two samples and its distribution-free (Moses) interval.
///
/// The shift is the median of all n·m differences y_j − x_i. The interval runs from the k-th smallest to the k-th
/// largest difference (order statistics counted from 1: D₍k₎ and D₍nm+1−k₎), with
/// k = ⌊n·m/2 − z_{1−α/2}·√(n·m·(n+m+1)/12)⌋ from the normal approximation of the Mann–Whitney distribution
/// (Hollander & Wolfe, §4.3); it does not assume any distribution of the samples. When k < 1 (samples too small for
/// the level) the widest interval there is, smallest to largest difference, is given.
/// Applied to logarithms of times, exp(shift) is a ratio (head/base) and the interval a ratio interval.
public enum HodgesLehmann {
    public struct Estimate: Codable, Sendable, Equatable {
        /// Median of the pairwise differences head − base.
        public var shift: Double
        public var interval: ConfidenceInterval
    }

    /// Largest n·m handled by enumerating every difference (8 MB of doubles per million).
    public static let maximumPairs = 4_000_000

    /// - Parameters:
    ///   - base: the x sample; `head`: the y sample (shift is y − x). Both non-empty, n·m ≤ ``maximumPairs``
    ///     (larger samples are thinned evenly to fit, keeping their order statistics' spread).
    ///   - level: confidence level in (0, 1).
    public static func shift(base: [Double], head: [Double], level: Double = 0.99) -> Estimate {
        precondition(!base.isEmpty && !head.isEmpty, "Hodges-Lehmann of an empty sample")
        precondition(level > 0 && level < 1, "confidence level must be in (0, 1)")
        let (x, y) = fitted(base.sorted(), head.sorted())
        var differences = [Double]()
        differences.reserveCapacity(x.count * y.count)
        for b in y { for a in x { differences.append(b - a) } }
        differences.sort()
        let nm = Double(differences.count)
        let z = NormalDistribution.quantile(1 - (1 - level) / 2)
        let raw = (nm / 2 - z * (nm * Double(x.count + y.count + 1) / 12).squareRoot()).rounded(.down)
        let count = differences.count
        let k = Swift.max(1, Swift.min(Int(raw), (count + 1) / 2))
        // `differences` is indexed from 0: the k-th smallest is [k − 1], the k-th largest [count − k].
        return Estimate(
            shift: Percentile.ofSorted(differences, 50),
            interval: ConfidenceInterval(lower: differences[k - 1], upper: differences[count - k], level: level))
    }

    /// Thins sorted samples evenly (keeping every k-th value) until n·m fits ``maximumPairs``.
    private static func fitted(_ x: [Double], _ y: [Double]) -> ([Double], [Double]) {
        guard x.count * y.count > maximumPairs else { return (x, y) }
        let factor = (Double(x.count * y.count) / Double(maximumPairs)).squareRoot()
        func thin(_ values: [Double]) -> [Double] {
            let keep = Swift.max(1, Int(Double(values.count) / factor))
            return (0..<keep).map { values[Int((Double($0) + 0.5) * Double(values.count) / Double(keep))] }
        }
        return (thin(x), thin(y))
    }
}
