import Foundation
import Results

/// What the host was doing while the run measured, for report headers: the 1-minute load at the start and the share
/// of the CPUs the hypervisor stole. A figure measured while a third of the machine was elsewhere is a figure of the
/// host, and the report says so beside it rather than in a log nobody reads.
enum HostConditions {
    /// E.g. "host: 1-minute load 0.41 at the start · steal 3.2% over the run (per benchmark and process 0.0–11.5%)";
    /// nil when the run records neither (steal is said only with the run's own, which every run since it was
    /// recorded has).
    static func phrase(_ run: RunResults) -> String? {
        var parts: [String] = []
        if let load = run.environment.loadAverage.first {
            parts.append("1-minute load \(String(format: "%.2f", load)) at the start")
        }
        let perBenchmark = run.benchmarks.flatMap { $0.replicates(runID: run.runID).compactMap(\.hostSteal) }
        if let steal = run.hostSteal {
            var text = "steal \(percent(steal)) over the run"
            if let low = perBenchmark.min(), let high = perBenchmark.max(), high - low >= 0.005 {
                text += " (per benchmark\(run.benchmarks.contains { $0.replicateCount > 1 } ? " and process" : "") "
                    + "\(percent(low, withPercentSign: false))–\(percent(high)))"
            }
            parts.append(text)
        }
        return parts.isEmpty ? nil : "host: " + parts.joined(separator: " · ")
    }

    private static func percent(_ share: Double, withPercentSign: Bool = true) -> String {
        String(format: "%.1f", share * 100) + (withPercentSign ? "%" : "")
    }
}
