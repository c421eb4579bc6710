import Foundation
import XCTest

/// Results files come from other people's branches: what a hostile one can make `report`, `gate`, `compare` and
/// `history` do, end to end through the binary — no command run by gnuplot, no terminal driven, no HTML in a
/// pull-request comment, no unbounded line.
final class UntrustedResultsTests: XCTestCase {
    private var folder = ""
    private var markers = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-untrusted-\(UUID().uuidString)"
        markers = folder + "/markers"
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// The fixture run with the optimized benchmark's variant and workload replaced (its id rebuilt from them), and
    /// the run id and host name set.
    @discardableResult
    private func hostile(_ name: String, variant: String = "optimized", workload: String = "256x192",
                         runID: String = "run", hostname: String = "host") throws -> String {
        var json = try ResultsFixtures.realRun()
        json["runID"] = runID
        var environment = json["environment"] as! [String: Any]
        environment["hostname"] = hostname
        json["environment"] = environment
        var benchmarks = json["benchmarks"] as! [[String: Any]]
        let index = benchmarks.firstIndex { ($0["id"] as! String) == "texture-upload/optimized/256x192" }!
        benchmarks[index]["variant"] = variant
        benchmarks[index]["workload"] = workload
        benchmarks[index]["id"] = "texture-upload/\(variant)/\(workload)"
        json["benchmarks"] = benchmarks
        let path = "\(folder)/\(name).json"
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Files a payload's command would have made: in the markers folder, or (a relative path, as ids hold no '/')
    /// anywhere under the test's folder, where gnuplot runs.
    private func markersLeft() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: markers)
            + (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.split(separator: "/").last?.hasPrefix("pwned") == true }
    }

    func testGnuplotShellEscapesInIdsRunNothing() throws {
        try Framebudget.requireGnuplot()
        // A newline then gnuplot's `!` shell escape; and backquotes, which gnuplot substitutes with a command's output.
        // Relative paths: no id part holds a '/', and gnuplot runs in the plots' folder, under the test's.
        let newline = try hostile("newline", variant: "v\n!touch pwned-a\n")
        let backquote = try hostile("backquote", workload: "w`touch pwned-b`")
        for results in [newline, backquote] {
            let report = try Framebudget.run(["report", results, "--out", "\(folder)/report-\(UUID().uuidString)"])
            XCTAssertTrue([0, 2].contains(report.status), report.stderr)
            let gate = try Framebudget.run(["gate", "--results", results, "--out", "\(folder)/gate-\(UUID().uuidString)"])
            XCTAssertTrue([0, 1, 2].contains(gate.status), gate.stderr)
        }
        XCTAssertEqual(try markersLeft(), [], "gnuplot ran a command from the results file")
        // The printable payload is a legal id: its plots are drawn, with the text as it is.
        let out = "\(folder)/drawn"
        let report = try Framebudget.run(["report", backquote, "--out", out])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertFalse(report.stderr.contains("plots skipped"), report.stderr)
        let svg = try String(contentsOfFile: out + "/plots/texture-upload-latency.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("w`touch pwned-b`"), "the label is shown as written")
        XCTAssertEqual(try markersLeft(), [])
    }

    func testNotANumberAsABudgetLineIsRefusedBeforePlotting() throws {
        let result = try Framebudget.run(["history", "plot", "--database", folder + "/h.sqlite", "--budget-ms", "nan", "--out", folder + "/t"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--budget-ms"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/t"))
    }

    func testTerminalEscapesFromAFileArePrintedVisibly() throws {
        let escapes = "\u{1B}[2J\u{1B}]0;owned\u{07}\r"
        let base = try hostile("base", runID: "base\(escapes)", hostname: "h\(escapes)")
        let head = try hostile("head", workload: "256x192\(escapes)", runID: "head\(escapes)", hostname: "h\(escapes)")
        let outputs = [
            try Framebudget.run(["compare", base, head]),
            try Framebudget.run(["report", head, "--out", folder + "/r"]),
            try Framebudget.run(["list", "nothing\(escapes)"]),
        ]
        for output in outputs {
            let text = output.stdout + output.stderr
            XCTAssertFalse(text.contains("\u{1B}"), "ESC printed raw: \(text.debugDescription)")
            XCTAssertFalse(text.contains("\u{07}"), "BEL printed raw")
            XCTAssertFalse(text.contains("\r"), "CR printed raw")
        }
        XCTAssertTrue(outputs[0].stdout.contains("\\x1b[2J"), outputs[0].stdout)
    }

    /// An error about a file's value is one line even when the value holds a line feed (it printed as two).
    func testAnErrorQuotingALineFeedFromAFileIsOneLine() throws {
        var json = try ResultsFixtures.realRun()
        var benchmarks = json["benchmarks"] as! [[String: Any]]
        benchmarks[0]["id"] = "texture-upload/optimized/other\nsecond line"
        json["benchmarks"] = benchmarks
        let path = folder + "/newline-id.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let report = try Framebudget.run(["report", path, "--out", folder + "/r"])
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertEqual(report.stderr.split(separator: "\n").count, 1, report.stderr)
        XCTAssertTrue(report.stderr.contains("other\\x0asecond line"), report.stderr)
    }

    func testAHundredKilobyteIdPrintsBoundedLines() throws {
        let long = String(repeating: "w", count: 100_000)
        let base = try hostile("base")
        let head = try hostile("head", workload: long)
        let compare = try Framebudget.run(["compare", base, head])
        let printed = compare.stdout + compare.stderr
        XCTAssertLessThan(printed.utf8.count, 30_000, "the id was printed \(printed.utf8.count / long.count) times over")
        XCTAssertTrue(printed.contains("characters left out"), "a cut line says so")
    }

    func testMarkdownFromHostileIdsRendersAsTextNotHTML() throws {
        // No '/' in them: an id part with one is refused (what the schema's id pattern says).
        let payloads = ["<script>alert(1)<script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
                        "a|b`c``d", "**bold** # head"]
        let base = try hostile("base", runID: "<b>base</b>")
        for (index, payload) in payloads.enumerated() {
            let head = try hostile("head\(index)", workload: payload, runID: "<img src=y onerror=alert(2)>")
            let report = try Framebudget.run(["report", head, "--out", "\(folder)/md\(index)"])
            XCTAssertEqual(report.status, 0, report.stderr)
            let compare = try Framebudget.run(["compare", base, head, "--format", "markdown", "--out", "\(folder)/pr\(index).md"])
            XCTAssertTrue([0, 3].contains(compare.status), compare.stderr)
            for markdown in ["\(folder)/md\(index)/report.md", "\(folder)/pr\(index).md"] {
                let html = try renderGitHubMarkdown(markdown)
                for tag in ["<script", "<img", "href=\"javascript", "<b>", "<strong>bold", "<h1>head"] {
                    XCTAssertFalse(html.contains(tag), "\(markdown): \(tag) in \(html)")
                }
                XCTAssertTrue(html.contains("<code>"), "ids are code spans")
            }
        }
    }

    /// The Markdown as GitHub renders it (cmark-gfm, with raw HTML let through, so anything left unescaped shows).
    private func renderGitHubMarkdown(_ path: String) throws -> String {
        let script = """
            import sys, cmarkgfm
            from cmarkgfm.cmark import Options
            print(cmarkgfm.github_flavored_markdown_to_html(open(sys.argv[1]).read(), options=Options.CMARK_OPT_UNSAFE))
            """
        let result = try Framebudget.python(["-c", script, path])
        try XCTSkipIf(result.stdout.contains("No module named 'cmarkgfm'"), "cmarkgfm is installed by `make deps` (pip)")
        XCTAssertEqual(result.status, 0, result.stdout)
        return result.stdout
    }
}
