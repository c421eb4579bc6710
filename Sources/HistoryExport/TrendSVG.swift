import Foundation
import History
import TextFormatting

/// A series' trend as inline SVG, drawn in Swift (no script, no external file): the median per run with its
/// interval band, the detected change points as vertical markers, and the budget line over the series of the
/// statistic it limits. Every point carries a `<title>` (run, commit, median, interval) that browsers show on hover.
/// All text from the history is XML-escaped.
struct TrendSVG {
    static let width = 960.0, height = 380.0
    static let left = 90.0, right = 20.0, top = 36.0, bottom = 56.0
    static let colours = (band: "#9ecae1", median: "#08519c", step: "#e6550d", budget: "#cb181d", grid: "#d9d9d9")

    let series: SiteSeries
    private let scale: ValueScale
    /// The budget lies so far above the series that drawing it would flatten them onto the axis (a 1 ms budget over
    /// 8 µs medians): it is named in the key as off-scale instead, as in `history plot`.
    private let budgetIsOffScale: Bool
    /// The x labels: a commit, with its run where several runs share it (quiet nights of one commit read alike).
    private let labels: [String]

    init(_ series: SiteSeries) {
        self.series = series
        let values = Self.seriesValues(series)
        let offScale = series.budget.map { !BudgetHeadroom.isOnScale($0.nanoseconds, largest: values.max() ?? 0) } ?? false
        budgetIsOffScale = offScale
        labels = SitePageText.axisLabels(series.trend.points)
        scale = ValueScale(values: values + (offScale ? [] : series.budget.map { [$0.nanoseconds] } ?? []))
    }

    var points: [SeriesPoint] { series.trend.points }

    /// The whole `<svg>` element.
    func render() -> String {
        let label = "Trend of the median of \(series.benchmarkID) on \(series.machineName)"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="trend" width="\(Int(Self.width))" height="\(Int(Self.height))" \
            style="max-width:100%;height:auto" \
            viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" aria-label="\(XMLText.attribute(label))">
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(grid())\(band())\(budgetSeries())\(budgetLine())\(steps())\(medianLine())\(xLabels())\(legend())</svg>
            """
    }

    func x(_ index: Int) -> Double {
        let plotWidth = Self.width - Self.left - Self.right
        return points.count < 2 ? Self.left + plotWidth / 2 : Self.left + Double(index) * plotWidth / Double(points.count - 1)
    }

    func y(_ value: Double) -> Double {
        Self.top + (1 - scale.fraction(value)) * (Self.height - Self.top - Self.bottom)
    }

    private func grid() -> String {
        let ticks = scale.ticks(5)
        return zip(ticks, Self.tickLabels(ticks)).map { value, label in
            let position = format(y(value))
            return "<line x1=\"\(format(Self.left))\" x2=\"\(format(Self.width - Self.right))\" y1=\"\(position)\" y2=\"\(position)\" "
                + "stroke=\"\(Self.colours.grid)\"/>\n<text x=\"\(format(Self.left - 6))\" y=\"\(position)\" text-anchor=\"end\" "
                + "dominant-baseline=\"middle\" font-size=\"12\">\(XMLText.escape(label))</text>\n"
        }.joined()
    }

    /// The ticks in one unit (the largest tick's) with the decimals their spacing needs: a series spread over 0.01%
    /// of 1.2345 ms had five gridlines all labelled "1.235 ms".
    static func tickLabels(_ ticks: [Double]) -> [String] {
        guard ticks.count > 1, let top = ticks.map(abs).max(), top > 0 else {
            return ticks.map { DurationText.string(nanoseconds: $0) }
        }
        let (divisor, unit) = DurationText.unit(forNanoseconds: top)
        let step = (ticks[1] - ticks[0]) / divisor
        let decimals = min(9, max(0, Int((-log10(step) - 1e-9).rounded(.up))))
        return ticks.map { String(format: "%.\(decimals)f \(unit)", $0 / divisor) }
    }

    /// The interval band: upper bounds left to right, lower bounds back; a run without an interval is its median.
    /// One run has no width to fill: its interval is an error bar.
    private func band() -> String {
        if points.count == 1, let lower = points[0].lower, let upper = points[0].upper {
            let (left, right) = (format(x(0) - 8), format(x(0) + 8))
            return "<rect class=\"band\" x=\"\(left)\" y=\"\(format(y(upper)))\" width=\"16\" "
                + "height=\"\(format(max(1, y(lower) - y(upper))))\" fill=\"\(Self.colours.band)\" fill-opacity=\"0.6\"/>"
                + "<line x1=\"\(left)\" x2=\"\(right)\" y1=\"\(format(y(upper)))\" y2=\"\(format(y(upper)))\" stroke=\"\(Self.colours.median)\"/>"
                + "<line x1=\"\(left)\" x2=\"\(right)\" y1=\"\(format(y(lower)))\" y2=\"\(format(y(lower)))\" stroke=\"\(Self.colours.median)\"/>\n"
        }
        let upper = points.indices.map { "\(format(x($0))),\(format(y(points[$0].upper ?? points[$0].median)))" }
        let lower = points.indices.reversed().map { "\(format(x($0))),\(format(y(points[$0].lower ?? points[$0].median)))" }
        return "<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(Self.colours.band)\" "
            + "fill-opacity=\"0.6\" stroke=\"none\"/>\n"
    }

    private func medianLine() -> String {
        let path = points.indices.map { "\(format(x($0))),\(format(y(points[$0].median)))" }.joined(separator: " ")
        let dots = points.indices.map { index in
            // An interrupted run (with --include-incomplete) is a hollow dot.
            let fill = points[index].complete ? Self.colours.median : "#ffffff"
            return "<circle cx=\"\(format(x(index)))\" cy=\"\(format(y(points[index].median)))\" r=\"3.5\" fill=\"\(fill)\" "
                + "stroke=\"\(Self.colours.median)\">"
                + "<title>\(XMLText.escape(SitePageText.pointSummary(points[index])))</title></circle>\n"
        }
        return "<polyline class=\"median\" points=\"\(path)\" fill=\"none\" stroke=\"\(Self.colours.median)\" stroke-width=\"2\"/>\n"
            + dots.joined()
    }

    private func steps() -> String {
        series.trend.steps.compactMap { step in
            guard let index = points.firstIndex(where: { $0.runID == step.runID }) else { return nil }
            let position = format(x(index) - (index > 0 ? (x(index) - x(index - 1)) / 2 : 0))
            let text = XMLText.escape("\(Percent.signed(step.relativeChange)) at \(labels[index])")
            return "<g class=\"change-point\"><line x1=\"\(position)\" x2=\"\(position)\" y1=\"\(format(Self.top))\" "
                + "y2=\"\(format(Self.height - Self.bottom))\" stroke=\"\(Self.colours.step)\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>"
                + "<text x=\"\(position)\" y=\"\(format(Self.top - 4))\" text-anchor=\"middle\" font-size=\"12\" "
                + "fill=\"\(Self.colours.step)\">\(text)</text><title>\(text)</title></g>\n"
        }.joined()
    }

    private func budgetLine() -> String {
        guard let budget = series.budget, !budgetIsOffScale else { return "" }
        let position = format(y(budget.nanoseconds))
        let text = XMLText.escape("\(budget.statistic.rawValue) budget \(budget.limitPhrase)")
        return "<g class=\"budget\"><line x1=\"\(format(Self.left))\" x2=\"\(format(Self.width - Self.right))\" y1=\"\(position)\" "
            + "y2=\"\(position)\" stroke=\"\(Self.colours.budget)\" stroke-width=\"2\"/><text x=\"\(format(Self.width - Self.right - 4))\" "
            + "y=\"\(format(y(budget.nanoseconds) - 5))\" text-anchor=\"end\" font-size=\"12\" fill=\"\(Self.colours.budget)\">\(text)</text></g>\n"
    }

    /// A budget on another statistic than the median is drawn over that statistic's own series, never the medians'.
    private func budgetSeries() -> String {
        guard let budget = series.budget, !budget.limitsTheMedian else { return "" }
        let path = points.indices.compactMap { index in
            points[index].value(of: budget.statistic).map { "\(format(x(index))),\(format(y($0)))" }
        }.joined(separator: " ")
        return "<polyline class=\"budget-statistic\" points=\"\(path)\" fill=\"none\" stroke=\"\(Self.colours.budget)\" "
            + "stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>\n"
    }

    /// At most ten commit labels under the x axis, evenly spread.
    private func xLabels() -> String {
        let stride = max(1, (points.count + 9) / 10)
        return Swift.stride(from: 0, to: points.count, by: stride).map { index in
            "<text x=\"\(format(x(index)))\" y=\"\(format(Self.height - Self.bottom + 18))\" text-anchor=\"middle\" "
                + "font-size=\"11\" font-family=\"monospace\">\(XMLText.escape(labels[index]))</text>\n"
        }.joined()
    }


    private func legend() -> String {
        var entries = [("median per run", Self.colours.median), ("interval", Self.colours.band), ("change point", Self.colours.step)]
        if let budget = series.budget {
            let dotted = budget.limitsTheMedian ? [] : ["dotted: \(budget.statistic.rawValue) per run"]
            let name = budgetIsOffScale
                ? "\(budget.statistic.rawValue) budget \(budget.limitPhrase) ("
                    + (["off-scale, above"] + dotted).joined(separator: "; ") + ")"
                : "\(budget.statistic.rawValue) budget" + dotted.map { " (\($0))" }.joined()
            entries.append((name, Self.colours.budget))
        }
        var offset = Self.left
        return entries.map { name, colour in
            defer { offset += Double(name.count) * 7 + 34 }
            return "<rect x=\"\(format(offset))\" y=\"\(format(Self.height - 20))\" width=\"14\" height=\"10\" fill=\"\(colour)\"/>"
                + "<text x=\"\(format(offset + 18))\" y=\"\(format(Self.height - 11))\" font-size=\"12\">\(XMLText.escape(name))</text>\n"
        }.joined()
    }

    /// The series' own values (the scale adds the budget unless it is off-scale): medians, intervals, and the per-run
    /// values of the statistic a budget limits.
    private static func seriesValues(_ series: SiteSeries) -> [Double] {
        var values = series.trend.points.flatMap { [$0.median, $0.lower ?? $0.median, $0.upper ?? $0.median] }
        if let budget = series.budget, !budget.limitsTheMedian {
            values += series.trend.points.compactMap { $0.value(of: budget.statistic) }
        }
        return values.filter(\.isFinite)
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
