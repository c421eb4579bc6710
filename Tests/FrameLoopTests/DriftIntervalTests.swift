import XCTest
import FrameLoop
import Statistics

/// The drift ratio's interval: what lets a drift budget tell a degrading loop from one whose windows only scatter.
final class DriftIntervalTests: XCTestCase {
    func testASteadilyDegradingLoopHasAnIntervalWhollyAboveTenPercent() throws {
        // 400 frames growing from 3 ms to 5 ms: the late median is ~1.5× the early one.
        let frames = (0..<400).map { 3 + 2 * Double($0) / 399 }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames))
        XCTAssertGreaterThan(interval.lower, 1.1)
        XCTAssertTrue(interval.contains(FrameRateMetrics.driftRatio(frameTimes: frames)))
    }

    func testAFlatBimodalLoopHasAnIntervalAroundOne() throws {
        // Frames of 2.7 or 5.5 ms in a seeded 60/40 mix, the same in both halves: medians may jump between the
        // modes, but the interval must admit "no drift".
        var generator = SplitMix64(seed: 11)
        let frames = (0..<600).map { _ in generator.index(below: 10) < 6 ? 2.7 : 5.5 }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames))
        XCTAssertTrue(interval.contains(1), "\(interval)")
    }

    func testTooShortARunHasNoInterval() {
        XCTAssertNil(FrameRateMetrics.driftInterval(frameTimes: (1..<80).map(Double.init)), "under 4 frames a block")
    }

    func testRegimesThatComeAndGoAreNotDrift() throws {
        // 800 frames: 2.7 ms, with stretches of 50 slow frames (5.5 ms) at irregular places, denser by chance late
        // in the run. The first and last quarters' medians differ (the late one lands on slow stretches); the
        // trend over twenty blocks does not: a few blocks moved, not all of them. One run cannot rule out that the
        // late stretches are a trend (the interval says so honestly); over processes, whose trends are each 1.0,
        // the gate decides.
        var frames = [Double](repeating: 2.7, count: 800)
        for start in [20, 150, 590, 660, 730] { for i in start..<(start + 50) { frames[i] = 5.5 } }
        let early = Descriptive.median(Array(frames.prefix(200))), late = Descriptive.median(Array(frames.suffix(200)))
        XCTAssertGreaterThan(late / early, 1.1, "quarters compared frame by frame would call it drift")
        XCTAssertEqual(FrameRateMetrics.driftRatio(frameTimes: frames), 1, accuracy: 1e-12)
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames))
        XCTAssertTrue(interval.contains(1), "\(interval)")
    }

    func testNoiseWithoutATrendGivesANarrowIntervalAroundOne() throws {
        // 1200 frames of 3 ms ± 10% seeded noise: every block's median is near 3 ms; the trend and its interval are
        // within a few percent of 1, so a 1.1 limit is decided in one run.
        var generator = SplitMix64(seed: 5)
        let frames = (0..<1200).map { _ in 3 * (0.9 + 0.2 * Double(generator.index(below: 1000)) / 1000) }
        let interval = try XCTUnwrap(FrameRateMetrics.driftInterval(frameTimes: frames))
        XCTAssertTrue(interval.contains(1), "\(interval)")
        XCTAssertGreaterThan(interval.lower, 0.95, "\(interval)")
        XCTAssertLessThan(interval.upper, 1.05, "\(interval)")
    }

    func testTheSameFramesGiveTheSameInterval() {
        let frames = (0..<200).map { 3 + Double($0 % 7) * 0.1 }
        XCTAssertEqual(FrameRateMetrics.driftInterval(frameTimes: frames), FrameRateMetrics.driftInterval(frameTimes: frames))
    }
}
