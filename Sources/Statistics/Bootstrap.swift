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

extension Bootstrap {
    /// Intervals of several order statistics and the mean from ONE set of resamples, without sorting any resample.
    ///
    /// A resample of sorted values is described by how often each index was drawn; walking those counts yields its
    /// percentiles in O(n). So each replicate costs O(n) instead of O(n log n), and all statistics share it.
    /// - Parameters:
    ///   - sorted: the sample, ascending.
    ///   - percentiles: keyed by statistic name, each a percentile in 0...100 (numpy-linear on the resample).
    ///   - includeMean: also give the interval of the mean under the name `mean`.
    /// - Returns: the interval of each statistic.
    public static func intervals(
        ofSorted sorted: [Double], percentiles: [String: Double], includeMean: Bool,
        resamples: Int = 2000, level: Double = 0.95, seed: UInt64 = 0x5EED
    ) -> [String: ConfidenceInterval] {
        precondition(!sorted.isEmpty, "bootstrap of an empty sample")
        let n = sorted.count
        let names = percentiles.keys.sorted()
        var replicates = [String: [Double]](uniqueKeysWithValues: names.map { ($0, []) })
        var means = [Double]()
        var counts = [Int](repeating: 0, count: n)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<resamples {
            for i in 0..<n { counts[i] = 0 }
            for _ in 0..<n { counts[generator.index(below: n)] += 1 }
            if includeMean {
                var sum = 0.0
                for i in 0..<n where counts[i] > 0 { sum += Double(counts[i]) * sorted[i] }
                means.append(sum / Double(n))
            }
            for name in names {
                replicates[name]!.append(percentileOfResample(sorted, counts: counts, q: percentiles[name]!))
            }
        }
        let tail = (1 - level) / 2 * 100
        func interval(_ values: [Double]) -> ConfidenceInterval {
            let ordered = values.sorted()
            return ConfidenceInterval(
                lower: Percentile.ofSorted(ordered, tail), upper: Percentile.ofSorted(ordered, 100 - tail), level: level)
        }
        var result = replicates.mapValues(interval)
        if includeMean { result["mean"] = interval(means) }
        return result
    }

    /// The q-th percentile (numpy-linear) of the resample that draws `sorted[i]` `counts[i]` times.
    static func percentileOfResample(_ sorted: [Double], counts: [Int], q: Double) -> Double {
        let h = Double(sorted.count - 1) * q / 100
        let lowerRank = Int(h.rounded(.down))
        let fraction = h - Double(lowerRank)
        // Value at rank r of the resample: the index where cumulative counts first exceed r.
        var cumulative = 0, index = 0
        while cumulative + counts[index] <= lowerRank { cumulative += counts[index]; index += 1 }
        let lowerValue = sorted[index]
        guard fraction > 0 else { return lowerValue }
        var upperIndex = index
        if cumulative + counts[index] <= lowerRank + 1 {
            upperIndex += 1
            while upperIndex < sorted.count && counts[upperIndex] == 0 { upperIndex += 1 }
        }
        let upperValue = sorted[Swift.min(upperIndex, sorted.count - 1)]
        return lowerValue + fraction * (upperValue - lowerValue)
    }
}
