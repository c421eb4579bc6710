import Statistics

/// What a frame-loop benchmark measured: the per-frame pipeline driven at a fixed cadence.
public struct FrameLoopSummary: Codable, Sendable {
    /// Target frame interval, ms (16.67 at 60 fps, 33.3 at 30 fps).
    public var cadenceMilliseconds: Double
    /// `drop` (a busy pipeline drops the new frame) or `queue` (frames wait).
    public var policy: String
    /// `realtime` (waits for each deadline) or `simulated` (schedule computed from measured durations).
    public var mode: String
    public var framesOffered: Int
    public var framesProcessed: Int
    public var framesDropped: Int
    public var deadlineMisses: Int
    /// Frame time (arrival to completion), ms.
    public var frameTime: SampleSummary
    /// Callback latency (arrival to the callback returning), ms.
    public var callbackLatency: SampleSummary
    public var effectiveFPS: Double
    /// Share of processed frames whose instantaneous rate is ≥ 57 fps (frame time ≤ 1000/57 ms), 0...1.
    public var shareAtOrAbove57FPS: Double
    /// Late-window p50 over early-window p50 of frame time (1.0 = no drift).
    public var driftRatio: Double
    /// Frame times in order, ms (the timeline plot reads them).
    public var frameTimesMilliseconds: [Double]

    public init(
        cadenceMilliseconds: Double, policy: String, mode: String, framesOffered: Int, framesProcessed: Int,
        framesDropped: Int, deadlineMisses: Int, frameTime: SampleSummary, callbackLatency: SampleSummary,
        effectiveFPS: Double, shareAtOrAbove57FPS: Double, driftRatio: Double, frameTimesMilliseconds: [Double]
    ) {
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
        self.mode = mode
        self.framesOffered = framesOffered
        self.framesProcessed = framesProcessed
        self.framesDropped = framesDropped
        self.deadlineMisses = deadlineMisses
        self.frameTime = frameTime
        self.callbackLatency = callbackLatency
        self.effectiveFPS = effectiveFPS
        self.shareAtOrAbove57FPS = shareAtOrAbove57FPS
        self.driftRatio = driftRatio
        self.frameTimesMilliseconds = frameTimesMilliseconds
    }
}
