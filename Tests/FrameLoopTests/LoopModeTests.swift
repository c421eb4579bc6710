import XCTest
import FrameLoop

/// The two drivers on trivial work. Timing is never asserted: only facts that hold however loaded the machine is.
final class LoopModeTests: XCTestCase {
    func testRealtimeRunAccountsForEveryFrameAndNeverStartsOneBeforeItArrives() {
        let calls = CallLog()
        let record = RealtimeFrameLoop(cadenceMilliseconds: 5, policy: .drop)
            .run(frames: 20, pipeline: ClosurePipeline { calls.append($0) })
        XCTAssertEqual(record.mode, .realtime)
        XCTAssertEqual(record.outcomes.count, 20)
        XCTAssertEqual(record.callbackLatencies.count, 20)
        XCTAssertEqual(record.outcomes.map(\.index), Array(0..<20))
        let processed = record.outcomes.filter { !$0.isDropped }
        XCTAssertEqual(calls.indices, processed.map(\.index), "the pipeline saw exactly the admitted frames, in order")
        XCTAssertFalse(processed.isEmpty)
        for outcome in processed {
            XCTAssertGreaterThanOrEqual(outcome.start!, outcome.arrival, "frame \(outcome.index) started before arriving")
            XCTAssertGreaterThanOrEqual(outcome.completion!, outcome.start!)
        }
        XCTAssertTrue(record.callbackLatencies.allSatisfy { $0 >= 0 })
        XCTAssertEqual(zip(record.outcomes.dropFirst(), record.outcomes).filter { $0.arrival < $1.arrival }.count, 0)
    }

    func testRealtimeQueueRunProcessesFramesInArrivalOrder() {
        let calls = CallLog()
        let record = RealtimeFrameLoop(cadenceMilliseconds: 2, policy: .queue())
            .run(frames: 10, pipeline: ClosurePipeline { calls.append($0) })
        let processed = record.outcomes.filter { !$0.isDropped }
        XCTAssertEqual(calls.indices, processed.map(\.index))
        XCTAssertEqual(zip(processed.dropFirst(), processed).filter { $0.start! < $1.completion! }.count, 0,
                       "one processing thread: a frame starts after the previous one completed")
    }

    func testStopRequestOffersNoFurtherFrame() {
        let record = RealtimeFrameLoop(cadenceMilliseconds: 1, policy: .drop)
            .run(frames: 50, pipeline: ClosurePipeline { _ in }, shouldStop: { true })
        XCTAssertEqual(record.outcomes.count, 1)
    }

    func testSimulatedRunTimesEveryFrameAndSchedulesThemOnTheCadence() {
        let calls = CallLog()
        let record = SimulatedFrameLoop(cadenceMilliseconds: 1000.0 / 60, policy: .drop)
            .run(frames: 30, pipeline: ClosurePipeline { calls.append($0) })
        XCTAssertEqual(record.mode, .simulated)
        XCTAssertEqual(calls.indices, Array(0..<30), "every offered frame is timed, dropped or not")
        XCTAssertEqual(record.outcomes.map(\.arrival), FrameSchedule.arrivals(count: 30, cadenceMilliseconds: 1000.0 / 60))
        XCTAssertEqual(record.callbackLatencies.count, 30)
        // The record is the pure schedule of its own durations (up to the rounding of completion − start).
        let durations = record.outcomes.map { $0.processingTime ?? 0 }
        let recomputed = FrameSchedule.outcomes(
            arrivals: record.outcomes.map(\.arrival), durations: durations, policy: .drop)
        XCTAssertEqual(recomputed.map(\.isDropped), record.outcomes.map(\.isDropped))
        for (again, original) in zip(recomputed, record.outcomes) where !original.isDropped {
            XCTAssertEqual(again.completion!, original.completion!, accuracy: 1e-9)
        }
    }
}

/// Frame indices a pipeline was called with, from whichever thread.
private final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log = [Int]()

    func append(_ index: Int) {
        lock.lock()
        log.append(index)
        lock.unlock()
    }

    var indices: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }
}
