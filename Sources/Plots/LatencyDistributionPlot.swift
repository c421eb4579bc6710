import Foundation
import Results
import Statistics
import TextFormatting

/// Per hot path: a box plot of every benchmark's samples (ns, µs or ms per iteration, from the largest median: an
/// axis of `0.00015 ms` ran its tic labels together) with the p95 confidence interval shaded
/// and each time budget drawn as a dashed red line, beside the empirical CDFs with the budgets as vertical lines.
///
/// Budgets are named in the key (one dash pattern each), never by text at the line: labels there overprinted the
/// boxes and each other. The box plot's y range and the CDF's x range always take in the budgets, so every line is
/// drawn inside its panel, except a budget so far above linear-scale data that showing it would flatten the boxes:
/// that one is named in the key as off-scale instead of drawn.
public struct LatencyDistributionPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { !$0.samplesNanoseconds.isEmpty }
            return results.isEmpty ? nil : spec(hotPath, results, input)
        }
    }

    /// One budget line: which box it belongs to, its limit (in the axis unit), and its dash pattern and key title.
    struct BudgetMark {
        var box: Int
        var value: Double
        var dashType: Int
        var title: String
        var onScale: Bool
    }

    /// The time budgets of the benchmarks, and the frame-time budgets of frame-loop benchmarks (whose samples are
    /// frame times), each with its own dash pattern.
    static func budgetMarks(_ results: [BenchmarkResult], _ input: PlotInput, logScale: Bool, unit: AxisUnit) -> [BudgetMark] {
        let largest = results.flatMap(\.samplesNanoseconds).max().map(unit.value) ?? 0
        var marks: [BudgetMark] = []
        for (index, result) in results.enumerated() {
            let limits = input.timeLimitsMilliseconds(of: result.id)
                + (result.frameLoop == nil ? [] : input.timeLimitsMilliseconds(of: result.id, metric: .frameTime))
            for limit in limits {
                let value = unit.value(limit.milliseconds * 1e6)
                let onScale = logScale || BudgetHeadroom.isOnScale(value, largest: largest)
                marks.append(BudgetMark(box: index + 1, value: value, dashType: 2 + marks.count % 4,
                                        title: "\(limit.name): \(limit.phrase)\(onScale ? "" : " (off-scale, above)")",
                                        onScale: onScale))
            }
        }
        return marks
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult], _ input: PlotInput) -> PlotSpec {
        let name = "\(input.stem(ofHotPath: hotPath))-latency"
        let samplesFile = DataFileName("\(name)-samples.dat"), cdfFile = DataFileName("\(name)-cdf.dat")
        // Benchmarks an order of magnitude apart (reference vs optimized, sweeps) only read on a log scale.
        let medians = results.map(\.statistics.median).filter { $0 > 0 }
        let log = (medians.max() ?? 1) > 20 * (medians.min() ?? 1)
        let unit = AxisUnit.of(results)
        let marks = Self.budgetMarks(results, input, logScale: log, unit: unit)
        let layout = KeyLayout(entries: max(results.count, marks.count))
        var strings = PlotStrings()
        let labels = results.map { strings.add("\($0.variant)/\($0.workload)") }
        let p95 = { (result: BenchmarkResult) in result.reported(.p95, runID: input.run.runID).interval }
        let boxes = Self.boxPanel(results, p95: p95, marks, samplesFile, logScale: log, unit: unit, layout: layout, strings: &strings)
        // Shading only where a p95 has an interval: a run of fewer than 72 samples cannot bound it.
        let shaded = results.contains { p95($0) != nil }
        let title = strings.add("\(hotPath): latency per iteration ("
                                + (shaded ? "shaded: 95% CI of p95" : "no p95 interval: too few samples to bound it")
                                + (marks.isEmpty ? ")" : "; red dashed: budgets, named below)"))
        let cdfs = Self.cdfPanel(results, marks, cdfFile, labels: labels, logScale: log, unit: unit, layout: layout)
        let script: GnuplotScript = """
            set multiplot layout 1,2 title \(title)
            \(boxes)
            \(cdfs)
            unset multiplot
            """
        let (samples, cdf) = Self.dataFiles(results, unit: unit)
        return PlotSpec(name: name, title: "\(hotPath): latency distribution", script: script, strings: strings,
                        dataFiles: [samplesFile.name: samples, cdfFile.name: cdf], hotPath: hotPath)
    }

    /// The samples (in `unit`, one block per benchmark) and each benchmark's empirical CDF (share of samples ≤ it).
    static func dataFiles(_ results: [BenchmarkResult], unit: AxisUnit) -> (samples: String, cdf: String) {
        let samples = results.map { result in result.samplesNanoseconds.map { PlotText.number(unit.value($0)) }.joined(separator: "\n") }
            .joined(separator: "\n\n\n")
        let cdf = results.map { result -> String in
            let sorted = result.samplesNanoseconds.sorted()
            return sorted.enumerated().map { "\(PlotText.number(unit.value($1))) \(PlotText.number(Double($0 + 1) / Double(sorted.count)))" }
                .joined(separator: "\n")
        }.joined(separator: "\n\n\n")
        return (samples + "\n", cdf + "\n")
    }

    /// The left panel: a box per benchmark, its p95 interval shaded, the on-scale budgets as dashed lines across
    /// their box, and every budget named in the key.
    static func boxPanel(_ results: [BenchmarkResult], p95: (BenchmarkResult) -> ConfidenceInterval?, _ marks: [BudgetMark],
                         _ samplesFile: DataFileName, logScale log: Bool,
                         unit: AxisUnit, layout: KeyLayout, strings: inout PlotStrings) -> GnuplotScript {
        let styles = PlotText.styles(of: results)
        let objects = results.enumerated().compactMap { index, result -> GnuplotScript? in
            guard let ci = p95(result) else { return nil }  // the p95 the tables report: over runs for a merged result
            let x = Double(index + 1)
            return "set object rect from \(x - 0.35),\(unit.value(ci.lower)) to \(x + 0.35),\(unit.value(ci.upper)) fc rgb \(styles[index].colour) fs transparent solid 0.25 noborder"
        }
        let budgetLines = marks.filter(\.onScale).map { mark -> GnuplotScript in
            "set arrow from \(Double(mark.box) - 0.45),\(mark.value) to \(Double(mark.box) + 0.45),\(mark.value) nohead lc rgb \(PlotColour.budget) lw 2 dt \(mark.dashType)"
        }
        var tics: [GnuplotScript] = []
        for (index, result) in results.enumerated() {
            tics.append("\(strings.addTicLabel("\(result.variant)/\(result.workload)")) \(index + 1)")
        }
        let boxes = results.indices.map { index -> GnuplotScript in
            "\(samplesFile) index \(index) using (\(index + 1)):1 with boxplot lc rgb \(styles[index].colour) notitle"
        }
        var budgetKeys: [GnuplotScript] = []
        for mark in marks {
            budgetKeys.append("NaN with lines lc rgb \(PlotColour.budget) lw 2 dt \(mark.dashType) title \(strings.add(mark.title))")
        }
        return """
            set style fill solid 0.3 border -1
            set style boxplot outliers pointtype 7
            set pointsize 0.4
            set ylabel \(unit.axisLabel)
            \(log ? "set logscale y" : "unset logscale y")
            set format y '%g'
            \(Self.yRange(results, marks, shaded: results.compactMap(p95), logScale: log, unit: unit))
            set xtics (\(tics.joined(separator: ", "))) rotate by -35 font ',8'
            set bmargin \(layout.bottomMargin)
            set key at screen 0.27, screen 0.01 center bottom vertical maxrows \(layout.rows) font ',8' samplen 3
            set xrange [0.3:\(Double(results.count) + 0.7)]
            set grid ytics
            \(GnuplotScript(lines: objects))
            \(GnuplotScript(lines: budgetLines))
            plot \((boxes + budgetKeys).joined(separator: ", \\\n     "))
            unset object
            unset arrow
            unset logscale y
            """
    }

    /// The right panel: each benchmark's empirical CDF, the on-scale budgets as vertical lines.
    static func cdfPanel(_ results: [BenchmarkResult], _ marks: [BudgetMark], _ cdfFile: DataFileName,
                         labels: [PlotStrings.Reference], logScale log: Bool, unit: AxisUnit, layout: KeyLayout) -> GnuplotScript {
        let styles = PlotText.styles(of: results)
        let curves = results.indices.map { index -> GnuplotScript in
            "\(cdfFile) index \(index) using 1:2 with steps lw 2 lc rgb \(styles[index].colour) dt \(styles[index].dash) title \(labels[index])"
        }
        let verticals = marks.filter(\.onScale).map { mark -> GnuplotScript in
            "set arrow from \(mark.value), graph 0 to \(mark.value), graph 1 nohead lc rgb \(PlotColour.budget) lw 2 dt \(mark.dashType)"
        }
        return """
            set yrange [0:1.02]
            \(log ? "set logscale x" : "unset logscale x")
            set xtics auto norotate font ',8'
            set format x '%g'
            \(Self.cdfRange(results, marks, logScale: log, unit: unit))
            \(log ? Self.logTicSpacing(results, marks, unit: unit) : "")
            set xlabel \(unit.axisLabel) offset 0,0.5
            set ylabel 'share of samples ≤ x'
            set key at screen 0.75, screen 0.01 center bottom vertical maxrows \(layout.rows) font ',8' samplen 3
            \(GnuplotScript(lines: verticals))
            plot \(curves.joined(separator: ", \\\n     "))
            """
    }

    /// The CDF panel's x range: every sample and every on-scale budget, with a margin. gnuplot draws an arrow with
    /// one end in `graph` coordinates even when its x is outside the range, so a budget left to autoscaling (which
    /// reads the curves only) was drawn outside the panel, over the box plot or off the figure.
    static func cdfRange(_ results: [BenchmarkResult], _ marks: [BudgetMark], logScale: Bool, unit: AxisUnit) -> GnuplotScript {
        let values = results.flatMap(\.samplesNanoseconds).map(unit.value) + marks.filter(\.onScale).map(\.value)
        guard let low = values.filter({ $0 > 0 }).min(), let high = values.max() else { return "set xrange [*:*]" }
        if logScale { return "set xrange [\(low / 1.2):\(high * 1.2)]" }
        let margin = Swift.max(high - low, high * 0.01) * 0.05
        return "set xrange [\(Swift.max(0, low - margin)):\(high + margin)]"
    }

    /// On a log x axis spanning many decades a tic every decade runs its labels together (budgets from 1 ns to 1 s
    /// gave one unreadable string): a tic every 10ᵏ decades, for at most six labels.
    static func logTicSpacing(_ results: [BenchmarkResult], _ marks: [BudgetMark], unit: AxisUnit) -> GnuplotScript {
        let values = results.flatMap(\.samplesNanoseconds).map(unit.value) + marks.filter(\.onScale).map(\.value)
        guard let low = values.filter({ $0 > 0 }).min(), let high = values.max(), high > low else { return "" }
        let decades = (log10(high) - log10(low)).rounded(.up)
        let step = Swift.max(1, (decades / 6).rounded(.up))
        return step > 1 ? "set xtics \(pow(10, step))" : ""
    }

    /// A y range taking in every sample, every on-scale budget and every shaded interval, with a margin. A p95
    /// interval over process runs can reach past every sample (three runs: a t-interval on two degrees of freedom),
    /// and its top was cut off at the panel's edge.
    static func yRange(_ results: [BenchmarkResult], _ marks: [BudgetMark], shaded: [ConfidenceInterval] = [],
                       logScale: Bool, unit: AxisUnit) -> GnuplotScript {
        let values = results.flatMap(\.samplesNanoseconds).map(unit.value) + marks.filter(\.onScale).map(\.value)
            + shaded.flatMap { [$0.lower, $0.upper] }.filter(\.isFinite).map(unit.value)
        guard let low = values.filter({ $0 > 0 }).min(), let high = values.max() else { return "set yrange [*:*]" }
        return logScale ? "set yrange [\(low / 1.5):\(high * 1.5)]" : "set yrange [0:\(high * 1.08)]"
    }
}

/// Room below the panels for the rotated tic labels, the x label and a key of `entries` lines: one column for up
/// to three entries, else two (half the figure is not wide enough for more).
struct KeyLayout {
    let rows: Int
    let bottomMargin: Int

    init(entries: Int) {
        rows = entries <= 3 ? max(entries, 1) : (entries + 1) / 2
        // In character heights: 7 for the rotated tic labels and the x label, then one per key row.
        bottomMargin = 7 + rows
    }
}
