import History
import TextFormatting
import XCTest

/// A package's own benchmark tool names itself in the history's hints, as in every other message.
final class HistoryErrorNamingTests: XCTestCase {
    func testHintsNameTheToolThatPrintsThem() {
        XCTAssertEqual(HistoryError.unknownRun(reference: "x").description, "no recorded run 'x' (see 'framebudget history list')")
        ToolName.set("my-bench")
        defer { ToolName.set("framebudget") }
        XCTAssertEqual(HistoryError.unknownRun(reference: "x").description, "no recorded run 'x' (see 'my-bench history list')")
        XCTAssertTrue(HistoryError.noHistory(location: "h.sqlite").description.hasSuffix("(record a run first: my-bench history record)"))
    }
}
