import Budgets
import Foundation
import Results

/// What every standard plot kind reads: the run and the verdicts of its budgets.
public struct PlotInput: Sendable {
    public var run: RunResults
    public var verdicts: [BudgetVerdict]

    public init(run: RunResults, verdicts: [BudgetVerdict]) {
        self.run = run
        self.verdicts = verdicts
    }

    /// Hot paths in the order their first benchmark appears in the run.
    public var hotPaths: [String] {
        var seen: Set<String> = []
        return run.benchmarks.map(\.hotPath).filter { seen.insert($0).inserted }
    }

    public func benchmarks(of hotPath: String) -> [BenchmarkResult] {
        run.benchmarks.filter { $0.hotPath == hotPath }
    }

    /// Time budgets of a benchmark, with their limits in milliseconds.
    func timeLimitsMilliseconds(of id: String, metric: BudgetMetric = .time) -> [(name: String, milliseconds: Double)] {
        verdicts.map(\.budget).filter { $0.benchmarkID == id && $0.metric == metric }.map { budget in
            let base = budget.limit * budget.unit.scale(for: metric)
            return (budget.name, metric == .frameTime ? base : base / 1e6)
        }
    }
}

/// Helpers shared by the plot kinds.
enum PlotText {
    /// A file-name-safe stem: `nms/optimized/n=100` → `nms-optimized-n100`.
    static func stem(_ text: String) -> String {
        let kept = text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" }
        return String(kept).replacingOccurrences(of: "--", with: "-")
    }

    /// A string literal for a gnuplot script (single quotes, doubled inside).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A double-quoted gnuplot string, where `\n` breaks the line (tic labels).
    static func doubleQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func number(_ value: Double) -> String { String(format: "%.6g", value) }

    /// Colours of the variants, fixed so every plot agrees.
    static func colour(ofVariant variant: String) -> String {
        switch variant {
        case "reference": return "#9a6700"
        case "optimized": return "#0969da"
        case "memcpy", "blas": return "#8250df"
        case "peer": return "#1a7f37"
        case "peer-1core": return "#7ee2a8"
        default: return "#1a7f37"
        }
    }
}

/// The standard plots of a run, one kind per file: distributions, reference vs optimized, frame timelines,
/// counters, complexity.
public enum StandardPlots {
    public static func specs(for input: PlotInput) -> [PlotSpec] {
        LatencyDistributionPlot().plots(for: input) + VariantComparisonPlot().plots(for: input)
            + FrameTimelinePlot().plots(for: input) + CountersPlot().plots(for: input)
            + ComplexityPlot().plots(for: input) + RooflinePlot().plots(for: input)
    }
}
