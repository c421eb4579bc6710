import Counters
import XCTest

/// Events that cannot be counted together are split over passes, never dropped, and each reading says its pass.
final class PassPlanTests: XCTestCase {
    func testEventsThatDoNotFitTogetherAreSplitInOrderOverPasses() {
        let passes = PassPlan.split(["a", "b", "c", "d", "e"]) { $0.count <= 2 }
        XCTAssertEqual(passes, [["a", "b"], ["c", "d"], ["e"]])
        let plan = PassPlan(passes: passes, multiplexed: false)
        XCTAssertEqual(plan.note(for: "c"), "pass 2 of 3")
        XCTAssertEqual(plan.note(for: "e"), "pass 3 of 3")
    }

    func testAnEventThatFitsNowhereStillGetsItsOwnPass() {
        XCTAssertEqual(PassPlan.split(["a", "bad", "c"]) { !$0.contains("bad") }, [["a"], ["bad"], ["c"]])
    }

    func testSinglePassAndMultiplexedReadingsCarryTheRightNote() {
        XCTAssertNil(PassPlan(passes: [["a", "b"]], multiplexed: false).note(for: "a"))
        XCTAssertEqual(PassPlan(passes: [["a", "b"]], multiplexed: true).note(for: "b"), "multiplexed")
    }

    func testRealPAPIPlanHoldsExactlyTheEventsThatAddToAPAPISet() {
        let probe = PAPICounterProbe(wanted: EventCatalog.standard, maximumEventsPerPass: 2)
        let available = probe.availability.filter { $0.method == .papi }.compactMap(\.event)
        XCTAssertEqual(probe.plan.passes.flatMap { $0 }, available)
        XCTAssertTrue(probe.plan.passes.allSatisfy { $0.count <= 2 })
    }
}
