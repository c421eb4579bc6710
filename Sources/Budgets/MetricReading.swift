import Foundation
import Results
import Statistics

/// A metric read from one benchmark result, in the metric's base unit (ns, ms for frame time, bytes, ratio, count).
public struct MetricReading: Equatable, Sendable {
    public var value: Double
    /// Confidence interval of the value; nil for point estimates (p99.9, min, peak memory, a drift recorded without its interval) and exact counts.
    public var interval: ConfidenceInterval?
    /// For a statistic whose values cannot bound it — a tail (p90 and above) with no interval: a p95 from fewer than
    /// 72 values, a p99 from fewer than 368, p99.9 always; a median of fewer than 6 values — the largest value
    /// measured: the most the values can say of where the statistic lies above them, and what one process is judged
    /// by (not the point estimate between the last two values). Nil otherwise.
    public var ceiling: Double?

    public init(value: Double, interval: ConfidenceInterval?, ceiling: Double? = nil) {
        self.value = value
        self.interval = interval
        self.ceiling = ceiling
    }

    /// Reads `statistic` of `metric` from a result.
    /// - Returns: the reading, or why there is none (the verdict is then MISSING).
    public static func read(
        _ metric: BudgetMetric, statistic: Statistic, customMetric: String? = nil, from result: BenchmarkResult
    ) -> Result<MetricReading, MissingMetric> {
        switch metric {
        case .custom:
            let name = customMetric ?? ""
            guard let value = result.metrics?[name], value.isFinite else {
                // A value the run left out says why (a NaN ratio), rather than that the benchmark never reported it.
                let why = result.notes.first { $0.hasPrefix("metric '\(name)' was ") }
                return .failure(MissingMetric("\(result.id) reports no metric '\(name)'" + (why.map { " (\($0))" } ?? "")))
            }
            return .success(MetricReading(value: value, interval: nil))
        case .time:
            // A time of 0 is a broken measurement (a clock that did not move, a body optimized away), never a fast
            // one: the gate read it as PASS 0 ns where compare refuses it.
            guard result.samplesNanoseconds.isEmpty || result.samplesNanoseconds.contains(where: { $0 > 0 }) else {
                return .failure(MissingMetric("\(result.id): no sample above 0 ns, no time measured"))
            }
            return summary(result.statistics, statistic)
        case .allocations:
            if let reason = result.allocations.notCountedReason { return .failure(MissingMetric(reason)) }
            return .success(MetricReading(value: result.allocations.perIteration, interval: nil))
        case .peakMemory:
            guard let bytes = result.peakResidentBytes else { return .failure(MissingMetric("peak resident memory was not recorded")) }
            return .success(MetricReading(value: Double(bytes), interval: nil))
        case .frameTime, .fpsShare, .drift:
            guard let loop = result.frameLoop else { return .failure(MissingMetric("\(result.id) has no frame-loop summary")) }
            switch metric {
            case .frameTime: return summary(loop.frameTime, statistic)
            case .fpsShare:
                guard let share = loop.judgeableShare else {
                    return .failure(MissingMetric("\(loop.framesProcessed) frame(s) shown: no interval between frames to judge a share by"))
                }
                return .success(MetricReading(value: share, interval: Wilson.interval(share: share, trials: loop.shareTrials)))
            default:
                guard let drift = loop.judgeableDrift else {
                    return .failure(MissingMetric("\(loop.framesProcessed) frame(s) shown: a drift needs \(FrameLoopSummary.minimumDriftFrames) or more"))
                }
                return .success(MetricReading(value: drift, interval: loop.driftInterval))
            }
        }
    }

    private static func summary(_ summary: SampleSummary, _ statistic: Statistic) -> Result<MetricReading, MissingMetric> {
        let value = summary.value(of: statistic)
        guard summary.count > 0, value.isFinite else {
            return .failure(MissingMetric("no \(statistic.rawValue) was measured"))
        }
        let interval = summary.interval(of: statistic)
        // A tail the values cannot bound, or a median of too few values for an interval (2–5), is judged by the
        // largest value measured, the most the values say of where it lies above them.
        let percentile = statistic.percentile ?? 0
        let judgedByLargest = percentile >= 90 || (percentile >= 50 && summary.count < SampleSummary.minimumForCentreIntervals)
        return .success(MetricReading(value: value, interval: interval, ceiling: interval == nil && judgedByLargest ? summary.max : nil))
    }
}

/// Why a metric could not be read.
public struct MissingMetric: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension FrameLoopSummary {
    /// The trials a share of frames is judged over: its effective intervals (late frames come in runs), or every
    /// interval in files that do not record them.
    var shareTrials: Double { shareEffectiveIntervals ?? Double(Swift.max(0, framesProcessed - 1)) }
}

/// The Wilson score interval of a binomial share: the noise of "95% of frames were at ≥ 57 fps" over n frames.
public enum Wilson {
    /// 95% interval (z = 1.96); nil when there are no trials.
    public static func interval(share: Double, trials: Double, z: Double = 1.959964) -> ConfidenceInterval? {
        guard trials > 0, share.isFinite else { return nil }
        let n = Double(trials), z2 = z * z
        let centre = (share + z2 / (2 * n)) / (1 + z2 / n)
        let halfWidth = z / (1 + z2 / n) * (share * (1 - share) / n + z2 / (4 * n * n)).squareRoot()
        return ConfidenceInterval(lower: max(0, centre - halfWidth), upper: min(1, centre + halfWidth), level: 0.95)
    }
}
