import TextFormatting
import XCTest

final class XMLTextTests: XCTestCase {
    func testAllFiveMarkupCharactersBecomeEntities() {
        XCTAssertEqual(XMLText.escape("a & b < c > d \" e ' f"), "a &amp; b &lt; c &gt; d &quot; e &apos; f")
    }

    func testAnAmpersandIsEscapedOnceEvenBeforeAnEntity() {
        XCTAssertEqual(XMLText.escape("&amp;"), "&amp;amp;")
    }

    func testTabLineFeedAndCarriageReturnAreKept() {
        XCTAssertEqual(XMLText.escape("a\tb\nc\rd\r\ne"), "a\tb\nc\rd\r\ne")
    }

    /// In an attribute a parser turns a raw tab, line feed or carriage return into a space: written as references
    /// they read back as themselves.
    func testAnAttributeKeepsTabLineFeedAndCarriageReturnAsCharacterReferences() {
        XCTAssertEqual(XMLText.attribute("a\tb\nc\rd \"e\" & <f>"), "a&#9;b&#10;c&#13;d &quot;e&quot; &amp; &lt;f&gt;")
        XCTAssertEqual(XMLText.attribute("red \u{1B}"), "red \u{FFFD}")
    }

    func testOtherControlCharactersBecomeTheReplacementCharacter() {
        // XML 1.0 allows these in no form (not even &#x1B;): a raw one makes JUnit readers reject the whole file.
        XCTAssertEqual(XMLText.escape("red \u{1B}[31m"), "red \u{FFFD}[31m")
        XCTAssertEqual(XMLText.escape("\u{0}\u{8}\u{B}\u{C}\u{1F}"), String(repeating: "\u{FFFD}", count: 5))
        XCTAssertEqual(XMLText.escape("\u{FFFE}\u{FFFF}"), "\u{FFFD}\u{FFFD}")
    }

    func testOtherTextPassesThroughUnchanged() {
        XCTAssertEqual(XMLText.escape("µs · 3×4 → é \u{7F}"), "µs · 3×4 → é \u{7F}")
        XCTAssertEqual(XMLText.escape(""), "")
    }
}
