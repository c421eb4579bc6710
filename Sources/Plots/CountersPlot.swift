import Foundation
import Results

/// Per hot path: the counters each benchmark could read, per iteration, as clustered bars on a log scale. Counters
/// nobody could read are named under the title (with the first reason) instead of drawn as zeros.
public struct CountersPlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        input.hotPaths.compactMap { hotPath in
            let results = input.benchmarks(of: hotPath).filter { !$0.counters.isEmpty }
            let available = Self.availableCounters(results)
            return available.isEmpty ? nil : spec(hotPath, results, available)
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

    /// Counters with no reading anywhere, with one reason each.
    static func unavailableCounters(_ results: [BenchmarkResult]) -> [String] {
        let available = Set(availableCounters(results))
        var seen: Set<String> = []
        return results.flatMap(\.counters).filter { !available.contains($0.name) && seen.insert($0.name).inserted }
            .map { "\($0.name) (\($0.note ?? "unavailable"))" }
    }

    private func spec(_ hotPath: String, _ results: [BenchmarkResult], _ names: [String]) -> PlotSpec {
        let name = "\(PlotText.stem(hotPath))-counters"
        let header = "counter " + results.map { PlotText.doubleQuoted($0.id) }.joined(separator: " ")
        let rows = names.map { counter in
            PlotText.doubleQuoted(counter) + " " + results.map { result in
                result.counters.first { $0.name == counter }?.perIteration.flatMap { $0 > 0 ? PlotText.number($0) : nil } ?? "?"
            }.joined(separator: " ")
        }
        let unavailable = Self.unavailableCounters(results)
        let note = unavailable.isEmpty ? "" : "\nunavailable: " + unavailable.joined(separator: ", ")
        let columns = results.indices.map { "'\(name).dat' using \($0 + 2):xtic(1) title columnheader(\($0 + 2))" }
        let script = """
            set title \(PlotText.doubleQuoted("\(hotPath): counters per iteration" + note)) font ',9'
            set datafile missing '?'
            set style data histograms
            set style histogram cluster gap 1
            set style fill solid 0.6 border -1
            set logscale y
            set ylabel 'per iteration (log scale)'
            set xtics rotate by -30 font ',8'
            set grid ytics
            set key outside right font ',8'
            plot \(columns.joined(separator: ", \\\n     "))
            """
        return PlotSpec(name: name, title: "\(hotPath): counters per iteration", script: script,
                        dataFiles: ["\(name).dat": ([header] + rows).joined(separator: "\n") + "\n"], hotPath: hotPath)
    }
}
