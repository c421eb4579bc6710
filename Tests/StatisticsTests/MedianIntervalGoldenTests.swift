import Foundation
import XCTest
@testable import Statistics

/// The median's order-statistic interval agrees with scipy's binomial (Golden/make_median_interval_golden.py, which
/// also checks each interval's coverage over 20,000 simulated lognormal samples).
final class MedianIntervalGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable { let count: Int, level: Double, rank: Int }
        struct Sample: Decodable { let values: [Double], level: Double, lower: Double, upper: Double }
        let cases: [Case]
        let sample: Sample
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "median_interval", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testTheRankIsScipysLargestRankWithinTheTail() throws {
        for expected in try golden().cases {
            XCTAssertEqual(MedianInterval.lowerRank(count: expected.count, level: expected.level) ?? 0, expected.rank,
                           "n \(expected.count), level \(expected.level)")
        }
    }

    func testTheIntervalIsThoseOrderStatisticsOfTheValues() throws {
        let sample = try golden().sample
        let interval = try XCTUnwrap(MedianInterval.of(sample.values.reversed(), level: sample.level))
        XCTAssertEqual(interval.lower, sample.lower)
        XCTAssertEqual(interval.upper, sample.upper)
        XCTAssertTrue(interval.contains(Descriptive.median(sample.values)))
    }

    func testTooFewValuesGiveNoInterval() {
        XCTAssertNil(MedianInterval.of([], level: 0.95))
        XCTAssertNil(MedianInterval.of([1, 2, 3, 4, 5], level: 0.95), "5 values cover at most 93.75%")
        XCTAssertNotNil(MedianInterval.of([1, 2, 3, 4, 5, 6], level: 0.95))
    }
}
