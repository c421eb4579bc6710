import Comparison
import Foundation
import Statistics
import XCTest

/// The paired boundary holds its α for the t tests the rule really runs, not only for the z statistics the Pocock
/// recursion assumes: against a Monte Carlo of t tests looked at after every pair with no change
/// (Golden/make_paired_boundary_golden.py, 3–12 million sessions a case), the boundary
/// ``PairedSettings/boundary(benchmarks:)`` computes tests each look at no more than the per-look α at which those
/// t tests cross with probability α; the boundary computed for the whole α tests at more (it crossed 1.14–1.29 α).
final class PairedBoundaryCalibrationTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable {
            let first: Int, last: Int, sessions: Int, familyAlpha: Double, nominalAlphaT: Double, rateAtFullAlpha: Double
        }
        let calibration: Double
        let cases: [Case]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "paired_boundary_calibration", withExtension: "json",
                                                  subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testTheGoldenWasMadeForTheCalibrationInUse() throws {
        XCTAssertEqual(try golden().calibration, PairedSettings.tCalibration)
    }

    func testEveryLookIsTestedAtNoMoreThanTheTTestsAllow() throws {
        let cases = try golden().cases
        XCTAssertGreaterThanOrEqual(cases.count, 15)
        for c in cases {
            let settings = PairedSettings(alpha: c.familyAlpha, minimumPairs: c.first, maximumPairs: c.last)
            let boundary = settings.boundary(benchmarks: 1)
            XCTAssertEqual(boundary.looks, c.first...c.last)
            let name = "looks \(c.first)–\(c.last), α \(c.familyAlpha)"
            XCTAssertLessThanOrEqual(boundary.nominalAlpha, c.nominalAlphaT, name)
            // Not so tight that a comparison waits for pairs it does not need: within a third of the allowed α.
            XCTAssertGreaterThan(boundary.nominalAlpha, 0.67 * c.nominalAlphaT, name)
        }
    }

    /// The share is recorded with the settings: a report from before 7 Dec 2026 (none recorded) is judged again as it
    /// was, at the whole α, and pooling tells the two procedures apart.
    func testTheShareIsRecordedAndAReportWithoutOneMeansTheWholeAlpha() throws {
        let now = PairedSettings()
        XCTAssertEqual(now.boundaryShare, PairedSettings.tCalibration)
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(now)) as! [String: Any]
        XCTAssertNotNil(json["boundaryShare"])
        json["boundaryShare"] = nil
        let before = try JSONDecoder().decode(PairedSettings.self, from: JSONSerialization.data(withJSONObject: json))
        XCTAssertNil(before.boundaryShare)
        XCTAssertEqual(before.boundary(benchmarks: 14).familyAlpha, 0.01 / 14, accuracy: 1e-15)
        XCTAssertEqual(now.boundary(benchmarks: 14).familyAlpha, 0.75 * 0.01 / 14, accuracy: 1e-15)
    }

    func testTheUncalibratedBoundaryLetsTTestsThroughTooOften() throws {
        for c in try golden().cases where c.first == 3 && c.last == 40 {
            let uncalibrated = PocockBoundary(familyAlpha: c.familyAlpha, looks: c.first...c.last)
            XCTAssertGreaterThan(uncalibrated.nominalAlpha, c.nominalAlphaT, "α \(c.familyAlpha)")
            XCTAssertGreaterThan(c.rateAtFullAlpha, 1.1, "α \(c.familyAlpha): the z boundary's excess, as simulated")
        }
    }
}
