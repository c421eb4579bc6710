/// Thrown by a benchmark's set-up that cannot run on the given workload source (e.g. it has no capture input):
/// `run --workload` skips the benchmark with this note instead of failing the run.
public enum MeasurementSetUpError: Error, CustomStringConvertible {
    case syntheticOnly(String)
    /// A frame-loop benchmark whose iteration times only part of itself (`Iteration(measuring:)`) or prepares each
    /// sample (`beforeEachSample:`): a frame is timed whole, so neither can apply.
    case partialTimingInFrameLoop(String)

    public var description: String {
        switch self {
        case let .syntheticOnly(id): return "\(id) runs on its synthetic scene only (no capture input)"
        case let .partialTimingInFrameLoop(id):
            return "\(id): a frame loop times each frame whole; Iteration(measuring:) and beforeEachSample: are for batch "
                + "benchmarks (declare this one without frameLoop:, or time the whole frame)"
        }
    }
}

/// A benchmark stopped (SIGINT/SIGTERM) before its first sample, in the warm-up or the calibration: it has nothing to
/// report, and the run keeps only the benchmarks before it.
public struct MeasurementInterrupted: Error, CustomStringConvertible {
    public let id: String

    public init(id: String) { self.id = id }

    public var description: String { "\(id): stopped before its first sample" }
}
