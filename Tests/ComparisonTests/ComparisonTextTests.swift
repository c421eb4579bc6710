import RunFixtures
import Foundation
import XCTest
@testable import Comparison
import Results

final class ComparisonTextTests: XCTestCase {
    private func report() -> ComparisonReport {
        let base = Fixture.merged("base", [("a/x/1", Fixture.processRuns(4, median: 1000, seed: 1)),
                                           ("one/x/1", [Fixture.times(20, median: 1000, seed: 3)]), ("gone/x/1", [[1, 2]])])
        let head = Fixture.merged("head", [("a/x/1", Fixture.processRuns(4, median: 1300, seed: 2)),
                                           ("one/x/1", [Fixture.times(20, median: 1100, seed: 4)])])
        return Comparator.compare(base: base, head: head, settings: ComparisonSettings(resamples: 200))
    }

    func testMarkdownHasAHeadlineATableAndTheRemovedBenchmark() {
        let markdown = ComparisonText.markdown(report())
        XCTAssertTrue(markdown.hasPrefix("### FrameBudget comparison: 1 regressed, 0 improved, 0 unchanged, 1 inconclusive\n"))
        XCTAssertTrue(markdown.contains("| benchmark | runs | base | head | change [CI] | p (Holm) | floor | MDE | verdict | counters |"))
        XCTAssertTrue(markdown.contains("\n| `a/x/1` | 4/4 | "), markdown)
        XCTAssertTrue(markdown.contains("**REGRESSED**"))
        XCTAssertTrue(markdown.contains("| `one/x/1` | 1/1 | "), markdown)
        XCTAssertTrue(markdown.contains("[no interval] | — | 2.0% | — | **INCONCLUSIVE**"), markdown)
        XCTAssertTrue(markdown.contains("exit code: Holm-adjusted over 1 benchmark, family-wise α = 0.01"), markdown)
        XCTAssertTrue(markdown.contains("Need more runs: `one/x/1`"), markdown)
        XCTAssertTrue(markdown.contains("Removed (base only): `gone/x/1`"))
    }

    func testJSONRoundTripsThroughTheModel() throws {
        let original = report()
        let decoded = try ResultsFile.decoder().decode(ComparisonReport.self, from: Data(try ComparisonText.json(original).utf8))
        XCTAssertEqual(decoded.benchmarks, original.benchmarks)
        XCTAssertEqual(decoded.format, "framebudget-comparison")
        XCTAssertEqual(decoded.removed, ["gone/x/1"])
        XCTAssertEqual(decoded.formatVersion, 2)
        XCTAssertEqual(decoded.undecided, ["one/x/1"])
    }

    /// CI scripts read the documented fields as `b["interval"]`: without a test they are null, never missing.
    func testFieldsWithoutATestAreNullNotMissingAndReadBackAsNil() throws {
        let json = try ComparisonText.json(report())
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let one = (object["benchmarks"] as! [[String: Any]]).first { $0["id"] as? String == "one/x/1" }!
        for key in ["interval", "runLevel", "adjustedPValue", "betweenRunSpread", "minimumDetectableEffect"] {
            XCTAssertTrue(one[key] is NSNull, "\(key): \(String(describing: one[key]))")
        }
        let tested = (object["benchmarks"] as! [[String: Any]]).first { $0["id"] as? String == "a/x/1" }!
        XCTAssertTrue((tested["runLevel"] as? [String: Any])?["priorDegreesOfFreedom"] != nil, "kept as null without a prior")
        // A file written before the nulls (keys left out) still reads.
        var older = object
        older["benchmarks"] = (object["benchmarks"] as! [[String: Any]]).map { $0.filter { !($0.value is NSNull) } }
        let decoded = try ResultsFile.decoder().decode(ComparisonReport.self, from: JSONSerialization.data(withJSONObject: older))
        XCTAssertEqual(decoded.benchmarks, report().benchmarks)
    }

    func testHeadingsOpenWithTheToolGiven() {
        XCTAssertTrue(ComparisonText.markdown(report()).hasPrefix("### FrameBudget comparison: "))
        XCTAssertTrue(ComparisonText.markdown(report(), tool: "my-bench").hasPrefix("### my-bench comparison: "))
        XCTAssertTrue(PullRequestComment.markdown(report(), tool: "my-bench").contains(" my-bench: 1 regressed"))
    }

    func testConsoleTableShowsTheVerdictAndSummary() {
        let console = ComparisonText.console(report())
        XCTAssertTrue(console.contains("REGRESSED"))
        XCTAssertTrue(console.contains("INCONCLUSIVE"))
        XCTAssertTrue(console.contains("over 2 benchmarks: 1 regressed, 0 improved, 0 unchanged, 1 inconclusive"), console)
        XCTAssertTrue(console.contains("\nexit code: Holm-adjusted over 1 benchmark, family-wise α = 0.01\n"), console)
        XCTAssertTrue(console.contains("warning: between-run variance unknown for 1 benchmark (one run per side, no history)"), console)
    }
}
