import Comparison
import Foundation

/// The comparison plot: the relative change of each benchmark's median with its interval, the ±threshold band,
/// coloured by verdict (red regressed, green improved, grey unchanged).
public struct ComparisonPlot: PlotKind {
    public var name: String

    public init(name: String = "comparison") { self.name = name }

    public func plots(for report: ComparisonReport) -> [PlotSpec] {
        guard !report.benchmarks.isEmpty else { return [] }
        let data = report.benchmarks.enumerated().map { index, c in
            let color = c.verdict == .regressed ? 0xC0392B : c.verdict == .improved ? 0x1E8449 : 0x7F8C8D
            return [String(index), number(c.relativeChange), number(c.interval.lower), number(c.interval.upper), String(color),
                    "\"\(c.id)\""].joined(separator: " ")
        }.joined(separator: "\n") + "\n"
        let threshold = report.settings.threshold * 100
        let level = Int((report.settings.level * 100).rounded())
        let height = max(3, report.benchmarks.count)
        let script = """
            set title 'Change of the median, head vs base (\(level)% bootstrap interval)'
            set xlabel 'change of median time (%), negative is faster'
            set yrange [-1:\(height)]
            set grid xtics
            set key off
            set ytics nomirror font ',8'
            set object 1 rectangle from first \(-threshold), graph 0 to first \(threshold), graph 1 fc rgb '#EEEEEE' fs solid noborder behind
            set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lc rgb 'black'
            plot '\(name).dat' using 2:1:3:4:5:ytic(6) with xerrorbars pt 7 ps 1.2 lc rgb variable
            """
        return [PlotSpec(name: name, title: "Comparison of medians", script: script, dataFiles: ["\(name).dat": data])]
    }

    private func number(_ fraction: Double) -> String { String(format: "%.4f", fraction * 100) }
}
