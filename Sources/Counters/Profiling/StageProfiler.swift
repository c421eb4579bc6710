import Foundation
import Measurement
import Results
import Statistics

/// Times each stage of a benchmark's iteration and reads counters per stage.
///
/// The stages run in order, as in the benchmark, each one timed on its own (the clock's read cost subtracted);
/// a sample averages a batch of whole iterations so even sub-microsecond stages are resolved. Counters per stage
/// come from prefix differences: counts of stages 1…k minus counts of stages 1…k−1, so every counted body runs
/// the stages in their real order.
public struct StageProfiler: Sendable {
    public var samples: Int
    public var targetSampleNanoseconds: Double
    /// Cost of one clock read, subtracted from every stage timing.
    public var clockOverheadNanoseconds: Double
    public var resamples: Int
    public var seed: UInt64
    public var counters: (any CounterProbe)?

    public init(samples: Int = 50, targetSampleNanoseconds: Double = 2_000_000, clockOverheadNanoseconds: Double = 0,
                resamples: Int = 1000, seed: UInt64 = 0x5EED, counters: (any CounterProbe)? = nil) {
        self.samples = Swift.max(samples, 1)
        self.targetSampleNanoseconds = targetSampleNanoseconds
        self.clockOverheadNanoseconds = clockOverheadNanoseconds
        self.resamples = resamples
        self.seed = seed
        self.counters = counters
    }

    /// The per-stage results, in stage order; empty when the iteration declares no stages, or when `shouldStop`
    /// turned true (a SIGINT/SIGTERM): it is asked once per iteration, so a long `--sample-time` cannot hold the
    /// stop for 50 samples, and the samples of a stopped profile are dropped, not summarised.
    public func profile(_ iteration: Iteration, threads: Int = 1, shouldStop: () -> Bool = { false }) -> [StageResult] {
        let stages = iteration.stages
        guard !stages.isEmpty else { return [] }
        let batch = calibrate(stages)
        var perStage = [[Double]](repeating: [], count: stages.count)
        var elapsed = [Double](repeating: 0, count: stages.count)
        for _ in 0..<samples {
            for index in elapsed.indices { elapsed[index] = 0 }
            for _ in 0..<batch {
                if shouldStop() { return [] }
                for (index, stage) in stages.enumerated() {
                    let start = MonotonicClock.now()
                    stage.run()
                    elapsed[index] += Double(MonotonicClock.now() - start) - clockOverheadNanoseconds
                }
            }
            for index in stages.indices { perStage[index].append(Swift.max(0, elapsed[index] / Double(batch))) }
        }
        let summaries = perStage.map { SampleSummary.of($0, resamples: resamples, seed: seed) }
        let total = summaries.map(\.median).reduce(0, +)
        // Over ~20 ms of work, as a benchmark's counting pass: over one sample's batch (5 iterations of a 30 µs
        // pipeline) each prefix's own start weighed so much that the stages' task clocks summed to 131% of the whole.
        let counted = BenchmarkRunner.countingIterations(batch: batch, nanosecondsPerIteration: total)
        let readings = stageCounters(stages, iterations: counted, threads: threads)
        if shouldStop() { return [] }
        return stages.indices.map { index in
            StageResult(name: stages[index].name, statistics: summaries[index],
                        share: total > 0 ? summaries[index].median / total : 0, counters: readings[index])
        }
    }

    /// Whole iterations per sample, so a sample lasts about the target time.
    private func calibrate(_ stages: [Stage]) -> Int {
        let whole = { for stage in stages { stage.run() } }
        whole()
        let perIteration = Calibration.estimate(probeNanoseconds: targetSampleNanoseconds / 4, body: whole)
        return Swift.max(1, Int((targetSampleNanoseconds / Swift.max(perIteration, 1)).rounded(.up)))
    }

    /// Counters of each stage by prefix differences; a counter missing from either prefix stays unavailable.
    private func stageCounters(_ stages: [Stage], iterations: Int, threads: Int) -> [[CounterReading]] {
        guard let counters else { return stages.map { _ in [] } }
        let prefixes = (0...stages.count).map { length in
            // A prefix of the stages is no benchmark's whole iteration: no id.
            counters.readings(CountingContext(benchmarkID: nil, threads: threads, iterations: iterations)) {
                for stage in stages.prefix(length) { stage.run() }
            }
        }
        return stages.indices.map { index in
            Self.difference(prefixes[index + 1], minus: prefixes[index])
        }
    }

    /// `after − before` per counter name; derived ratios (IPC) are not differences and are dropped. A negative
    /// difference (the stage's count is under the noise of the two prefixes) is unavailable with that reason: a 0
    /// would be a count nobody measured.
    static func difference(_ after: [CounterReading], minus before: [CounterReading]) -> [CounterReading] {
        after.filter { $0.name != "IPC" }.map { reading in
            guard let value = reading.perIteration,
                  let base = before.first(where: { $0.name == reading.name })?.perIteration else { return reading }
            if value < base {
                return .unavailable(reading.name, reason: "\(reading.name): below the noise of its prefix difference "
                    + "(\(String(format: "%g", value)) − \(String(format: "%g", base)) per iteration)")
            }
            var difference = reading
            difference.perIteration = value - base
            difference.note = [reading.note, "prefix difference"].compactMap { $0 }.joined(separator: "; ")
            return difference
        }
    }
}
