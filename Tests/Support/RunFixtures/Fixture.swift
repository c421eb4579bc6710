import Foundation
import Results
import Statistics

/// Runs built from chosen samples, so comparisons and the history are tested on known differences.
/// Shared by the test targets that need whole runs (ComparisonTests, HistoryTests).
public enum Fixture {
    public static func environment(commit: String? = "0123456789abcdef", host: String = "bench-host") -> EnvironmentInfo {
        EnvironmentInfo(
            hostname: host, cpuModel: "Test CPU", logicalCores: 2, frequencyGovernor: nil, virtualization: nil,
            kernel: "Linux 6", operatingSystem: "Debian", swiftVersion: "6.3", buildConfiguration: "release",
            gitCommit: commit, gitDirty: false, loadAverage: [0, 0, 0],
            clock: ClockInfo(source: "CLOCK_MONOTONIC", resolutionNanoseconds: 1, granularityNanoseconds: 20,
                             overheadNanoseconds: 20))
    }

    public static func result(_ id: String, _ samples: [Double], counters: [CounterReading] = []) -> BenchmarkResult {
        let parts = id.split(separator: "/").map(String.init)
        return BenchmarkResult(
            id: id, hotPath: parts[0], variant: parts[1], workload: parts[2], iterationsPerSample: 1,
            samplesNanoseconds: samples, statistics: .of(samples, resamples: 200),
            allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 10, counted: true),
            counters: counters)
    }

    /// A frame-loop benchmark's result whose loop ran in `mode` (`realtime` or `simulated`), frame times `samples`.
    public static func frameLoopResult(_ id: String, _ samples: [Double], mode: String) -> BenchmarkResult {
        var result = result(id, samples)
        let summary = SampleSummary.of(samples, resamples: 200)
        result.frameLoop = FrameLoopSummary(
            cadenceMilliseconds: 16.67, policy: .drop, mode: mode, framesOffered: samples.count, framesProcessed: samples.count,
            framesDropped: 0, deadlineMisses: 0, frameTime: summary, callbackLatency: summary, effectiveFPS: 60,
            shareAtOrAbove57FPS: 1, driftRatio: 1, frameTimesMilliseconds: samples.map { $0 / 1e6 })
        return result
    }

    public static func run(_ runID: String, _ results: [BenchmarkResult], complete: Bool = true, commit: String? = "0123456789abcdef")
        -> RunResults {
        var run = RunResults(runID: runID, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
                             environment: environment(commit: commit),
                             settings: RunSettings(samples: 50, targetSampleNanoseconds: 5e6, warmupNanoseconds: 2e8),
                             benchmarks: results)
        run.complete = complete
        return run
    }

    /// n lognormal times around `median` ns with relative spread `spread`, from a fixed seed.
    public static func times(_ n: Int, median: Double, spread: Double = 0.01, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<n).map { _ in
            let u1 = (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
            let u2 = Double(generator.next() >> 11) / 9_007_199_254_740_992
            return median * exp(spread * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
        }
    }

    /// A side merged from several process runs: each benchmark's runs concatenated, each run one replicate (with
    /// its own counters when given).
    public static func merged(_ runID: String, _ benchmarks: [(id: String, runs: [[Double]])],
                              counters: [String: [[CounterReading]]] = [:]) -> RunResults {
        run(runID, benchmarks.map { benchmark in
            var result = Fixture.result(benchmark.id, benchmark.runs.flatMap { $0 })
            var first = 0
            result.replicates = benchmark.runs.enumerated().map { index, samples in
                defer { first += samples.count }
                return Replicate(runID: "\(runID)-\(index + 1)", firstSample: first, sampleCount: samples.count,
                                 counters: counters[benchmark.id]?[index] ?? [])
            }
            return result
        })
    }

    /// `count` process runs of `samples` times each: every run at its own level (lognormal around `median` with
    /// relative spread `between`), its samples around that level with relative spread `within`.
    public static func processRuns(_ count: Int, median: Double, between: Double = 0.01, within: Double = 0.003,
                                   samples: Int = 30, seed: UInt64) -> [[Double]] {
        let levels = times(count, median: median, spread: between, seed: seed &* 7919)
        return levels.enumerated().map { index, level in
            times(samples, median: level, spread: within, seed: seed &+ UInt64(index) &* 104_729)
        }
    }
}
