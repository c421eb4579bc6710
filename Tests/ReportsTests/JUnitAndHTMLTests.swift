import ChildProcesses
import Budgets
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports
import Results
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
        XCTAssertTrue(message.contains("(95% CI over 3 process runs); budget < 1 ms"), message)
        let fusion = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "fusion-p95" })
        XCTAssertEqual(fusion.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue, "MISSING")
    }

    /// The report must load where it is consumed: the Jenkins xUnit plugin's `junit-10.xsd`
    /// (jenkinsci/xunit-plugin, src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd) and the
    /// Ant JUnit schema (windyroad/JUnit-Schema, JUnit.xsd), for every outcome, with and without --strict. Those
    /// files are third-party and not committed: put them in a folder named by FRAMEBUDGET_JUNIT_SCHEMAS (or
    /// ../shared/junit-schemas beside the checkout) to run this check; the structural test below always runs.
    func testJUnitValidatesAgainstTheJenkinsAndAntSchemas() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            return XCTFail("xmllint is missing: scripts/ensure-system-packages.sh installs libxml2-utils")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["FRAMEBUDGET_JUNIT_SCHEMAS"],
                          root.deletingLastPathComponent().appendingPathComponent("shared/junit-schemas").path].compactMap { $0 }
        guard let schemas = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/junit-10.xsd") }) else {
            throw XCTSkip("consumer schemas not found (third-party files, not committed): set FRAMEBUDGET_JUNIT_SCHEMAS "
                          + "to a folder with junit-10.xsd and JUnit.xsd")
        }
        let folder = NSTemporaryDirectory() + "fb-junit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (strict, complete, paired) in [(false, true, false), (true, true, false), (false, false, false), (false, true, true)] {
            let report = folder + "/junit-\(strict)-\(complete)-\(paired).xml"
            var input = ReportFixture.input(strict: strict)
            if !complete { (input.run.complete, input.run.incompleteReason) = (false, "interrupted by SIGTERM") }
            if paired { input.run.pairedChange = Self.pairedChange }
            try JUnitReporter().render(input).write(to: URL(fileURLWithPath: report))
            for schema in ["junit-10.xsd", "JUnit.xsd"] {
                let outcome = try ProcessRunner.run(.init(xmllint, ["--noout", "--schema", schemas + "/" + schema, report]))
                XCTAssertEqual(outcome.termination.status, 0, "\(schema), strict \(strict), complete \(complete): \(outcome.standardError)")
            }
        }
    }

    /// A night's paired comparison: one regression, one unchanged, one inconclusive.
    static let pairedChange = PairedChangeSummary(baseline: "d1eae4fa86", benchmarks: [
        .init(id: "nms/optimized/<typical>", relativeChange: 0.048, lower: 0.043, upper: 0.053, level: 0.925, pairs: 6, verdict: "regressed"),
        .init(id: "colormap/optimized/256x192", relativeChange: 0.001, lower: -0.01, upper: 0.012, level: 0.989, pairs: 4, verdict: "unchanged"),
        .init(id: "fusion/optimized/256x192", relativeChange: 0.02, lower: nil, upper: nil, pairs: 1, verdict: "inconclusive"),
    ])

    /// A regression in the night's paired half fails the night (exit 1): the CI test view shows it as a failure
    /// of a second suite, `paired`, and report.md and report.html as a section, not only budgets that all passed.
    func testANightsPairedRegressionIsAFailureInJUnitAndASectionInMarkdownAndHTML() throws {
        var input = ReportFixture.input()
        input.run.pairedChange = Self.pairedChange
        let junit = String(decoding: try JUnitReporter().render(input), as: UTF8.self)
        let suite = try XCTUnwrap(junit.range(of: "<testsuite name=\"paired\""))
        XCTAssertTrue(junit[suite.lowerBound...].hasPrefix("<testsuite name=\"paired\" package=\"framebudget\" id=\"1\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""), junit)
        XCTAssertTrue(junit.contains("<testcase name=\"nms/optimized/&lt;typical&gt;\" classname=\"paired\" time=\"0.000\">\n"
            + "      <failure message=\"REGRESSED: +4.8% [+4.3%, +5.3%] 92.5% over 6 pairs against d1eae4fa86\" type=\"REGRESSED\"/>"), junit)
        _ = try parse(Data(junit.utf8))
        let markdown = String(decoding: try MarkdownReporter().render(input), as: UTF8.self)
        XCTAssertTrue(markdown.contains("🔴 paired against the baseline d1eae4fa86: 1 regressed, 0 improved, 1 unchanged, 1 inconclusive"), markdown)
        XCTAssertTrue(markdown.contains("| `nms/optimized/<typical>` | +4.8% [+4.3%, +5.3%] 92.5% over 6 pairs | **REGRESSED** |"), markdown)
        XCTAssertTrue(markdown.contains("| `colormap/optimized/256x192` | +0.1% [−1.0%, +1.2%] 98.9% over 4 pairs | UNCHANGED |"),
                      "each interval with its own level (UNCHANGED's is spent over the looks): \(markdown)")
        XCTAssertTrue(markdown.contains("| benchmark | change [interval] level | verdict |"), markdown)
        XCTAssertTrue(markdown.hasPrefix("## FrameBudget: ❌ 1 regressed against the baseline · "), "the night failed: \(markdown)")
        let html = String(decoding: try HTMLReporter().render(input), as: UTF8.self)
        XCTAssertTrue(html.contains("<tr class=\"fail\"><td>nms/optimized/&lt;typical&gt;</td><td>+4.8% [+4.3%, +5.3%] 92.5% over 6 pairs</td>"), html)
        XCTAssertTrue(html.contains(">1 REGRESSED against the baseline</span>"), "beside the budgets' badges: \(html)")
        _ = try parse(Data(html.utf8))
        let console = String(decoding: try ConsoleReporter(colour: false).render(input), as: UTF8.self)
        XCTAssertTrue(console.hasSuffix("paired: 1 regressed, 0 improved, 1 unchanged, 1 inconclusive against the baseline d1eae4fa86\n"), console)
        let verdicts = try JSONSerialization.jsonObject(with: VerdictsExporter().render(input)) as! [String: Any]
        XCTAssertEqual((verdicts["pairedChange"] as? [String: Any])?["baseline"] as? String, "d1eae4fa86", "verdicts.json says it too")
        var before = Self.pairedChange
        (before.benchmarks[0].level, before.benchmarks[0].verdict) = (nil, "unchanged")
        input.run.pairedChange = before
        XCTAssertTrue(String(decoding: try MarkdownReporter().render(input), as: UTF8.self)
            .contains("| `nms/optimized/<typical>` | +4.8% [+4.3%, +5.3%] 90% over 6 pairs | UNCHANGED |"), "a night before levels were kept: 90%")
        input.run.pairedChange = nil
        XCTAssertFalse(String(decoding: try JUnitReporter().render(input), as: UTF8.self).contains("paired"), "a run without one says nothing")
    }

    /// What both consumer schemas demand, checked without them: `<testsuites>` bare (xunit allows no `skipped`
    /// there, Ant declares no attribute), a suite with name, package, id, counts, time, a zone-less timestamp and a
    /// hostname, `<properties>` first and `<system-out>`, `<system-err>` last, every testcase with a name,
    /// classname and a decimal time of at most three places.
    func testJUnitHasTheStructureBothConsumerSchemasRequire() throws {
        for strict in [false, true] {
            let document = try parse(try JUnitReporter().render(ReportFixture.input(strict: strict)))
            let root = try XCTUnwrap(document.rootElement())
            XCTAssertEqual(root.name, "testsuites")
            XCTAssertEqual(root.attributes?.count ?? 0, 0, "no attributes on <testsuites>")
            let suites = root.elements(forName: "testsuite")
            XCTAssertEqual(suites.count, 1)
            let suite = try XCTUnwrap(suites.first)
            for attribute in ["name", "package", "id", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname"] {
                XCTAssertFalse(suite.attribute(forName: attribute)?.stringValue?.isEmpty ?? true, "testsuite @\(attribute)")
            }
            XCTAssertNotNil(suite.attribute(forName: "timestamp")?.stringValue?
                .range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression), "timestamp without zone")
            let children = (suite.children ?? []).compactMap { $0 as? XMLElement }.map { $0.name ?? "" }
            XCTAssertEqual(children.first, "properties")
            XCTAssertEqual(Array(children.suffix(2)), ["system-out", "system-err"])
            for testcase in suite.elements(forName: "testcase") {
                XCTAssertFalse(testcase.attribute(forName: "name")?.stringValue?.isEmpty ?? true)
                XCTAssertFalse(testcase.attribute(forName: "classname")?.stringValue?.isEmpty ?? true)
                XCTAssertNotNil(testcase.attribute(forName: "time")?.stringValue?
                    .range(of: #"^\d+(\.\d{1,3})?$"#, options: .regularExpression), "\(testcase)")
            }
        }
    }

    /// Every testcase and the suite carry a time: the seconds its benchmark took to measure (0 when it did not run).
    /// A budget name with a line feed or tab reads back from the attribute as written (raw, a parser makes each a
    /// space, and the testcase no longer carries the name the other reports give).
    func testJUnitAttributesKeepLineFeedsAndTabsOfABudgetsName() throws {
        var input = ReportFixture.input()
        input.verdicts[0].budget.name = "line1\nline2\t| ok"
        let document = try parse(try JUnitReporter().render(input))
        let names = (try document.nodes(forXPath: "//testcase") as! [XMLElement]).compactMap { $0.attribute(forName: "name")?.stringValue }
        XCTAssertTrue(names.contains("line1\nline2\t| ok"), "\(names)")
    }

    func testJUnitGivesEveryTestcaseAndTheSuiteATime() throws {
        let document = try parse(try JUnitReporter().render(ReportFixture.input()))
        let suite = try XCTUnwrap((try document.nodes(forXPath: "//testsuite") as! [XMLElement]).first)
        XCTAssertEqual(suite.attribute(forName: "time")?.stringValue, "60.000", "the run's wall time")
        let cases = try document.nodes(forXPath: "//testcase") as! [XMLElement]
        for testcase in cases {
            XCTAssertNotNil(testcase.attribute(forName: "time")?.stringValue.flatMap(Double.init), "\(testcase)")
        }
        let colormap = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "colormap-256x192-p95" })
        XCTAssertEqual(colormap.attribute(forName: "time")?.stringValue, "1.250", "2.5 s shared by its two budgets")
        let fusion = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "fusion-p95" })
        XCTAssertEqual(fusion.attribute(forName: "time")?.stringValue, "0.000", "fusion did not run")
        let frameLoop = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "frame-loop-photo-fps-share" })
        XCTAssertEqual(frameLoop.attribute(forName: "time")?.stringValue, "5.000", "10.0004 s over two budgets, three decimals at most")
        let total = cases.compactMap { $0.attribute(forName: "time")?.stringValue.flatMap(Double.init) }.reduce(0, +)
        XCTAssertEqual(total, 12.5, accuracy: 0.002, "the testcases add up to the benchmarks' measuring time, not more")
        XCTAssertEqual(suite.attribute(forName: "timestamp")?.stringValue, "2026-11-18T11:06:40", "UTC, no zone")
    }

    /// An interrupted run says so in the suite: a property CI scripts can test and the reason in its system-err.
    func testJUnitOfAnInterruptedRunSaysSoInItsPropertiesAndSystemErr() throws {
        var input = ReportFixture.input()
        (input.run.complete, input.run.incompleteReason) = (false, "interrupted by SIGTERM")
        let document = try parse(try JUnitReporter().render(input))
        XCTAssertEqual(try document.nodes(forXPath: "//property[@name='complete']/@value").first?.stringValue, "false")
        XCTAssertEqual(try document.nodes(forXPath: "//testsuite/system-err").first?.stringValue, "run incomplete: interrupted by SIGTERM")
        let whole = try parse(try JUnitReporter().render(ReportFixture.input()))
        XCTAssertEqual(try whole.nodes(forXPath: "//property[@name='complete']/@value").first?.stringValue, "true")
        XCTAssertEqual(try whole.nodes(forXPath: "//testsuite/system-err").first?.stringValue, "")
    }

    /// The gate renders from memory (dates to the nanosecond), `report` from results.json (whole seconds): the
    /// suite's time and timestamp are the same either way.
    func testJUnitOfARunIsTheSameFromMemoryAndFromItsResultsFile() throws {
        var input = ReportFixture.input()
        input.run.startedAt = input.run.startedAt.addingTimeInterval(0.9)
        input.run.finishedAt = input.run.startedAt.addingTimeInterval(2.303)
        let fromMemory = try JUnitReporter().render(input)
        var reread = input
        reread.run = try ResultsFile.decoder().decode(RunResults.self, from: ResultsFile.encoder().encode(input.run))
        XCTAssertEqual(String(decoding: fromMemory, as: UTF8.self), String(decoding: try JUnitReporter().render(reread), as: UTF8.self))
        // A run shorter than its whole seconds show is never shorter than its own benchmarks.
        input.run.finishedAt = input.run.startedAt.addingTimeInterval(0.05)
        let document = try parse(try JUnitReporter().render(input))
        let suite = try XCTUnwrap((try document.nodes(forXPath: "//testsuite") as! [XMLElement]).first)
        let benchmarks = input.run.benchmarks.compactMap(\.measurementSeconds).reduce(0, +)
        XCTAssertEqual(suite.attribute(forName: "time")?.stringValue, String(format: "%.3f", benchmarks))
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

    func testHTMLNamesEachUnavailableCounterWithItsReason() throws {
        var input = ReportFixture.input()
        let reason = "PAPI_ENOEVNT (-7): no hardware PMU in this virtual machine"
        input.run.benchmarks[0].counters = [CounterReading(name: "perf::TASK-CLOCK", perIteration: 900, source: .papiSoftware),
                                            .unavailable("PAPI_TOT_CYC", reason: reason)]
        input.run.benchmarks[1].counters = [.unavailable("PAPI_TOT_CYC", reason: reason)]
        let html = String(decoding: try HTMLReporter().render(input), as: UTF8.self)
        XCTAssertTrue(html.contains("<caption>Counters unavailable on this machine</caption>"), "the plots only count them")
        XCTAssertTrue(html.contains("<tr><td>PAPI_TOT_CYC</td><td>\(reason)</td></tr>"))
        XCTAssertFalse(html.contains("<td>perf::TASK-CLOCK</td>"), "a counter that was read is not unavailable")
        XCTAssertFalse(try HTMLReporter().render(ReportFixture.input()).isEmpty)
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
