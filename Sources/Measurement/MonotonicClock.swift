#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_exported import MonotonicTime
import Results
import Statistics

// `@_exported`: the engine's users (runners, profilers, commands) read the clock through `Measurement` as before;
// the clock itself lives in `MonotonicTime`, which `FrameLoop` shares.

extension MonotonicClock {
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
