import FrameBudget
import XCTest

/// What a package declares is checked before any command runs: one line naming the benchmark, never a trap
/// (a precondition said nothing in a release build).
final class RegisteredSuiteTests: XCTestCase {
    private func benchmark(_ hotPath: String, _ variant: String, _ workload: String) -> Benchmark {
        Benchmark(hotPath: hotPath, variant: variant, workload: workload) { _ in Iteration {} }
    }

    func testDistinctWellFormedIdsHaveNoProblem() {
        XCTAssertNil(RegisteredSuite(benchmarks: [benchmark("checksum", "optimized", "64KiB"),
                                                  benchmark("checksum", "reference", "64KiB")]).problem)
    }

    func testAnIdDeclaredTwiceIsNamed() {
        let suite = RegisteredSuite(benchmarks: [benchmark("checksum", "optimized", "64KiB"), benchmark("sort", "optimized", "1k"),
                                                 benchmark("checksum", "optimized", "64KiB")])
        XCTAssertEqual(suite.problem, "benchmark ids must be unique: checksum/optimized/64KiB declared more than once")
    }

    func testAnIdPartThatIsEmptyOrHoldsASlashIsNamed() {
        XCTAssertEqual(RegisteredSuite(benchmarks: [benchmark("checksum", "optimized", "64/KiB")]).problem,
                       "benchmark 'checksum/optimized/64/KiB': its workload '64/KiB' holds a '/' (ids are hotPath/variant/workload)")
        XCTAssertEqual(RegisteredSuite(benchmarks: [benchmark("", "optimized", "x")]).problem,
                       "benchmark '/optimized/x': its hotPath '' is empty (ids are hotPath/variant/workload)")
    }
}
