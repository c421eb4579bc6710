import RunFixtures
import XCTest
@testable import Comparison
import Results
import Statistics

final class RegressionGateTests: XCTestCase {
    func testListsRegressionsWorstFirstAndIgnoresAddedBenchmarks() {
        let base = Fixture.merged("base", [
            ("a/x/1", Fixture.processRuns(4, median: 1000, seed: 1)),
            ("b/x/1", Fixture.processRuns(4, median: 1000, seed: 2)),
            ("c/x/1", Fixture.processRuns(4, median: 1000, seed: 3)),
        ])
        let head = Fixture.merged("head", [
            ("a/x/1", Fixture.processRuns(4, median: 1080, seed: 4)),
            ("b/x/1", Fixture.processRuns(4, median: 1200, seed: 5)),
            ("c/x/1", Fixture.processRuns(4, median: 1000, seed: 6)),
            ("d/x/1", Fixture.processRuns(4, median: 9000, seed: 7)),
        ])
        let outcome = RegressionGate.evaluate(base: base, head: head, settings: ComparisonSettings(resamples: 200))
        XCTAssertFalse(outcome.passed)
        XCTAssertEqual(outcome.regressions.map(\.id), ["b/x/1", "a/x/1"])
        XCTAssertEqual(outcome.regressions.map(\.headRuns), [4, 4])
        XCTAssertEqual(outcome.compared, 3)
        XCTAssertEqual(outcome.added, ["d/x/1"])
        XCTAssertEqual(outcome.familyWise, "exit code: Holm-adjusted over 3 benchmarks, family-wise α = 0.01")
    }

    func testASingleGateRunAgainstASingleBaselineIsInconclusiveWithoutHistoryAndJudgedWithIt() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", Fixture.times(50, median: 1000, spread: 0.002, seed: 1))])
        let head = Fixture.run("head", [Fixture.result("a/x/1", Fixture.times(50, median: 1200, spread: 0.002, seed: 2))])
        let blind = RegressionGate.evaluate(base: base, head: head)
        XCTAssertTrue(blind.passed, "never a regression from one process a side")
        XCTAssertEqual(blind.inconclusive, ["a/x/1"])
        let judged = RegressionGate.evaluate(base: base, head: head,
                                             priors: ["a/x/1": PriorSpread(standardDeviation: 0.01, degreesOfFreedom: 20)])
        XCTAssertEqual(judged.regressions.map(\.id), ["a/x/1"])
    }

    func testARunAgainstItselfPasses() {
        let run = Fixture.merged("base", [("a/x/1", Fixture.processRuns(3, median: 1000, seed: 1))])
        let outcome = RegressionGate.evaluate(base: run, head: run)
        XCTAssertTrue(outcome.passed)
        XCTAssertEqual(outcome.inconclusive, [])
    }

    func testABaselineOfAnotherMachineClassIsRefused() {
        let base = Fixture.run("base", [Fixture.result("a/x/1", [1, 2, 3])])
        var head = base
        head.settings.targetSampleNanoseconds = 1e6
        XCTAssertEqual(RegressionGate.refusal(base: base, head: head),
                       "base base and head base were measured in different machine classes (sample 5000000ns vs 1000000ns); only runs of one class are compared")
    }
}
