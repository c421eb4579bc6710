import Foundation
import Results
import TextFormatting

/// The comparison as text: a console table and a Markdown document for a pull-request comment. Pure.
public enum ComparisonText {
    static let header = ["benchmark", "runs", "base", "head", "change [CI]", "p (Holm)", "floor", "MDE", "verdict", "counters"]
    static let verdictColumn = 8

    /// A plain table, one line per benchmark, then the summary and the added/removed lists.
    public static func console(_ report: ComparisonReport) -> String {
        let rows = report.benchmarks.map { row($0, level: report.settings.level) }
        var lines = TextTable.lines(header: header, rows: rows)
        lines.append("")
        lines += footer(report)
        return lines.joined(separator: "\n")
    }

    /// Markdown: a headline, what a verdict means, the table, added/removed and warnings.
    /// - Parameter tool: the name the heading opens with (default: this tool's, `FrameBudget` or the package's own tool).
    public static func markdown(_ report: ComparisonReport, tool: String = ToolName.displayName) -> String {
        let s = report.summary
        var lines = [
            "### \(tool) comparison: \(s.regressed) regressed, \(s.improved) improved, \(s.unchanged) unchanged, "
                + "\(s.inconclusive) inconclusive",
            "",
            "Base \(MarkdownText.inlineCode(report.baseCommit.map { String($0.prefix(10)) } ?? report.baseRunID)) → head "
                + "\(MarkdownText.inlineCode(report.headCommit.map { String($0.prefix(10)) } ?? report.headRunID)). "
                + capitalizingFirst(s.sentence(statistic: report.settings.statisticName, bold: true)) + ". "
                + method(report),
            "",
            "| " + header.joined(separator: " | ") + " |",
            "|" + header.map { _ in " --- " }.joined(separator: "|") + "|",
        ]
        lines += report.benchmarks.map { comparison in
            var cells = row(comparison, level: report.settings.level)
            // The id comes from a file: a code span (pipes escaped inside); the other cells are FrameBudget's own.
            cells = [MarkdownText.code(comparison.id)] + cells.dropFirst().map { $0.replacingOccurrences(of: "|", with: "\\|") }
            if comparison.verdict != .unchanged { cells[verdictColumn] = "**\(cells[verdictColumn])**" }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        if !report.undecided.isEmpty { lines += ["", "Need more runs: " + report.undecided.map(MarkdownText.inlineCode).joined(separator: ", ")] }
        if !report.added.isEmpty { lines += ["", "Added (head only): " + report.added.map(MarkdownText.inlineCode).joined(separator: ", ")] }
        if !report.removed.isEmpty { lines += ["", "Removed (base only): " + report.removed.map(MarkdownText.inlineCode).joined(separator: ", ")] }
        if let missing = report.notMeasured {
            lines += ["", "Not compared (an interrupted run, or no positive sample; nothing decided): "
                      + missing.map(MarkdownText.inlineCode).joined(separator: ", ")]
        }
        if !report.warnings.isEmpty { lines += [""] + report.warnings.map { "> ⚠️ \(MarkdownText.text($0))" } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a verdict means, in one paragraph.
    static func method(_ report: ComparisonReport) -> String {
        let settings = report.settings
        return "Each process run is one replicate: a verdict is a t test over the runs' \(settings.statisticName)s "
            + "(Welch, or pooled with the history's between-run spread), \(report.familyWise.description); "
            + "regressed/improved needs adjusted p < \(settings.alpha) and a change beyond the benchmark's noise floor "
            + "(the larger of ±\(format(settings.threshold * 100))% and its between-run spread); a change beyond the floor "
            + "without that evidence is inconclusive, as is a change within the floor but beyond ±\(format(settings.threshold * 100))% "
            + "(more runs cannot decide it); unchanged needs the 90% interval within "
            + "±\(format(settings.threshold * 100))%. Intervals: \(format(settings.level * 100))% t over runs (an unchanged "
            + "row's is the 90% one it rests on, marked); "
            + "MDE: the smallest change these runs detect with \(format(settings.power * 100))% power."
    }

    /// The report as JSON (sorted keys, the results model's encoder).
    public static func json(_ report: ComparisonReport) throws -> String {
        String(decoding: try ResultsFile.encoder().encode(report), as: UTF8.self) + "\n"
    }

    /// ` [−1.3%, +0.9%]`, and its level after it when it is not the comparison's (an unchanged row's 90%).
    static func intervalText(_ c: BenchmarkComparison, level: Double) -> String? {
        c.shownInterval.map { interval in
            " [\(Percent.signed(interval.lower)), \(Percent.signed(interval.upper))]"
                + (abs(interval.level - level) > 1e-9 ? " \(Percent.level(interval.level))" : "")
        }
    }

    static func row(_ c: BenchmarkComparison, level: Double) -> [String] {
        let interval = intervalText(c, level: level) ?? " [no interval]"
        return [c.id, "\(c.baseRuns)/\(c.headRuns)", DurationText.string(nanoseconds: c.baseStatistic),
                DurationText.string(nanoseconds: c.headStatistic),
                Percent.signed(c.relativeChange) + interval, c.adjustedPValue.map(pValue) ?? "—",
                String(format: "%.1f%%", c.noiseFloor * 100),
                c.minimumDetectableEffect.map { String(format: "%.1f%%", $0 * 100) } ?? "—",
                verdictText(c), c.explanation]
    }

    static func verdictText(_ c: BenchmarkComparison) -> String {
        switch c.verdict {
        case .regressed: return "REGRESSED"
        case .inconclusive: return "INCONCLUSIVE"
        case .improved: return "improved"
        case .unchanged: return "unchanged"
        }
    }

    /// The summary lines: geometric mean and verdict counts, the family-wise control, added/removed benchmarks, warnings.
    public static func footer(_ report: ComparisonReport) -> [String] {
        let s = report.summary
        var lines = [s.sentence(statistic: report.settings.statisticName) + ": "
                     + "\(s.regressed) regressed, \(s.improved) improved, \(s.unchanged) unchanged, \(s.inconclusive) inconclusive "
                     + "(threshold ±\(format(report.settings.threshold * 100))%)",
                     report.familyWise.description]
        if s.unchanged > 0 {
            lines.append("intervals: \(format(report.settings.level * 100))% t over runs; an unchanged row's is the "
                         + "\(Percent.level(report.settings.equivalenceLevel)) one it rests on, inside ±\(format(report.settings.threshold * 100))%")
        }
        if !report.undecided.isEmpty { lines.append("need more runs: " + report.undecided.joined(separator: ", ")) }
        if !report.added.isEmpty { lines.append("added (head only): " + report.added.joined(separator: ", ")) }
        if !report.removed.isEmpty { lines.append("removed (base only): " + report.removed.joined(separator: ", ")) }
        if let missing = report.notMeasured {
            lines.append("not compared (an interrupted run, or no positive sample; nothing decided): " + missing.joined(separator: ", "))
        }
        lines += report.warnings.map { "warning: \($0)" }
        return lines
    }

    private static func capitalizingFirst(_ sentence: String) -> String { sentence.prefix(1).uppercased() + sentence.dropFirst() }

    static func pValue(_ p: Double) -> String { p < 0.001 ? String(format: "%.1e", p) : String(format: "%.3f", p) }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
