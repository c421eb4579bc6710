import RunFixtures
import Foundation
import XCTest
@testable import Comparison
import Results

final class ComparisonTextTests: XCTestCase {
    private func report() -> ComparisonReport {
        let base = Fixture.run("base", [Fixture.result("a/x/1", Fixture.times(40, median: 1000, seed: 1)),
                                        Fixture.result("gone/x/1", [1, 2])])
        let head = Fixture.run("head", [Fixture.result("a/x/1", Fixture.times(40, median: 1300, seed: 2))])
        return Comparator.compare(base: base, head: head, settings: ComparisonSettings(resamples: 200))
    }

    func testMarkdownHasAHeadlineATableAndTheRemovedBenchmark() {
        let markdown = ComparisonText.markdown(report())
        XCTAssertTrue(markdown.hasPrefix("### FrameBudget comparison: 1 regressed, 0 improved, 0 unchanged\n"))
        XCTAssertTrue(markdown.contains("| benchmark | base | head | change [CI] | p | verdict | counters |"))
        XCTAssertTrue(markdown.contains("\n| `a/x/1` | "), markdown)
        XCTAssertTrue(markdown.contains("**REGRESSED**"))
        XCTAssertTrue(markdown.contains("Removed (base only): `gone/x/1`"))
    }

    func testJSONRoundTripsThroughTheModel() throws {
        let original = report()
        let decoded = try ResultsFile.decoder().decode(ComparisonReport.self, from: Data(try ComparisonText.json(original).utf8))
        XCTAssertEqual(decoded.benchmarks, original.benchmarks)
        XCTAssertEqual(decoded.format, "framebudget-comparison")
        XCTAssertEqual(decoded.removed, ["gone/x/1"])
    }

    func testConsoleTableShowsTheVerdictAndSummary() {
        let console = ComparisonText.console(report())
        XCTAssertTrue(console.contains("REGRESSED"))
        XCTAssertTrue(console.contains("geometric mean of median ratios +29.3% over 1 benchmarks: 1 regressed"), console)
    }
}
