@testable import Comparison
import Foundation
import Results
import Statistics
import XCTest

/// The paired comparison's HTML page: verdicts needing attention first, every text escaped, each regression's
/// differential profile with its flame graph embedded (the page is one file to keep as a CI artifact).
final class PairedComparisonHTMLTests: XCTestCase {
    private func row(_ id: String, _ verdict: Verdict, _ change: Double) -> PairedBenchmarkComparison {
        PairedBenchmarkComparison(
            id: id, threads: 1, threshold: 0.02, estimate: PairedChange.estimate(pairLogRatios: [log(1 + change), log(1 + change) + 0.001]),
            interval: ConfidenceInterval(lower: change - 0.01, upper: change + 0.01, level: 0.9), testedAlpha: 0.01,
            minimumDetectableEffect: 0.015, iterationsPerSample: [4, 4], verdict: verdict, reason: "why \(id)")
    }

    private func report() -> PairedComparisonReport {
        var report = PairedComparisonReport(
            base: "base/<framebudget>", head: "head/framebudget", settings: PairedSettings(),
            benchmarks: [row("a/optimized/x", .unchanged, 0.001), row("b/optimized/<y>", .regressed, 0.06)],
            notPaired: [:], pairsStarted: 2, seconds: 30, stop: "decided", complete: true, warnings: ["a & b"])
        report.profiles = [ProfileDifference(
            id: "b/optimized/<y>", baseSamples: 500, headSamples: 530, relativeChange: 0.06,
            functions: [FunctionChange(name: "Kernel.slower<T>()", baseSelf: 0.5, headSelf: 0.56, baseTotal: 0.9, headTotal: 0.91, addedShareOfBase: 0.09)],
            flameGraph: "b/flame.svg")]
        report.profileFolder = "/nowhere"
        return report
    }

    func testRegressionsComeFirstAndEveryTextIsEscaped() {
        let html = PairedComparisonHTML.render(report())
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        let regressed = try! XCTUnwrap(html.range(of: "<code>b/optimized/&lt;y&gt;</code>"))
        let unchanged = try! XCTUnwrap(html.range(of: "<code>a/optimized/x</code>"))
        XCTAssertLessThan(regressed.lowerBound, unchanged.lowerBound, "attention first")
        XCTAssertTrue(html.contains("<td class=\"regressed\">REGRESSED</td>"))
        XCTAssertTrue(html.contains("base/&lt;framebudget&gt;") && html.contains("a &amp; b"))
        XCTAssertTrue(html.contains("<code>Kernel.slower&lt;T&gt;()</code>"), "demangled names escaped")
        XCTAssertFalse(html.contains("<y>") || html.contains("<T>"))
        XCTAssertFalse(html.contains("<script") || html.contains("http://") || html.contains("https://"), "no script, no network")
    }

    /// A comparison a signal stopped says so under its headline, before any verdict, in Markdown and HTML; a
    /// complete one says nothing of it.
    func testAStoppedComparisonSaysSoBeforeItsVerdicts() throws {
        var report = report()
        XCTAssertFalse(PairedComparisonText.markdown(report).contains("Incomplete"))
        report.complete = false
        report.stop = "interrupted by SIGINT"
        let note = "Incomplete: interrupted by SIGINT after 2 process pairs started; the verdicts are those of the pairs measured whole until then."
        let markdown = PairedComparisonText.markdown(report)
        let said = try XCTUnwrap(markdown.range(of: "⚠️ **Incomplete: interrupted by SIGINT after 2 process pairs started"), markdown)
        XCTAssertLessThan(said.lowerBound, try XCTUnwrap(markdown.range(of: "| ")).lowerBound, "before the table")
        let html = PairedComparisonHTML.render(report)
        XCTAssertTrue(html.contains("<p class=\"incomplete\"><strong>\(note)</strong></p>"), html)
    }

    /// The steal each pair measured under is said once, in every format, with how many pairs the host took more than
    /// 5% of; a report of older versions, with none recorded, says nothing of it.
    func testTheHostsStealPerPairIsSaidInTheConsoleMarkdownAndHTML() {
        var report = report()
        XCTAssertFalse(PairedComparisonText.console(report).contains("host steal"))
        report.pairHostSteal = [0.004, 0.21, 0.0, 0.06]
        let line = "host steal per process pair: median 3.2%, largest 21.0% (2 of 4 pairs above 5%)"
        XCTAssertTrue(PairedComparisonText.console(report).contains(line), PairedComparisonText.console(report))
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(line))
        XCTAssertTrue(PairedComparisonHTML.render(report).contains("<li>\(line)</li>"))
        report.pairHostSteal = [0.01]
        XCTAssertTrue(PairedComparisonText.console(report).contains("host steal per process pair: median 1.0%, largest 1.0%\n"))
    }

    /// Two pairs give a t quantile of one degree of freedom at the boundary's α: an MDE of 4e21% was printed.
    func testAnMDEBeyondAHundredPercentIsSaidSo() {
        XCTAssertEqual(PairedComparisonRows.mde(4.2e19), "> 100%")
        XCTAssertEqual(PairedComparisonRows.mde(0.0312), "3.12%")
        XCTAssertEqual(PairedComparisonRows.mde(nil), "—")
    }

    /// An UNCHANGED whose MDE is above its threshold when measuring stopped is named with its MDE in every format,
    /// and the method says which interval UNCHANGED rests on; a powered one is not named.
    func testAnUnchangedShortOfPowerIsNamedAndTheIntervalSaid() {
        var report = report()
        XCTAssertFalse(PairedComparisonText.console(report).contains("short of power"), "MDE 1.5% within ±2%")
        report.benchmarks[0].minimumDetectableEffect = 0.0312
        report.benchmarks[0].interval = ConfidenceInterval(lower: -0.01, upper: 0.012, level: 0.9893)
        report.stop = "pair cap"
        let line = "unchanged short of power when measuring stopped (MDE above the threshold; a change of the threshold "
            + "would have been called less than 80% of the time): a/optimized/x (MDE 3.12%)"
        XCTAssertTrue(PairedComparisonText.console(report).contains(line), PairedComparisonText.console(report))
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(line))
        XCTAssertTrue(PairedComparisonHTML.render(report).contains("<li>\(line)</li>"))
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "unchanged: the 98.9% interval (a 90% one spent over the looks) within ±threshold"))
        // Stopped before any benchmark had an interval (one pair): the level the looks would have used, not 90%.
        var early = report
        early.benchmarks = early.benchmarks.map { row in var row = row; row.interval = nil; return row }
        early.settings.minimumPairs = 3
        early.settings.maximumPairs = 40
        XCTAssertTrue(PairedComparisonText.markdown(early).contains("unchanged: the 98.9% interval (a 90% one spent over the looks)"),
                      PairedComparisonText.markdown(early))
        report.settings.equivalenceOverLooks = nil
        report.benchmarks = report.benchmarks.map { row in
            var row = row
            row.interval = row.interval.map { ConfidenceInterval(lower: $0.lower, upper: $0.upper, level: 0.9) }
            return row
        }
        XCTAssertTrue(PairedComparisonText.markdown(report).contains("unchanged: the 90% interval within ±threshold"))
    }

    func testWhereTheTimeEntersLeadsTheProfileInTheConsoleMarkdownAndHTML() {
        var report = report()
        report.profiles![0].responsible = "Kernel.slower<T>()"
        let entering = "added under Kernel.slower<T>() (+6.5% of base's time with what it calls)"
        XCTAssertEqual(PairedComparisonText.profileConsole(report.profiles![0]),
                       ["where the time went, b/optimized/<y>: \(entering); Kernel.slower<T>() +9.0% (self 50.0% → 56.0%)"])
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "The time was added under `Kernel.slower<T>()` (+6.5% of base's time with what it calls).\n"),
            PairedComparisonText.markdown(report))
        XCTAssertTrue(PairedComparisonHTML.render(report).contains(
            "<p>The time was added under Kernel.slower&lt;T&gt;() (+6.5% of base&apos;s time with what it calls).</p>"), PairedComparisonHTML.render(report))
        report.profiles![0].responsible = nil
        XCTAssertFalse(PairedComparisonHTML.render(report).contains("The time was"), "no growth, no line")
    }

    /// The report says where the workers measured, since placement changes what a comparison can see: pinned
    /// from fresh copies (the default since 28 Nov 2026), floating, or not recorded (an older report).
    func testTheMethodSaysWhereTheWorkersMeasured() {
        var report = report()
        report.settings.pinnedCPU = 1
        report.settings.freshCopies = true
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "else inconclusive. Measuring threads pinned to CPU 1; each worker from a fresh copy of its executable.\n"),
            PairedComparisonText.markdown(report))
        report.settings.pinnedCPU = nil
        report.settings.freshCopies = false
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "else inconclusive. Measuring threads not pinned; workers from the executables themselves.\n"))
        report.settings.freshCopies = nil
        XCTAssertTrue(PairedComparisonText.markdown(report).contains("else inconclusive.\n"), "an older report does not say")
    }

    /// Several placements change what a process times (their typical speed, not one draw): the method says so;
    /// one placement, as every report before 5 Dec 2026, says nothing.
    func testTheMethodSaysHowManyPlacementsEachBenchmarkHad() {
        var report = report()
        report.settings.pinnedCPU = 1
        report.settings.freshCopies = true
        report.settings.placements = 8
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "each worker from a fresh copy of its executable; each benchmark set up 8 times in each worker, a block on each in turn.\n"),
            PairedComparisonText.markdown(report))
        report.settings.placements = 1
        XCTAssertFalse(PairedComparisonText.markdown(report).contains("set up"))
    }

    /// Process pairs that ran on shuffled link orders time a kernel's typical code placement: the method says so.
    func testTheMethodSaysOnHowManyLinkOrdersThePairsRan() {
        var report = report()
        report.settings.pinnedCPU = 1
        report.settings.freshCopies = true
        XCTAssertFalse(PairedComparisonText.markdown(report).contains("link order"))
        report.settings.linkOrders = 8
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "each worker from a fresh copy of its executable; process pairs on 8 link orders of each build in turn "
            + "(functions shuffled by the linker).\n"), PairedComparisonText.markdown(report))
    }

    /// The method names a block's samples and their duration, the granularity that decides which disturbances
    /// cancel; an older report, without the duration, still reads.
    func testTheMethodSaysHowLongABlockIs() {
        var report = report()
        report.settings.blocks = 240
        report.settings.samplesPerBlock = 1
        report.settings.warmupSamplesPerBlock = nil  // a report from before 2 Dec 2026, which does not say
        report.settings.sampleMilliseconds = 1
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "blocks of 1 sample of 1 ms alternating A B B A (240 blocks a pair,"), PairedComparisonText.markdown(report))
        report.settings.blocks = 16
        report.settings.samplesPerBlock = 3
        report.settings.sampleMilliseconds = nil
        XCTAssertTrue(PairedComparisonText.markdown(report).contains("blocks of 3 samples alternating A B B A (16 blocks a pair,"))
        report.settings.samplesPerBlock = 1
        report.settings.sampleMilliseconds = 1
        report.settings.blocks = 120
        report.settings.warmupSamplesPerBlock = 1
        XCTAssertTrue(PairedComparisonText.markdown(report).contains(
            "blocks of 1 sample of 1 ms after 1 untimed alternating A B B A (120 blocks a pair,"), "the untimed samples are part of the method")
    }

    func testTheFlameGraphIsEmbeddedWhenReadAndNamedWhenNot() throws {
        let svg = Data("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n".utf8)
        let embedded = PairedComparisonHTML.render(report(), flameGraphs: ["b/optimized/<y>": svg])
        let prefix = "src=\"data:image/svg+xml;base64,"
        let start = try XCTUnwrap(embedded.range(of: prefix)).upperBound
        let encoded = embedded[start...].prefix { $0 != "\"" }
        XCTAssertEqual(Data(base64Encoded: String(encoded)), svg, "the SVG itself, as an image (its scripts never run)")
        let missing = PairedComparisonHTML.render(report())
        XCTAssertFalse(missing.contains(prefix))
        XCTAssertTrue(missing.contains("<code>b/flame.svg</code> (not embedded"), missing)
    }
}
