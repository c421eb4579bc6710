/// The roofs of the machine, measured at the start of a run.
///
/// The per-level tables (`cacheLevels`, `bandwidths`, `computePeaks`) are the true roofs each benchmark is held to
/// (``Roofline``); they are absent in files written before they existed, which are then read with the three
/// summary figures only.
public struct MachineRoofs: Codable, Sendable, Equatable {
    /// memcpy bandwidth, one thread, working set in L2, GB/s (bytes read + written per second).
    public var cacheBandwidthGBps: Double
    /// memcpy bandwidth, one thread, working set in DRAM, GB/s.
    public var memoryBandwidthGBps: Double
    /// OpenBLAS sgemm, GFLOP/s, one thread.
    public var sgemmGFLOPS: Double
    /// How they were measured (buffer sizes, threads, repetitions).
    public var method: String
    /// The cache hierarchy the working sets were sized from.
    public var cacheLevels: [CacheLevelInfo]?
    /// Bandwidth per level (L1…DRAM), thread count (one, every core) and stream kind.
    public var bandwidths: [BandwidthRoof]?
    /// fp32 FMA peaks per thread count.
    public var computePeaks: [ComputeRoof]?

    public init(
        cacheBandwidthGBps: Double, memoryBandwidthGBps: Double, sgemmGFLOPS: Double, method: String,
        cacheLevels: [CacheLevelInfo]? = nil, bandwidths: [BandwidthRoof]? = nil, computePeaks: [ComputeRoof]? = nil
    ) {
        self.cacheBandwidthGBps = cacheBandwidthGBps
        self.memoryBandwidthGBps = memoryBandwidthGBps
        self.sgemmGFLOPS = sgemmGFLOPS
        self.method = method
        self.cacheLevels = cacheLevels
        self.bandwidths = bandwidths
        self.computePeaks = computePeaks
    }
}

/// Achieved rates of a benchmark that declares its bytes and/or floating-point work per iteration.
public struct Throughput: Codable, Sendable, Equatable {
    public var bytesPerIteration: Double?
    public var flopsPerIteration: Double?
    /// Bytes per iteration over the median time.
    public var gigabytesPerSecond: Double?
    public var gigaflopsPerSecond: Double?
    /// Achieved bandwidth as a percentage of the bandwidth roof of the benchmark's own working set and thread count
    /// (`roofLevel`, `roofThreads`); of the one-thread DRAM memcpy roof in files without per-level roofs.
    public var percentOfMemoryRoof: Double?
    /// Achieved compute as a percentage of the fp32 FMA peak at the benchmark's thread count (of the sgemm roof in
    /// files without per-level roofs).
    public var percentOfComputeRoof: Double?
    /// `memory`, `compute`, or nil when neither roof is known.
    public var bound: RooflineBound?
    /// Achieved bandwidth as a percentage of the one-thread L2 memcpy roof: only in files without per-level roofs.
    public var percentOfCacheRoof: Double?
    /// Flops per byte, when both are declared; compared with the ridge point it decides `bound`.
    public var arithmeticIntensity: Double?
    /// Distinct bytes the iteration touches, which decides the memory level it runs from (defaults to
    /// `bytesPerIteration` when the benchmark does not declare it).
    public var workingSetBytes: Double?
    /// The level the working set lives in (`L1`…`DRAM`), the thread count and the stream kind of the bandwidth roof
    /// applied, and that roof, GB/s.
    public var roofLevel: String?
    public var roofThreads: Int?
    public var roofKind: String?
    public var roofGigabytesPerSecond: Double?
    /// The compute roof applied (fp32 FMA peak at the benchmark's thread count), GFLOP/s.
    public var roofGigaflopsPerSecond: Double?
    /// Items of the benchmark's own unit per iteration (pixels, frames, boxes…), where it declares them.
    public var itemsPerIteration: Double?
    /// The unit of ``itemsPerIteration``, plural (`pixels`); `items` when not named.
    public var itemName: String?
    /// Items per second over the median time.
    public var itemsPerSecond: Double?

    public init(
        bytesPerIteration: Double? = nil, flopsPerIteration: Double? = nil, gigabytesPerSecond: Double? = nil,
        gigaflopsPerSecond: Double? = nil, percentOfMemoryRoof: Double? = nil, percentOfComputeRoof: Double? = nil,
        bound: RooflineBound? = nil, workingSetBytes: Double? = nil
    ) {
        self.workingSetBytes = workingSetBytes
        self.bytesPerIteration = bytesPerIteration
        self.flopsPerIteration = flopsPerIteration
        self.gigabytesPerSecond = gigabytesPerSecond
        self.gigaflopsPerSecond = gigaflopsPerSecond
        self.percentOfMemoryRoof = percentOfMemoryRoof
        self.percentOfComputeRoof = percentOfComputeRoof
        self.bound = bound
    }

    /// This throughput with the declared items per iteration kept and their rate over `medianNanoseconds`.
    public func withItems(_ items: Double?, name: String?, medianNanoseconds: Double) -> Throughput {
        var result = self
        result.itemsPerIteration = items
        result.itemName = items == nil ? nil : (name ?? "items")
        result.itemsPerSecond = items.flatMap { medianNanoseconds > 0 && medianNanoseconds.isFinite ? $0 * 1e9 / medianNanoseconds : nil }
        return result
    }
}
