import XCTest
import HotPaths

final class WorkerPoolTests: XCTestCase {
    func testEveryChunkRunsExactlyOnceJobAfterJob() {
        let pool = WorkerPool(threads: 3)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 97)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: 97)
        for _ in 0..<200 {
            pool.run(chunks: 97) { counts[$0] += 1 }  // distinct chunks: no two threads write the same slot
        }
        XCTAssertTrue((0..<97).allSatisfy { counts[$0] == 200 })
    }

    func testSerialPoolRunsOnTheCaller() {
        var order: [Int] = []
        WorkerPool.serial.run(chunks: 4) { order.append($0) }
        XCTAssertEqual(order, [0, 1, 2, 3])
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
            pool.run(chunks: 2) { _ in }
        }
    }
}
