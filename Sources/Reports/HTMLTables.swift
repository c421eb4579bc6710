import Budgets
import Foundation
import Results
import TextFormatting

/// The tables of the HTML report.
enum HTMLTables {
    static func verdicts(_ verdicts: [BudgetVerdict], caption: String) -> String {
        let rows = verdicts.map { verdict -> String in
            let cells = [verdict.budget.name, verdict.budget.benchmarkID, VerdictText.measuredCell(verdict), VerdictText.runs(verdict),
                         VerdictText.limit(verdict.budget), VerdictText.headroom(verdict), verdict.warning ?? ""]
            return "<tr class=\"\(HTMLStyle.cssClass(verdict.outcome))\"><td><span class=\"badge \(HTMLStyle.cssClass(verdict.outcome))\">"
                + "\(verdict.outcome.rawValue)</span></td>" + cells.map { "<td>\(XMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return table(caption: caption, header: ["verdict", "budget", "benchmark", "measured [CI]", "runs", "limit", "headroom", "note"],
                     rows: rows, cssClass: "verdicts")
    }

    static func benchmarks(_ run: RunResults) -> String {
        let rows = run.benchmarks.map { result -> String in
            let s = result.statistics
            // Over process runs when merged (BenchmarkResult.reported), as the gate judges them.
            let (median, interval) = result.reported(.median, runID: run.runID)
            // One unit per row, chosen from the median (4.373 µs, not 0.004373 ms).
            let (scale, unit) = VerdictText.timeUnit(forNanoseconds: median)
            func number(_ value: Double) -> String { UnitFormat.number(value / scale) }
            func ns(_ value: Double) -> String { "\(number(value)) \(unit)" }
            let medianCell = interval.map { "\(ns(median)) [\(number($0.lower)), \(number($0.upper))]" } ?? ns(median)
            let allocations = result.allocations.counted ? UnitFormat.number(result.allocations.perIteration) : "not counted"
            let runs = result.replicateCount > 1 ? " (\(result.replicateCount) process runs)" : ""
            let cells = [result.id, medianCell, ns(result.reported(.p95, runID: run.runID).value),
                         ns(result.reported(.p99, runID: run.runID).value), allocations,
                         "\(s.count) × \(result.iterationsPerSampleText)\(runs)", result.notes.joined(separator: "; ")]
            return "<tr>" + cells.map { "<td>\(XMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return table(caption: "Benchmarks (time per iteration)",
                     header: ["benchmark", "median [95% CI]", "p95", "p99", "allocations/iter", "samples × iterations", "notes"], rows: rows)
    }

    /// Counters no benchmark could read, each with its reason (the counters plots only count them: a reason is
    /// often a paragraph). Empty when every counter was read, or none was asked for.
    static func unavailableCounters(_ run: RunResults) -> String {
        let read = Set(run.benchmarks.flatMap(\.counters).filter { $0.perIteration != nil }.map(\.name))
        var seen: Set<String> = []
        let rows = run.benchmarks.flatMap(\.counters).filter { !read.contains($0.name) && seen.insert($0.name).inserted }
            .map { "<tr><td>\(XMLText.escape($0.name))</td><td>\(XMLText.escape($0.note ?? "unavailable"))</td></tr>" }
        return rows.isEmpty ? "" : table(caption: "Counters unavailable on this machine", header: ["counter", "reason"], rows: rows)
    }

    private static func table(caption: String, header: [String], rows: [String], cssClass: String? = nil) -> String {
        "<table\(cssClass.map { " class=\"\($0)\"" } ?? "")><caption>\(XMLText.escape(caption))</caption>\n<thead><tr>" + header.map { "<th>\(XMLText.escape($0))</th>" }.joined()
            + "</tr></thead>\n<tbody>\n" + rows.joined(separator: "\n") + "\n</tbody></table>"
    }
}

/// The inline stylesheet and the colour of each outcome.
enum HTMLStyle {
    static func cssClass(_ outcome: VerdictOutcome) -> String { outcome.rawValue.lowercased() }

    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#1d1d1f;padding:0 1em}
        h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
        table{border-collapse:collapse;width:100%;margin:1em 0}caption{text-align:left;font-weight:600;padding:.3em 0}
        th,td{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}th{background:#f4f4f6}
        .badge{display:inline-block;border-radius:4px;padding:.05em .5em;font-weight:700;color:#fff;font-size:.9em}
        .badge.pass{background:#1a7f37}.badge.fail{background:#cf222e}.badge.inconclusive{background:#b58400}
        .badge.missing{background:#8250df}tr.fail td{background:#ffebe9}tr.missing td{background:#f5f0ff}
        tr.inconclusive td{background:#fff8c5}ul.notes li{color:#9a6700}ul.verdicts{list-style:none;padding:0}
        ul.verdicts li{margin:.3em 0}figure{margin:1em 0}figure img{max-width:100%;border:1px solid #eee}
        figcaption{color:#57606a;font-size:.9em}table.verdicts td:nth-child(6),table.verdicts td:nth-child(7){white-space:nowrap}footer{margin-top:3em;color:#57606a;font-size:.85em}
        """
}
