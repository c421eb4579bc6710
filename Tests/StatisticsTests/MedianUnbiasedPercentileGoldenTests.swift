import Foundation
import XCTest
@testable import Statistics

/// The median-unbiased percentile (Hyndman & Fan type 8) agrees with numpy's "median_unbiased"
/// (Golden/make_median_unbiased_golden.py).
final class MedianUnbiasedPercentileGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable { let values: [Double], q: Double, value: Double }
        let cases: [Case]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "median_unbiased", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testEveryPercentileIsNumpysMedianUnbiased() throws {
        let cases = try golden().cases
        XCTAssertEqual(cases.count, 77)
        for expected in cases {
            XCTAssertEqual(Percentile.medianUnbiasedOfSorted(expected.values, expected.q), expected.value,
                           accuracy: 1e-12 * expected.value, "n \(expected.values.count), q \(expected.q)")
        }
    }

    /// From fewer values than this, a tail's estimate is the largest value (no interpolation left).
    func testTheFewestValuesATailNeeds() {
        XCTAssertEqual(Percentile.medianUnbiasedMinimumCount(90), 7)
        XCTAssertEqual(Percentile.medianUnbiasedMinimumCount(95), 13)
        XCTAssertEqual(Percentile.medianUnbiasedMinimumCount(99), 67)
        XCTAssertEqual(Percentile.medianUnbiasedMinimumCount(50), 1)
        XCTAssertNil(Percentile.medianUnbiasedMinimumCount(100))
        let twelve = (1...12).map(Double.init), thirteen = (1...13).map(Double.init)
        XCTAssertEqual(Percentile.medianUnbiasedOfSorted(twelve, 95), 12, "clamped to the largest")
        XCTAssertEqual(Percentile.medianUnbiasedOfSorted(thirteen, 95), 13, accuracy: 1e-12, "h = 13 exactly")
    }
}
