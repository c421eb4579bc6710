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
        XCTAssertEqual(document.rootElement()?.name, "testsuites")
        let suite = try XCTUnwrap((try document.nodes(forXPath: "/testsuites/testsuite") as! [XMLElement]).first)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "9")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "3", "2 FAIL + 1 MISSING")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "2", "INCONCLUSIVE is skipped without --strict")
        let cases = try document.nodes(forXPath: "//testcase") as! [XMLElement]
        XCTAssertEqual(cases.count, 9)
        let texture = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "texture-upload-256x192-p95" })
        XCTAssertEqual(texture.attribute(forName: "classname")?.stringValue, "texture-upload")
        let failure = try XCTUnwrap(texture.elements(forName: "failure").first)
        let message = failure.attribute(forName: "message")?.stringValue ?? ""
        XCTAssertTrue(message.contains("p95 time of texture-upload/optimized/256x192 = 1.5"), message)
        XCTAssertTrue(message.contains("(95% CI); budget < 1 ms"), message)
        let fusion = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "fusion-p95" })
        XCTAssertEqual(fusion.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue, "MISSING")
    }

    /// The report must load where it is consumed: the Jenkins xUnit plugin's `junit-10.xsd` and the Ant JUnit
    /// schema (committed in JUnitSchemas/ with their sources), for every outcome, with and without --strict.
    func testJUnitValidatesAgainstTheJenkinsAndAntSchemas() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            return XCTFail("xmllint is missing: scripts/ensure-system-packages.sh installs libxml2-utils")
        }
        let folder = NSTemporaryDirectory() + "fb-junit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for strict in [false, true] {
            let report = folder + "/junit-\(strict).xml"
            try JUnitReporter().render(ReportFixture.input(strict: strict)).write(to: URL(fileURLWithPath: report))
            for schema in ["junit-10.xsd", "JUnit.xsd"] {
                let path = try XCTUnwrap(Bundle.module.url(forResource: schema, withExtension: nil, subdirectory: "JUnitSchemas")).path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: xmllint)
                process.arguments = ["--noout", "--schema", path, report]
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(schema), strict \(strict): \(output)")
            }
        }
    }

    /// Every testcase and the suite carry a time: the seconds its benchmark took to measure (0 when it did not run).
    func testJUnitGivesEveryTestcaseAndTheSuiteATime() throws {
        let document = try parse(try JUnitReporter().render(ReportFixture.input()))
        let suite = try XCTUnwrap((try document.nodes(forXPath: "//testsuite") as! [XMLElement]).first)
        XCTAssertEqual(suite.attribute(forName: "time")?.stringValue, "60.000", "the run's wall time")
        let cases = try document.nodes(forXPath: "//testcase") as! [XMLElement]
        for testcase in cases {
            XCTAssertNotNil(testcase.attribute(forName: "time")?.stringValue.flatMap(Double.init), "\(testcase)")
        }
        let colormap = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "colormap-256x192-p95" })
        XCTAssertEqual(colormap.attribute(forName: "time")?.stringValue, "2.500")
        let fusion = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "fusion-p95" })
        XCTAssertEqual(fusion.attribute(forName: "time")?.stringValue, "0.000", "fusion did not run")
        let frameLoop = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "frame-loop-photo-fps-share" })
        XCTAssertEqual(frameLoop.attribute(forName: "time")?.stringValue, "10.000", "three decimals at most")
        XCTAssertEqual(suite.attribute(forName: "timestamp")?.stringValue, "2026-11-18T11:06:40", "UTC, no zone")
    }

    func testJUnitUnderStrictTurnsInconclusiveIntoFailures() throws {
        let document = try parse(try JUnitReporter().render(ReportFixture.input(strict: true)))
        let suite = try XCTUnwrap((try document.nodes(forXPath: "/testsuites/testsuite") as! [XMLElement]).first)
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "5")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "0")
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
