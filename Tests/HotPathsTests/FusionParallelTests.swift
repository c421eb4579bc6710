import XCTest
import HotPaths
import Workloads

/// The optimized fusion over threads: the same fit and metric map, bit for bit, as on one thread, run after run.
final class FusionParallelTests: XCTestCase {
    private struct Outcome: Equatable {
        let sums: FusionSums
        let fit: FusionFit
        let mapBits: [UInt32]
    }

    private func fuse(_ input: FusionInput, pool: WorkerPool) -> Outcome {
        let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                     relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight, pool: pool)
        var map = [Float](repeating: -1, count: input.relative.count)
        let fit = map.withUnsafeMutableBufferPointer { fusion.fuse(input, into: $0) }
        return Outcome(sums: fusion.sums, fit: fit, mapBits: map.map(\.bitPattern))
    }

    func testParallelFusionEqualsSerialFusionBitForBit() {
        let pools = [WorkerPool(threads: 2), WorkerPool(threads: 3), WorkerPool.shared]
        for seed: UInt64 in [1, 7] {
            for confidence in [true, false] {
                let input = FusionVariantsTests.roomInput(seed: seed, confidence: confidence)
                let serial = fuse(input, pool: .serial)
                guard case .fit = serial.fit else { return XCTFail("seed \(seed): no fit \(serial.fit)") }
                for pool in pools {
                    for run in 0..<3 {
                        XCTAssertEqual(fuse(input, pool: pool), serial,
                                       "seed \(seed), confidence \(confidence), \(pool.threads) threads, run \(run)")
                    }
                }
            }
        }
    }

    func testStagesRunInParallelGiveTheSameResultAsFuse() {
        let input = FusionVariantsTests.roomInput(seed: 2)
        let whole = fuse(input, pool: WorkerPool(threads: 2))
        let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                     relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight,
                                     pool: WorkerPool(threads: 2))
        var map = [Float](repeating: -1, count: input.relative.count)
        fusion.collectPairs(input)
        fusion.solve()
        map.withUnsafeMutableBufferPointer { fusion.apply(input, into: $0) }
        XCTAssertEqual(Outcome(sums: fusion.sums, fit: fusion.fit, mapBits: map.map(\.bitPattern)), whole)
    }
}
