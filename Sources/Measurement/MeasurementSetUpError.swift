/// Thrown by a benchmark's set-up that cannot run on the given workload source (e.g. it has no capture input):
/// `run --workload` skips the benchmark with this note instead of failing the run.
public enum MeasurementSetUpError: Error, CustomStringConvertible {
    case syntheticOnly(String)

    public var description: String {
        switch self {
        case let .syntheticOnly(id): return "\(id) runs on its synthetic scene only (no capture input)"
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
