import RunFixtures
import XCTest
@testable import Comparison
import Results
import Statistics
import TextFormatting

/// Verdicts rest on process runs (a t test over per-run values, Holm over the benchmarks, each benchmark's noise
/// floor, UNCHANGED only inside the threshold); one process's luck is never an effect; sets that differ are reported,
/// not errors.
final class ComparatorTests: XCTestCase {
    private let id = "texture-upload/optimized/256x192"
    private let settings = ComparisonSettings(resamples: 200)

    private func compare(_ base: [[Double]], _ head: [[Double]], settings: ComparisonSettings? = nil,
                         priors: [String: PriorSpread] = [:]) -> BenchmarkComparison {
        Comparator.compare(base: Fixture.merged("base", [(id, base)]), head: Fixture.merged("head", [(id, head)]),
                           settings: settings ?? self.settings, priors: priors).benchmarks[0]
    }

    func testSameBuildOverFiveRunsPerSideIsUnchangedWithAWelchIntervalAroundTheChange() throws {
        let c = compare(Fixture.processRuns(5, median: 1000, between: 0.005, seed: 1),
                        Fixture.processRuns(5, median: 1000, between: 0.005, seed: 2))
        XCTAssertEqual(c.verdict, .unchanged)
        XCTAssertEqual(c.runLevel?.method, .welch)
        XCTAssertEqual([c.baseRuns, c.headRuns], [5, 5])
        XCTAssertTrue(try XCTUnwrap(c.interval).contains(c.relativeChange))
        let shown = RunLevelDecision.equivalenceInterval(try XCTUnwrap(c.runLevel))
        XCTAssertTrue(shown.lower >= -0.02 && shown.upper <= 0.02, "the 90% interval \(shown) lies within ±2%")
        XCTAssertFalse(c.needsMoreRuns)
        // What the reports show for it: the interval it rests on, marked 90% (the 99% one beside "unchanged" read
        // as an unchanged change whose interval reached past the threshold); the JSON keeps both.
        XCTAssertEqual(c.equivalenceInterval, shown)
        XCTAssertEqual(c.shownInterval, shown)
        XCTAssertEqual(ComparisonText.intervalText(c, level: 0.99), " [\(Percent.signed(shown.lower)), \(Percent.signed(shown.upper))] 90%")
        let json = try JSONSerialization.jsonObject(with: ResultsFile.encoder().encode(c)) as! [String: Any]
        XCTAssertEqual((json["equivalenceInterval"] as? [String: Double])?["level"], 0.90)
    }

    /// A compare after every round looks again at the same benchmarks: each look's 90% interval let a change of
    /// exactly the threshold end UNCHANGED in 9–15% of sessions. Over `--looks 4` the interval is 97.5%.
    func testUnchangedOverSeveralLooksNeedsTheWiderInterval() throws {
        let base = [1000.0, 1010, 990, 1005, 995].map { [$0, $0] }
        let head = [1008.0, 1018, 998, 1013, 1003].map { [$0, $0] }
        let once = compare(base, head)
        XCTAssertEqual(once.verdict, .unchanged, "\(String(describing: once.equivalenceInterval))")
        let fourLooks = ComparisonSettings(resamples: 200, looks: 4)
        XCTAssertEqual(fourLooks.equivalenceLevel, 0.975, accuracy: 1e-12)
        let again = compare(base, head, settings: fourLooks)
        XCTAssertEqual(again.verdict, .inconclusive, "\(String(describing: again.equivalenceInterval))")
        XCTAssertEqual(again.equivalenceInterval?.level ?? 0, 0.975, accuracy: 1e-12)
        XCTAssertGreaterThan(again.equivalenceInterval?.upper ?? 0, 0.02)
    }

    func testARealChangeHiddenInANoisyBenchmarksFloorIsInconclusiveNeverUnchanged() throws {
        // Runs 6% apart raise the noise floor to about 6%: a real 5% slowdown is within it, but its interval reaches
        // far beyond ±2%, so nothing is shown (a nightly once called +6.1% [−0.5%, +13.3%] "unchanged" this way).
        let c = compare(Fixture.processRuns(4, median: 1000, between: 0.06, seed: 3),
                        Fixture.processRuns(4, median: 1050, between: 0.06, seed: 4))
        XCTAssertGreaterThan(c.noiseFloor, 0.04)
        XCTAssertLessThan(abs(c.relativeChange), c.noiseFloor, "within the floor: the old rule said unchanged")
        XCTAssertEqual(c.verdict, .inconclusive)
        XCTAssertTrue(c.needsMoreRuns)
    }

    func testTenPercentSlowerOverFiveRunsIsRegressedWithAnIntervalAroundTenPercent() throws {
        let c = compare(Fixture.processRuns(5, median: 1000, seed: 1), Fixture.processRuns(5, median: 1100, seed: 2))
        XCTAssertEqual(c.verdict, .regressed)
        XCTAssertEqual(c.relativeChange, 0.10, accuracy: 0.02)
        let interval = try XCTUnwrap(c.interval)
        XCTAssertTrue(interval.lower > 0.05 && interval.upper < 0.15, "\(interval)")
        XCTAssertLessThan(try XCTUnwrap(c.adjustedPValue), 0.01)
    }

    func testFasterIsImproved() {
        XCTAssertEqual(compare(Fixture.processRuns(5, median: 1000, seed: 1), Fixture.processRuns(5, median: 900, seed: 2)).verdict,
                       .improved)
    }

    func testOneRunPerSideIsInconclusiveHoweverSignificantItsPooledSamplesLook() {
        // 200 tight samples a side, 10% apart: the pooled-sample Mann–Whitney test is overwhelming, but two processes
        // say nothing about how much a fresh process moves this benchmark.
        let c = compare([Fixture.times(200, median: 1000, spread: 0.002, seed: 1)],
                        [Fixture.times(200, median: 1100, spread: 0.002, seed: 2)])
        XCTAssertLessThan(c.mannWhitneyPValue, 1e-20)
        XCTAssertNil(c.runLevel)
        XCTAssertNil(c.interval)
        XCTAssertEqual(c.verdict, .inconclusive)
        XCTAssertTrue(c.needsMoreRuns)
        XCTAssertTrue(c.notes.contains { $0.hasPrefix("between-run variance unknown: one run per side") }, "\(c.notes)")
    }

    func testOneRunPerSideIsJudgedWithTheHistorysBetweenRunSpread() {
        let base = [Fixture.times(50, median: 1000, spread: 0.002, seed: 1)]
        let head = [Fixture.times(50, median: 1100, spread: 0.002, seed: 2)]
        let c = compare(base, head, priors: [id: PriorSpread(standardDeviation: 0.01, degreesOfFreedom: 12)])
        XCTAssertEqual(c.runLevel?.method, .pooled)
        XCTAssertEqual(c.runLevel?.priorDegreesOfFreedom, 12)
        XCTAssertEqual(c.verdict, .regressed)
        // A prior as wide as the change leaves it undecided.
        XCTAssertEqual(compare(base, head, priors: [id: PriorSpread(standardDeviation: 0.08, degreesOfFreedom: 12)]).verdict,
                       .inconclusive)
    }

    func testOneProcesssLuckIsNotAnEffect() {
        // No true change; each process lands at its own level (3% between runs) with tight samples inside it.
        let base = Fixture.processRuns(4, median: 1000, between: 0.03, within: 0.001, seed: 11)
        let head = Fixture.processRuns(4, median: 1000, between: 0.03, within: 0.001, seed: 12)
        let c = compare(base, head)
        XCTAssertLessThan(c.mannWhitneyPValue, 0.01, "pooled samples alone would call a change")
        XCTAssertFalse([Verdict.regressed, .improved].contains(c.verdict), "\(c.verdict) at \(c.relativeChange)")
    }

    func testTheNoiseFloorRisesToTheBenchmarksOwnBetweenRunSpread() throws {
        let c = compare(Fixture.processRuns(6, median: 1000, between: 0.06, seed: 3), Fixture.processRuns(6, median: 1000, between: 0.06, seed: 4))
        let spread = try XCTUnwrap(c.betweenRunSpread)
        XCTAssertGreaterThan(spread, 0.03)
        XCTAssertEqual(c.noiseFloor, exp(spread) - 1, accuracy: 1e-12)
        let quiet = compare(Fixture.processRuns(6, median: 1000, between: 0.002, seed: 3), Fixture.processRuns(6, median: 1000, between: 0.002, seed: 4))
        XCTAssertEqual(quiet.noiseFloor, 0.02, "never below the user's threshold")
    }

    func testASignificantChangeWithinTheNoiseFloorIsUnchanged() throws {
        let c = compare(Fixture.processRuns(6, median: 1000, between: 0.001, within: 0.001, seed: 5),
                        Fixture.processRuns(6, median: 1010, between: 0.001, within: 0.001, seed: 6))
        XCTAssertLessThan(try XCTUnwrap(c.adjustedPValue), 1e-4)
        XCTAssertEqual(c.verdict, .unchanged, "1% is under the 2% threshold")
        let finer = ComparisonSettings(threshold: 0.005, resamples: 200)
        XCTAssertEqual(compare(Fixture.processRuns(6, median: 1000, between: 0.001, within: 0.001, seed: 5),
                               Fixture.processRuns(6, median: 1010, between: 0.001, within: 0.001, seed: 6), settings: finer).verdict,
                       .regressed)
    }

    func testTooFewRunsAreInconclusiveWhetherTheChangeIsLargeOrSmall() throws {
        let c = compare(Fixture.processRuns(2, median: 1000, between: 0.05, seed: 7), Fixture.processRuns(2, median: 1150, between: 0.05, seed: 8))
        XCTAssertNotNil(c.runLevel)
        XCTAssertEqual(c.verdict, .inconclusive)
        XCTAssertTrue(c.needsMoreRuns)
        // A 0.1% change over 2 runs a side: its interval (1 degree of freedom or so) reaches past ±2%, so "unchanged"
        // would be a guess.
        let small = compare(Fixture.processRuns(2, median: 1000, between: 0.005, seed: 7), Fixture.processRuns(2, median: 1001, between: 0.005, seed: 8))
        XCTAssertEqual(small.verdict, .inconclusive)
        let shown = RunLevelDecision.equivalenceInterval(try XCTUnwrap(small.runLevel))
        XCTAssertTrue(shown.lower < -0.02 || shown.upper > 0.02, "\(shown)")
        XCTAssertTrue(small.needsMoreRuns)
    }

    func testThePValuesAreHolmAdjustedOverTheBenchmarksAndTheReportSaysSo() throws {
        let ids = ["a/x/1", "b/x/1", "c/x/1"]
        let base = Fixture.merged("base", ids.enumerated().map { ($1, Fixture.processRuns(4, median: 1000, seed: UInt64(10 + $0))) })
        let head = Fixture.merged("head", ids.enumerated().map { ($1, Fixture.processRuns(4, median: 1000 + 20 * Double($0), seed: UInt64(20 + $0))) })
        let report = Comparator.compare(base: base, head: head, settings: settings)
        let raw = report.benchmarks.map { $0.runLevel!.pValue }
        XCTAssertEqual(report.benchmarks.map { $0.adjustedPValue! }, Holm.adjust(raw))
        XCTAssertEqual(report.familyWise.tests, 3)
        XCTAssertEqual(report.familyWise.description, "exit code: Holm-adjusted over 3 benchmarks, family-wise α = 0.01")
    }

    func testAddedAndRemovedBenchmarksAreListedAndNotCompared() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", [1, 2, 3]), Fixture.result("b/x/1", [1, 2, 3])])
        let head = Fixture.run("head", [Fixture.result("b/x/1", [1, 2, 3]), Fixture.result("c/x/1", [1, 2, 3])])
        let report = Comparator.compare(base: base, head: head)
        XCTAssertEqual(report.benchmarks.map(\.id), ["b/x/1"])
        XCTAssertEqual(report.added, ["c/x/1"])
        XCTAssertEqual(report.removed, ["a/x/1"])
        XCTAssertFalse(report.hasRegression)
    }

    func testGeometricMeanSummarizesTheRatios() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", [100, 100, 100]), Fixture.result("b/x/1", [100, 100, 100])])
        let head = Fixture.run("head", [Fixture.result("a/x/1", [121, 121, 121]), Fixture.result("b/x/1", [100, 100, 100])])
        let summary = Comparator.compare(base: base, head: head).summary
        XCTAssertEqual(try XCTUnwrap(summary.relativeChange), 0.10, accuracy: 1e-12)
        XCTAssertEqual(summary.benchmarks, 2)
        XCTAssertEqual(summary.inconclusive, 2, "one run a side: neither 21% nor 0% is a verdict")
    }

    func testIncompleteRunsAndOtherHostsAreWarnedAboutAndOtherMachineClassesRefused() {
        var head = Fixture.run("head", [Fixture.result(id, [1, 2, 3])], complete: false)
        head.environment.hostname = "laptop"
        let base = Fixture.run("base", [Fixture.result(id, [1, 2, 3])])
        let report = Comparator.compare(base: base, head: head)
        XCTAssertTrue(report.warnings.contains { $0.contains("head run head is incomplete") })
        XCTAssertTrue(report.warnings.contains { $0.contains("different hosts") })
        XCTAssertNil(Comparator.incompatibility(base: base, head: head), "a host of the same class is comparable")
        head.environment.cpuModel = "AMD EPYC"
        XCTAssertEqual(Comparator.incompatibility(base: base, head: head),
                       "base base and head head were measured in different machine classes (cpu Test CPU vs AMD EPYC); only runs of one class are compared")
        var cold = base
        cold.settings.cacheMode = .cold
        XCTAssertTrue(Comparator.incompatibility(base: base, head: cold)?.contains("cache warm vs cold") == true)
    }

    /// A head interrupted after one of four benchmarks read "1 unchanged" in green (exit 0), the other three listed
    /// as removed: they were never measured, so nothing is decided about them.
    func testBenchmarksAnInterruptedSideNeverMeasuredAreNotMeasuredNotRemoved() {
        let base = Fixture.run("base", [Fixture.result(id, [1, 2, 3]), Fixture.result("b/x/1", [1, 2, 3]), Fixture.result("c/x/1", [1])])
        let cut = Fixture.run("head", [Fixture.result(id, [1, 2, 3])], complete: false)
        let report = Comparator.compare(base: base, head: cut)
        XCTAssertEqual(report.notMeasured, ["b/x/1", "c/x/1"])
        XCTAssertEqual(report.removed, [])
        XCTAssertTrue(PullRequestComment.headline(report).hasPrefix("### 🟡 "), PullRequestComment.headline(report))
        XCTAssertTrue(ComparisonText.footer(report).contains("not compared (an interrupted run, or no positive sample; nothing decided): b/x/1, c/x/1"))
        let whole = Comparator.compare(base: base, head: Fixture.run("head", [Fixture.result(id, [1, 2, 3])]))
        XCTAssertEqual(whole.removed, ["b/x/1", "c/x/1"], "a complete head did remove them")
        XCTAssertNil(whole.notMeasured)
    }

    /// Runs on other inputs compare nothing about the code: refused; a frame loop run in realtime on one side and
    /// simulated on the other is left out of the comparison, saying why.
    func testOtherInputsAreRefusedAndAFrameLoopOfAnotherModeIsNotCompared() {
        let base = Fixture.run("base", [Fixture.result(id, [1, 2, 3]), Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "realtime")])
        var head = Fixture.run("head", [Fixture.result(id, [1, 2, 3]), Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "simulated")])
        let report = Comparator.compare(base: base, head: head)
        XCTAssertEqual(report.benchmarks.map(\.id), [id])
        XCTAssertTrue(report.warnings.contains("frame-loop/photo/drop: not compared, its frame loop ran realtime in base and simulated in head "
                                               + "(timer wake-ups are in realtime only)"), "\(report.warnings)")
        XCTAssertEqual(report.notMeasured, ["frame-loop/photo/drop"], "nothing decided on it: not a green comparison (exit 3)")
        XCTAssertEqual(report.warnings.filter { $0.contains("no positive finite sample") }, [])
        XCTAssertNil(Comparator.incompatibility(base: base, head: head))
        head.settings.seed = 5
        XCTAssertEqual(Comparator.incompatibility(base: base, head: head), "base base and head head were measured on different inputs "
                       + "(synthetic scene of seed 24301 vs 5); only runs of the same inputs are compared")
    }

    func testADifferentVectorPathOnOneSideIsWarnedAbout() {
        var fast = Fixture.result("a/x/1", [1, 2, 3]), slow = Fixture.result("b/x/1", [1, 2, 3])
        fast.parameters["isa"] = "avx512"
        slow.parameters["isa"] = "avx512"
        let base = Fixture.run("base", [fast, slow])
        fast.parameters["isa"] = "avx2"
        slow.parameters["isa"] = "avx2"
        let report = Comparator.compare(base: base, head: Fixture.run("head", [fast, slow]))
        XCTAssertTrue(report.warnings.contains(
            "code path 'isa' differs between the sides for a/x/1 (avx512 → avx2) and 1 more: the change includes the path's"),
            "\(report.warnings)")
        XCTAssertFalse(Comparator.compare(base: base, head: base).warnings.contains { $0.contains("code path") })
    }

    func testABenchmarkWithoutUsableSamplesIsNamedNotDropped() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", [1, 2, 3])])
        var broken = Fixture.result("a/x/1", [1])
        broken.samplesNanoseconds = [.nan, 0]
        let report = Comparator.compare(base: base, head: Fixture.run("head", [broken]))
        XCTAssertEqual(report.benchmarks.count, 0)
        XCTAssertEqual(report.warnings, ["no benchmark was compared (none in common, or each left out): nothing decided",
                                         "a/x/1: not compared, a side has no positive finite sample"])
        XCTAssertNil(report.summary.relativeChange, "the mean of no ratios is no change of 0%")
    }

    func testALowPercentileIgnoresInterferenceThatMovesTheMedian() {
        // Head: the same clean runs, but 60% of each run's samples hit by +15% interference (time is only ever added).
        let clean = Fixture.processRuns(5, median: 1000, between: 0.002, within: 0.003, samples: 100, seed: 1)
        let disturbed = Fixture.processRuns(5, median: 1000, between: 0.002, within: 0.003, samples: 100, seed: 2).map { run in
            run.enumerated().map { $0 < 60 ? $1 * 1.15 : $1 }
        }
        let byMedian = compare(clean, disturbed)
        XCTAssertEqual(byMedian.verdict, .regressed)
        let p10 = ComparisonSettings(resamples: 200, percentile: 10)
        let byP10 = compare(clean, disturbed, settings: p10)
        XCTAssertEqual(byP10.verdict, .unchanged)
        XCTAssertEqual(byP10.relativeChange, 0, accuracy: 0.01)
        // A real 5% slowdown moves every percentile: p10 still sees it.
        let slower = Fixture.processRuns(5, median: 1050, between: 0.002, within: 0.003, samples: 100, seed: 3)
        XCTAssertEqual(compare(clean, slower, settings: p10).verdict, .regressed)
    }
}
