import Budgets
import Foundation
import TextFormatting

/// A short Markdown report for a pull-request comment: the verdict summary first, then one table per hot path.
public struct MarkdownReporter: Reporter {
    public var fileName: String { "report.md" }

    public init() {}

    public func render(_ input: ReportInput) throws -> Data {
        let summary = input.summary
        let (icon, budgets) = input.verdicts.isEmpty ? (nil, "no budgets checked") : summary.hasFailures ? ("❌", "budgets failed")
            : input.failed ? ("❌", "budgets inconclusive (strict gate)")
            : summary.count(.inconclusive) > 0 ? ("⚠️", "budgets inconclusive") : ("✅", "all budgets pass")
        // A paired regression fails the night as a failed budget does: the headline leads with it.
        let regressed = input.run.pairedChange.map { PairedChangeSection.regressed($0).count } ?? 0
        let headline = regressed > 0 ? "❌ \(regressed) regressed against the baseline · \(budgets)"
            : icon.map { "\($0) \(budgets)" } ?? budgets
        // Every string from the results or the budgets is a code span or escaped text (MarkdownText): a pull
        // request's own files fill this comment.
        var lines = ["## \(input.displayName): \(headline)", "", "**\(summary.line)** · run \(MarkdownText.inlineCode(input.run.runID)) · "
            + "\(MarkdownText.text(input.run.environment.cpuModel)) · \(MarkdownText.text(input.run.environment.buildConfiguration)) build"
            + (CodePaths.phrase(input.run).map { " · \(MarkdownText.text($0))" } ?? "")
            + (HostConditions.phrase(input.run).map { " · \(MarkdownText.text($0))" } ?? "")]
        lines += runNotes(input).map { "> \(MarkdownText.text($0))" }
        lines += PairedChangeSection.markdown(input.run)
        var shown: Set<String> = []
        for (hotPath, all) in input.verdictsByHotPath {
            let verdicts = all.filter { !VerdictText.didNotRun($0) }
            guard !verdicts.isEmpty else { continue }
            shown.insert(hotPath)
            lines += ["", "### \(MarkdownText.text(hotPath))", "", "| | budget | benchmark | measured [CI] | runs | limit | headroom |",
                      "|---|---|---|---|---|---|---|"]
            lines += verdicts.map { verdict in
                "| \(VerdictText.symbol(verdict.outcome)) \(verdict.outcome.rawValue) | \(MarkdownText.code(verdict.budget.name)) | "
                    + "\(MarkdownText.code(verdict.budget.benchmarkID)) | \(VerdictText.measuredCell(verdict)) | \(VerdictText.runs(verdict)) | "
                    + "\(escape(VerdictText.limit(verdict.budget))) | \(VerdictText.headroom(verdict)) |"
            }
            let warned = verdicts.filter { $0.warning != nil }
            lines += warned.isEmpty ? [] : [""] + warned.map { "- \(MarkdownText.inlineCode($0.budget.name)): \(MarkdownText.text($0.warning!))" }
            // Which rule decided a verdict that asks for attention, in words (the table shows only its numbers).
            let explained = verdicts.filter { $0.outcome != .pass }.compactMap { verdict in
                VerdictText.basis(verdict).map { "- \(VerdictText.symbol(verdict.outcome)) \(MarkdownText.inlineCode(verdict.budget.name)): \(MarkdownText.text($0))" }
            }
            lines += explained.isEmpty ? [] : [""] + explained
            let plots = input.plots.filter { $0.hotPath == hotPath }.compactMap(link)
            if !plots.isEmpty { lines += ["", "Plots: " + plots.joined(separator: " · ")] }
        }
        let notRun = input.verdicts.filter(VerdictText.didNotRun)
        if !notRun.isEmpty {
            lines += ["", "⛔ **\(notRun.count) MISSING** (benchmark did not run): " + notRun.map { MarkdownText.inlineCode($0.budget.name) }.joined(separator: ", ")]
        }
        let others = input.plots.filter { !shown.contains($0.hotPath ?? "") }
        let links = others.compactMap(link)
        if !links.isEmpty { lines += ["", "Other plots: " + links.joined(separator: " · ")] }
        lines += RoofsSection.markdown(input.run)
        lines += ["", "Full report: `report.html` · results: \(MarkdownText.inlineCode(input.resultsFile))"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func runNotes(_ input: ReportInput) -> [String] {
        var notes: [String] = []
        if input.run.settings.quick { notes.append("quick run: numbers are indicative only") }
        if let note = input.run.incompleteNote { notes.append(note) }
        if let note = input.plotsNote { notes.append("plots: \(note)") }
        if let strict = input.strictNote { notes.append(strict) }
        return notes
    }

    /// Table cells must not contain pipes (the limit is FrameBudget's own text: a unit and a number).
    private func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// A link to a plot's PNG: the title escaped; the target is a plot file, whose name is file-safe (`DataFileName`).
    private func link(_ plot: PlotImage) -> String? {
        plot.png.map { "[\(MarkdownText.text(plot.title))](\($0))" }
    }
}
