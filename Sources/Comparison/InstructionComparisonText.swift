import Foundation
import Results
import TextFormatting

/// The instruction-count comparison as text: a console table and a Markdown document, each benchmark whose count
/// changed followed by the functions that moved most. Pure.
public enum InstructionComparisonText {
    static let header = ["benchmark", "base Ir/iter", "head Ir/iter", "change", "verdict"]

    public static func console(_ report: InstructionComparisonReport) -> String {
        let rows = report.benchmarks.map(row)
        // Counts right-aligned, names and verdicts left.
        let table = TextTable.lines(header: header, rows: rows, alignments: [.left, .right, .right, .right, .left])
        var lines = [headline(report), ""] + table.prefix(2)
        for (change, line) in zip(report.benchmarks, table.dropFirst(2)) {
            lines.append(line)
            lines += change.functions.map {
                "    \(signed($0.change))  \($0.name)  (\(count($0.base)) → \(count($0.head)))"
            }
        }
        return (lines + [""] + footer(report)).joined(separator: "\n") + "\n"
    }

    /// - Parameter tool: the name the heading opens with (default: this tool's, `FrameBudget` or the package's own tool).
    public static func markdown(_ report: InstructionComparisonReport, tool: String = ToolName.displayName) -> String {
        var lines = [
            "### \(tool) instruction counts: \(report.count(.regressed)) regressed, \(report.count(.improved)) improved, "
                + "\(report.count(.unchanged)) unchanged",
            "", headline(report, label: MarkdownText.inlineCode) + " Counts are exact (valgrind); equal counts are `unchanged`.", "",
            "| " + header.joined(separator: " | ") + " |",
            "| --- | ---: | ---: | ---: | --- |",
        ]
        lines += zip(report.benchmarks, report.benchmarks.map(row)).map { change, cells in
            var cells = cells
            cells[0] = MarkdownText.code(change.id)
            if change.verdict == .regressed || change.verdict == .improved { cells[4] = "**\(cells[4])**" }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        for change in report.benchmarks where !change.functions.isEmpty {
            lines += ["", "#### \(MarkdownText.inlineCode(change.id)): \(percent(change.relativeChange)) — functions that changed most", "",
                      "| function | base Ir/iter | head Ir/iter | change |", "| --- | ---: | ---: | ---: |"]
            lines += change.functions.map {
                "| \(MarkdownText.code($0.name)) | \(count($0.base)) | \(count($0.head)) | \(signed($0.change)) |"
            }
        }
        lines += [""] + footer(report).dropFirst().map(MarkdownText.text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON (sorted keys, the results model's encoder).
    public static func json(_ report: InstructionComparisonReport) throws -> String {
        String(decoding: try ResultsFile.encoder().encode(report), as: UTF8.self) + "\n"
    }

    /// The verdict counts, then added/removed benchmarks.
    public static func footer(_ report: InstructionComparisonReport) -> [String] {
        var lines = ["instructions: \(report.benchmarks.count) benchmarks: \(report.count(.regressed)) regressed, "
                     + "\(report.count(.improved)) improved, \(report.count(.belowThreshold)) below threshold, "
                     + "\(report.count(.unchanged)) unchanged (threshold ±\(thresholdText(report)))"]
        if !report.added.isEmpty { lines.append("added (counted in head only): " + report.added.joined(separator: ", ")) }
        if !report.removed.isEmpty { lines.append("removed (counted in base only): " + report.removed.joined(separator: ", ")) }
        return lines
    }

    static func headline(_ report: InstructionComparisonReport,
                         label: (String) -> String = { "`\($0)`" }) -> String {
        "Instructions per iteration, base \(label(report.baseLabel)) → head \(label(report.headLabel)); "
            + "a change beyond ±\(thresholdText(report)) is a regression or an improvement."
    }

    static func row(_ change: InstructionChange) -> [String] {
        [change.id, count(change.base), count(change.head), percent(change.relativeChange),
         change.verdict == .regressed ? "REGRESSED" : change.verdict.rawValue]
    }

    static func thresholdText(_ report: InstructionComparisonReport) -> String {
        String(format: "%g%%", report.settings.threshold * 100)
    }

    /// Two decimals: a 0.5% threshold needs them.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "new" }
        return fraction == 0 ? "0" : Percent.signed(fraction, digits: 2)
    }

    /// `1,234,567`, with one decimal when the count per iteration is not whole (`12.5`), `−` for a negative one.
    static func count(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded())
        let digits = String(tenths / 10)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 && tenths > 0 ? "−" : "") + grouped + (tenths % 10 == 0 ? "" : ".\(tenths % 10)")
    }

    static func signed(_ value: Double) -> String { (value < 0 ? "" : "+") + count(value) }
}
