import Results
import Statistics

/// Measures one benchmark: set-up, warm-up, calibration, timed samples, then separate passes for allocations and
/// counters, then tear-down. Returns a ``BenchmarkResult`` and knows no output format.
public struct BenchmarkRunner: Sendable {
    public let settings: MeasurementSettings
    public let clock: ClockInfo
    public let counters: (any CounterProbe)?
    private let evictor: CacheEvictor?
    /// The clock of the warm-up and the calibration probe (tests substitute one their body advances, so the batch
    /// chosen does not depend on whether the probe was preempted). Samples are always timed on the monotonic clock.
    var calibrationClock: @Sendable () -> UInt64 = { MonotonicClock.now() }

    public init(settings: MeasurementSettings, clock: ClockInfo, counters: (any CounterProbe)? = nil) {
        self.settings = settings
        self.clock = clock
        self.counters = counters
        self.evictor = settings.coldCache ? CacheEvictor() : nil
    }

    /// How often, in work, a long stretch of iterations (the warm-up, a long sample) looks for a stop request: a
    /// signal is acted on within about this long, whatever the warm-up or sample time asked for.
    static let stopPollNanoseconds = 50_000_000.0

    /// Runs the benchmark.
    /// - Parameters:
    ///   - benchmark: the definition.
    ///   - source: synthetic scene or capture folder, handed to set-up.
    ///   - shouldStop: polled during the warm-up, between samples and within long samples; a benchmark stopped
    ///     once sampling began keeps the samples it has (at least one, possibly cut short), and skips the allocation
    ///     and counter passes.
    /// - Throws: ``MeasurementError/setUpFailed`` when set-up throws; ``MeasurementInterrupted`` when stopped before
    ///   its first sample (in the warm-up or the calibration): it has nothing to report.
    public func run(
        _ benchmark: Benchmark, source: WorkloadSource, shouldStop: () -> Bool = { false }
    ) throws -> BenchmarkResult {
        let iteration = try benchmark.prepare(source)
        defer { iteration.tearDown() }

        let body = iteration.run
        guard var perIteration = warmUpAndEstimate(body, shouldStop: shouldStop) else {
            throw MeasurementInterrupted(id: benchmark.id)
        }
        var batch = settings.coldCache ? 1 : batchSize(perIteration)
        if !settings.coldCache {
            guard let confirmed = confirmedEstimate(body, perIteration: perIteration, batch: batch, shouldStop: shouldStop) else {
                throw MeasurementInterrupted(id: benchmark.id)  // still calibrating: nothing sampled to keep
            }
            if confirmed < perIteration { (perIteration, batch) = (confirmed, batchSize(confirmed)) }
        }
        let samples = sample(iteration, batch: batch, nanosecondsPerIteration: perIteration,
                             count: sampleCount(perIteration * Double(batch)), shouldStop: shouldStop)
        // The allocation and counter passes each run a whole sample again (or a child under valgrind): not once a
        // stop is asked for (the allocations then read as not counted).
        let stopped = shouldStop()
        let allocations = stopped ? AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 0, counted: false)
            : AllocationCounter.countWithoutStrays(
                iterations: Self.allocationIterations(batch: batch, nanosecondsPerIteration: perIteration), body: body)
        let counted = Self.countingIterations(batch: batch, nanosecondsPerIteration: perIteration)
        let readings = stopped ? [] : counters?.readings(CountingContext(benchmark, iterations: counted, sampleIterations: batch), running: body) ?? []
        let statistics = SampleSummary.of(samples, resamples: settings.resamples, seed: settings.seed)
        var result = BenchmarkResult(
            id: benchmark.id, hotPath: benchmark.hotPath, variant: benchmark.variant, workload: benchmark.workload,
            parameters: benchmark.parameters, sweepSize: benchmark.sweepSize, threads: benchmark.threads,
            iterationsPerSample: batch, samplesNanoseconds: samples, statistics: statistics,
            allocations: allocations, peakResidentBytes: ProcessResources.peakResidentBytes(),
            counters: readings, throughput: benchmark.throughput(medianNanoseconds: statistics.median))
        let reported = Self.recordable(metrics: iteration.metrics?())
        result.metrics = reported.metrics
        result.notes += reported.notes
        return result
    }

    /// The metrics a results file can hold, and a note for each left out: a value that is not finite (a ratio of
    /// 0/0 on a frame with nothing in it) or an empty name. Recorded as they were, they made a file that every reader
    /// refused (and a measuring gate said a re-measuring process "failed (exit 0)").
    package static func recordable(metrics: [String: Double]?) -> (metrics: [String: Double]?, notes: [String]) {
        guard let metrics else { return (nil, []) }
        var kept: [String: Double] = [:], notes: [String] = []
        for (name, value) in metrics.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty { notes.append("a metric with an empty name (\(value)) is left out"); continue }
            guard value.isFinite else { notes.append("metric '\(name)' was \(value), not a finite number: left out"); continue }
            kept[name] = value
        }
        return (kept, notes)
    }

    /// Runs the body for the warm-up time (at least twice, so one-time allocations and lazy initialization are
    /// over), and returns the cost of one iteration; nil when a stop was asked for first.
    func warmUpAndEstimate(_ body: () -> Void, shouldStop: () -> Bool) -> Double? {
        let now = calibrationClock
        body()
        let start = now()
        var runs = 1
        repeat {
            body()
            runs += 1
            // A relaxed atomic load beside a clock read: the warm-up is not timed, only estimated from.
            if shouldStop() { return nil }
        } while Double(now() - start) < settings.warmupNanoseconds
        let warmEstimate = Double(now() - start) / Double(runs - 1)
        // Slow bodies are measured by the warm-up itself; fast ones get a batched probe.
        return warmEstimate > settings.targetSampleNanoseconds / 10 ? warmEstimate
            : Calibration.estimate(probeNanoseconds: settings.targetSampleNanoseconds / 10, now: now,
                                   shouldStop: shouldStop, body: body)
    }

    /// Iterations per sample for a body of `perIteration` ns on this clock.
    private func batchSize(_ perIteration: Double) -> Int {
        Calibration.iterationsPerSample(nanosecondsPerIteration: perIteration, target: settings.targetSampleNanoseconds,
                                        clockFloor: Swift.max(clock.granularityNanoseconds, clock.overheadNanoseconds))
    }

    /// The estimate, checked against a batch of the size it chose: one preemption in the warm-up or the probe
    /// inflates it (only upwards), and the samples then last a fraction of the target (a 1 ms target once got
    /// 33 µs samples, whose p95 and p99 read the clock and the scheduler more than the code). Up to 3 timed
    /// batches: the first that lasts at least half what the estimate foretold confirms it (the usual case, one
    /// sample's time); when none does, the fastest gives the cost per iteration. Nil when a stop was asked for.
    func confirmedEstimate(_ body: () -> Void, perIteration: Double, batch: Int, shouldStop: () -> Bool) -> Double? {
        let now = calibrationClock, foretold = perIteration * Double(batch)
        var fastest = Double.infinity
        for _ in 0..<3 {
            let start = now()
            // In chunks, as a sample: a stop asked for during a long batch is seen within ~50 ms of work.
            let done = Self.run(batch, inChunksOf: Self.chunk(perIteration), shouldStop: shouldStop, body)
            let elapsed = Double(now() - start)
            if done < batch || shouldStop() { return nil }
            if elapsed >= foretold / 2 { return perIteration }
            fastest = Swift.min(fastest, elapsed)
        }
        return Swift.max(fastest, 1) / Double(batch)
    }

    /// Iterations of the allocation pass: at least 10 (so a cache that allocates every few frames shows), but no more
    /// than about a second of work for slow bodies, never under 2. Counts are exact, so a short pass loses nothing.
    static func allocationIterations(batch: Int, nanosecondsPerIteration: Double) -> Int {
        let affordable = Int(1e9 / Swift.max(nanosecondsPerIteration, 1))
        return Swift.max(batch, Swift.max(2, Swift.min(10, affordable)))
    }

    /// Iterations of each counting pass: a sample's worth, and at least ~20 ms of work. A pass of 5 iterations of a
    /// 200 µs copy read 10-38% more task clock than the timed median (the pass's own start, spread over too few
    /// iterations); the floor spreads it over more. Never under 1 for slow bodies.
    public static func countingIterations(batch: Int, nanosecondsPerIteration: Double) -> Int {
        let floor = Int((20e6 / Swift.max(nanosecondsPerIteration, 1)).rounded(.up))
        return Swift.max(batch, Swift.min(floor, 1_000_000), 1)
    }

    /// The wanted sample count, reduced for slow benchmarks so the phase fits in the time cap.
    private func sampleCount(_ sampleNanoseconds: Double) -> Int {
        let affordable = Int(settings.maxBenchmarkSeconds * 1e9 / Swift.max(sampleNanoseconds, 1))
        return Swift.max(settings.minimumSamples, Swift.min(settings.samples, affordable))
    }

    /// Times `count` samples of `batch` iterations of `iteration` as its timing says; nanoseconds per iteration
    /// for each sample.
    func sample(_ iteration: Iteration, batch: Int, nanosecondsPerIteration: Double, count: Int,
                shouldStop: () -> Bool) -> [Double] {
        switch iteration.timing {
        case .wholeBatch:
            return sample(iteration.run, batch: batch, nanosecondsPerIteration: nanosecondsPerIteration, count: count,
                          shouldStop: shouldStop)
        case .preparedBatch(let prepare, let body):
            return sample(body, prepare: prepare, batch: batch, nanosecondsPerIteration: nanosecondsPerIteration,
                          count: count, shouldStop: shouldStop)
        case .scoped(let body):
            return sampleScoped(body, batch: batch, nanosecondsPerIteration: nanosecondsPerIteration, count: count,
                                shouldStop: shouldStop)
        }
    }

    /// Times `count` samples of `batch` iterations; nanoseconds per iteration for each sample, the clock read around
    /// the batch. `prepare(batch)` runs before each sample, outside its timing. A stop cuts a sample short (``record(_:_:batch:into:shouldStop:)``).
    func sample(_ body: () -> Void, prepare: ((Int) -> Void)? = nil, batch: Int, nanosecondsPerIteration: Double,
                count: Int, shouldStop: () -> Bool) -> [Double] {
        let chunk = Self.chunk(nanosecondsPerIteration)
        var samples = [Double]()
        samples.reserveCapacity(count)
        for _ in 0..<count {
            prepare?(batch)
            evictor?.evict()
            let start = MonotonicClock.now()
            let done = Self.run(batch, inChunksOf: chunk, shouldStop: shouldStop, body)
            var end = MonotonicClock.now()
            if settings.injectedSlowdown > 0 { end = Self.busyWait(extra: settings.injectedSlowdown, since: start, until: end) }
            guard Self.record(Double(end - start), done, batch: batch, into: &samples, shouldStop: shouldStop) else { break }
        }
        return samples
    }

    /// Times `count` samples of `batch` iterations of a body that measures a part of itself: each sample is the sum
    /// of its scopes' time, per iteration. Stops as ``sample(_:prepare:batch:nanosecondsPerIteration:count:shouldStop:)`` does.
    func sampleScoped(_ body: (inout MeasuredScope) -> Void, batch: Int, nanosecondsPerIteration: Double, count: Int,
                      shouldStop: () -> Bool) -> [Double] {
        let chunk = Self.chunk(nanosecondsPerIteration)
        var samples = [Double]()
        samples.reserveCapacity(count)
        for _ in 0..<count {
            evictor?.evict()
            var scope = MeasuredScope()
            let done = Self.run(batch, inChunksOf: chunk, shouldStop: shouldStop) { body(&scope) }
            guard Self.record(Double(scope.nanoseconds), done, batch: batch, into: &samples, shouldStop: shouldStop) else { break }
        }
        return samples
    }

    /// Iterations between looks for a stop: about ``stopPollNanoseconds`` of work.
    private static func chunk(_ nanosecondsPerIteration: Double) -> Int {
        Swift.max(1, Int(Swift.min(stopPollNanoseconds / Swift.max(nanosecondsPerIteration, 1), 1e9)))
    }

    /// Runs `batch` iterations of `body` in chunks, looking for a stop between them (one relaxed load per chunk,
    /// nothing per iteration); returns how many ran.
    private static func run(_ batch: Int, inChunksOf chunk: Int, shouldStop: () -> Bool, _ body: () -> Void) -> Int {
        var done = 0
        while done < batch {
            let iterations = Swift.min(chunk, batch - done)
            for _ in 0..<iterations { body() }
            done += iterations
            if done < batch && shouldStop() { break }
        }
        return done
    }

    /// Appends a sample of `done` iterations that took `nanoseconds`, per iteration; false when sampling stops. A
    /// sample cut short by a stop is kept only when it is the first.
    private static func record(_ nanoseconds: Double, _ done: Int, batch: Int, into samples: inout [Double],
                               shouldStop: () -> Bool) -> Bool {
        if done < batch {
            if samples.isEmpty && done > 0 { samples.append(nanoseconds / Double(done)) }
            return false
        }
        samples.append(nanoseconds / Double(batch))
        return !shouldStop()
    }

    /// Test-only (`--inject-slowdown`): spins inside the timed window for `extra` × the sample's own duration, so the
    /// gate's detection power can be measured against a known slowdown.
    private static func busyWait(extra: Double, since start: UInt64, until end: UInt64) -> UInt64 {
        let target = end + UInt64(Double(end - start) * extra)
        var now = MonotonicClock.now()
        while now < target { now = MonotonicClock.now() }
        return now
    }
}
