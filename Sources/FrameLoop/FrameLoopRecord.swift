import Measurement

/// Everything one frame-loop run observed, before analysis: the same shape whichever mode produced it.
public struct FrameLoopRecord: Sendable, Equatable {
    /// Target interval between frame arrivals (ms).
    public let cadenceMilliseconds: Double
    public let policy: FramePolicy
    public let mode: FrameLoopMode
    /// One outcome per offered frame, in arrival order.
    public let outcomes: [FrameOutcome]
    /// Arrival to the callback's return, one per offered frame (ms).
    public let callbackLatencies: [Double]

    public init(
        cadenceMilliseconds: Double, policy: FramePolicy, mode: FrameLoopMode, outcomes: [FrameOutcome],
        callbackLatencies: [Double]
    ) {
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
        self.mode = mode
        self.outcomes = outcomes
        self.callbackLatencies = callbackLatencies
    }

    /// Processed frames' times (arrival to completion), in arrival order (ms).
    public var frameTimes: [Double] { outcomes.compactMap(\.frameTime) }

    /// Completion times of processed frames, in order (ms).
    public var completions: [Double] { outcomes.compactMap(\.completion) }
}
