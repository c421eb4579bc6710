import XCTest
import BenchmarkSuite
import Measurement

/// The fusion benchmarks as the engine sees them: the ids of the contract, zero allocations per optimized
/// iteration after warm-up (the frame budget's "resources reused across frames"), and stages that cover the run.
final class FusionBenchmarksTests: XCTestCase {
    private func benchmark(_ variant: String) throws -> Benchmark {
        try XCTUnwrap(Suite.all().first { $0.id == "fusion/\(variant)/256x192-to-518x392" }, "fusion/\(variant) registered")
    }

    func testOptimizedFusionAllocatesNothingPerIterationAfterWarmUp() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        let iteration = try benchmark("optimized").setUp(.synthetic(seed: 3))
        defer { iteration.tearDown() }
        iteration.run()
        iteration.run()
        XCTAssertEqual(AllocationCounter.fewest(windows: 8, iterations: 5, body: iteration.run).perIteration, 0)
        XCTAssertEqual(iteration.stages.map(\.name), ["pair collection", "fit", "apply"])
        for stage in iteration.stages {
            stage.run()  // each closure's first call makes one-time runtime allocations: warm it up first
            XCTAssertEqual(AllocationCounter.fewest(windows: 8, iterations: 5, body: stage.run).perIteration, 0, stage.name)
        }
    }

    func testEveryVariantIsRegisteredWithThroughputFigures() throws {
        for variant in ["reference", "optimized", "blas"] {
            let fusion = try benchmark(variant)
            XCTAssertGreaterThan(fusion.bytesPerIteration ?? 0, 2_000_000, variant)
            XCTAssertGreaterThan(fusion.flopsPerIteration ?? 0, 1_000_000, variant)
        }
    }
}
