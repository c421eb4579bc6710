import Foundation
import Counters
import Measurement
import HotPaths
import Results
import Synchronization
import XCTest

/// Counters of a kernel that runs on a worker pool must cover the pool's threads, not only the calling thread.
final class ThreadCountingTests: XCTestCase {
    /// Two chunks on a two-thread pool; each chunk waits until both have started, so the caller and the worker
    /// each run exactly one (the caller cannot take both), then spins.
    private func twoThreadKernel() -> () -> Void {
        let pool = WorkerPool(threads: 2)
        let started = StartBarrier()
        let job = PoolJob { (work: Int, _: Int) in
            started.arriveAndWait(for: 2)
            spin(work)
        }
        return {
            started.reset()
            job.run(on: pool, chunks: 2, with: 400_000)
        }
    }

    /// The summed task clock of every thread equals the process's CPU time (both count all threads, over the same
    /// run); counting the calling thread alone would give about half of it. The same run matters: this kernel's CPU
    /// time includes the caller's spin until the worker wakes, which differs from run to run by up to 40% here.
    ///
    /// Only on a host that lets the guest run: the task clock counts the time a thread was on a vCPU, the process's
    /// CPU time leaves out what the hypervisor stole from that vCPU (paravirtual steal accounting), so on a host
    /// stealing half the CPUs (2 Dec 2026, Intel model 167: 1.2–2.6× in 5 of 6 runs) the two part. Each attempt
    /// reads the steal over its own run; an attempt with more than 2% steal proves nothing either way and another is
    /// made; when every attempt was stolen from, the test is skipped saying so, rather than pass or fail on noise.
    func testTaskClockOfATwoThreadKernelMatchesTheProcessCPUTime() throws {
        guard PerfSoftwareEvents.problem(opening: "perf::TASK-CLOCK") == nil else { throw XCTSkip("perf_event_open refused") }
        let body = twoThreadKernel()
        let probe = PAPICounterProbe(wanted: [WantedCounter(["perf::TASK-CLOCK"], source: .papiSoftware)])
        var stolen: [Double] = []
        for _ in 0..<8 {
            let before = HostCPUTime.now()
            let readings = probe.readings(CountingContext(benchmarkID: nil, threads: 2, iterations: 10), running: body)
            let steal = HostCPUTime.stolenShare(since: before) ?? 0  // no /proc/stat: nothing known stolen
            guard steal <= 0.02 else { stolen.append(steal); continue }
            let taskClock = try XCTUnwrap(readings.first { $0.name == "perf::TASK-CLOCK" })
            let processTime = try XCTUnwrap(readings.first { $0.name == ProcessCPUTime.name }?.perIteration)
            let summed = try XCTUnwrap(taskClock.perIteration, "\(taskClock)")
            XCTAssertEqual(summed / processTime, 1, accuracy: 0.2,
                           "task clock \(summed) ns vs process CPU \(processTime) ns (steal \(steal))")
            XCTAssertEqual(taskClock.scope, "process", "\(taskClock)")
            let processNote = readings.first { $0.name == ProcessCPUTime.name }?.note ?? ""
            XCTAssertTrue(processNote.contains("same run as the perf_event_open counters"), processNote)
            return
        }
        throw XCTSkip("the host stole \(stolen.map { "\(Int(($0 * 100).rounded()))%" }) of the CPUs in every attempt")
    }
}

/// Lets each chunk start only when `count` chunks have arrived (spinning: the wait is CPU time on every thread).
private final class StartBarrier: Sendable {
    private let arrived = Atomic<Int>(0)

    func reset() { arrived.store(0, ordering: .sequentiallyConsistent) }

    func arriveAndWait(for count: Int) {
        arrived.add(1, ordering: .sequentiallyConsistent)
        while arrived.load(ordering: .sequentiallyConsistent) < count {}
    }
}
