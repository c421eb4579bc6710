import Measurement
import Results
import Statistics

/// Measures a frame-loop benchmark: set-up, warm-up, the loop (realtime or simulated), then separate passes for
/// steady-state allocations per frame and counters, then tear-down.
///
/// The result's samples are the processed frames' times (arrival to completion) in nanoseconds, one per frame with
/// `iterationsPerSample` 1, so the usual statistics, intervals, budgets and comparisons apply to frame time; the
/// loop's own figures are in ``BenchmarkResult/frameLoop``.
public struct FrameLoopRunner: Sendable {
    public let settings: MeasurementSettings
    public let frameLoop: FrameLoopSettings
    public let counters: (any CounterProbe)?

    public init(settings: MeasurementSettings, frameLoop: FrameLoopSettings, counters: (any CounterProbe)? = nil) {
        self.settings = settings
        self.frameLoop = frameLoop
        self.counters = counters
    }

    /// Runs the benchmark's frame loop.
    /// - Parameters:
    ///   - benchmark: a definition whose ``Benchmark/frameLoop`` is set.
    ///   - source: synthetic scene or capture folder, handed to set-up.
    ///   - shouldStop: polled during the warm-up and after every frame; a stopped loop keeps the frames offered so
    ///     far (at least one).
    /// - Throws: ``MeasurementError/setUpFailed`` when set-up throws; ``MeasurementInterrupted`` when stopped in
    ///   the warm-up.
    public func run(
        _ benchmark: Benchmark, source: WorkloadSource, shouldStop: () -> Bool = { false }
    ) throws -> BenchmarkResult {
        guard let spec = benchmark.frameLoop else {
            preconditionFailure("\(benchmark.id) is not a frame-loop benchmark")
        }
        let iteration = try benchmark.prepare(source)
        defer { iteration.tearDown() }
        guard iteration.timesWholeIterations else { throw MeasurementSetUpError.partialTimingInFrameLoop(benchmark.id) }

        let body = iteration.run
        guard warmUp(body, shouldStop: shouldStop) else { throw MeasurementInterrupted(id: benchmark.id) }
        if frameLoop.mode == .realtime {
            _ = runLoop(spec, frames: Self.leadInFrames(spec), body: body, shouldStop: shouldStop)
            if shouldStop() { throw MeasurementInterrupted(id: benchmark.id) }
        }
        let record = runLoop(spec, frames: frameLoop.frames ?? spec.defaultFrames, body: body, shouldStop: shouldStop)
        let summary = FrameLoopAnalysis.summary(of: record, resamples: settings.resamples, seed: settings.seed)
        // After the loop the pipeline is in its steady state: what it allocates now, it allocates every frame.
        let allocations = AllocationCounter.countWithoutStrays(iterations: 10, body: body)
        let readings = counters?.readings(CountingContext(benchmark, iterations: 1), running: body) ?? []
        let samples = record.frameTimes.map { $0 * 1e6 }
        let statistics = SampleSummary.of(samples, resamples: settings.resamples, seed: settings.seed)
        // A frame's work as a batch benchmark declares it (flops, working set, items) and what it reports: they were
        // left out, so a `custom` budget on a frame loop was always MISSING.
        var result = BenchmarkResult(
            id: benchmark.id, hotPath: benchmark.hotPath, variant: benchmark.variant, workload: benchmark.workload,
            parameters: benchmark.parameters, sweepSize: benchmark.sweepSize, threads: benchmark.threads,
            iterationsPerSample: 1, samplesNanoseconds: samples, statistics: statistics,
            allocations: allocations, peakResidentBytes: ProcessResources.peakResidentBytes(), counters: readings,
            throughput: benchmark.throughput(medianNanoseconds: statistics.median),
            frameLoop: summary, notes: Self.notes(summary))
        let reported = BenchmarkRunner.recordable(metrics: iteration.reportedMetrics())
        result.metrics = reported.metrics
        result.notes += reported.notes
        return result
    }

    /// Seconds of frames at the loop's own cadence run, and discarded, between the warm-up and the measured loop.
    ///
    /// The warm-up runs the pipeline back to back; the loop then idles between frames. On a VM the first seconds at
    /// the cadence ran faster than the rest (the host still treating the vCPUs as busy): over 109 recorded photo
    /// loops the first twentieth read 3% under the others, in some gates a ramp of 9% over the first 2.5 s, which
    /// the drift trend took for degradation. Warming up at the cadence starts the measured loop in its own regime.
    public static let leadInSeconds = 2.0

    /// Frames of ``leadInSeconds`` at the spec's rate (at least one).
    static func leadInFrames(_ spec: FrameLoopSpec) -> Int {
        Swift.max(1, Int((leadInSeconds * 1000 / spec.cadenceMilliseconds).rounded()))
    }

    /// Runs the body for the warm-up time and at least three frames: page faults and first-pass allocations are
    /// over before the first frame arrives. False when a stop was asked for first (polled after every run).
    private func warmUp(_ body: () -> Void, shouldStop: () -> Bool) -> Bool {
        let start = MonotonicClock.now()
        var runs = 0
        while runs < 3 || Double(MonotonicClock.now() - start) < settings.warmupNanoseconds {
            body()
            runs += 1
            if shouldStop() { return false }
        }
        return true
    }

    private func runLoop(
        _ spec: FrameLoopSpec, frames: Int, body: @escaping @Sendable () -> Void, shouldStop: () -> Bool
    ) -> FrameLoopRecord {
        let pipeline = ClosurePipeline { _ in body() }
        switch frameLoop.mode {
        case .realtime:
            return RealtimeFrameLoop(cadenceMilliseconds: spec.cadenceMilliseconds, policy: spec.policy)
                .run(frames: frames, pipeline: pipeline, shouldStop: shouldStop)
        case .simulated:
            return SimulatedFrameLoop(cadenceMilliseconds: spec.cadenceMilliseconds, policy: spec.policy)
                .run(frames: frames, pipeline: pipeline, shouldStop: shouldStop)
        }
    }

    private static func notes(_ summary: FrameLoopSummary) -> [String] {
        var notes = ["samples are frame times (arrival to completion), one per processed frame"]
        if summary.mode == FrameLoopMode.simulated.rawValue {
            notes.append("simulated: frames timed back to back, schedule computed at the cadence; callback latency excludes the processing thread's wake-up")
        }
        if summary.framesDropped > 0 {
            notes.append("\(summary.framesDropped) of \(summary.framesOffered) frames dropped (\(summary.policy.rawValue))")
        }
        return notes
    }
}
