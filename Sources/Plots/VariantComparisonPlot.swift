import Foundation
import Results
import Statistics

/// Per hot path with a `reference` variant: median ms per iteration of every variant on every workload, with 95%
/// interval error bars on a log scale, so the speed-up of the optimized kernel over the reference reads directly.
public struct VariantComparisonPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { $0.statistics.count > 0 }
            guard results.contains(where: { $0.variant == "reference" }),
                  Set(results.map(\.variant)).count > 1 else { return nil }
            return spec(hotPath, results)
        }
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult]) -> PlotSpec {
        let name = "\(PlotText.stem(hotPath))-variants"
        let file = DataFileName("\(name).dat")
        var workloads: [String] = []
        var variants: [String] = []
        for result in results {
            if !workloads.contains(result.workload) { workloads.append(result.workload) }
            if !variants.contains(result.variant) { variants.append(result.variant) }
        }
        var strings = PlotStrings()
        let width = 0.8 / Double(variants.count)
        let blocks = variants.map { variant in
            results.filter { $0.variant == variant }.map { result -> String in
                let s = result.statistics
                let ci = s.interval(of: .median) ?? .init(lower: s.median, upper: s.median, level: 0.95)
                let x = Double(workloads.firstIndex(of: result.workload)!) + 1 - 0.4 + width * (Double(variants.firstIndex(of: variant)!) + 0.5)
                let halfWidth = s.median > 0 ? 50 * (ci.upper - ci.lower) / s.median : 0
                let label = strings.add(String(format: "±%.2g%%", halfWidth))
                return ([x, s.median / 1e6, ci.lower / 1e6, ci.upper / 1e6].map(PlotText.number) + [String(label.index)])
                    .joined(separator: " ")
            }.joined(separator: "\n")
        }.joined(separator: "\n\n\n")
        let speedups = workloads.enumerated().compactMap { index, workload -> GnuplotScript? in
            guard let reference = results.first(where: { $0.workload == workload && $0.variant == "reference" }),
                  let optimized = results.first(where: { $0.workload == workload && $0.variant == "optimized" }),
                  optimized.statistics.median > 0 else { return nil }
            let ratio = reference.statistics.median / optimized.statistics.median
            // Above both bars and their ± labels.
            let upper = { (result: BenchmarkResult) in result.statistics.interval(of: .median)?.upper ?? result.statistics.median }
            let top = max(upper(reference), upper(optimized)) / 1e6 * 2.4
            // Whole above 10: "×1.3e+02" read as an exponent, not a speed-up of 130.
            let text = ratio >= 10 ? String(format: "×%.0f", ratio) : String(format: "×%.2g", ratio)
            return "set label \(strings.add(text)) at \(index + 1),\(top) center font ',9'"
        }
        // Room above the highest bar for its ± and × labels (autoscaled, a label landed on the title or the border).
        let highest = results.map { $0.statistics.interval(of: .median)?.upper ?? $0.statistics.median }.max() ?? 0
        let ceiling: GnuplotScript = highest > 0 && highest.isFinite ? "set yrange [*:\(highest / 1e6 * 6)]" : ""
        let tics = workloads.enumerated().map { index, workload -> GnuplotScript in "\(strings.addTicLabel(workload)) \(index + 1)" }
        let plots = variants.enumerated().map { index, variant -> GnuplotScript in
            "\(file) index \(index) using 1:2:(\(width * 0.9)) with boxes fs solid 0.5 lc rgb \(PlotText.colour(ofVariant: variant)) title \(strings.add(variant)), "
                + "'' index \(index) using 1:2:3:4 with yerrorbars lc rgb '#1d1d1f' lw 2 pt 7 ps 0.5 notitle, "
                // The interval as text too: on a log scale a ±2% bar is a few pixels tall.
                + "'' index \(index) using 1:($4 * 1.35):(S[int($5)]) with labels font ',8' notitle"
        }
        let title = strings.add("\(hotPath): median per iteration by variant (bars and ±: 95% CI of the median; ×: reference / optimized)")
        let script: GnuplotScript = """
            set title \(title)
            set errorbars 4
            set logscale y
            set ylabel 'ms per iteration (log scale)'
            set xtics (\(tics.joined(separator: ", ")))
            set xrange [0.4:\(Double(workloads.count) + 0.6)]
            \(ceiling)
            set grid ytics
            set key outside right
            \(GnuplotScript(lines: speedups))
            plot \(plots.joined(separator: ", \\\n     "))
            """
        return PlotSpec(name: name, title: "\(hotPath): reference against optimized", script: script, strings: strings,
                        dataFiles: [file.name: blocks + "\n"], hotPath: hotPath)
    }
}
