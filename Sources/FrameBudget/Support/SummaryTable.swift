import Foundation
import Results
import Statistics

/// Formats durations with a unit that keeps 3–4 significant digits.
enum DurationFormat {
    static func string(_ nanoseconds: Double) -> String {
        switch abs(nanoseconds) {
        case ..<1_000: return String(format: "%.1f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: return String(format: "%.3f ms", nanoseconds / 1e6)
        default: return String(format: "%.3f s", nanoseconds / 1e9)
        }
    }

    /// `value [lower, upper]`.
    static func withInterval(_ value: Double, _ interval: ConfidenceInterval?) -> String {
        guard let interval else { return string(value) }
        return "\(string(value)) [\(string(interval.lower)), \(string(interval.upper))]"
    }
}

/// A plain-text table of a run: median / p95 / p99 with 95% intervals, and allocations per iteration.
enum SummaryTable {
    static func render(_ run: RunResults) -> String {
        let header = ["benchmark", "median [95% CI]", "p95 [95% CI]", "p99 [95% CI]", "allocs/iter", "samples×iters"]
        let rows = run.benchmarks.map { result -> [String] in
            let s = result.statistics
            let allocations = result.allocations.counted ? String(format: "%.2f", result.allocations.perIteration) : "n/a"
            return [result.id, DurationFormat.withInterval(s.median, s.interval(of: .median)),
                    DurationFormat.withInterval(s.p95, s.interval(of: .p95)),
                    DurationFormat.withInterval(s.p99, s.interval(of: .p99)),
                    allocations, "\(s.count)×\(result.iterationsPerSample)"]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }
}
