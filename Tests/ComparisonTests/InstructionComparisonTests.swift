@testable import Comparison
import Results
import RunFixtures
import XCTest

/// The instruction-count comparison on hand-made profiles: exact counts, so equal is unchanged and any change is
/// judged against the threshold, with the functions that moved most.
final class InstructionComparisonTests: XCTestCase {
    let kernel = FunctionInstructions(symbol: "$s8HotPaths8colormapyyF", name: "colormap()", instructionsPerIteration: 300_000)
    let memcpy = FunctionInstructions(symbol: "memcpy", name: "memcpy", instructionsPerIteration: 65_000)
    let helper = FunctionInstructions(symbol: "$s8HotPaths6helperyyF", name: "helper()", instructionsPerIteration: 95)

    func profile(_ id: String, _ functions: [FunctionInstructions]) -> InstructionProfile {
        InstructionProfile(id: id, instructionsPerIteration: functions.map(\.instructionsPerIteration).reduce(0, +),
                           functions: functions)
    }

    var base: [InstructionProfile] {
        [profile("colormap/optimized/256x192", [kernel, memcpy, helper]), profile("nms/optimized/typical", [helper])]
    }

    func testIdenticalCountsAreUnchangedWithoutFunctionsAndNoRegression() {
        let report = InstructionComparison.compare(base: base, head: base)
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.unchanged, .unchanged])
        XCTAssertEqual(report.benchmarks.map(\.relativeChange), [0, 0])
        XCTAssertTrue(report.benchmarks.allSatisfy { $0.functions.isEmpty })
        XCTAssertFalse(report.hasRegression)
    }

    func testOnePercentMoreInOneKernelRegressesAndNamesThatFunctionFirst() {
        var slower = kernel
        slower.instructionsPerIteration += 3_650   // 1% of 365,095
        var fasterHelper = helper
        fasterHelper.instructionsPerIteration -= 5
        let head = [profile("colormap/optimized/256x192", [slower, memcpy, fasterHelper]), base[1]]
        let report = InstructionComparison.compare(base: base, head: head)
        let colormap = report.benchmarks[0]
        XCTAssertEqual(colormap.verdict, .regressed)
        XCTAssertEqual(colormap.relativeChange!, 3_645.0 / 365_095.0, accuracy: 1e-12)
        XCTAssertEqual(colormap.functions.map(\.name), ["colormap()", "helper()"], "memcpy did not change: not listed")
        XCTAssertEqual(colormap.functions.map(\.change), [3_650, -5])
        XCTAssertEqual(report.benchmarks[1].verdict, .unchanged)
        XCTAssertTrue(report.hasRegression)
    }

    func testFewerInstructionsBeyondTheThresholdImprove() {
        var faster = kernel
        faster.instructionsPerIteration -= 30_000
        let report = InstructionComparison.compare(base: base, head: [profile("colormap/optimized/256x192", [faster, memcpy, helper])])
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.improved])
        XCTAssertFalse(report.hasRegression)
    }

    func testAChangeWithinTheThresholdIsReportedButIsNoRegressionAndTheThresholdIsConfigurable() {
        var slightly = kernel
        slightly.instructionsPerIteration += 365   // +0.1%
        let head = [profile("colormap/optimized/256x192", [slightly, memcpy, helper])]
        let lenient = InstructionComparison.compare(base: base, head: head)
        XCTAssertEqual(lenient.benchmarks[0].verdict, .belowThreshold)
        XCTAssertEqual(lenient.benchmarks[0].functions.map(\.name), ["colormap()"])
        XCTAssertFalse(lenient.hasRegression)
        let strict = InstructionComparison.compare(base: base, head: head, settings: .init(threshold: 0.0005))
        XCTAssertEqual(strict.benchmarks[0].verdict, .regressed)
    }

    func testTopFunctionsAreLimitedOrderedByAbsoluteChangeAndIncludeFunctionsOfOneSideOnly() {
        let added = FunctionInstructions(symbol: "new", name: "new()", instructionsPerIteration: 1_000)
        var lessMemcpy = memcpy
        lessMemcpy.instructionsPerIteration -= 2_000
        let head = [profile("colormap/optimized/256x192", [kernel, lessMemcpy, added])]   // helper inlined away
        let changes = InstructionComparison.compare(base: base, head: head, settings: .init(topFunctions: 2)).benchmarks[0].functions
        XCTAssertEqual(changes.map(\.name), ["memcpy", "new()"])
        XCTAssertEqual(changes.map(\.change), [-2_000, 1_000])
        let all = InstructionComparison.compare(base: base, head: head, settings: .init(topFunctions: 10)).benchmarks[0].functions
        XCTAssertEqual(all.last, FunctionChange(symbol: helper.symbol, name: "helper()", base: 95, head: 0))
    }

    func testBenchmarksCountedOnOneSideOnlyAreAddedOrRemoved() {
        let head = [base[1], InstructionProfile(id: "fusion/optimized/x", instructionsPerIteration: 5)]
        let report = InstructionComparison.compare(base: base, head: head)
        XCTAssertEqual(report.benchmarks.map(\.id), ["nms/optimized/typical"])
        XCTAssertEqual(report.added, ["fusion/optimized/x"])
        XCTAssertEqual(report.removed, ["colormap/optimized/256x192"])
    }

    func testACountThatWasZeroHasNoRelativeChangeAndRegresses() {
        let zero = [InstructionProfile(id: "a", instructionsPerIteration: 0)]
        let report = InstructionComparison.compare(base: zero, head: [InstructionProfile(id: "a", instructionsPerIteration: 3)])
        XCTAssertNil(report.benchmarks[0].relativeChange)
        XCTAssertEqual(report.benchmarks[0].verdict, .regressed)
    }

    func testProfilesTakeOnlyValgrindInstructionCounts() {
        let run = Fixture.run("r", [
            Fixture.result("counted/v/w", [1, 2], counters: [CounterReading(name: "Ir", perIteration: 42, source: .callgrind)]),
            Fixture.result("papi/v/w", [1, 2], counters: [CounterReading(name: "Ir", perIteration: 7, source: .papiHardware)]),
            Fixture.result("unavailable/v/w", [1, 2], counters: [.unavailable("Ir", reason: "valgrind failed")]),
        ])
        let profiles = InstructionProfile.profiles(of: run, functions: ["counted/v/w": [helper]])
        XCTAssertEqual(profiles, [InstructionProfile(id: "counted/v/w", instructionsPerIteration: 42, functions: [helper])])
    }
}
