import Budgets
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports
import XCTest

final class JUnitAndHTMLTests: XCTestCase {
    private func parse(_ data: Data) throws -> XMLDocument {
        try XMLDocument(data: data, options: [])
    }

    func testJUnitMatchesGoldenAndHasOneTestcasePerBudget() throws {
        let data = try JUnitReporter().render(ReportFixture.input())
        try GoldenFile.assertMatches(data, "junit.xml")
        let document = try parse(data)
        let suites = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(suites.name, "testsuites")
        XCTAssertEqual(suites.attribute(forName: "tests")?.stringValue, "9")
        XCTAssertEqual(suites.attribute(forName: "failures")?.stringValue, "3", "2 FAIL + 1 MISSING")
        XCTAssertEqual(suites.attribute(forName: "skipped")?.stringValue, "2", "INCONCLUSIVE is skipped without --strict")
        let cases = try document.nodes(forXPath: "//testcase") as! [XMLElement]
        XCTAssertEqual(cases.count, 9)
        let texture = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "texture-upload-256x192-p95" })
        XCTAssertEqual(texture.attribute(forName: "classname")?.stringValue, "texture-upload")
        let failure = try XCTUnwrap(texture.elements(forName: "failure").first)
        let message = failure.attribute(forName: "message")?.stringValue ?? ""
        XCTAssertTrue(message.contains("p95 time of texture-upload/optimized/256x192 = 1.5"), message)
        XCTAssertTrue(message.contains("(95% CI over 3 process runs); budget < 1 ms"), message)
        let fusion = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "fusion-p95" })
        XCTAssertEqual(fusion.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue, "MISSING")
    }

    func testJUnitUnderStrictTurnsInconclusiveIntoFailures() throws {
        let document = try parse(try JUnitReporter().render(ReportFixture.input(strict: true)))
        XCTAssertEqual(document.rootElement()?.attribute(forName: "failures")?.stringValue, "5")
        XCTAssertEqual(document.rootElement()?.attribute(forName: "skipped")?.stringValue, "0")
        XCTAssertEqual(try document.nodes(forXPath: "//failure[@type='INCONCLUSIVE']").count, 2)
    }

    func testHTMLIsWellFormedSelfContainedAndShowsEveryVerdict() throws {
        let data = try HTMLReporter().render(ReportFixture.input())
        try GoldenFile.assertMatches(data, "report.html")
        let document = try parse(data)
        let html = String(decoding: data, as: UTF8.self)
        for verdict in ReportFixture.input().verdicts {
            let colour = verdict.outcome.rawValue.lowercased()
            let rows = try document.nodes(forXPath: "//*[local-name()='tr'][@class='\(colour)'][*[local-name()='td']='\(verdict.budget.name)']")
            XCTAssertEqual(rows.count, 1, "one row coloured \(colour) for \(verdict.budget.name)")
            XCTAssertTrue(rows.first?.stringValue?.hasPrefix(verdict.outcome.rawValue) == true, "the outcome is written, not only coloured")
        }
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("http://") && html.replacingOccurrences(of: "http://www.w3.org/", with: "").contains("http://"), "no network")
        XCTAssertFalse(html.contains("https://"))
        XCTAssertTrue(html.contains("src=\"data:image/svg+xml;base64,"), "plots embedded")
        XCTAssertTrue(html.contains("<style>"))
    }

    func testPlotsNoteAppearsInEveryTextReport() throws {
        var input = ReportFixture.input()
        input.plots = []
        input.plotsNote = "gnuplot not found on PATH: plots skipped (apt-get install gnuplot-nox)"
        for reporter in [ConsoleReporter(colour: false), MarkdownReporter(), HTMLReporter()] as [any Reporter] {
            XCTAssertTrue(try reporter.text(input).contains("plots skipped"), reporter.fileName)
        }
    }
}
