import Foundation
import Statistics
import XCTest

final class StatisticTests: XCTestCase {
    func testEveryStatisticParsesFromTheNameItIsWrittenAs() throws {
        for statistic in Statistic.allCases {
            XCTAssertEqual(try Statistic(parsing: statistic.rawValue), statistic)
        }
        XCTAssertEqual(Statistic.p999.rawValue, "p99.9")
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([Statistic.p999, .median]), as: UTF8.self), #"["p99.9","median"]"#)
    }

    func testABadNameIsAOneLineErrorNamingItAndTheKnownOnes() {
        for text in ["p42", "P95", "", "average"] {
            XCTAssertThrowsError(try Statistic(parsing: text), text) { error in
                XCTAssertEqual("\(error)", "unknown statistic '\(text)' (known: min, max, mean, median, p50, p90, p95, p99, p99.9)")
            }
        }
    }

    func testEachStatisticOfASampleIsTheSummarysField() {
        let sample: [Double] = [5, 1, 4, 2, 3, 9, 7, 8, 6, 10, 12, 11]
        let summary = SampleSummary.of(sample, resamples: 50)
        for statistic in Statistic.allCases {
            XCTAssertEqual(statistic.of(sorted: sample.sorted()), summary.value(of: statistic), "\(statistic)")
            XCTAssertEqual(summary.value(of: statistic.rawValue), summary.value(of: statistic), "\(statistic)")
        }
        XCTAssertEqual(summary.value(of: .p50), summary.median)
        XCTAssertEqual(summary.interval(of: .p50), summary.interval(of: .median), "p50 shares the median's interval")
        XCTAssertNil(summary.interval(of: .min), "no interval was computed for min")
    }
}
