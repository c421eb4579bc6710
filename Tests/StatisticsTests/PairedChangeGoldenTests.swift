import Foundation
import XCTest
@testable import Statistics

/// The paired change agrees with numpy/scipy (Golden/make_paired_golden.py): block log ratios, pair medians,
/// disturbed pairs, the t interval, p-value and minimum detectable effect over process pairs.
final class PairedChangeGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Block: Decodable { let base: [Double], head: [Double], log_ratio: Double }
        struct PairMedian: Decodable { let blocks: [Double], median: Double }
        struct Estimate: Decodable {
            let name: String, pairs: [Double], disturbed: [Int], used: Int, log_change: Double, relative_change: Double
            let sd: Double, p: Double?, interval: [Double]?, mde: Double?
            enum CodingKeys: String, CodingKey {
                case name, pairs, disturbed, used, log_change, relative_change, sd, p
                case interval = "interval_0.90"
                case mde = "mde_alpha_0.001_power_0.8"
            }
        }
        let blocks: [Block], pair_medians: [PairMedian], estimates: [Estimate]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "paired", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testBlockLogRatiosAndPairMediansMatchNumpy() throws {
        let golden = try golden()
        for block in golden.blocks {
            XCTAssertEqual(PairedChange.blockLogRatio(base: block.base, head: block.head), block.log_ratio, accuracy: 1e-12)
        }
        for pair in golden.pair_medians {
            XCTAssertEqual(PairedChange.pairLogRatio(blocks: pair.blocks), pair.median, accuracy: 1e-15)
        }
    }

    func testEstimateIntervalPValueAndMDEMatchScipy() throws {
        for expected in try golden().estimates {
            let estimate = PairedChange.estimate(pairLogRatios: expected.pairs)
            XCTAssertEqual(estimate.disturbedPairs, expected.disturbed, expected.name)
            XCTAssertEqual(estimate.pairs, expected.used, expected.name)
            XCTAssertEqual(estimate.logChange, expected.log_change, accuracy: 1e-14, expected.name)
            XCTAssertEqual(estimate.relativeChange, expected.relative_change, accuracy: 1e-14, expected.name)
            XCTAssertEqual(try XCTUnwrap(estimate.standardDeviation), expected.sd, accuracy: 1e-14, expected.name)
            if let p = expected.p { XCTAssertEqual(try XCTUnwrap(estimate.pValue), p, accuracy: max(p * 1e-6, 1e-12), expected.name) }
            if let interval = expected.interval {
                let actual = try XCTUnwrap(estimate.interval(level: 0.90))
                XCTAssertEqual(actual.lower, interval[0], accuracy: 1e-9, expected.name)
                XCTAssertEqual(actual.upper, interval[1], accuracy: 1e-9, expected.name)
            }
            if let mde = expected.mde {
                XCTAssertEqual(try XCTUnwrap(estimate.minimumDetectableEffect(alpha: 0.001, power: 0.8)), mde, accuracy: 1e-8, expected.name)
            }
        }
    }

    func testUnderTwoPairsThereIsNoIntervalAndNoPValue() {
        let one = PairedChange.estimate(pairLogRatios: [0.03])
        XCTAssertNil(one.interval(level: 0.9))
        XCTAssertNil(one.pValue)
        XCTAssertEqual(one.relativeChange, exp(0.03) - 1, accuracy: 1e-15)
        XCTAssertEqual(PairedChange.disturbedPairs([0, 0, 1]), [], "fewer than 4 pairs: nothing is set aside")
    }
}
