import Foundation
import XCTest
@testable import Comparison
@testable import Plots
import Statistics

/// The comparison and trend plot kinds, rendered by the real gnuplot.
final class ComparisonAndTrendPlotTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        directory = NSTemporaryDirectory() + "fb-plots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func comparison(_ id: String, _ change: Double, _ verdict: Verdict, runs: Int = 5) -> BenchmarkComparison {
        let interval = ConfidenceInterval(lower: change - 0.01, upper: change + 0.01, level: 0.99)
        return BenchmarkComparison(
            id: id, baseRuns: runs, headRuns: runs, baseSamples: 50, headSamples: 50, baseMedian: 1000,
            headMedian: 1000 * (1 + change), baseStatistic: 1000, headStatistic: 1000 * (1 + change),
            relativeChange: change, interval: runs > 1 ? interval : nil, runLevel: nil, adjustedPValue: 0.001,
            betweenRunSpread: 0.01, noiseFloor: 0.02, minimumDetectableEffect: 0.03, needsMoreRuns: verdict == .inconclusive,
            verdict: verdict, pooledChange: change, pooledInterval: interval, hodgesLehmannChange: change,
            hodgesLehmannInterval: interval, mannWhitneyPValue: 0.001, mannWhitneyMethod: .asymptotic, counters: [],
            explanation: "", notes: [])
    }

    func testComparisonPlotShowsEveryBenchmarkWithItsChange() throws {
        let report = ComparisonReport(
            baseRunID: "b", headRunID: "h", settings: ComparisonSettings(),
            familyWise: FamilyWiseControl(method: "holm", tests: 3, alpha: 0.01, description: "exit code: Holm"),
            benchmarks: [comparison("colormap/optimized/256x192", 0.08, .regressed),
                         comparison("nms/optimized/typical", -0.05, .improved),
                         comparison("fusion/blas/256x192-to-518x392", 0.004, .unchanged),
                         comparison("nms/optimized/crowded", 0.06, .inconclusive, runs: 1)],
            added: [], removed: [],
            summary: GeometricMeanSummary(relativeChange: 0.01, benchmarks: 4, improved: 1, regressed: 1, unchanged: 1,
                                          inconclusive: 1),
            warnings: [])
        let specs = ComparisonPlot().plots(for: report)
        XCTAssertEqual(specs.map(\.name), ["comparison"])
        let data = specs[0].dataFiles["comparison.dat"]!
        let strings = specs[0].strings.strings
        XCTAssertTrue(data.contains("0 8.0000 7.0000 9.0000 12597547 1\n"), data)
        XCTAssertEqual(strings[0], "colormap/optimized/256x192")
        // Inconclusive in orange; without an interval (one run a side) a bare point, labelled so.
        XCTAssertTrue(data.contains("3 6.0000 6.0000 6.0000 15105570 4\n"), data)
        XCTAssertEqual(strings[3], "nms/optimized/crowded (inconclusive, no interval)")
        // Zero and the ±2% band in view whatever the changes (an autoscaled +15…+45% step showed neither).
        XCTAssertTrue(specs[0].readable.contains("set xrange [-6.75:9.75]"), specs[0].readable)
        XCTAssertEqual(try Gnuplot.render(specs[0], into: directory), ["comparison.png", "comparison.svg"])
        let svg = try String(contentsOfFile: directory + "/comparison.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("nms/optimized/typical"))
        XCTAssertEqual(specs[0].height, PlotSpec.standardHeight, "four rows fit the standard height")
    }

    func testAComparisonOfManyBenchmarksGrowsTallerSoTheirLabelsDoNotRunTogether() throws {
        let rows = (0..<48).map { comparison("hot-path-\($0)/optimized/1920x1440", 0.01, .unchanged) }
        let report = ComparisonReport(
            baseRunID: "b", headRunID: "h", settings: ComparisonSettings(),
            familyWise: FamilyWiseControl(method: "holm", tests: 48, alpha: 0.01, description: "exit code: Holm"),
            benchmarks: rows, added: [], removed: [],
            summary: GeometricMeanSummary(relativeChange: 0.01, benchmarks: 48, improved: 0, regressed: 0, unchanged: 48,
                                          inconclusive: 0),
            warnings: [])
        let spec = try XCTUnwrap(ComparisonPlot().plots(for: report).first)
        XCTAssertEqual(spec.height, 180 + 14 * 48)
        _ = try Gnuplot.render(spec, into: directory)
        let png = try Data(contentsOf: URL(fileURLWithPath: directory + "/comparison.png"))
        // The PNG header's height field (bytes 20-23, big-endian): the terminal was given the spec's height.
        XCTAssertEqual(png[20..<24].reduce(0) { $0 << 8 | Int($1) }, 180 + 14 * 48)
    }

    func testTrendPlotDrawsAMedianBudgetOverTheMediansAndMarksTheStep() throws {
        let points = (0..<8).map { TrendPlot.Input.Point(label: "c\($0)", median: $0 < 5 ? 1.0 : 1.2, lower: 0.95, upper: 1.25) }
        let input = TrendPlot.Input(benchmarkID: "colormap/optimized/256x192", points: points,
                                    budget: .init(milliseconds: 2, statistic: .p50), steps: [(5, "+20.0%")])
        let specs = TrendPlot().plots(for: input)
        XCTAssertEqual(specs.map(\.name), ["trend-colormap_optimized_256x192"])
        XCTAssertTrue(specs[0].readable.contains(", 2 with lines lw 2"), specs[0].readable)
        _ = try Gnuplot.render(specs[0], into: directory)
        let svg = try String(contentsOfFile: directory + "/trend-colormap_optimized_256x192.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("p50 budget &lt; 2.000 ms"), svg)
        XCTAssertTrue(svg.contains("+20.0%"))
        XCTAssertEqual(TrendPlot().plots(for: TrendPlot.Input(benchmarkID: "x", points: [])), [])
    }

    /// A p95 budget over the medians reads as room the p95 does not have: it is drawn over the p95 per run.
    func testAP95BudgetIsDrawnOverTheP95PerRunNotOverTheMedians() throws {
        let points = (0..<6).map { TrendPlot.Input.Point(label: "c\($0)", median: 1, lower: 0.95, upper: 1.05, budgetStatistic: 1.8) }
        let spec = try XCTUnwrap(TrendPlot().plots(for: TrendPlot.Input(
            benchmarkID: "colormap/optimized/256x192", points: points, budget: .init(milliseconds: 2, statistic: .p95))).first)
        XCTAssertTrue(spec.readable.contains("using 1:6 with linespoints"), spec.readable)
        XCTAssertTrue(spec.readable.contains("title 'p95 per run'"), spec.readable)
        XCTAssertTrue(spec.readable.contains(", 2 with lines lw 2 lc rgb '#C0392B' title 'p95 budget < 2.000 ms'"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set title 'colormap/optimized/256x192: median and p95 per run'"), spec.readable)
        XCTAssertTrue(spec.dataFiles.values.first?.hasPrefix("0 1 0.95 1.05 1 1.8\n") ?? false, "in ms, the series' unit")
        _ = try Gnuplot.render(spec, into: directory)
    }

    /// Without the budget's statistic per run (the history keeps median, p95, p99 and mean), the budget is named in
    /// the key and not drawn: there is nothing of its statistic to draw it over.
    func testABudgetWithoutItsStatisticPerRunIsNamedButNotDrawn() throws {
        let points = (0..<6).map { TrendPlot.Input.Point(label: "c\($0)", median: 1, lower: 0.95, upper: 1.05) }
        let spec = try XCTUnwrap(TrendPlot().plots(for: TrendPlot.Input(
            benchmarkID: "b/x/1", points: points, budget: .init(milliseconds: 2, statistic: .p999))).first)
        XCTAssertFalse(spec.readable.contains(", 2 with lines"), spec.readable)
        XCTAssertTrue(spec.readable.contains("NaN with lines lw 2 dt 3 lc rgb '#C0392B' title 'p99.9 budget < 2.000 ms: not drawn (no p99.9 per run recorded)'"),
                      spec.readable)
        XCTAssertTrue(spec.readable.contains("set title 'b/x/1: median per run'"), spec.readable)
        _ = try Gnuplot.render(spec, into: directory)
    }

    /// A 1 ms budget over 2.4 µs medians would flatten them onto the axis: it is named in the key as off-scale.
    func testABudgetFarAboveTheSeriesIsNamedOffScaleNotDrawn() throws {
        let points = (0..<6).map { TrendPlot.Input.Point(label: "c\($0)", median: 0.0024, lower: 0.0023, upper: 0.0025) }
        let spec = try XCTUnwrap(TrendPlot().plots(for: TrendPlot.Input(
            benchmarkID: "texture-upload/optimized/256x192", points: points, budget: .init(milliseconds: 1, statistic: .median))).first)
        XCTAssertFalse(spec.readable.contains(", 1 with lines"), spec.readable)
        XCTAssertTrue(spec.readable.contains("NaN with lines lw 2 lc rgb '#C0392B' title 'median budget < 1.000 ms (off-scale, above)'"), spec.readable)
        _ = try Gnuplot.render(spec, into: directory)
        // Within 4× of the series it is drawn.
        let near = try XCTUnwrap(TrendPlot().plots(for: TrendPlot.Input(
            benchmarkID: "b/x/1", points: points, budget: .init(milliseconds: 0.009, statistic: .median))).first)
        XCTAssertTrue(near.readable.contains(", 9 with lines lw 2"), "in µs, the series' unit: \(near.readable)")
        XCTAssertTrue(near.readable.contains("set ylabel 'median time (µs)'"), near.readable)
        XCTAssertTrue(near.dataFiles.values.first?.hasPrefix("0 2.4 2.3 2.5 ") ?? false, "µs, not 0.0024 ms")
    }
}

/// `history plot` of two ids whose file names read alike: one plot's files were written over the other's.
final class TrendPlotFileStemTests: XCTestCase {
    func testIdsWhoseStemsCoincideGetAHashAndOthersKeepTheirNames() {
        let stems = TrendPlot.fileStems(of: ["coll/v/n=1", "coll/v/n:1", "a/b/c"])
        XCTAssertEqual(stems["a/b/c"], "trend-a_b_c", "the names users' scripts read stay")
        XCTAssertNotEqual(stems["coll/v/n=1"], stems["coll/v/n:1"])
        XCTAssertTrue(stems["coll/v/n=1"]!.hasPrefix("trend-coll_v_n_1-"), "\(stems)")
    }
}
