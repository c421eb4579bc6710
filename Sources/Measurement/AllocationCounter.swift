import CAllocCounter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Results

/// Whose allocations a count covers.
public enum AllocationScope: Sendable {
    /// Every thread of the process: the worker threads of a multithreaded body are counted, and so is any unrelated
    /// thread that allocates during the count.
    case process
    /// Only the thread that runs the body: exact for a body that does all its work on its caller (no worker pool,
    /// no threaded BLAS), whatever else the process is doing; blind to allocations on any other thread.
    case callingThread
}

/// Exact heap-allocation counts of the process, from the malloc interposer in `CAllocCounter`.
public enum AllocationCounter {
    /// False in sanitizer builds, where the interposer is compiled out.
    public static var isAvailable: Bool { fb_alloc_counting_available() == 1 }

    /// Counts allocations over `iterations` runs of `body`. Reading the counters allocates nothing, and the loop
    /// itself allocates nothing, so a body that allocates nothing reads exactly 0.
    public static func count(iterations: Int, scope: AllocationScope = .process, body: () -> Void) -> AllocationStatistics {
        let read = scope == .process ? fb_alloc_read : fb_alloc_read_thread
        let before = read()
        for _ in 0..<iterations { body() }
        return statistics(read(), minus: before, iterations: iterations)
    }

    /// Counts the allocations of `body` over `iterations` runs, as the runner records them: every thread's, but not a
    /// stray's. The process-wide count and the calling thread's are read over the same window; when they agree (a
    /// body on one thread, or one whose workers allocate nothing) that is the count. When another thread allocated
    /// in the window, it may have been the body's worker or a thread of the runtime or the harness (a run under load
    /// once recorded 2 allocations of 540 bytes against the hash chain, which allocates nothing, and its zero budget
    /// FAILed): up to `windows` windows are counted then, and the fewest kept, as in ``fewest(windows:counting:)``.
    /// A worker that allocates on every run does so in every window; a stray rarely does.
    public static func countWithoutStrays(iterations: Int, windows: Int = 3, body: () -> Void) -> AllocationStatistics {
        let processBefore = fb_alloc_read(), threadBefore = fb_alloc_read_thread()
        for _ in 0..<iterations { body() }
        let processAfter = fb_alloc_read(), threadAfter = fb_alloc_read_thread()
        let first = statistics(processAfter, minus: processBefore, iterations: iterations)
        let othersAllocated = processAfter.allocations &- processBefore.allocations
            != threadAfter.allocations &- threadBefore.allocations
        guard othersAllocated, windows > 1 else { return first }
        var counts = 0
        return fewest(windows: windows) {
            counts += 1
            return counts == 1 ? first : count(iterations: iterations, scope: .process, body: body)
        }
    }

    private static func statistics(_ after: fb_alloc_snapshot, minus before: fb_alloc_snapshot,
                                   iterations: Int) -> AllocationStatistics {
        let n = Double(Swift.max(iterations, 1))
        return AllocationStatistics(
            perIteration: Double(after.allocations &- before.allocations) / n,
            bytesPerIteration: Double(after.bytes &- before.bytes) / n,
            iterations: iterations,
            counted: isAvailable)
    }

    /// The count of the window with the fewest allocations among `windows` separate windows of `iterations` runs.
    ///
    /// The counters cover every thread of the process, so one window can also catch a thread that has nothing to
    /// do with `body` allocating at that moment (XCTest finishing an async set-up on a pool thread, a concurrency
    /// thread winding down), most often on a loaded machine. A body that allocates on every run allocates in every
    /// window, so the fewest still shows it; what only some windows saw was not the body's. After a window that read
    /// allocations the next one waits a little longer (10 ms more each time), so the windows spread over a foreign
    /// burst that outlasts a few of them (a CI run once saw 3 back-to-back windows all catch one; another saw all 8
    /// windows of 1.6 s catch one, which only ``AllocationScope/callingThread`` avoids).
    public static func fewest(windows: Int, iterations: Int, scope: AllocationScope = .process,
                              body: () -> Void) -> AllocationStatistics {
        fewest(windows: windows) { count(iterations: iterations, scope: scope, body: body) }
    }

    /// The count with the fewest allocations among up to `windows` counts made by `counting`, each over a window of
    /// its own (stopping at the first that reads 0), for the same reason as ``fewest(windows:iterations:body:)``:
    /// for windows that need fresh set-up each time outside the count (a new pool to release, a whole benchmark run
    /// that counts its own window).
    public static func fewest(windows: Int, counting: () throws -> AllocationStatistics) rethrows -> AllocationStatistics {
        var best = try counting()
        for window in 1..<Swift.max(windows, 1) where best.perIteration > 0 {
            usleep(useconds_t(10_000 * window))
            let next = try counting()
            if next.perIteration < best.perIteration { best = next }
        }
        return best
    }
}
