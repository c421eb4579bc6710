#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one clock of FrameBudget: CLOCK_MONOTONIC through the vDSO (no system call), in nanoseconds. The engine's
/// timed loop and the frame loops read it; the engine characterizes it (`MonotonicClock.characterize`).
///
/// CLOCK_MONOTONIC rather than _RAW: both are monotonic, but only CLOCK_MONOTONIC is served by the vDSO on every
/// kernel, and NTP slewing (at most 500 ppm) is far below the noise of any sample.
///
/// A module of its own, below both `Measurement` and `FrameLoop`, so the two share it without one depending on the
/// other's statistics. `now()` is `@inlinable`: a read inside the engine's timed loop stays a vDSO call, never an
/// extra cross-module call.
public enum MonotonicClock {
    public static let sourceName = "CLOCK_MONOTONIC"

    /// Nanoseconds since an arbitrary fixed point.
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
            usleep(useconds_t(min(remaining / 1000, 1_000_000)))
        }
        #endif
    }

    /// Milliseconds from `origin` to `time` (negative when earlier).
    public static func milliseconds(_ time: UInt64, since origin: UInt64) -> Double {
        time >= origin ? Double(time - origin) / 1e6 : -Double(origin - time) / 1e6
    }
}
