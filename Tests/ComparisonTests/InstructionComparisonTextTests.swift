@testable import Comparison
import XCTest

/// The console and Markdown texts of an instruction-count comparison.
final class InstructionComparisonTextTests: XCTestCase {
    var report: InstructionComparisonReport {
        let base = [
            InstructionProfile(id: "colormap/optimized/256x192", instructionsPerIteration: 365_095, functions: [
                FunctionInstructions(symbol: "k", name: "colormap(_:)", instructionsPerIteration: 300_000)]),
            InstructionProfile(id: "nms/optimized/typical", instructionsPerIteration: 69_818.5),
        ]
        let head = [
            InstructionProfile(id: "colormap/optimized/256x192", instructionsPerIteration: 368_746, functions: [
                FunctionInstructions(symbol: "k", name: "colormap(_:)", instructionsPerIteration: 303_651)]),
            InstructionProfile(id: "nms/optimized/typical", instructionsPerIteration: 69_818.5),
        ]
        return InstructionComparison.compare(base: base, head: head, baseLabel: "c76c7e6c0f", headLabel: "584bca0dc5")
    }

    func testConsoleListsEveryBenchmarkAndTheChangedFunctionsUnderTheChangedOne() {
        let text = InstructionComparisonText.console(report)
        let lines = text.split(separator: "\n").map(String.init)
        let colormap = lines.firstIndex { $0.hasPrefix("colormap/optimized/256x192") }!
        XCTAssertTrue(lines[colormap].contains("365,095"), lines[colormap])
        XCTAssertTrue(lines[colormap].contains("368,746"))
        XCTAssertTrue(lines[colormap].contains("+1.00%"))
        XCTAssertTrue(lines[colormap].hasSuffix("REGRESSED"))
        XCTAssertEqual(lines[colormap + 1], "    +3,651  colormap(_:)  (300,000 → 303,651)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("nms/optimized/typical") && $0.contains("69,818.5") && $0.hasSuffix("unchanged") })
        XCTAssertTrue(text.contains("instructions: 2 benchmarks: 1 regressed, 0 improved, 0 below threshold, 1 unchanged (threshold ±0.5%)"), text)
    }

    func testMarkdownHasTheTableAndAFunctionTablePerChangedBenchmark() {
        let text = InstructionComparisonText.markdown(report)
        XCTAssertTrue(text.hasPrefix("### FrameBudget instruction counts: 1 regressed, 0 improved, 1 unchanged\n"), text)
        XCTAssertTrue(text.contains("base `c76c7e6c0f` → head `584bca0dc5`"))
        XCTAssertTrue(text.contains("| `colormap/optimized/256x192` | 365,095 | 368,746 | +1.00% | **REGRESSED** |"), text)
        XCTAssertTrue(text.contains("| `nms/optimized/typical` | 69,818.5 | 69,818.5 | 0 | unchanged |"))
        XCTAssertTrue(text.contains("#### `colormap/optimized/256x192`: +1.00% — functions that changed most"))
        XCTAssertTrue(text.contains("| `colormap(_:)` | 300,000 | 303,651 | +3,651 |"))
        XCTAssertFalse(text.contains("#### `nms"), "no function table for an unchanged benchmark")
    }

    func testCountsAreGroupedWithOneDecimalWhenNotWhole() {
        XCTAssertEqual(InstructionComparisonText.count(1_277_368), "1,277,368")
        XCTAssertEqual(InstructionComparisonText.count(295), "295")
        XCTAssertEqual(InstructionComparisonText.count(12.5), "12.5")
        XCTAssertEqual(InstructionComparisonText.count(-1_000.25), "−1,000.3")
        XCTAssertEqual(InstructionComparisonText.signed(0.04), "+0")
    }
}
