import Foundation
import XCTest
@testable import Statistics

/// The median interval of a series whose neighbours may be alike (one process's block ratios) agrees with
/// Golden/make_block_median_golden.py; scripts/simulate-block-median.py measures its coverage.
final class BlockMedianIntervalGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable { let phi: Double, values: [Double], factor: Double, lower: Double?, upper: Double? }
        let level: Double
        let cases: [Case]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "block_median", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testTheFactorAndTheWidenedIntervalAreThoseOfTheGolden() throws {
        let golden = try golden()
        for expected in golden.cases {
            let (interval, factor) = MedianInterval.ofSeries(expected.values, level: golden.level)
            XCTAssertEqual(factor, expected.factor, accuracy: 1e-9, "lag-one correlation \(expected.phi)")
            XCTAssertEqual(interval?.lower, expected.lower, "phi \(expected.phi)")
            XCTAssertEqual(interval?.upper, expected.upper, "phi \(expected.phi)")
        }
    }

    /// The more alike neighbours are, the wider the interval; in the order the golden's series were drawn.
    func testAlikeNeighboursWidenTheIntervalAndIndependentOnesBarely() throws {
        let cases = try golden().cases
        let widths = cases.map { MedianInterval.ofSeries($0.values).interval.map { $0.upper - $0.lower } ?? .infinity }
        XCTAssertLessThan(widths[0], widths[1])
        XCTAssertLessThan(widths[1], widths[2])
        let independent = try XCTUnwrap(MedianInterval.of(cases[0].values))
        XCTAssertLessThanOrEqual(widths[0], 1.2 * (independent.upper - independent.lower), "independent blocks: about the plain interval")
    }

    func testAlternatingOrSortedSeriesAndTooFewValues() {
        let alternating = (0..<100).map { Double($0 % 2 == 0 ? $0 : 1000 - $0) }
        XCTAssertEqual(MedianInterval.indicatorVarianceFactor(alternating), 1, "negative correlation is not counted as precision")
        let (trend, factor) = MedianInterval.ofSeries((0..<50).map(Double.init))
        XCTAssertEqual(factor, 6.74, accuracy: 1e-9, "a trend: neighbours all alike")
        XCTAssertEqual(trend.map { [$0.lower, $0.upper] }, [6, 43], "the ranks of 7 independent values, not of 50 ([17, 32])")
        XCTAssertNil(MedianInterval.ofSeries((0..<20).map(Double.init)).interval, "5 effective values: no 95% interval")
        XCTAssertNil(MedianInterval.ofSeries([]).interval)
    }
}
