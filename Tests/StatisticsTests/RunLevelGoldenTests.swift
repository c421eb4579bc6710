import Foundation
import XCTest
@testable import Statistics

/// Student t, Welch, the pooled test with a prior spread, run-level mean intervals, Holm and the minimum detectable
/// effect agree with scipy/numpy (Golden/make_runlevel_golden.py).
final class RunLevelGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct TCase: Decodable { let df: Double; let x: Double?; let cdf: Double?; let p: Double?; let ppf: Double? }
        struct Welch: Decodable {
            let name: String, base: [Double], head: [Double], difference: Double, statistic: Double, pvalue: Double
            let df: Double, standard_error: Double, intervals: [String: [Double]]
            let mde: Double
            enum CodingKeys: String, CodingKey {
                case name, base, head, difference, statistic, pvalue, df, standard_error, intervals
                case mde = "mde_alpha_0.01_power_0.8"
            }
        }
        struct Pooled: Decodable {
            let name: String, base: [Double], head: [Double], prior_sd: Double, prior_df: Double
            let difference: Double, standard_error: Double, df: Double, statistic: Double, pvalue: Double
            let interval: [Double]
            enum CodingKeys: String, CodingKey {
                case name, base, head, prior_sd, prior_df, difference, standard_error, df, statistic, pvalue
                case interval = "interval_0.95"
            }
        }
        struct Mean: Decodable {
            let name: String, values: [Double], interval: [Double]
            enum CodingKeys: String, CodingKey { case name, values, interval = "interval_0.95" }
        }
        struct HolmCase: Decodable { let p: [Double]; let adjusted: [Double] }
        let t: [TCase], welch: [Welch], pooled: [Pooled], means: [Mean], holm: [HolmCase]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "runlevel", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    private func close(_ a: Double, _ b: Double, _ relative: Double = 1e-9, absolute: Double = 1e-14) -> Bool {
        abs(a - b) <= max(relative * abs(b), absolute)
    }

    func testStudentTCdfAndQuantileMatchScipyForIntegerAndFractionalDegrees() throws {
        let cases = try golden().t
        XCTAssertEqual(cases.count, 136)
        for c in cases {
            let t = StudentT(degreesOfFreedom: c.df)
            if let x = c.x, let expected = c.cdf {
                XCTAssertTrue(close(t.cdf(x), expected, 1e-10), "cdf(\(x); ν=\(c.df)) = \(t.cdf(x)), scipy \(expected)")
            }
            if let p = c.p, let expected = c.ppf {
                XCTAssertTrue(close(t.quantile(p), expected, 1e-9), "ppf(\(p); ν=\(c.df)) = \(t.quantile(p)), scipy \(expected)")
            }
        }
    }

    func testWelchMatchesScipyTtestIndWithUnequalVariances() throws {
        for w in try golden().welch {
            let result = try XCTUnwrap(TwoSampleT.test(base: w.base, head: w.head), w.name)
            XCTAssertEqual(result.method, .welch)
            XCTAssertTrue(close(result.difference, w.difference, 1e-12, absolute: 1e-15), "\(w.name) difference")
            XCTAssertTrue(close(result.standardError, w.standard_error, 1e-12), "\(w.name) se")
            XCTAssertTrue(close(result.degreesOfFreedom, w.df, 1e-10), "\(w.name) df")
            XCTAssertTrue(close(result.statistic, w.statistic, 1e-10), "\(w.name) t")
            XCTAssertTrue(close(result.pValue, w.pvalue, 1e-8), "\(w.name) p \(result.pValue) vs \(w.pvalue)")
            for (level, bounds) in w.intervals {
                let interval = result.interval(level: Double(level)!)
                XCTAssertTrue(close(interval.lower, bounds[0], 1e-9, absolute: 1e-12), "\(w.name) \(level) lower")
                XCTAssertTrue(close(interval.upper, bounds[1], 1e-9, absolute: 1e-12), "\(w.name) \(level) upper")
            }
            XCTAssertTrue(close(result.minimumDetectableEffect(alpha: 0.01, power: 0.8), w.mde, 1e-9), "\(w.name) MDE")
        }
    }

    func testPooledTestWithAPriorSpreadMatchesTheDefinitionEvenWithOneRunPerSide() throws {
        for c in try golden().pooled {
            let prior = PriorSpread(standardDeviation: c.prior_sd, degreesOfFreedom: c.prior_df)
            let result = try XCTUnwrap(TwoSampleT.test(base: c.base, head: c.head, prior: prior), c.name)
            XCTAssertEqual(result.method, .pooled)
            XCTAssertTrue(close(result.standardError, c.standard_error, 1e-12), "\(c.name) se")
            XCTAssertEqual(result.degreesOfFreedom, c.df, "\(c.name) df")
            XCTAssertTrue(close(result.pValue, c.pvalue, 1e-8), "\(c.name) p")
            let interval = result.interval(level: 0.95)
            XCTAssertTrue(close(interval.lower, c.interval[0], 1e-9, absolute: 1e-12), "\(c.name) lower")
            XCTAssertTrue(close(interval.upper, c.interval[1], 1e-9, absolute: 1e-12), "\(c.name) upper")
        }
    }

    func testWithOneRunPerSideAndNoPriorTheBetweenRunVarianceIsUnknown() {
        XCTAssertNil(TwoSampleT.test(base: [1.0], head: [1.1]))
        // One side replicated: its spread stands for both (same benchmark, same machine class).
        XCTAssertEqual(TwoSampleT.test(base: [1.0], head: [1.1, 1.2, 1.0])?.method, .pooled)
        XCTAssertNil(TwoSampleT.test(base: [], head: [1.0, 2.0]))
        XCTAssertNil(RunLevel.meanInterval([3.0], level: 0.95))
        XCTAssertNotNil(RunLevel.meanInterval([3.0], level: 0.95, prior: PriorSpread(standardDeviation: 0.02, degreesOfFreedom: 5)))
    }

    func testMeanIntervalMatchesScipyTInterval() throws {
        for m in try golden().means {
            let interval = try XCTUnwrap(RunLevel.meanInterval(m.values, level: 0.95), m.name)
            XCTAssertTrue(close(interval.lower, m.interval[0], 1e-10), "\(m.name) lower")
            XCTAssertTrue(close(interval.upper, m.interval[1], 1e-10), "\(m.name) upper")
        }
    }

    func testHolmAdjustmentMatchesItsStepDownDefinition() throws {
        for c in try golden().holm {
            let adjusted = Holm.adjust(c.p)
            XCTAssertEqual(adjusted.count, c.adjusted.count)
            for (a, e) in zip(adjusted, c.adjusted) { XCTAssertTrue(close(a, e, 1e-12), "\(c.p): \(adjusted) vs \(c.adjusted)") }
        }
    }

    func testExactCountsWithNoSpreadMakeAnyDifferenceCertainAndNoDifferenceNull() throws {
        let changed = try XCTUnwrap(TwoSampleT.test(base: [100, 100, 100], head: [101, 101, 101]))
        XCTAssertEqual(changed.pValue, 0)
        let same = try XCTUnwrap(TwoSampleT.test(base: [100, 100], head: [100, 100]))
        XCTAssertEqual(same.pValue, 1)
    }
}
