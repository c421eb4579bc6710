import Results

/// A source of event counts (PAPI event sets, perf software events, valgrind...). The engine runs a dedicated
/// counting pass of a benchmark through the probe, after the timing pass, so counting never perturbs the timed
/// samples.
///
/// Implementations live in the `Counters` module; the engine knows only this seam.
public protocol CounterProbe: Sendable {
    /// Counts events over `context.iterations` runs of `body` and returns per-iteration readings, each with its
    /// source. The probe may run `body` in several passes (events that cannot be counted together) and must subtract
    /// its own start/read cost. Counters it cannot give come back as ``CounterReading/unavailable(_:reason:)``.
    func readings(_ context: CountingContext, running body: () -> Void) -> [CounterReading]
}

/// What a counter probe is told about the body it counts.
public struct CountingContext: Sendable, Equatable {
    /// The benchmark whose whole iteration the body is, or nil when the body is only part of one (a profile's stage
    /// prefix). A probe that counts in another process (valgrind) counts a benchmark by this id, and no part.
    public var benchmarkID: String?
    /// Threads the kernel uses, so the probe can say what it counted (the calling thread only, or the process).
    public var threads: Int
    /// Runs of the body to count over (one timed sample's worth, and at least ~20 ms of work; 1 for a frame).
    public var iterations: Int
    /// Iterations of one timed sample: how slow the body is, for a probe that counts in another process (valgrind
    /// runs a slow body once, not `iterations` times 20–50× slower).
    public var sampleIterations: Int

    public init(benchmarkID: String?, threads: Int, iterations: Int, sampleIterations: Int? = nil) {
        self.benchmarkID = benchmarkID
        self.threads = threads
        self.iterations = iterations
        self.sampleIterations = sampleIterations ?? iterations
    }

    /// The whole iteration of `benchmark`, `iterations` times.
    public init(_ benchmark: Benchmark, iterations: Int, sampleIterations: Int? = nil) {
        self.init(benchmarkID: benchmark.id, threads: benchmark.threads, iterations: iterations, sampleIterations: sampleIterations)
    }
}
