import Foundation

/// The change between two builds measured in pairs: within a process pair, short blocks of samples alternate
/// between the builds (A B B A …) so a disturbance of the machine hits both; across process pairs, fresh processes
/// bring fresh address-space layouts and placements, which is the variation an interval must hold.
///
/// Level 1 (blocks): a block's log ratio is log(median head sample / median base sample). Level 2 (a process pair):
/// its estimate is the median of its blocks' log ratios, robust to the blocks where only one side was disturbed.
/// Level 3 (pairs): the change is the mean of the pair estimates, with a Student t interval over them (pairs are
/// the replicates). A pair whose estimate lies far from the others (a process that spent its life in another regime
/// of the machine) is set aside as disturbed, and the session measures another pair in its place.
public enum PairedChange {
    /// The estimate over the process pairs.
    public struct Estimate: Codable, Sendable, Equatable {
        /// Every pair's log ratio, in measurement order (disturbed ones included).
        public var pairLogRatios: [Double]
        /// Indices into ``pairLogRatios`` of the pairs set aside as disturbed.
        public var disturbedPairs: [Int]
        /// Pairs used.
        public var pairs: Int
        /// Mean log ratio of the pairs used.
        public var logChange: Double
        /// exp(logChange) − 1: +0.03 is 3% slower.
        public var relativeChange: Double
        /// Standard deviation of the used pairs' log ratios; nil under 2 pairs.
        public var standardDeviation: Double?
        /// Two-sided p of "no change" (one-sample t over the pairs); nil under 2 pairs.
        public var pValue: Double?
    }

    /// log(median(head) / median(base)) of one block.
    /// - Precondition: both sides have samples, all positive.
    public static func blockLogRatio(base: [Double], head: [Double]) -> Double {
        log(Descriptive.median(head) / Descriptive.median(base))
    }

    /// One process pair's estimate: the median of its blocks' log ratios.
    public static func pairLogRatio(blocks: [Double]) -> Double { Descriptive.median(blocks) }

    /// How far from the median, in robust standard deviations (1.4826 × MAD), a pair must lie to be set aside; and
    /// the least absolute log distance that counts (so that pairs agreeing to 0.1% are never "outliers").
    public static let disturbedDistance = 5.0
    public static let disturbedFloor = 0.01

    /// The pairs lying far from the others: only with 4 pairs or more, at most a quarter of them.
    public static func disturbedPairs(_ logRatios: [Double]) -> [Int] {
        guard logRatios.count >= 4 else { return [] }
        let median = Descriptive.median(logRatios)
        let mad = 1.4826 * Descriptive.median(logRatios.map { abs($0 - median) })
        let limit = Swift.max(disturbedDistance * mad, disturbedFloor)
        let far = logRatios.indices.filter { abs(logRatios[$0] - median) > limit }
            .sorted { abs(logRatios[$0] - median) > abs(logRatios[$1] - median) }
        return Array(far.prefix(logRatios.count / 4)).sorted()
    }

    /// The change over the pairs' log ratios, the disturbed ones set aside (`settingAside`: the rule's own use; false:
    /// every pair counts, the test a REGRESSED or IMPROVED must also pass, ``PairedVerdictRule``).
    public static func estimate(pairLogRatios: [Double], settingAside: Bool = true) -> Estimate {
        let disturbed = settingAside ? disturbedPairs(pairLogRatios) : []
        let used = pairLogRatios.indices.filter { !disturbed.contains($0) }.map { pairLogRatios[$0] }
        let mean = used.isEmpty ? 0 : used.reduce(0, +) / Double(used.count)
        var sd: Double?, p: Double?
        if used.count >= 2 {
            let variance = used.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(used.count - 1)
            sd = variance.squareRoot()
            let se = variance.squareRoot() / Double(used.count).squareRoot()
            p = se > 0 ? StudentT(degreesOfFreedom: Double(used.count - 1)).twoSidedPValue(mean / se) : (mean == 0 ? 1 : 0)
        }
        return Estimate(pairLogRatios: pairLogRatios, disturbedPairs: disturbed, pairs: used.count, logChange: mean,
                        relativeChange: exp(mean) - 1, standardDeviation: sd, pValue: p)
    }
}

extension PairedChange.Estimate {
    /// The t interval of the relative change at `level` (e.g. 0.90); nil under 2 pairs.
    public func interval(level: Double) -> ConfidenceInterval? {
        guard let sd = standardDeviation, pairs >= 2 else { return nil }
        let half = StudentT(degreesOfFreedom: Double(pairs - 1)).quantile(0.5 + level / 2) * sd / Double(pairs).squareRoot()
        return ConfidenceInterval(lower: exp(logChange - half) - 1, upper: exp(logChange + half) - 1, level: level)
    }

    /// The smallest relative change these pairs detect with `power` at two-sided `alpha` (t-based); nil under 2 pairs.
    public func minimumDetectableEffect(alpha: Double, power: Double) -> Double? {
        guard let sd = standardDeviation, pairs >= 2 else { return nil }
        let t = StudentT(degreesOfFreedom: Double(pairs - 1))
        return exp((t.quantile(1 - alpha / 2) + t.quantile(power)) * sd / Double(pairs).squareRoot()) - 1
    }
}
