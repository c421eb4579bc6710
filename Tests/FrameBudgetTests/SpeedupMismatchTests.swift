@testable import FrameBudget
import XCTest

/// `speedup` warns, without refusing, when its two benchmarks are not two variants of one hot path on one workload.
final class SpeedupMismatchTests: XCTestCase {
    private func benchmark(_ hotPath: String, _ variant: String, _ workload: String) -> Benchmark {
        Benchmark(hotPath: hotPath, variant: variant, workload: workload) { _ in Iteration {} }
    }

    func testTwoVariantsOfOneHotPathOnOneWorkloadGetNoWarning() {
        XCTAssertNil(SpeedupCommand.mismatch(benchmark("nms", "reference", "crowded"), benchmark("nms", "optimized", "crowded")))
    }

    func testAnotherWorkloadIsNamedInTheWarning() {
        XCTAssertEqual(SpeedupCommand.mismatch(benchmark("nms", "reference", "crowded"), benchmark("nms", "optimized", "typical")),
                       "nms/reference/crowded and nms/optimized/typical differ in workload (crowded against typical): "
                       + "the ratio is not one of two variants on one workload")
    }

    func testAnotherHotPathAndWorkloadAreBothNamed() {
        let warning = SpeedupCommand.mismatch(benchmark("nms", "reference", "crowded"), benchmark("colormap", "optimized", "256x192"))
        XCTAssertTrue(warning?.contains("differ in hot path (nms against colormap) and workload (crowded against 256x192)") == true,
                      warning ?? "no warning")
    }
}
