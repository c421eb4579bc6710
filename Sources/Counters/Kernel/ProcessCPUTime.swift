import Foundation
import Results

/// CPU time of the whole process (every thread), where PAPI event sets see the calling thread only.
public enum ProcessCPUTime {
    public static let name = "process-cpu-time-ns"

    public static func reading(iterations: Int, body: () -> Void) -> CounterReading {
        let empty = now() - now()  // negative of one read's cost, folded into the subtraction below
        let start = now()
        for _ in 0..<iterations { body() }
        let elapsed = Swift.max(0, now() - start + empty)
        return CounterReading(name: name, perIteration: elapsed / Double(Swift.max(iterations, 1)), source: .papiSoftware,
                              note: "clock_gettime(CLOCK_PROCESS_CPUTIME_ID), all threads; not a PAPI event",
                              scope: "process")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}
