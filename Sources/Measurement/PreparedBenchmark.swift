import Results

/// A benchmark set up and warmed up, whose samples are timed on demand with a given iteration count: the engine
/// side of paired measurement, where a coordinator alternates short blocks of samples between two builds' processes
/// and needs both to time the same iterations per sample.
///
/// It may be set up several times over (*placements*): each set-up allocates its own inputs and outputs, at other
/// addresses and on other physical pages, and ``nextPlacement()`` moves the samples to the next one. Where a
/// kernel's speed depends on where its buffers land (cache-set conflicts of a working set near a cache's size, fixed
/// for a process's life), a process that rotates among several placements times their typical speed rather than
/// one draw of it (Docs/measurements/2026-12-05-buffer-placements-zen3-amd.md).
public final class PreparedBenchmark {
    public let benchmark: Benchmark
    /// One set-up per placement; the samples run the one at ``current``.
    private let setUps: [Iteration]
    private var current = 0
    private let settings: MeasurementSettings
    private let clock: ClockInfo
    /// The engine's warm-up and timed samples (the same code `run` measures with).
    private let runner: BenchmarkRunner
    /// Nanoseconds per iteration, estimated by the warm-up.
    public private(set) var estimatedNanosecondsPerIteration: Double = 0
    private var tornDown = false

    /// The most placements one benchmark may be set up in.
    public static let maximumPlacements = 64

    /// Sets the benchmark up `placements` times and warms up the first (``MeasurementSettings/warmupNanoseconds``).
    /// The others are warmed by whoever times them: the paired procedure's untimed sample at the start of a block.
    /// - Parameter shouldStop: polled during the warm-up (which may be minutes long); once it holds, the warm-up
    ///   ends without an estimate, and the samples it would have calibrated are not meant to be taken.
    /// - Throws: ``MeasurementError/setUpFailed(id:reason:)``.
    /// - Precondition: `placements` in 1...``maximumPlacements``.
    public init(_ benchmark: Benchmark, source: WorkloadSource, settings: MeasurementSettings, clock: ClockInfo,
                placements: Int = 1, shouldStop: () -> Bool = { false }) throws {
        precondition((1...Self.maximumPlacements).contains(placements), "placements must be in 1...\(Self.maximumPlacements)")
        self.benchmark = benchmark
        self.settings = settings
        self.clock = clock
        runner = BenchmarkRunner(settings: settings, clock: clock)
        var prepared: [Iteration] = []
        do {
            for _ in 0..<placements { prepared.append(try benchmark.prepare(source)) }
        } catch {
            prepared.forEach { $0.tearDown() }
            throw error
        }
        setUps = prepared
        estimatedNanosecondsPerIteration = runner.warmUpAndEstimate(prepared[0].run, shouldStop: shouldStop) ?? 1
    }

    /// How many times the benchmark is set up.
    public var placements: Int { setUps.count }

    /// Moves the samples that follow to the next placement (round robin); nothing with one placement.
    public func nextPlacement() {
        current = (current + 1) % setUps.count
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
        runner.sample(setUps[current], batch: Swift.max(iterations, 1), nanosecondsPerIteration: estimatedNanosecondsPerIteration,
                      count: count, shouldStop: { false })
    }

    /// Runs the benchmark's tear-down once.
    public func tearDown() {
        guard !tornDown else { return }
        tornDown = true
        setUps.forEach { $0.tearDown() }
    }
}
