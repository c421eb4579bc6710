import Foundation
import Results
import Statistics

/// Per swept hot path and variant (benchmarks with `sweepSize`): median cost against n on log–log axes, with the
/// least-squares complexity fit (``ComplexityFit/best(sizes:costs:)``) drawn and named with its RMS.
public struct ComplexityPlot: PlotKind {
    public init() {}

    /// The sweeps of a run: (hot path, variant) → points sorted by n, only where at least 2 sizes were measured.
    public static func sweeps(_ run: RunResults) -> [(hotPath: String, variant: String, points: [BenchmarkResult])] {
        var order: [String] = []
        var groups: [String: [BenchmarkResult]] = [:]
        for result in run.benchmarks where result.sweepSize != nil && result.statistics.count > 0 {
            let key = "\(result.hotPath)/\(result.variant)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        return order.compactMap { key in
            let points = groups[key]!.sorted { $0.sweepSize! < $1.sweepSize! }
            return points.count >= 2 ? (points[0].hotPath, points[0].variant, points) : nil
        }
    }

    public func plots(for input: PlotInput) -> [PlotSpec] {
        let sweeps = Self.sweeps(input.run)
        return sweeps.compactMap { sweep in
            let sizes = sweep.points.map { $0.sweepSize! }, costs = sweep.points.map { $0.statistics.median }
            guard let fit = ComplexityFit.best(sizes: sizes, costs: costs) else { return nil }
            let variants = sweeps.filter { $0.hotPath == sweep.hotPath }.map(\.variant)
            let stem = input.stem(ofHotPath: sweep.hotPath) + "-" + PlotText.stem(sweep.variant, among: variants)
            return spec(sweep.hotPath, sweep.variant, sweep.points, fit, stem: stem)
        }
    }

    private func spec(_ hotPath: String, _ variant: String, _ points: [BenchmarkResult], _ fit: ComplexityFit, stem: String) -> PlotSpec {
        let name = "\(stem)-complexity"
        let file = DataFileName("\(name).dat")
        let rows = points.map { result -> String in
            let s = result.statistics
            let ci = s.interval(of: .median) ?? .init(lower: s.median, upper: s.median, level: 0.95)
            return [result.sweepSize!, s.median / 1e6, ci.lower / 1e6, ci.upper / 1e6].map(PlotText.number).joined(separator: " ")
        }
        var strings = PlotStrings()
        let label = "\(fit.complexity.rawValue), RMS \(String(format: "%.1f", fit.normalizedRMS * 100))%"
        let script: GnuplotScript = """
            set title \(strings.add("\(hotPath)/\(variant): median cost against n (fit: \(label))"))
            set logscale xy
            set xlabel 'n'
            set ylabel 'ms per iteration'
            set grid
            set key top left
            set samples 200
            plot \(file) using 1:2:3:4 with yerrorbars pt 7 lc rgb \(PlotText.colour(ofVariant: variant)) title 'median (95% CI)', \\
                 \(fit.coefficient / 1e6)*\(fit.complexity.gnuplotExpression) with lines lw 2 lc rgb '#cf222e' title \(strings.add(label))
            """
        return PlotSpec(name: name, title: "\(hotPath)/\(variant): complexity \(fit.complexity.rawValue)", script: script,
                        strings: strings, dataFiles: [file.name: rows.joined(separator: "\n") + "\n"], hotPath: hotPath)
    }
}
