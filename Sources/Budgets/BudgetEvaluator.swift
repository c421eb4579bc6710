import Results
import Statistics

/// Checks budgets against a run. Pure: same budgets and results, same verdicts.
public struct BudgetEvaluator: Sendable {
    /// A PASS with less headroom than this carries a warning: percent of the limit for unbounded metrics (times,
    /// memory), percent of the room between the limit and the best value for shares and ratios (see ``bestValue(of:)``).
    public var warningMarginPercent: Double
    /// Between-run spreads from history, by benchmark id (same machine class); empty: none known.
    public var priors: [String: PriorSpread]
    /// How often the gate looks at a budget's process runs, which sets the level of their interval.
    public var looks: SequentialLooks

    public init(warningMarginPercent: Double = 20, priors: [String: PriorSpread] = [:], looks: SequentialLooks = SequentialLooks()) {
        self.warningMarginPercent = warningMarginPercent
        self.priors = priors
        self.looks = looks
    }

    /// One verdict per budget, in budget order.
    public func evaluate(_ budgets: [Budget], against run: RunResults) -> [BudgetVerdict] {
        budgets.map { evaluate($0, result: run.benchmark($0.benchmarkID)) }
    }

    /// The verdict of one budget given its benchmark's result (nil when the benchmark did not run).
    public func evaluate(_ budget: Budget, result: BenchmarkResult?) -> BudgetVerdict {
        guard let result else {
            return missing(budget, .benchmarkDidNotRun, "\(budget.benchmarkID) did not run")
        }
        let reading: MetricReading
        switch MetricReading.read(budget.metric, statistic: budget.statistic, customMetric: budget.customMetric, from: result) {
        case let .success(value): reading = value
        case let .failure(missing): return self.missing(budget, .metricNotMeasured, missing.reason)
        }
        // The process run is the unit of replication: RunLevelVerdict.swift decides on runs, not samples.
        let rule = RunLevelVerdict(budget: budget, prior: priors[budget.benchmarkID], intervalLevel: looks.intervalLevel(for: budget))
        let decision = rule.decide(reading, result: result)
        let (outcome, measured, interval) = (decision.outcome, decision.measured, decision.interval)
        let headroom = Self.headroomPercent(measured: measured, budget: budget)
        return BudgetVerdict(budget: budget, outcome: outcome, measured: measured, interval: interval,
                             headroomPercent: headroom, warning: warning(outcome: outcome, measured: measured, budget: budget),
                             evidence: decision.evidence)
    }

    /// The interval rule: PASS when the whole interval is on the good side of the limit, FAIL when it is wholly on the bad side,
    /// INCONCLUSIVE when it straddles or touches the limit. Without an interval the point estimate is the interval.
    /// Exact counts compare inclusively (a limit of 0 allocations passes at exactly 0).
    public static func outcome(measured: Double, interval: ConfidenceInterval?, budget: Budget) -> VerdictOutcome {
        let lower = interval?.lower ?? measured, upper = interval?.upper ?? measured
        let limit = budget.limit
        if budget.metric.isExact {
            let within = budget.direction == .max ? measured <= limit : measured >= limit
            return within ? .pass : .fail
        }
        // A bound within rounding of the limit touches it (exp(log 5) is 4.999999999999999): three runs each at
        // exactly 5 µs read PASS < 5 µs or FAIL > 5 µs by the last bit, where a bound at the limit proves nothing.
        let touching = { (bound: Double) in abs(bound - limit) <= Self.roundingTolerance * Swift.max(abs(limit), abs(bound)) }
        let under = { (bound: Double) in bound < limit && !touching(bound) }
        let over = { (bound: Double) in bound > limit && !touching(bound) }
        switch budget.direction {
        case .max: return under(upper) ? .pass : (over(lower) ? .fail : .inconclusive)
        case .min: return over(lower) ? .pass : (under(upper) ? .fail : .inconclusive)
        }
    }

    /// Relative difference under which a bound and a limit are one value: far below any measurement's resolution,
    /// far above a double's rounding through log and exp.
    static let roundingTolerance = 1e-12

    /// How much of the limit is left, in percent; negative when over budget; nil for a limit of 0 and for exact
    /// counts (one allocation under a limit of one is a pass, not a pass with 0% to spare).
    public static func headroomPercent(measured: Double, budget: Budget) -> Double? {
        guard budget.limit != 0, !budget.metric.isExact else { return nil }
        let left = budget.direction == .max ? budget.limit - measured : measured - budget.limit
        return left / budget.limit * 100
    }

    private func warning(outcome: VerdictOutcome, measured: Double, budget: Budget) -> String? {
        guard outcome == .pass else { return nil }
        let margin = "the \(UnitFormat.number(warningMarginPercent))% margin"
        if let best = Self.bestValue(of: budget) {
            // A share of 1 is 5% over a 0.95 limit and no drift 9% under a 1.1 limit: a percentage of the limit
            // would warn on every perfect run. What is left of the room between limit and best value does not.
            let room = abs(best - budget.limit)
            let left = budget.direction == .max ? budget.limit - measured : measured - budget.limit
            guard room > 0, left / room * 100 < warningMarginPercent else { return nil }
            let side = budget.direction == .max ? "under" : "above"
            return "\(UnitFormat.value(left, budget.unit)) \(side) the limit is \(UnitFormat.number(left / room * 100))% of the room "
                + "to the best value \(UnitFormat.value(best, budget.unit)), under \(margin)"
        }
        guard let headroom = Self.headroomPercent(measured: measured, budget: budget), headroom < warningMarginPercent
        else { return nil }
        return "headroom \(UnitFormat.number(headroom))% is under \(margin)"
    }

    /// The best value a bounded metric can take, in the budget's unit: every frame at ≥ 57 fps (a share of 1) and no
    /// drift (a ratio of 1). Nil for metrics with no such value (times, memory, counts).
    public static func bestValue(of budget: Budget) -> Double? {
        switch budget.metric {
        case .fpsShare, .drift: return budget.unit.convert(1, for: budget.metric)
        case .time, .allocations, .frameTime, .peakMemory, .custom: return nil
        }
    }

    private func missing(_ budget: Budget, _ reason: MissingReason, _ words: String) -> BudgetVerdict {
        BudgetVerdict(budget: budget, outcome: .missing, measured: nil, interval: nil, headroomPercent: nil, warning: words,
                      missingReason: reason)
    }
}
