import XCTest
import Measurement
@testable import HotPaths

/// A pool's teardown allocates nothing. Its last background thread frees the pool's state as it exits, at a moment
/// no one chooses: on a loaded machine, inside another kernel's counted frames (the allocation counter counts every
/// thread), where it read as that kernel allocating.
final class WorkerPoolAllocationTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
    }

    func testReleasingAPoolAllocatesNothingAsItsThreadsExit() {
        // The fewest of 3 windows, each releasing a fresh pool: the counter also sees other threads of the test
        // process (see ``AllocationCounter/fewest``), and a teardown that allocates does so in every window.
        let stats = AllocationCounter.fewest(windows: 3) {
            var pool: WorkerPool? = WorkerPool(threads: 3)
            let live = pool!.liveThreads
            PoolJob { (_: Int, _: Int) in }.run(on: pool!, chunks: 3, with: 0)
            return AllocationCounter.count(iterations: 1) {
                pool = nil
                // A worker leaves the live count after it has released the state (no timing is asserted: the
                // wait only ends when every thread has).
                while live.value > 0 { usleep(100) }
            }
        }
        XCTAssertEqual(stats.perIteration, 0, "releasing a 3-thread pool allocated \(stats.perIteration) times, in every window")
    }
}
