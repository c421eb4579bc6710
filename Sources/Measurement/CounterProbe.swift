import Results

/// A source of event counts (PAPI event sets, valgrind...). The engine runs a dedicated counting pass of a
/// benchmark through the probe, after the timing pass, so counting never perturbs the timed samples.
///
/// Implementations live in the `Counters` module; the engine knows only this seam.
public protocol CounterProbe: Sendable {
    /// Counts events over `iterations` runs of `body` and returns per-iteration readings, each with its source.
    /// The probe may run `body` in several passes (events that cannot be counted together) and must subtract its
    /// own start/read cost. Counters it cannot give come back as ``CounterReading/unavailable(_:reason:)``.
    /// - Parameter threads: threads the kernel uses, so the probe can say what it counted (calling thread only).
    func readings(iterations: Int, threads: Int, running body: () -> Void) -> [CounterReading]

    /// The same, knowing which benchmark is counted: a probe that counts in another process (valgrind) needs its id.
    /// The default forwards to ``readings(iterations:threads:running:)``.
    func readings(for benchmark: Benchmark, iterations: Int, running body: () -> Void) -> [CounterReading]
}

extension CounterProbe {
    public func readings(for benchmark: Benchmark, iterations: Int, running body: () -> Void) -> [CounterReading] {
        readings(iterations: iterations, threads: benchmark.threads, running: body)
    }
}
