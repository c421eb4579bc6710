import Foundation
import Results
import Statistics
import TextFormatting

/// A paired comparison as a console table, a Markdown document and JSON, from the format-neutral
/// ``PairedComparisonRows``. Pure.
public enum PairedComparisonText {
    /// The console table, then how it was measured and why it stopped.
    public static func console(_ report: PairedComparisonReport) -> String {
        let rows = report.benchmarks.map { PairedComparisonRows.row($0) }
        var lines = TextTable.lines(header: PairedComparisonRows.header, rows: rows)
        lines += (report.profiles ?? []).flatMap(profileConsole)
        lines += [""] + PairedComparisonRows.footer(report)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Markdown for a pull-request comment: verdicts that need attention first.
    /// - Parameter tool: the name the heading opens with (default: this tool's, `FrameBudget` or the package's own tool).
    public static func markdown(_ report: PairedComparisonReport, tool: String = ToolName.displayName) -> String {
        let ordered = PairedComparisonRows.ordered(report)
        var lines = [
            "### \(tool) paired comparison: \(report.count(.regressed)) regressed, \(report.count(.improved)) improved, "
                + "\(report.count(.unchanged)) unchanged, \(report.count(.inconclusive)) inconclusive",
            "", "Base \(MarkdownText.inlineCode(report.base)) → head \(MarkdownText.inlineCode(report.head)). " + PairedComparisonRows.method(report), "",
        ] + (PairedComparisonRows.incompleteNote(report).map { ["⚠️ **\(MarkdownText.text($0))**", ""] } ?? []) + [
            "| " + PairedComparisonRows.header.joined(separator: " | ") + " |", "|" + PairedComparisonRows.header.map { _ in " --- " }.joined(separator: "|") + "|",
        ]
        lines += ordered.map { comparison in
            var cells = PairedComparisonRows.row(comparison)
            cells[0] = MarkdownText.code(comparison.id)
            if comparison.verdict != .unchanged { cells[7] = "**\(cells[7])**" }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        lines += (report.profiles ?? []).flatMap { profileMarkdown($0, folder: report.profileFolder) }
        lines += [""] + PairedComparisonRows.footer(report).map(MarkdownText.text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where a regressed benchmark's time went: the functions that added the most first.
    static func profileMarkdown(_ profile: ProfileDifference, folder: String?) -> [String] {
        var lines = ["", "#### Where the time went: \(MarkdownText.inlineCode(profile.id)) "
                     + "(\(Percent.signed(profile.relativeChange, digits: 1)); perf cpu-clock, \(profile.baseSamples) → "
                     + "\(profile.headSamples) samples)", ""]
        if let entering = PairedComparisonRows.entering(profile, naming: MarkdownText.inlineCode) { lines += ["The time was " + entering + ".", ""] }
        lines += ["| function | self base → head | total base → head | added (of base's time) |", "| --- | --- | --- | --- |"]
        lines += profile.functions.prefix(PairedComparisonRows.profileRows).map { f in
            "| \(MarkdownText.code(f.name)) | \(share(f.baseSelf)) → \(share(f.headSelf)) | "
                + "\(share(f.baseTotal)) → \(share(f.headTotal)) | \(Percent.signed(f.addedShareOfBase, digits: 1)) |"
        }
        if let graph = profile.flameGraph {
            let path = folder.map { "\($0)/\(graph)" } ?? graph
            lines += ["", "Differential flame graph (head's stacks, red where time was added): \(MarkdownText.inlineCode(path))"]
        }
        return lines
    }

    /// The console lines of a differential profile: the functions that added the most time.
    public static func profileConsole(_ profile: ProfileDifference) -> [String] {
        let top = profile.functions.prefix(3).filter { $0.addedShareOfBase > 0 || $0.name == profile.responsible }.map { f in
            "\(f.name) \(Percent.signed(f.addedShareOfBase, digits: 1)) (self \(share(f.baseSelf)) → \(share(f.headSelf)))"
        }
        return ["where the time went, \(profile.id): " + (PairedComparisonRows.entering(profile).map { $0 + "; " } ?? "")
                + (top.isEmpty ? "no function gained time" : top.joined(separator: "; "))]
    }

    private static func share(_ value: Double) -> String { PairedComparisonRows.share(value) }

    public static func json(_ report: PairedComparisonReport) throws -> String {
        String(decoding: try ResultsFile.encoder().encode(report), as: UTF8.self) + "\n"
    }
}
