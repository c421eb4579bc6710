import Foundation
import Results
import Statistics

/// The statistics a history keeps of one benchmark of a run (its `results` row), as the run's reports give them: for
/// a result merged from several process runs, the runs' geometric mean with the t interval over them
/// (``Results/BenchmarkResult/reported(_:runID:)``), not the pooled samples' statistic and bootstrap interval, which
/// treat thousands of samples as independent (audit, 7 Dec: a history read 8.74 µs [8.61, 8.75] where the run's own
/// reports gave 8.636 µs [6.911, 10.79]). A single run's are its samples' own, as before.
public struct HistoryResultRow: Equatable, Sendable {
    public var samples: Int
    public var median: Double
    public var lower: Double?
    public var upper: Double?
    public var p95: Double
    public var p99: Double
    public var mean: Double
    /// The pooled samples' standard deviation (no reader judges by it).
    public var standardDeviation: Double

    /// The row of `result` in the run `runID`.
    public init(_ result: BenchmarkResult, runID: String) {
        let s = result.statistics
        let median = result.reported(.median, runID: runID)
        samples = s.count
        self.median = median.value
        (lower, upper) = (median.interval?.lower, median.interval?.upper)
        p95 = result.reported(.p95, runID: runID).value
        p99 = result.reported(.p99, runID: runID).value
        mean = result.reported(.mean, runID: runID).value
        standardDeviation = s.standardDeviation
    }
}
