import Budgets
import Foundation
import Results
import Statistics
import XCTest
@testable import Plots

final class PlotKindTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "fb-plotkinds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testEveryStandardKindRendersWithGnuplot() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        let specs = StandardPlots.specs(for: PlotFixture.input)
        XCTAssertEqual(specs.map(\.name), [
            "nms-latency", "frame-loop-latency", "nms-variants", "frame-loop-photo-drop-timeline", "nms-counters",
            "nms-reference-complexity", "nms-optimized-complexity",
        ])
        let (rendered, note) = PlotRendering.render(specs, into: directory)
        XCTAssertNil(note)
        XCTAssertEqual(rendered.count, specs.count)
        for plot in rendered {
            let svg = try String(contentsOfFile: "\(directory)/\(plot.spec.name).svg", encoding: .utf8)
            XCTAssertTrue(svg.contains("<svg"), plot.spec.name)
        }
    }

    func testLatencyPlotDrawsTheBudgetAndTheShadedInterval() throws {
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotFixture.input).first)
        XCTAssertTrue(spec.readable.contains("set arrow from 1.55,5 to 2.45,5 nohead lc rgb '#cf222e' lw 2 dt 2"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set object rect from 0.65,"), "the p95 interval shaded")
        XCTAssertTrue(spec.readable.contains("shaded: 95% CI of p95"), spec.readable)
        XCTAssertEqual(spec.hotPath, "nms")
        // 20 samples (--quick) bound no p95: nothing shaded, and the title does not say it is.
        var quick = PlotFixture.run()
        for index in quick.benchmarks.indices {
            let values = Array(quick.benchmarks[index].samplesNanoseconds.prefix(20))
            quick.benchmarks[index].samplesNanoseconds = values
            quick.benchmarks[index].statistics = .of(values, resamples: 50)
        }
        let few = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotInput(run: quick, verdicts: [])).first)
        XCTAssertFalse(few.readable.contains("set object rect"), few.readable)
        XCTAssertTrue(few.readable.contains("no p95 interval: too few samples to bound it"), few.readable)
    }

    /// Reference is one colour in the box panel, its shading and the CDF beside it (the CDF took the series palette:
    /// reference blue there, optimized red like the budget lines); many workloads of one variant take the palette,
    /// which holds no red.
    func testEachBenchmarkHasOneColourInBothPanelsAndNoCurveIsTheBudgetsRed() throws {
        var run = PlotFixture.run()
        run.benchmarks = run.benchmarks.filter { $0.workload == "typical" }
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotInput(run: run, verdicts: [])).first)
        for (variant, colour) in [("reference", "'#9a6700'"), ("optimized", "'#0969da'")] {
            let uses = spec.readable.components(separatedBy: "lc rgb \(colour)").count - 1
            XCTAssertEqual(uses, 2, "\(variant): its box and its CDF curve: \(spec.readable)")
            XCTAssertTrue(spec.readable.contains("fc rgb \(colour) fs transparent"), "\(variant)'s p95 shading")
        }
        XCTAssertFalse(spec.readable.contains("red dashed"), "no budget drawn, none announced in the title")
        let sweep = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotFixture.input).first { $0.hotPath == "nms" })
        XCTAssertFalse(sweep.readable.contains("'#e31a1c'") || sweep.readable.contains("'#fb9a99'"), "no red series")
    }

    func testLatencyPlotNamesBudgetsInTheKeyNeverAsTextBesideTheirLines() throws {
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotFixture.input).first)
        XCTAssertFalse(spec.readable.contains("set label"), "labels at the lines overprinted boxes, each other and the panel edge")
        XCTAssertTrue(spec.readable.contains("NaN with lines lc rgb '#cf222e' lw 2 dt 2 title 'nms-typical-p95: < 5 ms'"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set key at screen 0.75, screen 0.01 center bottom"), "the CDF key sits below, off the curves")
    }

    func testFrameLoopLatencyPlotDrawsItsFrameTimeBudget() throws {
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: PlotFixture.input).first { $0.name == "frame-loop-latency" })
        XCTAssertTrue(spec.readable.contains("set arrow from 0.55,17.54 to 1.45,17.54"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set yrange [0:18.9432]"), "the axis rises past the samples (≤ 12.6 ms) to the budget")
    }

    /// Two hot paths whose names differ only in characters a file name cannot hold get a file each (a hash of the
    /// name added to both), so neither's plots replace the other's; the suite's own names keep their plain files.
    func testHotPathsWhoseNamesMakeOneStemGetAFileEach() throws {
        var run = PlotFixture.run()
        run.benchmarks += run.benchmarks.filter { $0.hotPath == "nms" && !$0.id.contains("n=") }.map { result in
            var other = result
            other.hotPath = "n<m>s"
            other.id = result.id.replacingOccurrences(of: "nms/", with: "n<m>s/")
            return other
        }
        run.benchmarks = run.benchmarks.map { result in
            guard result.hotPath == "nms", !result.id.contains("n=") else { return result }
            var renamed = result
            renamed.hotPath = "n>m<s"
            renamed.id = result.id.replacingOccurrences(of: "nms/", with: "n>m<s/")
            return renamed
        }
        let input = PlotInput(run: run, verdicts: [])
        for kind in [LatencyDistributionPlot().plots(for:), VariantComparisonPlot().plots(for:), CountersPlot().plots(for:)] {
            let names = kind(input).filter { $0.hotPath?.hasPrefix("n") == true && $0.hotPath != "nms" }.map(\.name)
            XCTAssertEqual(names.count, 2, "\(names)")
            XCTAssertEqual(Set(names).count, 2, "one file each: \(names)")
            XCTAssertTrue(names.allSatisfy { $0.hasPrefix("n-m-s-") }, "\(names)")
        }
        let plain = LatencyDistributionPlot().plots(for: PlotInput(run: PlotFixture.run(), verdicts: [])).map(\.name)
        XCTAssertTrue(plain.contains("nms-latency"), "\(plain)")
    }

    /// Budgets many decades apart: each keyed in its own unit and direction, tic labels as %g a few decades apart
    /// (a tic every decade from 1e-7 to 1000 ms ran together into one string, each with seven decimals).
    func testBudgetsDecadesApartKeepTheirUnitsAndLegibleTics() throws {
        let run = PlotFixture.run()
        let tiny = Budget(name: "tiny", hotPath: "nms", workload: "typical", variant: "optimized", metric: .time,
                          statistic: .p50, limit: 1, unit: .ns, source: "test")
        let floor = Budget(name: "floor", hotPath: "nms", workload: "typical", variant: "optimized", metric: .time,
                           statistic: .mean, limit: 1, unit: .s, direction: .min, source: "test")
        let input = PlotInput(run: run, verdicts: BudgetEvaluator().evaluate([tiny, floor], against: run))
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: input).first { $0.hotPath == "nms" })
        XCTAssertTrue(spec.readable.contains("title 'tiny: < 1 ns'"), spec.readable)
        XCTAssertTrue(spec.readable.contains("title 'floor: > 1 s'"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set format x '%g'") && spec.readable.contains("set format y '%g'"))
        XCTAssertTrue(spec.readable.contains("set xtics 100\n"), "10 decades: a tic every second one")
    }

    func testABudgetFarAboveLinearScaleDataIsNamedOffScaleInsteadOfFlatteningTheBoxes() throws {
        let run = PlotFixture.run()
        let far = Budget(name: "far", hotPath: "frame-loop", workload: "drop", variant: "photo", metric: .time,
                         statistic: .p95, limit: 1000, unit: .ms, source: "test")
        let input = PlotInput(run: run, verdicts: BudgetEvaluator().evaluate([far], against: run))
        let spec = try XCTUnwrap(LatencyDistributionPlot().plots(for: input).first { $0.name == "frame-loop-latency" })
        XCTAssertTrue(spec.readable.contains("title 'far: < 1000 ms (off-scale, above)'"), spec.readable)
        XCTAssertFalse(spec.readable.contains(",1000 "), "no line drawn at 1000 ms")
        XCTAssertTrue(spec.readable.contains("set yrange [0:13.608]"), "the samples (≤ 12.6 ms) keep the axis")
    }

    /// Each budget's vertical line on the CDF panel sits inside the panel's x range, wherever the samples lie: over
    /// them (17.54 ms over frames of ≤ 12.6 ms) or far under them (a 1 ms budget 12× overrun). gnuplot draws such a
    /// line even when its x is out of range, over the box plot beside it or off the figure.
    func testEveryBudgetLineOfTheCDFIsInsideItsPanel() throws {
        let run = PlotFixture.run()
        let under = Budget(name: "under", hotPath: "frame-loop", workload: "drop", variant: "photo", metric: .time,
                           statistic: .p95, limit: 1, unit: .ms, source: "test")
        let input = PlotInput(run: run, verdicts: BudgetEvaluator().evaluate(PlotFixture.budgets + [under], against: run))
        let specs = LatencyDistributionPlot().plots(for: input)
        XCTAssertEqual(specs.count, 2)
        for spec in specs {
            // The CDF panel is everything after the box plot's `plot`.
            let cdf = try XCTUnwrap(spec.readable.components(separatedBy: "unset arrow").last)
            let range = try XCTUnwrap(cdf.firstMatch(of: /set xrange \[([0-9.e+-]+):([0-9.e+-]+)\]/), "\(spec.name):\n\(cdf)")
            let (low, high) = (try XCTUnwrap(Double(range.1)), try XCTUnwrap(Double(range.2)))
            let lines = cdf.matches(of: /set arrow from ([0-9.e+-]+), graph 0/).compactMap { Double($0.1) }
            XCTAssertFalse(lines.isEmpty, spec.name)
            for x in lines { XCTAssertTrue(low <= x && x <= high, "\(spec.name): a budget at \(x) ms outside [\(low), \(high)]") }
        }
        let frameLoop = try XCTUnwrap(specs.first { $0.name == "frame-loop-latency" })
        XCTAssertTrue(frameLoop.readable.contains("set arrow from 1, graph 0"), "the overrun budget is drawn")
        XCTAssertTrue(frameLoop.readable.contains("set arrow from 17.54, graph 0"), "and the one above the samples")
    }

    func testVariantPlotWritesEachIntervalAsTextBesideItsBar() throws {
        let spec = try XCTUnwrap(VariantComparisonPlot().plots(for: PlotFixture.input).first)
        let rows = spec.dataFiles["nms-variants.dat"]!.split(separator: "\n")
        // The last column names the label in the strings table: "±…%".
        let labels = rows.map { spec.strings.strings[Int($0.split(separator: " ").last!)! - 1] }
        XCTAssertTrue(labels.allSatisfy { ($0.hasPrefix("±") || $0.hasPrefix("+")) && $0.hasSuffix("%") }, "\(labels)")
        XCTAssertEqual(VariantComparisonPlot.intervalLabel(median: 3.61, lower: 3.48, upper: 5.87), "+63%/−3.6%", "a skewed interval's two sides")
        XCTAssertEqual(VariantComparisonPlot.intervalLabel(median: 100, lower: 98, upper: 102), "±2%")
        XCTAssertTrue(spec.readable.contains("using 1:($4 * 1.35):(S[int($5)]) with labels"), spec.readable)
    }

    /// A merged result's bar is the median every table reports (the runs' geometric mean, with its interval over
    /// runs), not the pooled samples' median with the pooled interval the tables leave out as misleading.
    func testVariantBarsOfAMergedResultShowTheReportedMedian() throws {
        var input = PlotFixture.input
        let index = try XCTUnwrap(input.run.benchmarks.firstIndex { $0.id == "nms/optimized/typical" })
        let samples: [Double] = [1e6, 1e6, 1e6, 3e6, 3e6, 3e6, 3e6]
        input.run.benchmarks[index].samplesNanoseconds = samples
        input.run.benchmarks[index].statistics = .of(samples, resamples: 10)
        input.run.benchmarks[index].replicates = [Replicate(runID: "r-1", firstSample: 0, sampleCount: 3),
                                                  Replicate(runID: "r-2", firstSample: 3, sampleCount: 4)]
        let spec = try XCTUnwrap(VariantComparisonPlot().plots(for: input).first { $0.name == "nms-variants" })
        let data = try XCTUnwrap(spec.dataFiles["nms-variants.dat"])
        let reported = (1e6 * 3e6).squareRoot() / 1e6  // ms
        XCTAssertTrue(data.contains(" \(PlotText.number(reported)) "), "the geometric mean of the runs' medians: \(data)")
        XCTAssertTrue(spec.readable.contains("the runs' geometric mean, 95% CI over runs"), spec.readable)
    }

    func testTimelineKeyIsStackedBelowThePlotWhichKeepsItsWidth() throws {
        let spec = try XCTUnwrap(FrameTimelinePlot().plots(for: PlotFixture.input).first)
        // Beside the plot, the budget's long entry took a third of the width; in one row below, it sat on the x
        // label. Stacked below, the margin grows with the entries and the plot keeps the whole width.
        XCTAssertFalse(spec.readable.contains("set key outside right"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set key below center vertical maxrows 4"), spec.readable)
    }

    func testTimelineMarksTheMissedFramesAndTheDeadline() throws {
        let spec = try XCTUnwrap(FrameTimelinePlot().plots(for: PlotFixture.input).first)
        XCTAssertEqual(spec.dataFiles["frame-loop-photo-drop-timeline-missed.dat"], "9 20\n19 20\n29 20\n")
        XCTAssertTrue(spec.readable.contains("16.67 with lines"))
        XCTAssertTrue(spec.readable.contains("deadline 16.67 ms"), spec.readable)
        XCTAssertTrue(spec.readable.contains("frame-time: < 17.54 ms"), "the budget with its limit, as the latency plot names it: \(spec.readable)")
    }

    /// A freeze that dropped frames 10…14 of 20 was drawn as frames 10…14 of 15 processed, one line through it: the
    /// timeline now plots each processed frame at the frame it arrived as, breaks the line at the gap and marks the
    /// dropped frames along the axis.
    func testTimelinePlotsFramesWhereTheyArrivedAndMarksTheDroppedOnes() throws {
        var input = PlotFixture.input
        let index = try XCTUnwrap(input.run.benchmarks.firstIndex { $0.frameLoop != nil })
        var loop = try XCTUnwrap(input.run.benchmarks[index].frameLoop)
        loop.framesOffered = 20
        loop.framesProcessed = 15
        loop.framesDropped = 5
        loop.frameTimesMilliseconds = (0..<15).map { $0 == 10 ? 40 : 12 }
        loop.droppedFrames = [10, 11, 12, 13, 14]
        input.run.benchmarks[index].frameLoop = loop
        let spec = try XCTUnwrap(FrameTimelinePlot().plots(for: input).first)
        let data = try XCTUnwrap(spec.dataFiles["frame-loop-photo-drop-timeline.dat"])
        XCTAssertTrue(data.hasSuffix("8 12\n9 12\n\n15 40\n16 12\n17 12\n18 12\n19 12\n"), data)
        XCTAssertEqual(spec.dataFiles["frame-loop-photo-drop-timeline-missed.dat"], "15 40\n", "the late frame at its arrival")
        XCTAssertEqual(spec.dataFiles["frame-loop-photo-drop-timeline-dropped.dat"], "10\n11\n12\n13\n14\n")
        XCTAssertTrue(spec.readable.contains("dropped (5 frames)"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set xlabel 'offered frame'"), spec.readable)
        // A file from before the drops were recorded: by processed frame, and says so.
        loop.droppedFrames = nil
        input.run.benchmarks[index].frameLoop = loop
        let old = try XCTUnwrap(FrameTimelinePlot().plots(for: input).first)
        XCTAssertTrue(try XCTUnwrap(old.dataFiles["frame-loop-photo-drop-timeline.dat"]).hasSuffix("9 12\n10 40\n11 12\n12 12\n13 12\n14 12\n"))
        XCTAssertTrue(old.readable.contains("set xlabel 'processed frame'"), old.readable)
        XCTAssertNil(old.dataFiles["frame-loop-photo-drop-timeline-dropped.dat"])
    }

    func testCountersPlotNamesTheUnavailableCountersInsteadOfDrawingZeros() throws {
        let spec = try XCTUnwrap(CountersPlot().plots(for: PlotFixture.input).first)
        XCTAssertTrue(spec.readable.contains("1 other counter unavailable on this machine (which, and why: see the report)"), spec.readable)
        XCTAssertFalse(spec.readable.contains("PAPI_L3_TCM"), "a reason can be a paragraph: it goes to the report")
        XCTAssertFalse(spec.dataFiles["nms-counters.dat"]!.contains("PAPI_L3_TCM"))
        XCTAssertTrue(CountersPlot().plots(for: PlotInput(run: PlotFixture.run(withCounters: false), verdicts: [])).isEmpty)
    }

    /// A counter measured as 0 everywhere (page faults) is measured, not unavailable: said apart, by name.
    func testCountersPlotCountsAMeasuredZeroApartFromTheUnavailable() throws {
        var run = PlotFixture.run(withCounters: true)
        let index = try XCTUnwrap(run.benchmarks.firstIndex { !$0.counters.isEmpty })
        run.benchmarks[index].counters.append(CounterReading(name: "perf::PAGE-FAULTS", perIteration: 0, source: .papiSoftware))
        let spec = try XCTUnwrap(CountersPlot().plots(for: PlotInput(run: run, verdicts: [])).first)
        XCTAssertTrue(spec.readable.contains("1 other counter unavailable on this machine"), spec.readable)
        XCTAssertTrue(spec.readable.contains("0 per iteration, not drawn on the log scale: PAGE-FAULTS"), spec.readable)
    }

    /// A drawn counter that one benchmark read as 0 has no bar there (a log scale has no 0): the title says so.
    func testCountersPlotSaysWhichBarsAreMissingForAZeroReading() throws {
        var run = PlotFixture.run(withCounters: true)
        let index = try XCTUnwrap(run.benchmarks.firstIndex { !$0.counters.isEmpty })
        let counter = try XCTUnwrap(run.benchmarks[index].counters.first { ($0.perIteration ?? 0) > 0 })
        var zero = run.benchmarks[index]
        zero.counters = zero.counters.map { $0.name == counter.name ? CounterReading(name: $0.name, perIteration: 0, source: $0.source) : $0 }
        zero.variant = "zero"
        run.benchmarks.append(zero)
        let spec = try XCTUnwrap(CountersPlot().plots(for: PlotInput(run: run, verdicts: [])).first)
        XCTAssertTrue(spec.readable.contains("no bar where a benchmark read 0: \(CountersPlot.ticName(counter.name)) (1)"), spec.readable)
    }

    /// gnuplot labels a log axis at powers of ten only: bars within one decade stood between two labels, printed
    /// as `100.0000000`. Under two decades every doubling is labelled; every label is `%g`.
    func testCountersPlotLabelsANarrowLogAxisOftenEnoughToReadABar() {
        XCTAssertEqual(CountersPlot.logTics([28_522, 31_020]), "set ytics 2")
        XCTAssertEqual(CountersPlot.logTics([5e-6, 900_000]), "set ytics auto")
        let spec = CountersPlot().plots(for: PlotFixture.input).first
        XCTAssertTrue(spec?.readable.contains("set format y '%g'") == true, spec?.readable ?? "no counters plot")
    }

    /// A bar rises from the panel's bottom on a log axis: autoscaled to 0.001, a bar of 0.00107 had no height and
    /// read as 0. The range starts at a third of the smallest bar.
    func testCountersPlotLeavesTheSmallestBarVisible() {
        XCTAssertEqual(CountersPlot.logRange([0.0012, 30]), "set yrange [0.0004:90]")
        let spec = CountersPlot().plots(for: PlotFixture.input).first
        XCTAssertTrue(spec?.readable.contains("set yrange [") == true, spec?.readable ?? "no counters plot")
    }

    /// A p95 interval over three process runs reached past every sample, and its top was cut off.
    func testLatencyPanelTakesInEveryShadedInterval() throws {
        let result = PlotFixture.result("nms/optimized/typical", centre: 1_000)
        let top = try XCTUnwrap(result.samplesNanoseconds.max())
        let interval = ConfidenceInterval(lower: top * 0.5, upper: top * 2, level: 0.95)
        let unit = AxisUnit(nanoseconds: 1, name: "ns")
        XCTAssertEqual(LatencyDistributionPlot.yRange([result], [], shaded: [interval], logScale: false, unit: unit),
                       "set yrange [0:\(top * 2 * 1.08)]")
        XCTAssertEqual(LatencyDistributionPlot.yRange([result], [], logScale: false, unit: unit), "set yrange [0:\(top * 1.08)]")
    }

    /// The timeline of a merged result draws its first process run's frames, while the tables count every run's.
    func testTimelineOfAMergedResultSaysWhichProcessRunItDraws() throws {
        var input = PlotFixture.input
        let index = try XCTUnwrap(input.run.benchmarks.firstIndex { $0.frameLoop != nil })
        XCTAssertFalse(try XCTUnwrap(FrameTimelinePlot().plots(for: input).first).readable.contains("process run"))
        let count = input.run.benchmarks[index].samplesNanoseconds.count
        input.run.benchmarks[index].replicates = [Replicate(runID: "r-1", firstSample: 0, sampleCount: count / 2),
                                                  Replicate(runID: "r-2", firstSample: count / 2, sampleCount: count - count / 2)]
        let spec = try XCTUnwrap(FrameTimelinePlot().plots(for: input).first)
        XCTAssertTrue(spec.readable.contains("(process run 1 of 2)"), spec.readable)
    }

    func testCountersPlotNamesTheUnitOfEachCounter() throws {
        let spec = try XCTUnwrap(CountersPlot().plots(for: PlotFixture.input).first)
        let data = spec.dataFiles["nms-counters.dat"]!
        // Each row starts with the counter and its unit as indices into the strings: the tic is two lines.
        let tics = data.split(separator: "\n").map { row -> String in
            let fields = row.split(separator: " ").prefix(2).map { spec.strings.strings[Int($0)! - 1] }
            return fields.joined(separator: "\n")
        }
        XCTAssertTrue(tics.contains("PAPI_TOT_INS\n(events)"), "\(tics)")
        XCTAssertTrue(tics.contains("TASK-CLOCK\n(ns)"), "perf:: left out of the tic (the report names it in full): \(tics)")
        XCTAssertTrue(spec.readable.contains("xtic(S[int($1)] . \"\\n\" . S[int($2)])"), spec.readable)
        XCTAssertTrue(spec.readable.contains("set ylabel 'per iteration, in the unit under each counter (log scale)'"))
    }

    func testComplexityPlotFitsTheSweep() throws {
        let specs = ComplexityPlot().plots(for: PlotFixture.input)
        XCTAssertEqual(specs.map(\.title), ["nms/reference: complexity O(n²)", "nms/optimized: complexity O(n log n)"])
    }

    func testWithoutGnuplotRenderingSaysSoInsteadOfFailing() throws {
        let saved = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", "/nonexistent", 1)
        defer { setenv("PATH", saved, 1) }
        let (rendered, note) = PlotRendering.render(StandardPlots.specs(for: PlotFixture.input), into: directory)
        XCTAssertTrue(rendered.isEmpty)
        XCTAssertEqual(note, PlotError.gnuplotMissing.description)
    }
}

enum PlotFixture {
    static func result(_ id: String, centre: Double, sweep: Double? = nil, counters: [CounterReading] = [],
                       frameLoop: FrameLoopSummary? = nil) -> BenchmarkResult {
        let parts = id.split(separator: "/").map(String.init)
        // 100 samples, a default run's: enough to bound a p95 (72 or more).
        let values = (0..<100).map { centre * (1 + 0.1 * (Double(($0 * 7) % 100) / 99 - 0.5)) }
        return BenchmarkResult(
            id: id, hotPath: parts[0], variant: parts[1], workload: parts[2], sweepSize: sweep, iterationsPerSample: 4,
            samplesNanoseconds: values, statistics: .of(values, resamples: 100, seed: 3),
            allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 10, counted: true),
            counters: counters, frameLoop: frameLoop)
    }

    static func run(withCounters: Bool = true) -> RunResults {
        let clock = ClockInfo(source: "c", resolutionNanoseconds: 1, granularityNanoseconds: 1, overheadNanoseconds: 1)
        let environment = EnvironmentInfo(hostname: "h", cpuModel: "cpu", logicalCores: 2, frequencyGovernor: nil, virtualization: nil,
                                          kernel: "k", operatingSystem: "Linux", swiftVersion: "6.3", buildConfiguration: "release",
                                          gitCommit: nil, gitDirty: nil, loadAverage: [], clock: clock)
        var run = RunResults(runID: "r", startedAt: Date(timeIntervalSince1970: 0), environment: environment,
                             settings: RunSettings(samples: 30, targetSampleNanoseconds: 1e6, warmupNanoseconds: 1e6))
        let counters = withCounters ? [
            CounterReading(name: "PAPI_TOT_INS", perIteration: 2_000_000, source: .papiHardware),
            CounterReading(name: "perf::TASK-CLOCK", perIteration: 900_000, source: .papiSoftware),
            CounterReading.unavailable("PAPI_L3_TCM", reason: "no such event on this CPU"),
        ] : []
        run.benchmarks = [
            result("nms/reference/typical", centre: 8e6, counters: counters),
            result("nms/optimized/typical", centre: 1e6, counters: counters),
        ]
        for n in [100.0, 1000, 8400, 25200] {
            run.benchmarks.append(result("nms/reference/n=\(Int(n))", centre: 0.5 * n * n, sweep: n))
            run.benchmarks.append(result("nms/optimized/n=\(Int(n))", centre: 40 * n * log2(n), sweep: n))
        }
        let times = (0..<30).map { $0 % 10 == 9 ? 20.0 : 12.0 }
        let loop = FrameLoopSummary(cadenceMilliseconds: 16.67, policy: .drop, mode: "simulated", framesOffered: 30,
                                    framesProcessed: 30, framesDropped: 0, deadlineMisses: 3, frameTime: .of(times, resamples: 100),
                                    callbackLatency: .of(times, resamples: 100), effectiveFPS: 59, shareAtOrAbove57FPS: 0.9,
                                    driftRatio: 1, frameTimesMilliseconds: times)
        run.benchmarks.append(result("frame-loop/photo/drop", centre: 12e6, frameLoop: loop))
        return run
    }

    static let budgets = [
        Budget(name: "nms-typical-p95", hotPath: "nms", workload: "typical", metric: .time, statistic: .p95, limit: 5,
               unit: .ms, source: "test"),
        Budget(name: "frame-time", hotPath: "frame-loop", workload: "drop", variant: "photo", metric: .frameTime,
               statistic: .p95, limit: 17.54, unit: .ms, source: "test"),
    ]

    static var input: PlotInput {
        let run = run()
        return PlotInput(run: run, verdicts: BudgetEvaluator().evaluate(budgets, against: run))
    }
}

/// The roofline kind: ceilings per level and thread count, benchmarks at their intensity, shares of their roofs.
final class RooflinePlotTests: XCTestCase {
    static var input: PlotInput {
        var run = PlotFixture.run(withCounters: false)
        run.roofs = MachineRoofs(
            cacheBandwidthGBps: 100, memoryBandwidthGBps: 20, sgemmGFLOPS: 90, method: "m",
            cacheLevels: [CacheLevelInfo(name: "L1", bytes: 32768, sharedByCPUs: 1)],
            bandwidths: [BandwidthRoof(level: "L1", threads: 1, kind: "read", workingSetBytes: 16384, gigabytesPerSecond: 200),
                         BandwidthRoof(level: "L1", threads: 2, kind: "copy", workingSetBytes: 32768, gigabytesPerSecond: 380),
                         BandwidthRoof(level: "DRAM", threads: 1, kind: "copy", workingSetBytes: 1 << 26, gigabytesPerSecond: 20)],
            computePeaks: [ComputeRoof(threads: 1, instructionSet: "avx512f", gigaflopsPerSecond: 110)])
        var throughput = Throughput(bytesPerIteration: 1000, flopsPerIteration: 2000, gigabytesPerSecond: 10,
                                    gigaflopsPerSecond: 20, percentOfMemoryRoof: 5, percentOfComputeRoof: 18.2, bound: .compute)
        throughput.arithmeticIntensity = 2
        throughput.roofLevel = "L1"
        throughput.roofThreads = 1
        run.benchmarks[1].throughput = throughput
        return PlotInput(run: run, verdicts: [])
    }

    func testTheRooflineDrawsEveryCeilingAndPlacesTheBenchmarkAtItsIntensity() throws {
        let specs = RooflinePlot().plots(for: Self.input)
        XCTAssertEqual(specs.map(\.name), ["roofline", "roof-shares"])
        XCTAssertTrue(specs[0].readable.contains("roof(x, 200, 110)"), specs[0].readable)
        XCTAssertTrue(specs[0].readable.contains("'L1, 2 thr: 380 GB/s'"), specs[0].readable)
        XCTAssertTrue(specs[0].readable.contains("'DRAM, 1 thr: 20 GB/s'"), specs[0].readable)
        let label = try XCTUnwrap(specs[0].strings.strings.firstIndex(of: "nms/optimized/typical")) + 1
        XCTAssertEqual(specs[0].dataFiles["roofline.dat"], "2 20 \(label) 1 1\n", "the label on the right")
        XCTAssertEqual(specs[1].strings.strings, ["nms/optimized/typical (L1, 1 thr)"])
        XCTAssertEqual(specs[1].dataFiles["roof-shares.dat"], "1 18.2\n")
        XCTAssertTrue(specs[1].readable.contains("set xrange [0:110]"), specs[1].readable)
        XCTAssertTrue(specs[1].readable.contains("with boxxyerror"), "horizontal bars: labels on the y axis never run off the image")
    }

    /// Labels of points close together print on either side of their points, never over each other.
    func testRooflineLabelsOfNeighbouringPointsGoToEitherSide() {
        // Two mask-upsample points 0.06 decades apart in GFLOP/s, 0.04 in intensity, labels 30 characters long.
        XCTAssertEqual(RooflinePlot.labelSides([(x: 0.40, y: 9.07, characters: 30), (x: 0.43, y: 10.3, characters: 30)]), [1, -1])
        // Far apart: both on the right.
        XCTAssertEqual(RooflinePlot.labelSides([(x: 0.40, y: 9.07, characters: 30), (x: 0.43, y: 60, characters: 30)]), [1, 1])
        // A label reaching over the next point's line: that one goes left.
        XCTAssertEqual(RooflinePlot.labelSides([(x: 0.47, y: 36, characters: 35), (x: 2.4, y: 35, characters: 30)]), [1, -1])
    }

    /// A share above its roof is warned of in every report; its bar must not end at the plot's top edge.
    func testTheRoofSharesPlotIsTallEnoughForAShareAboveItsRoof() throws {
        var input = Self.input
        input.run.benchmarks[1].throughput?.percentOfComputeRoof = 160
        let shares = try XCTUnwrap(RooflinePlot().plots(for: input).last)
        XCTAssertTrue(shares.readable.contains("set xrange [0:176]"), shares.readable)
    }

    func testTheRooflineRendersWithGnuplot() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        let directory = NSTemporaryDirectory() + "fb-roofline-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (rendered, note) = PlotRendering.render(RooflinePlot().plots(for: Self.input), into: directory)
        XCTAssertNil(note)
        XCTAssertEqual(rendered.count, 2)
    }

    func testARunWithoutPerLevelRoofsHasNoRoofline() {
        var run = PlotFixture.run()
        run.roofs = MachineRoofs(cacheBandwidthGBps: 1, memoryBandwidthGBps: 1, sgemmGFLOPS: 1, method: "legacy")
        XCTAssertTrue(RooflinePlot().plots(for: PlotInput(run: run, verdicts: [])).isEmpty)
    }
}
