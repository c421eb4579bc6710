import Foundation
@testable import History
@testable import HistoryExport
import Results
import XCTest

/// The trend plot's geometry and budget rules, on a hand-made series.
final class TrendSVGTests: XCTestCase {
    private func series(budget: SiteBudget?) -> SiteSeries {
        let points = (0..<6).map { index in
            SeriesPoint(number: Int64(index + 1), runID: "run-\(index)", startedAt: "2025-06-1\(index)T00:00:00Z",
                        gitCommit: "c\(index)", complete: true, median: index < 3 ? 1_000 : 1_200, lower: 990, upper: 1_210,
                        p95: 1_500, p99: nil, mean: nil)
        }
        return SiteSeries(machineClass: MachineClass(canonical: "cpu=Test CPU; cores=2"),
                          trend: Trend.analyze("a/b/c", points: points), budget: budget)
    }

    func testAMachineIsNamedByItsCPUAndTheFeaturesThatSetItsClassApart() {
        XCTAssertEqual(SiteSeries.cpuModel(of: MachineClass(canonical: "cpu=Test CPU; cores=2")), "Test CPU")
        XCTAssertEqual(SiteSeries.cpuModel(of: MachineClass(canonical: "cpu=Xeon (family 6, model 207); features=avx2 avx512 sha_ni; cores=2")),
                       "Xeon (family 6, model 207), avx2 avx512 sha_ni")
        XCTAssertEqual(SiteSeries.cpuModel(of: MachineClass(canonical: "cores=2")), "cores=2", "no CPU: the whole class")
    }

    func testTheValueAxisTicksAtRoundValuesInsideItsRange() {
        let scale = ValueScale(values: [951.3, 1_318.2])
        let ticks = scale.ticks(5)
        XCTAssertEqual(ticks, [1_000, 1_100, 1_200, 1_300])
        XCTAssertTrue(ticks.allSatisfy { $0 >= scale.low && $0 <= scale.high })
    }

    /// A series spread over 0.01% of 1.2345 ms had its gridlines all labelled "1.235 ms".
    func testTickLabelsOfANarrowRangeAllDifferAndShareOneUnit() {
        let scale = ValueScale(values: [1_234_500, 1_234_620])
        let labels = TrendSVG.tickLabels(scale.ticks(5))
        XCTAssertEqual(Set(labels).count, labels.count, "\(labels)")
        XCTAssertTrue(labels.allSatisfy { $0.hasSuffix(" ms") }, "\(labels)")
        XCTAssertEqual(TrendSVG.tickLabels([1_000, 1_100, 1_200]), ["1.0 µs", "1.1 µs", "1.2 µs"])
        XCTAssertEqual(TrendSVG.tickLabels([2e6, 4e6]), ["2 ms", "4 ms"])
    }

    /// One run: its band polygon had no width, and the interval the legend names was nowhere.
    func testOneRunsIntervalIsDrawnAsAnErrorBarAndAnIncompleteRunIsHollow() {
        let point = SeriesPoint(number: 1, runID: "only", startedAt: "2025-06-10T00:00:00Z", gitCommit: "c0", complete: false,
                                median: 8_200, lower: 8_120, upper: 8_290)
        let one = SiteSeries(machineClass: MachineClass(canonical: "cpu=Test CPU; cores=2"),
                             trend: Trend.analyze("a/b/c", points: [point]), budget: nil)
        let svg = TrendSVG(one).render()
        XCTAssertTrue(svg.contains("<rect class=\"band\" x=\"507.0\" y=\"55.9\" width=\"16\" height=\"248.3\""), svg)
        XCTAssertTrue(svg.contains("r=\"3.5\" fill=\"#ffffff\""), "an incomplete run's dot is hollow")
    }

    /// Quiet nights of one commit all read "c0c0c0c0c0" under the axis and in the change point's label.
    func testRunsOfOneCommitAreToldApartUnderTheAxis() {
        let points = (0..<3).map { index in
            SeriesPoint(number: Int64(index + 1), runID: "night-\(index)", startedAt: "2025-06-1\(index)T00:00:00Z",
                        gitCommit: "aaaa000000ff", complete: true, median: 1_000, lower: 990, upper: 1_010)
        }
        let svg = TrendSVG(SiteSeries(machineClass: MachineClass(canonical: "cpu=Test CPU; cores=2"),
                                      trend: Trend.analyze("a/b/c", points: points), budget: nil)).render()
        for index in 0..<3 { XCTAssertTrue(svg.contains(">aaaa000 night-\(index)</text>"), svg) }
    }

    /// A floor (`direction: min`) is not a ceiling: the page and the line say the budget as the reports do.
    func testThePageAndTheLineSayTheBudgetsDirection() {
        let floor = SiteBudget(nanoseconds: 1_100, statistic: .median, limitPhrase: "> 1.1 µs")
        XCTAssertTrue(SitePages.seriesPage(series(budget: floor)).contains("<p>Budget: median &gt; 1.1 µs</p>"))
        XCTAssertTrue(TrendSVG(series(budget: floor)).render().contains("median budget &gt; 1.1 µs"))
        let ceiling = SitePages.seriesPage(series(budget: SiteBudget(nanoseconds: 1_000_000, statistic: .p95)))
        XCTAssertTrue(ceiling.contains("<p>Budget: p95 &lt; 1.000 ms</p>"), "no phrase given: a ceiling, as the reports write one")
    }

    func testABudgetOnTheP95IsDrawnOverTheP95PerRunNotOverTheMedians() {
        let svg = TrendSVG(series(budget: SiteBudget(nanoseconds: 1_600, statistic: .p95))).render()
        XCTAssertTrue(svg.contains("<polyline class=\"budget-statistic\""), "the p95 series the budget limits")
        XCTAssertTrue(svg.contains("p95 budget (dotted: p95 per run)"))
        XCTAssertTrue(svg.contains("p95 budget &lt; 1.60 µs"), svg)
        let median = TrendSVG(series(budget: SiteBudget(nanoseconds: 1_600, statistic: .median))).render()
        XCTAssertFalse(median.contains("budget-statistic"), "a median budget is drawn over the medians alone")
    }

    /// A 1 ms p95 budget over µs-scale values (every budgeted kernel of the suite) would flatten the series onto the
    /// axis: it is named in the key as off-scale, as `history plot` does, and the series keeps the whole height.
    func testABudgetFarAboveTheSeriesIsNamedOffScaleAndTheSeriesKeepsTheAxis() {
        let plot = TrendSVG(series(budget: SiteBudget(nanoseconds: 1_000_000, statistic: .p95)))
        let svg = plot.render()
        XCTAssertFalse(svg.contains("<g class=\"budget\">"), "an off-scale budget drawn as a line")
        XCTAssertTrue(svg.contains("p95 budget &lt; 1.000 ms (off-scale, above; dotted: p95 per run)"), svg)
        XCTAssertLessThan(plot.y(1_500), TrendSVG.top + 20, "the largest value no longer sits on the axis")
        XCTAssertGreaterThan(plot.y(990), TrendSVG.height - TrendSVG.bottom - 20)
        let near = TrendSVG(series(budget: SiteBudget(nanoseconds: 4 * 1_500, statistic: .p95))).render()
        XCTAssertTrue(near.contains("<g class=\"budget\">"), "a budget within 4× of the series is drawn")
    }

    func testEveryPointIsInsideThePlotAreaAndTheBudgetLineToo() {
        let plot = TrendSVG(series(budget: SiteBudget(nanoseconds: 1_600, statistic: .p95)))
        for value in [990.0, 1_000, 1_210, 1_500, 1_600] {
            XCTAssertTrue((TrendSVG.top...(TrendSVG.height - TrendSVG.bottom)).contains(plot.y(value)), "\(value)")
        }
        XCTAssertEqual(plot.x(0), TrendSVG.left)
        XCTAssertEqual(plot.x(5), TrendSVG.width - TrendSVG.right)
    }
}
