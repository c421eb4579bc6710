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
        var calls = 0
        let perIteration = Calibration.estimate(probeNanoseconds: 200_000) { calls += 1; blackHole(calls) }
        XCTAssertGreaterThan(calls, 1)
        XCTAssertGreaterThan(perIteration, 0)
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
