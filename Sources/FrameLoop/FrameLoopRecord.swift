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
    /// The host's CPU time read through the loop, in time order (a realtime loop on Linux; empty otherwise): the
    /// steal of any stretch of frames is the difference of the readings around it.
    public let hostCPU: [HostCPUReading]

    public init(
        cadenceMilliseconds: Double, policy: FramePolicy, mode: FrameLoopMode, outcomes: [FrameOutcome],
        callbackLatencies: [Double], hostCPU: [HostCPUReading] = []
    ) {
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
        self.mode = mode
        self.outcomes = outcomes
        self.callbackLatencies = callbackLatencies
        self.hostCPU = hostCPU
    }

    /// Processed frames' times (arrival to completion), in arrival order (ms).
    public var frameTimes: [Double] { outcomes.compactMap(\.frameTime) }

    /// Completion times of processed frames, in order (ms).
    public var completions: [Double] { outcomes.compactMap(\.completion) }
}

/// The host's CPU time (``HostCPUTime``) at a moment of a loop, in ms from the loop's origin.
public struct HostCPUReading: Sendable, Equatable {
    public var milliseconds: Double
    public var cpu: HostCPUTime

    public init(milliseconds: Double, cpu: HostCPUTime) {
        self.milliseconds = milliseconds
        self.cpu = cpu
    }
}
