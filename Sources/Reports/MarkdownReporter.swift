import Budgets
import Foundation

/// A short Markdown report for a pull-request comment: the verdict summary first, then one table per hot path.
public struct MarkdownReporter: Reporter {
    public var fileName: String { "report.md" }

    public init() {}

    public func render(_ input: ReportInput) throws -> Data {
        let summary = input.summary
        let headline = input.verdicts.isEmpty ? "no budgets checked" : summary.hasFailures ? "❌ budgets failed"
            : summary.count(.inconclusive) > 0 ? "⚠️ budgets inconclusive" : "✅ all budgets pass"
        var lines = ["## FrameBudget: \(headline)", "", "**\(summary.line)** · run `\(input.run.runID)` · "
            + "\(input.run.environment.cpuModel) · \(input.run.environment.buildConfiguration) build"]
        lines += runNotes(input).map { "> \($0)" }
        var shown: Set<String> = []
        for (hotPath, all) in input.verdictsByHotPath {
            let verdicts = all.filter { !VerdictText.didNotRun($0) }
            guard !verdicts.isEmpty else { continue }
            shown.insert(hotPath)
            lines += ["", "### \(hotPath)", "", "| | budget | benchmark | measured [95% CI] | runs | limit | headroom |",
                      "|---|---|---|---|---|---|---|"]
            lines += verdicts.map { verdict in
                "| \(VerdictText.symbol(verdict.outcome)) \(verdict.outcome.rawValue) | \(verdict.budget.name) | "
                    + "`\(verdict.budget.benchmarkID)` | \(VerdictText.measured(verdict)) | \(VerdictText.runs(verdict)) | "
                    + "\(escape(VerdictText.limit(verdict.budget))) | \(VerdictText.headroom(verdict)) |"
            }
            let warned = verdicts.filter { $0.warning != nil }
            lines += warned.isEmpty ? [] : [""] + warned.map { "- \($0.budget.name): \(escape($0.warning!))" }
            let plots = input.plots.filter { $0.hotPath == hotPath }.compactMap { plot in plot.png.map { "[\(plot.title)](\($0))" } }
            if !plots.isEmpty { lines += ["", "Plots: " + plots.joined(separator: " · ")] }
        }
        let notRun = input.verdicts.filter(VerdictText.didNotRun)
        if !notRun.isEmpty {
            lines += ["", "⛔ **\(notRun.count) MISSING** (benchmark did not run): " + notRun.map { "`\($0.budget.name)`" }.joined(separator: ", ")]
        }
        let others = input.plots.filter { !shown.contains($0.hotPath ?? "") }
        let links = others.compactMap { plot in plot.png.map { "[\(plot.title)](\($0))" } }
        if !links.isEmpty { lines += ["", "Other plots: " + links.joined(separator: " · ")] }
        lines += RoofsSection.markdown(input.run)
        lines += ["", "Full report: `report.html` · results: `results.json`"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func runNotes(_ input: ReportInput) -> [String] {
        var notes: [String] = []
        if input.run.settings.quick { notes.append("quick run: numbers are indicative only") }
        if !input.run.complete { notes.append("run incomplete: \(input.run.incompleteReason ?? "unknown reason")") }
        if let note = input.plotsNote { notes.append("plots: \(note)") }
        return notes
    }

    /// Table cells must not contain pipes; `<` is fine in GitHub Markdown.
    private func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
