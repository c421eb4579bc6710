import COpenBLAS
import Foundation
import Measurement
import Results

/// Measures the machine's roofs at the start of a run: memcpy bandwidth for a cache-sized and a DRAM-sized buffer,
/// and OpenBLAS sgemm throughput.
///
/// Conventions (also recorded in ``MachineRoofs/method``): bandwidth counts bytes read + bytes written per second
/// (a memcpy of n bytes moves 2n), the same convention as a benchmark's `bytesPerIteration`; each figure is the best
/// of several repetitions (the least disturbed); sgemm runs on ONE OpenBLAS thread, because the suite's kernels and
/// its budgets are per core (the thread count is restored afterwards).
public struct RoofMeter: Sendable {
    /// The L2-sized buffer (fits the 2 MiB L2 of this machine's cores with room for the copy).
    public var cacheBytes = 192 * 1024
    /// Far beyond any LLC here.
    public var memoryBytes = 64 * 1024 * 1024
    /// sgemm matrix side (n×n times n×n: 2n³ flops).
    public var sgemmSize = 1024
    /// Repetitions per figure; the best is kept.
    public var repetitions = 7

    public init() {}

    /// A shorter measurement for `--quick` runs: fewer repetitions, a smaller sgemm.
    public static var quick: RoofMeter {
        var meter = RoofMeter()
        meter.repetitions = 3
        meter.sgemmSize = 512
        return meter
    }

    public func measure() -> MachineRoofs {
        MachineRoofs(
            cacheBandwidthGBps: copyBandwidth(bytes: cacheBytes), memoryBandwidthGBps: copyBandwidth(bytes: memoryBytes),
            sgemmGFLOPS: sgemmThroughput(),
            method: "memcpy \(cacheBytes / 1024) KiB and \(memoryBytes / 1024 / 1024) MiB, bytes read + written per second; "
                + "OpenBLAS sgemm \(sgemmSize)³ on 1 thread; best of \(repetitions)")
    }

    /// Best memcpy bandwidth for a buffer of `bytes`, GB/s (read + written). Small buffers are copied repeatedly so
    /// one timing lasts at least a millisecond.
    func copyBandwidth(bytes: Int) -> Double {
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { source.deallocate(); destination.deallocate() }
        memset(source, 0x5A, bytes)
        memset(destination, 0, bytes)  // touch every page before timing
        let copies = Swift.max(1, 4_000_000 / bytes)  // about 4 MB per timing at least
        memcpy(destination, source, bytes)
        let best = (0..<repetitions).map { _ -> Double in
            let start = MonotonicClock.now()
            for _ in 0..<copies { memcpy(destination, source, bytes) }
            return Double(MonotonicClock.now() - start)
        }.min() ?? 1
        blackHole(destination.load(as: UInt8.self))
        return 2 * Double(bytes) * Double(copies) / best
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
