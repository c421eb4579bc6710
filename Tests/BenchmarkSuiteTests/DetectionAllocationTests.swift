import XCTest
import BenchmarkSuite
import HotPaths
import Measurement

/// The optimized detection kernels allocate nothing per iteration once warm (the allocation counter counts every
/// malloc exactly), and the hash chain allocates exactly swift-crypto's one hasher context per frame.
///
/// Kernels that run wholly on their caller (NMS, the hash chain, unprojection, finger counting: no worker pool, no
/// BLAS) are counted on the calling thread, so no other thread of the test process can add to them; a CI run once
/// had one allocating through all 8 windows of the process-wide count. The mask pipeline and yolo-post spread over
/// the shared pool, so theirs are counted process-wide.
final class DetectionAllocationTests: XCTestCase {
    private func allocationsPerIteration(_ id: String, scope: AllocationScope = .callingThread) throws -> Double {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out (sanitizer build)")
        let benchmark = try XCTUnwrap(Suite.all().first { $0.id == id }, id)
        let iteration = try benchmark.setUp(.synthetic(seed: 1))
        defer { iteration.tearDown() }
        iteration.run()
        iteration.run()  // warm: scratch sized, OpenBLAS buffers allocated
        return AllocationCounter.fewest(windows: 8, iterations: 3, scope: scope, body: iteration.run).perIteration
    }

    func testOptimizedNMSAllocatesNothing() throws {
        XCTAssertEqual(try allocationsPerIteration("nms/optimized/typical"), 0)
        XCTAssertEqual(try allocationsPerIteration("nms/optimized/crowded"), 0)
        XCTAssertEqual(try allocationsPerIteration("nms/optimized/n=25200"), 0)
    }

    func testReferenceNMSAllocatesSoTheCounterIsLive() throws {
        XCTAssertGreaterThan(try allocationsPerIteration("nms/reference/typical"), 0)
    }

    func testOptimizedMasksAndYoloPostAllocateNothing() throws {
        XCTAssertEqual(try allocationsPerIteration("mask-upsample/optimized/n=1", scope: .process), 0)
        XCTAssertEqual(try allocationsPerIteration("yolo-post/optimized/typical", scope: .process), 0)
    }

    func testOptimizedMaskStagesTogetherAreTheRun() throws {
        let benchmark = try XCTUnwrap(Suite.all().first { $0.id == "mask-upsample/optimized/n=1" })
        let iteration = try benchmark.setUp(.synthetic(seed: 1))
        defer { iteration.tearDown() }
        XCTAssertEqual(iteration.stages.map(\.name), ["matrix product + sigmoid", "upsample + convert"])
    }

    func testOptimizedUnprojectAndFingerCountAllocateNothing() throws {
        XCTAssertEqual(try allocationsPerIteration("unproject/optimized/1024-detections"), 0)
        XCTAssertEqual(try allocationsPerIteration("finger-count/optimized/21-landmarks"), 0)
    }

    func testHashChainAllocatesNothingItsSHA256ContextIsOnTheStack() throws {
        XCTAssertEqual(try allocationsPerIteration("hash-chain/optimized/1920x1440-yuv420"), 0)
    }

    func testDetectionBenchmarkIdsFollowTheContract() {
        let ids = Set(Suite.all().map(\.id))
        for id in ["nms/reference/typical", "nms/optimized/crowded", "nms/optimized/n=100", "nms/reference/n=25200",
                   "mask-upsample/reference/n=100", "mask-upsample/optimized/n=1", "yolo-post/optimized/typical",
                   "hash-chain/reference/1920x1440-yuv420", "hash-chain/optimized/1920x1440-yuv420",
                   "finger-count/optimized/21-landmarks", "finger-count/reference/21-landmarks"] {
            XCTAssertTrue(ids.contains(id), id)
        }
        XCTAssertEqual(Suite.all().filter { $0.hotPath == "nms" && $0.sweepSize != nil }.map(\.sweepSize),
                       [100, 1000, 8400, 25200, 100, 1000, 8400, 25200])
    }

    func testBenchmarksOnTheSharedPoolDeclareItsThreads() throws {
        // Their regression threshold is the multithreaded one, and the quality reports count them among those.
        for id in ["yolo-post/optimized/typical", "mask-upsample/optimized/n=1"] {
            XCTAssertEqual(try XCTUnwrap(Suite.all().first { $0.id == id }).threads, WorkerPool.shared.threads, id)
        }
        for id in ["nms/optimized/crowded", "hash-chain/optimized/1920x1440-yuv420", "mask-upsample/reference/n=1"] {
            XCTAssertEqual(try XCTUnwrap(Suite.all().first { $0.id == id }).threads, 1, id)
        }
    }
}
