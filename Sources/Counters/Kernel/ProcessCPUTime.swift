import Foundation
import Results

/// CPU time of the whole process (every thread), where PAPI event sets see the calling thread only.
public enum ProcessCPUTime {
    public static let name = "process-cpu-time-ns"

    /// Process CPU time per iteration over a run of its own: `iterations` runs of `body`.
    public static func reading(iterations: Int, body: () -> Void) -> CounterReading {
        reading(total: elapsed { for _ in 0..<iterations { body() } }, iterations: iterations, sharedRun: false)
    }

    /// Process CPU time per iteration from `total` nanoseconds over `iterations` runs.
    /// - Parameter sharedRun: the run is the one the perf_event_open counters counted (the note says so).
    static func reading(total: Double, iterations: Int, sharedRun: Bool) -> CounterReading {
        let run = sharedRun ? "; over the same run as the perf_event_open counters" : ""
        return CounterReading(name: name, perIteration: total / Double(Swift.max(iterations, 1)), source: .papiSoftware,
                              note: "clock_gettime(CLOCK_PROCESS_CPUTIME_ID), all threads; not a PAPI event" + run,
                              scope: "process")
    }

    /// CPU time of every thread of the process while `body` runs, in nanoseconds, one clock read's cost taken off.
    static func elapsed(_ body: () -> Void) -> Double {
        let empty = now() - now()  // negative of one read's cost, folded into the subtraction below
        let start = now()
        body()
        return Swift.max(0, now() - start + empty)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}
