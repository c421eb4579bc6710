import RunFixtures
import XCTest
@testable import Comparison
import Results

/// Verdicts need significance AND a change beyond the threshold; sets that differ are reported, not errors.
final class ComparatorTests: XCTestCase {
    private let id = "texture-upload/optimized/256x192"

    private func compare(_ base: [Double], _ head: [Double], threshold: Double = 0.02) -> BenchmarkComparison {
        let report = Comparator.compare(base: Fixture.run("base", [Fixture.result(id, base)]),
                                        head: Fixture.run("head", [Fixture.result(id, head)]),
                                        settings: ComparisonSettings(threshold: threshold, resamples: 500))
        return report.benchmarks[0]
    }

    func testSameDistributionIsUnchanged() {
        let c = compare(Fixture.times(60, median: 1000, seed: 1), Fixture.times(60, median: 1000, seed: 2))
        XCTAssertEqual(c.verdict, .unchanged)
        XCTAssertGreaterThan(c.pValue, 0.01)
        XCTAssertTrue(c.interval.contains(c.relativeChange))
    }

    func testTenPercentSlowerIsRegressedWithAnIntervalAroundTenPercent() {
        let c = compare(Fixture.times(60, median: 1000, seed: 1), Fixture.times(60, median: 1100, seed: 2))
        XCTAssertEqual(c.verdict, .regressed)
        XCTAssertEqual(c.relativeChange, 0.10, accuracy: 0.01)
        XCTAssertTrue(c.interval.lower > 0.07 && c.interval.upper < 0.13, "\(c.interval)")
        XCTAssertTrue(c.hodgesLehmannInterval.contains(0.10), "\(c.hodgesLehmannInterval)")
        XCTAssertLessThan(c.pValue, 1e-10)
        XCTAssertEqual(c.test, .asymptotic)
    }

    func testFasterIsImproved() {
        let c = compare(Fixture.times(60, median: 1000, seed: 1), Fixture.times(60, median: 900, seed: 2))
        XCTAssertEqual(c.verdict, .improved)
    }

    func testSignificantChangeUnderTheThresholdIsUnchanged() {
        let c = compare(Fixture.times(80, median: 1000, spread: 0.001, seed: 1),
                        Fixture.times(80, median: 1010, spread: 0.001, seed: 2))
        XCTAssertLessThan(c.pValue, 1e-6)
        XCTAssertEqual(c.verdict, .unchanged, "1% is under the 2% noise threshold")
        XCTAssertEqual(compare(Fixture.times(80, median: 1000, spread: 0.001, seed: 1),
                               Fixture.times(80, median: 1010, spread: 0.001, seed: 2), threshold: 0.005).verdict, .regressed)
    }

    func testLargeChangeWithoutSignificanceIsUnchanged() {
        // 4 against 4 samples: the smallest exact two-sided p-value is 2/70 > 0.01, whatever the change.
        let c = compare([100, 101, 102, 103], [150, 151, 152, 153])
        XCTAssertEqual(c.test, .exact)
        XCTAssertEqual(c.pValue, 2.0 / 70, accuracy: 1e-12)
        XCTAssertEqual(c.verdict, .unchanged)
        XCTAssertFalse(c.notes.isEmpty, "few samples are called out")
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
        XCTAssertEqual(summary.relativeChange, 0.10, accuracy: 1e-12)
        XCTAssertEqual(summary.benchmarks, 2)
    }

    func testIncompleteRunsAndOtherMachinesAreWarnedAbout() {
        var head = Fixture.run("head", [Fixture.result(id, [1, 2, 3])], complete: false)
        head.environment.hostname = "laptop"
        let report = Comparator.compare(base: Fixture.run("base", [Fixture.result(id, [1, 2, 3])]), head: head)
        XCTAssertTrue(report.warnings.contains { $0.contains("head run head is incomplete") })
        XCTAssertTrue(report.warnings.contains { $0.contains("different machines") })
    }

    func testABenchmarkWithoutUsableSamplesIsNamedNotDropped() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", [1, 2, 3])])
        var broken = Fixture.result("a/x/1", [1])
        broken.samplesNanoseconds = [.nan, 0]
        let report = Comparator.compare(base: base, head: Fixture.run("head", [broken]))
        XCTAssertEqual(report.benchmarks.count, 0)
        XCTAssertEqual(report.warnings, ["a/x/1: not compared, a side has no positive finite sample"])
    }

    func testALowPercentileIgnoresInterferenceThatMovesTheMedian() {
        // Head: the same clean times, but 60% of its samples hit by +15% interference (time is only ever added).
        let clean = Fixture.times(100, median: 1000, spread: 0.003, seed: 1)
        var disturbed = Fixture.times(100, median: 1000, spread: 0.003, seed: 2)
        for i in 0..<60 { disturbed[i] *= 1.15 }
        let base = Fixture.run("base", [Fixture.result(id, clean)]), head = Fixture.run("head", [Fixture.result(id, disturbed)])
        let byMedian = Comparator.compare(base: base, head: head, settings: ComparisonSettings(resamples: 300))
        XCTAssertEqual(byMedian.benchmarks[0].verdict, .regressed)
        let byP10 = Comparator.compare(base: base, head: head, settings: ComparisonSettings(resamples: 300, percentile: 10))
        XCTAssertEqual(byP10.benchmarks[0].verdict, .unchanged)
        XCTAssertEqual(byP10.settings.statisticName, "p10")
        XCTAssertEqual(byP10.benchmarks[0].relativeChange, 0, accuracy: 0.01)
        // A real 5% slowdown moves every percentile: p10 still sees it.
        let slower = Fixture.run("head", [Fixture.result(id, Fixture.times(100, median: 1050, spread: 0.003, seed: 3))])
        XCTAssertEqual(Comparator.compare(base: base, head: slower, settings: ComparisonSettings(resamples: 300, percentile: 10))
            .benchmarks[0].verdict, .regressed)
    }
}
