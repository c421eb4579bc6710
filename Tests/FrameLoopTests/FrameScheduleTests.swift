import XCTest
import FrameLoop
import Results

/// The schedule on hand-made durations; every expected value below is computed by hand in the comments.
final class FrameScheduleTests: XCTestCase {
    private func schedule(_ durations: [Double], cadence: Double = 10, policy: FramePolicy) -> [FrameOutcome] {
        FrameSchedule.outcomes(
            arrivals: FrameSchedule.arrivals(count: durations.count, cadenceMilliseconds: cadence),
            durations: durations, policy: policy)
    }

    func testFastFramesAreAllProcessedOnArrival() {
        // Arrivals 0, 10, 20, 30, 40; each takes 2 ms and the thread is free at every arrival.
        let outcomes = schedule([2, 2, 2, 2, 2], policy: .drop)
        XCTAssertEqual(outcomes, (0..<5).map { .processed($0, arrival: Double($0) * 10, start: Double($0) * 10,
                                                          completion: Double($0) * 10 + 2) })
    }

    func testOneSlowFrameUnderDropDropsExactlyTheFramesArrivingWhileBusy() {
        // Frame 2 arrives at 20 and takes 25 ms (busy until 45): frames 3 (30) and 4 (40) are dropped, frame 5 (50)
        // finds the thread free.
        let outcomes = schedule([2, 2, 25, 2, 2, 2], policy: .drop)
        XCTAssertEqual(outcomes.filter(\.isDropped).map(\.index), [3, 4])
        XCTAssertEqual(outcomes[2], .processed(2, arrival: 20, start: 20, completion: 45))
        XCTAssertEqual(outcomes[5], .processed(5, arrival: 50, start: 50, completion: 52))
        XCTAssertEqual(outcomes.compactMap(\.frameTime), [2, 2, 25, 2])
    }

    /// The summary keeps where the drops fell, so each processed frame's arrival is known (a timeline plots it there).
    func testTheSummaryRecordsWhichOfferedFramesWereDropped() {
        let outcomes = schedule([2, 2, 25, 2, 2, 2], policy: .drop)
        let record = FrameLoopRecord(cadenceMilliseconds: 10, policy: .drop, mode: .simulated, outcomes: outcomes,
                                     callbackLatencies: Array(repeating: 0.01, count: outcomes.count))
        let summary = FrameLoopAnalysis.summary(of: record, resamples: 50)
        XCTAssertEqual(summary.droppedFrames, [3, 4])
        XCTAssertEqual(summary.processedFrameArrivals, [0, 1, 2, 5])
        XCTAssertEqual(summary.frameTimesMilliseconds, [2, 2, 25, 2])
    }

    func testOneSlowFrameUnderQueueBuildsABacklogAndRecovers() {
        // Frame 3 waits from 30 to 45 (done 47), frame 4 from 40 to 47 (done 49); frame 5 at 50 finds the thread
        // free again. Nothing is dropped; at frame 4's arrival two frames wait.
        let outcomes = schedule([2, 2, 25, 2, 2, 2], policy: .queue(capacity: 2))
        XCTAssertEqual(outcomes.filter(\.isDropped).count, 0)
        XCTAssertEqual(outcomes[3], .processed(3, arrival: 30, start: 45, completion: 47))
        XCTAssertEqual(outcomes[4], .processed(4, arrival: 40, start: 47, completion: 49))
        XCTAssertEqual(outcomes[5], .processed(5, arrival: 50, start: 50, completion: 52))
        XCTAssertEqual(outcomes.compactMap(\.frameTime), [2, 2, 25, 17, 9, 2])
        XCTAssertEqual(FrameSchedule.peakWaiting(outcomes), 2)
    }

    func testFullQueueDropsTheNewFrame() {
        // Capacity 1: at 40, frame 2 is in process and frame 3 waits, so frame 4 is dropped; frame 3 then runs
        // 45...47 and frame 5 arrives to a free thread.
        let outcomes = schedule([2, 2, 25, 2, 2, 2], policy: .queue(capacity: 1))
        XCTAssertEqual(outcomes.filter(\.isDropped).map(\.index), [4])
        XCTAssertEqual(outcomes[3], .processed(3, arrival: 30, start: 45, completion: 47))
        XCTAssertEqual(outcomes[5], .processed(5, arrival: 50, start: 50, completion: 52))
        XCTAssertEqual(FrameSchedule.peakWaiting(outcomes), 1)
    }

    func testFrameArrivingAtTheInstantOfCompletionFindsTheThreadFree() {
        // Each frame takes exactly two cadences: frame 0 ends at 20 as frame 2 arrives; odd frames are dropped.
        let outcomes = schedule([20, 20, 20, 20, 20], policy: .drop)
        XCTAssertEqual(outcomes.filter(\.isDropped).map(\.index), [1, 3])
        XCTAssertEqual(outcomes[2], .processed(2, arrival: 20, start: 20, completion: 40))
    }

    func testDurationsOfDroppedFramesAreIgnored() {
        let outcomes = schedule([15, 1000, 2], policy: .drop)
        XCTAssertEqual(outcomes[1], .dropped(1, arrival: 10))
        XCTAssertEqual(outcomes[2], .processed(2, arrival: 20, start: 20, completion: 22))
    }

    func testWakeUpDelayOfAnIdleThreadIsNotWaiting() {
        // As a realtime loop records them: each frame starts 0.05 ms after arriving, the thread idle before.
        let outcomes = (0..<4).map { FrameOutcome.processed($0, arrival: Double($0) * 10, start: Double($0) * 10 + 0.05,
                                                              completion: Double($0) * 10 + 2) }
        XCTAssertEqual(FrameSchedule.peakWaiting(outcomes), 0)
        // Frame 1 arrives while frame 0 runs (until 12) and starts at 12.05: it waited behind it.
        let behind = [FrameOutcome.processed(0, arrival: 0, start: 0.05, completion: 12),
                      .processed(1, arrival: 10, start: 12.05, completion: 14)]
        XCTAssertEqual(FrameSchedule.peakWaiting(behind), 1)
    }

    func testQueueCapacityDefaultsToTripleBuffering() {
        XCTAssertEqual(FramePolicy.queue().waitingCapacity, 2)
        XCTAssertTrue(FramePolicy.queue().admits(framesInFlight: 2))
        XCTAssertFalse(FramePolicy.queue().admits(framesInFlight: 3))
        XCTAssertTrue(FramePolicy.drop.admits(framesInFlight: 0))
        XCTAssertFalse(FramePolicy.drop.admits(framesInFlight: 1))
    }
}
