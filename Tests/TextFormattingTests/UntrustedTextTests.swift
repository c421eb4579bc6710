import XCTest
@testable import TextFormatting

/// Strings from files printed on a terminal or posted as Markdown: inert, one line, bounded.
final class UntrustedTextTests: XCTestCase {
    func testControlCharactersAreShownNotSentToTheTerminal() {
        XCTAssertEqual(TerminalText.safe("a\u{1B}[2Jb\u{07}\r"), "a\\x1b[2Jb\\x07\\x0d")
        XCTAssertEqual(TerminalText.safe("line\nnext\tcell"), "line\nnext\tcell", "the tool's own layout is kept")
        XCTAssertEqual(TerminalText.singleLine("a\nb\tc"), "a\\x0ab\\x09c")
        XCTAssertEqual(TerminalText.safe("\u{9B}31m\u{7F}"), "\\u{9b}31m\\x7f", "C1 CSI and DEL too")
        XCTAssertEqual(TerminalText.safe("µs ×2 — 日本"), "µs ×2 — 日本")
        XCTAssertEqual(TerminalText.safe("budget\u{202E}LIAF"), "budget\\u{202e}LIAF", "a bidi override would reorder the line")
        XCTAssertEqual(TerminalText.singleLine("x\u{2066}y\u{2069}"), "x\\u{2066}y\\u{2069}", "isolates too")
    }

    func testLongLinesAreCutSayingHowMuchWasLeft() {
        let line = String(repeating: "x", count: 1600) + String(repeating: "y", count: 600) + ": the reason"
        XCTAssertEqual(TerminalText.safe(line), String(repeating: "x", count: 1500) + " … (212 characters left out) … "
                       + String(repeating: "y", count: 488) + ": the reason", "the end, where a message's reason is, stays")
        XCTAssertEqual(TerminalText.singleLine("abcdef", maximumLength: 3), "abc… (3 more characters)")
    }

    func testTableCellsAreOneBoundedLineEach() {
        let long = String(repeating: "w", count: 100_000)
        let lines = TextTable.lines(header: ["id", "n"], rows: [[long, "1"], ["a\u{1B}[2J\nb", "2"]])
        XCTAssertLessThan(lines.map(\.count).max()!, 400, "a 100 KB id does not widen every row")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[3].hasPrefix("a\\x1b[2J\\x0ab"), lines[3])
    }

    func testCodeSpansHoldAnyTextInsideATableCell() {
        XCTAssertEqual(MarkdownText.code("colormap/optimized/256x192"), "`colormap/optimized/256x192`")
        XCTAssertEqual(MarkdownText.code("a|b"), "`a\\|b`")
        XCTAssertEqual(MarkdownText.code("a`b``c"), "```a`b``c```", "the fence is longer than any run inside")
        XCTAssertEqual(MarkdownText.code("`x"), "`` `x ``", "a backtick at an end needs a space")
        XCTAssertEqual(MarkdownText.code("</script>\n<img>"), "`</script>\\x0a<img>`")
    }

    /// Outside a table a pipe needs no escape, and GitHub would show the backslash of `\|` inside a code span.
    func testInlineCodeSpansInProseKeepPipesAsTheyAre() {
        XCTAssertEqual(MarkdownText.inlineCode("miss|ing <x>"), "`miss|ing <x>`")
        XCTAssertEqual(MarkdownText.inlineCode("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownText.inlineCode("</script>\n<img>"), "`</script>\\x0a<img>`")
    }

    func testPlainTextStartsNoMarkup() {
        XCTAssertEqual(MarkdownText.text("headroom 11.72% is under the 20% margin"), "headroom 11.72% is under the 20% margin")
        XCTAssertEqual(MarkdownText.text("<img src=x onerror=alert(1)>"), "\\<img src=x onerror=alert(1)\\>")
        XCTAssertEqual(MarkdownText.text("[x](javascript:alert(1))"), "\\[x\\](javascript:alert(1))")
        XCTAssertEqual(MarkdownText.text("**b** _i_ `c` ~s~ | $m$ &amp; @team !"),
                       "\\*\\*b\\*\\* \\_i\\_ \\`c\\` \\~s\\~ \\| \\$m\\$ \\&amp; \\@team \\!")
        XCTAssertEqual(MarkdownText.text("- item"), "\\- item")
        XCTAssertEqual(MarkdownText.text("12. item"), "12\\. item")
        XCTAssertEqual(MarkdownText.text("a-b 1.5"), "a-b 1.5", "markers count only at the start")
    }
}
