import Measurement
import Results

/// What makes a benchmark a frame-loop benchmark: its iteration is one frame's work, driven at a fixed cadence
/// under a policy, instead of being timed in calibrated batches.
public struct FrameLoopSpec: BenchmarkDriver, Equatable {
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

    /// Runs the benchmark's frame loop (``FrameLoopRunner``) with the run's frame-loop settings.
    public func measure(_ benchmark: Benchmark, source: WorkloadSource, context: DriverContext,
                        shouldStop: () -> Bool) throws -> BenchmarkResult {
        try FrameLoopRunner(settings: context.settings, frameLoop: context.frameLoop, counters: context.counters)
            .run(benchmark, source: source, shouldStop: shouldStop)
    }
}
