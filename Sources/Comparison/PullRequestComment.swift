import Foundation
import TextFormatting

/// `compare --format pr-comment`: a short Markdown comment for a pull request. The benchmarks that changed
/// (regressed, then improved) come first as a table; the unchanged and inconclusive ones follow inside a collapsed
/// `<details>` block. The whole comment always fits GitHub's limit on a comment body: when it would not, rows of
/// the collapsed block are left out (the changed rows never are, unless they alone overflow) and a note says how
/// many. Pure.
public enum PullRequestComment {
    /// GitHub's limit on a comment body, in characters. Counted here in UTF-8 bytes, never fewer than the characters
    /// however GitHub counts them (scalars, UTF-16 units or bytes), so a comment within it here is within it there.
    public static let gitHubLimit = 65_536

    /// The comment for `report`, at most `limit` UTF-8 bytes.
    public static func markdown(_ report: ComparisonReport, limit: Int = gitHubLimit, tool: String = ToolName.displayName) -> String {
        let changed = report.regressions + report.benchmarks.filter { $0.verdict == .improved }
        let quiet = report.inconclusive + report.benchmarks.filter { $0.verdict == .unchanged }
        let top = headline(report, tool: tool) + "\n\n", tail = notes(report)
        let changedText = changed.isEmpty ? "No benchmark regressed or improved.\n"
            : fitted(changed.map { row($0, level: report.settings.level) }, open: tableHeader, close: "", budget: limit - length(top) - length(tail))
        let collapsed = quiet.isEmpty ? ""
            : fitted(quiet.map { row($0, level: report.settings.level) }, open: "\n<details><summary>\(quiet.count) unchanged or inconclusive</summary>\n\n" + tableHeader,
                     close: "\n</details>\n", budget: limit - length(top) - length(changedText) - length(tail))
        return top + changedText + collapsed + tail
    }

    /// The verdict counts and the two commits, one line each.
    static func headline(_ report: ComparisonReport, tool: String = ToolName.displayName) -> String {
        let s = report.summary
        let icon = s.regressed > 0 ? "🔴" : s.inconclusive > 0 || report.comparedNothing || report.notMeasured != nil ? "🟡" : "🟢"
        let side = { (commit: String?, runID: String) in MarkdownText.inlineCode(commit.map { String($0.prefix(10)) } ?? runID) }
        return "### \(icon) \(tool): \(s.regressed) regressed, \(s.improved) improved, \(s.unchanged) unchanged, "
            + "\(s.inconclusive) inconclusive\n\n"
            + "Base \(side(report.baseCommit, report.baseRunID)) → head \(side(report.headCommit, report.headRunID)); "
            + s.sentence(statistic: report.settings.statisticName, bold: true) + " (\(report.familyWise.description))."
    }

    static let tableHeader = "| benchmark | base | head | change [CI] | p (Holm) | verdict |\n| --- | --- | --- | --- | --- | --- |\n"

    /// `open`, as many of `rows` as fit, a note naming how many were left out, and `close`, within `budget`
    /// bytes; only the note when no row fits, and nothing when not even that does.
    static func fitted(_ rows: [String], open: String, close: String, budget: Int) -> String {
        let frame = length(open) + length(close)
        let noteAllowance = length(truncationNote(omitted: rows.count))
        var kept = 0, used = frame
        for row in rows {
            let needsNote = kept + 1 < rows.count
            guard used + length(row) + (needsNote ? noteAllowance : 0) <= budget else { break }
            used += length(row)
            kept += 1
        }
        let omitted = rows.count - kept
        if omitted == 0 { return open + rows.joined() + close }
        let note = truncationNote(omitted: omitted)
        if kept == 0 { return length(note) <= budget ? note : "" }
        return open + rows.prefix(kept).joined() + note + close
    }

    /// Said in place of the rows left out to keep the comment within GitHub's limit.
    static func truncationNote(omitted: Int) -> String {
        "\n_\(omitted) more rows left out to stay within GitHub's \(gitHubLimit)-character comment limit; "
            + "the full table is in `compare --format markdown`._\n"
    }

    /// Added and removed benchmarks and warnings, short.
    static func notes(_ report: ComparisonReport) -> String {
        var lines = [String]()
        if !report.added.isEmpty { lines.append("Added (head only): \(report.added.count)") }
        if !report.removed.isEmpty { lines.append("Removed (base only): \(report.removed.count)") }
        if let missing = report.notMeasured { lines.append("**Not compared (nothing decided: see the warnings)**: \(missing.count)") }
        lines += report.warnings.prefix(5).map { "> ⚠️ \(MarkdownText.text($0))" }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n\n") + "\n"
    }

    /// One table row; the id is a code span (it comes from a file), the other cells are FrameBudget's own.
    static func row(_ c: BenchmarkComparison, level: Double) -> String {
        let interval = ComparisonText.intervalText(c, level: level) ?? ""
        let verdict = ComparisonText.verdictText(c)
        let cells = [MarkdownText.code(c.id), DurationText.string(nanoseconds: c.baseStatistic),
                     DurationText.string(nanoseconds: c.headStatistic), Percent.signed(c.relativeChange) + interval,
                     c.adjustedPValue.map(ComparisonText.pValue) ?? "—",
                     c.verdict == .unchanged ? verdict : "**\(verdict)**"]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// Length as the limit is checked: UTF-8 bytes.
    static func length(_ text: String) -> Int { text.utf8.count }
}
