import RunFixtures
import XCTest
@testable import Comparison
import Results

/// `compare --format pr-comment`: changes first, the rest collapsed, always within GitHub's comment limit.
final class PullRequestCommentTests: XCTestCase {
    /// A real comparison (one regression, one inconclusive benchmark) whose rows are copied under other ids and
    /// verdicts: a comparison of any size without measuring it.
    private func report(regressed: Int = 1, improved: Int = 1, unchanged: Int = 1, inconclusive: Int = 1,
                        idPadding: String = "") -> ComparisonReport {
        let base = Fixture.merged("base", [("a/x/1", Fixture.processRuns(4, median: 1000, seed: 1))])
        let head = Fixture.merged("head", [("a/x/1", Fixture.processRuns(4, median: 1300, seed: 2))])
        var report = Comparator.compare(base: base, head: head, settings: ComparisonSettings(resamples: 200))
        let template = report.benchmarks[0]
        let counts: [(Verdict, Int)] = [(.unchanged, unchanged), (.inconclusive, inconclusive), (.improved, improved),
                                        (.regressed, regressed)]
        report.benchmarks = counts.flatMap { verdict, count in
            (0..<count).map { index in
                var row = template
                (row.id, row.verdict) = ("\(verdict.rawValue)\(idPadding)/v/\(index)", verdict)
                return row
            }
        }
        (report.summary.regressed, report.summary.improved) = (regressed, improved)
        (report.summary.unchanged, report.summary.inconclusive) = (unchanged, inconclusive)
        return report
    }

    func testRegressionsAndImprovementsComeFirstAndTheRestIsCollapsed() {
        let comment = PullRequestComment.markdown(report())
        XCTAssertTrue(comment.hasPrefix("### 🔴 FrameBudget: 1 regressed, 1 improved, 1 unchanged, 1 inconclusive\n"), comment)
        let order = ["`regressed/v/0`", "`improved/v/0`", "<details><summary>2 unchanged or inconclusive</summary>",
                     "`inconclusive/v/0`", "`unchanged/v/0`", "</details>"]
        let positions = order.map { comment.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), comment)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), comment)
        XCTAssertTrue(comment.contains("**REGRESSED**") && comment.contains("**improved**"))
        XCTAssertFalse(comment.contains("left out"), "nothing is cut from a small comparison")
    }

    func testNothingChangedSaysSoAndCollapsesEveryRow() {
        let comment = PullRequestComment.markdown(report(regressed: 0, improved: 0, unchanged: 3, inconclusive: 0))
        XCTAssertTrue(comment.hasPrefix("### 🟢 FrameBudget: 0 regressed"), comment)
        XCTAssertTrue(comment.contains("No benchmark regressed or improved.\n\n<details><summary>3 unchanged or inconclusive"), comment)
    }

    func testAHugeComparisonStaysWithinGitHubsLimitCuttingOnlyTheCollapsedRows() throws {
        let padding = String(repeating: "-long", count: 8)
        let huge = report(regressed: 3, improved: 2, unchanged: 5_000, inconclusive: 40, idPadding: padding)
        XCTAssertGreaterThan(ComparisonText.markdown(huge).utf8.count, 5 * PullRequestComment.gitHubLimit,
                             "the full table would not fit")
        let comment = PullRequestComment.markdown(huge)
        XCTAssertLessThanOrEqual(comment.utf8.count, PullRequestComment.gitHubLimit)
        XCTAssertGreaterThan(comment.utf8.count, PullRequestComment.gitHubLimit - 1_000, "the room is used")
        for id in (0..<3).map({ "regressed\(padding)/v/\($0)" }) + (0..<2).map({ "improved\(padding)/v/\($0)" }) {
            XCTAssertTrue(comment.contains("| `\(id)` |"), "changed row \(id) kept")
        }
        let kept = ["unchanged", "inconclusive"].map { comment.components(separatedBy: "\n| `\($0)").count - 1 }.reduce(0, +)
        let note = try XCTUnwrap(comment.range(of: #"_\d+ more rows left out"#, options: .regularExpression), "the note")
        let omitted = try XCTUnwrap(Int(comment[note].dropFirst().prefix { $0.isNumber }))
        XCTAssertEqual(kept + omitted, 5_040, "every collapsed row is either shown or counted in the note")
        XCTAssertTrue(comment.hasSuffix("</details>\n"), "the collapsed block is closed")
    }

    func testChangedRowsAreCutTooWhenTheyAloneWouldOverflow() {
        let comment = PullRequestComment.markdown(report(regressed: 4_000, improved: 0, unchanged: 10, inconclusive: 0))
        XCTAssertLessThanOrEqual(comment.utf8.count, PullRequestComment.gitHubLimit)
        XCTAssertTrue(comment.contains("more rows left out to stay within GitHub's 65536-character comment limit"))
    }

    func testAnIdCannotCloseTheCollapsedBlockOrAddMarkup() {
        var hostile = report(regressed: 0, improved: 0, unchanged: 1, inconclusive: 0)
        hostile.benchmarks[0].id = "</details><img src=x onerror=alert(1)>|"
        let comment = PullRequestComment.markdown(hostile)
        XCTAssertEqual(comment.components(separatedBy: "</details>").count - 1, 2, "ours, and the id's inside a code span")
        XCTAssertTrue(comment.contains("`</details><img src=x onerror=alert(1)>\\|`"), comment)
    }
}
