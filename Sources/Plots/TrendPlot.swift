import Foundation
import Statistics
import TextFormatting

/// A benchmark's nightly trend: median per run with its interval, the budget line when known, and the detected
/// steps marked at the run where they happened.
///
/// A budget line is drawn over a series of the statistic it limits, never over another: a p95 budget above the
/// medians reads as room the p95 does not have. A budget on the median is drawn over the medians; one on another
/// statistic brings that statistic's series per run with it, and without that series it is named in the key but
/// not drawn.
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
            /// The budget's statistic in this run, ms, when the budget limits another statistic than the median
            /// (nil: not recorded for this run).
            public var budgetStatistic: Double?

            public init(label: String, median: Double, lower: Double, upper: Double, budgetStatistic: Double? = nil) {
                self.label = label
                self.median = median
                self.lower = lower
                self.upper = upper
                self.budgetStatistic = budgetStatistic
            }
        }

        public var benchmarkID: String
        public var points: [Point]
        /// The budget, drawn as a red line over the series of its statistic.
        public var budget: BudgetLine?
        /// Indices of `points` where a step begins, with a label (e.g. `+6.1% at 3f2a9c1`).
        public var steps: [(index: Int, label: String)]
        /// The files' name without extension; nil: ``TrendPlot/fileStem(of:)`` of the id.
        public var fileStem: String?

        public init(benchmarkID: String, points: [Point], budget: BudgetLine? = nil, steps: [(index: Int, label: String)] = [],
                    fileStem: String? = nil) {
            self.benchmarkID = benchmarkID
            self.points = points
            self.budget = budget
            self.steps = steps
            self.fileStem = fileStem
        }
    }

    /// A time budget: its limit and the statistic it limits.
    public struct BudgetLine: Sendable, Equatable {
        public var milliseconds: Double
        public var statistic: Statistic
        /// The limit with its direction as the reports say it (`< 1 ms`, `> 5 µs`); nil: `< ` the limit.
        public var limitPhrase: String?

        public init(milliseconds: Double, statistic: Statistic, limitPhrase: String? = nil) {
            self.milliseconds = milliseconds
            self.statistic = statistic
            self.limitPhrase = limitPhrase
        }

        /// A limit on the median is drawn over the medians this plot always shows.
        var limitsTheMedian: Bool { statistic == .median || statistic == .p50 }
    }

    public init() {}

    /// `trend-<id>` with `_` for what is not a letter, digit or `-` (the names users' scripts already read).
    public static func fileStem(of benchmarkID: String) -> String {
        "trend-" + String(benchmarkID.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
    }

    /// Each id's stem, made distinct: ids whose stems coincide (`n=1` and `n:1` both read `n_1`) get a hash of the
    /// id after it, or one plot's files were written over the other's.
    public static func fileStems(of benchmarkIDs: [String]) -> [String: String] {
        let stems = Dictionary(benchmarkIDs.map { ($0, fileStem(of: $0)) }) { first, _ in first }
        let counts = Dictionary(stems.values.map { ($0, 1) }, uniquingKeysWith: +)
        return stems.reduce(into: [:]) { result, entry in
            result[entry.key] = counts[entry.value, default: 0] > 1
                ? entry.value + "-" + FNV1a.hex(FNV1a.hash64(entry.key)).prefix(8) : entry.value
        }
    }

    public func plots(for input: Input) -> [PlotSpec] {
        guard !input.points.isEmpty else { return [] }
        let name = DataFileName(input.fileStem ?? Self.fileStem(of: input.benchmarkID)).name
        let file = DataFileName("\(name).dat")
        var strings = PlotStrings()
        // The points come in ms; the axis takes the unit of the largest value drawn (µs trends read 0.00148 in ms).
        let unit = AxisUnit.of(largestNanoseconds: 1e6 * (input.points.flatMap { [$0.upper, $0.budgetStatistic ?? 0] }.max() ?? 0))
        let scale = { (milliseconds: Double) in unit.value(milliseconds * 1e6) }
        // Columns: index, median, interval, the label's index into the strings, the budget's statistic (NaN: none).
        let data = input.points.enumerated().map { index, p in
            "\(index) \(PlotText.number(scale(p.median))) \(PlotText.number(scale(p.lower))) \(PlotText.number(scale(p.upper))) "
                + "\(strings.add(p.label).index) " + PlotText.number(scale(p.budgetStatistic ?? .nan))
        }.joined(separator: "\n") + "\n"
        let budget = input.budget.flatMap { $0.milliseconds.isFinite ? $0 : nil }
        let series = budget.flatMap { $0.limitsTheMedian || !input.points.contains { $0.budgetStatistic != nil } ? nil : $0.statistic }
        let shown = series.map { "median and \($0.rawValue)" } ?? "median"
        var lines: [GnuplotScript] = [
            "set title \(strings.add("\(input.benchmarkID): \(shown) per run"))",
            "set ylabel \(strings.add("\(shown) time (\(unit.name))"))",
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
        if let series {
            plot = plot + ", \(file) using 1:6 with linespoints pt 5 lc rgb '#8250DF' title \(strings.add("\(series.rawValue) per run"))"
        }
        if let budget {
            let largest = input.points.map { Swift.max($0.upper, series == nil ? 0 : $0.budgetStatistic ?? 0) }.max() ?? 0
            let place: BudgetPlace = !(budget.limitsTheMedian || series != nil) ? .notDrawn
                : BudgetHeadroom.isOnScale(budget.milliseconds, largest: largest) ? .drawn : .offScale
            let (settings, curve) = Self.budgetCurve(budget, at: scale(budget.milliseconds), unit: unit, place, strings: &strings)
            lines += settings
            plot = plot + curve
        }
        lines.append(plot)
        return [PlotSpec(name: name, title: "Trend of \(input.benchmarkID)", script: GnuplotScript(lines: lines),
                         strings: strings, dataFiles: [file.name: data])]
    }

    /// Where the budget goes: over its series, in the key only because its statistic has no series, or in the key
    /// only because it lies so far above the series (a 1 ms budget over 2.4 µs medians) that drawing it would
    /// flatten them onto the axis, as the latency plots do.
    enum BudgetPlace { case drawn, notDrawn, offScale }

    /// The budget's line (with the settings that keep it in the panel) when it is drawn; else only its name in
    /// the key, so that its absence is not read as "no budget".
    private static func budgetCurve(_ budget: BudgetLine, at value: Double, unit: AxisUnit, _ place: BudgetPlace,
                                    strings: inout PlotStrings) -> (settings: [GnuplotScript], curve: GnuplotScript) {
        let limit = "\(budget.statistic.rawValue) budget " + (budget.limitPhrase ?? "< \(DurationText.string(nanoseconds: budget.milliseconds * 1e6))")
        switch place {
        case .drawn: break
        case .notDrawn:
            let note = "\(limit): not drawn (no \(budget.statistic.rawValue) per run recorded)"
            return ([], ", NaN with lines lw 2 dt 3 lc rgb '#C0392B' title \(strings.add(note))")
        case .offScale:
            // Room above the series for the key, which sits top left over where the series would be.
            return (["set yrange [0:*]", "set offsets 0, 0, graph 0.3, 0"], ", NaN with lines lw 2 lc rgb '#C0392B' title \(strings.add("\(limit) (off-scale, above)"))")
        }
        // From 0, with room above a line at the top; autoscaling takes in the line itself.
        return (["set yrange [0:*]", "set offsets 0, 0, graph 0.1, 0"],
                ", \(value) with lines lw 2 lc rgb '#C0392B' title \(strings.add(limit))")
    }
}
