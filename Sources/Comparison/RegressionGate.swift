import Results
import Statistics

/// The regression check of `framebudget gate --baseline …`: which benchmarks got slower than the baseline.
///
/// The rule of `compare` (``Comparator``): per-run values, a t test over runs (pooled with the history's between-run
/// spread when given, which makes a single gate run against a single baseline run judgeable), Holm over the compared
/// benchmarks, and a change beyond each benchmark's noise floor. Without any estimate of the between-run variance a
/// benchmark is INCONCLUSIVE, never a regression. A baseline of another machine class is refused
/// (``refusal(base:head:)``). Pure function; resolve the baseline with `History.BaselineResolver`.
public enum RegressionGate {
    public struct Regression: Codable, Sendable, Equatable {
        public var id: String
        /// exp(mean log head − mean log base) − 1 of the per-run statistic.
        public var relativeChange: Double
        public var interval: ConfidenceInterval?
        /// Holm-adjusted run-level p-value.
        public var pValue: Double
        /// Runs per side.
        public var baseRuns: Int
        public var headRuns: Int
        /// Counter changes with evidence that may explain it (may be empty).
        public var explanation: String
    }

    public struct Outcome: Codable, Sendable, Equatable {
        public var regressions: [Regression]
        /// Benchmarks whose change looks beyond the noise floor without enough evidence, or whose between-run
        /// variance is unknown.
        public var inconclusive: [String]
        public var compared: Int
        public var added: [String]
        public var removed: [String]
        /// `exit code: Holm-adjusted over N benchmarks, family-wise α = A`.
        public var familyWise: String
        /// What weakens the comparison, as `compare` warns (``ComparisonReport/warnings``): another host of the
        /// class, one run per side, a changed code path.
        public var warnings: [String]
        public var passed: Bool { regressions.isEmpty }
    }

    /// Compares `head` against `base` and returns the regressions, worst first.
    /// - Parameter priors: between-run spreads from the history, of the head's machine class, by benchmark id.
    public static func evaluate(base: RunResults, head: RunResults, settings: ComparisonSettings = ComparisonSettings(),
                                priors: [String: PriorSpread] = [:]) -> Outcome {
        let report = Comparator.compare(base: base, head: head, settings: settings, priors: priors)
        let regressions = report.regressions
            .map { Regression(id: $0.id, relativeChange: $0.relativeChange, interval: $0.interval,
                              pValue: $0.adjustedPValue ?? 1, baseRuns: $0.baseRuns, headRuns: $0.headRuns,
                              explanation: $0.explanation) }
            .sorted { $0.relativeChange > $1.relativeChange }
        return Outcome(regressions: regressions, inconclusive: report.inconclusive.map(\.id),
                       compared: report.benchmarks.count, added: report.added, removed: report.removed,
                       familyWise: report.familyWise.description, warnings: report.warnings)
    }

    /// One line when the baseline must not be compared with the head (another machine class); nil otherwise.
    public static func refusal(base: RunResults, head: RunResults) -> String? {
        Comparator.incompatibility(base: base, head: head)
    }
}
