import Foundation
import Results
import Statistics

/// Per hot path: a box plot of every benchmark's samples (ms per iteration) with the p95 confidence interval shaded
/// and each time budget drawn as a dashed red line, beside the empirical CDFs with the budgets as vertical lines.
public struct LatencyDistributionPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { !$0.samplesNanoseconds.isEmpty }
            return results.isEmpty ? nil : spec(hotPath, results, input)
        }
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult], _ input: PlotInput) -> PlotSpec {
        let name = "\(PlotText.stem(hotPath))-latency"
        let samples = results.map { result in result.samplesNanoseconds.map { PlotText.number($0 / 1e6) }.joined(separator: "\n") }
            .joined(separator: "\n\n\n")
        let cdf = results.map { result -> String in
            let sorted = result.samplesNanoseconds.sorted()
            return sorted.enumerated().map { "\(PlotText.number($1 / 1e6)) \(PlotText.number(Double($0 + 1) / Double(sorted.count)))" }
                .joined(separator: "\n")
        }.joined(separator: "\n\n\n")
        var objects: [String] = []
        var budgetLines: [String] = []
        for (index, result) in results.enumerated() {
            let x = Double(index + 1)
            if let ci = result.statistics.interval(of: "p95") {
                objects.append("set object rect from \(PlotText.number(x - 0.35)),\(PlotText.number(ci.lower / 1e6)) to \(PlotText.number(x + 0.35)),\(PlotText.number(ci.upper / 1e6)) fc rgb '#0969da' fs transparent solid 0.25 noborder")
            }
            for limit in input.timeLimitsMilliseconds(of: result.id) {
                budgetLines.append("set arrow from \(PlotText.number(x - 0.45)),\(PlotText.number(limit.milliseconds)) to \(PlotText.number(x + 0.45)),\(PlotText.number(limit.milliseconds)) nohead lc rgb '#cf222e' lw 2 dt 2")
                budgetLines.append("set label \(PlotText.quoted(limit.name)) at \(PlotText.number(x + 0.47)),\(PlotText.number(limit.milliseconds)) tc rgb '#cf222e' font ',8'")
            }
        }
        let tics = results.enumerated().map { "\(PlotText.quoted("\($1.variant)/\($1.workload)")) \($0 + 1)" }.joined(separator: ", ")
        // Benchmarks an order of magnitude apart (reference vs optimized, sweeps) only read on a log scale.
        let medians = results.map(\.statistics.median).filter { $0 > 0 }
        let logScale = (medians.max() ?? 1) > 20 * (medians.min() ?? 1) ? "set logscale y" : "unset logscale y"
        let logScaleX = logScale.replacingOccurrences(of: " y", with: " x")
        let boxes = results.indices.map { "'\(name)-samples.dat' index \($0) using (\($0 + 1)):1 with boxplot lc rgb \(PlotText.quoted(PlotText.colour(ofVariant: results[$0].variant))) notitle" }
        let curves = results.indices.map { "'\(name)-cdf.dat' index \($0) using 1:2 with steps lw 2 title \(PlotText.quoted(results[$0].id))" }
        let verticals = results.flatMap { input.timeLimitsMilliseconds(of: $0.id) }.map {
            "set arrow from \(PlotText.number($0.milliseconds)), graph 0 to \(PlotText.number($0.milliseconds)), graph 1 nohead lc rgb '#cf222e' lw 2 dt 2"
        }
        let script = """
            set multiplot layout 1,2 title \(PlotText.quoted("\(hotPath): latency per iteration (shaded: 95% CI of p95; red dashed: budget)"))
            set style fill solid 0.3 border -1
            set style boxplot outliers pointtype 7
            set pointsize 0.4
            set ylabel 'ms per iteration'
            \(logScale)
            set xtics (\(tics)) rotate by -35 font ',8'
            set bmargin 7
            set xrange [0.3:\(Double(results.count) + 0.9)]
            set grid ytics
            \(objects.joined(separator: "\n"))
            \(budgetLines.joined(separator: "\n"))
            plot \(boxes.joined(separator: ", \\\n     "))
            unset object
            unset arrow
            unset label
            unset logscale y
            \(logScaleX)
            set xtics auto norotate
            set xrange [*:*]
            set xlabel 'ms per iteration'
            set ylabel 'share of samples ≤ x'
            set yrange [0:1.02]
            set key bottom right font ',8'
            \(verticals.joined(separator: "\n"))
            plot \(curves.joined(separator: ", \\\n     "))
            unset multiplot
            """
        return PlotSpec(name: name, title: "\(hotPath): latency distribution", script: script,
                        dataFiles: ["\(name)-samples.dat": samples + "\n", "\(name)-cdf.dat": cdf + "\n"], hotPath: hotPath)
    }
}
