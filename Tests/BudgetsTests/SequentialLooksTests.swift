import Budgets
import Foundation
import Results
import Statistics
import XCTest

/// The level of a budget's interval when the gate looks after every process (issue 19: a Pocock boundary over the
/// budget gate's looks). Numbers from scipy: Golden/make_sequential_looks_golden.py.
final class SequentialLooksTests: XCTestCase {
    private let driftBudget = BudgetFixtures.budget(.drift, statistic: .p50, limit: 1.10, unit: .ratio,
                                                    id: ("frame-loop", "photo", "drop"))

    private func loops(drift: [Double]) -> BenchmarkResult {
        BudgetFixtures.mergedLoops(drift: drift)
    }

    func testOneLookIsA95PercentIntervalAndMoreLooksNeedAWiderOne() {
        XCTAssertEqual(SequentialLooks.level(lastLook: 1), 0.95)
        XCTAssertEqual(SequentialLooks.level(lastLook: 2), 0.95)
        XCTAssertEqual(SequentialLooks.level(lastLook: 3), Golden.levelCap3, accuracy: 2e-5)
        XCTAssertEqual(SequentialLooks.level(lastLook: 10), Golden.levelCap10, accuracy: 2e-5)
        XCTAssertEqual(SequentialLooks.level(lastLook: 20), Golden.levelCap20, accuracy: 2e-5)
    }

    func testABudgetsOwnCapSetsItsLevelUnlessTheCommandLineCapsEveryBudget() {
        var capped = driftBudget
        capped.maxProcesses = 20
        let gate = SequentialLooks(cap: 10)
        XCTAssertEqual(gate.lastLook(for: driftBudget), 10)
        XCTAssertEqual(gate.lastLook(for: capped), 20)
        XCTAssertEqual(gate.intervalLevel(for: capped), SequentialLooks.level(lastLook: 20))
        let commandLine = SequentialLooks(cap: 4, overridesBudgets: true)
        XCTAssertEqual(commandLine.lastLook(for: capped), 4)
        XCTAssertEqual(SequentialLooks.once.intervalLevel(for: capped), 0.95)
    }

    func testSixDriftRunsThatPassAt95PercentAreStillUndecidedForAGateThatLooksTwentyTimes() {
        var budget = driftBudget
        budget.maxProcesses = 20
        let runs = loops(drift: Golden.sixDriftRuns)
        let once = BudgetEvaluator(looks: .once).evaluate(budget, result: runs)
        XCTAssertEqual(once.outcome, .pass)
        XCTAssertEqual(once.interval!.upper, Golden.sixDriftUpperAt95, accuracy: 1e-9)
        let gate = BudgetEvaluator().evaluate(budget, result: runs)
        XCTAssertEqual(gate.outcome, .inconclusive, "the gate measures another process")
        XCTAssertEqual(gate.interval!.level, Golden.levelCap20, accuracy: 2e-5)
        XCTAssertEqual(gate.interval!.upper, Golden.sixDriftUpperAtCap20, accuracy: 1e-6)
        XCTAssertEqual(gate.measured, once.measured, "the estimate is the same; only the interval widens")
    }

    /// The point of the boundary: a build exactly at the limit, looked at after every process from the second to the
    /// tenth as the gate does, until an interval excludes the limit. scipy's Monte Carlo of the same looks
    /// (400,000 builds) puts the chance of a wrong word at `Golden.wrongAt95Cap10` with a 95% interval per look and
    /// at `Golden.wrongPocockCap10` with the boundary's; these 12,000 builds (normal per-run logs, sd 0.1, fixed seed)
    /// must agree within four standard errors.
    func testABuildAtTheLimitGetsAWrongWordAtAnyLookNoMoreOftenThanTheFamilyAlpha() {
        var random = SplitMix64(seed: 20261204)
        func gaussian() -> Double {
            let u = (Double(random.next() >> 11) + 0.5) / 9007199254740992, v = Double(random.next() >> 11) / 9007199254740992
            return (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)
        }
        let builds = 12_000, cap = 10
        var budget = driftBudget
        budget.limit = 1
        var wrong = (perLook95: 0, pocock: 0)
        for _ in 0..<builds {
            let drift = (0..<cap).map { _ in Foundation.exp(0.1 * gaussian()) }
            for (looks, isPocock) in [(SequentialLooks.once, false), (SequentialLooks(cap: cap), true)] {
                let evaluator = BudgetEvaluator(looks: looks)
                let decided = (2...cap).contains { n in evaluator.evaluate(budget, result: loops(drift: Array(drift.prefix(n)))).outcome != .inconclusive }
                if decided { if isPocock { wrong.pocock += 1 } else { wrong.perLook95 += 1 } }
            }
        }
        func assertNear(_ count: Int, _ expected: Double, _ what: String) {
            let rate = Double(count) / Double(builds), se = (expected * (1 - expected) / Double(builds)).squareRoot()
            XCTAssertEqual(rate, expected, accuracy: 4 * se, what)
        }
        assertNear(wrong.perLook95, Golden.wrongAt95Cap10, "95% at every look")
        assertNear(wrong.pocock, Golden.wrongPocockCap10, "the Pocock level at every look")
        // scipy's own rate is the family α within four of its standard errors (0.00035 over 400,000 builds).
        XCTAssertEqual(Golden.wrongPocockCap10, SequentialLooks.familyAlpha, accuracy: 0.0014)
        XCTAssertGreaterThan(Golden.wrongAt95Cap10, 3 * SequentialLooks.familyAlpha, "the defect: 95% at every look")
    }

    /// From Golden/make_sequential_looks_golden.py.
    private enum Golden {
        static let levelCap3 = 0.9747860506515582
        static let levelCap10 = 0.9901790210020887
        static let levelCap20 = 0.9933833621954988
        static let sixDriftRuns = [1.04, 0.95, 1.09, 0.98, 1.06, 0.97]
        static let sixDriftUpperAt95 = 1.0741263662023324
        static let sixDriftUpperAtCap20 = 1.1209138953131101
        /// Wrong PASS + wrong FAIL over looks 2…10, 400,000 builds: 0.0993475 + 0.09868 and 0.0253925 + 0.02482.
        static let wrongAt95Cap10 = 0.1980275
        static let wrongPocockCap10 = 0.0502125
    }
}
