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

    /// A loop at `fps` frames per second. A rate that is not positive and finite, fewer than one frame or an
    /// unusable policy is the spec's ``problem``, which the registered suite refuses in one line (exit 2) before any
    /// command: these trapped (exit 132) while the benchmarks were being declared.
    public init(fps: Double, policy: FramePolicy, defaultFrames: Int) {
        self.cadenceMilliseconds = 1000 / fps
        self.policy = policy
        self.defaultFrames = defaultFrames
    }

    /// What makes this loop unusable, or nil.
    public var problem: String? {
        guard cadenceMilliseconds.isFinite && cadenceMilliseconds > 0 else {
            return "a frame loop needs a positive, finite rate (fps \(1000 / cadenceMilliseconds))"
        }
        guard defaultFrames >= 1 else { return "a frame loop offers at least one frame (defaultFrames \(defaultFrames))" }
        return policy.problem
    }

    /// Runs the benchmark's frame loop (``FrameLoopRunner``) with the run's frame-loop settings.
    public func measure(_ benchmark: Benchmark, source: WorkloadSource, context: DriverContext,
                        shouldStop: () -> Bool) throws -> BenchmarkResult {
        try FrameLoopRunner(settings: context.settings, frameLoop: context.frameLoop, counters: context.counters)
            .run(benchmark, source: source, shouldStop: shouldStop)
    }
}
