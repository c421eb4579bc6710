import Budgets
import Results
import Statistics
import XCTest

final class VerdictTests: XCTestCase {
    private let evaluator = BudgetEvaluator()

    /// p95 of 0.9 ms in nanoseconds with the interval [lower, upper] ms, measured in one process.
    private func verdict(_ budget: Budget, p95: Double, lower: Double, upper: Double) -> BudgetVerdict {
        let summary = BudgetFixtures.summary(value: p95 * 1e6, lower: lower * 1e6, upper: upper * 1e6)
        return evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: summary))
    }

    /// The interval rule itself (what decides over process runs), on an interval in the budget's unit.
    private func rule(_ budget: Budget, p95: Double, lower: Double, upper: Double) -> VerdictOutcome {
        BudgetEvaluator.outcome(measured: p95, interval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95), budget: budget)
    }

    func testPassesWhenTheWholeIntervalIsUnderTheLimit() {
        let v = verdict(BudgetFixtures.budget(), p95: 0.5, lower: 0.45, upper: 0.55)
        XCTAssertEqual(v.outcome, .pass)
        XCTAssertEqual(v.measured!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(v.interval!.upper, 0.55, accuracy: 1e-12)
        XCTAssertEqual(v.headroomPercent!, 50, accuracy: 1e-9)
        XCTAssertNil(v.warning)
    }

    func testUpperBoundExactlyAtTheLimitIsInconclusiveNotPass() {
        XCTAssertEqual(rule(BudgetFixtures.budget(), p95: 0.9, lower: 0.8, upper: 1.0), .inconclusive)
    }

    func testLowerBoundExactlyAtTheLimitIsInconclusiveNotFail() {
        XCTAssertEqual(rule(BudgetFixtures.budget(), p95: 1.1, lower: 1.0, upper: 1.2), .inconclusive)
    }

    func testFailsWhenTheLowerBoundIsOverTheLimit() {
        XCTAssertEqual(rule(BudgetFixtures.budget(), p95: 1.2, lower: 1.1, upper: 1.3), .fail)
        let v = verdict(BudgetFixtures.budget(), p95: 1.2, lower: 1.1, upper: 1.3)
        XCTAssertEqual(v.outcome, .inconclusive, "wholly over the limit in one process: a FAIL needs two")
        XCTAssertEqual(v.headroomPercent!, -20, accuracy: 1e-9)
    }

    func testPointEstimateUnderTheLimitButIntervalOverItIsInconclusive() {
        XCTAssertEqual(rule(BudgetFixtures.budget(), p95: 0.95, lower: 0.9, upper: 1.05), .inconclusive)
    }

    func testThinHeadroomPassWarnsAtTheConfiguredMargin() {
        let budget = BudgetFixtures.budget(statistic: .median)
        // One process passes a median of 0.82 [0.81, 0.83] ms under 1 ms (0.83 × e^(1.645 × 0.1) = 0.978).
        let summary = BudgetFixtures.summary(.median, value: 0.82e6, lower: 0.81e6, upper: 0.83e6)
        XCTAssertNotNil(evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: summary)).warning, "18% < 20% margin")
        let relaxed = BudgetEvaluator(warningMarginPercent: 10)
        XCTAssertNil(relaxed.evaluate(budget, result: BudgetFixtures.result(statistics: summary)).warning)
    }

    func testMinDirectionPassesWhenTheLowerBoundIsOverTheLimit() {
        let budget = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 0.95, unit: .ratio, direction: .min,
                                           id: ("frame-loop", "photo", "drop"))
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        func share(_ value: Double, frames: Int) -> VerdictOutcome {
            evaluator.evaluate(budget, result: BudgetFixtures.result(
                id: "frame-loop/photo/drop", statistics: frame,
                frameLoop: BudgetFixtures.frameLoop(frameTime: frame, share: value, frames: frames))).outcome
        }
        XCTAssertEqual(share(0.99, frames: 2000), .pass)
        XCTAssertEqual(share(0.90, frames: 2000), .inconclusive, "wholly under the limit in one process: a FAIL needs two")
        XCTAssertEqual(share(0.955, frames: 100), .inconclusive, "100 frames cannot tell 95.5% from 95%")
    }

    func testMinDirectionBoundariesMirrorTheMaxOnes() {
        let budget = BudgetFixtures.budget(limit: 1, direction: .min)
        XCTAssertEqual(rule(budget, p95: 1.1, lower: 1.0, upper: 1.2), .inconclusive, "lower bound at the limit")
        XCTAssertEqual(rule(budget, p95: 0.9, lower: 0.8, upper: 1.0), .inconclusive, "upper bound at the limit")
        XCTAssertEqual(rule(budget, p95: 0.5, lower: 0.4, upper: 0.6), .fail)
        XCTAssertEqual(verdict(budget, p95: 1.5, lower: 1.4, upper: 1.6).headroomPercent!, 50, accuracy: 1e-9)
    }

    func testABenchmarkThatDidNotRunIsMissingNeverPass() {
        let v = evaluator.evaluate(BudgetFixtures.budget(), result: nil)
        XCTAssertEqual(v.outcome, .missing)
        XCTAssertNil(v.measured)
        XCTAssertEqual(v.warning, "colormap/optimized/256x192 did not run")
    }

    func testAMissingVerdictSaysWhyInATypeNotOnlyInWords() {
        XCTAssertEqual(evaluator.evaluate(BudgetFixtures.budget(), result: nil).missingReason, .benchmarkDidNotRun)
        let summary = BudgetFixtures.summary(value: 0.5e6, lower: 0.4e6, upper: 0.6e6)
        let noLoop = evaluator.evaluate(BudgetFixtures.budget(.frameTime, statistic: .p95, limit: 20, unit: .ms),
                                        result: BudgetFixtures.result(statistics: summary))
        XCTAssertEqual(noLoop.outcome, .missing)
        XCTAssertEqual(noLoop.missingReason, .metricNotMeasured)
        let measured = evaluator.evaluate(BudgetFixtures.budget(), result: BudgetFixtures.result(statistics: summary))
        XCTAssertNotEqual(measured.outcome, .missing)
        XCTAssertNil(measured.missingReason)
    }

    func testRunLevelEvaluationFindsResultsByBenchmarkID() throws {
        let summary = BudgetFixtures.summary(value: 0.5e6, lower: 0.4e6, upper: 0.6e6)
        var run = RunResults(runID: "r", startedAt: Date(timeIntervalSince1970: 0), environment: try environment(),
                             settings: RunSettings(samples: 3, targetSampleNanoseconds: 1, warmupNanoseconds: 1))
        run.benchmarks = [BudgetFixtures.result(statistics: summary)]
        let fusion = BudgetFixtures.budget(id: ("fusion", "optimized", "256x192-to-518x392"))
        let verdicts = evaluator.evaluate([BudgetFixtures.budget(), fusion], against: run)
        XCTAssertEqual(verdicts.map(\.outcome), [.pass, .missing])
        XCTAssertTrue(GateSummary(verdicts).hasFailures)
    }

    func testUnitsAreConvertedFromNanosecondsAndMilliseconds() {
        let summary = BudgetFixtures.summary(value: 250_000, lower: 240_000, upper: 260_000)
        let micro = evaluator.evaluate(BudgetFixtures.budget(limit: 400, unit: .us), result: BudgetFixtures.result(statistics: summary))
        XCTAssertEqual(micro.measured!, 250, accuracy: 1e-9)
        XCTAssertEqual(micro.outcome, .pass)
        let seconds = evaluator.evaluate(BudgetFixtures.budget(limit: 0.0002, unit: .s), result: BudgetFixtures.result(statistics: summary))
        XCTAssertEqual(seconds.measured!, 0.00025, accuracy: 1e-15)
        XCTAssertEqual(seconds.headroomPercent!, -25, accuracy: 1e-9)
        // Frame-loop summaries are already in milliseconds: 16 ms stays 16 ms, not 16e-6.
        let frame = BudgetFixtures.summary(value: 16, lower: 15.5, upper: 16.5)
        let loop = BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame, frameLoop: BudgetFixtures.frameLoop(frameTime: frame))
        let budget = BudgetFixtures.budget(.frameTime, limit: 17.54, id: ("frame-loop", "photo", "drop"))
        XCTAssertEqual(evaluator.evaluate(budget, result: loop).measured!, 16, accuracy: 1e-12)
        let inMicro = BudgetFixtures.budget(.frameTime, limit: 17540, unit: .us, id: ("frame-loop", "photo", "drop"))
        XCTAssertEqual(evaluator.evaluate(inMicro, result: loop).measured!, 16000, accuracy: 1e-9)
    }

    func testPeakMemoryInDecimalAndBinaryMegabytes() {
        let result = BudgetFixtures.result(statistics: BudgetFixtures.summary(value: 1, lower: 1, upper: 1), peak: 314_572_800)
        let decimal = evaluator.evaluate(BudgetFixtures.budget(.peakMemory, statistic: .max, limit: 300, unit: .MB), result: result)
        XCTAssertEqual(decimal.measured!, 314.5728, accuracy: 1e-9)
        XCTAssertEqual(decimal.outcome, .inconclusive, "a point estimate over the limit in one process: a FAIL needs two")
        let binary = evaluator.evaluate(BudgetFixtures.budget(.peakMemory, statistic: .max, limit: 300, unit: .MiB), result: result)
        XCTAssertEqual(binary.outcome, .inconclusive, "exactly 300 MiB: a point estimate at the limit proves nothing")
        let unrecorded = BudgetFixtures.result(statistics: BudgetFixtures.summary(value: 1, lower: 1, upper: 1))
        XCTAssertEqual(evaluator.evaluate(BudgetFixtures.budget(.peakMemory, statistic: .max, limit: 300, unit: .MB), result: unrecorded).outcome, .missing)
    }

    func testZeroAllocationBudgetPassesOnlyAtExactlyZero() {
        let budget = BudgetFixtures.budget(.allocations, statistic: .mean, limit: 0, unit: .count)
        let summary = BudgetFixtures.summary(value: 1, lower: 1, upper: 1)
        XCTAssertEqual(evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: summary, allocations: 0)).outcome, .pass)
        let one = evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: summary, allocations: 0.001))
        XCTAssertEqual(one.outcome, .fail, "one allocation in a thousand iterations is not zero")
        XCTAssertNil(one.headroomPercent)
        let uncounted = evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: summary, counted: false))
        XCTAssertEqual(uncounted.outcome, .missing)
    }

    func testDriftAndStatisticsWithoutIntervalUseThePointEstimate() {
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        let budget = BudgetFixtures.budget(.drift, statistic: .p50, limit: 1.1, unit: .ratio, id: ("frame-loop", "photo", "drop"))
        let result = BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame, frameLoop: BudgetFixtures.frameLoop(frameTime: frame, drift: 1.2))
        let v = evaluator.evaluate(budget, result: result)
        XCTAssertEqual(v.outcome, .inconclusive, "over the limit in one process: a FAIL needs two")
        XCTAssertNil(v.interval)
        let p999 = BudgetFixtures.budget(statistic: .p999, limit: 1)
        let summary = BudgetFixtures.summary(value: 0.5e6, lower: 0, upper: 2e6)
        XCTAssertEqual(evaluator.evaluate(p999, result: BudgetFixtures.result(statistics: summary)).outcome, .pass)
        let noLoop = evaluator.evaluate(budget, result: BudgetFixtures.result(statistics: frame))
        XCTAssertEqual(noLoop.outcome, .missing)
    }

    func testWilsonIntervalMatchesTheTextbookValue() {
        // 95 of 100: scipy.stats.binomtest(95, 100).proportion_ci(method="wilson") gives [0.88825, 0.97846].
        let ci = Wilson.interval(share: 0.95, trials: 100)!
        XCTAssertEqual(ci.lower, 0.8883, accuracy: 1e-4)
        XCTAssertEqual(ci.upper, 0.9785, accuracy: 1e-4)
        XCTAssertNil(Wilson.interval(share: 0.5, trials: 0))
    }

    /// The share counts intervals between presentations, one fewer than the frames: 21 frames give 20 trials.
    /// 19 of 20 intervals: scipy.stats.binomtest(19, 20).proportion_ci(method="wilson") = [0.763869, 0.991119]
    /// (with 21 trials it would be [0.773306, 0.991544]).
    func testFPSShareIntervalCountsIntervalsNotFrames() throws {
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        let loop = BudgetFixtures.frameLoop(frameTime: frame, share: 0.95, frames: 21)
        let result = BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame, frameLoop: loop)
        let budget = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 0.5, unit: .ratio, direction: .min,
                                           id: ("frame-loop", "photo", "drop"))
        let interval = try XCTUnwrap(evaluator.evaluate(budget, result: result).interval)
        XCTAssertEqual(interval.lower, 0.763869, accuracy: 1e-6)
        XCTAssertEqual(interval.upper, 0.991119, accuracy: 1e-6)
    }

    /// A 30 fps loop's 57 fps share is 0 by construction: an fps-share budget on it failed whatever the loop did. The
    /// budget reads the share on rate at the loop's own cadence; a loop of one frame has none to read (MISSING).
    func testFPSShareReadsTheShareOnRateAtTheLoopsCadenceAndNeedsTwoFrames() throws {
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        var video = BudgetFixtures.frameLoop(frameTime: frame, share: 0, frames: 450)
        video.shareOnRate = 0.99
        let budget = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 0.95, unit: .ratio, direction: .min,
                                           id: ("frame-loop", "video", "drop"))
        let verdict = evaluator.evaluate(budget, result: BudgetFixtures.result(id: "frame-loop/video/drop", statistics: frame, frameLoop: video))
        XCTAssertEqual(verdict.measured, 0.99)
        XCTAssertNotEqual(verdict.outcome, .fail, "one process decides no ratio this close; it read 0, FAIL")
        let one = BudgetFixtures.frameLoop(frameTime: frame, share: 0, frames: 1)
        let missing = evaluator.evaluate(budget, result: BudgetFixtures.result(id: "frame-loop/video/drop", statistics: frame, frameLoop: one))
        XCTAssertEqual(missing.outcome, .missing, "one frame: no share, not a FAIL of 0")
    }

    /// The same loop summary in three process runs: a share or drift verdict rests on runs (one process never
    /// decides a ratio this close to its limit), and equal runs give a zero-width interval over runs.
    private func inThreeRuns(_ result: BenchmarkResult) -> BenchmarkResult {
        var replicated = result
        replicated.replicates = (1...3).map { Replicate(runID: "r\($0)", firstSample: 0, sampleCount: 0, frameLoop: result.frameLoop) }
        return replicated
    }

    /// A perfect loop (every frame at ≥ 57 fps, no drift) must not warn: the margin of a share or a ratio is measured
    /// on the room between the limit and the best value the metric can take, not as a percentage of the limit.
    func testPerfectShareAndDriftCarryNoMarginWarning() {
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        let perfect = inThreeRuns(BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame,
                                            frameLoop: BudgetFixtures.frameLoop(frameTime: frame, share: 1, drift: 1)))
        let share = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 0.95, unit: .ratio, direction: .min,
                                          id: ("frame-loop", "photo", "drop"))
        let sharePercent = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 95, unit: .percent, direction: .min,
                                                 id: ("frame-loop", "photo", "drop"))
        let drift = BudgetFixtures.budget(.drift, statistic: .p50, limit: 1.1, unit: .ratio, id: ("frame-loop", "photo", "drop"))
        for budget in [share, sharePercent, drift] {
            let verdict = evaluator.evaluate(budget, result: perfect)
            XCTAssertEqual(verdict.outcome, .pass, "\(budget.metric)")
            XCTAssertNil(verdict.warning, "\(budget.metric)")
        }
    }

    /// Close to the limit still warns: a drift of 1.09 uses 90% of the 0.1 allowed; a share of 0.955 leaves 10% of
    /// the room between 0.95 and 1.
    func testShareAndDriftNearTheLimitStillWarn() throws {
        let frame = BudgetFixtures.summary(value: 15, lower: 14, upper: 16)
        let close = inThreeRuns(BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame,
                                          frameLoop: BudgetFixtures.frameLoop(frameTime: frame, share: 0.955, frames: 100_001, drift: 1.09)))
        let share = BudgetFixtures.budget(.fpsShare, statistic: .mean, limit: 0.95, unit: .ratio, direction: .min,
                                          id: ("frame-loop", "photo", "drop"))
        let drift = BudgetFixtures.budget(.drift, statistic: .p50, limit: 1.1, unit: .ratio, id: ("frame-loop", "photo", "drop"))
        let shareVerdict = evaluator.evaluate(share, result: close)
        XCTAssertEqual(shareVerdict.outcome, .pass)
        XCTAssertEqual(shareVerdict.warning, "0.005 ratio above the limit is 10% of the room to the best value 1 ratio, under the 20% margin")
        let driftVerdict = evaluator.evaluate(drift, result: close)
        XCTAssertEqual(driftVerdict.outcome, .pass)
        XCTAssertEqual(driftVerdict.warning, "0.01 ratio under the limit is 10% of the room to the best value 1 ratio, under the 20% margin")
    }

    private func environment() throws -> EnvironmentInfo {
        EnvironmentInfo(hostname: "h", cpuModel: "cpu", logicalCores: 1, frequencyGovernor: nil, virtualization: nil,
                        kernel: "k", operatingSystem: "os", swiftVersion: "6", buildConfiguration: "release",
                        gitCommit: nil, gitDirty: nil, loadAverage: [],
                        clock: ClockInfo(source: "c", resolutionNanoseconds: 1, granularityNanoseconds: 1, overheadNanoseconds: 1))
    }

    func testRatesAreScaledWithAnSIPrefix() {
        XCTAssertEqual(UnitFormat.scaled(12_345_678), "12.35 M")
        XCTAssertEqual(UnitFormat.scaled(980_000), "980 k")
        XCTAssertEqual(UnitFormat.scaled(512), "512")
        XCTAssertEqual(UnitFormat.scaled(4.061e9), "4.061 G")
    }

    func testACustomBudgetReadsTheBenchmarksOwnMetricExactly() {
        var budget = BudgetFixtures.budget(.custom, statistic: .mean, limit: 100, unit: .value, direction: .min)
        budget.customMetric = "boxes-kept"
        var result = BudgetFixtures.result(statistics: BudgetFixtures.summary(value: 1, lower: 1, upper: 1))
        let evaluator = BudgetEvaluator()
        XCTAssertEqual(evaluator.evaluate(budget, result: result).outcome, .missing, "no metric reported")
        result.metrics = ["boxes-kept": 120]
        XCTAssertEqual(evaluator.evaluate(budget, result: result).outcome, .pass)
        result.metrics = ["boxes-kept": 100]
        XCTAssertEqual(evaluator.evaluate(budget, result: result).outcome, .pass, "an exact value: the limit is inclusive")
        result.metrics = ["boxes-kept": 99]
        XCTAssertEqual(evaluator.evaluate(budget, result: result).outcome, .fail)
        XCTAssertEqual(budget.rule, "boxes-kept ≥ 100 value")
    }

    /// A share of frames is judged over the intervals it is worth (late frames come in runs), not over every frame:
    /// 60 effective intervals of 599 make its Wilson interval about three times as wide; a file without the field
    /// counts every interval, as before.
    func testAShareOfFramesIsJudgedOverItsEffectiveIntervals() throws {
        let frame = BudgetFixtures.summary(value: 3, lower: 2.9, upper: 3.1)
        var loop = BudgetFixtures.frameLoop(frameTime: frame, share: 0.97, frames: 600)
        func interval() throws -> ConfidenceInterval? {
            let result = BudgetFixtures.result(id: "frame-loop/photo/drop", statistics: frame, frameLoop: loop)
            guard case let .success(reading) = MetricReading.read(.fpsShare, statistic: .mean, from: result) else { return nil }
            return reading.interval
        }
        let everyInterval = try XCTUnwrap(try interval())
        XCTAssertEqual(everyInterval, Wilson.interval(share: 0.97, trials: 599))
        loop.shareEffectiveIntervals = 60
        let effective = try XCTUnwrap(try interval())
        XCTAssertEqual(effective, Wilson.interval(share: 0.97, trials: 60))
        XCTAssertGreaterThan(effective.upper - effective.lower, 2.5 * (everyInterval.upper - everyInterval.lower))
    }

    /// A metric the run left out as not finite is MISSING with the run's reason, not as never reported.
    func testAMetricLeftOutAsNotFiniteSaysWhy() {
        var result = BudgetFixtures.result(statistics: BudgetFixtures.summary(value: 1, lower: 1, upper: 1))
        let read = { MetricReading.read(.custom, statistic: .mean, customMetric: "kept-ratio", from: result) }
        guard case let .failure(never) = read() else { return XCTFail("no metric reported") }
        XCTAssertFalse(never.reason.contains("("), never.reason)
        result.notes = ["metric 'kept-ratio' was nan, not a finite number: left out"]
        guard case let .failure(leftOut) = read() else { return XCTFail("left out") }
        XCTAssertTrue(leftOut.reason.hasSuffix("reports no metric 'kept-ratio' (metric 'kept-ratio' was nan, not a finite number: left out)"),
                      leftOut.reason)
    }
}
