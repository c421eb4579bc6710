import XCTest
@testable import Statistics

/// The chi-squared quantiles behind a standard deviation's interval, against scipy:
/// `stats.chi2.ppf(0.025, df)`, `stats.chi2.ppf(0.975, df)` (printed with repr in the comments' order).
final class ChiSquaredTests: XCTestCase {
    func testQuantilesMatchScipy() {
        let golden: [(df: Double, lower: Double, upper: Double)] = [
            (1, 0.0009820691171752555, 5.023886187314888), (2, 0.05063561596857975, 7.377758908227871),
            (4, 0.4844185570879299, 11.143286781877796), (9, 2.7003894999803584, 19.02276779864163),
            (19, 8.906516481987971, 32.85232686172969), (99, 73.36108019128368, 128.4219886438403),
        ]
        for row in golden {
            let distribution = ChiSquared(degreesOfFreedom: row.df)
            XCTAssertEqual(distribution.quantile(0.025), row.lower, accuracy: row.lower * 1e-9, "df \(row.df)")
            XCTAssertEqual(distribution.quantile(0.975), row.upper, accuracy: row.upper * 1e-9, "df \(row.df)")
        }
    }

    /// Ten runs' standard deviation says the true one lies in [0.688, 1.826]× it; three runs', [0.521, 6.285]× it
    /// (`math.sqrt(df / stats.chi2.ppf(0.975, df))`, `math.sqrt(df / stats.chi2.ppf(0.025, df))`).
    func testAStandardDeviationOfFewRunsHasAWideInterval() throws {
        let ten = try XCTUnwrap(ChiSquared.standardDeviationInterval(1, count: 10))
        XCTAssertEqual(ten.lower, 0.6878352067489997, accuracy: 1e-9)
        XCTAssertEqual(ten.upper, 1.8256101825195739, accuracy: 1e-9)
        let three = try XCTUnwrap(ChiSquared.standardDeviationInterval(1, count: 3))
        XCTAssertEqual(three.lower, 0.5206582666988174, accuracy: 1e-9)
        XCTAssertEqual(three.upper, 6.2847346964853825, accuracy: 1e-8)
        XCTAssertNil(ChiSquared.standardDeviationInterval(1, count: 1))
    }
}
