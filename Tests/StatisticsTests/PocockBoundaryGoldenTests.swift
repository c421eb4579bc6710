import Foundation
import XCTest
@testable import Statistics

/// The Pocock boundary agrees with an independent computation (Golden/make_pocock_golden.py: a trapezoid recursion on
/// a grid 9 times finer, solved by scipy, each boundary checked by 2 million simulated walks).
final class PocockBoundaryGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Case: Decodable {
            let family_alpha: Double, first: Int, last: Int, critical: Double, nominal_alpha: Double
            let crossing_at_plain_critical: Double
        }
        let cases: [Case]
    }

    private func golden() throws -> [Golden.Case] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "pocock", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url)).cases
    }

    func testTheCriticalValueAndNominalAlphaMatchTheFineGrid() throws {
        for expected in try golden() {
            let boundary = PocockBoundary(familyAlpha: expected.family_alpha, looks: expected.first...expected.last)
            XCTAssertEqual(boundary.critical, expected.critical, accuracy: 2e-4, "\(expected)")
            XCTAssertEqual(boundary.nominalAlpha, expected.nominal_alpha, accuracy: 2e-3 * expected.nominal_alpha, "\(expected)")
        }
    }

    func testTestingEveryLookAtTheFamilyAlphaCrossesFarMoreOften() throws {
        for expected in try golden() {
            let plain = NormalDistribution.quantile(1 - expected.family_alpha / 2)
            let crossing = PocockBoundary.crossingProbability(critical: plain, looks: expected.first...expected.last)
            XCTAssertEqual(crossing, expected.crossing_at_plain_critical, accuracy: 2e-3 * crossing, "\(expected)")
            XCTAssertGreaterThan(crossing, expected.family_alpha * 1.5)
        }
    }

    /// The kernel's recurrence (two products a term) gives what an exp per term gave, to rounding.
    func testTheRecurrentKernelIsTheDirectOne() {
        for (critical, looks) in [(2.5, 3...40), (3.2, 2...160), (2.0, 10...12)] {
            let direct = Self.directCrossing(critical: critical, looks: looks)
            // 1e-9 of the probability: rounding over 1000s of products, a million times under the grid's own 0.1%.
            XCTAssertEqual(PocockBoundary.crossingProbability(critical: critical, looks: looks), direct, accuracy: 1e-9 * direct)
        }
    }

    /// The crossing probability with exp(−d²/2) evaluated for every term (the implementation before 8 Dec 2026).
    private static func directCrossing(critical c: Double, looks: ClosedRange<Int>) -> Double {
        let first = Double(looks.lowerBound)
        var grid = PocockBoundary.Grid(halfWidth: c * first.squareRoot())
        var density = grid.points.map { exp(-$0 * $0 / (2 * first)) / (2 * Double.pi * first).squareRoot() }
        for n in looks.dropFirst() {
            let next = PocockBoundary.Grid(halfWidth: c * Double(n).squareRoot())
            let mass = zip(density, grid.weights).map(*)
            density = next.points.map { y in
                var sum = 0.0
                for (x, m) in zip(grid.points, mass) where abs(y - x) <= PocockBoundary.kernelReach {
                    sum += m * exp(-(y - x) * (y - x) / 2)
                }
                return sum / (2 * Double.pi).squareRoot()
            }
            grid = next
        }
        return max(0, 1 - zip(density, grid.weights).reduce(0) { $0 + $1.0 * $1.1 })
    }

    func testOneLookIsThePlainTest() {
        let boundary = PocockBoundary(familyAlpha: 0.01, looks: 5...5)
        XCTAssertEqual(boundary.nominalAlpha, 0.01, accuracy: 1e-12)
    }

    func testMoreLooksLowerTheNominalAlphaButNeverBelowBonferroni() {
        let few = PocockBoundary(familyAlpha: 0.001, looks: 3...10)
        let many = PocockBoundary(familyAlpha: 0.001, looks: 3...40)
        XCTAssertLessThan(many.nominalAlpha, few.nominalAlpha)
        XCTAssertLessThan(few.nominalAlpha, 0.001)
        XCTAssertGreaterThan(many.nominalAlpha, 0.001 / 38)
    }
}
