import XCTest
@testable import Statistics

/// Step detection on synthetic nightly series with known steps.
final class ChangePointsTests: XCTestCase {
    private func series(_ levels: [(count: Int, level: Double)], noise sigma: Double, seed: UInt64) -> [Double] {
        var noise = GaussianNoise(seed: seed)
        return levels.flatMap { segment in (0..<segment.count).map { _ in segment.level + sigma * noise.next() } }
    }

    func testFindsASingleStepWhereItHappened() {
        for seed in UInt64(1)...20 {
            let values = series([(40, 10.0), (30, 10.5)], noise: 0.1, seed: seed)
            let steps = ChangePoints.detect(values)
            XCTAssertEqual(steps.count, 1, "seed \(seed): \(steps.map(\.index))")
            XCTAssertEqual(Double(steps.first?.index ?? 0), 40, accuracy: 1, "seed \(seed)")
            XCTAssertEqual(steps.first?.relativeChange ?? 0, 0.05, accuracy: 0.01)
        }
    }

    func testFindsTwoStepsUpThenDown() {
        for seed in UInt64(1)...20 {
            let values = series([(25, 10.0), (20, 11.0), (25, 10.2)], noise: 0.15, seed: seed)
            let indices = ChangePoints.detect(values).map(\.index)
            XCTAssertEqual(indices.count, 2, "seed \(seed): \(indices)")
            if indices.count == 2 {
                XCTAssertEqual(Double(indices[0]), 25, accuracy: 1, "seed \(seed)")
                XCTAssertEqual(Double(indices[1]), 45, accuracy: 1, "seed \(seed)")
            }
        }
    }

    func testPureNoiseHasNoStep() {
        var falseSteps = 0
        for seed in UInt64(1)...50 {
            falseSteps += ChangePoints.detect(series([(100, 10.0)], noise: 0.2, seed: seed)).count
        }
        XCTAssertLessThanOrEqual(falseSteps, 1, "false steps over 50 noisy series of 100 nights")
    }

    func testALoneSpikeIsNotAStep() {
        for seed in UInt64(1)...20 {
            var values = series([(60, 10.0)], noise: 0.1, seed: seed)
            values[30] = 14  // one bad night, 40 σ high
            XCTAssertEqual(ChangePoints.detect(values), [], "seed \(seed)")
        }
    }

    func testASmallStepOfTwoSigmaIsFound() {
        var found = 0
        for seed in UInt64(1)...20 {
            found += ChangePoints.detect(series([(30, 10.0), (30, 10.2)], noise: 0.1, seed: seed)).count == 1 ? 1 : 0
        }
        XCTAssertGreaterThanOrEqual(found, 18)
    }

    func testShortOrConstantSeriesHaveNoStepAndDoNotCrash() {
        XCTAssertEqual(ChangePoints.detect([]), [])
        XCTAssertEqual(ChangePoints.detect([1, 2, 3]), [])
        XCTAssertEqual(ChangePoints.detect([Double](repeating: 5, count: 50)), [])
        XCTAssertEqual(ChangePoints.detect([Double](repeating: 5, count: 20) + [Double](repeating: 6, count: 20)).map(\.index), [20])
    }
}
