/// One level of the memory hierarchy as the machine reports it (Linux: `/sys/devices/system/cpu/cpu0/cache`).
public struct CacheLevelInfo: Codable, Sendable, Equatable {
    /// `L1`, `L2`, `L3`…: the data (or unified) cache of that level.
    public var name: String
    /// Capacity of one instance, bytes.
    public var bytes: Int
    /// Logical CPUs sharing one instance (1 for a per-core cache).
    public var sharedByCPUs: Int

    public init(name: String, bytes: Int, sharedByCPUs: Int) {
        self.name = name
        self.bytes = bytes
        self.sharedByCPUs = sharedByCPUs
    }
}

/// A measured bandwidth roof: one kind of stream over a working set living in one level, on some threads.
public struct BandwidthRoof: Codable, Sendable, Equatable {
    /// `L1`, `L2`, `L3`… or `DRAM`: where the working set lives.
    public var level: String
    /// Threads streaming at once (each on its own share of the working set).
    public var threads: Int
    /// `copy` (memcpy), `read` (vector loads), `write` (plain vector stores) or `write-nt` (non-temporal stores).
    public var kind: String
    /// Bytes touched by all threads together.
    public var workingSetBytes: Int
    /// Bytes read + bytes written per second, GB/s (the convention of a benchmark's `bytesPerIteration`).
    public var gigabytesPerSecond: Double

    public init(level: String, threads: Int, kind: String, workingSetBytes: Int, gigabytesPerSecond: Double) {
        self.level = level
        self.threads = threads
        self.kind = kind
        self.workingSetBytes = workingSetBytes
        self.gigabytesPerSecond = gigabytesPerSecond
    }
}

/// A measured compute roof: independent fp32 FMA vectors on some threads, no memory traffic.
public struct ComputeRoof: Codable, Sendable, Equatable {
    public var threads: Int
    /// `fp32-fma`.
    public var kind: String
    /// The vector instruction set used, e.g. `avx512f`.
    public var instructionSet: String
    /// Two flops per FMA lane.
    public var gigaflopsPerSecond: Double

    public init(threads: Int, kind: String = "fp32-fma", instructionSet: String, gigaflopsPerSecond: Double) {
        self.threads = threads
        self.kind = kind
        self.instructionSet = instructionSet
        self.gigaflopsPerSecond = gigaflopsPerSecond
    }
}
