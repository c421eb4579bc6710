import CAllocCounter
import Results

/// Exact heap-allocation counts of the process, from the malloc interposer in `CAllocCounter`.
public enum AllocationCounter {
    /// False in sanitizer builds, where the interposer is compiled out.
    public static var isAvailable: Bool { fb_alloc_counting_available() == 1 }

    /// Counts allocations over `iterations` runs of `body`. Reading the counters allocates nothing, and the loop
    /// itself allocates nothing, so a body that allocates nothing reads exactly 0.
    public static func count(iterations: Int, body: () -> Void) -> AllocationStatistics {
        let before = fb_alloc_read()
        for _ in 0..<iterations { body() }
        let after = fb_alloc_read()
        let n = Double(Swift.max(iterations, 1))
        return AllocationStatistics(
            perIteration: Double(after.allocations &- before.allocations) / n,
            bytesPerIteration: Double(after.bytes &- before.bytes) / n,
            iterations: iterations,
            counted: isAvailable)
    }
}
