import Statistics

/// What a verdict rests on: how many process runs, each run's value, the interval over runs, and the rule that
/// decided. The process run is the unit of replication (placement, code layout and the machine's regime of the
/// moment move a statistic more between processes than its samples scatter within one), so a verdict says how
/// many processes it saw and never fails a budget on one of them.
public struct VerdictEvidence: Codable, Sendable, Equatable {
    /// Process runs the verdict rests on (1 for a single run; each replicate of a merged result counts one).
    public var processes: Int
    /// The budget's statistic in each process run, in the budget's unit, in run order.
    public var perRunValues: [Double]
    /// The t interval over the per-run values (log scale for times, ratios and memory; plain for shares),
    /// back in the budget's unit; nil with one run and no prior spread (the between-run variance is unknown).
    public var runInterval: ConfidenceInterval?
    /// The between-run standard deviation the verdict used (of log per-run values, or of plain shares), when any.
    public var betweenRunSpread: Double?
    /// Where ``betweenRunSpread`` came from.
    public var spreadSource: SpreadSource?
    /// The rule that decided.
    public var basis: VerdictBasis
    /// Process runs left out because the host stole more than `Replicate.disturbingSteal` of the CPUs
    /// while they measured (``RunLevelVerdict/StealEffect``); nil when none was. Not in ``processes`` nor
    /// ``perRunValues``.
    public var setAsideForSteal: Int?
    /// One process's tail statistic that its values cannot bound (no interval) is judged by the largest value
    /// measured (``MetricReading/ceiling``), in the budget's unit; nil otherwise (since 8 Dec 2026).
    public var judgedOnLargest: Double?
    /// Over runs, a tail statistic whose runs held fewer values than it needs (13 for a p95): each run's value is
    /// then its largest, which leans to the good side, so a verdict on that side is INCONCLUSIVE; the values per run
    /// it needs, nil otherwise.
    public var valuesPerRunNeeded: Int?

    public init(processes: Int, perRunValues: [Double], runInterval: ConfidenceInterval?, betweenRunSpread: Double?,
                spreadSource: SpreadSource?, basis: VerdictBasis, setAsideForSteal: Int? = nil, judgedOnLargest: Double? = nil) {
        self.judgedOnLargest = judgedOnLargest
        self.setAsideForSteal = setAsideForSteal
        self.processes = processes
        self.perRunValues = perRunValues
        self.runInterval = runInterval
        self.betweenRunSpread = betweenRunSpread
        self.spreadSource = spreadSource
        self.basis = basis
    }
}

/// The rule a verdict was decided by.
public enum VerdictBasis: String, Codable, Sendable, CaseIterable {
    /// An exact count (allocations): no noise, one process decides.
    case exactCount = "exact-count"
    /// Two process runs or more: the t interval over their values decides (PASS/FAIL/INCONCLUSIVE).
    case runLevelInterval = "run-level-interval"
    /// One process whose own interval clears the limit by more than the between-run margin: PASS.
    case oneProcessClearPass = "one-process-clear-pass"
    /// One process that is not a clear pass: INCONCLUSIVE until more processes are measured (a FAIL is never
    /// declared from one process).
    case oneProcessUndecided = "one-process-undecided"
    /// Every process run was set aside for the host's steal: INCONCLUSIVE until a quieter run.
    case allSetAsideForSteal = "all-set-aside-for-steal"
}

/// Where a between-run spread came from.
public enum SpreadSource: String, Codable, Sendable, CaseIterable {
    /// The standard deviation of this verdict's own process runs.
    case runs
    /// This verdict's runs pooled with the history's spread of the benchmark on this machine class.
    case runsAndHistory = "runs+history"
    /// The history's spread of the benchmark on this machine class (one run here).
    case history
    /// No run-to-run information: ``RunLevelVerdict/defaultSpread(for:statistic:)``.
    case assumedDefault = "default"
}
