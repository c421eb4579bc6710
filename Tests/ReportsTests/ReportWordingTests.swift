import Budgets
import Foundation
import Reports
import Statistics
import XCTest

/// How reports word a verdict (issue 24): overruns far past the limit as a ratio, one spelling of microseconds,
/// and a unit on every number of the evidence.
final class ReportWordingTests: XCTestCase {
    /// A `max` budget's verdict with `measured`/`limit` in ms.
    private func verdict(measured: Double, limit: Double, direction: BudgetDirection = .max,
                         metric: BudgetMetric = .time, unit: BudgetUnit = .ms) -> BudgetVerdict {
        let budget = ReportFixture.budget("b", "colormap/optimized/256x192", metric, statistic: metric == .fpsShare ? .mean : .p95,
                                          limit: limit, unit: unit, direction: direction)
        return BudgetVerdict(budget: budget, outcome: .fail, measured: measured, interval: nil,
                             headroomPercent: BudgetEvaluator.headroomPercent(measured: measured, budget: budget), warning: nil)
    }

    /// Every text report of `input` that has a headroom column (JUnit has none: its messages explain the verdict).
    private func headroomReports(_ input: ReportInput) throws -> [(String, String)] {
        [("console", try ConsoleReporter(colour: false).text(input)), ("markdown", try MarkdownReporter().text(input)),
         ("html", try HTMLReporter().text(input))]
    }

    /// Every human-readable report of `input`.
    private func textReports(_ input: ReportInput) throws -> [(String, String)] {
        try headroomReports(input) + [("junit", try JUnitReporter().text(input))]
    }

    /// A package's own benchmark tool names itself in the headings; FrameBudget's keeps its name.
    func testHeadingsNameThePackagesToolAndFrameBudgetsOwn() throws {
        var input = ReportFixture.input()
        XCTAssertTrue(try MarkdownReporter().text(input).hasPrefix("## FrameBudget: "))
        input.toolName = "my-bench"
        XCTAssertTrue(try MarkdownReporter().text(input).hasPrefix("## my-bench: "))
        let html = try HTMLReporter().text(input)
        XCTAssertTrue(html.contains("<title>my-bench \(input.run.runID)</title>"), html)
        XCTAssertTrue(html.contains("<h1>my-bench run \(input.run.runID)</h1>"), html)
        XCTAssertFalse(html.contains("FrameBudget run"))
    }

    /// One process's p95 that its values cannot bound is judged by its largest value, and the words say so (they
    /// spoke of a point estimate whose numbers cleared the limit, and the verdict was INCONCLUSIVE).
    func testAVerdictJudgedOnTheLargestValueSaysSo() {
        var undecided = verdict(measured: 3.749e-3, limit: 5.26e-3)
        undecided.outcome = .inconclusive
        undecided.evidence = VerdictEvidence(processes: 1, perRunValues: [3.749e-3], runInterval: nil, betweenRunSpread: 0.2,
                                             spreadSource: .assumedDefault, basis: .oneProcessUndecided, judgedOnLargest: 3.808e-3)
        XCTAssertEqual(VerdictText.intervalKind(undecided), "one process, judged by its largest value")
        let basis = VerdictText.basis(undecided) ?? ""
        XCTAssertTrue(basis.hasPrefix("one process, its largest value (3.808 µs, its values cannot bound the p95) not clear of the limit by 38.96%"),
                      basis)
    }

    func testAnOverrunPastTwiceTheLimitReadsAsARatio() {
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 3.3845, limit: 0.01)), "338× over the limit")
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 2.4, limit: 1)), "2.4× over the limit")
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 9.97, limit: 1)), "10× over the limit")
    }

    func testHeadroomStaysAPercentageUpToTwiceTheLimitAndForMinBudgets() {
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 0.5, limit: 1)), "+50%")
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 1.5721, limit: 1)), "-57.21%")
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 2, limit: 1)), "-100%", "exactly twice the limit")
        // A share cannot fall more than 100% under its limit, nor be read "over" it.
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 0.1, limit: 0.95, direction: .min, metric: .fpsShare, unit: .ratio)),
                       "-89.47%")
        XCTAssertEqual(VerdictText.headroom(verdict(measured: 0.9, limit: 0.3, direction: .min, metric: .fpsShare, unit: .ratio)),
                       "+200%")
    }

    func testEveryReportWithAHeadroomColumnWritesTheRatio() throws {
        var run = ReportFixture.run
        run.benchmarks.append(ReportFixture.replicated(ReportFixture.result("nms/optimized/typical", centre: 3_385_000),
                                                       factors: [1, 1.02, 0.98]))
        let budgets = [ReportFixture.budget("nms-p95", "nms/optimized/typical", limit: 10, unit: .us)]
        let verdicts = BudgetEvaluator().evaluate(budgets, against: run)
        XCTAssertEqual(verdicts[0].outcome, .fail)
        let headroom = try XCTUnwrap(verdicts[0].headroomPercent)
        let ratio = VerdictText.headroom(verdicts[0])
        XCTAssertTrue(ratio.hasSuffix("× over the limit"), ratio)
        for (format, text) in try headroomReports(ReportInput(run: run, verdicts: verdicts)) {
            XCTAssertTrue(text.contains(ratio), "\(format) lacks '\(ratio)':\n\(text)")
            XCTAssertFalse(text.contains(UnitFormat.number(headroom) + "%"), "\(format) still writes the percentage")
        }
    }

    /// A budgets file may write `us`; reports write `µs`, as every time they print is written (the run table,
    /// measured values). verdicts.json is machine-readable and keeps the file's spelling.
    func testALimitWrittenUsReadsMicrosecondsInEveryReport() throws {
        var run = ReportFixture.run
        run.benchmarks.append(ReportFixture.result("nms/optimized/typical", centre: 4_373, spread: 0.01))
        // Over its limit, so that JUnit (which says nothing of a PASS) explains it too.
        let budgets = [ReportFixture.budget("nms-p95", "nms/optimized/typical", limit: 1, unit: .us)]
        let input = ReportInput(run: run, verdicts: BudgetEvaluator().evaluate(budgets, against: run))
        XCTAssertEqual(input.verdicts[0].outcome, .inconclusive)
        XCTAssertEqual(VerdictText.limit(budgets[0]), "< 1 µs")
        XCTAssertEqual(budgets[0].rule, "p95 time < 1 µs")
        for (format, text) in try textReports(input) {
            XCTAssertTrue(text.contains("< 1 µs") || text.contains("&lt; 1 µs"), "\(format) lacks '< 1 µs':\n\(text)")
            XCTAssertNil(text.range(of: #"\d us\b"#, options: .regularExpression), "\(format) writes 'us':\n\(text)")
        }
        let json = try VerdictsExporter().text(input)
        XCTAssertTrue(json.contains(#""unit" : "us""#), "verdicts.json keeps the budgets file's unit name:\n\(json)")
    }

    /// "per run 3328, 3442" said neither µs nor ms: each value is written in the unit of the measured value beside it.
    func testPerRunValuesCarryTheUnitOfTheMeasuredValue() throws {
        var run = ReportFixture.run
        run.benchmarks.append(ReportFixture.replicated(ReportFixture.result("nms/optimized/typical", centre: 3_385_000),
                                                       factors: [1, 1.02, 0.98]))
        let budgets = [ReportFixture.budget("nms-p95", "nms/optimized/typical", limit: 10, unit: .us)]
        let verdict = BudgetEvaluator().evaluate(budgets, against: run)[0]
        let values = try XCTUnwrap(verdict.evidence?.perRunValues)
        let expected = "per run " + values.map { "\(UnitFormat.number($0 / 1000)) ms" }.joined(separator: ", ")
        let explanation = VerdictText.explanation(verdict)
        XCTAssertTrue(explanation.contains(expected), explanation)
        XCTAssertTrue(explanation.contains("= \(UnitFormat.number(verdict.measured! / 1000)) ms ["), explanation)
        // Markdown and the console table list no evidence; HTML's verdict list and JUnit's messages do.
        for (format, text) in try textReports(ReportInput(run: run, verdicts: [verdict])) where ["html", "junit"].contains(format) {
            XCTAssertTrue(text.contains(expected), "\(format) lacks '\(expected)'")
        }
    }

    /// A share's margin is in percentage points of frames, not a bare 0.0329.
    func testAShareMarginSaysItsPercentagePoints() throws {
        let budget = ReportFixture.budget("share", "frame-loop/photo/drop", .fpsShare, statistic: .mean, limit: 0.95, unit: .ratio,
                                          direction: .min)
        let evidence = VerdictEvidence(processes: 1, perRunValues: [0.96], runInterval: nil, betweenRunSpread: 0.02,
                                       spreadSource: .assumedDefault, basis: .oneProcessUndecided)
        let verdict = BudgetVerdict(budget: budget, outcome: .inconclusive, measured: 0.96,
                                    interval: ConfidenceInterval(lower: 0.95, upper: 0.97, level: 0.95), headroomPercent: 1.05,
                                    warning: nil, evidence: evidence)
        XCTAssertEqual(VerdictText.basis(verdict), "one process, not clear of the limit by 3.29 percentage points "
            + "(1.645 × an assumed between-run spread of 2 percentage points): between-run variance unknown, "
            + "and a FAIL needs ≥ 2 process runs")
    }

    /// A drift verdict that left out the runs the host stole from says how many, in the runs column and the interval.
    func testRunsSetAsideForStealAreCountedBesideTheOnesThatDecided() {
        let budget = ReportFixture.budget("drift", "frame-loop/photo/drop", .drift, statistic: .p50, limit: 1.1, unit: .ratio)
        func verdict(_ evidence: VerdictEvidence, _ outcome: VerdictOutcome) -> BudgetVerdict {
            BudgetVerdict(budget: budget, outcome: outcome, measured: 0.956,
                          interval: ConfidenceInterval(lower: 0.873, upper: 1.046, level: 0.95), headroomPercent: 13,
                          warning: nil, evidence: evidence)
        }
        let decided = verdict(VerdictEvidence(processes: 11, perRunValues: [0.9, 1.0], runInterval: nil, betweenRunSpread: 0.13,
                                              spreadSource: .runs, basis: .runLevelInterval, setAsideForSteal: 9), .pass)
        XCTAssertEqual(VerdictText.runs(decided), "11+9 set aside")
        XCTAssertEqual(VerdictText.intervalKind(decided), "95% CI over 11 process runs (9 more set aside: host steal > 5%)")
        let none = verdict(VerdictEvidence(processes: 0, perRunValues: [], runInterval: nil, betweenRunSpread: nil,
                                           spreadSource: nil, basis: .allSetAsideForSteal, setAsideForSteal: 3), .inconclusive)
        XCTAssertEqual(VerdictText.runs(none), "0+3 set aside")
        XCTAssertEqual(VerdictText.basis(none), "every process run was set aside: the host stole more than 5% of the CPUs "
            + "while each measured; measure in a quieter hour")
    }
}

/// The code paths benchmarks record (a dispatched vector path, the SHA-256 code) head every human-readable report,
/// with counts when a merged run mixes them.
final class CodePathsWordingTests: XCTestCase {
    private func input(isa: [String], sha: String?) -> ReportInput {
        var input = ReportFixture.input()
        for (index, path) in isa.enumerated() where index < input.run.benchmarks.count {
            input.run.benchmarks[index].parameters["isa"] = path
        }
        if let sha { input.run.benchmarks[input.run.benchmarks.count - 1].parameters["sha256"] = sha }
        return input
    }

    func testOneVectorPathAndTheSHA256CodeAreNamedInEveryReport() throws {
        let input = input(isa: ["avx512", "avx512"], sha: "BoringSSL SHA-NI")
        for text in [try ConsoleReporter(colour: false).text(input), try MarkdownReporter().text(input),
                     try HTMLReporter().text(input)] {
            XCTAssertTrue(text.contains("vector path avx512 · SHA-256 BoringSSL SHA-NI"), text)
        }
    }

    func testAMixOfPathsIsCountedAndNoPathsSayNothing() throws {
        let mixed = try MarkdownReporter().text(input(isa: ["avx2", "avx512", "avx512"], sha: nil))
        XCTAssertTrue(mixed.contains("vector path avx2 (1), avx512 (2)"), mixed)
        XCTAssertFalse(try MarkdownReporter().text(ReportFixture.input()).contains("vector path"))
    }
}
