import Budgets
import Foundation
import Results
import TextFormatting

/// One self-contained HTML file: inline CSS, plots embedded as `data:` URIs, no script, no network.
///
/// Every verdict is readable at a glance by colour and by text (PASS/FAIL/… written out), and the markup is
/// well-formed XML (polyglot XHTML) so it can be checked by a parser.
public struct HTMLReporter: Reporter {
    public var fileName: String { "report.html" }

    public init() {}

    public func render(_ input: ReportInput) throws -> Data {
        var body = [header(input)]
        body.append(HTMLTables.verdicts(input.verdicts, caption: "Budgets"))
        let paired = PairedChangeSection.html(input.run)
        if !paired.isEmpty { body.append(paired) }
        for (hotPath, verdicts) in input.verdictsByHotPath {
            body.append(section(hotPath, verdicts: verdicts, plots: input.plots.filter { $0.hotPath == hotPath }))
        }
        let others = input.plots.filter { plot in !input.verdictsByHotPath.contains { $0.hotPath == plot.hotPath } }
        if !others.isEmpty {
            body.append("<section><h2>Other benchmarks</h2>\n\(others.map(figure).joined(separator: "\n"))</section>")
        }
        let roofs = RoofsSection.html(input.run)
        if !roofs.isEmpty { body.append(roofs) }
        body.append(HTMLTables.benchmarks(input.run))
        let unavailable = HTMLTables.unavailableCounters(input.run)
        if !unavailable.isEmpty { body.append(unavailable) }
        body.append(footer(input.run))
        let page = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>\(XMLText.escape(input.displayName)) \(XMLText.escape(input.run.runID))</title>
            <style>\(HTMLStyle.css)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
        return Data(page.utf8)
    }

    /// A nightly's paired regressions beside the budgets' badges: they fail the night as a failed budget does.
    private func pairedBadge(_ input: ReportInput) -> String {
        guard let paired = input.run.pairedChange, case let regressed = PairedChangeSection.regressed(paired).count, regressed > 0
        else { return "" }
        return " <span class=\"badge \(HTMLStyle.cssClass(.fail))\">\(regressed) REGRESSED against the baseline</span>"
    }

    private func header(_ input: ReportInput) -> String {
        let summary = input.summary
        let badges = VerdictOutcome.allCases.map { outcome in
            "<span class=\"badge \(HTMLStyle.cssClass(outcome))\">\(summary.count(outcome)) \(outcome.rawValue)</span>"
        }.joined(separator: " ") + pairedBadge(input)
        var notes = input.run.warnings
        if input.run.settings.quick { notes.insert("quick run: numbers are indicative only", at: 0) }
        if let note = input.run.incompleteNote { notes.insert(note, at: 0) }
        if let plotsNote = input.plotsNote { notes.append("plots: \(plotsNote)") }
        if let strict = input.strictNote { notes.append(strict) }
        let list = notes.isEmpty ? "" : "<ul class=\"notes\">" + notes.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul>"
        return "<header><h1>\(XMLText.escape(input.displayName)) run \(XMLText.escape(input.run.runID))</h1>\n<p class=\"summary\">\(badges)</p>\n\(list)</header>"
    }

    private func section(_ hotPath: String, verdicts: [BudgetVerdict], plots: [PlotImage]) -> String {
        let explanations = verdicts.map { verdict in
            "<li><span class=\"badge \(HTMLStyle.cssClass(verdict.outcome))\">\(verdict.outcome.rawValue)</span> "
                + "\(XMLText.escape(VerdictText.explanation(verdict))) <small>(\(XMLText.escape(verdict.budget.source)))</small></li>"
        }.joined(separator: "\n")
        return "<section id=\"\(XMLText.attribute(hotPath))\"><h2>\(XMLText.escape(hotPath))</h2>\n<ul class=\"verdicts\">\n\(explanations)\n</ul>\n"
            + plots.map(figure).joined(separator: "\n") + "</section>"
    }

    /// A plot as an `<img>` with a `data:` URI: embedded SVGs keep their own ids and styles to themselves.
    private func figure(_ plot: PlotImage) -> String {
        guard let svg = plot.svg else {
            let link = plot.png.map { "<a href=\"\(XMLText.attribute($0))\">\(XMLText.escape(plot.title))</a>" } ?? XMLText.escape(plot.title)
            return "<figure><figcaption>\(link)</figcaption></figure>"
        }
        let uri = "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
        return "<figure><img src=\"\(uri)\" alt=\"\(XMLText.attribute(plot.title))\"/><figcaption>\(XMLText.escape(plot.title))</figcaption></figure>"
    }

    private func footer(_ run: RunResults) -> String {
        let env = run.environment
        let commit = env.gitCommit.map { " · commit \($0.prefix(12))\(env.gitDirty == true ? " (dirty)" : "")" } ?? ""
        let paths = CodePaths.phrase(run).map { " · \($0)" } ?? ""
        let host = HostConditions.phrase(run).map { " · \($0)" } ?? ""
        return "<footer>\(XMLText.escape("\(env.cpuModel) · \(env.logicalCores) cores · \(env.operatingSystem) · \(env.swiftVersion) · \(env.buildConfiguration) build\(commit)\(paths)\(host)"))</footer>"
    }
}
