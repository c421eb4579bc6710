import Foundation
import Results

/// Per frame-loop benchmark: frame time of every processed frame at the frame it arrived as (the offered frame's
/// index, so a run of dropped frames is a gap where it happened, marked along the axis), with the cadence deadline,
/// any frame-time budget, and the frames that missed the deadline marked in red. A file that does not record its
/// dropped frames (before 8 Dec 2026) is plotted by processed frame.
public struct FrameTimelinePlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.run.benchmarks.compactMap { result in
            guard let loop = result.frameLoop, !loop.frameTimesMilliseconds.isEmpty else { return nil }
            return spec(result, loop, input)
        }
    }

    /// A merged result keeps its first process run's frames: said, since the tables beside the plot count every
    /// process run's samples.
    static func processNote(_ result: BenchmarkResult) -> String {
        guard let runs = result.replicates?.count, runs > 1 else { return "" }
        return " (process run 1 of \(runs))"
    }

    private func spec(_ result: BenchmarkResult, _ loop: FrameLoopSummary, _ input: PlotInput) -> PlotSpec {
        let name = "\(input.stem(ofBenchmark: result.id))-timeline"
        let file = DataFileName("\(name).dat"), missedFile = DataFileName("\(name)-missed.dat")
        let deadline = loop.cadenceMilliseconds
        let arrivals = loop.processedFrameArrivals ?? Array(loop.frameTimesMilliseconds.indices)
        let timed = zip(arrivals, loop.frameTimesMilliseconds)
        // A dropped frame breaks the line (a blank line in gnuplot data), so a freeze is not drawn as a ramp.
        let dropped = Set(loop.droppedFrames ?? [])
        let frames = timed.map { arrival, time in
            (arrival > 0 && dropped.contains(arrival - 1) ? "\n" : "") + "\(arrival) \(PlotText.number(time))"
        }.joined(separator: "\n")
        let missed = timed.filter { $1 > deadline }.map { "\($0) \(PlotText.number($1))" }.joined(separator: "\n")
        let droppedFile = DataFileName("\(name)-dropped.dat")
        var strings = PlotStrings()
        let budgets = input.timeLimitsMilliseconds(of: result.id, metric: .frameTime).map { budget -> GnuplotScript in
            "\(budget.milliseconds) with lines lc rgb \(PlotColour.budget) lw 2 dt 2 title \(strings.add("\(budget.name): \(budget.phrase)"))"
        }
        var plots: [GnuplotScript] = [
            "\(file) using 1:2 with linespoints pt 7 ps 0.25 lc rgb '#0969da' title 'frame time'",
            "\(deadline) with lines lc rgb \(PlotColour.ink) lw 2 title \(strings.add("deadline \(String(format: "%.2f", deadline)) ms"))"]
        plots += budgets
        if !missed.isEmpty {
            let count = missed.split(separator: "\n").count
            plots.append("\(missedFile) using 1:2 with points pt 7 ps 0.6 lc rgb \(PlotColour.budget) title \(strings.add("over the deadline (\(count) frames)"))")
        }
        if !dropped.isEmpty {
            plots.append("\(droppedFile) using 1:(0) with points pt 2 ps 0.5 lc rgb \(PlotColour.ink) title \(strings.add("dropped (\(dropped.count) frames)"))")
        }
        let subtitle = "\(loop.policy.rawValue), \(loop.mode): \(loop.framesProcessed)/\(loop.framesOffered) frames, "
            + "\(loop.framesDropped) dropped, \(loop.deadlineMisses) deadline misses, \(String(format: "%.1f", loop.effectiveFPS)) fps"
            + Self.processNote(result)
        let title = strings.add("\(result.id): frame time per frame"), sub = strings.add(subtitle)
        let script: GnuplotScript = """
            set title \(title) . "\\n" . \(sub)
            set xlabel \(loop.droppedFrames == nil ? "'processed frame'" : "'offered frame'") offset 0,0.5
            set ylabel 'frame time (ms)'
            set yrange [0:*]
            set grid ytics
            set key below center vertical maxrows 4 font ',8' samplen 3
            set offsets 0, 0, graph 0.05, 0
            plot \(plots.joined(separator: ", \\\n     "))
            """
        var files = [file.name: frames + "\n"]
        if !missed.isEmpty { files[missedFile.name] = missed + "\n" }
        if !dropped.isEmpty { files[droppedFile.name] = dropped.sorted().map(String.init).joined(separator: "\n") + "\n" }
        return PlotSpec(name: name, title: "\(result.id): frame-time timeline", script: script, strings: strings,
                        dataFiles: files, hotPath: result.hotPath)
    }
}
