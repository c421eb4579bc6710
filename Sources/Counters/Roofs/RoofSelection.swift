import Results

/// The roof a benchmark is held to: the bandwidth of the memory level its working set lives in at its thread count,
/// and the fp32 FMA peak at that thread count.
public struct AppliedRoof: Sendable, Equatable {
    /// `L1`…`DRAM`: where the working set lives.
    public var level: String
    /// The measured thread count the roof comes from (the smallest measured at or above the benchmark's).
    public var threads: Int
    /// The stream kind that gave the bandwidth (`copy`, `read`, `write`, `write-nt`).
    public var kind: String
    public var gigabytesPerSecond: Double
    public var gigaflopsPerSecond: Double?
}

/// Chooses the roof of a working set and thread count from the measured table (pure).
///
/// The level is the smallest whose capacity for the threads (per-core caches once per thread, shared caches once
/// per instance) holds the working set; beyond the last cache it is DRAM. Where a level was probed at several working
/// sets, the kernel is held to the probe nearest below its own (``probeFloor(workingSetBytes:level:threads:table:)``).
/// The bandwidth is the best of every stream kind measured for that probe **or a larger one** (a larger working
/// set of the level, or a larger level), on the roof's thread count **or fewer**: a bigger working set
/// or fewer threads can never be a faster limit, so a disturbed measurement of one cell cannot put a roof under
/// what a neighbouring cell showed the machine doing. Best over kinds, because a kernel that mostly reads (or mostly
/// writes) can reach that stream's rate, and a roof must be an upper bound to be one.
public enum RoofSelection {
    public static let memoryLevel = "DRAM"

    /// Level names from the smallest cache to DRAM.
    public static func levels(_ caches: [CacheLevelInfo]) -> [String] {
        caches.map(\.name) + [memoryLevel]
    }

    /// Where a working set of `bytes` lives when `threads` threads share it.
    public static func level(workingSetBytes bytes: Double, threads: Int, caches: [CacheLevelInfo]) -> String {
        caches.first { Double(CacheTopology.capacity(of: $0, threads: threads)) >= bytes }?.name ?? memoryLevel
    }

    /// The smallest measured thread count at or above `threads`, or the largest measured.
    public static func threadColumn(threads: Int, measured: [Int]) -> Int? {
        measured.filter { $0 >= threads }.min() ?? measured.max()
    }

    /// The working set of the level's probe a kernel is held to: the largest probed (at the thread column) not
    /// above the kernel's own, else the level's smallest. A smaller working set never streams slower, so that probe
    /// is an upper bound for the kernel; a larger one may not be (it can spill where the kernel does not).
    static func probeFloor(workingSetBytes: Double, level: String, threads: Int, table: [BandwidthRoof]) -> Int {
        let probed = Set(table.filter { $0.level == level && $0.threads == threads }.map(\.workingSetBytes)).sorted()
        return probed.last { Double($0) <= workingSetBytes } ?? probed.first ?? 0
    }

    /// The roof of a benchmark, or nil when `roofs` has no per-level table.
    public static func roof(workingSetBytes: Double, threads: Int, roofs: MachineRoofs) -> AppliedRoof? {
        guard let table = roofs.bandwidths, !table.isEmpty else { return nil }
        let caches = roofs.cacheLevels ?? []
        let order = levels(caches)
        let level = self.level(workingSetBytes: workingSetBytes, threads: threads, caches: caches)
        guard let column = threadColumn(threads: threads, measured: Array(Set(table.map(\.threads)))),
              let rank = order.firstIndex(of: level) else { return nil }
        let floor = probeFloor(workingSetBytes: workingSetBytes, level: level, threads: column, table: table)
        let candidates = table.filter { entry in
            guard entry.threads <= column, let entryRank = order.firstIndex(of: entry.level) else { return false }
            return entryRank > rank || (entryRank == rank && entry.workingSetBytes >= floor)
        }
        guard let best = candidates.max(by: { $0.gigabytesPerSecond < $1.gigabytesPerSecond }) else { return nil }
        let compute = (roofs.computePeaks ?? []).filter { $0.threads <= column }.map(\.gigaflopsPerSecond).max()
        return AppliedRoof(level: level, threads: column, kind: best.kind, gigabytesPerSecond: best.gigabytesPerSecond,
                           gigaflopsPerSecond: compute)
    }
}
