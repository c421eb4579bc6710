#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The frame loop's clock: CLOCK_MONOTONIC, as the measurement engine's, in nanoseconds.
enum FrameClock {
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Sleeps until the absolute time `deadline` (never returns early: a signal restarts the wait).
    static func sleep(until deadline: UInt64) {
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
    static func milliseconds(_ time: UInt64, since origin: UInt64) -> Double {
        time >= origin ? Double(time - origin) / 1e6 : -Double(origin - time) / 1e6
    }
}
