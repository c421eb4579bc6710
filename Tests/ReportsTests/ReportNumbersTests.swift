import Budgets
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports
import Results
import Statistics
import XCTest

/// What users read in report.html and report.md, checked independently of the goldens (which are snapshots of the
/// code's own output): both tables are parsed, every number is compared with results.json as written to disk and
/// read back as plain JSON, and every verdict word must follow from the interval and limit shown beside it.
final class ReportNumbersTests: XCTestCase {
    /// One row of a budgets table, as text cells.
    private struct Row: Equatable {
        var verdict: String, budget: String, benchmark: String, measured: String, runs: String, limit: String, headroom: String
    }

    private let input = ReportFixture.input()

    /// results.json of the fixture run, parsed as plain JSON (no model types): benchmark id → object.
    private func resultsJSON() throws -> [String: [String: Any]] {
        let data = try ResultsFile.encode(input.run)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let benchmarks = try XCTUnwrap(root["benchmarks"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: benchmarks.map { ($0["id"] as! String, $0) })
    }

    private func htmlRows() throws -> [Row] {
        let document = try XMLDocument(data: try HTMLReporter().render(input), options: [])
        let rows = try document.nodes(forXPath: "//*[local-name()='table'][*[local-name()='caption']='Budgets']//*[local-name()='tbody']/*[local-name()='tr']")
        return try rows.map { row in
            let cells = try row.nodes(forXPath: "*[local-name()='td']").map { $0.stringValue ?? "" }
            XCTAssertEqual(cells.count, 8)
            return Row(verdict: cells[0], budget: cells[1], benchmark: cells[2], measured: cells[3], runs: cells[4],
                       limit: cells[5], headroom: cells[6])
        }
    }

    /// Every row of every Markdown budgets table (header `| | budget | benchmark | …`), split on ` | `.
    private func markdownRows() throws -> [Row] {
        let text = String(decoding: try MarkdownReporter().render(input), as: UTF8.self)
        var rows: [Row] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("| | budget | benchmark |") { inTable = true; continue }
            guard inTable, line.hasPrefix("|") else { inTable = false; continue }
            if line.hasPrefix("|---") { continue }
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            XCTAssertEqual(cells.count, 7, line)
            let verdict = cells[0].split(separator: " ").last.map(String.init) ?? ""
            rows.append(Row(verdict: verdict, budget: cells[1].trimmingCharacters(in: ["`"]), benchmark: cells[2].trimmingCharacters(in: ["`"]),
                            measured: cells[3], runs: cells[4], limit: cells[5], headroom: cells[6]))
        }
        return rows
    }

    /// Times are scaled per row (`418 µs`, `4.37 ms`): a time unit converts to milliseconds, the unit of the
    /// fixture's limits; other units (count, ratio) are returned as shown.
    private func milliseconds(per unit: String) -> Double {
        ["ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1, "s": 1e3][unit] ?? 1
    }

    /// `418 µs [413.9, 420]` → (0.418, 0.4139, 0.42) in ms; `2 count` → (2, nil, nil).
    private func numbers(_ measured: String) -> (value: Double, lower: Double?, upper: Double?)? {
        let parts = measured.components(separatedBy: CharacterSet(charactersIn: " [],")).filter { !$0.isEmpty }
        guard let value = parts.first.flatMap(Double.init) else { return nil }
        let scale = parts.count > 1 ? milliseconds(per: parts[1]) : 1
        let bounds = parts.dropFirst(2).compactMap(Double.init).map { $0 * scale }
        return (value * scale, bounds.first, bounds.count == 2 ? bounds[1] : nil)
    }

    /// Shown with four significant digits at most: equal to the truth within that rounding.
    private func assertShown(_ shown: Double, _ truth: Double, _ message: String, line: UInt = #line) {
        XCTAssertEqual(shown, truth, accuracy: max(abs(truth) * 1e-3, 1e-9), message, line: line)
    }

    func testHTMLAndMarkdownShowTheSameRowsOneForEveryBudget() throws {
        let html = try htmlRows(), markdown = try markdownRows()
        XCTAssertEqual(Set(html.map(\.budget)), Set(ReportFixture.budgets.map(\.name)))
        XCTAssertEqual(html.count, ReportFixture.budgets.count)
        // The Markdown groups by hot path and lists MISSING budgets below the tables, so compare as sets.
        let missing = Set(input.verdicts.filter { $0.outcome == .missing }.map(\.budget.name))
        XCTAssertEqual(Set(markdown.map(\.budget)), Set(html.map(\.budget)).subtracting(missing))
        for row in markdown { XCTAssertEqual(html.first { $0.budget == row.budget }, row, row.budget) }
    }

    func testEveryMeasuredValueAndIntervalIsTheOneInResultsJSON() throws {
        let results = try resultsJSON()
        var checked = 0
        for row in try htmlRows() {
            let budget = try XCTUnwrap(ReportFixture.budgets.first { $0.name == row.budget })
            guard let benchmark = results[row.benchmark] else {
                XCTAssertEqual(row.verdict, "MISSING", "\(row.budget): its benchmark is not in results.json")
                continue
            }
            let shown = try XCTUnwrap(numbers(row.measured), row.measured)
            let statistics = benchmark["statistics"] as! [String: Any]
            if let replicates = benchmark["replicates"] as? [[String: Any]], replicates.count > 1,
               [.time, .frameTime, .fpsShare].contains(budget.metric) {
                // Several process runs: the row shows the run-level estimate and the t interval over the runs.
                try assertRunLevel(shown, budget: budget, benchmark: benchmark, replicates: replicates, row: row.budget)
                checked += 1
                continue
            }
            switch budget.metric {
            case .time:
                let interval = (statistics["intervals"] as! [String: Any])[budget.statistic.rawValue] as! [String: Double]
                assertShown(shown.value, statistics[budget.statistic.rawValue] as! Double / 1e6, row.budget)
                assertShown(try XCTUnwrap(shown.lower), interval["lower"]! / 1e6, row.budget)
                assertShown(try XCTUnwrap(shown.upper), interval["upper"]! / 1e6, row.budget)
            case .allocations:
                assertShown(shown.value, (benchmark["allocations"] as! [String: Any])["perIteration"] as! Double, row.budget)
            case .frameTime:
                let frameTime = (benchmark["frameLoop"] as! [String: Any])["frameTime"] as! [String: Any]
                assertShown(shown.value, frameTime[budget.statistic.rawValue] as! Double, row.budget)
            case .fpsShare:
                assertShown(shown.value, (benchmark["frameLoop"] as! [String: Any])["shareAtOrAbove57FPS"] as! Double, row.budget)
            default:
                XCTFail("\(row.budget): the fixture has no \(budget.metric) budget; check it here")
            }
            checked += 1
        }
        XCTAssertEqual(checked, ReportFixture.budgets.count - 1, "every budget but the MISSING one")
    }

    /// numpy's "linear" percentile, written out here so the check does not lean on the code under test.
    private func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted(), h = Double(sorted.count - 1) * q / 100
        let low = Int(h.rounded(.down)), high = min(low + 1, sorted.count - 1)
        return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
    }

    /// Per-run values read from the plain JSON (each replicate's slice of samples, or its frame loop), then the
    /// estimate (geometric mean; plain mean for shares) and the 95% t interval over runs, as
    /// Docs/BUDGETS-AND-REPORTS.md states.
    private func assertRunLevel(_ shown: (value: Double, lower: Double?, upper: Double?), budget: Budget,
                                benchmark: [String: Any], replicates: [[String: Any]], row: String) throws {
        let samples = benchmark["samplesNanoseconds"] as! [Double]
        var share = false
        let values: [Double] = replicates.map { replicate in
            let loop = replicate["frameLoop"] as? [String: Any]
            switch budget.metric {
            case .time:
                let first = replicate["firstSample"] as! Int, count = replicate["sampleCount"] as! Int
                let quantile = budget.statistic.rawValue == "median" ? 50 : Double(budget.statistic.rawValue.dropFirst()) ?? .nan
                return percentile(Array(samples[first..<first + count]), quantile) / 1e6
            case .frameTime: return (loop!["frameTime"] as! [String: Any])[budget.statistic.rawValue] as! Double
            case .fpsShare: share = true; return loop!["shareAtOrAbove57FPS"] as! Double
            default: return .nan
            }
        }
        let scaled = share ? values : values.map(log)
        let n = Double(scaled.count), mean = scaled.reduce(0, +) / n
        let sd = (scaled.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        let half = StudentT(degreesOfFreedom: n - 1).quantile(0.975) * sd / n.squareRoot()
        let back: (Double) -> Double = share ? { min(1, max(0, $0)) } : { exp($0) }   // a share stays in [0, 1]
        assertShown(shown.value, back(mean), row + " run-level estimate")
        assertShown(try XCTUnwrap(shown.lower), back(mean - half), row + " run-level lower")
        assertShown(try XCTUnwrap(shown.upper), back(mean + half), row + " run-level upper")
    }

    func testEveryVerdictFollowsFromTheIntervalAndLimitShownBesideIt() throws {
        var counts: [String: Int] = [:]
        for row in try htmlRows() {
            counts[row.verdict, default: 0] += 1
            guard let shown = numbers(row.measured) else { XCTAssertEqual(row.verdict, "MISSING", row.budget); continue }
            let limitParts = row.limit.split(separator: " ")
            let limit = try XCTUnwrap(Double(limitParts[1]), row.limit) * (limitParts.count > 2 ? milliseconds(per: String(limitParts[2])) : 1)
            let (lower, upper) = (shown.lower ?? shown.value, shown.upper ?? shown.value)
            let expected: String
            let runs = try XCTUnwrap(Int(row.runs), row.runs)
            switch (limitParts[0], runs) {
            // One process: PASS only when its interval clears the limit by 1.645 assumed between-run deviations
            // (10% on the log scale for times, 0.02 for shares); a FAIL is never declared from one process.
            case ("<", 1): expected = upper * exp(1.645 * 0.10) < limit ? "PASS" : "INCONCLUSIVE"
            case (">", 1): expected = lower - 1.645 * 0.02 > limit ? "PASS" : "INCONCLUSIVE"
            // Two processes or more: the interval shown is over the runs.
            case ("<", _): expected = upper < limit ? "PASS" : lower > limit ? "FAIL" : "INCONCLUSIVE"
            case (">", _): expected = lower > limit ? "PASS" : upper < limit ? "FAIL" : "INCONCLUSIVE"
            case ("≤", _): expected = shown.value <= limit ? "PASS" : "FAIL"
            default: expected = "unknown comparison \(limitParts[0])"
            }
            XCTAssertEqual(row.verdict, expected, "\(row.budget): \(row.measured) against \(row.limit)")
            if row.headroom.hasSuffix("× over the limit") {  // past twice a `max` limit: the ratio measured / limit
                let ratio = try XCTUnwrap(Double(row.headroom.prefix { $0 != "×" }), row.headroom)
                XCTAssertEqual(ratio, shown.value / limit, accuracy: shown.value / limit * 0.01 + 0.05, "\(row.budget) overrun")
            } else if row.headroom != "—" {
                let headroom = try XCTUnwrap(Double(row.headroom.dropLast()), row.headroom)
                let truth = limitParts[0] == ">" ? (shown.value - limit) / limit * 100 : (limit - shown.value) / limit * 100
                XCTAssertEqual(headroom, truth, accuracy: max(abs(truth) * 2e-3, 0.05), "\(row.budget) headroom")
            }
        }
        // The summary line counts what the table shows.
        let markdown = String(decoding: try MarkdownReporter().render(input), as: UTF8.self)
        let summary = ["PASS", "FAIL", "INCONCLUSIVE", "MISSING"].map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: " · ")
        XCTAssertTrue(markdown.contains("**\(summary)**"), summary)
    }
}
