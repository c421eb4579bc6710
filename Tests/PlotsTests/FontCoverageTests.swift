import Foundation
import XCTest
@testable import Plots

/// PNG text holds only characters some installed font draws: cairo/pango draws any other as a "hex box" that
/// gnuplot's oversampling scales over the whole figure. SVG, drawn by the viewer's fonts, keeps the text.
final class FontCoverageTests: XCTestCase {
    func testTheCoverageIsTheUnionOfEveryFontsCharset() {
        let coverage = FontCoverage(charsets: "20-7e a0-ff\n41-5a 2013 2764\nzz 1f-xx 300-2ff\n")
        XCTAssertEqual(coverage.ranges, [0x20...0x7E, 0xA0...0xFF, 0x2013...0x2013, 0x2764...0x2764],
                       "overlaps merged, words that do not parse (or run backwards) skipped")
        XCTAssertTrue(coverage.covers("A"))
        XCTAssertTrue(coverage.covers("é"))
        XCTAssertTrue(coverage.covers("\u{2764}"))
        XCTAssertFalse(coverage.covers("\u{1F590}"))
        XCTAssertFalse(coverage.covers("中"))
        XCTAssertTrue(coverage.covers("\u{200D}"), "a joiner is never drawn, so it needs no font")
        XCTAssertTrue(coverage.covers("\u{FE0F}"), "nor a variation selector")
    }

    func testACharacterNoFontDrawsBecomesTheReplacementCharacterOrAQuestionMark() {
        let withReplacement = FontCoverage(charsets: "20-7e e9 fffd")
        XCTAssertEqual(withReplacement.drawable("finger\u{1F590}count é 中文"), "finger\u{FFFD}count é \u{FFFD}\u{FFFD}")
        XCTAssertEqual(withReplacement.drawable("plain"), "plain")
        XCTAssertEqual(FontCoverage(charsets: "20-7e").drawable("a\u{1F590}b"), "a?b")
    }

    /// What gnuplot is given to draw, per format, for a title no installed font can draw in full.
    func testAPNGIsGivenOnlyDrawableTextAndAnSVGTheTextAsItIs() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        let coverage = try XCTUnwrap(FontCoverage.installed, "fontconfig's fc-list comes with gnuplot")
        let undrawable = "\u{10FFFD}"  // private use: no font of a build machine has it
        try XCTSkipIf(coverage.covers(Unicode.Scalar(0x10FFFD)!), "an installed font covers U+10FFFD")
        let directory = NSTemporaryDirectory() + "fb-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var strings = PlotStrings()
        let title = strings.add("hand \(undrawable) µs")
        let spec = PlotSpec(name: "title", title: "title", script: "set print 'printed.txt'\nprint \(title)\nunset print\n"
                            + "set title \(title)\nplot x", strings: strings)
        var printed: [PlotFormat: String] = [:]
        for format in PlotFormat.allCases {
            _ = try Gnuplot.render(spec, into: directory, formats: [format])
            printed[format] = try String(contentsOfFile: "\(directory)/printed.txt", encoding: .utf8)
        }
        XCTAssertEqual(printed[.svg], "hand \(undrawable) µs\n")
        XCTAssertEqual(printed[.png], "hand \(coverage.drawable(undrawable)) µs\n")
        XCTAssertNotEqual(printed[.png], printed[.svg])
    }
}
