import Budgets
import Foundation
import Reports
import Results
import Statistics

/// A fixed run and budgets that produce every outcome: PASS (one with a thin-headroom warning), FAIL,
/// INCONCLUSIVE and MISSING, plus a frame loop and allocation budgets; some benchmarks rest on one process, others on
/// three (merged as replicates), so reports show both kinds of verdict.
enum ReportFixture {
    /// Deterministic samples spread ±`spread` around `centre` (ns), with no random generator: 100, a default run's, which
    /// bound a p95 (72 or more do).
    static func samples(_ centre: Double, spread: Double, count: Int = 100) -> [Double] {
        (0..<count).map { (index: Int) -> Double in
            let position = Double((index * 37) % count) / Double(count - 1)
            return centre * (1 + spread * (position - 0.5))
        }
    }

    static func result(_ id: String, centre: Double, spread: Double = 0.1, allocations: Double = 0,
                       sweep: Double? = nil, frameLoop: FrameLoopSummary? = nil, seconds: Double? = nil) -> BenchmarkResult {
        let parts = id.split(separator: "/").map(String.init)
        let values = samples(centre, spread: spread)
        var result = BenchmarkResult(
            id: id, hotPath: parts[0], variant: parts[1], workload: parts[2], sweepSize: sweep, iterationsPerSample: 8,
            samplesNanoseconds: values, statistics: .of(values, resamples: 200, seed: 7),
            allocations: AllocationStatistics(perIteration: allocations, bytesPerIteration: allocations * 64, iterations: 1000, counted: true),
            peakResidentBytes: 120_000_000, frameLoop: frameLoop)
        result.measurementSeconds = seconds
        return result
    }

    static func frameLoop(scale: Double = 1, share: Double = 0.975) -> FrameLoopSummary {
        let times = (0..<120).map { (frame: Int) -> Double in
            let jitter = Double((frame * 7) % 10) * 0.4
            let spike: Double = frame % 60 == 59 ? 8 : 0
            return (12.0 + jitter + spike) * scale
        }
        let summary = SampleSummary.of(times, resamples: 200, seed: 7)
        return FrameLoopSummary(
            cadenceMilliseconds: 16.67, policy: .drop, mode: "simulated", framesOffered: 120, framesProcessed: 120,
            framesDropped: 0, deadlineMisses: 2, frameTime: summary, callbackLatency: summary, effectiveFPS: 59.8,
            shareAtOrAbove57FPS: share, driftRatio: 1.01, frameTimesMilliseconds: times)
    }

    /// `result` as merged from process runs whose samples are its own scaled by `factors` (one run each), with
    /// frame loops scaled alike and these shares of frames at ≥ 57 fps.
    static func replicated(_ result: BenchmarkResult, factors: [Double], shares: [Double]? = nil,
                           steal: [Double]? = nil) -> BenchmarkResult {
        var merged = result
        let base = result.samplesNanoseconds
        merged.samplesNanoseconds = factors.flatMap { factor in base.map { $0 * factor } }
        merged.statistics = .of(merged.samplesNanoseconds, resamples: 200, seed: 7)
        merged.replicates = factors.enumerated().map { index, factor in
            let loop = result.frameLoop.map { _ in frameLoop(scale: factor, share: shares?[index] ?? 0.975) }
            return Replicate(runID: "p\(index + 1)", firstSample: index * base.count, sampleCount: base.count,
                             peakResidentBytes: result.peakResidentBytes, frameLoop: loop, hostSteal: steal?[index])
        }
        merged.notes = ["merged from \(factors.count) process runs"]
        return merged
    }

    static var run: RunResults {
        let clock = ClockInfo(source: "CLOCK_MONOTONIC_RAW", resolutionNanoseconds: 1, granularityNanoseconds: 20, overheadNanoseconds: 18)
        let environment = EnvironmentInfo(
            hostname: "bench-host", cpuModel: "Test CPU @ 3.0GHz", logicalCores: 2, frequencyGovernor: nil, virtualization: "kvm",
            kernel: "6.1", operatingSystem: "Linux", swiftVersion: "6.3.1", buildConfiguration: "release",
            gitCommit: "0123456789abcdef0123", gitDirty: false, loadAverage: [0.5], clock: clock)
        var run = RunResults(
            runID: "20261122-120000-abcdef", startedAt: Date(timeIntervalSince1970: 1_795_000_000), environment: environment,
            settings: RunSettings(samples: 40, targetSampleNanoseconds: 5e6, warmupNanoseconds: 2e8),
            warnings: ["virtual machine (kvm): expect noisier timings"])
        run.benchmarks = [
            result("colormap/reference/256x192", centre: 3_000_000),
            result("colormap/optimized/256x192", centre: 400_000, seconds: 2.5),
            result("colormap/optimized/1920x1440", centre: 930_000, spread: 0.2),
            // Three process runs each (the gate re-measured them): a FAIL needs two or more.
            replicated(result("texture-upload/optimized/256x192", centre: 1_500_000, allocations: 2), factors: [1, 1.04, 0.97]),
            // One of its processes ran while the host took 11.8% of the CPUs: the header says so.
            replicated(result("photo-frame/optimized/256x192-to-1920x1440", centre: 1_750_000, spread: 0.02), factors: [1, 1.01, 0.99],
                       steal: [0, 0.118, 0.021]),
            replicated(result("frame-loop/photo/drop", centre: 13_000_000, frameLoop: frameLoop(), seconds: 10.0004), factors: [1, 1.02, 0.99],
                       shares: [0.975, 0.94, 0.99]),
        ]
        run.complete = true
        run.finishedAt = Date(timeIntervalSince1970: 1_795_000_060)
        run.hostSteal = 0.046
        return run
    }

    static func budget(_ name: String, _ id: String, _ metric: BudgetMetric = .time, statistic: Statistic = .p95,
                       limit: Double, unit: BudgetUnit = .ms, direction: BudgetDirection = .max) -> Budget {
        let parts = id.split(separator: "/").map(String.init)
        return Budget(name: name, hotPath: parts[0], workload: parts[2], variant: parts[1], metric: metric,
                      statistic: statistic, limit: limit, unit: unit, direction: direction, source: "000 Performance Targets")
    }

    static let budgets = [
        budget("colormap-256x192-p95", "colormap/optimized/256x192", limit: 1),
        budget("colormap-1920x1440-p95", "colormap/optimized/1920x1440", limit: 1),
        budget("colormap-256x192-allocations", "colormap/optimized/256x192", .allocations, statistic: .mean, limit: 0, unit: .count),
        budget("texture-upload-256x192-p95", "texture-upload/optimized/256x192", limit: 1),
        budget("texture-upload-256x192-allocations", "texture-upload/optimized/256x192", .allocations, statistic: .mean, limit: 0, unit: .count),
        budget("photo-frame-p95", "photo-frame/optimized/256x192-to-1920x1440", limit: 2),
        budget("frame-loop-photo-frame-time-p95", "frame-loop/photo/drop", .frameTime, limit: 17.54),
        budget("frame-loop-photo-fps-share", "frame-loop/photo/drop", .fpsShare, statistic: .mean, limit: 0.95, unit: .ratio, direction: .min),
        budget("fusion-p95", "fusion/optimized/256x192-to-518x392", limit: 10),
    ]

    static func input(strict: Bool = false) -> ReportInput {
        let verdicts = BudgetEvaluator(looks: .once).evaluate(budgets, against: run)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>"
        let plots = [
            PlotImage(name: "colormap-latency", title: "colormap: latency distribution", hotPath: "colormap",
                      files: ["plots/colormap-latency.png", "plots/colormap-latency.svg"], svg: svg),
            PlotImage(name: "frame-loop-photo-drop-timeline", title: "frame-loop/photo/drop: frame-time timeline",
                      hotPath: "frame-loop", files: ["plots/frame-loop-photo-drop-timeline.png"]),
        ]
        return ReportInput(run: run, verdicts: verdicts, plots: plots, plotsNote: nil, strict: strict)
    }
}
