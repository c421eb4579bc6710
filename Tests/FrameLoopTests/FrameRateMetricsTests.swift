import XCTest
import FrameLoop
import Results

/// The summary of hand-made schedules; expected values are computed by hand in the comments.
final class FrameRateMetricsTests: XCTestCase {
    private func record(
        _ durations: [Double], cadence: Double, policy: FramePolicy, latencies: [Double]? = nil
    ) -> FrameLoopRecord {
        FrameLoopRecord(
            cadenceMilliseconds: cadence, policy: policy, mode: .simulated,
            outcomes: FrameSchedule.outcomes(
                arrivals: FrameSchedule.arrivals(count: durations.count, cadenceMilliseconds: cadence),
                durations: durations, policy: policy),
            callbackLatencies: latencies ?? durations.map { _ in 0.001 })
    }

    private func summary(_ durations: [Double], cadence: Double, policy: FramePolicy) -> FrameLoopSummary {
        FrameLoopAnalysis.summary(of: record(durations, cadence: cadence, policy: policy), resamples: 100)
    }

    func testAllFastFramesMeetEveryDeadlineAtTheCadenceRate() {
        let s = summary(Array(repeating: 2, count: 5), cadence: 10, policy: .drop)
        XCTAssertEqual(s.framesProcessed, 5)
        XCTAssertEqual(s.framesDropped, 0)
        XCTAssertEqual(s.deadlineMisses, 0)
        XCTAssertEqual(s.effectiveFPS, 100, accuracy: 1e-9)  // 4 intervals over 40 ms
        XCTAssertEqual(s.shareAtOrAbove57FPS, 1)
        XCTAssertEqual(s.frameTimesMilliseconds, [2, 2, 2, 2, 2])
        XCTAssertEqual(s.driftRatio, 1)
        XCTAssertEqual(s.policy, .drop)
        XCTAssertEqual(s.mode, "simulated")
    }

    func testSlowFrameUnderDropCountsOneMissAndTwoDrops() {
        // Completions 2, 12, 45, 52, shown at ticks 10, 20, 50, 60: intervals 10, 30, 10; one is slower than 57 fps.
        // Per offered frame after the first: 10 (on rate), 30 (not), two dropped (not), 10 (on rate): 2 of 5.
        let s = summary([2, 2, 25, 2, 2, 2], cadence: 10, policy: .drop)
        XCTAssertEqual(s.framesOffered, 6)
        XCTAssertEqual(s.framesDropped, 2)
        XCTAssertEqual(s.deadlineMisses, 1)
        XCTAssertEqual(s.shareAtOrAbove57FPS, 2.0 / 5, accuracy: 1e-12, "a dropped frame is a frame not shown on rate")
        XCTAssertEqual(s.effectiveFPS, 3 * 1000 / 50, accuracy: 1e-9)
        XCTAssertEqual(s.queueCapacity, 0)
        XCTAssertEqual(s.peakWaitingFrames, 0)
    }

    func testSlowFrameUnderQueueMissesTheDeadlinesOfTheFramesBehindIt() {
        // Frame times 2, 2, 25, 17, 9, 2: frames 2 (25) and 3 (17) exceed 10 ms; frame 4 (9) makes it.
        let s = summary([2, 2, 25, 2, 2, 2], cadence: 10, policy: .queue(capacity: 2))
        XCTAssertEqual(s.deadlineMisses, 2)
        XCTAssertEqual(s.peakWaitingFrames, 2)
        XCTAssertEqual(s.processingTime?.max, 25)
        XCTAssertEqual(s.frameTime.max, 25)
    }

    func testSustainedOverloadUnderQueueRunsAtOneOverTheDuration() {
        let s = summary(Array(repeating: 20, count: 60), cadence: 1000.0 / 60, policy: .queue())
        XCTAssertEqual(s.effectiveFPS, 1000.0 / 20, accuracy: 1e-9)
        XCTAssertGreaterThan(s.framesDropped, 0, "the bounded queue fills, then drops")
        XCTAssertLessThan(s.shareAtOrAbove57FPS, 0.95)
    }

    /// A loop that froze for a second under `drop` had 99.5% of its intervals at ≥ 57 fps and passed "60 fps
    /// sustained" while it dropped a tenth of its frames: each dropped frame now counts as one not shown on rate.
    func testAFreezeThatDropsFramesCountsEveryDroppedFrame() {
        var times = Array(repeating: 2.0, count: 600)
        times[300] = 1000  // one second frozen on one frame
        let s = summary(times, cadence: 1000.0 / 60, policy: .drop)
        XCTAssertEqual(s.framesDropped, 59, "the frames that arrived during the second, but the one due as it ends")
        XCTAssertEqual(s.shareAtOrAbove57FPS, Double(599 - 59 - 1) / 599, accuracy: 1e-12,
                       "599 frames after the first: 59 dropped and the frozen one's interval off rate")
        XCTAssertLessThan(s.shareAtOrAbove57FPS, 0.95)
        XCTAssertEqual(s.judgeableShare, s.shareAtOrAbove57FPS)
        XCTAssertNil(summary([2], cadence: 10, policy: .drop).judgeableShare, "one frame: no interval, no share to judge")
        XCTAssertNil(summary(Array(repeating: 2, count: 79), cadence: 10, policy: .drop).judgeableDrift, "a drift needs 80 frames")
    }

    func testOverloadOfHalfACadenceShowsEveryOtherFrameOneTickLate() {
        // 15 ms frames at 10 ms, the thread never idle: completions 15, 30, 45, 60… shown at ticks 20, 30, 50, 60,
        // 80…: intervals alternate 10 and 20 ms, starting with 10.
        // The bounded queue fills and drops; each dropped frame counts as one not shown on rate.
        let s = summary(Array(repeating: 15, count: 41), cadence: 10, policy: .queue())
        let intervals = s.framesProcessed - 1
        XCTAssertEqual(s.shareAtOrAbove57FPS, Double((intervals + 1) / 2) / Double(intervals + s.framesDropped), accuracy: 1e-12)
        XCTAssertEqual(s.effectiveFPS, 1000.0 / 15, accuracy: 1e-9)
    }

    func testPresentationLatchesEachCompletionToTheNextTickOneFramePerTick() {
        // The queue case: completions 2, 12, 45, 47, 49, 52 at a 10 ms cadence; 47 and 49 wait for free ticks.
        XCTAssertEqual(FrameRateMetrics.presentations(completions: [2, 12, 45, 47, 49, 52], cadenceMilliseconds: 10),
                       [10, 20, 50, 60, 70, 80])
        XCTAssertEqual(FrameRateMetrics.presentations(completions: [10, 20.5], cadenceMilliseconds: 10), [10, 30],
                       "a completion on a tick is shown on it")
    }

    func testJitterWithinATickIsNotADroppedRate() {
        // Alternating 1 ms and 9 ms frames at 10 ms: completion gaps of 18 and 2 ms, but every frame shows on the
        // tick after its arrival, so every interval is one tick.
        let s = summary((0..<40).map { $0 % 2 == 0 ? 1 : 9 }, cadence: 10, policy: .drop)
        XCTAssertEqual(s.shareOnRate, 1)
        XCTAssertEqual(s.deadlineMisses, 0)
    }

    func testSustainedOverloadUnderDropRunsAtOneOverTheDuration() {
        // 20 ms frames at a 10 ms cadence: every other frame dropped, one completion per 20 ms.
        let s = summary(Array(repeating: 20, count: 40), cadence: 10, policy: .drop)
        XCTAssertEqual(s.effectiveFPS, 1000.0 / 20, accuracy: 1e-9)
        XCTAssertEqual(s.framesDropped, 20)
    }

    func testOverloadBetweenOneAndTwoCadencesUnderDropHalvesTheRate() {
        // 12 ms frames at 10 ms: frame 1 arrives busy, frame 2 (20) finds the thread free: one frame per 20 ms.
        let s = summary(Array(repeating: 12, count: 41), cadence: 10, policy: .drop)
        XCTAssertEqual(s.effectiveFPS, 50, accuracy: 1e-9)
    }

    func testDriftRatioIsTheTrendFromTheFirstQuarterToTheLast() {
        // Frame times growing by 0.5% a frame: every block's median lies on the trend, whose change over the 75
        // frames between the quarters' centres is exp(0.005 × 75).
        let degrading = (0..<100).map { exp(0.005 * Double($0)) }
        XCTAssertEqual(FrameRateMetrics.driftRatio(frameTimes: degrading), exp(0.005 * 75), accuracy: 1e-12)
        XCTAssertEqual(summary(degrading, cadence: 10, policy: .drop).driftRatio, exp(0.005 * 75), accuracy: 1e-12)
        XCTAssertEqual(FrameRateMetrics.driftRatio(frameTimes: Array(repeating: 3, count: 100)), 1)
        XCTAssertEqual(FrameRateMetrics.driftRatio(frameTimes: [3]), 1, "one frame has no trend")
    }

    func testShareAt57FPSIncludesTheBoundaryInterval() {
        let boundary = 1000.0 / 57
        XCTAssertEqual(FrameRateMetrics.shareAtOrAbove57FPS(intervals: [boundary, boundary + 1e-6, 16, 20]), 0.5)
        XCTAssertEqual(FrameRateMetrics.shareAtOrAbove57FPS(intervals: []), 0)
        // Fast frames at exactly 57 fps count in full despite the rounding of summed arrival times; 56 fps does not.
        XCTAssertEqual(summary(Array(repeating: 1, count: 200), cadence: boundary, policy: .drop)
            .shareAtOrAbove57FPS, 1)
        XCTAssertEqual(summary(Array(repeating: 1, count: 200), cadence: 1000.0 / 56, policy: .drop)
            .shareAtOrAbove57FPS, 0)
    }

    func testShareOnRateAppliesThe57Of60RuleAtTheLoopsOwnCadence() {
        // 2 ms frames at 30 fps: every interval is 33.3 ms, on rate at 30 fps, far below 57 fps.
        let atThirty = summary(Array(repeating: 2, count: 30), cadence: 1000.0 / 30, policy: .drop)
        XCTAssertEqual(atThirty.shareOnRate, 1)
        XCTAssertEqual(atThirty.shareAtOrAbove57FPS, 0)
        // The boundary at 30 fps is 35.09 ms (28.5 fps), inclusive.
        let limit = 1000.0 / 30 * 60 / 57
        XCTAssertEqual(FrameRateMetrics.shareOnRate(intervals: [limit, limit + 1e-6], cadenceMilliseconds: 1000.0 / 30), 0.5)
        let atSixty = summary([2, 2, 25, 2, 2, 2], cadence: 1000.0 / 60, policy: .drop)
        XCTAssertEqual(atSixty.shareOnRate, atSixty.shareAtOrAbove57FPS)
    }

    func testCallbackLatencyIsSummarizedFromEveryOfferedFrame() {
        let latencies = [0.01, 0.02, 0.03, 0.04, 0.5, 0.02]
        let s = FrameLoopAnalysis.summary(
            of: record([2, 2, 25, 2, 2, 2], cadence: 10, policy: .drop, latencies: latencies), resamples: 100)
        XCTAssertEqual(s.callbackLatency.count, 6, "dropped frames' callbacks count too")
        XCTAssertEqual(s.callbackLatency.max, 0.5)
        XCTAssertEqual(s.callbackLatency.median, 0.025, accuracy: 1e-12)
    }

    /// Late frames that come in runs are worth fewer trials than frames: batch means over 20 blocks. 600 intervals
    /// with 30 late in runs of 10 (three stalls) are worth ~64 independent ones; the same 30 late spread evenly are
    /// worth all 600; a loop with no late frame, or too short for blocks of two, counts every interval.
    func testLateFramesInRunsAreWorthFewerTrialsThanFrames() {
        let tick = 1000.0 / 60, late = 2 * tick
        var clustered = [Double](repeating: tick, count: 600)
        for start in [100, 300, 500] { for index in start..<(start + 10) { clustered[index] = late } }
        let effective = FrameRateMetrics.effectiveTrials(intervals: clustered)
        // Blocks of 30: three hold 10 late (share 2/3), 17 hold none. Block shares' variance 0.014912 (n − 1);
        // p = 0.95, so the design effect is 0.014912 × 30 / 0.0475 = 9.418 and 600 / 9.418 = 63.71 (numpy).
        XCTAssertEqual(effective, 63.706, accuracy: 0.01)
        var spread = [Double](repeating: tick, count: 600)
        for index in stride(from: 10, to: 600, by: 20) { spread[index] = late }
        XCTAssertEqual(FrameRateMetrics.effectiveTrials(intervals: spread), 600, "one late in every block: no extra spread")
        XCTAssertEqual(FrameRateMetrics.effectiveTrials(intervals: [Double](repeating: tick, count: 600)), 600)
        XCTAssertEqual(FrameRateMetrics.effectiveTrials(intervals: Array(clustered.prefix(30))), 30)
    }
}
