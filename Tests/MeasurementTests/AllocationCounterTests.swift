import XCTest
import Measurement

final class AllocationCounterTests: XCTestCase {
    func testCountsEveryArrayAllocationExactly() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let body = { blackHole([Float](repeating: 1, count: 64)) }
        body()  // the first pass makes one-time runtime allocations (metadata): warm up, as the engine does
        // Fewest of 8 windows: the counter also sees other threads of the test process (see ``AllocationCounter/fewest``).
        let stats = AllocationCounter.fewest(windows: 8, iterations: 100, body: body)
        XCTAssertEqual(stats.perIteration, 1)
        XCTAssertGreaterThanOrEqual(stats.bytesPerIteration, 256)
        XCTAssertEqual(stats.iterations, 100)
        XCTAssertTrue(stats.counted)
    }

    func testInPlaceWorkReadsZero() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0)
        let pointer = SendableBuffer(buffer: buffer)
        let stats = AllocationCounter.fewest(windows: 8, iterations: 1000) {
            for i in pointer.buffer.indices { pointer.buffer[i] += 1 }
        }
        XCTAssertEqual(stats.perIteration, 0)
        XCTAssertEqual(stats.bytesPerIteration, 0)
    }

    func testCountsAllocationsOnOtherThreadsToo() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let stats = AllocationCounter.count(iterations: 10) {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                blackHole(UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 64).deallocate())
            }
        }
        XCTAssertGreaterThanOrEqual(stats.perIteration, 2)
    }

    func testCallingThreadScopeCountsTheCallersOwnAllocations() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let body = { blackHole([Float](repeating: 1, count: 64)) }
        body()
        let stats = AllocationCounter.fewest(windows: 8, iterations: 100, scope: .callingThread, body: body)
        XCTAssertEqual(stats.perIteration, 1)
        XCTAssertGreaterThanOrEqual(stats.bytesPerIteration, 256)
    }

    func testCallingThreadScopeLeavesOutAnotherThreadAllocatingInEveryWindow() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        // A foreign thread that allocates once on every iteration, handshaking so the allocation falls inside the
        // window: the process-wide count must see it in every window, the calling thread's never.
        let request = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let stop = ManagedFlag()
        let foreign = Thread {
            while true {
                request.wait()
                if stop.isSet { return }
                blackHole(UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16).deallocate())
                done.signal()
            }
        }
        foreign.start()
        defer { stop.set(); request.signal() }
        let body = { request.signal(); done.wait() }
        body()
        XCTAssertGreaterThanOrEqual(AllocationCounter.fewest(windows: 3, iterations: 10, scope: .process, body: body).perIteration, 1)
        XCTAssertEqual(AllocationCounter.fewest(windows: 3, iterations: 10, scope: .callingThread, body: body).perIteration, 0)
    }

    /// A thread that allocates on request, once per `body()` while `allocating` says so: a stray of the runtime or
    /// the harness (only in the first window) or a worker of the body (every run), handshaking so that each
    /// allocation falls inside the window being counted.
    private func withForeignThread(allocating: @escaping @Sendable (Int) -> Bool, _ test: (_ body: () -> Void) -> Void) {
        let request = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let stop = ManagedFlag()
        let foreign = Thread {
            var runs = 0
            while true {
                request.wait()
                if stop.isSet { return }
                runs += 1
                if allocating(runs) { blackHole(UnsafeMutableRawPointer.allocate(byteCount: 540, alignment: 16).deallocate()) }
                done.signal()
            }
        }
        foreign.start()
        defer { stop.set(); request.signal() }
        test { request.signal(); done.wait() }
    }

    func testTheRunnersCountLeavesOutAnotherThreadAllocatingInOneWindow() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        // Runs 2 and 3: inside the first window of 10 (run 1 is the warm-up call below).
        withForeignThread(allocating: { $0 == 2 || $0 == 3 }) { body in
            body()
            let stats = AllocationCounter.countWithoutStrays(iterations: 10, body: body)
            XCTAssertEqual(stats.perIteration, 0, "a stray of one window is not the body's")
            XCTAssertEqual(stats.bytesPerIteration, 0)
        }
    }

    func testTheRunnersCountKeepsAWorkerThatAllocatesOnEveryRun() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        withForeignThread(allocating: { _ in true }) { body in
            body()
            XCTAssertEqual(AllocationCounter.countWithoutStrays(iterations: 10, body: body).perIteration, 1)
        }
    }

    func testTheRunnersCountOfTheCallersOwnAllocationsIsExact() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let body = { blackHole([Float](repeating: 1, count: 64)) }
        body()
        let stats = AllocationCounter.countWithoutStrays(iterations: 100, body: body)
        XCTAssertEqual(stats.perIteration, 1)
        XCTAssertGreaterThanOrEqual(stats.bytesPerIteration, 256)
        XCTAssertEqual(stats.iterations, 100)
    }

    func testFewestDropsAnAllocationOfOneWindowButKeepsOneOfEveryRun() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let allocating = { blackHole([Float](repeating: 1, count: 64)) }
        allocating()  // one-time runtime allocations first
        var runs = 0
        // Allocates only on its first run: what a foreign thread's allocation looks like to a single window.
        let onceOnly = {
            runs += 1
            if runs == 1 { allocating() }
        }
        XCTAssertEqual(AllocationCounter.fewest(windows: 8, iterations: 2, body: onceOnly).perIteration, 0)
        XCTAssertEqual(AllocationCounter.fewest(windows: 8, iterations: 2, body: allocating).perIteration, 1)
    }

    func testFewestOutlastsAForeignBurstOverSeveralWindows() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let allocating = { blackHole([Float](repeating: 1, count: 64)) }
        allocating()
        var runs = 0
        // Allocates on each of its first 8 runs, so the first 4 windows of 2 runs all read allocations, as when a
        // foreign thread allocates throughout several back-to-back windows.
        let burst = {
            runs += 1
            if runs <= 8 { allocating() }
        }
        XCTAssertEqual(AllocationCounter.fewest(windows: 8, iterations: 2, body: burst).perIteration, 0)
        XCTAssertEqual(runs, 10, "stops at the first window that reads 0")
    }
}

struct SendableBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Float>
}

/// A flag one thread sets and another reads.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
