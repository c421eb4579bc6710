/// How the engine runs frame-loop benchmarks (the command line fills it from `--frames` and `--frame-loop-mode`).
public struct FrameLoopSettings: Sendable, Equatable {
    /// Frames offered per benchmark; nil for each benchmark's own default (`FrameLoopSpec.defaultFrames`).
    public var frames: Int?
    public var mode: FrameLoopMode

    public init(frames: Int? = nil, mode: FrameLoopMode = .realtime) {
        self.frames = frames
        self.mode = mode
    }

    /// Frames of a `--quick` run: 2 s at 60 fps, enough for the 95 % share and the drift windows to mean something.
    public static let quickFrames = 120
}

/// How a frame loop runs.
public enum FrameLoopMode: String, Sendable, CaseIterable {
    /// Real threads: a source waits for each deadline on the monotonic clock and calls the callback, which signals
    /// a processing thread.
    case realtime
    /// Fast mode for CI: every frame's processing is timed for real, back to back, and the schedule (arrivals,
    /// drops, waiting, completions) is computed from those durations without sleeping.
    case simulated
}
