import Foundation
import Measurement

/// Runs the loop for real: the calling thread plays the camera (sleeps until each frame's due time on the monotonic
/// clock, then calls the callback), a processing thread runs the pipeline on the frames the callback admits.
///
/// A frame's arrival is the instant the camera thread reads the clock before calling the callback, so a late timer
/// wake-up delays the arrival rather than lengthening the frame time (the next due time stays on the fixed grid).
public struct RealtimeFrameLoop: Sendable {
    public let cadenceMilliseconds: Double
    public let policy: FramePolicy

    /// - Precondition: `cadenceMilliseconds > 0`.
    public init(cadenceMilliseconds: Double, policy: FramePolicy) {
        precondition(cadenceMilliseconds > 0, "cadence must be positive")
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
    }

    /// Offers `frames` frames (at least one) and waits until every admitted frame is processed.
    /// - Parameter shouldStop: polled after each frame; a stop offers no further frame.
    public func run(frames: Int, pipeline: some FramePipeline, shouldStop: () -> Bool = { false }) -> FrameLoopRecord {
        let times = FrameTimestamps(frames: Swift.max(frames, 1))
        let handoff = FrameHandoff(policy: policy)
        let finished = DispatchSemaphore(value: 0)
        let processor = Thread {
            while let index = handoff.next() {
                times.start[index] = MonotonicClock.now()
                pipeline.process(frame: index)
                times.completion[index] = MonotonicClock.now()
                handoff.complete()
            }
            finished.signal()
        }
        processor.name = "framebudget.processing"
        processor.start()

        let cadence = cadenceMilliseconds * 1e6
        // One cadence of lead time lets the processing thread reach its wait before the first frame.
        let origin = MonotonicClock.now() + UInt64(cadence)
        var host = HostCPUTimeline(origin: origin, frames: times.capacity, cadenceMilliseconds: cadenceMilliseconds)
        host.read()
        var offered = 0
        for index in 0..<times.capacity {
            let due = origin + UInt64((Double(index) * cadence).rounded())
            MonotonicClock.sleep(until: due)
            times.arrival[index] = MonotonicClock.now()
            times.admitted[index] = handoff.offer(index)
            times.callbackReturn[index] = MonotonicClock.now()
            offered += 1
            if shouldStop() { break }
            if host.isDue() {
                // Half a cadence in, when the frame is normally done: reading /proc/stat (tens of µs) beside the
                // pipeline would lengthen the frame it ran beside.
                MonotonicClock.sleep(until: due + UInt64(cadence / 2))
                host.read()
            }
        }
        handoff.close()
        finished.wait()
        host.read()
        return times.record(
            offered: offered, origin: origin, cadenceMilliseconds: cadenceMilliseconds, policy: policy,
            hostCPU: host.readings)
    }
}

/// The host's CPU time read every ``intervalMilliseconds`` through a realtime loop, into storage reserved up front
/// (reading `/proc/stat` allocates its text: every ~100 ms, between frames, never per frame).
private struct HostCPUTimeline {
    /// Often enough to give each of the drift trend's 20 blocks (half a second in a 10-s loop) several readings.
    static let intervalMilliseconds = 100.0

    let origin: UInt64
    private(set) var readings: [HostCPUReading] = []
    private var last: UInt64 = 0

    init(origin: UInt64, frames: Int, cadenceMilliseconds: Double) {
        self.origin = origin
        readings.reserveCapacity(Int(Double(frames) * cadenceMilliseconds / Self.intervalMilliseconds) + 8)
    }

    func isDue() -> Bool {
        Double(MonotonicClock.now() &- last) >= Self.intervalMilliseconds * 1e6
    }

    mutating func read() {
        let now = MonotonicClock.now()
        last = now
        guard let cpu = HostCPUTime.now() else { return }
        // Before the origin (the first reading) counts as the origin.
        let milliseconds = now > origin ? MonotonicClock.milliseconds(now, since: origin) : 0
        readings.append(HostCPUReading(milliseconds: milliseconds, cpu: cpu))
    }
}

/// Per-frame clock readings, preallocated so the loop allocates nothing. Each slot is written by one thread; the
/// record is read after the processing thread has signalled its end.
private final class FrameTimestamps: @unchecked Sendable {
    let capacity: Int
    let arrival, callbackReturn, start, completion: UnsafeMutableBufferPointer<UInt64>
    let admitted: UnsafeMutableBufferPointer<Bool>

    init(frames: Int) {
        capacity = frames
        func zeros() -> UnsafeMutableBufferPointer<UInt64> {
            let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: frames)
            buffer.initialize(repeating: 0)
            return buffer
        }
        arrival = zeros(); callbackReturn = zeros(); start = zeros(); completion = zeros()
        admitted = .allocate(capacity: frames)
        admitted.initialize(repeating: false)
    }

    deinit {
        [arrival, callbackReturn, start, completion].forEach { $0.deallocate() }
        admitted.deallocate()
    }

    func record(offered: Int, origin: UInt64, cadenceMilliseconds: Double, policy: FramePolicy,
                hostCPU: [HostCPUReading]) -> FrameLoopRecord {
        let ms = { (time: UInt64) in MonotonicClock.milliseconds(time, since: origin) }
        let outcomes = (0..<offered).map { index in
            admitted[index]
                ? FrameOutcome.processed(index, arrival: ms(arrival[index]), start: ms(start[index]),
                                         completion: ms(completion[index]))
                : FrameOutcome.dropped(index, arrival: ms(arrival[index]))
        }
        let latencies = (0..<offered).map { ms(callbackReturn[$0]) - ms(arrival[$0]) }
        return FrameLoopRecord(
            cadenceMilliseconds: cadenceMilliseconds, policy: policy, mode: .realtime, outcomes: outcomes,
            callbackLatencies: latencies, hostCPU: hostCPU)
    }
}
