import Budgets
import Foundation
import Results
import Statistics

/// Results built by hand, so every verdict boundary can be placed exactly.
enum BudgetFixtures {
    static func budget(
        _ metric: BudgetMetric = .time, statistic: Statistic = .p95, limit: Double = 1, unit: BudgetUnit = .ms,
        direction: BudgetDirection = .max, id: (String, String, String) = ("colormap", "optimized", "256x192")
    ) -> Budget {
        Budget(name: "b", hotPath: id.0, workload: id.2, variant: id.1, metric: metric, statistic: statistic,
               limit: limit, unit: unit, direction: direction, source: "test")
    }

    /// A summary whose `statistic` is `value` with the interval [lower, upper] (all in the summary's unit).
    static func summary(_ statistic: Statistic = .p95, value: Double, lower: Double, upper: Double) -> SampleSummary {
        var summary = SampleSummary.of([1, 2, 3], resamples: 10)
        summary.p95 = value; summary.p50 = value; summary.median = value; summary.mean = value; summary.max = value
        summary.p999 = value
        summary.intervals = [statistic.intervalKey: ConfidenceInterval(lower: lower, upper: upper, level: 0.95)]
        return summary
    }

    static func result(
        id: String = "colormap/optimized/256x192", statistics: SampleSummary,
        allocations: Double = 0, counted: Bool = true, peak: Int? = nil, frameLoop: FrameLoopSummary? = nil
    ) -> BenchmarkResult {
        let parts = id.split(separator: "/").map(String.init)
        return BenchmarkResult(
            id: id, hotPath: parts[0], variant: parts[1], workload: parts[2], iterationsPerSample: 1,
            samplesNanoseconds: [1, 2, 3], statistics: statistics,
            allocations: AllocationStatistics(perIteration: allocations, bytesPerIteration: 0, iterations: 100, counted: counted),
            peakResidentBytes: peak, frameLoop: frameLoop)
    }

    static func frameLoop(frameTime: SampleSummary, share: Double = 0.97, frames: Int = 600, drift: Double = 1.02) -> FrameLoopSummary {
        FrameLoopSummary(
            cadenceMilliseconds: 16.67, policy: .drop, mode: "simulated", framesOffered: frames, framesProcessed: frames,
            framesDropped: 0, deadlineMisses: 3, frameTime: frameTime, callbackLatency: frameTime, effectiveFPS: 59.5,
            shareAtOrAbove57FPS: share, driftRatio: drift, frameTimesMilliseconds: [])
    }

    /// A frame-loop result merged from process runs with these drift ratios, shares and host steal.
    static func mergedLoops(drift: [Double], share: [Double]? = nil, steal: [Double]? = nil) -> BenchmarkResult {
        let frame = summary(value: 3, lower: 2.9, upper: 3.1)
        var merged = result(id: "frame-loop/photo/drop", statistics: frame, frameLoop: frameLoop(frameTime: frame, drift: drift[0]))
        merged.replicates = drift.indices.map { index in
            var loop = frameLoop(frameTime: frame, share: share?[index] ?? 1, drift: drift[index])
            loop.driftInterval = ConfidenceInterval(lower: drift[index] * 0.8, upper: drift[index] * 1.2, level: 0.95)
            return Replicate(runID: "p\(index + 1)", firstSample: 0, sampleCount: 3, frameLoop: loop, hostSteal: steal?[index])
        }
        return merged
    }
}
