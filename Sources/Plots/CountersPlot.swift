import Foundation
import Results

/// Per hot path: the counters each benchmark could read, per iteration, as clustered bars on a log scale, each tic
/// naming its counter's unit. Counters nobody could read are counted under the title instead of drawn as zeros;
/// their names and reasons (often a paragraph each) belong to the report, not to a plot. Counters read as 0
/// everywhere (no page faults) are counted apart: measured, but a log scale has no bar for them.
public struct CountersPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { !$0.counters.isEmpty }
            let available = Self.availableCounters(results)
            return available.isEmpty ? nil : spec(hotPath, results, available, stem: input.stem(ofHotPath: hotPath))
        }
    }

    /// Counter names with at least one positive reading, in first-seen order.
    static func availableCounters(_ results: [BenchmarkResult]) -> [String] {
        var names: [String] = []
        for reading in results.flatMap(\.counters) where (reading.perIteration ?? 0) > 0 && !names.contains(reading.name) {
            names.append(reading.name)
        }
        return names
    }

    /// What a counter counts: time counters count nanoseconds, cycle counters cycles, IPC is a ratio, the rest events.
    static func unit(of counter: String) -> String { CounterReading.unit(of: counter) }

    /// Counters with no reading anywhere, with one reason each.
    static func unavailableCounters(_ results: [BenchmarkResult]) -> [String] {
        let measured = Set(results.flatMap(\.counters).filter { $0.source != .unavailable }.map(\.name))
        var seen: Set<String> = []
        return results.flatMap(\.counters).filter { !measured.contains($0.name) && seen.insert($0.name).inserted }
            .map { "\($0.name) (\($0.note ?? "unavailable"))" }
    }

    /// Counters measured but never above 0 (no page faults, no migrations): not drawn, not unavailable either.
    static func zeroCounters(_ results: [BenchmarkResult]) -> [String] {
        let drawn = Set(availableCounters(results))
        var names: [String] = []
        for reading in results.flatMap(\.counters)
        where reading.perIteration == 0 && !drawn.contains(reading.name) && !names.contains(reading.name) {
            names.append(reading.name)
        }
        return names
    }

    /// Drawn counters some benchmark read as 0, and how many did: those bars are missing (a log scale has no 0).
    static func zeroReadings(_ results: [BenchmarkResult]) -> [(counter: String, benchmarks: Int)] {
        availableCounters(results).compactMap { counter in
            let zeros = results.filter { result in result.counters.first { $0.name == counter }?.perIteration == 0 }.count
            return zeros > 0 ? (counter, zeros) : nil
        }
    }

    /// The tic label of a counter: without PAPI's `perf::` prefix, which made neighbouring labels run together
    /// (every counter on a machine without a hardware PMU has it; the report names them in full).
    static func ticName(_ counter: String) -> String {
        counter.hasPrefix("perf::") ? String(counter.dropFirst("perf::".count)) : counter
    }

    /// The lines under the title (one each, so none runs off the image): which counters or bars are not drawn, and why.
    static func undrawnNotes(_ results: [BenchmarkResult]) -> [String] {
        let unavailable = unavailableCounters(results).count, zero = zeroCounters(results)
        var parts: [String] = []
        if unavailable > 0 {
            parts.append("\(unavailable) other counter\(unavailable == 1 ? "" : "s") unavailable on this machine (which, and why: see the report)")
        }
        if !zero.isEmpty { parts.append("0 per iteration, not drawn on the log scale: \(zero.map(ticName).joined(separator: ", "))") }
        let missing = zeroReadings(results)
        if !missing.isEmpty {
            parts.append("no bar where a benchmark read 0: " + missing.map { "\(ticName($0.counter)) (\($0.benchmarks))" }.joined(separator: ", "))
        }
        return parts
    }

    /// Tics a reader can read a bar against: gnuplot's log axis labels powers of ten only, so bars within one
    /// decade (28522 Ir beside 31020) stood between two labels; under two decades, every doubling is labelled.
    static func logTics(_ values: [Double]) -> GnuplotScript {
        guard let low = values.min(), let high = values.max(), high / low < 100 else { return "set ytics auto" }
        return "set ytics 2"
    }

    /// The y range from a third of the smallest bar to three times the largest. A bar rises from the bottom of the
    /// panel on a log axis, and gnuplot's autoscale put that bottom at the power of ten under the smallest value:
    /// 0.00107 context switches per iteration over a bottom of 0.001 drew no visible bar, read as 0.
    static func logRange(_ values: [Double]) -> GnuplotScript {
        guard let low = values.min(), let high = values.max() else { return "set yrange [*:*]" }
        return "set yrange [\(low / 3):\(high * 3)]"
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult], _ names: [String], stem: String) -> PlotSpec {
        let name = "\(stem)-counters"
        let file = DataFileName("\(name).dat")
        var strings = PlotStrings()
        // Columns 1 and 2: the counter and its unit, as indices into the strings (the tic label is two lines);
        // then one column per benchmark.
        let rows = names.map { counter in
            "\(strings.add(Self.ticName(counter)).index) \(strings.add("(\(Self.unit(of: counter)))").index) " + results.map { result in
                result.counters.first { $0.name == counter }?.perIteration.flatMap { $0 > 0 ? PlotText.number($0) : nil } ?? "?"
            }.joined(separator: " ")
        }
        let titleLines: [GnuplotScript] = (["\(hotPath): counters per iteration"] + Self.undrawnNotes(results)).map { "\(strings.add($0))" }
        let title = titleLines.joined(separator: " . \"\\n\" . ")
        let styles = PlotText.styles(of: results)
        let columns = results.enumerated().map { index, result -> GnuplotScript in
            "\(file) using \(index + 3):xtic(S[int($1)] . \"\\n\" . S[int($2)]) lc rgb \(styles[index].colour) title \(strings.add(result.id))"
        }
        let drawn = names.flatMap { counter in
            results.compactMap { $0.counters.first { $0.name == counter }?.perIteration }.filter { $0 > 0 && $0.isFinite }
        }
        let script: GnuplotScript = """
            set title \(title) font ',9'
            set datafile missing '?'
            set style data histograms
            set style histogram cluster gap 1
            set style fill solid 0.6 border -1
            set logscale y
            set format y '%g'
            \(Self.logTics(drawn))
            \(Self.logRange(drawn))
            set ylabel 'per iteration, in the unit under each counter (log scale)'
            set xtics font ',8'
            set bmargin 5
            set grid ytics
            set key outside right font ',8'
            plot \(columns.joined(separator: ", \\\n     "))
            """
        return PlotSpec(name: name, title: "\(hotPath): counters per iteration", script: script, strings: strings,
                        dataFiles: [file.name: rows.joined(separator: "\n") + "\n"], hotPath: hotPath)
    }
}
