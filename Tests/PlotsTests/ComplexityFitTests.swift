import Foundation
import XCTest
@testable import Plots

final class ComplexityFitTests: XCTestCase {
    private let sizes: [Double] = [100, 1000, 8400, 25200, 100_000]

    /// Costs c·f(n) with a deterministic ±3% wobble, so the fit must pick the order, not an exact match.
    private func series(_ complexity: Complexity, coefficient: Double) -> [Double] {
        sizes.enumerated().map { coefficient * complexity.curve($1) * (1 + 0.03 * ($0 % 2 == 0 ? 1 : -1)) }
    }

    func testRecoversEachOrderFromASyntheticSeries() throws {
        for complexity in Complexity.allCases {
            let fit = try XCTUnwrap(ComplexityFit.best(sizes: sizes, costs: series(complexity, coefficient: 7)))
            XCTAssertEqual(fit.complexity, complexity)
            XCTAssertEqual(fit.coefficient, 7, accuracy: 7 * 0.05, "\(complexity)")
            XCTAssertLessThan(fit.normalizedRMS, 0.05, "\(complexity)")
        }
    }

    func testExactLinearSeriesHasZeroRMSAndTheExactCoefficient() {
        let fit = ComplexityFit.fit(.linear, sizes: [2, 4, 8], costs: [6, 12, 24])
        XCTAssertEqual(fit.coefficient, 3, accuracy: 1e-12)
        XCTAssertEqual(fit.normalizedRMS, 0, accuracy: 1e-12)
    }

    func testHandComputedLeastSquaresAndNormalizedRMS() {
        // f = n: c = (1·1 + 3·2) / (1 + 4) = 1.4; residuals -0.4, 0.2 → RMS √(0.1) ; mean cost 2.
        let fit = ComplexityFit.fit(.linear, sizes: [1, 2], costs: [1, 3])
        XCTAssertEqual(fit.coefficient, 1.4, accuracy: 1e-12)
        XCTAssertEqual(fit.normalizedRMS, 0.1.squareRoot() / 2, accuracy: 1e-12)
    }

    func testRefusesTooFewPointsAndSizesWhereLogVanishes() {
        XCTAssertNil(ComplexityFit.best(sizes: [100], costs: [1]))
        XCTAssertNil(ComplexityFit.best(sizes: [1, 10], costs: [1, 2]))
        XCTAssertNil(ComplexityFit.best(sizes: [10, 100], costs: [1, .nan]))
    }
}
