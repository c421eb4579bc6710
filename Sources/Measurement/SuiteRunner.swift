import Foundation
import Results

/// What the suite runner reports while it works (the command shows it as progress on a terminal).
public enum ProgressEvent: Sendable {
    case started(id: String, index: Int, total: Int)
    case finished(BenchmarkResult, index: Int, total: Int)
}

/// Runs a list of benchmarks in order, appending each result to the run as soon as it exists and handing the run to
/// `checkpoint` after every benchmark (so a crash or signal loses at most the benchmark in progress).
public struct SuiteRunner: Sendable {
    public let runner: BenchmarkRunner
    public let source: WorkloadSource
    public let interruption: Interruption?
    /// How frame-loop benchmarks run (frames, realtime or simulated).
    public let frameLoop: FrameLoopSettings

    public init(
        runner: BenchmarkRunner, source: WorkloadSource, interruption: Interruption? = nil,
        frameLoop: FrameLoopSettings = FrameLoopSettings()
    ) {
        self.runner = runner
        self.source = source
        self.interruption = interruption
        self.frameLoop = frameLoop
    }

    /// Measures every benchmark into `run`. Marks the run complete at the end, or incomplete with the reason when
    /// interrupted; rethrows a set-up failure after recording the run as incomplete.
    public func run(
        _ benchmarks: [Benchmark], into run: inout RunResults,
        progress: (ProgressEvent) -> Void = { _ in },
        checkpoint: (RunResults) throws -> Void = { _ in }
    ) throws {
        let start = HostCPUTime.now()
        for (index, benchmark) in benchmarks.enumerated() {
            if let name = interruption?.signalName {
                return try finish(&run, since: start, incompleteReason: "interrupted by \(name)", signal: interruption?.signal, checkpoint: checkpoint)
            }
            progress(.started(id: benchmark.id, index: index, total: benchmarks.count))
            do {
                let result = try measure(benchmark)
                run.benchmarks.append(result)
                progress(.finished(result, index: index, total: benchmarks.count))
                try checkpoint(run)
            } catch is MeasurementInterrupted {
                // Stopped before its first sample: nothing of it to keep.
                break
            } catch {
                try finish(&run, since: start, incompleteReason: "\(error)", checkpoint: checkpoint)
                throw error
            }
        }
        if let name = interruption?.signalName {
            // The last benchmark was cut short: keep it, but say so.
            return try finish(&run, since: start, incompleteReason: "interrupted by \(name)", signal: interruption?.signal, checkpoint: checkpoint)
        }
        run.complete = true
        close(&run, since: start)
        try checkpoint(run)
    }

    /// Frame-loop benchmarks run as a loop at their cadence; every other benchmark in timed samples. Records how
    /// long the whole measurement took and what the host stole meanwhile.
    private func measure(_ benchmark: Benchmark) throws -> BenchmarkResult {
        let shouldStop = { interruption?.isRequested ?? false }
        let cpuTime = HostCPUTime.now()
        let start = MonotonicClock.now()
        var result = try benchmark.driver.map { driver in
            let context = DriverContext(settings: runner.settings, frameLoop: frameLoop, counters: runner.counters)
            return try driver.measure(benchmark, source: source, context: context, shouldStop: shouldStop)
        } ?? runner.run(benchmark, source: source, shouldStop: shouldStop)
        result.measurementSeconds = Double(MonotonicClock.now() - start) / 1e9
        result.hostSteal = HostCPUTime.stolenShare(since: cpuTime)
        return result
    }

    private func finish(
        _ run: inout RunResults, since start: HostCPUTime?, incompleteReason: String, signal: InterruptingSignal? = nil,
        checkpoint: (RunResults) throws -> Void
    ) throws {
        run.complete = false
        run.incompleteReason = incompleteReason
        run.interruptingSignal = signal
        close(&run, since: start)
        try checkpoint(run)
    }

    /// The end time and the host's steal over the run, with a warning when it was more than a trace.
    private func close(_ run: inout RunResults, since start: HostCPUTime?) {
        run.finishedAt = Date()
        run.hostSteal = HostCPUTime.stolenShare(since: start)
        if let warning = StabilityWarnings.stealWarning(run.hostSteal) { run.warnings.append(warning) }
    }
}

/// Run ids sort by time and are unique across concurrent runs: `yyyyMMdd-HHmmss-<6 hex>`.
public enum RunID {
    public static func make(date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let suffix = String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
        return formatter.string(from: date) + "-" + String(repeating: "0", count: 6 - suffix.count) + suffix
    }
}
