import Results
import Statistics

/// One budget from `Benchmarks/budgets.yaml`: a limit on a statistic of one benchmark (or a family of them).
public struct Budget: Codable, Sendable, Equatable {
    /// Stable name of the budget, e.g. `colormap-256x192-p95`.
    public var name: String
    /// Hot-path id the budget applies to, e.g. `colormap`.
    public var hotPath: String
    /// Workload name, e.g. `256x192`.
    public var workload: String
    /// Variant gated on (default `optimized`).
    public var variant: String
    /// Metric: `time` (per-iteration latency), `allocations` (per iteration), `frame-time`, `fps-share`,
    /// `peak-memory`, `drift`.
    public var metric: String
    /// Statistic of the metric: `p50`, `p95`, `p99`, `max`, `mean`.
    public var statistic: String
    /// The limit, in `unit`.
    public var limit: Double
    /// `ns`, `us`, `ms`, `s`, `count`, `bytes`, `MB`, `ratio`, `percent`.
    public var unit: String
    /// `max` (measured must stay under the limit) or `min` (must stay over it, e.g. share of frames ≥ 57 fps).
    public var direction: String
    /// Document and section the budget comes from, e.g. `000 Performance Targets`.
    public var source: String

    /// `hotPath/variant/workload` of the benchmark this budget gates.
    public var benchmarkID: String { "\(hotPath)/\(variant)/\(workload)" }
}

/// The outcome of a budget, respecting noise: the confidence interval decides, not the point estimate.
public enum VerdictOutcome: String, Codable, Sendable, CaseIterable {
    /// The interval's upper bound is under the limit.
    case pass = "PASS"
    /// The interval's lower bound is over the limit.
    case fail = "FAIL"
    /// The interval straddles the limit: measure more.
    case inconclusive = "INCONCLUSIVE"
    /// The budget's benchmark did not run: never a pass.
    case missing = "MISSING"
}

/// A budget checked against a run.
public struct BudgetVerdict: Codable, Sendable {
    public var budget: Budget
    public var outcome: VerdictOutcome
    /// The measured statistic, in the budget's unit (nil when missing).
    public var measured: Double?
    /// Its confidence interval, in the budget's unit, when there is one.
    public var interval: ConfidenceInterval?
    /// (limit − measured) / limit × 100 for `max` budgets; the mirror for `min` ones.
    public var headroomPercent: Double?
    /// Set when headroom falls under the warning margin, or to explain a MISSING verdict.
    public var warning: String?

    public init(
        budget: Budget, outcome: VerdictOutcome, measured: Double?, interval: ConfidenceInterval?,
        headroomPercent: Double?, warning: String?
    ) {
        self.budget = budget
        self.outcome = outcome
        self.measured = measured
        self.interval = interval
        self.headroomPercent = headroomPercent
        self.warning = warning
    }
}
