import Results
import Statistics

/// Measures one benchmark: set-up, warm-up, calibration, timed samples, then separate passes for allocations and
/// counters, then tear-down. Returns a ``BenchmarkResult`` and knows no output format.
public struct BenchmarkRunner: Sendable {
    public let settings: MeasurementSettings
    public let clock: ClockInfo
    public let counters: (any CounterProbe)?
    private let evictor: CacheEvictor?

    public init(settings: MeasurementSettings, clock: ClockInfo, counters: (any CounterProbe)? = nil) {
        self.settings = settings
        self.clock = clock
        self.counters = counters
        self.evictor = settings.coldCache ? CacheEvictor() : nil
    }

    /// Runs the benchmark.
    /// - Parameters:
    ///   - benchmark: the definition.
    ///   - source: synthetic scene or capture folder, handed to set-up.
    ///   - shouldStop: polled between samples; a stopped benchmark keeps the samples it has (at least one).
    /// - Throws: ``MeasurementError/setUpFailed`` when set-up throws.
    public func run(
        _ benchmark: Benchmark, source: WorkloadSource, shouldStop: () -> Bool = { false }
    ) throws -> BenchmarkResult {
        ProcessResources.resetPeakResident()
        let iteration: Iteration
        do { iteration = try benchmark.setUp(source) }
        catch { throw MeasurementError.setUpFailed(id: benchmark.id, reason: "\(error)") }
        defer { iteration.tearDown() }

        let body = iteration.run
        let perIteration = warmUpAndEstimate(body)
        let batch = settings.coldCache ? 1 : Calibration.iterationsPerSample(
            nanosecondsPerIteration: perIteration, target: settings.targetSampleNanoseconds,
            clockFloor: Swift.max(clock.granularityNanoseconds, clock.overheadNanoseconds))
        let samples = sample(body, batch: batch, count: sampleCount(perIteration * Double(batch)), shouldStop: shouldStop)
        let allocationIterations = Swift.max(batch, 10)
        let allocations = AllocationCounter.count(iterations: allocationIterations, body: body)
        let readings = counters?.readings(for: benchmark, iterations: batch, running: body) ?? []
        return BenchmarkResult(
            id: benchmark.id, hotPath: benchmark.hotPath, variant: benchmark.variant, workload: benchmark.workload,
            parameters: benchmark.parameters, sweepSize: benchmark.sweepSize, threads: benchmark.threads,
            iterationsPerSample: batch, samplesNanoseconds: samples,
            statistics: .of(samples, resamples: settings.resamples, seed: settings.seed),
            allocations: allocations, peakResidentBytes: ProcessResources.peakResidentBytes(),
            counters: readings, throughput: Throughput(
                bytesPerIteration: benchmark.bytesPerIteration, flopsPerIteration: benchmark.flopsPerIteration))
    }

    /// Runs the body for the warm-up time (at least twice, so one-time allocations and lazy initialization are
    /// over), and returns the cost of one iteration.
    private func warmUpAndEstimate(_ body: () -> Void) -> Double {
        body()
        let start = MonotonicClock.now()
        var runs = 1
        repeat {
            body()
            runs += 1
        } while Double(MonotonicClock.now() - start) < settings.warmupNanoseconds
        let warmEstimate = Double(MonotonicClock.now() - start) / Double(runs - 1)
        // Slow bodies are measured by the warm-up itself; fast ones get a batched probe.
        return warmEstimate > settings.targetSampleNanoseconds / 10 ? warmEstimate
            : Calibration.estimate(probeNanoseconds: settings.targetSampleNanoseconds / 10, body: body)
    }

    /// The wanted sample count, reduced for slow benchmarks so the phase fits in the time cap.
    private func sampleCount(_ sampleNanoseconds: Double) -> Int {
        let affordable = Int(settings.maxBenchmarkSeconds * 1e9 / Swift.max(sampleNanoseconds, 1))
        return Swift.max(settings.minimumSamples, Swift.min(settings.samples, affordable))
    }

    /// Times `count` samples of `batch` iterations; nanoseconds per iteration for each sample.
    private func sample(_ body: () -> Void, batch: Int, count: Int, shouldStop: () -> Bool) -> [Double] {
        var samples = [Double]()
        samples.reserveCapacity(count)
        for _ in 0..<count {
            evictor?.evict()
            let start = MonotonicClock.now()
            for _ in 0..<batch { body() }
            let end = MonotonicClock.now()
            samples.append(Double(end - start) / Double(batch))
            if shouldStop() { break }
        }
        return samples
    }
}
