import TextFormatting
import XCTest

final class TextTableTests: XCTestCase {
    func testColumnsAreAsWideAsTheirWidestCellAndTwoSpacesApart() {
        let lines = TextTable.lines(header: ["id", "median"], rows: [["colormap", "1.2 ms"], ["nms", "812.3 ns"]])
        XCTAssertEqual(lines, [
            "id        median",
            "--------  --------",
            "colormap  1.2 ms",
            "nms       812.3 ns",
        ])
    }

    func testRightAlignedColumnsPadOnTheLeftHeaderAndRuleIncluded() {
        let lines = TextTable.lines(header: ["name", "Ir", "verdict"], rows: [["a", "12", "ok"], ["bb", "1234", "regressed"]],
                                    alignments: [.left, .right, .left])
        XCTAssertEqual(lines, [
            "name    Ir  verdict",
            "----  ----  ---------",
            "a       12  ok",
            "bb    1234  regressed",
        ])
    }

    func testUntrimmedLinesKeepTheLastColumnsPadding() {
        let lines = TextTable.lines(header: ["a", "b"], rows: [["x", ""], ["yyy", "zz"]], trimmed: false)
        XCTAssertEqual(lines, ["a    b ", "---  --", "x      ", "yyy  zz"])
    }

    func testTrimmedLinesLoseBlankEdgesOnly() {
        let lines = TextTable.lines(header: ["a", "b"], rows: [["", "x"]])
        XCTAssertEqual(lines, ["a  b", "-  -", "x"])
    }

    func testWidthsCountCharactersNotBytes() {
        // "µs" and "×" are two bytes in UTF-8 each but one column on screen.
        let lines = TextTable.lines(header: ["unit", "n"], rows: [["µs", "3×4"], ["ns", "1"]])
        XCTAssertEqual(lines, ["unit  n", "----  ---", "µs    3×4", "ns    1"])
    }

    func testRenderJoinsTheLinesWithoutATrailingNewline() {
        XCTAssertEqual(TextTable.render(header: ["a"], rows: [["b"]]), "a\n-\nb")
    }
}
