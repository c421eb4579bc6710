/// How the engine measures each benchmark.
public struct MeasurementSettings: Sendable, Equatable {
    /// Samples wanted per benchmark (fewer when ``maxBenchmarkSeconds`` would be exceeded, never under
    /// ``minimumSamples``).
    public var samples: Int
    /// Target duration of one sample; iterations per sample are calibrated to reach it.
    public var targetSampleNanoseconds: Double
    /// Warm-up time before calibration (caches, page faults, lazy initialization, first-pass allocations).
    public var warmupNanoseconds: Double
    /// Time cap of the sampling phase of one benchmark; slow reference variants take fewer samples.
    public var maxBenchmarkSeconds: Double
    /// Floor on the sample count, whatever the cap.
    public var minimumSamples: Int
    /// Evict caches before every sample, and time single iterations.
    public var coldCache: Bool
    /// Pin the measuring thread to this CPU.
    public var pinnedCPU: Int?
    /// Bootstrap seed for the intervals.
    public var seed: UInt64
    /// Bootstrap replicates.
    public var resamples: Int
    /// Test-only: extra busy time added to every timed sample, as a fraction of it (0.05 = 5% slower).
    public var injectedSlowdown: Double = 0

    public init(
        samples: Int = 100, targetSampleNanoseconds: Double = 5_000_000, warmupNanoseconds: Double = 200_000_000,
        maxBenchmarkSeconds: Double = 5, minimumSamples: Int = 10, coldCache: Bool = false, pinnedCPU: Int? = nil,
        seed: UInt64 = 0x5EED, resamples: Int = 2000
    ) {
        self.samples = samples
        self.targetSampleNanoseconds = targetSampleNanoseconds
        self.warmupNanoseconds = warmupNanoseconds
        self.maxBenchmarkSeconds = maxBenchmarkSeconds
        self.minimumSamples = minimumSamples
        self.coldCache = coldCache
        self.pinnedCPU = pinnedCPU
        self.seed = seed
        self.resamples = resamples
    }

    /// The short smoke pass of `--quick`: enough samples for intervals, a fraction of the time.
    public static let quick = MeasurementSettings(
        samples: 20, targetSampleNanoseconds: 1_000_000, warmupNanoseconds: 20_000_000, maxBenchmarkSeconds: 0.5,
        minimumSamples: 5, resamples: 500)
}
