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
        var stillLive = 0
        // No timing is asserted: the deadline only keeps threads that never exit from hanging the suite.
        let deadline = MonotonicClock.now() + 60_000_000_000
        // The fewest of 8 windows, each releasing a fresh pool: the counter also sees other threads of the test
        // process (see ``AllocationCounter/fewest``), and a teardown that allocates does so in every window.
        let stats = AllocationCounter.fewest(windows: 8) {
            var pool: WorkerPool? = WorkerPool(threads: 3)
            let live = pool!.liveThreads
            PoolJob { (_: Int, _: Int) in }.run(on: pool!, chunks: 3, with: 0)
            let counted = AllocationCounter.count(iterations: 1) {
                pool = nil
                // A worker leaves the live count after it has released the state (reading the clock allocates nothing).
                while live.value > 0 && MonotonicClock.now() < deadline { usleep(100) }
            }
            stillLive = max(stillLive, live.value)
            return counted
        }
        guard stillLive == 0 else {
            return XCTFail("\(stillLive) of a released 3-thread pool's background threads had not exited 60 s into the test")
        }
        XCTAssertEqual(stats.perIteration, 0, "releasing a 3-thread pool allocated \(stats.perIteration) times, in every window")
    }
}
