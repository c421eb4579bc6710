import Foundation
import Results
import Statistics

/// The two-level decision of one benchmark: one value per process run (the log of the run's statistic), a t test
/// over runs (Welch, or pooled with the history's between-run spread), the benchmark's own noise floor, the minimum
/// detectable effect and — once the family-wise adjustment is known — the verdict.
///
/// Samples within one process share its placement, code layout and the machine's regime of the moment, so they are
/// not independent replications of a run: a verdict resting on pooled samples would mistake one process's luck for
/// an effect. Pure functions; golden-tested against scipy (Tests/ComparisonTests/Golden).
public enum RunLevelDecision {
    /// What one benchmark's runs say before the family-wise step.
    public struct Evidence: Sendable, Equatable {
        public var baseRuns: Int
        public var headRuns: Int
        /// mean(log head) − mean(log base).
        public var difference: Double
        public var test: TwoSampleT?
        /// Between-run SD of the log statistic (both sides and the prior pooled); nil when unknown.
        public var spread: Double?
        public var noiseFloor: Double
        /// Relative MDE at α with the settings' power; nil without a test.
        public var minimumDetectableEffect: Double?
    }

    /// The logarithm of each process run's statistic (`percentile` of its own finite, positive samples); runs
    /// without such a sample are left out.
    public static func perRunLogStatistics(_ result: BenchmarkResult, runID: String, percentile: Double) -> [Double] {
        result.samplesByReplicate(runID: runID).compactMap { logStatistic($0, percentile: percentile) }
    }

    /// The logarithm of one process run's statistic: `percentile` of its finite, positive samples; nil without one.
    public static func logStatistic(_ samples: ArraySlice<Double>, percentile: Double) -> Double? {
        let usable = samples.filter { $0.isFinite && $0 > 0 }
        return usable.isEmpty ? nil : log(Percentile.of(usable, percentile))
    }

    /// The evidence of per-run log statistics of both sides. `prior`: the benchmark's between-run spread from the
    /// history (same machine class), when known.
    public static func evidence(base: [Double], head: [Double], prior: PriorSpread?, settings: ComparisonSettings) -> Evidence {
        let test = TwoSampleT.test(base: base, head: head, prior: prior)
        let spread = RunLevel.pooledStandardDeviation([RunLevel.Spread(base), RunLevel.Spread(head)], prior: prior)
        let floor = noiseFloor(threshold: settings.threshold, spread: spread)
        let mde = test.map { exp($0.minimumDetectableEffect(alpha: settings.alpha, power: settings.power)) - 1 }
        let difference = mean(head) - mean(base)
        return Evidence(baseRuns: base.count, headRuns: head.count, difference: difference, test: test, spread: spread,
                        noiseFloor: floor, minimumDetectableEffect: mde)
    }

    /// max(threshold, exp(spread) − 1): a change smaller than one run-to-run standard deviation is never called.
    public static func noiseFloor(threshold: Double, spread: Double?) -> Double {
        max(threshold, spread.map { exp($0) - 1 } ?? 0)
    }

    /// The level of the interval that shows a change UNCHANGED: 90%, two one-sided tests at 5% each, as the paired
    /// rule's (`PairedSettings.equivalenceLevel`).
    public static let equivalenceLevel = 0.90

    /// The relative interval of a run-level test's change at `level` (``equivalenceLevel`` for one look).
    public static func equivalenceInterval(_ test: RunLevelTest, level: Double = equivalenceLevel) -> ConfidenceInterval {
        let t = StudentT(degreesOfFreedom: test.degreesOfFreedom).quantile(0.5 + level / 2)
        let half = t * test.standardError
        return ConfidenceInterval(lower: exp(test.difference - half) - 1, upper: exp(test.difference + half) - 1,
                                  level: level)
    }

    /// REGRESSED / IMPROVED: adjusted p < α and |d| beyond log(1 + floor). UNCHANGED only when shown: the
    /// ``equivalenceLevel`` interval of the change lies within ±`threshold` — the user's threshold, never the noise
    /// floor, which a noisy run inflates (a floor of 15% once let a real 6% slowdown pass as unchanged).
    /// INCONCLUSIVE otherwise: no test, a change beyond the floor without the evidence, or an interval too wide to
    /// tell.
    public static func verdict(difference: Double, adjustedPValue: Double?, noiseFloor: Double, alpha: Double,
                               equivalenceInterval: ConfidenceInterval?, threshold: Double) -> Verdict {
        let limit = log(1 + noiseFloor)
        guard let p = adjustedPValue else { return .inconclusive }
        if p < alpha && difference > limit { return .regressed }
        if p < alpha && difference < -limit { return .improved }
        guard let interval = equivalenceInterval, interval.lower >= -threshold, interval.upper <= threshold else {
            return .inconclusive
        }
        return .unchanged
    }

    /// The mean, NaN for none (a side with no runs compares as nothing).
    static func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : Descriptive.mean(values) }
}
