import Budgets
import Comparison
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Results
import Statistics
import XCTest
@testable import Plots

/// Text from a results file reaches gnuplot only as data: hostile ids (gnuplot's shell escapes, quotes, every byte
/// value) neither run a command nor break a plot, through every plot kind and the real gnuplot.
final class GnuplotInjectionTests: XCTestCase {
    private var directory = ""
    private var markers = ""

    override func setUpWithError() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        directory = NSTemporaryDirectory() + "fb-injection-\(UUID().uuidString)"
        markers = directory + "/markers"
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// Each payload would create a file in `markers` if gnuplot (or its shell) read it as a command.
    private func payloads() -> [String] {
        let touch = { (n: Int) in "touch \(self.markers)/pwned-\(n)" }
        var texts = [
            "v\n!\(touch(1))\n", "w`\(touch(2))`", "\"; system(\"\(touch(3))\"); \"", "'; system('\(touch(4))'); '",
            "x\\' . system('\(touch(5))') . '", "$(\(touch(6)))", "a;\n\(touch(7))", "@S", "S[1]", "'", "\"", "\\", "",
            "\r!\(touch(8))", "\u{1B}[2J\u{1B}]0;title\u{07}", "|\(touch(9))", "%s%n", "#comment", "\u{0}nul",
            "call 'x'\nload '/etc/passwd'", "eval(system('\(touch(10))'))", "µs ×2 é — 日本語",
            String(repeating: "long/", count: 200),
        ]
        // Every byte value a UTF-8 string can carry as one scalar, alone and in one string.
        texts += (1...255).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        texts.append(String(String.UnicodeScalarView((1...255).map { Unicode.Scalar(UInt8($0)) })))
        return texts
    }

    /// The plot fixture's run with the text in every id part, counter name and frame loop.
    private func run(with text: String, index: Int) -> RunResults {
        var run = PlotFixture.run()
        for i in run.benchmarks.indices {
            run.benchmarks[i].hotPath += text
            run.benchmarks[i].workload += "\(index)\(text)"
            if run.benchmarks[i].variant != "reference" && run.benchmarks[i].variant != "optimized" {
                run.benchmarks[i].variant += text
            }
            run.benchmarks[i].id = "\(run.benchmarks[i].hotPath)/\(run.benchmarks[i].variant)/\(run.benchmarks[i].workload)"
            run.benchmarks[i].counters = run.benchmarks[i].counters.map { reading in
                var reading = reading
                reading.name += text
                return reading
            }
        }
        return run
    }

    /// The hostile payloads in four runs (the special ones in three groups, and every byte value in one string):
    /// rendering each payload alone through every kind would take minutes, and the script's independence from the
    /// text is checked for every payload below.
    func testHostileTextRunsNoCommandAndEveryPlotIsDrawn() throws {
        let texts = payloads()
        let special = Array(texts.prefix(23))
        let groups = [special[0..<8].joined(), special[8..<16].joined(), special[16...].joined(), texts.last!]
        for (index, text) in groups.enumerated() {
            let specs = specs(for: text, index: index)
            XCTAssertGreaterThanOrEqual(specs.count, 7, "latency, variants, counters, timeline, complexity and trend plots")
            let (rendered, note) = PlotRendering.render(specs, into: "\(directory)/\(index)")
            XCTAssertNil(note, "payload group \(index) \(text.debugDescription)")
            XCTAssertEqual(rendered.count, specs.count)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: markers), [], "no command ran")
    }

    /// gnuplot's SVG writes `>` as it is: a name holding `]]>` made every SVG of its hot path malformed XML (a
    /// browser's error page, a broken image in report.html).
    func testEverySVGIsWellFormedXMLWhateverTheNames() throws {
        let specs = specs(for: "a]]>b<&\"'c", index: 7)
        let (rendered, note) = PlotRendering.render(specs, into: "\(directory)/xml")
        XCTAssertNil(note)
        let svgs = rendered.flatMap(\.files).filter { $0.hasSuffix(".svg") }
        XCTAssertGreaterThanOrEqual(svgs.count, 7)
        for svg in svgs {
            XCTAssertNoThrow(try XMLDocument(contentsOf: URL(fileURLWithPath: "\(directory)/xml/\(svg)"), options: []), svg)
        }
    }

    /// Whatever the text, the commands are FrameBudget's own: the payloads reach only the strings table.
    func testNoPayloadReachesTheCommands() throws {
        for (index, text) in payloads().enumerated() {
            for spec in specs(for: text, index: index) {
                // File names may keep the payload's letters (`…-touch-tmp-…-pwned-1-latency.dat`), never its syntax.
                XCTAssertFalse(spec.script.code.contains("touch "), "\(spec.name): \(text.debugDescription)")
                XCTAssertFalse(spec.script.code.contains("`"), "\(spec.name): \(text.debugDescription)")
                XCTAssertFalse(spec.script.code.contains("system("), "\(spec.name): \(text.debugDescription)")
                XCTAssertFalse(spec.dataFiles.values.contains { $0.contains("touch") }, "data files hold numbers only")
            }
        }
    }

    private func specs(for text: String, index: Int) -> [PlotSpec] {
        let run = run(with: text, index: index)
        let optimized = run.benchmarks[1]
        let budget = Budget(name: "b\(text)", hotPath: optimized.hotPath, workload: optimized.workload, metric: .time,
                            statistic: .p95, limit: 5, unit: .ms, source: text)
        return StandardPlots.specs(for: PlotInput(run: run, verdicts: BudgetEvaluator().evaluate([budget], against: run)))
            + TrendPlot().plots(for: .init(
                benchmarkID: text, points: [.init(label: text, median: 1, lower: 0.9, upper: 1.1),
                                            .init(label: "c\(text)", median: 1.2, lower: 1.1, upper: 1.3)],
                budget: .init(milliseconds: .nan, statistic: .p95), steps: [(1, text)]))
    }

    /// gnuplot rebuilds each string byte for byte (control characters shown as U+FFFD, long text cut).
    func testEveryStringReachesGnuplotExactlyAsShown() throws {
        var strings = PlotStrings()
        let texts = payloads()
        let references = texts.map { strings.add($0) }
        let output = "strings.out"
        let prints = references.map { reference -> GnuplotScript in "print \(reference)" }
        let spec = PlotSpec(name: "echo", title: "echo", script: "set print \(DataFileName(output))\n"
                            + GnuplotScript(lines: prints) + "\nunset print\nplot x", strings: strings)
        _ = try Gnuplot.render(spec, into: directory, formats: [.svg])
        let printed = try String(contentsOfFile: "\(directory)/\(output)", encoding: .utf8)
        let expected = references.map { strings.strings[$0.index - 1] }
        XCTAssertEqual(printed, expected.map { $0 + "\n" }.joined())
        XCTAssertEqual(strings.strings[references[0].index - 1], "v\u{FFFD}!touch \(markers)/pwned-1\u{FFFD}")
        XCTAssertTrue(expected.allSatisfy { $0.count <= PlotStrings.maximumLength })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: markers), [])
    }

    func testNumbersThatAreNotFiniteAreGnuplotsNaN() {
        let script: GnuplotScript = "plot \(Double.nan), \(Double.infinity), \(-Double.infinity), \(1.5)"
        XCTAssertEqual(script.code, "plot NaN, NaN, NaN, 1.5")
    }

    func testDataFileNamesAreSafeInQuotesAndOnDisk() {
        XCTAssertEqual(DataFileName("nms/optimized/n=100").name, "nms-optimized-n-100")
        XCTAssertEqual(DataFileName("a'b\"c`d\ne").name, "a-b-c-d-e")
        XCTAssertEqual(DataFileName("..").name, "-..")
        XCTAssertEqual(DataFileName("é").name, "-")
        let long = DataFileName(String(repeating: "x", count: 100_000)).name
        XCTAssertEqual(long.utf8.count, DataFileName.maximumLength)
        XCTAssertNotEqual(long, DataFileName(String(repeating: "x", count: 100_001)).name, "two long ids stay two files")
    }
}
