import XCTest
import Foundation
@testable import HotPaths

final class WorkerPoolTests: XCTestCase {
    func testEveryChunkRunsExactlyOnceJobAfterJob() {
        let pool = WorkerPool(threads: 3)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 97)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: 97)
        let job = PoolJob { (slots: UnsafeMutablePointer<Int>, chunk: Int) in slots[chunk] += 1 }  // one writer per slot
        for _ in 0..<200 { job.run(on: pool, chunks: 97, with: counts) }
        XCTAssertTrue((0..<97).allSatisfy { counts[$0] == 200 })
    }

    /// Kept for the process: a released pool's threads exit in the background (their frees could land in another
    /// test's allocation count).
    private static let keptPool = WorkerPool(threads: 3)

    /// Per-worker scratch relies on this: a chunk's worker index is below the thread count and no other chunk running
    /// at the same time has it (each chunk sleeps while marked busy, so a shared index would be caught).
    func testChunksRunningTogetherHaveDistinctWorkerIndices() {
        let pool = Self.keptPool, chunks = 60
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: 4 + chunks)  // busy marks, clashes, each chunk's worker
        defer { slots.deallocate() }
        slots.initialize(repeating: 0, count: 4 + chunks)
        let job = PoolJob(perWorker: { (slots: UnsafeMutablePointer<Int>, chunk: Int, worker: Int) in
            slots[4 + chunk] = worker
            guard (0..<3).contains(worker) else { return }
            if slots[worker] != 0 { slots[3] += 1 }
            slots[worker] = 1
            usleep(200)
            slots[worker] = 0
        })
        job.run(on: pool, chunks: chunks, with: slots)
        XCTAssertEqual(slots[3], 0, "two running chunks shared a worker index")
        XCTAssertTrue((0..<chunks).allSatisfy { (0..<3).contains(slots[4 + $0]) })
        job.run(on: .serial, chunks: 3, with: slots)
        XCTAssertEqual([slots[4], slots[5], slots[6]], [0, 0, 0], "the caller is worker 0")
    }

    func testSerialPoolRunsOnTheCaller() {
        let order = UnsafeMutablePointer<Int>.allocate(capacity: 5)
        defer { order.deallocate() }
        order[4] = 0
        PoolJob { (slots: UnsafeMutablePointer<Int>, chunk: Int) in slots[slots[4]] = chunk; slots[4] += 1 }
            .run(on: .serial, chunks: 4, with: order)
        XCTAssertEqual((0..<5).map { order[$0] }, [0, 1, 2, 3, 4])
    }

    func testRowBandsCoverEveryRowOnce() {
        for (bands, height) in [(1, 5), (3, 10), (16, 1440), (8, 7)] {
            let rows = (0..<bands).flatMap { Array(RowBands.rows(of: $0, bands: bands, height: height)) }
            XCTAssertEqual(rows, Array(0..<height))
        }
    }

    func testAPoolCanBeReleasedAndItsThreadsExit() {
        var counts: [LiveThreads] = []
        do {
            let pools = (0..<20).map { _ in WorkerPool(threads: 3) }
            for pool in pools { PoolJob { (_: Int, _: Int) in }.run(on: pool, chunks: 3, with: 0) }
            counts = pools.map(\.liveThreads)
            XCTAssertEqual(counts.map(\.value), Array(repeating: 2, count: 20), "2 background threads per pool")
        }
        // Released: each thread wakes, leaves its loop and ends. Wait for that (no timing is asserted: the bound
        // only keeps a broken pool from hanging the suite).
        let deadline = Date().addingTimeInterval(60)
        while counts.contains(where: { $0.value > 0 }) && Date() < deadline { usleep(1000) }
        XCTAssertEqual(counts.map(\.value), Array(repeating: 0, count: 20), "every thread of the released pools has exited")
    }
}

final class WorkerPoolSharingTests: XCTestCase {
    func testCallersOnSeveralThreadsTakeTurnsOnOnePool() {
        let pool = WorkerPool(threads: 2)
        let shared = Slots(count: 4 * 64)
        let slots = shared.base
        defer { slots.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { caller in
            let slots = shared.base
            // Each caller owns its 64 slots; a job mixed with another caller's would miss or double some.
            let job = PoolJob { (base: UnsafeMutablePointer<Int>, chunk: Int) in
                for _ in 0..<50 { base[chunk] += 1 }
            }
            for _ in 0..<400 { job.run(on: pool, chunks: 64, with: slots + caller * 64) }
        }
        XCTAssertTrue((0..<(4 * 64)).allSatisfy { slots[$0] == 400 * 50 })
    }
}

/// Counters shared by test threads, each writing its own slots.
private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
    }
}

final class WorkerPoolConfigurationTests: XCTestCase {
    func testSharedPoolHasOneThreadPerCoreUnlessConfigured() {
        XCTAssertEqual(WorkerPool.configuredThreads(environment: nil, onlineCores: 2), 2)
        XCTAssertEqual(WorkerPool.configuredThreads(environment: "1", onlineCores: 2), 1)
        XCTAssertEqual(WorkerPool.configuredThreads(environment: "4", onlineCores: 2), 4)
    }

    func testInvalidThreadCountsFallBackToOnePerCore() {
        for text in ["0", "-3", "many", "", "100000"] {
            XCTAssertEqual(WorkerPool.configuredThreads(environment: text, onlineCores: 2), 2, text)
        }
        XCTAssertEqual(WorkerPool.configuredThreads(environment: nil, onlineCores: 0), 1)
    }
}
