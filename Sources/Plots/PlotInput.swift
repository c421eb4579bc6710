import Budgets
import Foundation
import TextFormatting
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

    /// The file-name stem of a hot path's plots (``PlotText/stem(_:among:)`` among the run's hot paths).
    public func stem(ofHotPath hotPath: String) -> String { PlotText.stem(hotPath, among: hotPaths) }

    /// The file-name stem of one benchmark's plots (among the run's benchmark ids).
    public func stem(ofBenchmark id: String) -> String { PlotText.stem(id, among: run.benchmarks.map(\.id)) }

    public func benchmarks(of hotPath: String) -> [BenchmarkResult] {
        run.benchmarks.filter { $0.hotPath == hotPath }
    }

    /// Time budgets of a benchmark, with their limits in milliseconds and as the budget states them (`< 2.4 µs`,
    /// `> 1 s`: its own unit and direction, which a key in milliseconds would lose).
    func timeLimitsMilliseconds(of id: String, metric: BudgetMetric = .time)
        -> [(name: String, milliseconds: Double, phrase: String)] {
        verdicts.map(\.budget).filter { $0.benchmarkID == id && $0.metric == metric }.map { budget in
            let base = budget.limit * budget.unit.scale(for: metric)
            return (budget.name, metric == .frameTime ? base : base / 1e6, budget.limitPhrase)
        }
    }
}

/// Helpers shared by the plot kinds.
enum PlotText {
    /// A file-name-safe stem: `nms/optimized/n=100` → `nms-optimized-n-100`.
    static func stem(_ text: String) -> String { DataFileName(text).name }

    /// ``stem(_:)``, with a hash of `text` added when another of `names` has the same stem (`a<b` and `a>b` both
    /// make `a-b`): one name's plot files would silently replace the other's. Names that differ in stem keep it
    /// as it is, so the registered suite's plot files keep their readable names.
    static func stem(_ text: String, among names: [String]) -> String {
        let plain = stem(text)
        guard names.contains(where: { $0 != text && stem($0) == plain }) else { return plain }
        return plain + "-" + String(FNV1a.hex(FNV1a.hash64(text)).prefix(10))
    }

    /// A number for a data file (`NaN` when not finite).
    static func number(_ value: Double) -> String { GnuplotScript.number(value) }

    /// The colour and dash of each of `results` in a plot that draws them side by side: its variant's colour while
    /// no two of them share one (so reference is the same brown in every panel and plot), else the series palette
    /// in order (twelve workloads of one variant, several peers). Box and curve panels of one plot use the same.
    static func styles(of results: [BenchmarkResult]) -> [(colour: PlotColour, dash: Int)] {
        let variants = results.map { colour(ofVariant: $0.variant) }
        if Set(variants.map(\.hex)).count == variants.count { return variants.map { ($0, 1) } }
        return results.indices.map { (PlotColour.series($0), PlotColour.seriesDash($0)) }
    }

    /// Colours of the variants, fixed so every plot agrees.
    static func colour(ofVariant variant: String) -> PlotColour {
        switch variant {
        case "reference": return PlotColour(0x9A6700)
        case "optimized": return PlotColour(0x0969DA)
        case "memcpy", "blas": return PlotColour(0x8250DF)
        case "peer": return PlotColour(0x1A7F37)
        case "peer-1core": return PlotColour(0x7EE2A8)
        default: return PlotColour(0x1A7F37)
        }
    }
}

/// The standard plots of a run, one kind per file: distributions, reference vs optimized, frame timelines,
/// counters, complexity, roofline.
public enum StandardPlots {
    public static func specs(for input: PlotInput) -> [PlotSpec] {
        LatencyDistributionPlot().plots(for: input) + VariantComparisonPlot().plots(for: input)
            + FrameTimelinePlot().plots(for: input) + CountersPlot().plots(for: input)
            + ComplexityPlot().plots(for: input) + RooflinePlot().plots(for: input)
    }
}
