import XCTest
import HotPaths

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
        for _ in 0..<20 {
            let pool = WorkerPool(threads: 2)
            PoolJob { (_: Int, _: Int) in }.run(on: pool, chunks: 2, with: 0)
        }
    }
}
