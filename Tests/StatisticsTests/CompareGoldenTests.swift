import Foundation
import XCTest
@testable import Statistics

/// Mann–Whitney U and Hodges–Lehmann agree with scipy/numpy on fixed samples (Golden/make_compare_golden.py).
final class CompareGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Pair: Decodable {
            struct Shift: Decodable { let shift: Double; let lower: Double; let upper: Double }
            let name: String
            let x: [Double]
            let y: [Double]
            let u1: Double
            let p_auto: Double
            let method_auto: String
            let p_asymptotic: Double
            let hodges_lehmann: [String: Shift]
        }
        struct Quantile: Decodable { let p: Double; let z: Double }
        let pairs: [Pair]
        let normal_quantiles: [Quantile]
    }

    private func golden() throws -> Golden {
        guard let url = Bundle.module.url(forResource: "compare", withExtension: "json", subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testMannWhitneyMatchesScipyAutoIncludingItsMethodChoice() throws {
        for pair in try golden().pairs {
            let result = MannWhitney.test(pair.x, pair.y)
            XCTAssertEqual(result.u1, pair.u1, pair.name)
            XCTAssertEqual(result.method.rawValue, pair.method_auto, pair.name)
            XCTAssertTrue(assertClose(result.pValue, pair.p_auto, ""), "\(pair.name): p \(result.pValue) vs scipy \(pair.p_auto)")
        }
    }

    func testNormalApproximationMatchesScipyAsymptotic() throws {
        for pair in try golden().pairs {
            let (_, ties) = Ranking.average(pair.x + pair.y)
            let n1 = Double(pair.x.count), n2 = Double(pair.y.count)
            let u = max(pair.u1, n1 * n2 - pair.u1)
            let z = MannWhitney.zScore(u: u, n1: n1, n2: n2, tieSizes: ties)
            let p = min(1, 2 * NormalDistribution.survival(z))
            XCTAssertTrue(assertClose(p, pair.p_asymptotic, ""), "\(pair.name): p \(p) vs scipy \(pair.p_asymptotic)")
        }
    }

    func testHodgesLehmannShiftAndMosesIntervalMatchNumpy() throws {
        for pair in try golden().pairs {
            for (level, expected) in pair.hodges_lehmann {
                let estimate = HodgesLehmann.shift(base: pair.x, head: pair.y, level: Double(level)!)
                XCTAssertTrue(assertClose(estimate.shift, expected.shift, ""), "\(pair.name) \(level) shift")
                XCTAssertTrue(assertClose(estimate.interval.lower, expected.lower, ""), "\(pair.name) \(level) lower")
                XCTAssertTrue(assertClose(estimate.interval.upper, expected.upper, ""), "\(pair.name) \(level) upper")
            }
        }
    }

    /// Worked by hand: x = 0…9, y = 0, 10, …, 90 give the 100 differences 10j − i = −9…90, each once, so the k-th
    /// smallest is −10 + k. At 95%, k = ⌊50 − 1.96·√(100·21/12)⌋ = ⌊24.07⌋ = 24: the interval is [14, 67] (the
    /// 24th smallest and the 24th largest), not [15, 66].
    func testMosesIntervalTakesTheKthOrderStatisticCountedFromOne() {
        let estimate = HodgesLehmann.shift(base: (0..<10).map(Double.init), head: (0..<10).map { Double($0 * 10) }, level: 0.95)
        XCTAssertEqual(estimate.interval.lower, 14)
        XCTAssertEqual(estimate.interval.upper, 67)
        XCTAssertEqual(estimate.shift, 40.5)
    }

    func testNormalQuantileMatchesScipyPPF() throws {
        for entry in try golden().normal_quantiles {
            let z = NormalDistribution.quantile(entry.p)
            XCTAssertEqual(z, entry.z, accuracy: 1e-9 * max(1, abs(entry.z)), "p = \(entry.p)")
        }
    }

    func testExactDistributionSumsToOneAndIsSymmetric() {
        let distribution = ExactUDistribution(m: 5, n: 7)
        XCTAssertEqual(distribution.probabilities.count, 36)
        XCTAssertEqual(distribution.probabilities.reduce(0, +), 1, accuracy: 1e-12)
        for u in 0...35 { XCTAssertEqual(distribution.probabilities[u], distribution.probabilities[35 - u], accuracy: 1e-15) }
        // C(12, 5) = 792 arrangements; U = 0 happens in exactly one of them.
        XCTAssertEqual(distribution.probabilities[0], 1.0 / 792, accuracy: 1e-15)
    }
}
