import Results
import Statistics

/// The regression check of `framebudget gate --baseline …`: which benchmarks got slower than the baseline.
///
/// A regression is a benchmark present on both sides whose median slowed by more than the threshold with a
/// Mann–Whitney p-value below alpha (``Comparator/verdict(change:pValue:settings:)``). Benchmarks only in one run
/// are listed apart and never fail the gate. Pure function; resolve the baseline with `History.BaselineResolver`.
public enum RegressionGate {
    public struct Regression: Codable, Sendable, Equatable {
        public var id: String
        /// head/base − 1 of the median.
        public var relativeChange: Double
        public var interval: ConfidenceInterval
        public var pValue: Double
        /// Counter changes that may explain it (may be empty).
        public var explanation: String
    }

    public struct Outcome: Codable, Sendable, Equatable {
        public var regressions: [Regression]
        public var compared: Int
        public var added: [String]
        public var removed: [String]
        public var passed: Bool { regressions.isEmpty }
    }

    /// Compares `head` against `base` and returns the regressions, worst first.
    public static func evaluate(base: RunResults, head: RunResults, settings: ComparisonSettings = ComparisonSettings())
        -> Outcome {
        let report = Comparator.compare(base: base, head: head, settings: settings)
        let regressions = report.regressions
            .map { Regression(id: $0.id, relativeChange: $0.relativeChange, interval: $0.interval, pValue: $0.pValue,
                              explanation: $0.explanation) }
            .sorted { $0.relativeChange > $1.relativeChange }
        return Outcome(regressions: regressions, compared: report.benchmarks.count, added: report.added,
                       removed: report.removed)
    }
}
