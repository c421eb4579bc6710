#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Results
import Statistics

/// The engine's clock: CLOCK_MONOTONIC through the vDSO (no system call), in nanoseconds.
///
/// CLOCK_MONOTONIC rather than _RAW: both are monotonic, but only CLOCK_MONOTONIC is served by the vDSO on every
/// kernel, and NTP slewing (at most 500 ppm) is far below the noise of any sample.
public enum MonotonicClock {
    public static let sourceName = "CLOCK_MONOTONIC"

    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Measures the clock at start-up: its declared resolution, the smallest step two reads can observe, and the
    /// median cost of one read (the engine keeps samples far above both).
    public static func characterize(reads: Int = 20_000) -> ClockInfo {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        var deltas = [Double](repeating: 0, count: reads)
        var smallestStep = UInt64.max
        for i in 0..<reads {
            let a = now()
            let b = now()
            deltas[i] = Double(b &- a)
            if b > a { smallestStep = Swift.min(smallestStep, b - a) }
        }
        // Cost of one read: a block of back-to-back reads divided by their count, median over blocks.
        var perRead = [Double]()
        for _ in 0..<51 {
            let start = now()
            for _ in 0..<1000 { blackHole(now()) }
            perRead.append(Double(now() - start) / 1000)
        }
        return ClockInfo(
            source: sourceName,
            resolutionNanoseconds: Double(resolution.tv_sec) * 1e9 + Double(resolution.tv_nsec),
            granularityNanoseconds: smallestStep == .max ? Descriptive.median(deltas) : Double(smallestStep),
            overheadNanoseconds: Descriptive.median(perRead))
    }
}
