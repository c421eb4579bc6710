import Budgets
import Foundation
import Results
import TextFormatting

/// One rendered plot, as reports link or embed it.
public struct PlotImage: Sendable, Equatable {
    /// File stem, e.g. `colormap-latency`.
    public var name: String
    public var title: String
    /// The hot path the plot belongs to, or nil for run-wide plots.
    public var hotPath: String?
    /// Image files relative to the report folder (e.g. `plots/colormap-latency.png`).
    public var files: [String]
    /// The SVG markup, for reports that embed plots (HTML); nil when not rendered as SVG.
    public var svg: String?

    public init(name: String, title: String, hotPath: String?, files: [String], svg: String? = nil) {
        self.name = name
        self.title = title
        self.hotPath = hotPath
        self.files = files
        self.svg = svg
    }

    /// The PNG file, for Markdown links.
    public var png: String? { files.first { $0.hasSuffix(".png") } }
}

/// Everything a report shows: the run, the verdicts of its budgets, the plots drawn from it.
public struct ReportInput: Sendable {
    public var run: RunResults
    public var verdicts: [BudgetVerdict]
    public var plots: [PlotImage]
    /// Why plots are absent (gnuplot missing or failing), said in every report instead of silently omitting them.
    public var plotsNote: String?
    /// `gate --strict`: INCONCLUSIVE counts as a failure.
    public var strict: Bool
    /// The tool that made the reports (`framebudget`, or a package's own benchmark executable): JUnit's package.
    public var toolName: String
    /// Where the run's results file is, as the reports name it: `results.json` beside them, or the path of a file
    /// reported into another folder (`report --out`).
    public var resultsFile = "results.json"

    public init(run: RunResults, verdicts: [BudgetVerdict], plots: [PlotImage] = [], plotsNote: String? = nil, strict: Bool = false,
                toolName: String = "framebudget") {
        self.run = run
        self.verdicts = verdicts
        self.plots = plots
        self.plotsNote = plotsNote
        self.strict = strict
        self.toolName = toolName
    }

    /// What every report says under `--strict`, where an INCONCLUSIVE budget fails the gate (exit 3); nil otherwise.
    public var strictNote: String? { strict ? "strict gate: INCONCLUSIVE counts as a failure" : nil }

    /// The gate failed: a budget FAIL or MISSING, or under `--strict` one INCONCLUSIVE.
    public var failed: Bool { summary.hasFailures || (strict && summary.count(.inconclusive) > 0) }

    /// Verdicts grouped by hot path, in the order hot paths first appear in the budgets.
    public var verdictsByHotPath: [(hotPath: String, verdicts: [BudgetVerdict])] {
        var order: [String] = []
        var groups: [String: [BudgetVerdict]] = [:]
        for verdict in verdicts {
            if groups[verdict.budget.hotPath] == nil { order.append(verdict.budget.hotPath) }
            groups[verdict.budget.hotPath, default: []].append(verdict)
        }
        return order.map { ($0, groups[$0]!) }
    }

    public var summary: GateSummary { GateSummary(verdicts) }

    /// The name report headings open with: `FrameBudget` for FrameBudget's own tool, else the package's tool.
    public var displayName: String { ToolName.displayName(of: toolName) }
}

/// A report format: pure, results and verdicts in, bytes out. ``ReportWriter`` decides where the bytes go.
public protocol Reporter: Sendable {
    /// File name inside the report folder, e.g. `report.md`.
    var fileName: String { get }
    /// False for a format with no way to say that a run is incomplete (Bencher's, github-action-benchmark's):
    /// ``ReportWriter`` leaves it out for an interrupted run, so that a partial run is never stored as a whole one.
    var writesIncompleteRuns: Bool { get }
    func render(_ input: ReportInput) throws -> Data
}

extension Reporter {
    public var writesIncompleteRuns: Bool { true }

    /// Renders to UTF-8 text (every format is text).
    public func text(_ input: ReportInput) throws -> String {
        String(decoding: try render(input), as: UTF8.self)
    }
}
