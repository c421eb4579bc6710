import RunFixtures
import XCTest
@testable import Comparison
import Results

final class RunMergeTests: XCTestCase {
    func testConcatenatesSamplesInRoundOrderAndRecomputesStatistics() throws {
        let first = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2, 3], counters: [
            CounterReading(name: "Ir", perIteration: 10, source: .callgrind)])])
        let second = Fixture.run("r2", [Fixture.result("a/x/1", [4, 5], counters: [
            CounterReading(name: "Ir", perIteration: 20, source: .callgrind)]), Fixture.result("b/x/1", [7])],
            complete: false)
        let merged = try RunMerge.merge([first, second], runID: "m")
        XCTAssertEqual(merged.runID, "m")
        XCTAssertFalse(merged.complete, "complete only when every round was")
        XCTAssertEqual(merged.benchmarks.map(\.id), ["a/x/1", "b/x/1"])
        XCTAssertEqual(merged.benchmarks[0].samplesNanoseconds, [1, 2, 3, 4, 5])
        XCTAssertEqual(merged.benchmarks[0].statistics.median, 3)
        XCTAssertEqual(merged.benchmarks[0].counters.first?.perIteration, 15)
        XCTAssertEqual(merged.benchmarks[1].samplesNanoseconds, [7])
    }

    func testNothingToMergeIsAnError() {
        XCTAssertThrowsError(try RunMerge.merge([])) { XCTAssertEqual($0 as? RunMergeError, .noRuns) }
    }
}
