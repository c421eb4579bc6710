import XCTest
import FrameLoop
import Statistics

/// The drift ratio's interval: what lets a drift budget tell a degrading loop from one whose windows only scatter.
final class DriftIntervalTests: XCTestCase {
    func testASteadilyDegradingLoopHasAnIntervalWhollyAboveTenPercent() throws {
        // 400 frames growing from 3 ms to 5 ms: the late median is ~1.5× the early one.
        let frames = (0..<400).map { 3 + 2 * Double($0) / 399 }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames, resamples: 500))
        XCTAssertGreaterThan(interval.lower, 1.1)
        XCTAssertTrue(interval.contains(FrameRateMetrics.driftRatio(frameTimes: frames)))
    }

    func testAFlatBimodalLoopHasAnIntervalAroundOne() throws {
        // Frames of 2.7 or 5.5 ms in a seeded 60/40 mix, the same in both halves: medians may jump between the
        // modes, but the interval must admit "no drift".
        var generator = SplitMix64(seed: 11)
        let frames = (0..<600).map { _ in generator.index(below: 10) < 6 ? 2.7 : 5.5 }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames, resamples: 500))
        XCTAssertTrue(interval.contains(1), "\(interval)")
    }

    func testTooShortARunHasNoInterval() {
        XCTAssertNil(FrameRateMetrics.driftInterval(frameTimes: (0..<40).map(Double.init)))
    }

    func testRegimesThatComeAndGoWidenTheIntervalToAdmitNoDrift() throws {
        // 800 frames: 2.7 ms, with stretches of 50 slow frames (5.5 ms) at irregular places, denser by chance late
        // in the run. Frame by frame the late window looks slower; block by block it is as likely not to be.
        var frames = [Double](repeating: 2.7, count: 800)
        for start in [20, 150, 590, 660, 730] { for i in start..<(start + 50) { frames[i] = 5.5 } }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames, resamples: 1000))
        XCTAssertGreaterThan(FrameRateMetrics.driftRatio(frameTimes: frames), 1.1, "the point estimate alone would fail")
        XCTAssertLessThan(interval.lower, 1.1, "\(interval)")
    }

    func testTheSameFramesGiveTheSameInterval() {
        let frames = (0..<200).map { 3 + Double($0 % 7) * 0.1 }
        XCTAssertEqual(FrameRateMetrics.driftInterval(frameTimes: frames), FrameRateMetrics.driftInterval(frameTimes: frames))
    }
}
