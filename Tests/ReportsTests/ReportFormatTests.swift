import Budgets
import Foundation
import Reports
import XCTest

final class ReportFormatTests: XCTestCase {
    func testFixtureCoversEveryOutcome() {
        let outcomes = ReportFixture.input().verdicts.map { "\($0.budget.name)=\($0.outcome.rawValue)" }
        XCTAssertEqual(outcomes, [
            "colormap-256x192-p95=PASS", "colormap-1920x1440-p95=INCONCLUSIVE", "colormap-256x192-allocations=PASS",
            "texture-upload-256x192-p95=FAIL", "texture-upload-256x192-allocations=FAIL", "photo-frame-p95=PASS",
            "frame-loop-photo-frame-time-p95=PASS", "frame-loop-photo-fps-share=INCONCLUSIVE", "fusion-p95=MISSING",
        ])
        XCTAssertNotNil(ReportFixture.input().verdicts[5].warning, "photo-frame passes with thin headroom")
    }

    /// A 4.4 µs or 16 ns statistic under a budget written in ms reads in µs or ns (3–4 significant digits), as the
    /// run table gives it, in every report: never `0.004373 ms` or `1.585e-05 ms`.
    func testTimesAreScaledToAReadableUnitPerRowInEveryReport() throws {
        var run = ReportFixture.run
        run.benchmarks += [ReportFixture.result("nms/optimized/typical", centre: 4_373, spread: 0.01),
                           ReportFixture.result("unproject/optimized/n=1", centre: 15.85, spread: 0.01)]
        // Both fail, so the JUnit report carries their messages too.
        let budgets = [ReportFixture.budget("nms-p95", "nms/optimized/typical", limit: 0.001),
                       ReportFixture.budget("unproject-p95", "unproject/optimized/n=1", limit: 0.01, unit: .us)]
        let verdicts = BudgetEvaluator(looks: .once).evaluate(budgets, against: run)
        let input = ReportInput(run: run, verdicts: verdicts)
        let nanoseconds = [verdicts[0].measured! * 1e6, verdicts[1].measured! * 1e3]
        let expected = ["\(UnitFormat.number(nanoseconds[0] / 1e3)) µs [", "\(UnitFormat.number(nanoseconds[1])) ns ["]
        let reports: [(String, String)] = [
            ("console", try ConsoleReporter(colour: false).text(input)),
            ("markdown", String(decoding: try MarkdownReporter().render(input), as: UTF8.self)),
            ("html", String(decoding: try HTMLReporter().render(input), as: UTF8.self)),
            ("junit", String(decoding: try JUnitReporter().render(input), as: UTF8.self)),
        ]
        for (format, text) in reports {
            for phrase in expected { XCTAssertTrue(text.contains(phrase), "\(format) lacks '\(phrase)':\n\(text)") }
            XCTAssertFalse(text.contains("e-0"), "\(format) writes an exponent")
            XCTAssertFalse(text.contains("0.004"), "\(format) writes µs as thousandths of a ms")
        }
        // Far over their limits, but measured by one process: a FAIL needs two (the gate measures more first).
        XCTAssertEqual(verdicts.map(\.outcome), [.inconclusive, .inconclusive])
        XCTAssertTrue(VerdictText.explanation(verdicts[0]).contains("budget < 0.001 ms"), "the limit keeps its own unit")
    }

    func testConsoleTableMatchesGolden() throws {
        try GoldenFile.assertMatches(try ConsoleReporter(colour: false).render(ReportFixture.input()), "summary.txt")
    }

    func testConsoleColoursOnlyWhenAskedTo() throws {
        let plain = try ConsoleReporter(colour: false).text(ReportFixture.input())
        let coloured = try ConsoleReporter(colour: true).text(ReportFixture.input())
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(coloured.contains("\u{1B}[31;1mFAIL"))
    }

    func testMarkdownMatchesGoldenAndLeadsWithTheSummary() throws {
        let data = try MarkdownReporter().render(ReportFixture.input())
        try GoldenFile.assertMatches(data, "report.md")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines[0], "## FrameBudget: ❌ budgets failed")
        XCTAssertTrue(lines[1].hasPrefix("**4 PASS · 2 FAIL · 2 INCONCLUSIVE · 1 MISSING**"), String(lines[1]))
        XCTAssertTrue(lines.contains("Plots: [colormap: latency distribution](plots/colormap-latency.png)"))
        XCTAssertTrue(lines.contains("⛔ **1 MISSING** (benchmark did not run): `fusion-p95`"), "folded, not a table of its own")
        XCTAssertFalse(lines.contains("### fusion"))
    }

    /// Under `--strict` an INCONCLUSIVE budget fails the gate (exit 3): the Markdown headline and the console's
    /// budgets line say so, as JUnit's failure and the HTML note do (they read "inconclusive" as if it passed).
    func testAStrictGatesInconclusiveBudgetReadsAsAFailureInMarkdownAndTheConsole() throws {
        var input = ReportFixture.input(strict: true)
        input.verdicts = input.verdicts.filter { $0.outcome == .pass || $0.outcome == .inconclusive }
        XCTAssertTrue(input.verdicts.contains { $0.outcome == .inconclusive })
        let markdown = String(decoding: try MarkdownReporter().render(input), as: UTF8.self)
        XCTAssertTrue(markdown.hasPrefix("## FrameBudget: ❌ budgets inconclusive (strict gate)\n"), markdown)
        XCTAssertTrue(markdown.contains("> strict gate: INCONCLUSIVE counts as a failure"), markdown)
        let console = try ConsoleReporter(colour: false).text(input)
        XCTAssertTrue(console.hasSuffix("(strict gate: INCONCLUSIVE counts as a failure)\n"), console)
        input.strict = false
        XCTAssertTrue(String(decoding: try MarkdownReporter().render(input), as: UTF8.self).hasPrefix("## FrameBudget: ⚠️ budgets inconclusive\n"))
        XCTAssertFalse(try ConsoleReporter(colour: false).text(input).contains("strict"))
    }

    func testBencherAndGitHubActionExportsMatchGoldenAndParse() throws {
        let bencher = try BencherExporter().render(ReportFixture.input())
        try GoldenFile.assertMatches(bencher, "bencher.json")
        let bmf = try XCTUnwrap(JSONSerialization.jsonObject(with: bencher) as? [String: [String: [String: Double]]])
        let latency = try XCTUnwrap(bmf["colormap/optimized/256x192"]?["latency"])
        XCTAssertLessThanOrEqual(latency["lower_value"]!, latency["value"]!)
        XCTAssertLessThanOrEqual(latency["value"]!, latency["upper_value"]!)
        let action = try GitHubActionBenchmarkExporter().render(ReportFixture.input())
        try GoldenFile.assertMatches(action, "github-action-benchmark.json")
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: action) as? [[String: Any]])
        XCTAssertEqual(entries.count, 6)
        XCTAssertEqual(Set(entries[0].keys), ["name", "unit", "value", "range", "extra"])
        XCTAssertEqual(entries[0]["unit"] as? String, "ns")
        // An asymmetric interval: ± its wider side (its half-width put the upper bound below bencher.json's), and
        // the bounds themselves in `extra`, the same as bencher.json's.
        for entry in entries {
            let name = try XCTUnwrap(entry["name"] as? String), value = try XCTUnwrap(entry["value"] as? Double)
            guard let range = entry["range"] as? String, let bounds = bmf[name]?["latency"] else { continue }
            let (lower, upper) = (bounds["lower_value"]!, bounds["upper_value"]!)
            XCTAssertEqual(range, "± \(UnitFormat.number(max(upper - value, value - lower)))", name)
            XCTAssertTrue((entry["extra"] as? String)?.hasPrefix("95% CI [\(UnitFormat.number(lower)), \(UnitFormat.number(upper))] ns; ") == true,
                          "\(entry["extra"] ?? "")")
        }
    }

    func testVerdictsExportMatchesGolden() throws {
        try GoldenFile.assertMatches(try VerdictsExporter().render(ReportFixture.input()), "verdicts.json")
    }

    func testWriterWritesEveryFormatIntoTheFolder() throws {
        let folder = NSTemporaryDirectory() + "fb-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try ReportWriter().write(ReportFixture.input(), to: folder)
        XCTAssertEqual(paths.map { URL(fileURLWithPath: $0).lastPathComponent }, [
            "summary.txt", "report.md", "junit.xml", "report.html", "bencher.json", "github-action-benchmark.json", "verdicts.json",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no temporary left")
    }

    /// Bencher's and github-action-benchmark's formats cannot say a run is partial: an interrupted run does not
    /// write them (and removes an earlier one), so a CI upload cannot store it as a whole run; verdicts.json says so.
    func testAnInterruptedRunWritesNoExportThatCannotSaySoAndItsVerdictsSayIncomplete() throws {
        let folder = NSTemporaryDirectory() + "fb-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportWriter().write(ReportFixture.input(), to: folder)
        var input = ReportFixture.input()
        (input.run.complete, input.run.incompleteReason) = (false, "interrupted by SIGINT")
        let paths = try ReportWriter().write(input, to: folder)
        XCTAssertEqual(paths.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["summary.txt", "report.md", "junit.xml", "report.html", "verdicts.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
                       ["junit.xml", "report.html", "report.md", "summary.txt", "verdicts.json"], "the complete run's exports are gone")
        let verdicts = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/verdicts.json"))) as! [String: Any]
        XCTAssertEqual(verdicts["complete"] as? Bool, false)
        XCTAssertEqual(verdicts["incompleteReason"] as? String, "interrupted by SIGINT")
    }

    func testWriterIntoAMissingFolderFailsWithThePath() {
        XCTAssertThrowsError(try ReportWriter().write(ReportFixture.input(), to: "/nonexistent/run")) { error in
            XCTAssertTrue("\(error)".hasPrefix("/nonexistent/run/summary.txt: cannot write"), "\(error)")
        }
    }
}
