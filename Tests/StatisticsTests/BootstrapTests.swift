import XCTest
@testable import Statistics

final class BootstrapTests: XCTestCase {
    private let sample: [Double] = {
        var generator = SplitMix64(seed: 7)
        return (0..<300).map { _ in 1000 + Double(generator.next() % 1000) / 10 }
    }()

    func testSameSeedGivesIdenticalIntervals() {
        let first = SampleSummary.of(sample, seed: 42)
        let second = SampleSummary.of(sample, seed: 42)
        XCTAssertEqual(first.intervals, second.intervals)
    }

    func testDifferentSeedsGiveDifferentButOverlappingIntervals() {
        let a = Bootstrap.interval(of: sample, seed: 1) { Percentile.ofSorted($0, 50) }
        let b = Bootstrap.interval(of: sample, seed: 2) { Percentile.ofSorted($0, 50) }
        XCTAssertNotEqual(a, b)
        XCTAssertLessThan(max(a.lower, b.lower), min(a.upper, b.upper))
    }

    func testIntervalContainsThePointEstimateAndIsOrdered() {
        let summary = SampleSummary.of(sample)
        // 300 values bound every statistic that can have an interval but the p99 (368 do).
        XCTAssertEqual(Set(summary.intervals.keys), Set(SampleSummary.intervalStatistics).subtracting(["p99"]))
        for name in summary.intervals.keys.sorted() {
            let interval = summary.intervals[name]!
            XCTAssertLessThanOrEqual(interval.lower, interval.upper, name)
            XCTAssertTrue(interval.contains(summary.value(of: name == "median" ? "p50" : name)!), name)
        }
    }

    func testIntervalOfAConstantSampleIsThePoint() {
        let interval = Bootstrap.interval(of: [5, 5, 5, 5]) { Percentile.ofSorted($0, 99) }
        XCTAssertEqual(interval, ConfidenceInterval(lower: 5, upper: 5, level: 0.95))
    }

    func testWiderLevelGivesWiderInterval() {
        let narrow = Bootstrap.interval(of: sample, level: 0.5) { Percentile.ofSorted($0, 50) }
        let wide = Bootstrap.interval(of: sample, level: 0.99) { Percentile.ofSorted($0, 50) }
        XCTAssertLessThanOrEqual(wide.lower, narrow.lower)
        XCTAssertGreaterThanOrEqual(wide.upper, narrow.upper)
    }

    func testSplitMixIsReproducibleAndIndexStaysInBounds() {
        var a = SplitMix64(seed: 99), b = SplitMix64(seed: 99)
        XCTAssertEqual((0..<5).map { _ in a.next() }, (0..<5).map { _ in b.next() })
        var generator = SplitMix64(seed: 3)
        XCTAssertTrue((0..<10_000).allSatisfy { _ in (0..<7).contains(generator.index(below: 7)) })
    }

    func testSingleValueSummaryHasZeroSpread() {
        let summary = SampleSummary.of([12.5])
        XCTAssertEqual(summary.standardDeviation, 0)
        XCTAssertEqual(summary.medianAbsoluteDeviation, 0)
        XCTAssertEqual(summary.outliers.total, 0)
        XCTAssertEqual(summary.p99, 12.5)
    }
}

/// The sort-free percentile of a resample equals the percentile of the explicitly built and sorted resample.
final class ResamplePercentileTests: XCTestCase {
    func testCountWalkEqualsSortingTheResample() {
        var generator = SplitMix64(seed: 11)
        for trial in 0..<200 {
            let n = 1 + trial % 37
            let sorted = (0..<n).map { _ in Double(generator.next() % 50) }.sorted()
            var counts = [Int](repeating: 0, count: n)
            for _ in 0..<n { counts[generator.index(below: n)] += 1 }
            let resample = sorted.indices.flatMap { Array(repeating: sorted[$0], count: counts[$0]) }
            for q in [0.0, 10, 50, 90, 95, 99, 99.9, 100] {
                XCTAssertEqual(Bootstrap.percentileOfResample(sorted, counts: counts, q: q),
                               Percentile.ofSorted(resample, q), accuracy: 1e-9, "n=\(n) q=\(q)")
            }
        }
    }
}
