import Foundation

/// A benchmark's nightly trend: median per run with its interval, the budget line when known, and the detected
/// steps marked at the run where they happened.
public struct TrendPlot: PlotKind {
    /// What a trend plot shows; built by `history plot` from the history database.
    public struct Input: Sendable {
        public struct Point: Sendable {
            /// x-axis label, e.g. a short commit or the run date.
            public var label: String
            /// Median and interval, ms.
            public var median: Double
            public var lower: Double
            public var upper: Double

            public init(label: String, median: Double, lower: Double, upper: Double) {
                self.label = label
                self.median = median
                self.lower = lower
                self.upper = upper
            }
        }

        public var benchmarkID: String
        public var points: [Point]
        /// Budget in ms, drawn as a red line.
        public var budgetMilliseconds: Double?
        /// Indices of `points` where a step begins, with a label (e.g. `+6.1% at 3f2a9c1`).
        public var steps: [(index: Int, label: String)]

        public init(benchmarkID: String, points: [Point], budgetMilliseconds: Double? = nil,
                    steps: [(index: Int, label: String)] = []) {
            self.benchmarkID = benchmarkID
            self.points = points
            self.budgetMilliseconds = budgetMilliseconds
            self.steps = steps
        }
    }

    public init() {}

    public func plots(for input: Input) -> [PlotSpec] {
        guard !input.points.isEmpty else { return [] }
        // `trend-<id>` with `_` for what is not a letter, digit or `-` (the names users' scripts already read).
        let name = DataFileName("trend-" + String(input.benchmarkID.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })).name
        let file = DataFileName("\(name).dat")
        var strings = PlotStrings()
        // Columns: index, median, interval, the label's index into the strings.
        let data = input.points.enumerated().map { index, p in
            "\(index) \(PlotText.number(p.median)) \(PlotText.number(p.lower)) \(PlotText.number(p.upper)) \(strings.add(p.label).index)"
        }.joined(separator: "\n") + "\n"
        var lines: [GnuplotScript] = [
            "set title \(strings.add("\(input.benchmarkID): median per run"))",
            "set ylabel 'median time (ms)'",
            "set xtics rotate by 45 right font ',8'",
            "set grid ytics",
            "set key top left",
            "set xrange [-0.5:\(Double(input.points.count) - 0.5)]",
        ]
        for (n, step) in input.steps.enumerated() {
            lines.append("set arrow \(n + 1) from first \(Double(step.index) - 0.5), graph 0 to first \(Double(step.index) - 0.5), graph 1 nohead dt 2 lc rgb '#E67E22'")
            lines.append("set label \(n + 1) \(strings.add(step.label)) at first \(Double(step.index) - 0.4), graph 0.95 font ',8' tc rgb '#E67E22'")
        }
        var plot: GnuplotScript = "plot \(file) using 1:2:3:4:xtic(S[int($5)]) with yerrorlines pt 7 lc rgb '#2E86C1' title 'median (95% CI)'"
        if let budget = input.budgetMilliseconds, budget.isFinite {
            lines.append("set yrange [0:*]")
            lines.append("set offsets 0, 0, graph 0.1, 0")  // headroom above a budget line at the top
            plot = plot + ", \(budget) with lines lw 2 lc rgb '#C0392B' title \(strings.add("budget \(budget) ms"))"
        }
        lines.append(plot)
        return [PlotSpec(name: name, title: "Trend of \(input.benchmarkID)", script: GnuplotScript(lines: lines),
                         strings: strings, dataFiles: [file.name: data])]
    }
}
