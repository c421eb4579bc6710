/// A set of benchmarks registered together, typically all variants and workloads of one hot path: a package lists
/// its groups once (`RegisteredSuite(groups:)` of FrameBudget).
public protocol BenchmarkGroup: Sendable {
    /// The benchmarks of the group.
    static func benchmarks() -> [Benchmark]
}
