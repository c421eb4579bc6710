/// Percentile-bootstrap interval of the ratio of two medians, median(head) / median(base), or of any other
/// percentile of the two samples (numpy-linear).
///
/// The two samples are resampled independently from one seeded ``SplitMix64`` stream, so the same inputs and seed
/// give the same interval on every machine. Each replicate costs O(n + m): a resample of a sorted sample is
/// described by how often each index was drawn, and its median read from those counts.
public enum RatioBootstrap {
    public struct Estimate: Codable, Sendable, Equatable {
        /// median(head) / median(base) of the samples themselves.
        public var ratio: Double
        public var interval: ConfidenceInterval
    }

    /// - Precondition: both samples non-empty; the base median is not 0.
    public static func ratioOfMedians(
        base: [Double], head: [Double], level: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> Estimate {
        ratioOfPercentiles(base: base, head: head, percentile: 50, level: level, resamples: resamples, seed: seed)
    }

    /// The ratio of the `percentile`-th percentiles (0...100) with its interval.
    /// - Precondition: both samples non-empty; the base percentile is not 0.
    public static func ratioOfPercentiles(
        base: [Double], head: [Double], percentile q: Double, level: Double = 0.99, resamples: Int = 2000,
        seed: UInt64 = 0x5EED
    ) -> Estimate {
        precondition(!base.isEmpty && !head.isEmpty, "bootstrap of an empty sample")
        precondition(level > 0 && level < 1, "confidence level must be in (0, 1)")
        let x = base.sorted(), y = head.sorted()
        var generator = SplitMix64(seed: seed)
        var xCounts = [Int](repeating: 0, count: x.count), yCounts = [Int](repeating: 0, count: y.count)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            draw(&xCounts, using: &generator)
            draw(&yCounts, using: &generator)
            let denominator = Bootstrap.percentileOfResample(x, counts: xCounts, q: q)
            ratios.append(Bootstrap.percentileOfResample(y, counts: yCounts, q: q) / denominator)
        }
        ratios.sort()
        let tail = (1 - level) / 2 * 100
        return Estimate(
            ratio: Percentile.ofSorted(y, q) / Percentile.ofSorted(x, q),
            interval: ConfidenceInterval(
                lower: Percentile.ofSorted(ratios, tail), upper: Percentile.ofSorted(ratios, 100 - tail), level: level))
    }

    private static func draw(_ counts: inout [Int], using generator: inout SplitMix64) {
        for i in counts.indices { counts[i] = 0 }
        for _ in counts.indices { counts[generator.index(below: counts.count)] += 1 }
    }
}
