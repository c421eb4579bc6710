import Foundation
import Statistics

extension BenchmarkResult {
    /// The 95% level of ``reported(_:runID:)``'s intervals.
    public static let reportedLevel = 0.95

    /// A statistic of this result and its 95% interval as the result tables and the exports give them, the process
    /// run the unit (as the gate and `compare` judge): for one run, the samples' statistic and its bootstrap interval;
    /// for a result merged from several, the geometric mean of the runs' own values of the statistic with the
    /// Student-t interval over them.
    ///
    /// The pooled samples' interval treats thousands of samples as independent when whole runs differ by their
    /// placement and layout: over three runs of medians 2330, 1506 and 2366 ns it read [2277, 2348], two of the three
    /// runs outside it.
    public func reported(_ statistic: Statistic, runID: String) -> (value: Double, interval: ConfidenceInterval?) {
        let slices = samplesByReplicate(runID: runID).filter { !$0.isEmpty }
        guard slices.count > 1 else { return (statistics.value(of: statistic), statistics.interval(of: statistic)) }
        let values = slices.map { statistic.of(sorted: $0.sorted()) }
        guard values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return (statistics.value(of: statistic), nil) }
        let logs = values.map { log($0) }
        let centre = exp(Descriptive.mean(logs))
        let interval = RunLevel.meanInterval(logs, level: Self.reportedLevel).map {
            ConfidenceInterval(lower: exp($0.lower), upper: exp($0.upper), level: Self.reportedLevel)
        }
        return (centre, interval)
    }
}
