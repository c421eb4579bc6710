import RunFixtures
import XCTest
@testable import Comparison
import Results

final class RegressionGateTests: XCTestCase {
    func testListsRegressionsWorstFirstAndIgnoresAddedBenchmarks() {
        let base = Fixture.run("base", [
            Fixture.result("a/x/1", Fixture.times(50, median: 1000, seed: 1)),
            Fixture.result("b/x/1", Fixture.times(50, median: 1000, seed: 2)),
            Fixture.result("c/x/1", Fixture.times(50, median: 1000, seed: 3)),
        ])
        let head = Fixture.run("head", [
            Fixture.result("a/x/1", Fixture.times(50, median: 1050, seed: 4)),
            Fixture.result("b/x/1", Fixture.times(50, median: 1200, seed: 5)),
            Fixture.result("c/x/1", Fixture.times(50, median: 1000, seed: 6)),
            Fixture.result("d/x/1", Fixture.times(50, median: 9000, seed: 7)),
        ])
        let outcome = RegressionGate.evaluate(base: base, head: head, settings: ComparisonSettings(resamples: 300))
        XCTAssertFalse(outcome.passed)
        XCTAssertEqual(outcome.regressions.map(\.id), ["b/x/1", "a/x/1"])
        XCTAssertEqual(outcome.compared, 3)
        XCTAssertEqual(outcome.added, ["d/x/1"])
    }

    func testARunAgainstItselfPasses() {
        let run = Fixture.run("base", [Fixture.result("a/x/1", Fixture.times(50, median: 1000, seed: 1))])
        XCTAssertTrue(RegressionGate.evaluate(base: run, head: run).passed)
    }
}
