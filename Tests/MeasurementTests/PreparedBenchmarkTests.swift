import XCTest
@testable import Measurement

/// A benchmark prepared for interleaved sampling (`speedup`, a paired worker): its warm-up hears a stop request.
final class PreparedBenchmarkTests: XCTestCase {
    func testAStopRequestEndsAnHourLongWarmUpAtOnce() throws {
        // An hour of warm-up: without the stop request heard, the test would not end for an hour.
        let settings = MeasurementSettings(samples: 3, targetSampleNanoseconds: 1_000, warmupNanoseconds: 3_600e9,
                                           maxBenchmarkSeconds: 1, minimumSamples: 3, resamples: 10)
        let bodies = Counter()
        let benchmark = Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in Iteration { bodies.increment(by: 1) } }
        var polls = 0
        let prepared = try PreparedBenchmark(benchmark, source: .synthetic(seed: 1), settings: settings,
                                             clock: MonotonicClock.characterize(reads: 100), shouldStop: { polls += 1; return true })
        prepared.tearDown()
        XCTAssertEqual(polls, 1, "the first poll stopped the warm-up")
        XCTAssertEqual(bodies.value, 2, "the warm-up's first run and the one after which it polled")
    }
}
