/// The roofs of the machine, measured at the start of a run.
public struct MachineRoofs: Codable, Sendable, Equatable {
    /// memcpy bandwidth for an L2-sized buffer, GB/s (bytes read + written per second).
    public var cacheBandwidthGBps: Double
    /// memcpy bandwidth for a DRAM-sized buffer, GB/s.
    public var memoryBandwidthGBps: Double
    /// OpenBLAS sgemm, GFLOP/s.
    public var sgemmGFLOPS: Double
    /// How they were measured (buffer sizes, threads, repetitions).
    public var method: String

    public init(cacheBandwidthGBps: Double, memoryBandwidthGBps: Double, sgemmGFLOPS: Double, method: String) {
        self.cacheBandwidthGBps = cacheBandwidthGBps
        self.memoryBandwidthGBps = memoryBandwidthGBps
        self.sgemmGFLOPS = sgemmGFLOPS
        self.method = method
    }
}

/// Achieved rates of a benchmark that declares its bytes and/or floating-point work per iteration.
public struct Throughput: Codable, Sendable, Equatable {
    public var bytesPerIteration: Double?
    public var flopsPerIteration: Double?
    /// Bytes per iteration over the median time.
    public var gigabytesPerSecond: Double?
    public var gigaflopsPerSecond: Double?
    /// Achieved bandwidth as a percentage of the DRAM memcpy roof.
    public var percentOfMemoryRoof: Double?
    /// Achieved compute as a percentage of the sgemm roof.
    public var percentOfComputeRoof: Double?
    /// `memory`, `compute`, or nil when neither roof is known.
    public var bound: String?
    /// Achieved bandwidth as a percentage of the L2-sized memcpy roof (above 100% of the DRAM roof means the
    /// working set lives in cache: this one says how close to the cache's limit it runs).
    public var percentOfCacheRoof: Double?
    /// Flops per byte, when both are declared; compared with the ridge point it decides `bound`.
    public var arithmeticIntensity: Double?

    public init(
        bytesPerIteration: Double? = nil, flopsPerIteration: Double? = nil, gigabytesPerSecond: Double? = nil,
        gigaflopsPerSecond: Double? = nil, percentOfMemoryRoof: Double? = nil, percentOfComputeRoof: Double? = nil,
        bound: String? = nil
    ) {
        self.bytesPerIteration = bytesPerIteration
        self.flopsPerIteration = flopsPerIteration
        self.gigabytesPerSecond = gigabytesPerSecond
        self.gigaflopsPerSecond = gigaflopsPerSecond
        self.percentOfMemoryRoof = percentOfMemoryRoof
        self.percentOfComputeRoof = percentOfComputeRoof
        self.bound = bound
    }
}
