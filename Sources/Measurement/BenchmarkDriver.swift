import Results

/// Measures a benchmark otherwise than in calibrated, timed batches: a frame loop (module `FrameLoop`) drives the
/// iteration at a cadence. Modules above the engine implement it; ``SuiteRunner`` hands a benchmark that has a
/// driver to it, and every other benchmark to ``BenchmarkRunner``. Set-up, counters and tear-down stay the driver's
/// to call, outside its timed window.
public protocol BenchmarkDriver: Sendable {
    /// Measures `benchmark` once.
    /// - Parameter shouldStop: polled between frames (or samples); a stopped measurement keeps what it has.
    /// - Throws: ``MeasurementError/setUpFailed(id:reason:)`` when set-up throws.
    func measure(_ benchmark: Benchmark, source: WorkloadSource, context: DriverContext,
                 shouldStop: () -> Bool) throws -> BenchmarkResult
}

/// What a driver is given of the run: the measurement settings, the frame-loop settings and the counter probe.
public struct DriverContext: Sendable {
    public let settings: MeasurementSettings
    public let frameLoop: FrameLoopSettings
    public let counters: (any CounterProbe)?

    public init(settings: MeasurementSettings, frameLoop: FrameLoopSettings, counters: (any CounterProbe)?) {
        self.settings = settings
        self.frameLoop = frameLoop
        self.counters = counters
    }
}
