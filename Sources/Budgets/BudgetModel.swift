import Results
import Statistics

/// One budget from `Benchmarks/budgets.yaml`: a limit on a statistic of one benchmark's metric.
public struct Budget: Codable, Sendable, Equatable {
    /// Stable name of the budget, e.g. `colormap-256x192-p95`.
    public var name: String
    /// Hot-path id the budget applies to, e.g. `colormap`.
    public var hotPath: String
    /// Workload name, e.g. `256x192`.
    public var workload: String
    /// Variant gated on (default `optimized`).
    public var variant: String
    public var metric: BudgetMetric
    /// Statistic of the metric: `p50`, `p90`, `p95`, `p99`, `p99.9`, `max`, `mean` (each metric allows a subset).
    public var statistic: Statistic
    /// The limit, in `unit`. Positive; 0 only for count metrics (`allocations`), meaning "exactly none".
    public var limit: Double
    public var unit: BudgetUnit
    public var direction: BudgetDirection
    /// Document and section the budget comes from, e.g. `000 Performance Targets`.
    public var source: String
    /// Why the budget reads as it does, when the document leaves room for interpretation.
    public var note: String?
    /// The name of the benchmark's own metric a `custom` budget limits (``BenchmarkResult/metrics``).
    public var customMetric: String?
    /// Process runs the gate may measure to decide this budget (`max-processes`), the first included; nil for the
    /// gate's own cap. A budget whose statistic scatters widely between processes (a frame loop's drift on a
    /// shared VM) needs more of them to decide than a kernel's time does.
    public var maxProcesses: Int?

    public init(
        name: String, hotPath: String, workload: String, variant: String = "optimized", metric: BudgetMetric,
        statistic: Statistic, limit: Double, unit: BudgetUnit, direction: BudgetDirection = .max, source: String,
        note: String? = nil, customMetric: String? = nil, maxProcesses: Int? = nil
    ) {
        self.customMetric = customMetric
        self.maxProcesses = maxProcesses
        self.name = name
        self.hotPath = hotPath
        self.workload = workload
        self.variant = variant
        self.metric = metric
        self.statistic = statistic
        self.limit = limit
        self.unit = unit
        self.direction = direction
        self.source = source
        self.note = note
    }

    /// The benchmark this budget gates.
    public var benchmark: BenchmarkID { BenchmarkID(hotPath: hotPath, variant: variant, workload: workload) }

    /// `hotPath/variant/workload` of the benchmark this budget gates (``benchmark`` as results files write it).
    public var benchmarkID: String { benchmark.description }

    /// `p95 time < 1 ms`, `mean allocations ≤ 0 count`, `fps-share ≥ 0.95 ratio`: the rule in one phrase.
    public var rule: String {
        if metric == .custom, let customMetric { return "\(customMetric) \(limitPhrase)" }
        return "\(statistic.rawValue) \(metric.rawValue) \(limitPhrase)"
    }

    /// `< 1 ms`, `≤ 0 count`, `> 0.95 ratio`: the limit with its direction, in the unit's ``BudgetUnit/symbol``.
    public var limitPhrase: String {
        "\(direction.symbol(inclusive: metric.isExact)) \(UnitFormat.number(limit)) \(unit.symbol)"
    }
}

/// Which way a limit bounds the metric.
public enum BudgetDirection: String, Codable, Sendable, CaseIterable {
    /// The measured value must stay under the limit (latency, memory, allocations, drift).
    case max
    /// The measured value must stay over the limit (share of frames at ≥ 57 fps).
    case min

    func symbol(inclusive: Bool) -> String {
        switch (self, inclusive) {
        case (.max, false): return "<"
        case (.max, true): return "≤"
        case (.min, false): return ">"
        case (.min, true): return "≥"
        }
    }
}

/// The outcome of a budget, respecting noise: an interval over process runs decides, not a point estimate
/// (``RunLevelVerdict``).
public enum VerdictOutcome: String, Codable, Sendable, CaseIterable {
    /// The interval over runs lies entirely on the good side of the limit, or one process clears it by the
    /// between-run margin.
    case pass = "PASS"
    /// The interval over two process runs or more lies entirely on the bad side of the limit (never from one).
    case fail = "FAIL"
    /// The interval straddles (or touches) the limit, or one process is not a clear pass: measure more processes.
    case inconclusive = "INCONCLUSIVE"
    /// The budget's benchmark did not run, or did not measure this metric: never a pass.
    case missing = "MISSING"
}

/// A budget checked against a run.
public struct BudgetVerdict: Codable, Sendable, Equatable {
    public var budget: Budget
    public var outcome: VerdictOutcome
    /// The measured statistic, in the budget's unit (nil when missing): with several process runs, their
    /// run-level estimate (geometric mean of the per-run values; plain mean for shares).
    public var measured: Double?
    /// The interval the verdict rests on, in the budget's unit: over process runs when there are several, else the
    /// one run's own interval (nil for point estimates and exact counts).
    public var interval: ConfidenceInterval?
    /// (limit − measured) / limit × 100 for `max` budgets; (measured − limit) / limit × 100 for `min` ones.
    /// Nil when missing or when the limit is 0.
    public var headroomPercent: Double?
    /// Set when headroom falls under the warning margin, or to explain a MISSING verdict.
    public var warning: String?
    /// The process runs the verdict rests on and the rule that decided (nil when MISSING).
    public var evidence: VerdictEvidence?
    /// Why a MISSING verdict is missing (nil otherwise); `warning` says it in words. Not encoded: JSON exports of
    /// verdicts keep their format, and the words are there.
    public var missingReason: MissingReason? = nil

    private enum CodingKeys: String, CodingKey {
        case budget, outcome, measured, interval, headroomPercent, warning, evidence
    }

    public init(
        budget: Budget, outcome: VerdictOutcome, measured: Double?, interval: ConfidenceInterval?,
        headroomPercent: Double?, warning: String?, evidence: VerdictEvidence? = nil, missingReason: MissingReason? = nil
    ) {
        self.budget = budget
        self.outcome = outcome
        self.measured = measured
        self.interval = interval
        self.headroomPercent = headroomPercent
        self.warning = warning
        self.evidence = evidence
        self.missingReason = missingReason
    }

    /// INCONCLUSIVE: more process runs of its benchmark could decide it (what the gate measures next).
    public var needsMoreProcesses: Bool { outcome == .inconclusive }
}

/// Why a budget has no verdict.
public enum MissingReason: Sendable, Equatable {
    /// The budget's benchmark is not in the run (filtered out, skipped, or the run stopped before it).
    case benchmarkDidNotRun
    /// The benchmark ran but its result holds no value of the budget's metric (e.g. no frame-loop summary).
    case metricNotMeasured
}
