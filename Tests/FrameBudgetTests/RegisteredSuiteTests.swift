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

    func testARegressionThresholdOutsideAFractionIsNamed() {
        func suite(_ threshold: Double) -> RegisteredSuite {
            RegisteredSuite(benchmarks: [Benchmark(hotPath: "sort", variant: "optimized", workload: "1k",
                                                   regressionThreshold: threshold) { _ in Iteration {} }])
        }
        XCTAssertNil(suite(0.05).problem)
        XCTAssertNil(suite(1).problem)
        XCTAssertEqual(suite(5).problem,
                       "benchmark 'sort/optimized/1k': regressionThreshold 5.0 is outside (0, 1] (a fraction: 0.05 is 5%)")
        XCTAssertNotNil(suite(0).problem)
        XCTAssertNotNil(suite(-0.02).problem)
        XCTAssertNotNil(suite(.nan).problem)
    }

    /// What a results file could not hold is refused up front: `threads: 0` ran (exit 0) and then every reader of the
    /// file it wrote refused it ("threads: 0 is less than 1"), a measuring gate included.
    func testDeclaredValuesAResultsFileCannotHoldAreNamed() {
        func problem(threads: Int = 1, sweepSize: Double? = nil, bytes: Double? = nil, workingSet: Double? = nil) -> String? {
            RegisteredSuite(benchmarks: [Benchmark(hotPath: "sort", variant: "optimized", workload: "1k", bytesPerIteration: bytes,
                                                   workingSetBytes: workingSet, threads: threads, sweepSize: sweepSize) { _ in Iteration {} }]).problem
        }
        XCTAssertNil(problem(threads: 2, sweepSize: 1000, bytes: 4096, workingSet: 0))
        XCTAssertEqual(problem(threads: 0), "benchmark 'sort/optimized/1k': threads 0 is less than 1")
        XCTAssertEqual(problem(sweepSize: .infinity), "benchmark 'sort/optimized/1k': sweepSize inf is not a finite number")
        XCTAssertEqual(problem(bytes: .nan), "benchmark 'sort/optimized/1k': bytesPerIteration nan is not a finite number")
        XCTAssertEqual(problem(workingSet: -1), "benchmark 'sort/optimized/1k': workingSetBytes -1.0 is not a finite number ≥ 0")
    }

    /// A frame loop at 0 fps, with no frame, or a queue of no place trapped (exit 132) while the benchmarks were
    /// declared: named in one line instead.
    func testAFrameLoopThatCannotRunIsNamed() {
        func problem(fps: Double = 60, frames: Int = 10, policy: FramePolicy = .drop) -> String? {
            RegisteredSuite(benchmarks: [Benchmark(hotPath: "loop", variant: "test", workload: "w",
                                                   frameLoop: FrameLoopSpec(fps: fps, policy: policy, defaultFrames: frames)) { _ in
                Iteration {}
            }]).problem
        }
        XCTAssertNil(problem(policy: .queue(capacity: 1)))
        XCTAssertEqual(problem(fps: 0), "benchmark 'loop/test/w': a frame loop needs a positive, finite rate (fps 0.0)")
        XCTAssertEqual(problem(frames: 0), "benchmark 'loop/test/w': a frame loop offers at least one frame (defaultFrames 0)")
        XCTAssertEqual(problem(policy: .queue(capacity: 0)), "benchmark 'loop/test/w': a queue holds at least one frame (capacity 0; 0 is .drop)")
    }

    /// A peer kernel id the suite does not declare is named before any command: `peers merge` refused each of its
    /// peers only after they had been timed.
    func testAPeerKernelThatIsNoBenchmarkIsNamed() {
        var suite = RegisteredSuite(benchmarks: [benchmark("checksum", "optimized", "64KiB")])
        suite.peers = PeerInputsExport(kernelIDs: ["checksum/optimized/64KiB"]) { _, _ in 1 }
        XCTAssertNil(suite.problem)
        suite.peers = PeerInputsExport(kernelIDs: ["checksum/optimized/64KB"]) { _, _ in 1 }
        XCTAssertEqual(suite.problem, "peers: kernel 'checksum/optimized/64KB' is not a benchmark of this suite "
                       + "(PeerInputsExport.kernelIDs names benchmark ids)")
    }
}
