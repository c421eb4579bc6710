#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Results
import Statistics

/// The engine's clock: CLOCK_MONOTONIC through the vDSO (no system call), in nanoseconds. The one clock of
/// FrameBudget: the frame loops (module `FrameLoop`, on top of the engine) read it too.
///
/// CLOCK_MONOTONIC rather than _RAW: both are monotonic, but only CLOCK_MONOTONIC is served by the vDSO on every
/// kernel, and NTP slewing (at most 500 ppm) is far below the noise of any sample.
public enum MonotonicClock {
    public static let sourceName = "CLOCK_MONOTONIC"

    /// Nanoseconds since an arbitrary fixed point. `@inlinable`: the frame loops' reads inline across the module
    /// boundary as the engine's do inside it.
    @inlinable @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Sleeps until the absolute time `deadline` (never returns early: a signal restarts the wait).
    public static func sleep(until deadline: UInt64) {
        #if canImport(Glibc)
        var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
        #else
        while now() < deadline {
            let remaining = deadline - now()
            usleep(useconds_t(Swift.min(remaining / 1000, 1_000_000)))
        }
        #endif
    }

    /// Milliseconds from `origin` to `time` (negative when earlier).
    public static func milliseconds(_ time: UInt64, since origin: UInt64) -> Double {
        time >= origin ? Double(time - origin) / 1e6 : -Double(origin - time) / 1e6
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
