import BenchmarkSuite
import Counters
import Foundation
import Measurement
import Results

/// "Measure more first, then report": re-runs the benchmarks whose verdict was INCONCLUSIVE with more samples and
/// replaces their results in the run.
struct Remeasurement {
    let measurement: MeasurementOptions
    /// Samples and time cap are multiplied by this.
    let factor: Int
    /// The counters of the first measurement, so re-measured results carry the same readings.
    let counters: (any CounterProbe)?

    /// Re-measures `ids` and returns the run with their results replaced (each with a note saying so).
    /// - Throws: ``CommandFailure`` (run failure) when a benchmark's set-up fails.
    func remeasure(_ ids: [String], in run: RunResults, directory: RunDirectory) throws -> RunResults {
        let benchmarks = Suite.all().filter { ids.contains($0.id) }
        guard !benchmarks.isEmpty else { return run }
        var settings = measurement.settings
        settings.samples *= factor
        settings.maxBenchmarkSeconds *= Double(factor)
        var scratch = run
        scratch.benchmarks = []
        let interruption = Interruption()
        interruption.install()
        let runner = SuiteRunner(runner: BenchmarkRunner(settings: settings, clock: MonotonicClock.characterize(), counters: counters),
                                 source: measurement.source, interruption: interruption,
                                 frameLoop: measurement.frameLoop.settings(quick: measurement.quick))
        do {
            try runner.run(benchmarks, into: &scratch, progress: { event in
                if case let .started(id, index, total) = event { Console.progress("re-measuring [\(index + 1)/\(total)] \(id) …") }
            })
        } catch {
            throw CommandFailure(.runFailure, "re-measuring: \(error)")
        }
        Console.endProgress()
        var merged = run
        for var result in scratch.benchmarks {
            result.notes.append("re-measured with \(result.statistics.count) samples after an INCONCLUSIVE verdict")
            if let index = merged.benchmarks.firstIndex(where: { $0.id == result.id }) { merged.benchmarks[index] = result }
        }
        if !scratch.complete {
            merged.complete = false
            merged.incompleteReason = scratch.incompleteReason
        }
        merged = Roofline.annotate(merged)
        try directory.save(merged)
        return merged
    }
}
