import Budgets
import Foundation
import Results
import Statistics
import TextFormatting

/// A plain-text table of a run: median / p95 / p99 with 95% intervals, allocations per iteration, and the rate of
/// what the benchmark declares it processes (its own items, bytes, flops).
enum SummaryTable {
    static func render(_ run: RunResults) -> String {
        let header = ["benchmark", "median [95% CI]", "p95 [95% CI]", "p99 [95% CI]", "allocs/iter", "rate", "samples×iters"]
        let rows = run.benchmarks.map { result -> [String] in
            let s = result.statistics
            let allocations = result.allocations.counted ? String(format: "%.2f", result.allocations.perIteration) : "n/a"
            // Over process runs when merged (a gate that re-measured), as the gate judges them.
            let cell = { (statistic: Statistic) in
                let (value, interval) = result.reported(statistic, runID: run.runID)
                return withInterval(value, interval)
            }
            let runs = result.replicateCount > 1 ? " (\(result.replicateCount) runs)" : ""
            return [result.id, cell(.median), cell(.p95), cell(.p99),
                    allocations, rate(result.throughput), "\(s.count)×\(result.iterationsPerSample)\(runs)"]
        }
        return TextTable.render(header: header, rows: rows, trimmed: false)
    }

    /// The first declared of the items', bytes' and flops' rates (`12.3 M pixels/s`, `4.5 GB/s`), or `—`.
    static func rate(_ throughput: Throughput?) -> String {
        if let items = throughput?.itemsPerSecond { return "\(UnitFormat.scaled(items)) \(throughput?.itemName ?? "items")/s" }
        if let bandwidth = throughput?.gigabytesPerSecond { return "\(UnitFormat.number(bandwidth)) GB/s" }
        if let compute = throughput?.gigaflopsPerSecond { return "\(UnitFormat.number(compute)) GFLOP/s" }
        return "—"
    }

    /// `value [lower, upper]`.
    static func withInterval(_ value: Double, _ interval: ConfidenceInterval?) -> String {
        guard let interval else { return DurationText.string(nanoseconds: value) }
        let text = DurationText.string(nanoseconds:)
        return "\(text(value)) [\(text(interval.lower)), \(text(interval.upper))]"
    }
}
