/// A two-sided confidence interval around a point estimate.
public struct ConfidenceInterval: Codable, Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    /// Confidence level, e.g. 0.95.
    public var level: Double

    public init(lower: Double, upper: Double, level: Double) {
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}

/// Percentile bootstrap (Efron): resample with replacement, take the statistic, read the interval from the
/// empirical distribution of the resampled statistics. Seeded, so the same input gives the same interval.
public enum Bootstrap {
    /// Confidence interval of a statistic of one sample.
    /// - Parameters:
    ///   - values: the sample (at least 1 value).
    ///   - resamples: bootstrap replicates (1000–10000 is usual).
    ///   - level: confidence level in (0, 1).
    ///   - seed: generator seed; same seed, same interval.
    ///   - statistic: computed on each sorted resample.
    /// - Returns: the percentile interval. Time: O(resamples · n log n).
    public static func interval(
        of values: [Double],
        resamples: Int = 2000,
        level: Double = 0.95,
        seed: UInt64 = 0x5EED,
        statistic: ([Double]) -> Double
    ) -> ConfidenceInterval {
        precondition(!values.isEmpty, "bootstrap of an empty sample")
        precondition(level > 0 && level < 1, "confidence level must be in (0, 1)")
        var generator = SplitMix64(seed: seed)
        var replicates = [Double]()
        replicates.reserveCapacity(resamples)
        var resample = [Double](repeating: 0, count: values.count)
        for _ in 0..<resamples {
            for i in resample.indices { resample[i] = values[generator.index(below: values.count)] }
            resample.sort()
            replicates.append(statistic(resample))
        }
        replicates.sort()
        let tail = (1 - level) / 2 * 100
        return ConfidenceInterval(
            lower: Percentile.ofSorted(replicates, tail),
            upper: Percentile.ofSorted(replicates, 100 - tail),
            level: level)
    }
}
