import Foundation
import XCTest
@testable import Statistics

/// The tail quantiles' order-statistic intervals agree with scipy's binomial (Golden/make_quantile_interval_golden.py,
/// which also gives each interval's exact coverage).
final class QuantileIntervalGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable { let n: Int, q: Double, level: Double, lower: Int?, upper: Int?, coverage: Double? }
        let cases: [Case]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "quantile_interval", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testTheRanksAreScipysAndEveryIntervalCoversAtLeastItsLevel() throws {
        let cases = try golden().cases
        XCTAssertGreaterThan(cases.count, 100)
        for expected in cases {
            let name = "n \(expected.n), q \(expected.q), level \(expected.level)"
            let ranks = QuantileInterval.ranks(count: expected.n, q: expected.q, level: expected.level)
            XCTAssertEqual(ranks.lower, expected.lower, name)
            XCTAssertEqual(ranks.upper, expected.upper, name)
            if let coverage = expected.coverage { XCTAssertGreaterThanOrEqual(coverage, expected.level, name) }
        }
    }

    /// The median's ranks are the median interval's (one rule, two spellings).
    func testTheMediansRanksAreTheMedianIntervals() {
        for count in [6, 20, 100, 501] {
            let rank = MedianInterval.lowerRank(count: count, level: 0.95)
            let ranks = QuantileInterval.ranks(count: count, q: 0.5, level: 0.95)
            XCTAssertEqual(ranks.lower, rank, "n \(count)")
            XCTAssertEqual(ranks.upper, rank.map { count - $0 + 1 }, "n \(count)")
        }
    }

    /// What the values cannot bound has no interval: a p95 from 71 values, a p99 from 367; from 72 and 368 they do,
    /// the upper bound then the largest value.
    func testAQuantileTheValuesCannotBoundHasNoInterval() throws {
        let values = (1...71).map(Double.init)
        XCTAssertNil(QuantileInterval.ofSorted(values, q: 0.95))
        let more = (1...72).map(Double.init)
        XCTAssertEqual(try XCTUnwrap(QuantileInterval.ofSorted(more, q: 0.95)).upper, 72)
        XCTAssertNil(QuantileInterval.ofSorted((1...367).map(Double.init), q: 0.99))
        XCTAssertNotNil(QuantileInterval.ofSorted((1...368).map(Double.init), q: 0.99))
        let summary = SampleSummary.of((1...100).map(Double.init))
        XCTAssertNotNil(summary.intervals["p95"])
        XCTAssertNil(summary.intervals["p99"], "100 values do not bound a p99")
        XCTAssertNil(summary.intervals["max"], "nothing bounds a max from above")
    }
}
