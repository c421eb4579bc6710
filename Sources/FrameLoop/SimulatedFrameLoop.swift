import Measurement

/// The fast mode: times every frame's processing for real, back to back on the calling thread, then computes the
/// schedule a realtime loop would follow from those durations (``FrameSchedule``), without sleeping.
///
/// Every offered frame is processed (a dropped frame's duration is simply unused), so a run costs
/// frames × processing time instead of frames × cadence. The callback latency is the measured cost of the real
/// callback (``FrameHandoff/offer``) with no thread waiting on the other side: it omits the wake-up of a sleeping
/// processing thread, which only the realtime mode sees.
public struct SimulatedFrameLoop: Sendable {
    public let cadenceMilliseconds: Double
    public let policy: FramePolicy

    /// - Precondition: `cadenceMilliseconds > 0`.
    public init(cadenceMilliseconds: Double, policy: FramePolicy) {
        precondition(cadenceMilliseconds > 0, "cadence must be positive")
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
    }

    /// Offers `frames` frames (at least one).
    /// - Parameter shouldStop: polled after each frame; a stop offers no further frame.
    public func run(frames: Int, pipeline: some FramePipeline, shouldStop: () -> Bool = { false }) -> FrameLoopRecord {
        let count = Swift.max(frames, 1)
        var durations = [Double](repeating: 0, count: count)
        var latencies = [Double](repeating: 0, count: count)
        let handoff = FrameHandoff(policy: policy)
        var offered = 0
        for index in 0..<count {
            let begin = MonotonicClock.now()
            _ = handoff.offer(index)
            let returned = MonotonicClock.now()
            _ = handoff.next()
            let start = MonotonicClock.now()
            pipeline.process(frame: index)
            let end = MonotonicClock.now()
            handoff.complete()
            latencies[index] = MonotonicClock.milliseconds(returned, since: begin)
            durations[index] = MonotonicClock.milliseconds(end, since: start)
            offered += 1
            if shouldStop() { break }
        }
        let outcomes = FrameSchedule.outcomes(
            arrivals: FrameSchedule.arrivals(count: offered, cadenceMilliseconds: cadenceMilliseconds),
            durations: Array(durations.prefix(offered)), policy: policy)
        return FrameLoopRecord(
            cadenceMilliseconds: cadenceMilliseconds, policy: policy, mode: .simulated, outcomes: outcomes,
            callbackLatencies: Array(latencies.prefix(offered)))
    }
}
