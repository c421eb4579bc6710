import FrameLoop

/// What makes a benchmark a frame-loop benchmark: its iteration is one frame's work, driven at a fixed cadence
/// under a policy, instead of being timed in calibrated batches.
public struct FrameLoopSpec: Sendable, Equatable {
    /// Interval between frame arrivals, ms (1000/60 for the photo preview, 1000/30 for recording).
    public let cadenceMilliseconds: Double
    public let policy: FramePolicy
    /// Frames offered in a full run unless `--frames` says otherwise.
    public let defaultFrames: Int

    /// A loop at `fps` frames per second.
    /// - Precondition: `fps > 0`, `defaultFrames ≥ 1`.
    public init(fps: Double, policy: FramePolicy, defaultFrames: Int) {
        precondition(fps > 0 && defaultFrames >= 1, "a frame loop needs a positive rate and at least one frame")
        self.cadenceMilliseconds = 1000 / fps
        self.policy = policy
        self.defaultFrames = defaultFrames
    }
}

/// How the engine runs frame-loop benchmarks (the command line fills it from `--frames` and `--frame-loop-mode`).
public struct FrameLoopSettings: Sendable, Equatable {
    /// Frames offered per benchmark; nil for each benchmark's ``FrameLoopSpec/defaultFrames``.
    public var frames: Int?
    public var mode: FrameLoopMode

    public init(frames: Int? = nil, mode: FrameLoopMode = .realtime) {
        self.frames = frames
        self.mode = mode
    }

    /// Frames of a `--quick` run: 2 s at 60 fps, enough for the 95 % share and the drift windows to mean something.
    public static let quickFrames = 120
}
