import Foundation
import Synchronization
import XCTest
@testable import Measurement
import Results

/// The iteration forms a package writes daily: state handed `inout`, untimed preparation per sample or per run, and
/// a body that times only a part of itself.
final class IterationStateTests: XCTestCase {
    private let clock = MonotonicClock.characterize(reads: 1000)
    private let settings = MeasurementSettings(
        samples: 5, targetSampleNanoseconds: 200_000, warmupNanoseconds: 1_000_000, maxBenchmarkSeconds: 1,
        minimumSamples: 3, resamples: 100)

    private func benchmarkResult(of iteration: @escaping @Sendable () -> Iteration) throws -> BenchmarkResult {
        let benchmark = Benchmark(hotPath: "state", variant: "test", workload: "w") { _ in iteration() }
        return try BenchmarkRunner(settings: settings, clock: clock).run(benchmark, source: .synthetic(seed: 1))
    }

    func testStateIsHandedInoutAndKeptFromRunToRun() {
        let seen = Mutex<[Int]>([])
        let iteration = Iteration(state: [Int]()) { output in
            output.append(output.count)
            seen.withLock { $0 = output }
        }
        for _ in 0..<3 { iteration.run() }
        XCTAssertEqual(seen.withLock { $0 }, [0, 1, 2], "the body wrote into the same buffer every run")
    }

    func testEverySampleIsPreparedWithItsIterationCountAndNoRunSeesConsumedState() throws {
        let preparedBatches = Mutex<[Int]>([])
        let emptyRuns = Mutex(0)
        let result = try benchmarkResult {
            Iteration(state: [Int](), beforeEachSample: { deck, iterations in
                deck = Array(0..<iterations)
                preparedBatches.withLock { $0.append(iterations) }
            }) { deck in
                if deck.popLast() == nil { emptyRuns.withLock { $0 += 1 } }
            }
        }
        let batches = preparedBatches.withLock { $0 }
        XCTAssertEqual(emptyRuns.withLock { $0 }, 0, "every run, timed or not, had a card to take")
        XCTAssertGreaterThan(result.iterationsPerSample, 1, "a popLast is batched")
        // Untimed passes prepare single runs (1); each timed sample is prepared once, with its own size.
        XCTAssertEqual(batches.filter { $0 == result.iterationsPerSample }.count, result.samplesNanoseconds.count)
        XCTAssertEqual(Set(batches), [1, result.iterationsPerSample])
    }

    func testOnlyTheMeasuredScopeIsTimed() throws {
        // 3 ms of untimed sleep around a measured nothing: timing the whole body would read ≥ 3 ms per iteration.
        let result = try benchmarkResult {
            Iteration(measuring: { scope in
                usleep(3_000)
                scope.measure { blackHole(1) }
            })
        }
        XCTAssertLessThan(result.statistics.median, 1_000_000, "the sleep outside the scope is not in the samples")
        XCTAssertGreaterThan(result.statistics.median, 0)
    }

    func testBeforeEachPreparesEveryRunOutsideTheTiming() throws {
        let prepared = Mutex(0), ran = Mutex(0)
        let result = try benchmarkResult {
            Iteration(state: 0, beforeEach: { value in
                usleep(3_000)
                value = 1
                prepared.withLock { $0 += 1 }
            }) { value in
                XCTAssertEqual(value, 1)
                value = 0
                ran.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(prepared.withLock { $0 }, ran.withLock { $0 }, "one preparation per run")
        XCTAssertLessThan(result.statistics.median, 1_000_000, "the 3 ms preparation is not timed")
    }

    func testReportedMetricsAreRecordedOnceMeasured() throws {
        let runs = Mutex(0)
        let result = try benchmarkResult {
            Iteration { runs.withLock { $0 += 1 } }.reporting { ["runs-so-far": Double(runs.withLock { $0 })] }
        }
        let reported = try XCTUnwrap(result.metrics?["runs-so-far"])
        XCTAssertGreaterThan(reported, Double(result.samplesNanoseconds.count), "read after the samples were taken")
    }

    /// A metric no results file can hold (0/0 on a frame with nothing in it, an empty name) is left out with a note
    /// saying why; written as it was, every reader refused the file.
    func testAMetricThatIsNotFiniteIsLeftOutWithANote() throws {
        let result = try benchmarkResult {
            Iteration {}.reporting { ["kept-ratio": 0.0 / 0.0, "boxes": 3, "": 1, "rate": .infinity] }
        }
        XCTAssertEqual(result.metrics, ["boxes": 3])
        XCTAssertEqual(result.notes, ["a metric with an empty name (1.0) is left out",
                                      "metric 'kept-ratio' was nan, not a finite number: left out",
                                      "metric 'rate' was inf, not a finite number: left out"])
    }
}
