import Foundation

/// Statistics over one value per process run — the unit of replication of comparisons and gates.
///
/// On a shared VM a fresh process moves a benchmark's median by 2–4% (placement, code and stack layout, the
/// machine's regime of the moment) while one process's own interval of its median is ±0.5%: samples within a run are
/// not independent replications of "a run". Intervals here are Student-t intervals over per-run values (usually the
/// logarithm of each run's median), so they widen honestly when only a few runs are available, and they are
/// undefined with one run unless an earlier estimate of the between-run spread is supplied (``PriorSpread``).
public enum RunLevel {
    /// Mean and sample standard deviation (n − 1) of per-run values.
    public struct Spread: Codable, Sendable, Equatable {
        public var count: Int
        public var mean: Double
        /// Sample standard deviation; nil with fewer than two values.
        public var standardDeviation: Double?

        public init(_ values: [Double]) {
            count = values.count
            mean = values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
            guard values.count > 1 else { standardDeviation = nil; return }
            let m = mean
            let squares = values.reduce(0) { $0 + ($1 - m) * ($1 - m) }
            standardDeviation = (squares / Double(values.count - 1)).squareRoot()
        }
    }

    /// The Student-t interval of the mean of per-run values at `level` (two-sided).
    /// - Parameter minimumSpread: the least standard deviation a run's value can have (its own sampling error, when
    ///   known): runs that tie (a share of frames is a multiple of 1/frames) show a spread of 0, and an interval of
    ///   zero width, which two runs of 564 of 599 frames once made a FAIL that each run's own interval straddled.
    /// - Returns: nil with fewer than two values and no prior spread (the between-run variance is unknown).
    public static func meanInterval(_ values: [Double], level: Double, prior: PriorSpread? = nil,
                                    minimumSpread: Double? = nil) -> ConfidenceInterval? {
        let spread = Spread(values)
        guard var (variance, df) = pooledVariance([spread], prior: prior), spread.count > 0 else { return nil }
        if let minimumSpread { variance = max(variance, minimumSpread * minimumSpread) }
        let half = StudentT(degreesOfFreedom: df).quantile(0.5 + level / 2) * (variance / Double(spread.count)).squareRoot()
        return ConfidenceInterval(lower: spread.mean - half, upper: spread.mean + half, level: level)
    }

    /// The between-run standard deviation pooled over several groups of per-run values and an optional prior:
    /// √((Σ(nᵢ − 1)sᵢ² + ν_p s_p²) / (Σ(nᵢ − 1) + ν_p)); nil without any degree of freedom. The one implementation
    /// that comparisons (their noise floor) and budget verdicts (their evidence) report.
    public static func pooledStandardDeviation(_ groups: [Spread], prior: PriorSpread?) -> Double? {
        pooledVariance(groups, prior: prior).map { $0.variance.squareRoot() }
    }

    /// Pooled within-group variance of several groups and an optional prior, with its degrees of freedom.
    static func pooledVariance(_ groups: [Spread], prior: PriorSpread?) -> (variance: Double, df: Double)? {
        var sum = 0.0, df = 0.0
        for group in groups where group.count > 1 {
            let sd = group.standardDeviation ?? 0
            sum += Double(group.count - 1) * sd * sd
            df += Double(group.count - 1)
        }
        if let prior, prior.degreesOfFreedom > 0 {
            sum += prior.degreesOfFreedom * prior.standardDeviation * prior.standardDeviation
            df += prior.degreesOfFreedom
        }
        guard df > 0 else { return nil }
        return (sum / df, df)
    }
}

/// An earlier estimate of a benchmark's between-run standard deviation (of log per-run statistics), kept by the
/// history from replicated runs of the same machine class, with the degrees of freedom it rests on.
public struct PriorSpread: Codable, Sendable, Equatable {
    public var standardDeviation: Double
    public var degreesOfFreedom: Double

    public init(standardDeviation: Double, degreesOfFreedom: Double) {
        self.standardDeviation = standardDeviation
        self.degreesOfFreedom = degreesOfFreedom
    }
}

/// A two-sample t test of head − base on per-run values.
public struct TwoSampleT: Codable, Sendable, Equatable {
    public enum Method: String, Codable, Sendable {
        /// Welch's unequal-variance test (both sides have ≥ 2 runs, no prior): `scipy.stats.ttest_ind(equal_var=False)`.
        case welch
        /// One variance pooled from both sides (and from a prior spread from history, when given): usable with a
        /// single run on a side, since the same benchmark on the same machine class has one between-run spread.
        case pooled
    }

    /// mean(head) − mean(base).
    public var difference: Double
    public var standardError: Double
    public var degreesOfFreedom: Double
    public var statistic: Double
    /// Two-sided p-value.
    public var pValue: Double
    public var method: Method

    /// The two-sided interval of the difference at `level`.
    public func interval(level: Double) -> ConfidenceInterval {
        let half = halfWidth(level: level)
        return ConfidenceInterval(lower: difference - half, upper: difference + half, level: level)
    }

    /// Half the width of the two-sided interval at `level`.
    public func halfWidth(level: Double) -> Double {
        StudentT(degreesOfFreedom: degreesOfFreedom).quantile(0.5 + level / 2) * standardError
    }

    /// The smallest true difference this design detects with probability `power` in a two-sided test at
    /// `alpha`: (t₁₋α/₂ + t_power) · SE, with ν degrees of freedom.
    public func minimumDetectableEffect(alpha: Double, power: Double = 0.8) -> Double {
        let t = StudentT(degreesOfFreedom: degreesOfFreedom)
        return (t.quantile(1 - alpha / 2) + t.quantile(power)) * standardError
    }

    /// Tests head against base. Welch when both sides have two runs or more and no prior is given; otherwise the
    /// pooled test (both sides' spreads and the prior's).
    /// - Returns: nil when the between-run variance is unknown (one run on each side and no prior, or an empty side).
    public static func test(base: [Double], head: [Double], prior: PriorSpread? = nil) -> TwoSampleT? {
        guard !base.isEmpty, !head.isEmpty else { return nil }
        let b = RunLevel.Spread(base), h = RunLevel.Spread(head)
        if prior == nil, let sb = b.standardDeviation, let sh = h.standardDeviation {
            return welch(b, h, sb, sh)
        }
        guard let (variance, df) = RunLevel.pooledVariance([b, h], prior: prior) else { return nil }
        let se = (variance * (1 / Double(b.count) + 1 / Double(h.count))).squareRoot()
        return make(difference: h.mean - b.mean, se: se, df: df, method: .pooled)
    }

    private static func welch(_ b: RunLevel.Spread, _ h: RunLevel.Spread, _ sb: Double, _ sh: Double) -> TwoSampleT {
        let vb = sb * sb / Double(b.count), vh = sh * sh / Double(h.count)
        let se = (vb + vh).squareRoot()
        let denominator = vb * vb / Double(b.count - 1) + vh * vh / Double(h.count - 1)
        // Both variances 0 (exact counts): any difference is certain; ν is irrelevant, keep it finite.
        let df = denominator > 0 ? (vb + vh) * (vb + vh) / denominator : Double(b.count + h.count - 2)
        return make(difference: h.mean - b.mean, se: se, df: df, method: .welch)
    }

    private static func make(difference: Double, se: Double, df: Double, method: Method) -> TwoSampleT {
        let statistic: Double
        if se > 0 { statistic = difference / se } else { statistic = difference == 0 ? 0 : (difference > 0 ? .infinity : -.infinity) }
        let p = StudentT(degreesOfFreedom: df).twoSidedPValue(statistic)
        return TwoSampleT(difference: difference, standardError: se, degreesOfFreedom: df, statistic: statistic,
                          pValue: p, method: method)
    }
}

/// Holm's step-down adjustment: controls the family-wise error rate (the chance that any of m true nulls is
/// rejected) at α when every adjusted p-value is compared with α, under any dependence between the tests.
public enum Holm {
    /// Adjusted p-values in the input order: p₍ᵢ₎ · (m − i + 1), made monotone and capped at 1.
    public static func adjust(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 1, count: m)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, pValues[index] * Double(m - rank)))
            adjusted[index] = running
        }
        return adjusted
    }
}
