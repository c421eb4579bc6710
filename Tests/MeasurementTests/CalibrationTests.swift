import XCTest
@testable import Measurement

final class CalibrationTests: XCTestCase {
    func testSubMicrosecondWorkIsBatchedFarAboveTheClock() {
        // 5 ns of work, 25 ns clock reads: a sample must last ≥ 1000 clock costs and reach the target.
        let iterations = Calibration.iterationsPerSample(nanosecondsPerIteration: 5, target: 1_000_000, clockFloor: 25)
        XCTAssertEqual(iterations, 200_000)
        XCTAssertGreaterThanOrEqual(Double(iterations) * 5, 1000 * 25)
    }

    func testClockFloorWinsOverATinyTarget() {
        let iterations = Calibration.iterationsPerSample(nanosecondsPerIteration: 10, target: 100, clockFloor: 30)
        XCTAssertEqual(iterations, 3000)
    }

    func testSlowWorkTakesOneIterationPerSample() {
        XCTAssertEqual(Calibration.iterationsPerSample(nanosecondsPerIteration: 50_000_000, target: 5_000_000, clockFloor: 25), 1)
    }

    func testEstimateGrowsTheBatchUntilTheProbeTimeIsReached() {
        // A clock the body advances by 1 µs per call: nothing depends on this machine's speed or on preemption.
        var calls = 0, time: UInt64 = 5_000
        let perIteration = Calibration.estimate(probeNanoseconds: 200_000, now: { time }) { calls += 1; time += 1_000 }
        // Batches 1, 10 (×10 while under 1% of the probe), then doubling: 20, 40, 80, 160, 320 (320 µs ≥ 200 µs).
        XCTAssertEqual(calls, 1 + 10 + 20 + 40 + 80 + 160 + 320)
        XCTAssertEqual(perIteration, 1_000)
    }

    func testQuickSettingsAreShorterThanDefaults() {
        let quick = MeasurementSettings.quick, full = MeasurementSettings()
        XCTAssertLessThan(quick.samples, full.samples)
        XCTAssertLessThan(quick.maxBenchmarkSeconds, full.maxBenchmarkSeconds)
        XCTAssertLessThan(quick.warmupNanoseconds, full.warmupNanoseconds)
    }
}

final class AllocationPassTests: XCTestCase {
    func testFastBodiesCountOverAWholeSampleBatch() {
        XCTAssertEqual(BenchmarkRunner.allocationIterations(batch: 5000, nanosecondsPerIteration: 1000), 5000)
    }

    func testSingleIterationSamplesStillCountTenIterationsWhenCheap() {
        XCTAssertEqual(BenchmarkRunner.allocationIterations(batch: 1, nanosecondsPerIteration: 50_000_000), 10)
    }

    func testSlowBodiesCountAboutASecondButNeverFewerThanTwo() {
        XCTAssertEqual(BenchmarkRunner.allocationIterations(batch: 1, nanosecondsPerIteration: 300_000_000), 3)
        XCTAssertEqual(BenchmarkRunner.allocationIterations(batch: 1, nanosecondsPerIteration: 6_700_000_000), 2)
    }
}

/// The counting passes spread their own start over at least ~20 ms of the body: 5 iterations of a 200 µs copy
/// read 10-38% more task clock than the timed median.
final class CountingPassTests: XCTestCase {
    func testShortSampleBatchesAreCountedOverAtLeastTwentyMilliseconds() {
        XCTAssertEqual(BenchmarkRunner.countingIterations(batch: 5, nanosecondsPerIteration: 200_000), 100)
    }

    func testASampleBatchLongerThanTheFloorIsCountedWhole() {
        XCTAssertEqual(BenchmarkRunner.countingIterations(batch: 50_000, nanosecondsPerIteration: 1000), 50_000)
    }

    func testTinyBodiesAreCappedAndSlowOnesRunOnce() {
        XCTAssertEqual(BenchmarkRunner.countingIterations(batch: 100, nanosecondsPerIteration: 1), 1_000_000)
        XCTAssertEqual(BenchmarkRunner.countingIterations(batch: 1, nanosecondsPerIteration: 2e9), 1)
    }
}
