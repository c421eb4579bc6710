import Comparison
import Foundation
import Statistics

/// The comparison plot: each benchmark's run-level change with its t interval over runs, the ±threshold band,
/// coloured by verdict (red regressed, green improved, orange inconclusive, grey unchanged). A benchmark without an
/// interval (one run per side) is drawn as an orange point and labelled so.
public struct ComparisonPlot: PlotKind {
    public var name: String

    public init(name: String = "comparison") { self.name = name }

    public func plots(for report: ComparisonReport) -> [PlotSpec] {
        guard !report.benchmarks.isEmpty else { return [] }
        var strings = PlotStrings()
        // Columns: row, change, interval, colour, the label's index into the strings.
        let data = report.benchmarks.enumerated().map { index, c in
            let interval = c.interval ?? ConfidenceInterval(lower: c.relativeChange, upper: c.relativeChange, level: 0)
            let notes = (c.verdict == .inconclusive ? ["inconclusive"] : []) + (c.interval == nil ? ["no interval"] : [])
            let label = c.id + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
            return [String(index), number(c.relativeChange), number(interval.lower), number(interval.upper),
                    String(color(c.verdict)), String(strings.add(label).index)].joined(separator: " ")
        }.joined(separator: "\n") + "\n"
        let threshold = report.settings.threshold * 100
        let level = Int((report.settings.level * 100).rounded())
        let height = max(3, report.benchmarks.count)
        let statistic = report.settings.statisticName
        // Centred over the plot, which long benchmark ids push right, one line ran off the image: the title in two
        // lines, the colours' key centred on the image.
        let title = strings.add("Change of the \(statistic), head vs base"), subtitle = strings.add("\(level)% t interval over process runs")
        let xlabel = strings.add("change of \(statistic) time (%), negative is faster")
        let colours = strings.add("red: regressed, green: improved, grey: unchanged, orange: inconclusive")
        // Zero and the ±threshold band always in view (autoscaled to a +15…+45% step, neither was drawn).
        let ends = report.benchmarks.flatMap { c in [c.relativeChange, c.interval?.lower, c.interval?.upper].compactMap { $0 } }
            .filter(\.isFinite).map { $0 * 100 }
        let low = min(-threshold, ends.min() ?? 0), high = max(threshold, ends.max() ?? 0)
        let pad = (high - low) * 0.05
        let file = DataFileName("\(name).dat")
        let script: GnuplotScript = """
            set title \(title) . "\\n" . \(subtitle)
            set xlabel \(xlabel)
            set label 2 \(colours) at screen 0.5, screen 0.015 center font ',9'
            set bmargin 5
            set yrange [-1:\(height)]
            set xrange [\(low - pad):\(high + pad)]
            set grid xtics
            set key off
            set ytics nomirror font ',8'
            set object 1 rectangle from first \(-threshold), graph 0 to first \(threshold), graph 1 fc rgb '#EEEEEE' fs solid noborder behind
            set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lc rgb 'black'
            plot \(file) using 2:1:3:4:5:ytic(S[int($6)]) with xerrorbars pt 7 ps 1.2 lc rgb variable
            """
        // 14 pixels a row at the 8-point tic font, beside title and axis: 30 benchmarks fit the standard height.
        let rowsHeight = 180 + 14 * report.benchmarks.count
        return [PlotSpec(name: name, title: "Comparison over process runs", script: script, strings: strings,
                         dataFiles: [file.name: data], height: max(PlotSpec.standardHeight, rowsHeight))]
    }

    private func color(_ verdict: Verdict) -> Int {
        switch verdict {
        case .regressed: return 0xC0392B
        case .improved: return 0x1E8449
        case .inconclusive: return 0xE67E22
        case .unchanged: return 0x7F8C8D
        }
    }

    private func number(_ fraction: Double) -> String { fraction.isFinite ? String(format: "%.4f", fraction * 100) : "NaN" }
}
