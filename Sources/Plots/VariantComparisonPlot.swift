import Foundation
import Results
import Statistics

/// Per hot path with a `reference` variant: median time per iteration (ns, µs or ms: ``AxisUnit``) of every variant
/// on every workload, with 95%
/// interval error bars on a log scale, so the speed-up of the optimized kernel over the reference reads directly.
public struct VariantComparisonPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { $0.statistics.count > 0 }
            guard results.contains(where: { $0.variant == "reference" }),
                  Set(results.map(\.variant)).count > 1 else { return nil }
            return spec(hotPath, results, stem: input.stem(ofHotPath: hotPath), runID: input.run.runID)
        }
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult], stem: String, runID: String) -> PlotSpec {
        // The median every table reports: of a merged result, the runs' geometric mean with its interval over runs
        // (the pooled samples' interval treats samples of different layouts as independent).
        let median = { (result: BenchmarkResult) in result.reported(.median, runID: runID) }
        let name = "\(stem)-variants"
        let file = DataFileName("\(name).dat")
        let workloads = Self.inOrder(results.map(\.workload)), variants = Self.inOrder(results.map(\.variant))
        var strings = PlotStrings()
        let width = 0.8 / Double(variants.count)
        let unit = AxisUnit.of(results)
        let blocks = Self.dataBlocks(results, median: median, workloads: workloads, variants: variants, width: width, unit: unit,
                                     strings: &strings)
        let speedups = Self.speedupLabels(results, median: median, workloads: workloads, unit: unit, strings: &strings)
        let tics = workloads.enumerated().map { index, workload -> GnuplotScript in "\(strings.addTicLabel(workload)) \(index + 1)" }
        var plots: [GnuplotScript] = []
        for (index, variant) in variants.enumerated() {
            plots.append("\(file) index \(index) using 1:2:(\(width * 0.9)) with boxes fs solid 0.5 lc rgb \(PlotText.colour(ofVariant: variant)) title \(strings.add(variant)), "
                + "'' index \(index) using 1:2:3:4 with yerrorbars lc rgb '#1d1d1f' lw 2 pt 7 ps 0.5 notitle, "
                // The interval as text too: on a log scale a ±2% bar is a few pixels tall.
                + "'' index \(index) using 1:($4 * 1.35):(S[int($5)]) with labels font ',8' notitle")
        }
        let merged = results.contains { $0.samplesByReplicate(runID: runID).count > 1 }
        let title = strings.add("\(hotPath): median per iteration by variant (bars and +/−: "
            + (merged ? "the runs' geometric mean, 95% CI over runs" : "95% CI of the median") + "; ×: reference / optimized)")
        let script: GnuplotScript = """
            set title \(title)
            set errorbars 4
            set logscale y
            set ylabel \(unit.logAxisLabel)
            set xtics (\(tics.joined(separator: ", ")))
            set xrange [0.4:\(Double(workloads.count) + 0.6)]
            \(Self.ceiling(results, median: median, unit: unit))
            set grid ytics
            set key outside right
            \(GnuplotScript(lines: speedups))
            plot \(plots.joined(separator: ", \\\n     "))
            """
        return PlotSpec(name: name, title: "\(hotPath): reference against optimized", script: script, strings: strings,
                        dataFiles: [file.name: blocks + "\n"], hotPath: hotPath)
    }

    /// A result's reported median and its interval (``Results/BenchmarkResult/reported(_:runID:)``).
    typealias Headline = (BenchmarkResult) -> (value: Double, interval: ConfidenceInterval?)

    /// Each value once, in the order it first appears.
    static func inOrder(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// `±2.1%`, or `+63%/−3.6%` when the interval's sides differ (a skewed sample's interval: "±33%" of an interval
    /// 4% below and 63% above the median hid which side it reached).
    static func intervalLabel(median: Double, lower: Double, upper: Double) -> String {
        guard median > 0 else { return "±0%" }
        let below = String(format: "%.2g", 100 * (median - lower) / median), above = String(format: "%.2g", 100 * (upper - median) / median)
        return below == above ? "±\(below)%" : "+\(above)%/−\(below)%"
    }

    /// One data block per variant: per benchmark its bar's x (its workload's slot, shifted by the variant's place),
    /// the median and its 95% interval in `unit`, and the index of its interval label in the strings table.
    static func dataBlocks(_ results: [BenchmarkResult], median: Headline, workloads: [String], variants: [String], width: Double,
                           unit: AxisUnit, strings: inout PlotStrings) -> String {
        let slot = Dictionary(uniqueKeysWithValues: workloads.enumerated().map { ($1, Double($0)) })
        var blocks: [String] = []
        for (place, variant) in variants.enumerated() {
            var rows: [String] = []
            for result in results where result.variant == variant {
                let (value, interval) = median(result)
                let ci = interval ?? .init(lower: value, upper: value, level: 0.95)
                let x = slot[result.workload]! + 1 - 0.4 + width * (Double(place) + 0.5)
                let label = strings.add(Self.intervalLabel(median: value, lower: ci.lower, upper: ci.upper))
                rows.append(([x, unit.value(value), unit.value(ci.lower), unit.value(ci.upper)].map(PlotText.number) + [String(label.index)])
                    .joined(separator: " "))
            }
            blocks.append(rows.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n\n")
    }

    /// "×N" above each workload that has both a reference and an optimized variant: reference / optimized.
    static func speedupLabels(_ results: [BenchmarkResult], median: Headline, workloads: [String], unit: AxisUnit,
                              strings: inout PlotStrings) -> [GnuplotScript] {
        var labels: [GnuplotScript] = []
        for (index, workload) in workloads.enumerated() {
            guard let reference = results.first(where: { $0.workload == workload && $0.variant == "reference" }),
                  let optimized = results.first(where: { $0.workload == workload && $0.variant == "optimized" }),
                  median(optimized).value > 0 else { continue }
            let ratio = median(reference).value / median(optimized).value
            // Above both bars and their ± labels.
            let top = unit.value([reference, optimized].map { median($0).interval?.upper ?? median($0).value }.max()!) * 2.4
            // Whole above 10: "×1.3e+02" read as an exponent, not a speed-up of 130.
            let text = ratio >= 10 ? String(format: "×%.0f", ratio) : String(format: "×%.2g", ratio)
            labels.append("set label \(strings.add(text)) at \(index + 1),\(top) center font ',9'")
        }
        return labels
    }

    /// Room above the highest bar for its ± and × labels (autoscaled, a label landed on the title or the border).
    static func ceiling(_ results: [BenchmarkResult], median: Headline, unit: AxisUnit) -> GnuplotScript {
        let highest = results.map { median($0).interval?.upper ?? median($0).value }.max() ?? 0
        return highest > 0 && highest.isFinite ? "set yrange [*:\(unit.value(highest) * 6)]" : ""
    }
}
