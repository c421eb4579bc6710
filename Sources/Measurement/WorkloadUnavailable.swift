/// Thrown by a benchmark's set-up when the workload source does not hold its inputs at all (a capture folder
/// without the files this hot path reads). The run skips the benchmark with this reason instead of failing;
/// an input that is present but invalid is a different error, and fails the run as bad input.
public struct WorkloadUnavailable: Error, CustomStringConvertible, Equatable {
    /// One line: what is missing, e.g. `capture/lidar.npy: missing input file`.
    public let reason: String

    public init(reason: String) { self.reason = reason }

    public var description: String { reason }
}
