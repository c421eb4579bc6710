import XCTest
import Foundation
@testable import Measurement
import Results

final class BenchmarkRunnerTests: XCTestCase {
    private let clock = MonotonicClock.characterize(reads: 1000)
    private let settings = MeasurementSettings(
        samples: 12, targetSampleNanoseconds: 200_000, warmupNanoseconds: 1_000_000, maxBenchmarkSeconds: 1,
        minimumSamples: 3, resamples: 200)

    private func spinBenchmark(tearDown: @escaping @Sendable () -> Void = {}) -> Benchmark {
        Benchmark(hotPath: "spin", variant: "test", workload: "w", parameters: ["k": "v"], bytesPerIteration: 64, threads: 1) { _ in
            Iteration(tearDown: tearDown) {
                var x: UInt64 = 1
                for i in 0..<200 { x = x &* 6364136223846793005 &+ UInt64(i) }
                blackHole(x)
            }
        }
    }

    func testRunKeepsRawSamplesAndSummarizesThem() throws {
        let result = try BenchmarkRunner(settings: settings, clock: clock).run(spinBenchmark(), source: .synthetic(seed: 1))
        XCTAssertEqual(result.id, "spin/test/w")
        XCTAssertEqual(result.samplesNanoseconds.count, 12)
        XCTAssertEqual(result.statistics.count, 12)
        XCTAssertEqual(result.statistics.min, result.samplesNanoseconds.min())
        XCTAssertEqual(result.parameters, ["k": "v"])
        XCTAssertEqual(result.throughput?.bytesPerIteration, 64)
    }

    func testSubMicrosecondWorkIsBatchedAsItsEstimatedCostAsks() throws {
        // Warm-up and calibration read a clock the body advances by 150 ns: the batch chosen is fixed, whatever the
        // machine's speed or a preemption in the probe.
        let virtual = Counter()
        let benchmark = Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in
            Iteration { virtual.increment(by: 150) }
        }
        var runner = BenchmarkRunner(settings: settings, clock: clock)
        runner.calibrationClock = { UInt64(virtual.value) }
        let result = try runner.run(benchmark, source: .synthetic(seed: 1))
        let expected = Calibration.iterationsPerSample(
            nanosecondsPerIteration: 150, target: settings.targetSampleNanoseconds,
            clockFloor: max(clock.granularityNanoseconds, clock.overheadNanoseconds))
        XCTAssertEqual(result.iterationsPerSample, expected)
        XCTAssertGreaterThan(expected, 1, "sub-microsecond work is batched")
    }

    /// A preemption in the warm-up inflates the estimate (here 5 ms for a 150 ns body, as one 165 ms off-CPU stretch
    /// once did); the batch is checked against its own timing, so samples still last the target, not 1 iteration.
    func testAnEstimateInflatedByAPreemptionIsCorrectedBeforeSampling() throws {
        let virtual = Counter(), reads = Counter()
        let benchmark = Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in
            Iteration { virtual.increment(by: 150) }
        }
        var runner = BenchmarkRunner(settings: settings, clock: clock)
        runner.calibrationClock = {
            reads.increment(by: 1)
            return UInt64(virtual.value + (reads.value >= 2 ? 5_000_000 : 0))  // preempted before the 2nd read
        }
        let result = try runner.run(benchmark, source: .synthetic(seed: 1))
        XCTAssertEqual(result.iterationsPerSample, Calibration.iterationsPerSample(
            nanosecondsPerIteration: 150, target: settings.targetSampleNanoseconds,
            clockFloor: max(clock.granularityNanoseconds, clock.overheadNanoseconds)))
    }

    func testAConfirmedEstimateIsKeptAndAnInflatedOneReplacedByTheFastestBatch() {
        let virtual = Counter()
        var runner = BenchmarkRunner(settings: settings, clock: clock)
        runner.calibrationClock = { UInt64(virtual.value) }
        let body = { virtual.increment(by: 150) }
        XCTAssertEqual(runner.confirmedEstimate(body, perIteration: 150, batch: 1000, shouldStop: { false }), 150)
        XCTAssertNil(runner.confirmedEstimate(body, perIteration: 150, batch: 1000, shouldStop: { true }), "stopped: nothing")
        XCTAssertEqual(runner.confirmedEstimate(body, perIteration: 250, batch: 1000, shouldStop: { false }), 250,
                       "within 2×: kept (a slower batch is never a reason to shorten the estimate)")
        XCTAssertEqual(runner.confirmedEstimate(body, perIteration: 15_000, batch: 10, shouldStop: { false }), 150)
    }

    func testNonAllocatingBodyReadsZeroAllocations() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        var peakResidentBytes: Int?
        // The fewest of 3 runs, each counting its own window: the counter also sees other threads of the test
        // process (see ``AllocationCounter/fewest``).
        let allocations = try AllocationCounter.fewest(windows: 8) {
            let result = try BenchmarkRunner(settings: settings, clock: clock).run(spinBenchmark(), source: .synthetic(seed: 1))
            peakResidentBytes = result.peakResidentBytes
            return result.allocations
        }
        XCTAssertEqual(allocations.perIteration, 0)
        XCTAssertNotNil(peakResidentBytes)
    }

    func testTearDownRunsOnce() throws {
        let calls = Counter()
        _ = try BenchmarkRunner(settings: settings, clock: clock)
            .run(spinBenchmark(tearDown: { calls.increment() }), source: .synthetic(seed: 1))
        XCTAssertEqual(calls.value, 1)
    }

    func testSetUpFailureNamesTheBenchmark() {
        struct Broken: Error, CustomStringConvertible { var description: String { "depth.npy missing" } }
        let benchmark = Benchmark(hotPath: "x", variant: "y", workload: "z") { _ in throw Broken() }
        XCTAssertThrowsError(try BenchmarkRunner(settings: settings, clock: clock).run(benchmark, source: .synthetic(seed: 1))) {
            XCTAssertEqual("\($0)", "x/y/z: set-up failed: depth.npy missing")
        }
    }

    /// A body that counts its runs; with ``virtualRunner``, each run advances the calibration clock by a fixed cost,
    /// so warm-up and calibration see exactly that cost, whatever the machine.
    private func virtualBenchmark(runs: Counter) -> Benchmark {
        Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in Iteration { runs.increment(by: 1) } }
    }

    private func virtualRunner(_ settings: MeasurementSettings, nanosecondsPerRun: Int, runs: Counter) -> BenchmarkRunner {
        var runner = BenchmarkRunner(settings: settings, clock: clock)
        runner.calibrationClock = { UInt64(runs.value * nanosecondsPerRun) }
        return runner
    }

    func testAStopAfterSamplingBeganKeepsTheSamplesTakenSoFar() throws {
        // Warm-up: two runs of 1 ms (virtual); the third confirms the estimate (a batch of 1); the fourth run is the
        // first sample's.
        var slow = settings
        slow.warmupNanoseconds = 1_000_000
        let runs = Counter()
        let result = try virtualRunner(slow, nanosecondsPerRun: 1_000_000, runs: runs)
            .run(virtualBenchmark(runs: runs), source: .synthetic(seed: 1), shouldStop: { runs.value >= 4 })
        XCTAssertEqual(result.samplesNanoseconds.count, 1)
        XCTAssertFalse(result.allocations.counted, "no allocation pass after a stop")
        XCTAssertEqual(result.allocations.iterations, 0)
        XCTAssertEqual(result.allocations.notCountedReason, "the run was stopped before its allocation pass")
    }

    func testAStopDuringAWarmUpEndsItAtOnceWithNothingToReport() throws {
        // A warm-up of 1000 s (virtual) would take a million runs: a stop after the fifth must end it there.
        var long = settings
        long.warmupNanoseconds = 1e12
        let runs = Counter()
        XCTAssertThrowsError(try virtualRunner(long, nanosecondsPerRun: 1_000_000, runs: runs)
            .run(virtualBenchmark(runs: runs), source: .synthetic(seed: 1), shouldStop: { runs.value >= 5 })) {
            XCTAssertEqual("\($0)", "spin/test/w: stopped before its first sample")
        }
        XCTAssertEqual(runs.value, 5)
    }

    func testAStopWithinALongSampleCutsItShortAndKeepsItAsTheOnlySample() throws {
        // 200 s a run (virtual: the warm-up measures it, no probe) and a sample of 10 runs, looked into after every
        // run (each is over 50 ms of work). Runs 1-2 are the warm-up's, 3-12 the batch that confirms the estimate.
        var long = settings
        long.warmupNanoseconds = 1
        long.targetSampleNanoseconds = 1.9e12
        let runs = Counter()
        let result = try virtualRunner(long, nanosecondsPerRun: 200_000_000_000, runs: runs)
            .run(virtualBenchmark(runs: runs), source: .synthetic(seed: 1), shouldStop: { runs.value >= 15 })
        XCTAssertEqual(result.iterationsPerSample, 10)
        XCTAssertEqual(result.samplesNanoseconds.count, 1, "the cut sample is kept: it is the only one")
        XCTAssertEqual(runs.value, 15, "the sample stopped at the stop (its third run), not after its tenth")
    }

    func testColdModeTimesSingleIterations() throws {
        var cold = settings
        cold.coldCache = true
        cold.samples = 3
        let result = try BenchmarkRunner(settings: cold, clock: clock).run(spinBenchmark(), source: .synthetic(seed: 1))
        XCTAssertEqual(result.iterationsPerSample, 1)
    }

    func testSlowBenchmarkTakesFewerSamplesWithinTheCap() throws {
        var capped = settings
        capped.samples = 1000
        capped.maxBenchmarkSeconds = 0.000_001
        let result = try BenchmarkRunner(settings: capped, clock: clock).run(spinBenchmark(), source: .synthetic(seed: 1))
        XCTAssertEqual(result.samplesNanoseconds.count, capped.minimumSamples)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment(by amount: Int = 1) { lock.lock(); count += amount; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
