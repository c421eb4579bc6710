import Results

/// A benchmark set up and warmed up, whose samples are timed on demand with a given iteration count: the engine
/// side of paired measurement, where a coordinator alternates short blocks of samples between two builds' processes
/// and needs both to time the same iterations per sample.
public final class PreparedBenchmark {
    public let benchmark: Benchmark
    private let iteration: Iteration
    private let settings: MeasurementSettings
    private let clock: ClockInfo
    /// The engine's warm-up and timed samples (the same code `run` measures with).
    private let runner: BenchmarkRunner
    /// Nanoseconds per iteration, estimated by the warm-up.
    public private(set) var estimatedNanosecondsPerIteration: Double = 0
    private var tornDown = false

    /// Sets the benchmark up and warms it up (``MeasurementSettings/warmupNanoseconds``).
    /// - Throws: ``MeasurementError/setUpFailed(id:reason:)``.
    public init(_ benchmark: Benchmark, source: WorkloadSource, settings: MeasurementSettings, clock: ClockInfo) throws {
        self.benchmark = benchmark
        self.settings = settings
        self.clock = clock
        runner = BenchmarkRunner(settings: settings, clock: clock)
        iteration = try benchmark.prepare(source)
        estimatedNanosecondsPerIteration = runner.warmUpAndEstimate(iteration.run, shouldStop: { false }) ?? 1
    }

    deinit { tearDown() }

    /// Iterations per sample for the target sample time, from the warm-up's estimate.
    public var calibratedIterationsPerSample: Int {
        Calibration.iterationsPerSample(
            nanosecondsPerIteration: estimatedNanosecondsPerIteration, target: settings.targetSampleNanoseconds,
            clockFloor: Swift.max(clock.granularityNanoseconds, clock.overheadNanoseconds))
    }

    /// Times `count` samples of `iterations` iterations each; nanoseconds per iteration for each sample.
    public func samples(_ count: Int, iterations: Int) -> [Double] {
        runner.sample(iteration, batch: Swift.max(iterations, 1), nanosecondsPerIteration: estimatedNanosecondsPerIteration,
                      count: count, shouldStop: { false })
    }

    /// Runs the benchmark's tear-down once.
    public func tearDown() {
        guard !tornDown else { return }
        tornDown = true
        iteration.tearDown()
    }
}
