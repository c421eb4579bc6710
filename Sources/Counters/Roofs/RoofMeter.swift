import COpenBLAS
import CPlatform
import Foundation
import Measurement
import Results

/// Measures the machine's roofs at the start of a run: the bandwidth of every memory level (L1, L2, L3 from the
/// cache topology, and DRAM) on one thread and on every core, for copy, read and write streams (plain and
/// non-temporal stores); the fp32 FMA peak on one thread and on every core; and OpenBLAS sgemm on one thread.
///
/// Conventions (also recorded in ``MachineRoofs/method``): bandwidth counts bytes read + bytes written per second
/// (a copy of n bytes moves 2n), the convention of a benchmark's `bytesPerIteration`; the working set of a cache
/// level is half its capacity for the threads (per-core caches once per thread), a shared cache also a ladder
/// from twice the level below's capacity (``probes(level:threads:)``), of DRAM four times the last cache (at
/// least 64 MiB); each figure is the best of several timings (the least disturbed). Threads start
/// together and a timing runs from the first start to the last finish.
public struct RoofMeter: Sendable {
    /// Timings per figure; the best is kept.
    public var repetitions = 5
    /// Bytes each thread streams per timing in a cache level (small working sets are streamed repeatedly).
    public var bytesPerTiming = 32 * 1024 * 1024
    /// sgemm matrix side (n×n times n×n: 2n³ flops), on one OpenBLAS thread.
    public var sgemmSize = 1024
    /// FMA loop iterations per thread per timing (16 vectors of FMAs each).
    public var fmaIterations = 2_000_000
    /// The smallest DRAM working set (4× the last cache may be less on a small machine).
    public var minimumMemoryBytes = 64 * 1024 * 1024
    /// Thread counts measured: one, and every core.
    public var threadCounts: [Int] = Array(Set([1, min(ProcessInfo.processInfo.activeProcessorCount, Int(FB_ROOF_MAX_THREADS))])).sorted()
    /// The cache hierarchy working sets are sized from.
    public var caches: [CacheLevelInfo] = CacheTopology.read()
    /// Stream kinds measured per level and thread count.
    public static let kinds: [(name: String, code: Int32)] = [
        ("copy", Int32(FB_ROOF_COPY)), ("read", Int32(FB_ROOF_READ)), ("write", Int32(FB_ROOF_WRITE)),
        ("write-nt", Int32(FB_ROOF_WRITE_NT)),
    ]

    public init() {}

    /// A shorter measurement for `--quick` runs: fewer timings, less streamed per timing, a smaller sgemm.
    public static var quick: RoofMeter {
        var meter = RoofMeter()
        meter.repetitions = 3
        meter.bytesPerTiming = 8 * 1024 * 1024
        meter.sgemmSize = 512
        meter.fmaIterations = 500_000
        return meter
    }

    public func measure() -> MachineRoofs {
        let bandwidths = measureBandwidths(cells: cells())
        let peaks = threadCounts.map { threads in
            ComputeRoof(threads: threads, instructionSet: String(cString: fb_roof_instruction_set()),
                        gigaflopsPerSecond: fmaPeak(threads: threads))
        }
        let copy = { (level: String) in
            bandwidths.first { $0.level == level && $0.threads == 1 && $0.kind == "copy" }?.gigabytesPerSecond ?? 0
        }
        return MachineRoofs(
            cacheBandwidthGBps: copy(caches.count >= 2 ? caches[1].name : caches.first?.name ?? RoofSelection.memoryLevel),
            memoryBandwidthGBps: copy(RoofSelection.memoryLevel), sgemmGFLOPS: sgemmThroughput(), method: method,
            cacheLevels: caches, bandwidths: bandwidths, computePeaks: peaks)
    }

    /// Measures `cells` again with twice the timings and keeps, per entry, the better of old and new: for a roof
    /// that a benchmark beat because the machine was busier while the roof was measured.
    public func remeasure(_ roofs: MachineRoofs, cells: [(level: String, threads: Int)]) -> MachineRoofs {
        var meter = self
        meter.repetitions *= 2
        let wanted = self.cells().filter { cell in cells.contains { $0.level == cell.level && $0.threads == cell.threads } }
        var result = roofs
        for fresh in meter.measureBandwidths(cells: wanted) {
            if let index = result.bandwidths?.firstIndex(where: {
                $0.level == fresh.level && $0.threads == fresh.threads && $0.kind == fresh.kind
                    && $0.workingSetBytes == fresh.workingSetBytes
            }) {
                result.bandwidths![index].gigabytesPerSecond = max(result.bandwidths![index].gigabytesPerSecond,
                                                                   fresh.gigabytesPerSecond)
            }
        }
        return result
    }

    var method: String {
        "bandwidth per level (\(caches.map { "\($0.name) \($0.bytes / 1024) KiB" }.joined(separator: ", ")), DRAM) "
            + "on \(threadCounts.map(String.init).joined(separator: " and ")) thread(s): copy (memcpy), read, write "
            + "and non-temporal write streams, working set half the level's capacity (a shared cache also from 2× "
            + "the level below, doubling; DRAM: 4× the last cache), "
            + "bytes read + written per second; fp32 FMA peak (\(String(cString: fb_roof_instruction_set()))); "
            + "OpenBLAS sgemm \(sgemmSize)³ on 1 thread; best of \(repetitions)"
    }

    /// Every (level, threads, working set) cell, the working set in bytes (all threads together).
    func cells() -> [(level: String, threads: Int, workingSet: Int)] {
        let lastCache = caches.last.map { CacheTopology.capacity(of: $0, threads: threadCounts.max() ?? 1) } ?? 0
        let memory = max(4 * lastCache, minimumMemoryBytes)
        return threadCounts.flatMap { threads in
            caches.indices.flatMap { index in
                probes(level: index, threads: threads).map { (caches[index].name, threads, $0) }
            } + [(RoofSelection.memoryLevel, threads, memory)]
        }
    }

    /// The working sets cache level `index` is probed at for `threads`: half its capacity, and for a cache shared
    /// between cores also a ladder from twice the level below's capacity, doubling. Why: a shared cache is shared
    /// with other cores' traffic too (in a VM, other guests'), so a working set well inside its nominal size can
    /// already stream slower, and a roof measured at half of a 300 MiB L3 was DRAM's, beaten by a 22 MB kernel.
    /// A kernel is held to the probe nearest below its own working set (``RoofSelection``).
    func probes(level index: Int, threads: Int) -> [Int] {
        let half = CacheTopology.capacity(of: caches[index], threads: threads) / 2
        guard caches[index].sharedByCPUs > 1, index > 0 else { return [half] }
        var ladder: [Int] = []
        var workingSet = 2 * CacheTopology.capacity(of: caches[index - 1], threads: threads)
        while workingSet * 2 <= half {
            ladder.append(workingSet)
            workingSet *= 2
        }
        return ladder + [half]
    }

    private func measureBandwidths(cells: [(level: String, threads: Int, workingSet: Int)]) -> [BandwidthRoof] {
        guard let largest = cells.map(\.workingSet).max(), largest > 0 else { return [] }
        let region = UnsafeMutableRawPointer.allocate(byteCount: largest, alignment: 4096)
        defer { region.deallocate() }
        memset(region, 0x11, largest)  // touch every page before timing
        return cells.flatMap { cell in
            Self.kinds.compactMap { kind -> BandwidthRoof? in
                let gigabytes = bandwidth(kind: kind.code, threads: cell.threads, workingSet: cell.workingSet, region: region)
                return gigabytes.map {
                    BandwidthRoof(level: cell.level, threads: cell.threads, kind: kind.name, workingSetBytes: cell.workingSet,
                                  gigabytesPerSecond: $0)
                }
            }
        }
    }

    /// Best bandwidth of one stream kind, GB/s, or nil when the threads could not run. Each thread works on its
    /// own slice of `region`; a copy's slice is half source, half destination.
    private func bandwidth(kind: Int32, threads: Int, workingSet: Int, region: UnsafeMutableRawPointer) -> Double? {
        let share = workingSet / threads / 512 * 512
        guard share > 0 else { return nil }
        let isCopy = kind == Int32(FB_ROOF_COPY)
        let streamed = isCopy ? share / 2 : share
        var destinations: [UnsafeMutableRawPointer?] = (0..<threads).map { region + $0 * share }
        var sources: [UnsafeRawPointer?] = (0..<threads).map { UnsafeRawPointer(region + $0 * share + (isCopy ? share / 2 : 0)) }
        let passes = max(1, bytesPerTiming / share)
        let best = (0..<repetitions).compactMap { _ -> Int64? in
            let nanoseconds = fb_roof_run(kind, Int32(threads), &destinations, &sources, streamed, passes)
            return nanoseconds > 0 ? nanoseconds : nil
        }.min()
        // bytes moved per pass and thread = the share (a copy reads half and writes half)
        return best.map { Double(share) * Double(threads) * Double(passes) / Double($0) }
    }

    /// Best fp32 FMA throughput on `threads` threads, GFLOP/s.
    private func fmaPeak(threads: Int) -> Double {
        let flopsPerIteration = 16 * 2 * Double(fb_roof_fp32_lanes())
        let best = (0..<repetitions).compactMap { _ -> Int64? in
            let nanoseconds = fb_roof_run(Int32(FB_ROOF_FMA), Int32(threads), nil, nil, 0, fmaIterations)
            return nanoseconds > 0 ? nanoseconds : nil
        }.min()
        return best.map { flopsPerIteration * Double(fmaIterations) * Double(threads) / Double($0) } ?? 0
    }

    /// Best sgemm throughput, GFLOP/s, on one OpenBLAS thread.
    func sgemmThroughput() -> Double {
        let n = sgemmSize
        let a = [Float](repeating: 0.5, count: n * n), b = [Float](repeating: 0.25, count: n * n)
        var c = [Float](repeating: 0, count: n * n)
        let threads = openblas_get_num_threads()
        openblas_set_num_threads(1)
        defer { openblas_set_num_threads(threads) }
        let multiply = {
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(n), Int32(n), Int32(n), 1, a, Int32(n),
                        b, Int32(n), 0, &c, Int32(n))
        }
        multiply()  // warm: OpenBLAS allocates its buffers on the first call
        let best = (0..<repetitions).map { _ -> Double in
            let start = MonotonicClock.now()
            multiply()
            return Double(MonotonicClock.now() - start)
        }.min() ?? 1
        blackHole(c[0])
        return 2 * Double(n * n * n) / best
    }
}
