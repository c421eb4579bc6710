import Measurement

extension Benchmark {
    /// A frame-loop benchmark: `setUp` returns an ``Iteration`` whose `run` is one frame's work (everything it
    /// needs allocated in set-up); the engine drives it at the spec's cadence and policy (``FrameLoopRunner``).
    public init(
        hotPath: String,
        variant: String,
        workload: String,
        parameters: [String: String] = [:],
        bytesPerIteration: Double? = nil,
        flopsPerIteration: Double? = nil,
        workingSetBytes: Double? = nil,
        threads: Int = 1,
        itemsPerIteration: Double? = nil,
        itemName: String = "items",
        frameLoop: FrameLoopSpec,
        setUp: @escaping @Sendable (WorkloadSource) throws -> Iteration
    ) {
        self.init(hotPath: hotPath, variant: variant, workload: workload, parameters: parameters,
                  bytesPerIteration: bytesPerIteration, flopsPerIteration: flopsPerIteration, workingSetBytes: workingSetBytes,
                  threads: threads, itemsPerIteration: itemsPerIteration, itemName: itemName, setUp: setUp)
        self.driver = frameLoop
    }

    /// The frame loop that drives this benchmark, or nil for a benchmark timed in batches.
    public var frameLoop: FrameLoopSpec? { driver as? FrameLoopSpec }
}
