@testable import Counters
import Measurement
import Results
import XCTest

/// The per-stage profile on a two-stage benchmark defined here (real work: fill a buffer, then sum it).
final class StageProfilerTests: XCTestCase {
    /// Shared by the stages of one iteration: the second reads what the first wrote.
    final class Pipeline: @unchecked Sendable {
        var buffer = [Double](repeating: 0, count: 4096)
        var sum = 0.0
        var fills = 0, sums = 0
        var sumsSeeingFreshFill = 0
        private var generation = 0.0

        func fill() {
            fills += 1
            generation += 1
            for index in buffer.indices { buffer[index] = generation }
        }

        func total() {
            sums += 1
            sum = buffer.reduce(0, +)
            if sum == generation * Double(buffer.count) { sumsSeeingFreshFill += 1 }
        }
    }

    func testStagesRunInOrderAndEachGetsASummaryAndAShare() {
        let pipeline = Pipeline()
        let iteration = Iteration(stages: [Stage("fill") { pipeline.fill() }, Stage("sum") { pipeline.total() }]) {
            pipeline.fill(); pipeline.total()
        }
        let stages = StageProfiler(samples: 8, targetSampleNanoseconds: 200_000, resamples: 100).profile(iteration)
        XCTAssertEqual(stages.map(\.name), ["fill", "sum"])
        XCTAssertEqual(stages.map(\.statistics.count), [8, 8])
        XCTAssertEqual(stages.map(\.share).reduce(0, +), 1, accuracy: 1e-12)
        XCTAssertGreaterThan(pipeline.sums, 8)
        XCTAssertEqual(pipeline.fills, pipeline.sums, "every iteration ran both stages")
        XCTAssertEqual(pipeline.sumsSeeingFreshFill, pipeline.sums, "sum always ran right after its fill")
    }

    /// A SIGINT/SIGTERM during the stage profile: the profiler stops within the iteration it is in (not after all
    /// its samples) and keeps no summary of the samples cut short.
    func testAStopRequestEndsTheStageProfileWithinAnIterationAndKeepsNoStages() {
        let pipeline = Pipeline()
        let iteration = Iteration(stages: [Stage("fill") { pipeline.fill() }, Stage("sum") { pipeline.total() }]) {
            pipeline.fill(); pipeline.total()
        }
        var asked = 0
        let stages = StageProfiler(samples: 1000, targetSampleNanoseconds: 200_000, resamples: 100)
            .profile(iteration) { asked += 1; return asked > 3 }
        XCTAssertEqual(stages.count, 0)
        XCTAssertEqual(asked, 4, "asked before every iteration, and stopped at the first yes")
    }

    func testStageCountersComeFromPrefixesThatKeepTheStageOrder() {
        let pipeline = Pipeline()
        let iteration = Iteration(stages: [Stage("fill") { pipeline.fill() }, Stage("sum") { pipeline.total() }]) {
            pipeline.fill(); pipeline.total()
        }
        let profiler = StageProfiler(samples: 3, targetSampleNanoseconds: 100_000, resamples: 50,
                                     counters: PAPICounterProbe(wanted: EventCatalog.software))
        let stages = profiler.profile(iteration)
        XCTAssertEqual(stages.map(\.name), ["fill", "sum"], "one result per stage, in the benchmark's order")
        XCTAssertEqual(pipeline.sumsSeeingFreshFill, pipeline.sums, "no counted body ran sum without its fill")
        // The prefixes are [], [fill], [fill, sum]: fill alone ran in the one-stage prefix, sum never alone.
        XCTAssertGreaterThan(pipeline.fills, pipeline.sums, "the [fill] prefix was counted")
        for stage in stages {
            XCTAssertNil(stage.counters.first { $0.name == "IPC" }, "a ratio is not a difference")
            XCTAssertNotNil(stage.counters.first { $0.name == ProcessCPUTime.name }?.perIteration)
        }
    }

    func testBenchmarkWithoutStagesHasNoStageProfile() {
        XCTAssertEqual(StageProfiler().profile(Iteration { }).count, 0)
    }

    func testStageCountersAreThePrefixDifferencesAndANegativeOneIsUnavailableNotZero() {
        let before = [CounterReading(name: "x", perIteration: 10, source: .papiSoftware),
                      CounterReading(name: "y", perIteration: 5, source: .papiSoftware)]
        let after = [CounterReading(name: "x", perIteration: 25, source: .papiSoftware),
                     CounterReading(name: "y", perIteration: 4, source: .papiSoftware),
                     .unavailable("z", reason: "no PMU")]
        let difference = StageProfiler.difference(after, minus: before)
        XCTAssertEqual(difference.map(\.perIteration), [15, nil, nil])
        XCTAssertEqual(difference[0].note, "prefix difference")
        XCTAssertEqual(difference[1].source, .unavailable)
        XCTAssertEqual(difference[1].note, "y: below the noise of its prefix difference (4 − 5 per iteration)")
        XCTAssertEqual(difference[2].note, "no PMU")
    }
}
